package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Ops;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tensorflow.Operand;

/**
 * {@code matmul} against TF's {@code MatMul} and {@code BatchMatMulV3}, and the dense layer
 * ({@code relu(matmul + bias)}, fused by Tatter's fuse pass) against {@code MatMul}, {@code BiasAdd}
 * and {@code Relu}, on random shapes covering both of Tatter's summation orders (fewer than 8 output
 * columns, and more, with vector tails), transposes and broadcast batches. Integers are compared
 * bit for bit. Floats cannot be: TF's kernel (Eigen's or oneDNN's blocked GEMM) sums in an order of
 * its own, Tatter in the one its Gemm fixes; both are within {@code (k + 1) eps sum|a_p b_p|} of the
 * exact sum (the bound of any order of k fused or unfused multiply-adds), which is what each
 * element is checked against, and the largest distance between the two in ulp is printed
 * ({@code ULP ...}).
 */
class MatmulOracleTest {
  static final int CASES = 40;

  /** Tatter's value of the one output {@code build} returns. */
  static Tensor tatter(Function<GraphBuilder, Value> build) {
    GraphBuilder g = new GraphBuilder();
    Value out = build.apply(g);
    try (Session s = new Session(g.build(out))) {
      return s.run(Map.of(), out).tensor(0);
    }
  }

  static Tensor random(DType dtype, SplittableRandom r, int... shape) {
    int n = Arrays.stream(shape).reduce(1, (a, b) -> a * b);
    return switch (dtype) {
      case FLOAT32 -> {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
          v[i] = (float) (r.nextDouble() * 4 - 2);
        }
        yield Tensor.of(DType.FLOAT32, v, shape);
      }
      case FLOAT64 -> {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
          v[i] = r.nextDouble() * 4 - 2;
        }
        yield Tensor.of(DType.FLOAT64, v, shape);
      }
      case INT32 -> {
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
          v[i] = r.nextInt() >> r.nextInt(32);
        }
        yield Tensor.of(DType.INT32, v, shape);
      }
      default -> {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
          v[i] = r.nextLong() >> r.nextInt(64);
        }
        yield Tensor.of(DType.INT64, v, shape);
      }
    };
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"FLOAT32", "FLOAT64", "INT32", "INT64"})
  void matmul_matchesMatMulAndBatchMatMul(DType dtype) {
    long worst = 0;
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed * 31L + dtype.ordinal());
      int m = 1 + r.nextInt(seed % 4 == 0 ? 70 : 9);
      int k = r.nextInt(seed % 3 == 0 ? 130 : 17);
      int n = 1 + r.nextInt(seed % 2 == 0 ? 40 : 7);
      boolean ta = r.nextBoolean();
      boolean tb = r.nextBoolean();
      int batch = seed % 5 == 0 ? 2 + r.nextInt(2) : 0;
      boolean broadcastA = batch > 0 && r.nextBoolean();
      int[] shapeA = ta ? new int[] {k, m} : new int[] {m, k};
      int[] shapeB = tb ? new int[] {n, k} : new int[] {k, n};
      if (batch > 0) {
        shapeA = prepend(broadcastA ? 1 : batch, shapeA);
        shapeB = prepend(batch, shapeB);
      }
      Tensor a = random(dtype, r, shapeA);
      Tensor b = random(dtype, r, shapeB);
      String raw = batch > 0 ? "BatchMatMulV3" : "MatMul";
      TfEval.Outcome tf = TfEval.run(ops -> {
        var builder = ops.scope().opBuilder(raw, raw).addInput(TfEval.constant(ops, a).asOutput())
            .addInput(TfEval.constant(ops, b).asOutput());
        if (batch > 0) {
          builder.setAttr("adj_x", ta).setAttr("adj_y", tb).setAttr("Tout", TfDTypes.tfType(dtype));
        } else {
          builder.setAttr("transpose_a", ta).setAttr("transpose_b", tb);
        }
        return List.<Operand<?>>of(builder.build().output(0));
      });
      Tensor ours = tatter(g -> g.ops().linalg.matmul(g.constant(a), g.constant(b), ta, tb));
      String what = raw + " " + dtype + " a" + Arrays.toString(shapeA) + " b" + Arrays.toString(shapeB) + " ta=" + ta + " tb=" + tb;
      if (!dtype.isFloating()) {
        assertEquals(tf.value(0), ours, what);
        continue;
      }
      assertEquals(Arrays.toString(tf.value(0).shape()), Arrays.toString(ours.shape()), what);
      worst = Math.max(worst, withinSumBound(a, b, ta, tb, tf.value(0), ours, what));
    }
    System.out.println("ULP matmul " + dtype + " max=" + worst);
  }

  private static int[] prepend(int d, int[] shape) {
    int[] out = new int[shape.length + 1];
    out[0] = d;
    System.arraycopy(shape, 0, out, 1, shape.length);
    return out;
  }

  /**
   * Checks TF's and Tatter's results are each within {@code (k + 1) eps sum|a_p b_p|} of the exact
   * (double-double-free: the products are exact in double for float32, and the bound covers the
   * double sum's own error for float64); returns the largest ulp distance between the two.
   */
  static long withinSumBound(Tensor a, Tensor b, boolean ta, boolean tb, Tensor tf, Tensor ours, String what) {
    int[] sa = a.shape();
    int[] sb = b.shape();
    int m = sa[sa.length - (ta ? 1 : 2)];
    int k = sa[sa.length - (ta ? 2 : 1)];
    int n = sb[sb.length - (tb ? 2 : 1)];
    int batches = ours.size() / Math.max(1, m * n);
    int aBatches = a.size() / Math.max(1, m * k);
    double eps = ours.dtype() == DType.FLOAT32 ? 0x1p-24 : 0x1p-53;
    long worst = 0;
    for (int t = 0; t < batches; t++) {
      int ao = (aBatches == 1 ? 0 : t) * m * k;
      int bo = t * k * n;
      for (int i = 0; i < m; i++) {
        for (int j = 0; j < n; j++) {
          double exact = 0;
          double magnitude = 0;
          for (int p = 0; p < k; p++) {
            double x = a.getDouble(ao + (ta ? p * m + i : i * k + p));
            double y = b.getDouble(bo + (tb ? j * k + p : p * n + j));
            exact += x * y;
            magnitude += Math.abs(x * y);
          }
          double bound = (k + 2) * eps * magnitude * 1.01 + Double.MIN_NORMAL;
          int at = t * m * n + i * n + j;
          double e = tf.getDouble(at);
          double o = ours.getDouble(at);
          assertTrue(Math.abs(o - exact) <= bound, what + " [" + at + "]: Tatter " + o + " vs exact " + exact);
          assertTrue(Math.abs(e - exact) <= bound, what + " [" + at + "]: TF " + e + " vs exact " + exact);
          worst = Math.max(worst, MathOracleTest.ulps(e, o, ours.dtype()));
        }
      }
    }
    return worst;
  }

  @Test
  void denseLayer_matchesMatMulBiasAddRelu() {
    long worst = 0;
    String[] activations = {"Relu", "Relu6", "Elu", "Sigmoid", "Tanh", ""};
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(1000 + seed);
      int m = 1 + r.nextInt(40);
      int k = 1 + r.nextInt(70);
      int n = 1 + r.nextInt(seed % 2 == 0 ? 6 : 40);
      String act = activations[seed % activations.length];
      Tensor x = random(DType.FLOAT32, r, m, k);
      Tensor w = random(DType.FLOAT32, r, k, n);
      Tensor bias = random(DType.FLOAT32, r, n);
      TfEval.Outcome tf = TfEval.run(ops -> {
        var mm = ops.scope().opBuilder("MatMul", "MatMul").addInput(TfEval.constant(ops, x).asOutput())
            .addInput(TfEval.constant(ops, w).asOutput()).build().output(0);
        var biased = ops.scope().opBuilder("BiasAdd", "BiasAdd").addInput(mm).addInput(TfEval.constant(ops, bias).asOutput())
            .build().output(0);
        return List.<Operand<?>>of(act.isEmpty() ? biased : ops.scope().opBuilder(act, act).addInput(biased).build().output(0));
      });
      Tensor ours = tatter(g -> {
        Ops tf2 = g.ops();
        Value layer = tf2.nn.biasAdd(tf2.matmul(g.constant(x), g.constant(w)), g.constant(bias));
        return switch (act) {
          case "Relu" -> tf2.nn.relu(layer);
          case "Relu6" -> tf2.nn.relu6(layer);
          case "Elu" -> tf2.nn.elu(layer);
          case "Sigmoid" -> tf2.math.sigmoid(layer);
          case "Tanh" -> tf2.math.tanh(layer);
          default -> layer;
        };
      });
      // each layer element within its pre-activation sum's bound, carried through the activation (whose slope is at
      // most 1), plus the activation's own error (docs/SEMANTICS.md: sigmoid and tanh within 5 ulp), of the exact value
      long d = 0;
      for (int i = 0; i < m; i++) {
        for (int j = 0; j < n; j++) {
          double z = bias.getDouble(j);
          double magnitude = Math.abs(z);
          for (int p = 0; p < k; p++) {
            z += x.getDouble(i * k + p) * w.getDouble(p * n + j);
            magnitude += Math.abs(x.getDouble(i * k + p) * w.getDouble(p * n + j));
          }
          double exact = activation(act, z);
          // exp(z) - 1 (elu) carries exp's error at 1, an absolute 2^-23 near 0
          double bound = (k + 3) * 0x1p-24 * magnitude * 1.01 + 8 * Math.ulp((float) exact) + 0x1p-23;
          double e = tf.value(0).getDouble(i * n + j);
          double o = ours.getDouble(i * n + j);
          String what = "dense layer " + act + " [" + i + ", " + j + "]";
          assertTrue(Math.abs(o - exact) <= bound, what + ": Tatter " + o + " vs exact " + exact);
          assertTrue(Math.abs(e - exact) <= bound, what + ": TF " + e + " vs exact " + exact);
          d = Math.max(d, MathOracleTest.ulps(e, o, DType.FLOAT32));
        }
      }
      worst = Math.max(worst, d);
    }
    System.out.println("ULP dense layer FLOAT32 max=" + worst);
  }

  private static double activation(String act, double z) {
    return switch (act) {
      case "Relu" -> Math.max(z, 0);
      case "Relu6" -> Math.min(Math.max(z, 0), 6);
      case "Elu" -> z < 0 ? Math.expm1(z) : z;
      case "Sigmoid" -> 1 / (1 + Math.exp(-z));
      case "Tanh" -> Math.tanh(z);
      default -> z;
    };
  }
}
