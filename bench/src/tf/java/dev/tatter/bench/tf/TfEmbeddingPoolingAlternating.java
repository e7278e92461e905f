package dev.tatter.bench.tf;

import dev.tatter.bench.EmbeddingPoolingBenchmark;
import dev.tatter.bench.MarkdownTable;
import dev.tatter.bench.RoundRobin;
import dev.tatter.bench.tf.TfProgram.Threads;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.function.Supplier;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.op.core.Unique;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;

/**
 * {@link EmbeddingPoolingBenchmark} with TensorFlow beside Tatter and the hand loop, round-robin in
 * one JVM. TF's graphs are the raw ops its Python emits: for {@code tf.reduce_mean(tf.gather(table,
 * ids) * tf.expand_dims(w, -1), axis=1)} on ragged ids, {@code GatherV2}, {@code ExpandDims},
 * {@code Mul}, an {@code UnsortedSegmentSum} of the products and one of {@code OnesLike} by the
 * value row ids, and {@code RealDiv} ({@code tf} with TF's default threads, {@code tf1} with one
 * intra- and one inter-op thread); for {@code tf.nn.embedding_lookup_sparse(table, ids, w,
 * combiner="mean")} ({@code tf_lookup_sparse}), {@code Unique}, two {@code GatherV2}, {@code Mul},
 * two {@code SegmentSum} and {@code DivNoNan}. The table and the ids, value row ids and weights
 * are fed from the Java arrays every run and the result fetched into one (TF copies both ways);
 * the value row ids are fed ready (a RaggedTensor built from them caches them), so TF does not
 * compute them from the row splits as Tatter's graph does. Compare TF by wall and process CPU time
 * (its work runs on its own threads). Setup checks TF's ragged mean equals the hand loop bit for
 * bit and TF's lookup equals Tatter's within 1e-5 relative.
 * {@code java -Xms4g -Xmx4g -cp bench/target/benchmarks.jar dev.tatter.bench.tf.TfEmbeddingPoolingAlternating [rounds]}.
 */
public final class TfEmbeddingPoolingAlternating {
  private TfEmbeddingPoolingAlternating() {}

  /** Both TF graphs over shared placeholders. */
  static final class Pooling extends TfProgram {
    private final Placeholder<TFloat32> table = tf.placeholder(TFloat32.class);
    private final Placeholder<TInt64> ids = tf.placeholder(TInt64.class);
    private final Placeholder<TInt64> rowids = tf.placeholder(TInt64.class);
    private final Placeholder<TFloat32> weights = tf.placeholder(TFloat32.class);
    private final Placeholder<TInt64> nrows = tf.placeholder(TInt64.class);
    private final Operand<TFloat32> mean;
    private final Operand<TFloat32> lookupSparse;

    Pooling(Threads threads) {
      Operand<TFloat32> products = tf.math.mul(tf.gather(table, ids, tf.constant(0)), tf.expandDims(weights, tf.constant(-1)));
      Operand<TFloat32> total = tf.math.unsortedSegmentSum(products, rowids, nrows);
      Operand<TFloat32> count = tf.math.unsortedSegmentSum(tf.onesLike(products), rowids, nrows);
      mean = tf.math.realDiv(total, count);
      Unique<TInt64, TInt64> unique = tf.unique(ids, tf.constant(new long[] {0}), TInt64.class);
      Operand<TInt32> segments = tf.dtypes.cast(rowids, TInt32.class);
      Operand<TFloat32> w = tf.expandDims(weights, tf.constant(-1));
      Operand<TFloat32> rows = tf.math.mul(tf.gather(tf.gather(table, unique.y(), tf.constant(0)), unique.idx(), tf.constant(0)), w);
      lookupSparse = tf.math.divNoNan(segmentSum(rows, segments), segmentSum(w, segments));
      open(threads);
    }

    /** TF's raw SegmentSum (TF Java's segmentSum is SegmentSumV2). */
    private Operand<TFloat32> segmentSum(Operand<TFloat32> data, Operand<TInt32> segments) {
      return tf.scope().opBuilder("SegmentSum", "SegmentSum").addInput(data.asOutput()).addInput(segments.asOutput())
          .build().output(0);
    }

    float[] run(EmbeddingPoolingBenchmark b, long[] valueRowids, boolean lookup) {
      Tensor t = b.table;
      long[] flatIds = (long[]) b.ids.flatValues().unsafeData();
      float[] w = (float[]) b.weights.flatValues().unsafeData();
      try (TFloat32 tableIn = floats((float[]) t.unsafeData(), t.dim(0), t.dim(1));
          TInt64 idsIn = longs(flatIds, flatIds.length);
          TInt64 rowidsIn = longs(valueRowids, valueRowids.length);
          TFloat32 wIn = floats(w, w.length);
          TInt64 nrowsIn = TInt64.scalarOf(b.ids.nrows());
          Result r = runner().feed(table, tableIn).feed(ids, idsIn).feed(rowids, rowidsIn).feed(weights, wIn)
              .feed(nrows, nrowsIn).fetch(lookup ? lookupSparse : mean).run()) {
        return toFloats(r.get(0));
      }
    }
  }

  private static long[] valueRowids(RowPartition p) {
    long[] out = new long[p.nvals()];
    for (int row = 0; row < p.nrows(); row++) {
      java.util.Arrays.fill(out, p.rowStart(row), p.rowLimit(row), row);
    }
    return out;
  }

  public static void main(String[] args) {
    String[] positional = MarkdownTable.positional(args);
    int rounds = positional.length > 0 ? Integer.parseInt(positional[0]) : 20;
    EmbeddingPoolingBenchmark b = EmbeddingPoolingBenchmark.prepared();
    long[] rowids = valueRowids(b.ids.partition());
    try (Pooling tf = new Pooling(Threads.DEFAULT); Pooling tf1 = new Pooling(Threads.ONE)) {
      float[] hand = (float[]) ((Tensor) b.hand()).unsafeData();
      // bit for bit (Arrays.equals takes every NaN, the empty rows' 0 / 0, for one)
      if (!java.util.Arrays.equals(hand, tf.run(b, rowids, false)) || !java.util.Arrays.equals(hand, tf1.run(b, rowids, false))) {
        throw new AssertionError("TF's ragged mean differs from the hand loop's");
      }
      TfSideBySide.Checks.close((float[]) ((Tensor) b.lookupSparse()).unsafeData(), tf.run(b, rowids, true), 1e-5);
      String[] names = {"fused", "segment", "lookup_sparse", "hand", "tf", "tf1", "tf_lookup_sparse"};
      Supplier<?>[] variants = {b::fused, b::segment, b::lookupSparse, b::hand, () -> tf.run(b, rowids, false),
          () -> tf1.run(b, rowids, false), () -> tf.run(b, rowids, true)};
      if (MarkdownTable.wanted(args)) {
        RoundRobin.Plan plan = RoundRobin.Plan.of(5, rounds);
        RoundRobin.Timings t = RoundRobin.time(variants, plan);
        MarkdownTable table = new MarkdownTable(EmbeddingPoolingBenchmark.TITLE + ", with TF", names, t, plan).cpuOver("hand");
        // like with like: the ragged mean's TF graphs (tf, tf1) against Tatter's variants
        double tfMean = Math.min(table.samples("tf").medians().wallMs(), table.samples("tf1").medians().wallMs());
        System.out.print(table.column("TF mean best wall / this wall", v -> names[v].startsWith("tf") ? "—"
            : String.format("%.2f×", tfMean / t.samples()[v].medians().wallMs()))
            .note("TF's lookup_sparse divides by the weights' sum, Tatter's fused path by the row length: compare "
                + "tf_lookup_sparse with lookup_sparse.")
            .render(TfEmbeddingPoolingAlternating.class, args));
        return;
      }
      System.out.println(EmbeddingPoolingBenchmark.TITLE + ", with TF");
      RoundRobin.printTable(names, variants, rounds);
    }
  }
}
