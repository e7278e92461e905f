package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/**
 * Every kernel that computes a float stored narrower than it computes (float16 and bfloat16, and
 * any such dtype added later: the dtypes are found by their row, never named) rounds each step
 * through that dtype's own layout, as TF's {@code Eigen::half} and {@code bfloat16} arithmetic
 * does: compute in float, round to the dtype when stored. Each case runs through the builder, the
 * text IR, the interpreter and the bytecode ({@link Harness#runEverywhere}) and is compared with
 * the float32 steps of TF's kernel, each rounded by storing it into an array of the dtype and
 * reading it back. The inputs are chosen so that the formats round differently, and the test
 * checks that they do: the expected values under another narrow float's rounding differ, so a
 * kernel that picked its rounding by a two-way dtype conditional would fail here for the dtype
 * its conditional does not name.
 */
class NarrowFloatRoundingTest {
  /** float16, bfloat16, ...: the floating dtypes whose storage is not their compute type. */
  private static final List<DType> NARROW = Arrays.stream(DType.values())
      .filter(d -> d.isFloating() && d.storageType() != d.computeType()).toList();

  /**
   * The dtypes whose dense {@code reduce_mean} TF sums in float32 and rounds once (measured by the
   * -Ptf oracle, NewDTypesOracleTest; docs/SEMANTICS.md); the others sum in the dtype.
   */
  private static final Set<DType> MEAN_SUMS_IN_FLOAT = EnumSet.of(DType.BFLOAT16);

  /**
   * Values of 13 significant bits, found by a search over random ones so that every case below
   * gives different results under float16's and bfloat16's rounding (the test checks it), with
   * every result finite in both.
   */
  private static final float[] SEEDS = {0.41583252f, 1.395752f, 4.9375f, 3.777832f, 4.4453125f, 2.3569336f, -2.7299805f};
  private static final long[] SPLITS = {0, 2, 5, 7};
  private static final int[] UNSORTED_IDS = {1, 0, 1, 1, 0, 2, 1};
  private static final int SEGMENTS = 4; // segment 3 is empty
  private static final int[] SORTED_IDS = {0, 0, 1, 1, 1, 3, 3}; // segment 2 is empty

  /** A rounding of float results: a dtype's, through its layout. */
  private interface Rounding {
    float apply(float value);
  }

  private static Rounding roundingOf(DType dtype) {
    Object cell = dtype.layout().newArray(1);
    return value -> {
      dtype.layout().set(cell, 0, value);
      return (Float) dtype.layout().get(cell, 0);
    };
  }

  /** One kernel: the graph on a dense or ragged input, and TF's steps on the stored inputs with a rounding. */
  private record Case(String name, BiFunction<GraphBuilder, Value, Value> graph, Steps steps) {}

  private interface Steps {
    float[] apply(float[] x, DType dtype, Rounding r);
  }

  private static float[] fold(float[] x, int from, int to, float init, boolean product, Rounding r) {
    float acc = init;
    for (int i = from; i < to; i++) {
      acc = r.apply(product ? acc * x[i] : acc + x[i]);
    }
    return new float[] {acc};
  }

  private static float[] rows(float[] x, boolean product, Rounding r) {
    float[] out = new float[SPLITS.length - 1];
    for (int row = 0; row < out.length; row++) {
      out[row] = fold(x, (int) SPLITS[row], (int) SPLITS[row + 1], product ? 1f : 0f, product, r)[0];
    }
    return out;
  }

  private static float[] segmentSums(float[] x, int[] ids, int nseg, Rounding r) {
    float[] out = new float[nseg];
    for (int i = 0; i < x.length; i++) {
      out[ids[i]] = r.apply(out[ids[i]] + x[i]);
    }
    return out;
  }

  private static int[] counts(int[] ids, int nseg) {
    int[] counts = new int[nseg];
    for (int id : ids) {
      counts[id]++;
    }
    return counts;
  }

  private static float[] scan(float[] x, boolean product, boolean exclusive, boolean reverse, Rounding r) {
    float[] out = new float[x.length];
    float acc = product ? 1f : 0f;
    for (int k = 0; k < x.length; k++) {
      int j = reverse ? x.length - 1 - k : k;
      if (exclusive) {
        out[j] = acc;
        acc = r.apply(product ? acc * x[j] : acc + x[j]);
      } else {
        acc = r.apply(product ? acc * x[j] : acc + x[j]);
        out[j] = acc;
      }
    }
    return out;
  }

  private static Value ragged(GraphBuilder g, Value x) {
    Ops tf = g.ops();
    return g.raggedFromRowSplits(x, g.constant(Tensor.ofLongs(SPLITS)));
  }

  private static final List<Case> CASES = List.of(
      // tf.reduce_sum(x): each partial sum rounded to the dtype
      new Case("reduce_sum", (g, x) -> x.reduceSum(), (x, d, r) -> fold(x, 0, x.length, 0f, false, r)),
      new Case("reduce_prod", (g, x) -> x.reduceProd(), (x, d, r) -> fold(x, 0, x.length, 1f, true, r)),
      // tf.reduce_mean(x): the sum in the dtype over the count as the dtype (or TF's float32 sum, rounded once)
      new Case("reduce_mean", (g, x) -> x.reduceMean(), (x, d, r) -> {
        if (MEAN_SUMS_IN_FLOAT.contains(d)) {
          return new float[] {r.apply(fold(x, 0, x.length, 0f, false, value -> value)[0] / x.length)};
        }
        return new float[] {r.apply(fold(x, 0, x.length, 0f, false, r)[0] / r.apply(x.length))};
      }),
      // tf.reduce_sum(tf.RaggedTensor.from_row_splits(x, splits), axis=1), and prod
      new Case("row reduce_sum", (g, x) -> ragged(g, x).reduceSum(1), (x, d, r) -> rows(x, false, r)),
      new Case("row reduce_prod", (g, x) -> ragged(g, x).reduceProd(1), (x, d, r) -> rows(x, true, r)),
      // tf.reduce_mean(rt, axis=1): the row sum over the row length, both in the dtype
      new Case("row reduce_mean", (g, x) -> ragged(g, x).reduceMean(1), (x, d, r) -> {
        float[] sums = rows(x, false, r);
        for (int row = 0; row < sums.length; row++) {
          sums[row] = r.apply(sums[row] / r.apply(SPLITS[row + 1] - SPLITS[row]));
        }
        return sums;
      }),
      // tf.math.unsorted_segment_sum(x, ids, 4), _mean (over max(count, 1)) and _sqrt_n
      new Case("unsorted_segment_sum", (g, x) -> g.ops().math.unsortedSegmentSum(x, g.constant(Tensor.ofInts(UNSORTED_IDS)),
          g.constant(Tensor.scalar(DType.INT32, SEGMENTS))), (x, d, r) -> segmentSums(x, UNSORTED_IDS, SEGMENTS, r)),
      new Case("unsorted_segment_mean", (g, x) -> g.ops().math.unsortedSegmentMean(x, g.constant(Tensor.ofInts(UNSORTED_IDS)),
          g.constant(Tensor.scalar(DType.INT32, SEGMENTS))), (x, d, r) -> {
        float[] sums = segmentSums(x, UNSORTED_IDS, SEGMENTS, r);
        int[] counts = counts(UNSORTED_IDS, SEGMENTS);
        for (int s = 0; s < sums.length; s++) {
          sums[s] = r.apply(sums[s] / r.apply(Math.max(counts[s], 1)));
        }
        return sums;
      }),
      new Case("unsorted_segment_sqrt_n", (g, x) -> g.ops().math.unsortedSegmentSqrtN(x, g.constant(Tensor.ofInts(UNSORTED_IDS)),
          g.constant(Tensor.scalar(DType.INT32, SEGMENTS))), (x, d, r) -> {
        float[] sums = segmentSums(x, UNSORTED_IDS, SEGMENTS, r);
        int[] counts = counts(UNSORTED_IDS, SEGMENTS);
        for (int s = 0; s < sums.length; s++) {
          sums[s] = r.apply(sums[s] / r.apply((float) Math.sqrt(r.apply(Math.max(counts[s], 1)))));
        }
        return sums;
      }),
      // tf.math.segment_mean(x, sorted ids): an empty segment is 0
      new Case("segment_mean", (g, x) -> g.ops().math.segmentMean(x, g.constant(Tensor.ofInts(SORTED_IDS))), (x, d, r) -> {
        float[] sums = segmentSums(x, SORTED_IDS, SEGMENTS, r);
        int[] counts = counts(SORTED_IDS, SEGMENTS);
        for (int s = 0; s < sums.length; s++) {
          sums[s] = counts[s] == 0 ? 0f : r.apply(sums[s] / r.apply(counts[s]));
        }
        return sums;
      }),
      // tf.math.cumsum / cumprod, and cumsum(exclusive=True, reverse=True)
      new Case("cumsum", (g, x) -> g.ops().math.cumsum(x, 0), (x, d, r) -> scan(x, false, false, false, r)),
      new Case("cumprod", (g, x) -> g.ops().math.cumprod(x, 0), (x, d, r) -> scan(x, true, false, false, r)),
      new Case("cumsum exclusive reverse", (g, x) -> g.ops().math.cumsum(x, 0, true, true), (x, d, r) -> scan(x, false, true, true, r)),
      // elementwise, unfused and fused: x * x + x, each result rounded
      new Case("x * x + x", (g, x) -> x.mul(x).add(x), (x, d, r) -> {
        float[] out = new float[x.length];
        for (int i = 0; i < x.length; i++) {
          out[i] = r.apply(r.apply(x[i] * x[i]) + x[i]);
        }
        return out;
      }));

  private static Tensor tensorOf(DType dtype, float[] values) {
    Object array = dtype.layout().newArray(values.length);
    for (int i = 0; i < values.length; i++) {
      dtype.layout().set(array, i, values[i]);
    }
    return Tensor.wrap(dtype, new int[] {values.length}, array);
  }

  /** The seeds as values of {@code dtype}. */
  private static float[] stored(DType dtype) {
    float[] x = new float[SEEDS.length];
    Rounding r = roundingOf(dtype);
    for (int i = 0; i < x.length; i++) {
      x[i] = r.apply(SEEDS[i]);
    }
    return x;
  }

  /** The roundings a two-way conditional could have given {@code dtype} instead of its own: the other narrow dtypes'. */
  private static List<Rounding> otherRoundings(DType dtype) {
    return NARROW.stream().filter(d -> d != dtype).map(NarrowFloatRoundingTest::roundingOf).toList();
  }

  @Test
  void everyKernel_roundsEachStepThroughItsOwnDtypesLayout() {
    assertFalse(NARROW.isEmpty());
    for (DType dtype : NARROW) {
      float[] x = stored(dtype);
      for (Case c : CASES) {
        float[] expected = c.steps().apply(x, dtype, roundingOf(dtype));
        for (Rounding other : otherRoundings(dtype)) {
          float[] wrong = c.steps().apply(x, dtype, other);
          assertNotEquals(tensorOf(dtype, expected), tensorOf(dtype, wrong),
              c.name() + " on " + dtype + ": the inputs must tell its rounding from another");
        }
        GraphBuilder g = new GraphBuilder();
        Value in = g.placeholder("x", Types.dense(dtype, -1));
        Object actual = Harness.runEverywhere(g.build(c.graph().apply(g, in)), Map.of("x", tensorOf(dtype, x))).get(0);
        Tensor dense = actual instanceof Tensor t ? t : (Tensor) actual;
        assertEquals(tensorOf(dtype, expected), dense.reshape(dense.size()), c.name() + " on " + dtype);
      }
    }
  }

  @Test
  void sparseReductions_roundEachStepThroughItsOwnDtypesLayout() {
    // rows of a [3, 4] sparse matrix: entries 0-1, 2-4, 5-6 (row-major), reduced over axis 1
    long[][] indices = {{0, 0}, {0, 3}, {1, 0}, {1, 1}, {1, 2}, {2, 1}, {2, 3}};
    for (DType dtype : NARROW) {
      float[] x = stored(dtype);
      Rounding r = roundingOf(dtype);
      float[] sums = rows(x, false, r);
      float[] maxes = new float[SPLITS.length - 1];
      for (int row = 0; row < maxes.length; row++) {
        float acc = x[(int) SPLITS[row]];
        for (int i = (int) SPLITS[row] + 1; i < SPLITS[row + 1]; i++) {
          acc = r.apply(Math.max(acc, x[i]));
        }
        maxes[row] = acc;
      }
      for (Rounding other : otherRoundings(dtype)) {
        assertNotEquals(tensorOf(dtype, sums), tensorOf(dtype, rows(x, false, other)), "sums tell the roundings apart");
      }
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value p = g.placeholder("p", SparseType.of(dtype, 3, 4));
      List<Object> out = Harness.runEverywhere(g.build(tf.sparse.reduceSum(p, new long[] {1}, false),
          tf.sparse.reduceMax(p, new long[] {1}, false)), Map.of("p", dev.tatter.runtime.SparseTensor.of(indices, tensorOf(dtype, x), 3, 4)));
      // tf.sparse.reduce_sum(st, axis=1) and reduce_max: each row's entries folded in index order
      assertEquals(tensorOf(dtype, sums), out.get(0), "sparse_reduce_sum on " + dtype);
      assertEquals(tensorOf(dtype, maxes), out.get(1), "sparse_reduce_max on " + dtype);
    }
  }

  @Test
  void castAndSaturateCast_roundThroughTheTargetsLayout() {
    float[] wide = {1.0009765625f, 0.1f, 65519.0f, 70000.0f, 3e-8f, -2049.5f};
    for (DType dtype : NARROW) {
      Rounding r = roundingOf(dtype);
      float[] expected = new float[wide.length];
      for (int i = 0; i < wide.length; i++) {
        expected[i] = r.apply(wide[i]);
      }
      GraphBuilder g = new GraphBuilder();
      Value f = g.placeholder("f", Types.dense(DType.FLOAT32, -1));
      // tf.cast(f, dtype): each float32 rounded once to the dtype
      Object cast = Harness.runEverywhere(g.build(f.cast(dtype)), Map.of("f", Tensor.ofFloats(wide))).get(0);
      assertEquals(tensorOf(dtype, expected), cast, "cast to " + dtype);

      // tf.dtypes.saturate_cast(x, tf.int16): x clamped to the dtype's largest value not above 32767
      float bound = 32767f;
      while (r.apply(bound) != bound || bound > 32767f) {
        bound = Math.nextDown(bound);
      }
      float[] x = {r.apply(60000f), r.apply(-60000f), r.apply(100.5f)};
      GraphBuilder h = new GraphBuilder();
      Ops hTf = h.ops();
      Value in = h.placeholder("x", Types.dense(dtype, -1));
      Object clamped = Harness.runEverywhere(h.build(hTf.dtypes.saturateCast(in, DType.INT16)), Map.of("x", tensorOf(dtype, x))).get(0);
      assertEquals(Tensor.of(DType.INT16, new short[] {(short) bound, (short) -32768, (short) (int) x[2]}, 3), clamped,
          "saturate_cast of " + dtype);
    }
  }
}
