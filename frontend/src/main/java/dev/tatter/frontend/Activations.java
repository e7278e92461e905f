package dev.tatter.frontend;

import dev.tatter.ir.ops.ActivationOps;
import dev.tatter.ir.ops.ElementwiseOps;
import dev.tatter.ir.ops.MathOps;
import dev.tatter.ir.ops.ReductionOps;
import dev.tatter.ir.ops.TranscendentalOps;
import dev.tatter.runtime.DType;
import java.util.Map;

/**
 * TF's activation functions that are more than one kernel: {@code tf.nn.leaky_relu} (alpha made
 * an operand of the features' dtype, integer features cast to float32 first, as TF's Python layer
 * does), and the compositions TF's Python layer writes out of other ops — {@code tf.nn.gelu}
 * (exact through {@code erf}, approximate through {@code tanh} and {@code pow}), {@code
 * tf.nn.silu}/{@code swish} and {@code tf.math.l2_normalize} — built here from the same ops in
 * the same order, so each step rounds as TF's does. All of them apply to a ragged tensor's flat
 * values (l2_normalize through the ragged reduction and broadcasting TF's dispatch uses).
 */
@BuilderApi
final class Activations {
  private Activations() {}

  /** TF's {@code tf.nn.leaky_relu(features)}: alpha 0.2. */
  @TfApi("tf.nn.leaky_relu")
  static Value leakyRelu(Value features) {
    return leakyRelu(features, 0.2);
  }

  /**
   * TF's {@code tf.nn.leaky_relu(features, alpha)}: {@code x > 0 ? x : x * alpha}; integer
   * features are cast to float32 first, and alpha, a float attribute in TF, is rounded to float32
   * and then to the features' dtype (TF's {@code static_cast<T>(alpha)}).
   */
  @TfApi("tf.nn.leaky_relu")
  static Value leakyRelu(Value features, double alpha) {
    Value x = features.dtype().isInteger() ? features.cast(DType.FLOAT32) : features;
    Value a = x.operand((double) (float) alpha);
    return ElementwiseLowering.binary(ActivationOps.LEAKY_RELU, x, a);
  }

  /** TF's {@code tf.nn.gelu(features)}: the exact form, {@code 0.5 * x * (1 + erf(x / sqrt(2)))}. */
  @TfApi("tf.nn.gelu")
  static Value gelu(Value features) {
    return gelu(features, false);
  }

  /**
   * TF's {@code tf.nn.gelu(features, approximate)}, as TF's Python layer writes it: exact, {@code
   * 0.5 * x * (1.0 + erf(x / cast(1.4142135623730951)))}; approximate, {@code 0.5 * x * (1.0 +
   * tanh(0.7978845608028654 * (x + cast(0.044715) * pow(x, 3))))}; every constant in x's dtype.
   */
  @TfApi("tf.nn.gelu")
  static Value gelu(Value features, boolean approximate) {
    requireFloating("gelu", features);
    Value half = features.operand(0.5).mul(features);
    Value inner;
    if (approximate) {
      Value cube = features.pow(3.0);
      Value scaled = features.add(features.operand(0.044715).mul(cube));
      inner = ElementwiseLowering.unary(TranscendentalOps.TANH, features.operand(0.7978845608028654).mul(scaled),
          Map.of());
    } else {
      Value ratio = MathFunctions.truediv(features, features.operand(1.4142135623730951));
      inner = ElementwiseLowering.unary(TranscendentalOps.ERF, ratio, Map.of());
    }
    return half.mul(inner.operand(1.0).add(inner));
  }

  /** TF's {@code tf.nn.silu(features)} (also {@code tf.nn.swish}): {@code x * sigmoid(x)}. */
  @TfApi({"tf.nn.silu", "tf.nn.swish"})
  static Value silu(Value features) {
    return silu(features, 1.0);
  }

  /** TF's {@code tf.nn.silu(features, beta)}: {@code x * sigmoid(beta * x)}, beta in x's dtype. */
  @TfApi({"tf.nn.silu", "tf.nn.swish"})
  static Value silu(Value features, double beta) {
    requireFloating("silu", features);
    Value scaled = beta == 1.0 ? features : features.operand(beta).mul(features);
    return features.mul(ElementwiseLowering.unary(TranscendentalOps.SIGMOID, scaled, Map.of()));
  }

  /** TF's {@code tf.math.l2_normalize(x)} over every axis, epsilon 1e-12. */
  @TfApi({"tf.math.l2_normalize", "tf.nn.l2_normalize", "tf.linalg.l2_normalize"})
  static Value l2Normalize(Value x) {
    return l2Normalize(x, new int[0], 1e-12);
  }

  /** TF's {@code tf.math.l2_normalize(x, axis)}, epsilon 1e-12. */
  @TfApi({"tf.math.l2_normalize", "tf.nn.l2_normalize", "tf.linalg.l2_normalize"})
  static Value l2Normalize(Value x, int axis) {
    return l2Normalize(x, new int[] {axis}, 1e-12);
  }

  /**
   * TF's {@code tf.math.l2_normalize(x, axis, epsilon)}: {@code x * rsqrt(maximum(reduce_sum(
   * square(x), axis, keepdims=True), epsilon))}; no axis reduces every axis.
   */
  @TfApi({"tf.math.l2_normalize", "tf.nn.l2_normalize", "tf.linalg.l2_normalize"})
  static Value l2Normalize(Value x, int[] axis, double epsilon) {
    requireFloating("l2_normalize", x);
    Value square = ElementwiseLowering.unary(MathOps.SQUARE, x, Map.of());
    long[] axes = axis.length == 0 ? RaggedStructure.allAxes(x) : java.util.Arrays.stream(axis).asLongStream().toArray();
    Value sum = x.builder().op(ReductionOps.REDUCE_SUM, Map.of("axis", axes, "keepdims", true), square);
    Value clamped = ElementwiseLowering.binary(ElementwiseOps.MAXIMUM, sum, sum.operand(epsilon));
    return x.mul(ElementwiseLowering.unary(TranscendentalOps.RSQRT, clamped, Map.of()));
  }

  private static void requireFloating(String op, Value x) {
    if (!x.dtype().isFloating()) {
      throw GraphBuilder.misuse(op + " is defined on floating dtypes, not on " + x.dtype(), x);
    }
  }
}
