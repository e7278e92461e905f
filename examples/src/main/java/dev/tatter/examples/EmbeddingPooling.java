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
import dev.tatter.runtime.Tensor;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/**
 * Ragged embedding pooling: each example is a ragged list of token ids; its vector is the mean
 * of the embedding-table rows of its ids (TF: {@code tf.reduce_mean(tf.gather(table, ids), axis=1)}
 * on a ragged {@code ids}). An example with no ids gets NaN, as TF's 0/0.
 *
 * <p>Two graph ops do it: {@code gather} of the table rows for the flat ids (keeping the
 * partition, so the rows are ragged {@code [examples, (ids), 4]}) and {@code reduce_mean} over the
 * ragged axis.
 */
public final class EmbeddingPooling {
  static final List<String> EXAMPLES = List.of(
      "cheap flights to paris",
      "paris",
      "",
      "flights flights");
  static final int DIMENSION = 4;

  private EmbeddingPooling() {}

  public static void run(PrintStream out) {
    Vocabulary vocabulary = Vocabulary.of(EXAMPLES);
    Tensor table = embeddingTable(vocabulary.size(), DIMENSION);

    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value ids = g.placeholder("ids", Types.ragged(DType.INT64, 1));   // [examples, (ids)]
    Value rows = tf.gather(g.constant(table), ids);                    // [examples, (ids), 4]
    Value pooled = rows.reduceMean(1);                                 // [examples, 4]
    Graph graph = g.build(rows, pooled);

    IrListing.printBeforeAndAfterOptimization(out, graph);

    RaggedTensor batch = vocabulary.tokenIds(EXAMPLES);
    try (Session session = new Session(graph)) {
      Result r = session.run(Map.of("ids", batch), rows, pooled);
      out.println("== results (compiled) ==");
      out.println("ids                = " + batch);
      out.println("embedding rows     = " + r.get(0));
      out.println("mean embedding     = " + r.get(1));
    }
  }

  /** Row i of the table is (i, i/2, -i, 1) scaled by 0.25: easy to check by hand. */
  static Tensor embeddingTable(int rows, int dimension) {
    float[] data = new float[rows * dimension];
    for (int i = 0; i < rows; i++) {
      float[] row = {i, i / 2f, -i, 1};
      for (int d = 0; d < dimension; d++) {
        data[i * dimension + d] = row[d % 4] * 0.25f;
      }
    }
    return Tensor.of(DType.FLOAT32, data, rows, dimension);
  }
}
