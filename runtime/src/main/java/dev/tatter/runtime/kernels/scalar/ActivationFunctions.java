package dev.tatter.runtime.kernels.scalar;

import dev.tatter.runtime.HalfFloats;

/**
 * The element functions of TF's activation kernels ({@code Relu}, {@code Relu6}, {@code Elu},
 * {@code Selu}, {@code LeakyRelu}; see {@link dev.tatter.runtime.kernels.elementwise.ScalarFunction}
 * for the overload contract), written from the Eigen expressions TF's {@code relu_op_functor.h}
 * evaluates, step by step in the operand's dtype:
 *
 * <ul>
 *   <li>{@code relu} is Eigen's NaN-propagating {@code cwiseMax(0)}: a NaN as it is, else
 *       {@code x > 0 ? x : 0} (its vector {@code max} returns the 0 of two equal zeros, so -0.0 gives
 *       0.0, as TF's float32/float64 kernels do; TF's float16/bfloat16 kernels keep -0.0); {@code relu6}
 *       then takes the NaN-propagating {@code min(r, 6)}.
 *   <li>{@code elu} is {@code x < 0 ? exp(x) - 1 : x} (not {@code expm1}: TF subtracts);
 *       {@code selu} is {@code x < 0 ? scale_alpha * (exp(x) - 1) : x * scale} with TF's two
 *       constants cast to the dtype.
 *   <li>{@code leakyRelu(x, alpha)} is {@code x > 0 ? x : x * alpha}, alpha already in the dtype
 *       (TF casts its float attribute to T; the builder makes it an operand of x's dtype).
 * </ul>
 *
 * <p>float16 and bfloat16 compute in float and round when stored; where TF's Eigen expression
 * rounds an intermediate to the 16-bit format ({@code exp(x)} before the subtraction, the product
 * by {@code scale_alpha}), the overloads named for the dtype round it too.
 */
public final class ActivationFunctions {
  /** The activations' overloads (this class alone). */
  public static final OverloadSet OVERLOADS = OverloadSet.of(ActivationFunctions.class);

  /** TF's selu constants ({@code relu_op_functor.h}), before their cast to the dtype. */
  static final double SELU_SCALE = 1.0507009873554804934193349852946;
  static final double SELU_SCALE_ALPHA = 1.7580993408473768599402175208123;

  private ActivationFunctions() {}

  public static int relu(int x) {
    return x < 0 ? 0 : x;
  }

  public static long relu(long x) {
    return x < 0 ? 0 : x;
  }

  public static float relu(float x) {
    return x > 0 || x != x ? x : 0f;
  }

  public static double relu(double x) {
    return x > 0 || x != x ? x : 0.0;
  }

  /**
   * float16/bfloat16: TF's 16-bit kernel takes Eigen's scalar {@code max}, which keeps the operand
   * of two equal zeros, so -0.0 stays -0.0 (and a NaN stays a NaN).
   */
  public static float reluFloat16(float x) {
    return x < 0 ? 0f : x;
  }

  public static float reluBfloat16(float x) {
    return reluFloat16(x);
  }

  /** An unsigned value is never below 0. */
  public static int reluUnsigned(int x) {
    return x;
  }

  public static long reluUnsigned(long x) {
    return x;
  }

  public static int relu6(int x) {
    int r = x < 0 ? 0 : x;
    return 6 < r ? 6 : r;
  }

  public static long relu6(long x) {
    long r = x < 0 ? 0 : x;
    return 6 < r ? 6 : r;
  }

  public static float relu6(float x) {
    float r = relu(x);
    return r < 6f || r != r ? r : 6f;
  }

  public static double relu6(double x) {
    double r = relu(x);
    return r < 6.0 || r != r ? r : 6.0;
  }

  /** float16/bfloat16: the 16-bit {@code relu}, then the clamp at 6 (-0.0 and NaN kept). */
  public static float relu6Float16(float x) {
    float r = reluFloat16(x);
    return r > 6f ? 6f : r;
  }

  public static float relu6Bfloat16(float x) {
    return relu6Float16(x);
  }

  /** Zero-extended uint8/uint16: only the clamp at 6. */
  public static int relu6Unsigned(int x) {
    return 6 < x ? 6 : x;
  }

  /** uint32 zero-extended or uint64 raw bits: compared unsigned. */
  public static long relu6Unsigned(long x) {
    return Long.compareUnsigned(6, x) < 0 ? 6 : x;
  }

  public static float elu(float x) {
    return x < 0 ? (float) Math.exp(x) - 1f : x;
  }

  public static double elu(double x) {
    return x < 0 ? Math.exp(x) - 1.0 : x;
  }

  public static float eluFloat16(float x) {
    return x < 0 ? HalfFloats.roundToFloat16((float) Math.exp(x)) - 1f : x;
  }

  public static float eluBfloat16(float x) {
    return x < 0 ? HalfFloats.roundToBfloat16((float) Math.exp(x)) - 1f : x;
  }

  public static float selu(float x) {
    return x < 0 ? (float) SELU_SCALE_ALPHA * ((float) Math.exp(x) - 1f) : x * (float) SELU_SCALE;
  }

  public static double selu(double x) {
    return x < 0 ? SELU_SCALE_ALPHA * (Math.exp(x) - 1.0) : x * SELU_SCALE;
  }

  public static float seluFloat16(float x) {
    if (x < 0) {
      float e = HalfFloats.roundToFloat16(HalfFloats.roundToFloat16((float) Math.exp(x)) - 1f);
      return HalfFloats.roundToFloat16((float) SELU_SCALE_ALPHA) * e;
    }
    return x * HalfFloats.roundToFloat16((float) SELU_SCALE);
  }

  public static float seluBfloat16(float x) {
    if (x < 0) {
      float e = HalfFloats.roundToBfloat16(HalfFloats.roundToBfloat16((float) Math.exp(x)) - 1f);
      return HalfFloats.roundToBfloat16((float) SELU_SCALE_ALPHA) * e;
    }
    return x * HalfFloats.roundToBfloat16((float) SELU_SCALE);
  }

  public static float leakyRelu(float x, float alpha) {
    return x > 0 ? x : x * alpha;
  }

  public static double leakyRelu(double x, double alpha) {
    return x > 0 ? x : x * alpha;
  }
}
