package dev.tatter.examples;

import dev.tatter.frontend.Ops;
import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Result;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.ir.Graph;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/**
 * Tokenized sentences as a ragged batch, prepared for a model: words per sentence, characters
 * per word, the token ids padded to a dense [batch, longest] matrix with a mask of the real
 * tokens, and the characters padded to [batch, words, chars].
 *
 * <p>The batch arrives as characters, {@code ragged<int32>[batch, (words), (chars)]}, plus one
 * token id per word. The ids are split into sentences by the characters' own outer partition,
 * so the ids, the mask and the counts share one partition and CSE leaves one copy of each
 * encoding in the optimized IR.
 */
public final class TokenizedSentences {
  static final List<String> SENTENCES = List.of(
      "The cat sat on the mat.",
      "",
      "Ragged tensors hold rows of any length",
      "Hello, world!");

  private TokenizedSentences() {}

  public static void run(PrintStream out) {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value chars = g.placeholder("chars", Types.ragged(DType.INT32, 2));         // [batch, (words), (chars)]
    Value tokenIds = g.placeholder("token_ids", Types.dense(DType.INT64, -1));  // one id per word
    Value sentences = chars.partition();                                        // batch -> words
    Value tokens = g.ragged(tokenIds, sentences);                               // ragged<int64>[batch, (words)]

    Value wordsPerSentence = chars.rowLengths();
    Value charsPerWord = g.ragged(chars.values().rowLengths(), chars.partition()); // ragged [batch, (words)]
    Value paddedIds = tokens.toTensor(0L);                                      // id 0 is the padding
    Value mask = tf.sequenceMask(tokens.rowLengths(), -1, DType.INT64);          // 1 for a token, 0 for padding
    Value paddedChars = chars.toTensor(0);                                      // [batch, words, chars]
    Graph graph = g.build(wordsPerSentence, charsPerWord, paddedIds, mask, paddedChars);

    IrListing.printBeforeAndAfterOptimization(out, graph);

    Vocabulary vocabulary = Vocabulary.of(SENTENCES);
    RaggedTensor ids = vocabulary.tokenIds(SENTENCES);
    Map<String, Object> feeds = Map.of("chars", Vocabulary.characters(SENTENCES), "token_ids", ids.values());
    try (Session session = new Session(graph)) {
      Result r = session.run(feeds, wordsPerSentence, charsPerWord, paddedIds, mask, paddedChars);
      out.println("== results (compiled) ==");
      out.println("sentences          = " + SENTENCES);
      out.println("token ids          = " + ids);
      out.println("words per sentence = " + r.get(0));
      out.println("chars per word     = " + r.get(1));
      out.println("padded ids         = " + r.get(2));
      out.println("mask               = " + r.get(3));
      out.println("padded chars shape = " + java.util.Arrays.toString(r.tensor(4).shape()));
    }
  }
}
