package dev.tatter.runtime.kernels.scalar;

/**
 * Element functions of TF's Lgamma and Digamma, written for Tatter (the JDK has neither).
 *
 * <p>{@code lgamma} is log|Γ(x)|, evaluated in double (float, float16 and bfloat16 round the
 * double result once). Near its zeros at 1 and 2 it sums the Taylor series of lgamma(1 + z) and
 * lgamma(2 + z), whose coefficients are ζ(k)/k and (ζ(k) - 1)/k (computed to 40 digits and
 * rounded once), so the zeros carry no cancellation; from 2.5 to 10 it recurs down to [1.5, 2.5)
 * (lgamma(x) = lgamma(x - 1) + log(x - 1), one log of the product of the factors); from 10 on it
 * is Stirling's series with eight Bernoulli terms. Negative arguments above -18, where lgamma has
 * its negative zeros (x ≈ -2.457, -2.747, ...), recur up to (0, 1) in double-double so the
 * cancellation there loses nothing a double keeps; below -18 the reflection formula log(π / |x
 * sin(πx)|) - lgamma(-x), with sin(πx) reduced exactly to [-π/2, π/2]. Poles (zero, the negative
 * integers) and ±inf give +inf, as C's lgamma does.
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

  /**
   * LGAMMA_AT_2 in double-double, (hi, lo) pairs, to z^52 (2^-104 of the sum at |z| = 1/2): for the
   * negative axis, where two logarithms cancel.
   */
  private static final double[] LGAMMA_AT_2_DD = {
    0.42278433509846713, 4.942915152430645e-18,
    0.3224670334241132, 1.520336175199238e-17,
    -0.0673523010531981, 6.87667631175899e-18,
    0.020580808427784546, 1.4629392512775695e-18,
    -0.007385551028673986, 4.1051370891788617e-19,
    0.0028905103307415234, -7.357950161901912e-20,
    -0.001192753911703261, 4.1747852352514e-20,
    0.0005096695247430425, -2.780354175057013e-20,
    -0.00022315475845357939, 6.032078299350848e-21,
    9.945751278180853e-05, 2.734261130690314e-21,
    -4.492623673813314e-05, 3.4577848248512954e-22,
    2.050721277567069e-05, 4.864174577619616e-22,
    -9.439488275268397e-06, 8.111985879973243e-22,
    4.374866789907488e-06, -3.7021851137962053e-22,
    -2.039215753801366e-06, -4.70891370095011e-23,
    9.55141213040742e-07, 4.798512617588967e-23,
    -4.492469198764566e-07, 1.4219340578032317e-23,
    2.1207184805554665e-07, 1.2243193613787666e-23,
    -1.0043224823968099e-07, -5.246728062732248e-24,
    4.7698101693639804e-08, 1.6747349659198183e-24,
    -2.2711094608943164e-08, -1.406065812811299e-24,
    1.0838659214896955e-08, -5.018242148804151e-25,
    -5.183475041970047e-09, -1.0891302535635231e-26,
    2.4836745438024785e-09, -1.5805048837932932e-25,
    -1.1921401405860912e-09, -5.269861418993634e-26,
    5.731367241678862e-10, -2.3810866578223724e-26,
    -2.7595228851242334e-10, 2.107257883073299e-26,
    1.330476437424449e-10, 6.614614775208236e-27,
    -6.4229645638381e-11, -4.232176684861536e-27,
    3.1044247747322276e-11, -2.8715350933450543e-27,
    -1.5021384080754142e-11, -5.063470614908766e-28,
    7.275974480239079e-12, 4.879514445370743e-28,
    -3.527742476575915e-12, -1.8425514965961343e-29,
    1.711991790559618e-12, -6.994387860952799e-29,
    -8.315385841420285e-13, 1.5951572809733943e-29,
    4.04220052528944e-13, -1.2672480151835454e-29,
    -1.9664756310966165e-13, 4.0719036606056276e-30,
    9.573630387838556e-14, 1.9773509309959252e-30,
    -4.6640760264283744e-14, 2.186282283713084e-30,
    2.2737369600659724e-14, -9.672147869269828e-31,
    -1.1091399470834522e-14, 1.5933072002908932e-31,
    5.413659156725363e-15, -1.5927035621801034e-31,
    -2.643880017860995e-15, -1.4241594083885883e-31,
    1.2918959062789966e-15, 7.958358891271392e-32,
    -6.315935504198448e-16, -4.148627969335702e-32,
    3.089316266963393e-16, -2.3015827891156758e-32,
    -1.5117930628108198e-16, 9.801548779944268e-33,
    7.40148685695232e-17, 2.7887551301987538e-33,
    -3.625218048120654e-17, 8.9292739029864e-34,
    1.7763568421861633e-17, -1.4422619123578226e-33,
    -8.70763157479179e-18, -3.644715586331977e-34,
    4.270088559227004e-18, 3.0259314536119503e-35,
  };

  /**
   * Below this, lgamma's negative zeros are too close to the poles for any double to fall near
   * them (|Γ(x)| = 1 needs |x + n| of about 1/n!, far below the spacing of doubles near -n), so the
   * reflection formula's cancellation costs nothing.
   */
  private static final double NEGATIVE_ZEROS_END = -18;

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
      return x > NEGATIVE_ZEROS_END ? negativeNearZeros(x) : reflected(x);
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

  /**
   * lgamma(x) for -18 < x < 0, not an integer, in double-double: with n = floor(-x), Γ(x) = Γ(y) /
   * (x (x + 1) ... (x + n - 1) (x + n)) where y = x + n + 1 lies in (0, 1) and each factor is exact,
   * so lgamma(x) = lgamma(y) - log|product|, and lgamma(y) comes from the series at 2. Near lgamma's zeros the two terms are nearly equal;
   * kept to about 100 bits, their difference still has the bits a double needs.
   */
  private static double negativeNearZeros(double x) {
    int n = (int) Math.floor(-x);
    double y = x + (n + 1); // exact: |y| < 1 <= |x| on x's own grid
    DoubleDouble product = new DoubleDouble(-x, 0);
    for (int k = 1; k <= n; k++) {
      product = product.times(-(x + k)); // each x + k exact, for the same reason
    }
    // lgamma(y) = lgamma(2 + w) - log(q): w = y - 1 and q = y from 1/2 on, else w = y and q = y (1 + y)
    DoubleDouble lgamma2;
    if (y >= 0.5) {
      lgamma2 = seriesDd(y - 1); // exact (Sterbenz)
      product = product.times(y);
    } else {
      lgamma2 = seriesDd(y);
      product = product.times(y).times(new DoubleDouble(1, 0).plus(y));
    }
    return lgamma2.minus(product.log()).value();
  }

  /** lgamma(2 + z) for |z| <= 1/2 in double-double, by Horner's rule over LGAMMA_AT_2_DD. */
  private static DoubleDouble seriesDd(double z) {
    int last = LGAMMA_AT_2_DD.length - 2;
    DoubleDouble sum = new DoubleDouble(LGAMMA_AT_2_DD[last], LGAMMA_AT_2_DD[last + 1]);
    for (int k = last - 2; k >= 0; k -= 2) {
      sum = sum.times(z).plus(new DoubleDouble(LGAMMA_AT_2_DD[k], LGAMMA_AT_2_DD[k + 1]));
    }
    return sum.times(z);
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
