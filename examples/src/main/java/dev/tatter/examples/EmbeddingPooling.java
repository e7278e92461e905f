package dev.tatter.examples;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Result;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.ir.Graph;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.optimizer.PassManager;
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
 * <p>The graph computes the per-token example ids and the example lengths; gathering the table
 * rows needs a {@code gather} op and the mean a ragged {@code reduce_mean}, which Tatter does not
 * have yet, so {@link #poolInJava} does that step here, marked for replacement (see
 * docs/notes/issue-7.md).
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
    Value ids = g.placeholder("ids", Types.ragged(DType.INT64, 1));   // [examples, (ids)]
    Value exampleOfId = ids.valueRowids();
    Value length = ids.rowLengths();
    Value flatIds = ids.values();
    // Once gather and ragged reductions are merged, pooling is two graph ops:
    //   Value rows = g.ragged(g.constant(table).gather(ids.values()), ids.partition()); // [examples, (ids), 4]
    //   Value pooled = rows.reduceMean(1);                                              // [examples, 4]
    Graph graph = g.build(flatIds, exampleOfId, length);

    out.println("== IR as built ==");
    out.print(GraphPrinter.print(graph));
    out.println("== IR after optimization (" + PassManager.DEFAULT_PIPELINE + ") ==");
    out.print(GraphPrinter.print(PassManager.parse(PassManager.DEFAULT_PIPELINE).run(graph)));

    RaggedTensor batch = vocabulary.tokenIds(EXAMPLES);
    try (Session session = new Session(graph)) {
      Result r = session.run(Map.of("ids", batch), flatIds, exampleOfId, length);
      out.println("== results (compiled graph, then pooling in Java) ==");
      out.println("ids                = " + batch);
      out.println("example of id      = " + r.get(1));
      out.println("ids per example    = " + r.get(2));
      out.println("mean embedding     = " + poolInJava(table, r.tensor(0), r.tensor(1), r.tensor(2)));
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

  /** gather + segment mean, as TF computes it (sum in float32, then divide). To become graph ops. */
  static Tensor poolInJava(Tensor table, Tensor flatIds, Tensor exampleOfId, Tensor lengths) {
    int examples = lengths.size();
    int dim = table.dim(1);
    float[] sums = new float[examples * dim];
    for (int j = 0; j < flatIds.size(); j++) {
      int row = (int) flatIds.getLong(j);
      int example = (int) exampleOfId.getLong(j);
      for (int d = 0; d < dim; d++) {
        sums[example * dim + d] += (float) table.getDouble(row * dim + d);
      }
    }
    for (int e = 0; e < examples; e++) {
      for (int d = 0; d < dim; d++) {
        sums[e * dim + d] /= lengths.getLong(e);
      }
    }
    return Tensor.of(DType.FLOAT32, sums, examples, dim);
  }
}
