package dev.tatter.examples;

import dev.tatter.frontend.BertTokenizer;
import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Ops;
import dev.tatter.frontend.Result;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.ir.Graph;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * BERT's inputs from raw text, in one graph, as a TF Text preprocessing model writes it: two
 * segments of sentences (string vectors fed at each run) are tokenized by {@code BertTokenizer}
 * (lower case, BERT's split, WordPiece ids), each sentence's pieces merged into one row, the pair
 * trimmed round robin to 128 - 3, joined with {@code [CLS]} and {@code [SEP]}, and padded to 128:
 * {@code input_word_ids}, {@code input_mask}, {@code input_type_ids}. The vocabulary is the
 * tokenizer ops' attribute, so the printed IR is the whole model.
 */
public final class BertFromRawText {
  static final List<String> VOCABULARY = List.of("[PAD]", "[UNK]", "[CLS]", "[SEP]", "the", "cat", "sat", "on", "mat", "dog", "##s",
      "run", "a", "!", "'", "s");
  static final List<String> FIRST = List.of("The cat sat on the mat.", "Dogs run!");
  static final List<String> SECOND = List.of("A dog's mat", "");
  static final int SEQ_LENGTH = 128;

  private BertFromRawText() {}

  /** The model: two segments of raw text to the three int64 [batch, 128] inputs. */
  static Graph build(GraphBuilder g) {
    Ops tf = g.ops();
    Value first = g.placeholder("first", Types.dense(DType.STRING, -1));
    Value second = g.placeholder("second", Types.dense(DType.STRING, -1));
    BertTokenizer tokenizer = tf.text.bertTokenizer(VOCABULARY, "##", 100, null, DType.INT64, "[UNK]", false, true, false, null, false);
    Value a = tokenizer.tokenize(first).mergeDims(-2, -1);           // [batch, (pieces)]
    Value b = tokenizer.tokenize(second).mergeDims(-2, -1);
    List<Value> trimmed = tf.text.roundRobinTrimmer(SEQ_LENGTH - 3).trim(List.of(a, b));
    List<Value> combined = tf.text.combineSegments(trimmed, 2, 3);  // [CLS] a [SEP] b [SEP], segment ids
    List<Value> words = tf.text.padModelInputs(combined.get(0), SEQ_LENGTH);
    List<Value> types = tf.text.padModelInputs(combined.get(1), SEQ_LENGTH);
    return g.build(words.get(0).named("input_word_ids"), words.get(1).named("input_mask"), types.get(0).named("input_type_ids"));
  }

  public static void run(PrintStream out) {
    GraphBuilder g = new GraphBuilder();
    Graph graph = build(g);
    try (Session session = new Session(graph)) {
      Result r = session.run(Map.of("first", Tensor.ofStrings(FIRST.toArray(String[]::new)),
          "second", Tensor.ofStrings(SECOND.toArray(String[]::new))), "input_word_ids", "input_mask", "input_type_ids");
      out.println("first          = " + FIRST);
      out.println("second         = " + SECOND);
      out.println("shape          = " + Arrays.toString(r.tensor(0).shape()));
      out.println("input_word_ids = " + columns(r.tensor(0), 16));
      out.println("input_mask     = " + columns(r.tensor(1), 16));
      out.println("input_type_ids = " + columns(r.tensor(2), 16));
    }
    out.println("== IR ==");
    out.print(GraphPrinter.print(graph));
  }

  /** The first {@code n} columns of each row of a matrix, then "..." for the rest (all padding here). */
  static String columns(Tensor matrix, int n) {
    long[] v = matrix.toLongArray();
    int width = matrix.shape()[1];
    StringBuilder s = new StringBuilder("[");
    for (int row = 0; row < matrix.shape()[0]; row++) {
      String first = Arrays.toString(Arrays.copyOfRange(v, row * width, row * width + n));
      s.append(row == 0 ? "" : ", ").append(first, 0, first.length() - 1).append(", ...]");
    }
    return s.append("]").toString();
  }
}
