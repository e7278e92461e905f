package dev.tatter.examples;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Result;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.StaticTables;
import dev.tatter.frontend.Ops;
import dev.tatter.frontend.TableInitializer;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.ir.Graph;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/**
 * A tokenizer in one graph, as a TF input pipeline writes it: raw sentences (a string vector
 * fed at each run) are split on whitespace into a ragged batch of tokens, a
 * {@code StaticVocabularyTable} maps each token to its id (words outside the vocabulary to one
 * of two hash buckets after it, bit-equal to TF's), and the ids are padded to a dense matrix
 * with a mask of the real tokens and the length of each sentence; bigrams come from the same
 * tokens. The vocabulary is a graph constant, hashed once per compiled graph.
 */
public final class TextTokenizer {
  static final List<String> VOCABULARY = List.of("<pad>", "the", "cat", "sat", "on", "mat", "a", "dog");
  static final List<String> SENTENCES = List.of("the cat sat on the mat", "", "a dog  sat", "the zebra sat\ton a mat");

  private TextTokenizer() {}

  public static void run(PrintStream out) {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value sentences = g.placeholder("sentences", Types.dense(DType.STRING, -1));
    Value tokens = tf.strings.split(sentences);                                   // ragged<string>[batch, (tokens)]
    TableInitializer vocab = TableInitializer.keyValueTensors(
        Tensor.ofStrings(VOCABULARY.toArray(String[]::new)), Tensor.ofLongs(0, 1, 2, 3, 4, 5, 6, 7));
    Value ids = StaticTables.vocabularyTable(vocab, 2).lookup(tokens);         // ids 8, 9: OOV buckets
    Value padded = ids.toTensor(0L);                                           // id 0 is <pad>
    Value mask = ids.ne(-1L).toTensor(false);                                  // true for a real token
    Value lengths = ids.rowLengths();
    Value bigrams = tf.strings.ngrams(tokens, 2);
    Graph graph = g.build(padded, mask, lengths, bigrams);

    try (Session session = new Session(graph)) {
      Result r = session.run(Map.of("sentences", Tensor.ofStrings(SENTENCES.toArray(String[]::new))),
          tokens, ids, padded, mask, lengths, bigrams);
      out.println("sentences = " + SENTENCES);
      out.println("tokens    = " + r.get(0));
      out.println("ids       = " + r.get(1));
      out.println("padded    = " + r.get(2));
      out.println("mask      = " + r.get(3));
      out.println("lengths   = " + r.get(4));
      out.println("bigrams   = " + r.get(5));
    }
  }
}
