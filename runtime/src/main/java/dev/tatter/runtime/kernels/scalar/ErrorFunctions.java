package dev.tatter.runtime.kernels.scalar;

/**
 * Element functions of TF's Erf and Erfc, written for Tatter (no JDK method computes them).
 * float64 keeps about 100 bits through the steps that used to lose digits and rounds once at the
 * end (double-double arithmetic, {@link DoubleDouble}):
 *
 * <ul>
 *   <li>|x| below 1/2: erf's Maclaurin series x Σ (-x²)^n / (n! (2n + 1)), whose terms after the
 *       first are below a twelfth of it, so they need only double precision;
 *   <li>1/2 to 3: the series of positive terms (2/√π) e^(-x²) Σ (2x²)^n x / (2n + 1)!! (no
 *       cancellation), in double-double, and erfc as 1 - erf in double-double;
 *   <li>from 3 on: Laplace's continued fraction erfc(x) = e^(-x²)/√π / (x + (1/2)/(x + 1/(x +
 *       (3/2)/(x + ...)))), evaluated backwards (numerically stable) to a depth that reaches 2^-66
 *       of the value, in double, and erf as 1 - erfc; erfc underflows to 0 past 27.3 and erf is 1
 *       from 6 on;
 * </ul>
 * e^(-x²) in double-double from x² split exactly in two doubles, so neither the rounding of x²
 * nor that of exp enters the result. Negative arguments use erf(-x) = -erf(x) and erfc(-x) = 2 -
 * erfc(x) (before rounding). float, float16 and bfloat16 evaluate in double and round once.
 * Accuracy against 50-digit values and against TF: docs/SEMANTICS.md.
 */
public final class ErrorFunctions {
  private ErrorFunctions() {}

  private static final DoubleDouble TWO_OVER_SQRT_PI = new DoubleDouble(1.1283791670955126, 1.533545961316588e-17);
  private static final DoubleDouble ONE_OVER_SQRT_PI = new DoubleDouble(0.5641895835477563, 7.66772980658294e-18);
  /** Beyond this erfc(x) is below half the smallest subnormal double. */
  private static final double ERFC_UNDERFLOW = 27.3;
  /** From here on 1 - erfc(x) rounds to 1 in double (erfc(6) is about 2e-17). */
  private static final double ERF_IS_ONE = 6;
  private static final double SERIES_END = 3;

  public static float erf(float x) {
    return (float) erf((double) x);
  }

  public static double erf(double x) {
    if (Double.isNaN(x)) {
      return x;
    }
    double a = Math.abs(x);
    double r;
    if (a < 0.5) {
      r = maclaurin(a).value();
    } else if (a < SERIES_END) {
      r = positiveSeries(a).value();
    } else if (a < ERF_IS_ONE) {
      r = DoubleDouble.ONE.minus(fraction(a)).value();
    } else {
      r = 1;
    }
    return Math.copySign(r, x); // keeps erf(-0.0) = -0.0
  }

  public static float erfc(float x) {
    return (float) erfc((double) x);
  }

  public static double erfc(double x) {
    if (Double.isNaN(x)) {
      return x;
    }
    double a = Math.abs(x);
    DoubleDouble tail; // erfc(|x|)
    if (a < 0.5) {
      tail = DoubleDouble.ONE.minus(maclaurin(a));
    } else if (a < SERIES_END) {
      tail = DoubleDouble.ONE.minus(positiveSeries(a));
    } else if (a < ERFC_UNDERFLOW) {
      if (x > 0) {
        return erfcTail(a);
      }
      tail = fraction(a);
    } else {
      tail = DoubleDouble.ZERO;
    }
    return x < 0 ? DoubleDouble.TWO.minus(tail).value() : tail.value();
  }

  /** erf(a) for 0 <= a < 1/2: (2/√π) a (1 + t), t the series after its first term. */
  private static DoubleDouble maclaurin(double a) {
    double minusSquare = -a * a;
    double power = 1; // (-a²)^n / n!
    double t = 0;
    double previous;
    int n = 1;
    do {
      previous = t;
      power *= minusSquare / n;
      t += power / (2 * n + 1);
      n++;
    } while (t != previous);
    DoubleDouble scaled = TWO_OVER_SQRT_PI.times(a); // (2/√π) a, exactly enough
    return scaled.plus(scaled.hi() * t);
  }

  /** erf(a) for 1/2 <= a < 3 by the positive series, in double-double. */
  private static DoubleDouble positiveSeries(double a) {
    DoubleDouble twoSquare = DoubleDouble.square(a).times(2);
    DoubleDouble term = new DoubleDouble(a, 0);
    DoubleDouble sum = term;
    for (int n = 1; term.hi() > sum.hi() * 0x1p-110; n++) {
      term = term.times(twoSquare).dividedBy(2 * n + 1);
      sum = sum.plus(term);
    }
    return TWO_OVER_SQRT_PI.times(DoubleDouble.expOfMinusSquare(a, 0)).times(sum);
  }

  /** erfc(a) for 3 <= a < 27.3 in double-double, short of the binary scale exp's underflow needs. */
  private static DoubleDouble fraction(double a) {
    return ONE_OVER_SQRT_PI.times(DoubleDouble.expOfMinusSquare(a, 0)).dividedBy(continuedFraction(a));
  }

  /** erfc(a) rounded once, computed at a scale that keeps e^(-a²) normal before the last step. */
  private static double erfcTail(double a) {
    int scale = 600; // e^(-27.3²) is about 2^-1075: scaled up by 2^600 it is a normal double
    DoubleDouble scaled = ONE_OVER_SQRT_PI.times(DoubleDouble.expOfMinusSquare(a, scale)).dividedBy(continuedFraction(a));
    return Math.scalb(scaled.value(), -scale);
  }

  /** x + (1/2)/(x + 1/(x + (3/2)/(x + ...))) from the depth that reaches 2^-66 of it, backwards. */
  private static double continuedFraction(double a) {
    int depth = (int) Math.ceil(10 + 320 / (a * a));
    double t = a;
    for (int k = depth; k >= 1; k--) {
      t = a + (k * 0.5) / t;
    }
    return t;
  }
}
