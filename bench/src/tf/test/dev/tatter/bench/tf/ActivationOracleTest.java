package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tensorflow.Operand;
import org.tensorflow.Output;
import org.tensorflow.op.Ops;

/**
 * The activations TF's Python layer defines, against the kernels it calls: {@code leaky_relu}
 * against {@code LeakyRelu} (bit for bit, alpha above 1 and negative too), and {@code gelu} (both
 * forms), {@code silu} and {@code l2_normalize} against the same compositions of TF's raw ops
 * ({@code Mul}, {@code AddV2}, {@code Erf}, {@code Tanh}, {@code Pow}, {@code Sigmoid}, {@code Sum},
 * {@code Maximum}, {@code Rsqrt}). The compositions inherit their inner kernels' distances from TF
 * (docs/SEMANTICS.md: erf 4, tanh 5, sigmoid 5, rsqrt 2 ulp in float32), scaled by the outer steps;
 * each element is held to that scaled bound, and the largest ulp distance is printed
 * ({@code ULP ...}). relu, relu6, elu and selu are single kernels, compared on every dtype by
 * {@code PointwiseOracleTest}.
 */
class ActivationOracleTest {
  static final int N = 4000;

  @ParameterizedTest(name = "{0}")
  @CsvSource({"FLOAT32", "FLOAT64"})
  void leakyRelu_matchesLeakyReluBitForBit(DType dtype) {
    for (double alpha : new double[] {0.2, 0.01, 1.5, -0.3, 0.0}) {
      Tensor x = MathOracleTest.randomFloats(dtype, N, new SplittableRandom(7));
      TfEval.Outcome tf = TfEval.run(ops -> List.<Operand<?>>of(ops.scope().opBuilder("LeakyRelu", "LeakyRelu")
          .addInput(TfEval.constant(ops, x).asOutput()).setAttr("alpha", (float) alpha).build().output(0)));
      OracleAssert.sameValues(tf.value(0), MatmulOracleTest.tatter(g -> g.ops().nn.leakyRelu(g.constant(x), alpha)),
          "LeakyRelu alpha " + alpha + " " + dtype, x);
    }
  }

  private static Output<?> raw(Ops ops, String name, Output<?>... inputs) {
    var b = ops.scope().opBuilder(name, name);
    for (Output<?> in : inputs) {
      b.addInput(in);
    }
    return b.build().output(0);
  }

  private static Output<?> scalar(Ops ops, DType dtype, double v) {
    return dtype == DType.FLOAT32 ? ops.constant((float) v).asOutput() : ops.constant(v).asOutput();
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({"gelu, FLOAT32", "gelu, FLOAT64", "gelu_tanh, FLOAT32", "gelu_tanh, FLOAT64", "silu, FLOAT32",
      "silu, FLOAT64", "l2_normalize, FLOAT32", "l2_normalize, FLOAT64"})
  void composition_isWithinItsInnerKernelsBound(String what, DType dtype) {
    SplittableRandom r = new SplittableRandom(what.hashCode());
    double[] v = new double[N];
    for (int i = 0; i < N; i++) {
      v[i] = r.nextInt(4) == 0 ? r.nextInt(-40, 41) / 4.0 : (r.nextDouble() * 2 - 1) * 8;
    }
    Tensor x = dtype == DType.FLOAT64 ? Tensor.ofDoubles(v) : Tensor.of(DType.FLOAT32, toFloats(v), N);
    TfEval.Outcome tf = TfEval.run(ops -> {
      Output<?> f = TfEval.constant(ops, x).asOutput();
      Output<?> out = switch (what) {
        // 0.5 * features * (1.0 + erf(features / cast(1.4142135623730951)))
        case "gelu" -> raw(ops, "Mul", raw(ops, "Mul", scalar(ops, dtype, 0.5), f), raw(ops, "AddV2", scalar(ops, dtype, 1.0),
            raw(ops, "Erf", raw(ops, "RealDiv", f, scalar(ops, dtype, 1.4142135623730951)))));
        // 0.5 * features * (1.0 + tanh(0.7978845608028654 * (features + cast(0.044715) * pow(features, 3))))
        case "gelu_tanh" -> raw(ops, "Mul", raw(ops, "Mul", scalar(ops, dtype, 0.5), f), raw(ops, "AddV2", scalar(ops, dtype, 1.0),
            raw(ops, "Tanh", raw(ops, "Mul", scalar(ops, dtype, 0.7978845608028654), raw(ops, "AddV2", f,
                raw(ops, "Mul", scalar(ops, dtype, 0.044715), raw(ops, "Pow", f, scalar(ops, dtype, 3.0))))))));
        case "silu" -> raw(ops, "Mul", f, raw(ops, "Sigmoid", f));
        // x * rsqrt(maximum(reduce_sum(square(x), keepdims), 1e-12))
        default -> raw(ops, "Mul", f, raw(ops, "Rsqrt", raw(ops, "Maximum", ops.scope().opBuilder("Sum", "Sum")
            .addInput(raw(ops, "Square", f)).addInput(ops.constant(new int[] {0}).asOutput()).setAttr("keep_dims", true)
            .build().output(0), scalar(ops, dtype, 1e-12))));
      };
      return List.<Operand<?>>of(out);
    });
    Tensor ours = MatmulOracleTest.tatter(g -> {
      var tf2 = g.ops();
      return switch (what) {
        case "gelu" -> tf2.nn.gelu(g.constant(x));
        case "gelu_tanh" -> tf2.nn.gelu(g.constant(x), true);
        case "silu" -> tf2.nn.silu(g.constant(x));
        default -> tf2.math.l2Normalize(g.constant(x), 0);
      };
    });
    double unit = dtype == DType.FLOAT32 ? Math.ulp(1.0f) : Math.ulp(1.0);
    long worst = 0;
    for (int i = 0; i < N; i++) {
      double e = tf.value(0).getDouble(i);
      double a = ours.getDouble(i);
      double xi = x.getDouble(i);
      double ulpOfResult = dtype == DType.FLOAT32 ? Math.ulp((float) e) : Math.ulp(e);
      double bound = switch (what) {
        case "gelu" -> 0.5 * Math.abs(xi) * 4 * unit + 3 * ulpOfResult;
        case "gelu_tanh" -> 0.5 * Math.abs(xi) * 8 * unit + 4 * ulpOfResult;
        case "silu" -> Math.abs(xi) * 5 * unit + 2 * ulpOfResult;
        default -> (N / 64 + 4) * ulpOfResult;
      };
      assertTrue(Math.abs(e - a) <= bound, what + " " + dtype + " at x = " + xi + ": TF " + e + ", Tatter " + a);
      worst = Math.max(worst, MathOracleTest.ulps(e, a, dtype));
    }
    System.out.println("ULP " + what + " " + dtype + " max=" + worst);
  }

  private static float[] toFloats(double[] v) {
    float[] f = new float[v.length];
    for (int i = 0; i < v.length; i++) {
      f[i] = (float) v[i];
    }
    return f;
  }
}
