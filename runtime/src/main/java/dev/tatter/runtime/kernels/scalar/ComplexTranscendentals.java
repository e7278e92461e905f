package dev.tatter.runtime.kernels.scalar;

import dev.tatter.runtime.Complex128;
import dev.tatter.runtime.Complex64;

/**
 * The complex overloads of TF's transcendental ops ({@link TranscendentalFunctions#OVERLOADS}
 * includes this class, so {@code exp} has a complex64 and a complex128 overload beside the real ones).
 * complex128 follows C99's {@code cexp}, {@code clog}, {@code csin}, {@code ccos}, {@code ctanh}
 * formulas in double (TF's kernels call {@code std::exp} and the like, glibc's); complex64 computes
 * the same formulas in double and rounds each part once, so a part is within a few ulp of glibc's
 * float results. {@code sqrt} and {@code rsqrt} follow Eigen's own {@code complex_sqrt} and
 * {@code complex_rsqrt} (in the part type, as Eigen computes them). Infinities and NaNs follow the
 * formulas, not all of C99 Annex G's special cases (docs/SEMANTICS.md lists which).
 */
public final class ComplexTranscendentals {
  private ComplexTranscendentals() {}

  // ---- exp, log ----

  /**
   * {@code e^x (cos y + i sin y)} with the edge cases of Eigen's vectorized {@code pexp_complex}
   * (what TF's Exp runs, measured by ComplexSpecialValuesOracleTest): a zero imaginary part gives
   * {@code (e^x, y)}; {@code x = -inf} gives zeros carrying the signs of {@code cos y}, {@code sin y}
   * (+0 and y's sign where those are NaN); {@code x = +inf} with an infinite or NaN y gives
   * {@code inf + nan i} (C99's {@code cexp} agrees on all of these but the sign of the zeros).
   */
  public static Complex128 exp(Complex128 z) {
    double x = z.re(), y = z.im();
    if (y == 0) {
      return new Complex128(Math.exp(x), y);
    }
    double cos = Math.cos(y), sin = Math.sin(y);
    if (x == Double.NEGATIVE_INFINITY) {
      // a NaN y gives a zero with the NaN's sign bit, as Eigen's and glibc's copysign do (pow's
      // -inf + nan i from the product needs it: TF's pow(0j, 1+0j) is (0-0j) on x86)
      double imSign = Double.isNaN(sin) ? y : sin;
      return new Complex128(Double.isNaN(cos) ? 0.0 : Math.copySign(0.0, cos), Math.copySign(0.0, imSign));
    }
    if (x == Double.POSITIVE_INFINITY && Double.isNaN(cos)) {
      return new Complex128(Double.POSITIVE_INFINITY, Double.NaN);
    }
    double e = Math.exp(x);
    return new Complex128(e * cos, e * sin);
  }

  /**
   * complex64: as {@link #exp(Complex128)} in double, rounded once, except that TF's CPU threads run
   * with denormals treated as zero, so a subnormal imaginary part enters {@code cos}/{@code sin} as 0
   * ({@code exp(1 + 1e-38j)} is {@code 2.7182817+0j}, and {@code inf*0} a NaN for huge x), and for
   * {@code x = +inf} the real infinity takes y's sign, as Eigen's float packet path gives it.
   */
  public static Complex64 exp(Complex64 z) {
    float x = z.re(), y = z.im();
    if (y != 0 && Math.abs(y) < Float.MIN_NORMAL) {
      double e = Math.exp(x);
      return new Complex64((float) e, (float) (e * Math.copySign(0.0, y)));
    }
    if (x == Float.POSITIVE_INFINITY && !Float.isFinite(y)) {
      return new Complex64(Math.copySign(Float.POSITIVE_INFINITY, Float.isNaN(y) ? 1f : y), Float.NaN);
    }
    return narrow(exp(widen(z)));
  }

  /** {@code log|z| + i atan2(y, x)}; near {@code |z| = 1} the real part is {@code log1p} of {@code |z|^2 - 1}, halved. */
  public static Complex128 log(Complex128 z) {
    double x = Math.abs(z.re()), y = Math.abs(z.im());
    double big = Math.max(x, y), small = Math.min(x, y);
    double re;
    if (big > 0.5 && big < 2 && Double.isFinite(small)) {
      re = 0.5 * Math.log1p((big - 1) * (big + 1) + small * small);
    } else {
      re = Math.log(Math.hypot(x, y));
    }
    return new Complex128(re, Math.atan2(z.im(), z.re()));
  }

  public static Complex64 log(Complex64 z) {
    double x = z.re(), y = z.im();
    // |z|^2 of two floats is exact in double up to one rounding, and cannot overflow it
    double re = 0.5 * Math.log1p((x * x - 1) + y * y);
    if (!(Math.abs(x) > 0.5 && Math.abs(x) < 2 || Math.abs(y) > 0.5 && Math.abs(y) < 2)) {
      re = 0.5 * Math.log(x * x + y * y);
    }
    if (Float.isInfinite(z.re()) || Float.isInfinite(z.im())) {
      re = Double.POSITIVE_INFINITY;
    }
    return new Complex64((float) re, (float) Math.atan2(y, x));
  }

  // ---- sqrt, rsqrt (Eigen's complex_sqrt and complex_rsqrt, in the part type) ----

  /**
   * Eigen's vectorized {@code psqrt_complex} (what TF's Sqrt runs on all but a tensor's last few
   * elements): with {@code w = sqrt((|x| + |z|) / 2)} ({@code |z|} by Eigen's overflow-safe hypot),
   * {@code (w, y / 2w)} where x is not negative, {@code (|y| / 2w, w with y's sign)} where it is;
   * {@code (0, y)} at 0 and {@code (inf, y)} for an infinite imaginary part. So {@code sqrt(-4-0j)}
   * is {@code -2j}, as C's {@code csqrt} gives.
   */
  public static Complex128 sqrt(Complex128 z) {
    double x = z.re(), y = z.im();
    double w = Math.sqrt(0.5 * (Math.abs(x) + hypot(x, y)));
    if (Double.isInfinite(y)) {
      return new Complex128(Double.POSITIVE_INFINITY, y);
    }
    if (w == 0) {
      return new Complex128(0.0, y);
    }
    return x < 0 ? new Complex128(Math.abs(y) / (2 * w), Math.copySign(w, y)) : new Complex128(w, y / (2 * w));
  }

  public static Complex64 sqrt(Complex64 z) {
    float x = z.re(), y = z.im();
    float w = (float) Math.sqrt(0.5f * (Math.abs(x) + hypot(x, y)));
    if (Float.isInfinite(y)) {
      return new Complex64(Float.POSITIVE_INFINITY, y);
    }
    if (w == 0) {
      return new Complex64(0f, y);
    }
    return x < 0 ? new Complex64(Math.abs(y) / (2 * w), Math.copySign(w, y)) : new Complex64(w, y / (2 * w));
  }

  /** {@code 1 / sqrt(z)} as Eigen's {@code complex_rsqrt} computes it: {@code w / |z|} and {@code y / (2 w |z|)}; inf+nanj at 0. */
  public static Complex128 rsqrt(Complex128 z) {
    double x = z.re(), y = z.im();
    double absZ = hypot(x, y);
    double w = Math.sqrt(0.5 * (Math.abs(x) + absZ));
    double woz = w / absZ;
    if (absZ == 0) {
      return new Complex128(Double.POSITIVE_INFINITY, Double.NaN);
    }
    if (Double.isInfinite(x) || Double.isInfinite(y)) {
      return Complex128.ZERO;
    }
    if (x == 0) {
      return new Complex128(woz, y < 0 ? woz : -woz);
    }
    return x > 0 ? new Complex128(woz, -y / (2 * w * absZ))
        : new Complex128(Math.abs(y) / (2 * w * absZ), y < 0 ? woz : -woz);
  }

  public static Complex64 rsqrt(Complex64 z) {
    float x = z.re(), y = z.im();
    float absZ = hypot(x, y);
    float w = (float) Math.sqrt(0.5f * (Math.abs(x) + absZ));
    float woz = w / absZ;
    if (absZ == 0) {
      return new Complex64(Float.POSITIVE_INFINITY, Float.NaN);
    }
    if (Float.isInfinite(x) || Float.isInfinite(y)) {
      return Complex64.ZERO;
    }
    if (x == 0) {
      return new Complex64(woz, y < 0 ? woz : -woz);
    }
    return x > 0 ? new Complex64(woz, -y / (2 * w * absZ))
        : new Complex64(Math.abs(y) / (2 * w * absZ), y < 0 ? woz : -woz);
  }

  /** Eigen's {@code numext::hypot}: {@code p sqrt(1 + (q/p)^2)} with p the larger magnitude; inf beats NaN. */
  static double hypot(double x, double y) {
    double a = Math.abs(x), b = Math.abs(y);
    if (Double.isInfinite(a) || Double.isInfinite(b)) {
      return Double.POSITIVE_INFINITY;
    }
    if (Double.isNaN(a) || Double.isNaN(b)) {
      return Double.NaN;
    }
    double p = Math.max(a, b);
    if (p == 0) {
      return 0;
    }
    double qp = Math.min(a, b) / p;
    return p * Math.sqrt(1 + qp * qp);
  }

  static float hypot(float x, float y) {
    float a = Math.abs(x), b = Math.abs(y);
    if (Float.isInfinite(a) || Float.isInfinite(b)) {
      return Float.POSITIVE_INFINITY;
    }
    if (Float.isNaN(a) || Float.isNaN(b)) {
      return Float.NaN;
    }
    float p = Math.max(a, b);
    if (p == 0) {
      return 0;
    }
    float qp = Math.min(a, b) / p;
    return p * (float) Math.sqrt(1 + qp * qp);
  }

  // ---- sin, cos, tanh ----

  /** {@code sin x cosh y + i cos x sinh y} (C's {@code csin}). */
  public static Complex128 sin(Complex128 z) {
    double x = z.re(), y = z.im();
    return new Complex128(Math.sin(x) * Math.cosh(y), y == 0 ? Math.cos(x) * y : Math.cos(x) * Math.sinh(y));
  }

  public static Complex64 sin(Complex64 z) {
    return narrow(sin(widen(z)));
  }

  /** {@code cos x cosh y - i sin x sinh y} (C's {@code ccos}). */
  public static Complex128 cos(Complex128 z) {
    double x = z.re(), y = z.im();
    return new Complex128(Math.cos(x) * Math.cosh(y), -(Math.sin(x) * Math.sinh(y)));
  }

  public static Complex64 cos(Complex64 z) {
    return narrow(cos(widen(z)));
  }

  /**
   * C's {@code ctanh}: {@code (sinh x cosh x + i sin y cos y) / (sinh^2 x + cos^2 y)}; for {@code |x|}
   * above 22 (where {@code tanh x} is ±1 in double) the real part is ±1 and the imaginary part
   * {@code 4 sin y cos y e^(-2|x|)}, which would otherwise overflow to NaN.
   */
  public static Complex128 tanh(Complex128 z) {
    double x = z.re(), y = z.im();
    if (Double.isNaN(x) && y == 0) {
      return new Complex128(x, y);
    }
    double sinY = Math.sin(y), cosY = Math.cos(y);
    if (Math.abs(x) > 22) {
      double im = Double.isFinite(y) ? 4 * sinY * cosY * Math.exp(-2 * Math.abs(x)) : 0 * sinY;
      return new Complex128(Math.copySign(1.0, x), y == 0 ? y : im);
    }
    double sinhX = Math.sinh(x), coshX = Math.cosh(x);
    double den = sinhX * sinhX + cosY * cosY;
    return new Complex128(sinhX * coshX / den, y == 0 ? y : sinY * cosY / den);
  }

  public static Complex64 tanh(Complex64 z) {
    return narrow(tanh(widen(z)));
  }

  /** {@code sinh x cos y + i cosh x sin y} (C's {@code csinh}). */
  public static Complex128 sinh(Complex128 z) {
    double x = z.re(), y = z.im();
    return new Complex128(Math.sinh(x) * Math.cos(y), Math.cosh(x) * Math.sin(y));
  }

  public static Complex64 sinh(Complex64 z) {
    return narrow(sinh(widen(z)));
  }

  /** {@code cosh x cos y + i sinh x sin y} (C's {@code ccosh}). */
  public static Complex128 cosh(Complex128 z) {
    double x = z.re(), y = z.im();
    return new Complex128(Math.cosh(x) * Math.cos(y), Math.sinh(x) * Math.sin(y));
  }

  public static Complex64 cosh(Complex64 z) {
    return narrow(cosh(widen(z)));
  }

  /** {@code tan z = -i tanh(i z)} (C's {@code ctan} is defined so). */
  public static Complex128 tan(Complex128 z) {
    Complex128 t = tanh(new Complex128(-z.im(), z.re()));
    return new Complex128(t.im(), -t.re());
  }

  public static Complex64 tan(Complex64 z) {
    return narrow(tan(widen(z)));
  }

  /**
   * Eigen's complex {@code expm1}: {@code (expm1(x) - 2 e^x sin^2(y/2)) + i e^x sin y}, which keeps
   * the digits of {@code e^z - 1} near 0; complex64 in float, as Eigen computes it.
   */
  public static Complex128 expm1(Complex128 z) {
    double x = z.re(), y = z.im();
    double erm1 = Math.expm1(x);
    double er = erm1 + 1;
    double sin2 = Math.sin(y / 2);
    sin2 = sin2 * sin2;
    return new Complex128(erm1 - 2 * er * sin2, er * Math.sin(y));
  }

  public static Complex64 expm1(Complex64 z) {
    float x = z.re(), y = z.im();
    float erm1 = (float) Math.expm1(x);
    float er = erm1 + 1f;
    float sin2 = (float) Math.sin(y / 2f);
    sin2 = sin2 * sin2;
    return new Complex64(erm1 - 2f * er * sin2, er * (float) Math.sin(y));
  }

  /** TF's Sigmoid on complex (Eigen's generic logistic): {@code 1 / (1 + e^-z)}, with Eigen's complex division. */
  public static Complex128 sigmoid(Complex128 z) {
    return ComplexFunctions.truediv(new Complex128(1.0, 0.0), ComplexFunctions.add(new Complex128(1.0, 0.0), exp(ComplexFunctions.neg(z))));
  }

  public static Complex64 sigmoid(Complex64 z) {
    return ComplexFunctions.truediv(new Complex64(1f, 0f), ComplexFunctions.add(new Complex64(1f, 0f), exp(ComplexFunctions.neg(z))));
  }

  private static Complex128 widen(Complex64 z) {
    return new Complex128(z.re(), z.im());
  }

  private static Complex64 narrow(Complex128 z) {
    return new Complex64((float) z.re(), (float) z.im());
  }
}
