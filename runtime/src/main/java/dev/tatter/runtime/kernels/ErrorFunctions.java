package dev.tatter.runtime.kernels;

/**
 * Element functions of TF's Erf and Erfc, written for Tatter (no JDK method computes them). For
 * |x| below 2, erf sums (2/sqrt(pi)) e^(-x^2) sum_n (2x^2)^n x / (2n+1)!!, a series of positive
 * terms (no cancellation), with x^2 split exactly so e^(-x^2) loses nothing to its rounding; from
 * 2 on (and erfc from 0.5 on) it evaluates Laplace's continued fraction erfc(x) = e^(-x^2)/sqrt(pi)
 * / (x + (1/2)/(x + 1/(x + (3/2)/(x + ...)))) by the modified Lentz method, which converges in
 * under 60 steps from 2 on and under 750 from 0.5 on. Negative arguments use erf(-x) = -erf(x)
 * and erfc(-x) = 2 - erfc(x). float, float16 and bfloat16 evaluate in double and round once.
 * Accuracy against a 50-digit reference and against TF: docs/SEMANTICS.md.
 */
public final class ErrorFunctions {
  private ErrorFunctions() {}

  private static final double TWO_OVER_SQRT_PI = 1.1283791670955126; // 2/sqrt(pi), rounded to nearest
  private static final double ONE_OVER_SQRT_PI = 0.5641895835477563;
  /** Beyond this erfc(x) is below half the smallest subnormal double. */
  private static final double ERFC_UNDERFLOW = 27.3;
  /** From here on 1 - erfc(x) rounds to 1 in double (erfc(6) is about 2e-17). */
  private static final double ERF_IS_ONE = 6;

  public static float erf(float x) {
    return (float) erf((double) x);
  }

  public static double erf(double x) {
    if (Double.isNaN(x)) {
      return x;
    }
    double a = Math.abs(x);
    double r;
    if (a < 2) {
      r = series(a);
    } else if (a < ERF_IS_ONE) {
      r = 1 - fraction(a);
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
    double tail; // erfc(|x|)
    if (a < 0.5) {
      tail = 1 - series(a);
    } else if (a < ERFC_UNDERFLOW) {
      tail = fraction(a);
    } else {
      tail = 0;
    }
    return x < 0 ? 2 - tail : tail;
  }

  /** erf(a) for 0 <= a < 2 by the positive series. */
  private static double series(double a) {
    double twoSquare = 2 * a * a;
    double term = a;
    double sum = a;
    for (int n = 1; term > sum * 0x1p-60; n++) {
      term *= twoSquare / (2 * n + 1);
      sum += term;
    }
    return TWO_OVER_SQRT_PI * expMinusSquare(a) * sum;
  }

  /** erfc(a) for a >= 0.5 by the continued fraction (modified Lentz). */
  private static double fraction(double a) {
    double tiny = 0x1p-1000;
    double f = a;
    double c = a;
    double d = 0;
    for (int k = 1; k < 2000; k++) {
      double coefficient = k * 0.5;
      d = a + coefficient * d;
      d = 1 / (d == 0 ? tiny : d);
      c = a + coefficient / c;
      if (c == 0) {
        c = tiny;
      }
      double delta = c * d;
      f *= delta;
      if (Math.abs(delta - 1) < 0x1p-56) {
        break;
      }
    }
    return ONE_OVER_SQRT_PI * expMinusSquare(a) / f;
  }

  /** e^(-a^2), with a^2 = hi + lo exactly so the rounding of a^2 does not enter the exponent. */
  private static double expMinusSquare(double a) {
    double hi = a * a;
    double lo = Math.fma(a, a, -hi);
    return Math.exp(-hi) * (1 - lo);
  }
}
