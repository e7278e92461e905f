package dev.tatter.bench;

import dev.tatter.codegen.CompiledGraph;
import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Ops;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.ir.Graph;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * Weighted mean pooling of ragged ids into an embedding table: 1,000,000 int64 ids in 100,000
 * rows (lengths 0..20, mean 10) into a {@code [100000, 64]} float32 table, each id's row times
 * its float32 weight, averaged per row ({@code tf.reduce_mean(tf.gather(table, ids) *
 * tf.expand_dims(w, -1), axis=1)}). Variants, each through a compiled Tatter session:
 *
 * <ul>
 *   <li>{@code fused}: that expression as a TF user writes it on ragged tensors, which fusion
 *       turns into one loop over the rows reading each id's table row where it folds it;
 *   <li>{@code segment}: the segment-op path on the flat values, {@code
 *       tf.math.unsorted_segment_sum(tf.gather(table, ids.flat_values) * w.flat_values[:, None],
 *       ids.value_rowids(), nrows) / row_lengths[:, None]}, the same numbers;
 *   <li>{@code lookup_sparse}: {@code tf.nn.embedding_lookup_sparse(table, ids, w, combiner="mean")}
 *       (TF's definition: the weighted sum over the sum of the weights, {@code div_no_nan}; rows
 *       past the last non-empty one dropped);
 *   <li>{@code hand}: a hand loop doing exactly the fused loop's work (a new output, each id
 *       checked, rows folded in order, each row divided by its length).
 * </ul>
 *
 * {@code java -Xms4g -Xmx4g -cp bench/target/benchmarks.jar dev.tatter.bench.EmbeddingPoolingBenchmark
 * [rounds]}; {@code TfEmbeddingPoolingAlternating} adds TF's side (with {@code -Ptf}).
 */
public final class EmbeddingPoolingBenchmark {
  public static final int TABLE_ROWS = 100_000;
  public static final int DIM = 64;
  public static final int ROWS = 100_000;

  public final Tensor table;
  public final RaggedTensor ids;
  public final RaggedTensor weights;
  private final Map<String, Object> feeds;
  private final CompiledGraph fused;
  private final CompiledGraph segment;
  private final CompiledGraph lookupSparse;

  private EmbeddingPoolingBenchmark() {
    SplittableRandom r = new SplittableRandom(17);
    float[] t = new float[TABLE_ROWS * DIM];
    for (int i = 0; i < t.length; i++) {
      t[i] = (float) r.nextDouble(-1, 1);
    }
    table = Tensor.wrap(DType.FLOAT32, new int[] {TABLE_ROWS, DIM}, t);
    long[] splits = new long[ROWS + 1];
    for (int row = 0; row < ROWS; row++) {
      splits[row + 1] = splits[row] + r.nextInt(21);
    }
    int nnz = (int) splits[ROWS];
    long[] flatIds = new long[nnz];
    float[] w = new float[nnz];
    for (int j = 0; j < nnz; j++) {
      flatIds[j] = r.nextInt(TABLE_ROWS);
      w[j] = (float) r.nextDouble(0.1, 2);
    }
    RowPartition p = RowPartition.adoptingRowSplits(splits, DType.INT64);
    ids = RaggedTensor.of(Tensor.wrap(DType.INT64, new int[] {nnz}, flatIds), p);
    weights = RaggedTensor.of(Tensor.wrap(DType.FLOAT32, new int[] {nnz}, w), p);
    feeds = Map.of("table", table, "ids", ids, "w", weights);

    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value tableIn = g.placeholder("table", Types.dense(DType.FLOAT32, -1, DIM));
    Value idsIn = g.placeholder("ids", Types.ragged(DType.INT64, 1));
    Value wIn = g.placeholder("w", Types.ragged(DType.FLOAT32, 1));
    Value fusedOut = tf.reduceMean(tf.gather(tableIn, idsIn).mul(tf.expandDims(wIn, -1)), 1);
    Value rowids = idsIn.valueRowids();
    Value summed = tf.math.unsortedSegmentSum(
        tf.gather(tableIn, idsIn.flatValues()).mul(tf.expandDims(wIn.flatValues(), -1)), rowids, idsIn.nrows());
    Value segmentOut = summed.truediv(tf.expandDims(tf.cast(idsIn.rowLengths(), DType.FLOAT32), -1));
    Value lookupOut = tf.nn.embeddingLookupSparse(tableIn, idsIn, wIn, "mean");
    Graph graph = g.build(fusedOut, segmentOut, lookupOut);
    Session session = new Session(graph);
    fused = session.compiled(List.of(graph.outputs().get(0)));
    segment = session.compiled(List.of(graph.outputs().get(1)));
    lookupSparse = session.compiled(List.of(graph.outputs().get(2)));
  }

  /** A ready state whose variants were checked: fused, segment and the hand loop give the same bits. */
  public static EmbeddingPoolingBenchmark prepared() {
    EmbeddingPoolingBenchmark b = new EmbeddingPoolingBenchmark();
    Object hand = b.hand();
    if (!hand.equals(b.fused()) || !hand.equals(b.segment())) {
      throw new IllegalStateException("embedding pooling: the fused path, the segment path and the hand loop differ");
    }
    return b;
  }

  public Object fused() {
    return fused.run(feeds).get(0);
  }

  public Object segment() {
    return segment.run(feeds).get(0);
  }

  public Object lookupSparse() {
    return lookupSparse.run(feeds).get(0);
  }

  /** The fused loop's work by hand: each row's ids checked, their weighted table rows summed in order, over the length. */
  public Object hand() {
    long[] splits = ids.partition().unsafeRowSplits();
    long[] flatIds = (long[]) ids.flatValues().unsafeData();
    float[] w = (float[]) weights.flatValues().unsafeData();
    float[] t = (float[]) table.unsafeData();
    int rows = splits.length - 1;
    float[] out = new float[rows * DIM];
    for (int row = 0; row < rows; row++) {
      int base = row * DIM;
      int start = (int) splits[row];
      int limit = (int) splits[row + 1];
      for (int j = start; j < limit; j++) {
        long id = flatIds[j];
        if (id < 0 || id >= TABLE_ROWS) {
          throw new IllegalArgumentException("id " + id);
        }
        int at = (int) id * DIM;
        float wj = w[j];
        for (int d = 0; d < DIM; d++) {
          out[base + d] = out[base + d] + t[at + d] * wj;
        }
      }
      float n = limit - start;
      for (int d = 0; d < DIM; d++) {
        out[base + d] = out[base + d] / n;
      }
    }
    return Tensor.wrap(DType.FLOAT32, new int[] {rows, DIM}, out);
  }

  public static final String TITLE = "Weighted mean pooling: 1,000,000 ragged ids (100,000 rows) into a [100000, 64] float32 table";

  public static void main(String[] args) {
    String[] positional = MarkdownTable.positional(args);
    int rounds = positional.length > 0 ? Integer.parseInt(positional[0]) : 20;
    EmbeddingPoolingBenchmark b = prepared();
    String[] names = {"fused", "segment", "lookup_sparse", "hand"};
    Supplier<?>[] variants = {b::fused, b::segment, b::lookupSparse, b::hand};
    if (MarkdownTable.wanted(args)) {
      RoundRobin.Plan plan = RoundRobin.Plan.of(5, rounds);
      System.out.print(new MarkdownTable(TITLE, names, RoundRobin.time(variants, plan), plan).cpuOver("hand")
          .render(EmbeddingPoolingBenchmark.class, args));
      return;
    }
    System.out.println(TITLE);
    RoundRobin.printTable(names, variants, rounds);
  }
}
