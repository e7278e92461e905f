package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.ReduceSum;
import org.tensorflow.op.core.Unique;
import org.tensorflow.op.sparse.SparseFillEmptyRows;
import org.tensorflow.types.TBool;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.family.TNumber;
import org.tensorflow.types.family.TType;

/**
 * The embedding lookups against TF's kernels composed as TF 2.18's Python composes them
 * ({@code embedding_lookup_sparse_impl}: {@code Unique}, {@code GatherV2}, {@code Mul},
 * {@code SegmentSum}, {@code DivNoNan}, {@code Pow}, {@code Sqrt}, {@code SparseSegmentSum/Mean/SqrtN};
 * {@code clip_by_norm}: {@code Sum}, {@code Greater}, {@code SelectV2}, {@code Maximum}, {@code
 * RealDiv}; {@code safe_embedding_lookup_sparse}: {@code Where} and {@code GatherV2} for the
 * retains, {@code SparseFillEmptyRows}, {@code Tile}) on random tables, ids (empty rows, trailing
 * empty rows, ids below 0 for the safe lookup), weights (zeros and negatives) and signed zeros,
 * sparse and ragged ids, every combiner, with and without weights and {@code max_norm}: bit for bit,
 * except that a clipped row's l2 norm is summed in Eigen's vector lanes by TF and in element order
 * here, and TF's Pow squares a weighted "sqrtn"'s weights (docs/SEMANTICS.md): there an element
 * may differ by a few ulp of its result row's largest magnitude.
 */
@SuppressWarnings({"unchecked", "rawtypes"})
class EmbeddingOracleTest {
  static final int CASES = 60;

  private record Case(Tensor table, long[] splits, long[] ids, Tensor weights, int maxCols) {
    int rows() {
      return splits.length - 1;
    }

    /** The ids as TF's sparse form: [row, position in row], row-major. */
    SparseTensor sparse(Tensor values) {
      long[][] idx = new long[ids.length][];
      for (int row = 0; row < rows(); row++) {
        for (long j = splits[row]; j < splits[row + 1]; j++) {
          idx[(int) j] = new long[] {row, j - splits[row]};
        }
      }
      return SparseTensor.of(idx, values, rows(), maxCols);
    }

    RaggedTensor ragged(Tensor values) {
      return RaggedTensor.of(values, RowPartition.fromRowSplits(splits, DType.INT64, true));
    }
  }

  private static Case randomCase(DType dtype, boolean negativeIds, SplittableRandom r) {
    int vocab = 1 + r.nextInt(6);
    int dim = r.nextInt(4) == 0 ? 9 + r.nextInt(24) : 1 + r.nextInt(4); // past a vector of 8, Eigen sums in lanes
    int rows = r.nextInt(6);
    long[] splits = new long[rows + 1];
    int maxCols = 1;
    for (int row = 0; row < rows; row++) {
      int n = r.nextInt(4);
      maxCols = Math.max(maxCols, n);
      splits[row + 1] = splits[row] + n;
    }
    int nnz = (int) splits[rows];
    long[] ids = new long[nnz];
    double[] w = new double[nnz];
    for (int j = 0; j < nnz; j++) {
      ids[j] = negativeIds && r.nextInt(5) == 0 ? -1 - r.nextInt(3) : r.nextInt(vocab);
      w[j] = switch (r.nextInt(6)) {
        case 0 -> 0;
        case 1 -> -r.nextDouble(2);
        default -> r.nextDouble(0.1, 3);
      };
    }
    double[] t = new double[vocab * dim];
    for (int i = 0; i < t.length; i++) {
      t[i] = switch (r.nextInt(10)) {
        case 0 -> -0.0;
        case 1 -> 0.0;
        default -> r.nextDouble(-4, 4);
      };
    }
    return new Case(tensorOf(dtype, t, vocab, dim), splits, ids, tensorOf(dtype, w, nnz), maxCols);
  }

  private static Tensor tensorOf(DType dtype, double[] values, int... shape) {
    if (dtype == DType.FLOAT64) {
      return Tensor.of(DType.FLOAT64, values, shape);
    }
    float[] f = new float[values.length];
    for (int i = 0; i < f.length; i++) {
      f[i] = (float) values[i];
    }
    return Tensor.of(DType.FLOAT32, f, shape);
  }

  /** TF's clip_by_norm(t, max_norm, axes=[1..]) as its Python builds it. */
  private static Operand clip(Ops tf, Operand t, double maxNorm, DType dtype, int rank) {
    int[] axes = new int[rank - 1];
    for (int a = 1; a < rank; a++) {
      axes[a - 1] = a;
    }
    Operand clipNorm = scalar(tf, dtype, Math.max(maxNorm, 0));
    Operand l2sum = tf.reduceSum(tf.math.mul(t, t), tf.constant(axes), ReduceSum.keepDims(true));
    Operand<TBool> pred = tf.math.greater(l2sum, scalar(tf, dtype, 0));
    Operand safe = tf.select(pred, l2sum, tf.onesLike(l2sum));
    Operand l2norm = tf.select(pred, tf.math.sqrt(safe), l2sum);
    return tf.math.realDiv(tf.math.mul(t, clipNorm), tf.math.maximum(l2norm, clipNorm));
  }

  private static Operand scalar(Ops tf, DType dtype, double v) {
    return dtype == DType.FLOAT64 ? tf.constant(v) : tf.constant((float) v);
  }

  /** TF's embedding_lookup_sparse_impl for one params tensor. */
  private static Operand lookupSparse(Ops tf, Operand table, Operand<TInt64> segments, Operand<TInt64> ids, Operand weights,
      String combiner, Double maxNorm, DType dtype) {
    if (weights == null && maxNorm == null) {
      return switch (combiner) {
        case "sum" -> tf.sparse.sparseSegmentSum(table, ids, segments);
        case "mean" -> tf.sparse.sparseSegmentMean(table, ids, segments);
        default -> tf.sparse.sparseSegmentSqrtN(table, ids, segments);
      };
    }
    Unique<TInt64, TInt64> unique = tf.unique(ids, tf.constant(new long[] {0}), TInt64.class);
    Operand embeddings = tf.gather(table, unique.y(), tf.constant(0));
    if (maxNorm != null) {
      embeddings = clip(tf, embeddings, maxNorm, dtype, 2);
    }
    if (weights == null) {
      return switch (combiner) {
        case "sum" -> tf.sparse.sparseSegmentSum(embeddings, unique.idx(), segments);
        case "mean" -> tf.sparse.sparseSegmentMean(embeddings, unique.idx(), segments);
        default -> tf.sparse.sparseSegmentSqrtN(embeddings, unique.idx(), segments);
      };
    }
    Operand<TInt32> segments32 = tf.dtypes.cast(segments, TInt32.class);
    embeddings = tf.gather(embeddings, unique.idx(), tf.constant(0));
    Operand w = tf.expandDims(weights, tf.constant(-1));
    embeddings = tf.math.mul(embeddings, w);
    Operand sum = segmentSum(tf, embeddings, segments32);
    return switch (combiner) {
      case "sum" -> sum;
      case "mean" -> tf.math.divNoNan(sum, segmentSum(tf, w, segments32));
      default -> tf.math.divNoNan(sum, tf.math.sqrt(segmentSum(tf, tf.math.pow(w, scalar(tf, dtype, 2)), segments32)));
    };
  }

  /** TF's raw SegmentSum (TF Java's segmentSum is SegmentSumV2, with num_segments). */
  private static Operand segmentSum(Ops tf, Operand data, Operand<TInt32> segments) {
    return tf.scope().opBuilder("SegmentSum", "SegmentSum").addInput(data.asOutput()).addInput(segments.asOutput())
        .build().output(0);
  }

  private static Operand<TInt64> column0(Ops tf, Operand<TInt64> indices) {
    return tf.gather(indices, tf.constant(0), tf.constant(1));
  }

  /** TF's sparse_retain: the entries where {@code keep} holds. */
  private static Operand<TInt64> kept(Ops tf, Operand<TBool> keep) {
    return tf.reshape(tf.where(keep), tf.constant(new long[] {-1}));
  }

  private static Object tatter(GraphBuilder g, Value out, Map<String, ?> feeds) {
    try (Session s = new Session(g.build(out))) {
      return s.run(feeds, out).get(0);
    }
  }

  @ParameterizedTest(name = "{0} {1} weights={2} max_norm={3} ragged={4}")
  @CsvSource({
    "FLOAT32, sum, false, false, false", "FLOAT32, mean, false, false, true", "FLOAT64, sqrtn, false, false, false",
    "FLOAT32, sum, true, false, true", "FLOAT32, mean, true, false, false", "FLOAT64, sqrtn, true, false, true",
    "FLOAT64, mean, true, false, false", "FLOAT32, sum, false, true, false", "FLOAT64, mean, true, true, true",
    "FLOAT32, sqrtn, false, true, true",
  })
  void embeddingLookupSparse_matchesTfsComposition(DType dtype, String combiner, boolean weighted, boolean clipped, boolean ragged) {
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      Case c = randomCase(dtype, false, r);
      Double maxNorm = clipped ? r.nextDouble(0.5, 6) : null;
      long[] rowids = rowids(c.splits());
      TfEval.Outcome tf = TfEval.run(ops -> List.of(lookupSparse(ops, TfEval.constant(ops, c.table()), ops.constant(rowids),
          ops.constant(c.ids()), weighted ? TfEval.constant(ops, c.weights()) : null, combiner, maxNorm, dtype)));
      GraphBuilder g = new GraphBuilder();
      dev.tatter.frontend.Ops tt = g.ops();
      Value table = g.constant(c.table());
      Value ids;
      Value weights = null;
      Map<String, Object> feeds = new java.util.HashMap<>();
      if (ragged) {
        ids = g.placeholder("ids", Types.ragged(DType.INT64, 1));
        feeds.put("ids", c.ragged(Tensor.ofLongs(c.ids())));
        if (weighted) {
          weights = g.placeholder("w", Types.ragged(dtype, 1));
          feeds.put("w", c.ragged(c.weights()));
        }
      } else {
        ids = g.placeholder("ids", Types.parse("sparse<int64>[None, None]"));
        feeds.put("ids", c.sparse(Tensor.ofLongs(c.ids())));
        if (weighted) {
          weights = g.placeholder("w", Types.parse("sparse<" + dtype.toString().toLowerCase() + ">[None, None]"));
          feeds.put("w", c.sparse(c.weights()));
        }
      }
      Value out = maxNorm == null ? tt.nn.embeddingLookupSparse(table, ids, weights, combiner)
          : tt.nn.embeddingLookupSparse(table, ids, weights, combiner, maxNorm);
      Tensor actual = (Tensor) tatter(g, out, feeds);
      String what = combiner + " of table " + c.table() + " ids " + java.util.Arrays.toString(c.ids()) + " splits "
          + java.util.Arrays.toString(c.splits()) + " weights " + (weighted ? c.weights() : "None") + " max_norm " + maxNorm;
      // TF's Pow (Eigen's) is not always x * x rounded once, so a weighted "sqrtn" carries its ulp
      compare(tf.value(0), actual, what, clipped ? MAX_NORM_ULPS : weighted && combiner.equals("sqrtn") ? POW_ULPS : 0);
    }
  }

  @ParameterizedTest(name = "{0} {1} weights={2} default_id={3} ragged={4}")
  @CsvSource({
    "FLOAT32, mean, true, false, false", "FLOAT32, sum, true, true, true", "FLOAT64, sqrtn, true, false, true",
    "FLOAT32, mean, false, false, true", "FLOAT64, sum, false, true, false", "FLOAT32, sqrtn, false, false, false",
  })
  void safeEmbeddingLookupSparse_matchesTfsComposition(DType dtype, String combiner, boolean weighted, boolean withDefault,
      boolean ragged) {
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(1000 + seed);
      Case c = randomCase(dtype, true, r);
      Long defaultId = withDefault ? (long) r.nextInt((int) c.table().dim(0)) : null;
      SparseTensor ids = c.sparse(Tensor.ofLongs(c.ids()));
      SparseTensor w = c.sparse(c.weights());
      TfEval.Outcome tf = TfEval.run(ops -> {
        Operand<TInt64> indices = TfEval.constant(ops, ids.indices());
        Operand<TInt64> shape = TfEval.constant(ops, ids.denseShape());
        Operand<TInt64> idValues = TfEval.constant(ops, ids.values());
        Operand wValues = TfEval.constant(ops, w.values());
        Operand<TInt64> keep = kept(ops, ops.math.greaterEqual(idValues, ops.constant(0L)));
        indices = ops.gather(indices, keep, ops.constant(0));
        idValues = ops.gather(idValues, keep, ops.constant(0));
        wValues = ops.gather(wValues, keep, ops.constant(0));
        if (weighted && !combiner.equals("sum")) {
          Operand<TInt64> positive = kept(ops, ops.math.greater(wValues, scalar(ops, dtype, 0)));
          indices = ops.gather(indices, positive, ops.constant(0));
          idValues = ops.gather(idValues, positive, ops.constant(0));
          wValues = ops.gather(wValues, positive, ops.constant(0));
        }
        SparseFillEmptyRows<TInt64> filled = ops.sparse.sparseFillEmptyRows(indices, idValues, shape,
            ops.constant(defaultId == null ? 0L : defaultId));
        Operand weightsFilled = null;
        if (weighted) {
          weightsFilled = ops.sparse.sparseFillEmptyRows(indices, wValues, shape, scalar(ops, dtype, 1)).outputValues();
        }
        Operand result = lookupSparse(ops, TfEval.constant(ops, c.table()), column0(ops, filled.outputIndices()),
            filled.outputValues(), weightsFilled, combiner, null, dtype);
        if (defaultId == null) {
          Operand<TInt64> resultShape = ops.shape(result, TInt64.class);
          Operand tiled = ops.tile(ops.reshape(filled.emptyRowIndicator(), ops.constant(new long[] {-1, 1})),
              ops.stack(List.of(ops.constant(1L), ops.gather(resultShape, ops.constant(1), ops.constant(0)))));
          result = ops.select(tiled, ops.zerosLike(result), result);
        }
        return List.of(result);
      });
      GraphBuilder g = new GraphBuilder();
      dev.tatter.frontend.Ops tt = g.ops();
      Value table = g.constant(c.table());
      Value idsIn;
      Value wIn = null;
      Map<String, Object> feeds = new java.util.HashMap<>();
      if (ragged) {
        idsIn = g.placeholder("ids", Types.ragged(DType.INT64, 1));
        feeds.put("ids", c.ragged(Tensor.ofLongs(c.ids())));
        if (weighted) {
          wIn = g.placeholder("w", Types.ragged(dtype, 1));
          feeds.put("w", c.ragged(c.weights()));
        }
      } else {
        idsIn = g.placeholder("ids", Types.parse("sparse<int64>[None, None]"));
        feeds.put("ids", ids);
        if (weighted) {
          wIn = g.placeholder("w", Types.parse("sparse<" + dtype.toString().toLowerCase() + ">[None, None]"));
          feeds.put("w", w);
        }
      }
      Value out = tt.nn.safeEmbeddingLookupSparse(table, idsIn, wIn, combiner, defaultId, null);
      Tensor actual = (Tensor) tatter(g, out, feeds);
      String what = "safe " + combiner + " of table " + c.table() + " ids " + java.util.Arrays.toString(c.ids()) + " splits "
          + java.util.Arrays.toString(c.splits()) + " weights " + (weighted ? c.weights() : "None") + " default_id " + defaultId;
      compare(tf.value(0), actual, what, weighted && combiner.equals("sqrtn") ? POW_ULPS : 0);
    }
  }

  private static long[] rowids(long[] splits) {
    long[] out = new long[(int) splits[splits.length - 1]];
    for (int row = 0; row + 1 < splits.length; row++) {
      java.util.Arrays.fill(out, (int) splits[row], (int) splits[row + 1], row);
    }
    return out;
  }

  private static int clippedElements;
  private static int clippedDiffering;
  private static double maxUlps;

  /**
   * Bit for bit, or within {@code tolerance} ulp of the largest magnitude in the element's result
   * row: with max_norm TF sums a row's squares in vector lanes, a weighted "sqrtn" squares the
   * weights with TF's Pow, and a row's sum of several such rows can cancel down to a value whose
   * own ulp is far smaller than the error it carries.
   */
  private static void compare(Tensor expected, Tensor actual, String what, int tolerance) {
    assertEquals(java.util.Arrays.toString(expected.shape()), java.util.Arrays.toString(actual.shape()), what + ": shape");
    if (tolerance == 0) {
      OracleAssert.sameValues(expected, actual, what, i -> false);
      return;
    }
    int inner = expected.rank() < 2 || expected.dim(0) == 0 ? 1 : expected.size() / expected.dim(0);
    for (int i = 0; i < expected.size(); i++) {
      double e = expected.getDouble(i);
      double a = actual.getDouble(i);
      double largest = 0;
      for (int k = i / inner * inner; k < (i / inner + 1) * inner; k++) {
        largest = Math.max(largest, Math.abs(expected.getDouble(k)));
      }
      double ulp = expected.dtype() == DType.FLOAT32 ? Math.ulp((float) largest) : Math.ulp(largest);
      double ulps = Math.abs(e - a) / ulp;
      clippedElements++;
      if (e != a && !(Double.isNaN(e) && Double.isNaN(a))) {
        clippedDiffering++;
        maxUlps = Math.max(maxUlps, ulps);
      }
      if (!(ulps <= tolerance) && !(Double.isNaN(e) && Double.isNaN(a))) {
        throw new AssertionError(what + ": element " + i + ": TF gives " + e + ", Tatter " + a + " (" + ulps
            + " ulp of the row's largest magnitude " + largest + "; TF: " + expected + ", Tatter: " + actual + ")");
      }
    }
  }

  @org.junit.jupiter.api.AfterAll
  static void summary() {
    System.out.printf("within a tolerance: %d elements compared, %d differ, at most %.2f ulp of their row's largest%n",
        clippedElements,
        clippedDiffering, maxUlps);
  }

  /** The distance a clipped element may have from TF's: the norm's sum of squares in another order. */
  static final int MAX_NORM_ULPS = 4;
  /** The distance a weighted "sqrtn" element may have from TF's: TF's Pow of the weights. */
  static final int POW_ULPS = 4;
}
