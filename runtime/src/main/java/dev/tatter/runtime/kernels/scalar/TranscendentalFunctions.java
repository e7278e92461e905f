package dev.tatter.runtime.kernels.scalar;

import dev.tatter.runtime.HalfFloats;

import dev.tatter.runtime.kernels.elementwise.ScalarFunction;

import dev.tatter.runtime.HalfFloats;

/**
 * The element functions of TF's transcendental unary ops (Sqrt, Exp, Log, Sigmoid, Tanh, the
 * trigonometric and hyperbolic families) and Atan2, on float32 and float64 (see {@link
 * ScalarFunction} for the overload contract).
 *
 * <p>float64 calls {@link Math} (within 1 ulp of the exact result; sqrt is exact) or, for the
 * inverse hyperbolics Java lacks, the textbook identities over {@code log1p}. float32 computes in
 * double and rounds once, so it is correctly rounded in nearly every case; TF's float32 kernels
 * use Eigen's vectorized approximations, so the two agree to a few ulp (the bounds the TF oracle
 * measured per op are in docs/SEMANTICS.md). Subnormal inputs and results are kept (IEEE), where
 * TF's CPU kernels flush them to zero.
 *
 * <p>{@link Math}'s methods are HotSpot intrinsics that the interpreter, C1 and C2 compute with
 * the same code, so a fused loop and the generic kernel agree bit for bit.
 */
public final class TranscendentalFunctions {
  /** The overloads of the transcendental ops: these real ones, and the complex ones of their own classes. */
  public static final OverloadSet OVERLOADS = OverloadSet.of(TranscendentalFunctions.class, ComplexInverseFunctions.class,
      ComplexTranscendentals.class, ComplexFunctions.class);

  private TranscendentalFunctions() {}

  private static final double LN2 = 0.6931471805599453;

  public static float sqrt(float a) {
    return (float) Math.sqrt(a);
  }

  public static double sqrt(double a) {
    return Math.sqrt(a);
  }

  /** 1 / sqrt(x): rsqrt(0) is inf, rsqrt(-0.0) is -inf, negative gives NaN. */
  public static float rsqrt(float a) {
    return (float) (1.0 / Math.sqrt(a));
  }

  public static double rsqrt(double a) {
    return 1.0 / Math.sqrt(a);
  }

  public static float exp(float a) {
    return (float) Math.exp(a);
  }

  public static double exp(double a) {
    return Math.exp(a);
  }

  public static float expm1(float a) {
    return (float) Math.expm1(a);
  }

  public static double expm1(double a) {
    return Math.expm1(a);
  }

  public static float log(float a) {
    return (float) Math.log(a);
  }

  public static double log(double a) {
    return Math.log(a);
  }

  public static float log1p(float a) {
    return (float) Math.log1p(a);
  }

  public static double log1p(double a) {
    return Math.log1p(a);
  }

  /** 1 / (1 + exp(-x)), as TF's double kernel computes it; float32 in double, rounded once. */
  public static float sigmoid(float a) {
    return (float) sigmoid((double) a);
  }

  public static double sigmoid(double a) {
    return 1.0 / (1.0 + Math.exp(-a));
  }

  /**
   * log(1 + exp(x)) the way TF's Softplus kernel evaluates it: x itself above {@code
   * -log(epsilon) - 2}, exp(x) below {@code log(epsilon) + 2}, else log1p(exp(x)) with exp(x)
   * rounded to the operand's precision first, as TF does.
   */
  public static float softplus(float a) {
    final float threshold = (float) Math.log(Math.ulp(1.0f)) + 2f;
    if (a > -threshold) {
      return a;
    }
    float e = (float) Math.exp(a);
    if (a < threshold) {
      return e;
    }
    return (float) Math.log1p(e);
  }

  /**
   * TF's Softplus on float16: the functor runs in Eigen's {@code half}, so its threshold is {@code
   * log(epsilon) + 2} with Eigen's float16 epsilon, 2^-13 (its {@code NumTraits<half>}, not the
   * format's 2^-10), each step rounded ({@code -7.0078125}), and {@code exp(x)} and {@code log1p}
   * are each rounded to float16.
   */
  public static float softplusFloat16(float a) {
    if (a > -SOFTPLUS_THRESHOLD_FLOAT16) {
      return a;
    }
    float e = HalfFloats.roundToFloat16((float) Math.exp(a));
    return a < SOFTPLUS_THRESHOLD_FLOAT16 ? e : HalfFloats.roundToFloat16((float) Math.log1p(e));
  }

  /** TF's Softplus on bfloat16: as {@link #softplusFloat16} with bfloat16's epsilon 2^-7 (threshold {@code -2.84375}). */
  public static float softplusBfloat16(float a) {
    if (a > -SOFTPLUS_THRESHOLD_BFLOAT16) {
      return a;
    }
    float e = HalfFloats.roundToBfloat16((float) Math.exp(a));
    return a < SOFTPLUS_THRESHOLD_BFLOAT16 ? e : HalfFloats.roundToBfloat16((float) Math.log1p(e));
  }

  private static final float SOFTPLUS_THRESHOLD_FLOAT16 =
      HalfFloats.roundToFloat16(HalfFloats.roundToFloat16((float) Math.log(0x1p-13)) + 2f);
  private static final float SOFTPLUS_THRESHOLD_BFLOAT16 =
      HalfFloats.roundToBfloat16(HalfFloats.roundToBfloat16((float) Math.log(0x1p-7)) + 2f);

  public static double softplus(double a) {
    final double threshold = Math.log(Math.ulp(1.0)) + 2;
    if (a > -threshold) {
      return a;
    }
    double e = Math.exp(a);
    if (a < threshold) {
      return e;
    }
    return Math.log1p(e);
  }

  /** TF's Softsign: {@code x / (|x| + 1)}, as Eigen's functor computes it (so inf gives nan). */
  public static float softsign(float a) {
    return a / (Math.abs(a) + 1f);
  }

  public static double softsign(double a) {
    return a / (Math.abs(a) + 1.0);
  }

  /** On float16 Eigen's {@code half} arithmetic rounds {@code |x| + 1} to the format before it divides. */
  public static float softsignFloat16(float a) {
    return a / HalfFloats.roundToFloat16(Math.abs(a) + 1f);
  }

  public static float softsignBfloat16(float a) {
    return a / HalfFloats.roundToBfloat16(Math.abs(a) + 1f);
  }

  public static float sin(float a) {
    return (float) Math.sin(a);
  }

  public static double sin(double a) {
    return Math.sin(a);
  }

  public static float cos(float a) {
    return (float) Math.cos(a);
  }

  public static double cos(double a) {
    return Math.cos(a);
  }

  public static float tan(float a) {
    return (float) Math.tan(a);
  }

  public static double tan(double a) {
    return Math.tan(a);
  }

  public static float asin(float a) {
    return (float) Math.asin(a);
  }

  public static double asin(double a) {
    return Math.asin(a);
  }

  public static float acos(float a) {
    return (float) Math.acos(a);
  }

  public static double acos(double a) {
    return Math.acos(a);
  }

  public static float atan(float a) {
    return (float) Math.atan(a);
  }

  public static double atan(double a) {
    return Math.atan(a);
  }

  public static float sinh(float a) {
    return (float) Math.sinh(a);
  }

  public static double sinh(double a) {
    return Math.sinh(a);
  }

  public static float cosh(float a) {
    return (float) Math.cosh(a);
  }

  public static double cosh(double a) {
    return Math.cosh(a);
  }

  public static float tanh(float a) {
    return (float) Math.tanh(a);
  }

  public static double tanh(double a) {
    return Math.tanh(a);
  }

  public static float asinh(float a) {
    return (float) asinh((double) a);
  }

  /**
   * sign(x) * log(|x| + sqrt(x^2 + 1)), written as log1p(|x| + x^2 / (1 + sqrt(1 + x^2))) so small
   * |x| keeps its digits, and as log(|x|) + ln 2 where x^2 would overflow. Keeps -0.0 and NaN.
   */
  public static double asinh(double a) {
    double x = Math.abs(a);
    double r;
    if (x > 0x1p28) {
      r = Math.log(x) + LN2;
    } else {
      r = Math.log1p(x + x * x / (1 + Math.sqrt(1 + x * x)));
    }
    return Math.copySign(r, a);
  }

  public static float acosh(float a) {
    return (float) acosh((double) a);
  }

  /** log(x + sqrt(x^2 - 1)) for x >= 1 (NaN below), via log1p near 1 and log(x) + ln 2 for huge x. */
  public static double acosh(double a) {
    if (!(a >= 1)) {
      return Double.NaN;
    }
    if (a > 0x1p28) {
      return Math.log(a) + LN2;
    }
    double t = a - 1;
    return Math.log1p(t + Math.sqrt(2 * t + t * t));
  }

  public static float atanh(float a) {
    return (float) atanh((double) a);
  }

  /** 0.5 * log1p(2x / (1 - x)): ±1 gives ±inf, |x| > 1 NaN; keeps -0.0. */
  public static double atanh(double a) {
    double x = Math.abs(a);
    return Math.copySign(0.5 * Math.log1p(2 * x / (1 - x)), a);
  }

  /** The angle of (x, y) as C's atan2(y, x): TF's Atan2(y, x) takes y first. */
  public static float atan2(float y, float x) {
    return (float) Math.atan2(y, x);
  }

  public static double atan2(double y, double x) {
    return Math.atan2(y, x);
  }
}
