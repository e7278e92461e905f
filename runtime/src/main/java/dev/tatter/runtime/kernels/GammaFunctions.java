package dev.tatter.runtime.kernels;

/**
 * Element functions of TF's Lgamma and Digamma, written for Tatter (the JDK has neither).
 *
 * <p>{@code lgamma} is log|Γ(x)|, evaluated in double (float, float16 and bfloat16 round the
 * double result once). Near its zeros at 1 and 2 it sums the Taylor series of lgamma(1 + z) and
 * lgamma(2 + z), whose coefficients are ζ(k)/k and (ζ(k) - 1)/k (computed to 40 digits and
 * rounded once), so the zeros carry no cancellation; from 2.5 to 10 it recurs down to [1.5, 2.5)
 * (lgamma(x) = lgamma(x - 1) + log(x - 1), one log of the product of the factors); from 10 on it
 * is Stirling's series with eight Bernoulli terms. Negative arguments use the reflection formula
 * log(π / |x sin(πx)|) - lgamma(-x), with sin(πx) reduced exactly to [-π/2, π/2]; it cancels near
 * lgamma's negative zeros (x ≈ -2.457, -2.747, ...), where TF's libm is more accurate. Poles (zero,
 * the negative integers) and ±inf give +inf, as C's lgamma does.
 *
 * <p>{@code digamma} follows the algorithm of TF's kernel (Eigen's digamma, after Cephes' psi) in
 * the argument's own precision, so rounding happens where TF's does: reflection below zero
 * (ψ(x) = ψ(1 - x) - π / tan(πx)), the recurrence ψ(x) = ψ(x + 1) - 1/x up to 10, then the
 * asymptotic series log(s) - 1/(2s) - Σ B<sub>2k</sub> / (2k s<sup>2k</sup>), to B<sub>14</sub> in
 * double and B<sub>8</sub> in float. Zero, negative integers and -inf give NaN (TF's result, not
 * the mathematical pole). Accuracy against TF: docs/SEMANTICS.md.
 */
public final class GammaFunctions {
  private GammaFunctions() {}

  /** Taylor coefficients of lgamma(2 + z) from z^1: 1 - γ, then (-1)^k (ζ(k) - 1) / k. */
  private static final double[] LGAMMA_AT_2 = {
    0.42278433509846713, 0.3224670334241132, -0.0673523010531981, 0.020580808427784546, -0.007385551028673986,
    0.0028905103307415234, -0.001192753911703261, 0.0005096695247430425, -0.00022315475845357939, 9.945751278180853e-05,
    -4.492623673813314e-05, 2.050721277567069e-05, -9.439488275268397e-06, 4.374866789907488e-06, -2.039215753801366e-06,
    9.55141213040742e-07, -4.492469198764566e-07, 2.1207184805554665e-07, -1.0043224823968099e-07, 4.7698101693639804e-08,
    -2.2711094608943164e-08, 1.0838659214896955e-08, -5.183475041970047e-09, 2.4836745438024785e-09, -1.1921401405860912e-09,
    5.731367241678862e-10, -2.7595228851242334e-10, 1.330476437424449e-10, -6.4229645638381e-11, 3.1044247747322276e-11,
  };

  /** Taylor coefficients of lgamma(1 + z) from z^1: -γ, then (-1)^k ζ(k) / k. */
  private static final double[] LGAMMA_AT_1 = {
    -0.5772156649015329, 0.8224670334241132, -0.40068563438653143, 0.27058080842778454, -0.20738555102867398,
    0.1695571769974082, -0.1440498967688461, 0.12550966952474304, -0.11133426586956469, 0.1000994575127818,
    -0.09095401714582904, 0.083353840546109, -0.0769325164113522, 0.07143294629536133, -0.06666870588242046,
    0.06250095514121304, -0.058823978658684585, 0.055555767627403614, -0.05263167937961666, 0.05000004769810169,
    -0.047619070330142226, 0.04545455629320467, -0.04347826605304026, 0.04166666915034121, -0.04000000119214014,
    0.03846153903467518, -0.037037037312989324, 0.035714285847333355, -0.034482758684919304, 0.03333333336437758,
    -0.03225806453115042, 0.03125000000727597, -0.030303030306558044, 0.029411764707594344, -0.02857142857226011,
    0.027777777778181998, -0.027027027027223673, 0.02631578947377995, -0.025641025641072283, 0.025000000000022737,
    -0.024390243902450117, 0.023809523809529224, -0.023255813953491015, 0.02272727272727402, -0.022222222222222855,
    0.021739130434782917, -0.021276595744681003, 0.02083333333333341, -0.02040816326530616, 0.020000000000000018,
    -0.019607843137254912, 0.019230769230769235, -0.01886792452830189, 0.01851851851851852, -0.01818181818181818,
    0.017857142857142856,
  };

  /** Stirling's series: B_2k / (2k (2k - 1)) for k = 1..8, the coefficients of x^-(2k-1). */
  private static final double[] STIRLING = {
    1.0 / 12, -1.0 / 360, 1.0 / 1260, -1.0 / 1680, 1.0 / 1188, -691.0 / 360360, 1.0 / 156, -3617.0 / 122400,
  };

  private static final double HALF_LOG_TWO_PI = 0.9189385332046728;
  private static final double LOG_PI = 1.1447298858494002;
  /** From here on lgamma(x) = x (log x - 1) to double precision (the dropped terms are below 2^-60 of it). */
  private static final double STIRLING_ONLY_LEADING = 0x1p60;
  /** Below this |x|, lgamma(x) = -log|x| (the next term, -γx, is below 2^-60 of it). */
  private static final double TINY = 0x1p-60;

  public static float lgamma(float x) {
    return (float) lgamma((double) x);
  }

  public static double lgamma(double x) {
    if (Double.isNaN(x)) {
      return x;
    }
    if (Double.isInfinite(x)) {
      return Double.POSITIVE_INFINITY;
    }
    if (x <= 0) {
      if (x == Math.rint(x)) {
        return Double.POSITIVE_INFINITY; // a pole (also -0.0)
      }
      if (x > -TINY) {
        return -Math.log(-x);
      }
      return reflected(x);
    }
    return positive(x);
  }

  private static double positive(double x) {
    if (x < TINY) {
      return -Math.log(x);
    }
    if (x < 0.5) {
      return series(LGAMMA_AT_1, x) - Math.log(x);
    }
    if (x < 1.5) {
      return series(LGAMMA_AT_1, x - 1); // exact: x is within a factor 2 of 1 (Sterbenz)
    }
    if (x < 2.5) {
      return series(LGAMMA_AT_2, x - 2);
    }
    if (x < 10) {
      double y = x;
      double product = 1;
      while (y >= 2.5) {
        y -= 1; // exact: y keeps x's last bit position, and shrinking it loses none
        product *= y;
      }
      return series(LGAMMA_AT_2, y - 2) + Math.log(product);
    }
    double logX = Math.log(x);
    if (x >= STIRLING_ONLY_LEADING) {
      return x * (logX - 1);
    }
    double inverse = 1 / x;
    double inverseSquare = inverse * inverse;
    double tail = STIRLING[STIRLING.length - 1];
    for (int k = STIRLING.length - 2; k >= 0; k--) {
      tail = tail * inverseSquare + STIRLING[k];
    }
    return (x - 0.5) * logX - x + HALF_LOG_TWO_PI + tail * inverse;
  }

  /** lgamma(x) for negative non-integer x: Γ(x) Γ(-x) = -π / (x sin(πx)). */
  private static double reflected(double x) {
    double r = x - Math.rint(x); // exact, in [-1/2, 1/2]
    double sinPiX = Math.abs(Math.sin(Math.PI * r));
    return LOG_PI - Math.log(sinPiX * -x) - positive(-x);
  }

  /** z (c[0] + z (c[1] + ...)) by Horner's rule, smallest terms first. */
  private static double series(double[] c, double z) {
    double sum = c[c.length - 1];
    for (int k = c.length - 2; k >= 0; k--) {
      sum = sum * z + c[k];
    }
    return sum * z + 0.0; // + 0.0: lgamma(1) and lgamma(2) are +0.0, as TF gives
  }

  // ---- digamma, in the argument's precision ----

  public static double digamma(double x) {
    double reflection = 0;
    boolean negative = false;
    if (x <= 0) {
      double floor = Math.floor(x);
      if (floor == x) {
        return Double.NaN; // zero, negative integers, -inf
      }
      negative = true;
      double fraction = x - floor;
      if (fraction != 0.5) {
        if (fraction > 0.5) {
          fraction = x - (floor + 1);
        }
        reflection = Math.PI / Math.tan(Math.PI * fraction);
      }
      x = 1 - x;
    }
    double s = x;
    double w = 0;
    while (s < 10) {
      w += 1 / s;
      s += 1;
    }
    double asymptotic = 0;
    if (s < 1e17) {
      double z = 1 / (s * s);
      // Σ B_2k / (2k) z^k for k = 1..7, highest first
      double p = 1.0 / 12;
      p = p * z - 691.0 / 32760;
      p = p * z + 1.0 / 132;
      p = p * z - 1.0 / 240;
      p = p * z + 1.0 / 252;
      p = p * z - 1.0 / 120;
      p = p * z + 1.0 / 12;
      asymptotic = z * p;
    }
    double y = Math.log(s) - 0.5 / s - asymptotic - w;
    return negative ? y - reflection : y;
  }

  public static float digamma(float x) {
    float reflection = 0;
    boolean negative = false;
    if (x <= 0) {
      float floor = (float) Math.floor(x);
      if (floor == x) {
        return Float.NaN;
      }
      negative = true;
      float fraction = x - floor;
      if (fraction != 0.5f) {
        if (fraction > 0.5f) {
          fraction = x - (floor + 1);
        }
        reflection = (float) Math.PI / (float) Math.tan((float) Math.PI * fraction);
      }
      x = 1 - x;
    }
    float s = x;
    float w = 0;
    while (s < 10) {
      w += 1 / s;
      s += 1;
    }
    float asymptotic = 0;
    if (s < 1e8f) {
      float z = 1 / (s * s);
      float p = -1.0f / 240;
      p = p * z + 1.0f / 252;
      p = p * z - 1.0f / 120;
      p = p * z + 1.0f / 12;
      asymptotic = z * p;
    }
    float y = (float) Math.log(s) - 0.5f / s - asymptotic - w;
    return negative ? y - reflection : y;
  }
}
