package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tensorflow.Operand;
import org.tensorflow.proto.DataType;

/**
 * The ranking and encoding ops against TF's kernels, bit for bit, on random inputs full of ties
 * (values drawn from a few, -0.0 beside 0.0): {@code TopKV2} (values and indices: TF's stable
 * order), {@code ArgMax}/{@code ArgMin}, {@code InTopKV2} (with infinities, NaNs and targets out of
 * range), {@code OneHot}, {@code Unique}/{@code UniqueWithCounts} (NaNs included), {@code
 * LowerBound}/{@code UpperBound} and {@code Bucketize}. NaN is left out where TF's comparator leaves
 * its order unspecified (top_k, argmax, the searches).
 */
class RankingOracleTest {
  static final int CASES = 60;

  /** Values from a few (so ties are common), both zeros, as the dtype. */
  static Tensor tied(DType dtype, SplittableRandom r, boolean nan, int... shape) {
    int n = Arrays.stream(shape).reduce(1, (a, b) -> a * b);
    double[] pool = {-2.5, -1, -0.0, 0.0, 0.5, 1, 3, 1e30, -1e30};
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = nan && r.nextInt(10) == 0 ? Double.NaN : r.nextInt(3) == 0 ? pool[r.nextInt(pool.length)] : r.nextInt(-5, 6);
    }
    return switch (dtype) {
      case FLOAT32 -> {
        float[] f = new float[n];
        for (int i = 0; i < n; i++) {
          f[i] = (float) v[i];
        }
        yield Tensor.of(DType.FLOAT32, f, shape);
      }
      case FLOAT64 -> Tensor.of(DType.FLOAT64, v, shape);
      case INT32 -> Tensor.of(DType.INT32, Arrays.stream(v).mapToInt(d -> (int) Math.max(-1e9, Math.min(1e9, d))).toArray(), shape);
      default -> Tensor.of(DType.INT64, Arrays.stream(v).mapToLong(d -> (long) Math.max(-1e18, Math.min(1e18, d))).toArray(), shape);
    };
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"FLOAT32", "FLOAT64", "INT32", "INT64"})
  void topK_andArgMaxArgMin_matchTf(DType dtype) {
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed * 7L + dtype.ordinal());
      int rows = 1 + r.nextInt(4);
      int n = 1 + r.nextInt(seed % 3 == 0 ? 200 : 12);
      int k = r.nextInt(n + 1);
      Tensor x = tied(dtype, r, false, rows, n);
      TfEval.Outcome tf = TfEval.run(ops -> {
        var top = ops.scope().opBuilder("TopKV2", "TopKV2").addInput(TfEval.constant(ops, x).asOutput())
            .addInput(ops.constant(k).asOutput()).build();
        var max = ops.scope().opBuilder("ArgMax", "ArgMax").addInput(TfEval.constant(ops, x).asOutput())
            .addInput(ops.constant(1).asOutput()).build().output(0);
        var min = ops.scope().opBuilder("ArgMin", "ArgMin").addInput(TfEval.constant(ops, x).asOutput())
            .addInput(ops.constant(0).asOutput()).build().output(0);
        return List.<Operand<?>>of(top.output(0), top.output(1), max, min);
      });
      String what = dtype + " [" + rows + ", " + n + "] k=" + k + " " + x;
      Tensor values = MatmulOracleTest.tatter(g -> g.ops().math.topK(g.constant(x), k).values());
      Tensor indices = MatmulOracleTest.tatter(g -> g.ops().math.topK(g.constant(x), k).indices());
      OracleAssert.sameValues(tf.value(0), values, "TopKV2 values " + what);
      assertEquals(tf.value(1), indices, "TopKV2 indices " + what);
      assertEquals(tf.value(2), MatmulOracleTest.tatter(g -> g.ops().math.argmax(g.constant(x), 1)), "ArgMax " + what);
      assertEquals(tf.value(3), MatmulOracleTest.tatter(g -> g.ops().math.argmin(g.constant(x), 0)), "ArgMin " + what);
    }
  }

  @ParameterizedTest(name = "k={0}")
  @CsvSource({"0", "1", "2", "5"})
  void inTopK_matchesTf_withNonFiniteValuesAndBadTargets(int k) {
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(500 + seed * 13L + k);
      int batch = r.nextInt(6);
      int classes = 1 + r.nextInt(8);
      float[] p = new float[batch * classes];
      for (int i = 0; i < p.length; i++) {
        int c = r.nextInt(20);
        p[i] = c == 0 ? Float.NaN : c == 1 ? Float.POSITIVE_INFINITY : c == 2 ? Float.NEGATIVE_INFINITY : r.nextInt(-3, 4);
      }
      int[] t = new int[batch];
      for (int i = 0; i < batch; i++) {
        t[i] = r.nextInt(-1, classes + 1);
      }
      Tensor predictions = Tensor.of(DType.FLOAT32, p, batch, classes);
      Tensor targets = Tensor.of(DType.INT32, t, batch);
      TfEval.Outcome tf = TfEval.run(ops -> List.<Operand<?>>of(ops.scope().opBuilder("InTopKV2", "InTopKV2")
          .addInput(TfEval.constant(ops, predictions).asOutput()).addInput(TfEval.constant(ops, targets).asOutput())
          .addInput(ops.constant(k).asOutput()).build().output(0)));
      Tensor ours = MatmulOracleTest.tatter(g -> g.ops().math.inTopK(g.constant(targets), g.constant(predictions), k));
      assertEquals(tf.value(0), ours, "InTopKV2 k=" + k + " " + predictions + " targets " + targets);
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"FLOAT32", "INT64"})
  void oneHotUniqueSearchBucketize_matchTf(DType dtype) {
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(900 + seed * 11L + dtype.ordinal());
      int n = r.nextInt(12);
      // one_hot of indices in [-1, depth], along a random axis, with float64 on/off values
      int depth = r.nextInt(5);
      int[] idx = new int[n];
      for (int i = 0; i < n; i++) {
        idx[i] = r.nextInt(-1, depth + 1);
      }
      Tensor indices = Tensor.of(DType.INT32, idx, n);
      int axis = r.nextBoolean() ? -1 : 0;
      TfEval.Outcome oneHot = TfEval.run(ops -> List.<Operand<?>>of(ops.scope().opBuilder("OneHot", "OneHot")
          .addInput(TfEval.constant(ops, indices).asOutput()).addInput(ops.constant(depth).asOutput())
          .addInput(ops.constant(2.5).asOutput()).addInput(ops.constant(-1.0).asOutput()).setAttr("axis", axis)
          .build().output(0)));
      assertEquals(oneHot.value(0), MatmulOracleTest.tatter(g -> g.ops().oneHot(g.constant(indices), depth, 2.5, -1.0, axis)),
          "OneHot " + indices + " depth " + depth + " axis " + axis);
      // unique and unique_with_counts, NaNs included for floats
      Tensor x = tied(dtype, r, true, n);
      TfEval.Outcome unique = TfEval.run(ops -> {
        var u = ops.scope().opBuilder("UniqueWithCounts", "UniqueWithCounts").addInput(TfEval.constant(ops, x).asOutput())
            .setAttr("out_idx", DataType.DT_INT64).build();
        return List.<Operand<?>>of(u.output(0), u.output(1), u.output(2));
      });
      OracleAssert.sameValues(unique.value(0), MatmulOracleTest.tatter(g -> g.ops().uniqueWithCounts(g.constant(x), DType.INT64).y()),
          "Unique y " + x);
      assertEquals(unique.value(1), MatmulOracleTest.tatter(g -> g.ops().uniqueWithCounts(g.constant(x), DType.INT64).idx()),
          "Unique idx " + x);
      assertEquals(unique.value(2), MatmulOracleTest.tatter(g -> g.ops().uniqueWithCounts(g.constant(x), DType.INT64).count()),
          "Unique count " + x);
      // searchsorted over sorted rows with repeats (no NaN: std::lower_bound's order is then unspecified)
      int rows = 1 + r.nextInt(3);
      int width = r.nextInt(9);
      Tensor seq = sortedRows(tied(dtype, r, false, rows, width), rows, width);
      Tensor values = tied(dtype, r, false, rows, 1 + r.nextInt(5));
      for (String side : new String[] {"left", "right"}) {
        String raw = side.equals("left") ? "LowerBound" : "UpperBound";
        TfEval.Outcome tf = TfEval.run(ops -> List.<Operand<?>>of(ops.scope().opBuilder(raw, raw)
            .addInput(TfEval.constant(ops, seq).asOutput()).addInput(TfEval.constant(ops, values).asOutput()).build().output(0)));
        assertEquals(tf.value(0), MatmulOracleTest.tatter(g -> g.ops().searchsorted(g.constant(seq), g.constant(values), side,
            DType.INT32)), raw + " " + seq + " " + values);
      }
      // bucketize against sorted float boundaries (repeats allowed)
      float[] bounds = new float[r.nextInt(6)];
      for (int i = 0; i < bounds.length; i++) {
        bounds[i] = (float) (r.nextInt(-4, 5) / 2.0);
      }
      Arrays.sort(bounds);
      Tensor input = tied(dtype, r, false, n);
      TfEval.Outcome tf = TfEval.run(ops -> List.<Operand<?>>of(ops.scope().opBuilder("Bucketize", "Bucketize")
          .addInput(TfEval.constant(ops, input).asOutput()).setAttr("boundaries", bounds).build().output(0)));
      assertEquals(tf.value(0), MatmulOracleTest.tatter(g -> g.ops().rawOps.bucketize(g.constant(input), Tensor.ofFloats(bounds))),
          "Bucketize " + input + " " + Arrays.toString(bounds));
    }
  }

  /** Each row of a [rows, width] tensor sorted ascending (by Tatter's sort: -0.0 and 0.0 stay in position order). */
  private static Tensor sortedRows(Tensor t, int rows, int width) {
    if (width == 0) {
      return t;
    }
    return MatmulOracleTest.tatter(g -> g.ops().sort(g.constant(t)));
  }
}
