package dev.tatter.runtime.kernels.scalar;

import dev.tatter.runtime.Complex128;
import dev.tatter.runtime.Complex64;

/**
 * The complex overloads of TF's {@code log1p} and inverse trigonometric and hyperbolic ops
 * ({@link TranscendentalFunctions#OVERLOADS} includes this class). TF's kernels call Eigen, which calls
 * {@code std::asin} and the like of {@code std::complex} (glibc's {@code casin}, {@code cacos},
 * {@code catan}, {@code casinh}, {@code cacosh}, {@code catanh}) and, for {@code log1p}, Eigen's
 * own complex fallback {@code x * (log(1 + x) / ((1 + x) - 1))}. The inverse functions here are
 * Kahan's branch-cut-exact formulas ("Branch cuts for complex elementary functions", 1987) in
 * double, built on sqrt of {@code 1 ± z}, so the signed zeros of an operand on a cut pick the side
 * as C99 prescribes; complex64 computes them in double and rounds each part once. The measured
 * distance to TF's results is in docs/SEMANTICS.md.
 */
public final class ComplexInverseFunctions {
  private ComplexInverseFunctions() {}

  // ---- log1p (Eigen's complex fallback, in the part type as Eigen computes it) ----

  /**
   * {@code log(1 + x)}, as Eigen's {@code std_fallback::log1p}: {@code x} itself where {@code 1 + x}
   * rounds to 1 (or its log is itself, at infinity), else {@code x * (log(1 + x) / ((1 + x) - 1))},
   * whose quotient cancels the rounding of {@code 1 + x}.
   */
  public static Complex128 log1p(Complex128 x) {
    Complex128 x1p = new Complex128(1 + x.re(), x.im());
    Complex128 log = ComplexTranscendentals.log(x1p);
    if (x1p.re() == 1 && x1p.im() == 0 || x1p.re() == log.re() && x1p.im() == log.im()) {
      return x;
    }
    return ComplexFunctions.mul(x, ComplexFunctions.truediv(log, new Complex128(x1p.re() - 1, x1p.im())));
  }

  public static Complex64 log1p(Complex64 x) {
    Complex64 x1p = new Complex64(1 + x.re(), x.im());
    Complex64 log = ComplexTranscendentals.log(x1p);
    if (x1p.re() == 1 && x1p.im() == 0 || x1p.re() == log.re() && x1p.im() == log.im()) {
      return x;
    }
    return ComplexFunctions.mul(x, ComplexFunctions.truediv(log, new Complex64(x1p.re() - 1, x1p.im())));
  }

  // ---- asin, acos, asinh, acosh (Kahan) ----

  /** {@code atan2(x, Re(s1 s2)) + i asinh(Im(conj(s1) s2))} with {@code s1 = sqrt(1 - z)}, {@code s2 = sqrt(1 + z)}. */
  public static Complex128 asin(Complex128 z) {
    double x = z.re(), y = z.im();
    Complex128 s1 = ComplexTranscendentals.sqrt(new Complex128(1 - x, -y)); // -y, not 0 - y: a -0 imaginary part picks the lower side of the cut
    Complex128 s2 = ComplexTranscendentals.sqrt(new Complex128(1 + x, y));
    double re = Math.atan2(x, s1.re() * s2.re() - s1.im() * s2.im());
    double im = TranscendentalFunctions.asinh(s1.re() * s2.im() - s1.im() * s2.re());
    return new Complex128(re, im);
  }

  public static Complex64 asin(Complex64 z) {
    return narrow(asin(widen(z)));
  }

  /** {@code 2 atan2(Re s1, Re s2) + i asinh(Im(conj(s2) s1))} with {@code s1 = sqrt(1 - z)}, {@code s2 = sqrt(1 + z)}. */
  public static Complex128 acos(Complex128 z) {
    double x = z.re(), y = z.im();
    Complex128 s1 = ComplexTranscendentals.sqrt(new Complex128(1 - x, -y));
    Complex128 s2 = ComplexTranscendentals.sqrt(new Complex128(1 + x, y));
    double re = 2 * Math.atan2(s1.re(), s2.re());
    double im = TranscendentalFunctions.asinh(s2.re() * s1.im() - s2.im() * s1.re());
    return new Complex128(re, im);
  }

  public static Complex64 acos(Complex64 z) {
    return narrow(acos(widen(z)));
  }

  /** {@code asinh z = -i asin(i z)} (C's {@code casinh} is defined so). */
  public static Complex128 asinh(Complex128 z) {
    Complex128 w = asin(new Complex128(-z.im(), z.re()));
    return new Complex128(w.im(), -w.re());
  }

  public static Complex64 asinh(Complex64 z) {
    return narrow(asinh(widen(z)));
  }

  /** {@code asinh(Re(conj(s1) s2)) + 2i atan2(Im s1, Re s2)} with {@code s1 = sqrt(z - 1)}, {@code s2 = sqrt(z + 1)}. */
  public static Complex128 acosh(Complex128 z) {
    double x = z.re(), y = z.im();
    Complex128 s1 = ComplexTranscendentals.sqrt(new Complex128(x - 1, y));
    Complex128 s2 = ComplexTranscendentals.sqrt(new Complex128(x + 1, y));
    double re = TranscendentalFunctions.asinh(s1.re() * s2.re() + s1.im() * s2.im());
    double im = 2 * Math.atan2(s1.im(), s2.re());
    return new Complex128(re, im);
  }

  public static Complex64 acosh(Complex64 z) {
    return narrow(acosh(widen(z)));
  }

  // ---- atanh, atan ----

  /** Past this magnitude {@code (1 - x)^2 + y^2} could overflow; the result is then {@code x / |z|^2 ± i pi/2}. */
  private static final double HUGE = 0x1p500;

  /**
   * {@code log1p(4x / ((1 - x)^2 + y^2)) / 4 + i atan2(2y, (1 - x)(1 + x) - y^2) / 2}, the real part
   * through log1p so it keeps its digits near 0; ±1 gives ±inf; huge or infinite operands
   * {@code x / |z|^2 + i copysign(pi/2, y)} (C99: {@code catanh(inf + iy)} is {@code 0 + i pi/2}).
   */
  public static Complex128 atanh(Complex128 z) {
    double x = z.re(), y = z.im();
    if (Math.abs(x) > HUGE || Math.abs(y) > HUGE) {
      double h = ComplexTranscendentals.hypot(x, y);
      double re = Double.isInfinite(h) ? Math.copySign(0.0, x) : x / h / h;
      return new Complex128(re, Double.isNaN(y) && Double.isInfinite(x) ? y : Math.copySign(Math.PI / 2, y));
    }
    double oneMinusX = 1 - x;
    double re = 0.25 * Math.log1p(4 * x / (oneMinusX * oneMinusX + y * y));
    double im = 0.5 * Math.atan2(2 * y, oneMinusX * (1 + x) - y * y);
    return new Complex128(re, im);
  }

  public static Complex64 atanh(Complex64 z) {
    return narrow(atanh(widen(z)));
  }

  /** {@code atan z = -i atanh(i z)} (C's {@code catan} is defined so). */
  public static Complex128 atan(Complex128 z) {
    Complex128 w = atanh(new Complex128(-z.im(), z.re()));
    return new Complex128(w.im(), -w.re());
  }

  public static Complex64 atan(Complex64 z) {
    return narrow(atan(widen(z)));
  }

  private static Complex128 widen(Complex64 z) {
    return new Complex128(z.re(), z.im());
  }

  private static Complex64 narrow(Complex128 z) {
    return new Complex64((float) z.re(), (float) z.im());
  }
}
