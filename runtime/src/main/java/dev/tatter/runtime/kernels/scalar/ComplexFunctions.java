package dev.tatter.runtime.kernels.scalar;

import dev.tatter.runtime.Complex128;
import dev.tatter.runtime.Complex64;
import dev.tatter.runtime.kernels.elementwise.ScalarFunction;

/**
 * The element functions of complex64 and complex128 (compute types {@link Complex64} and {@link
 * Complex128}): their parts ({@code complex}, {@code real}, {@code imag}, {@code conj}, {@code
 * angle}, {@code abs}), arithmetic, equality and {@code cast}. The overload sets of {@link
 * ScalarFunctions}, {@link ArithmeticFunctions}, {@link DivisionFunctions} and {@link
 * TranscendentalFunctions} include this class, so these are found as their ops' overloads (see
 * {@link ScalarFunction}); an overload returning the part type (float for
 * complex64) gives the real dtype ({@code abs}, {@code real}), one taking floats and returning a
 * complex gives the complex dtype ({@code complex}).
 *
 * <p>complex64 computes each part in float, complex128 in double, in the order Eigen's vectorized
 * kernels do (TF's CPU kernels run these through Eigen's complex packets): {@code mul} is {@code
 * (ac - bd) + (ad + bc)i} without Annex G's recovery of infinities from NaN, {@code truediv} is
 * Eigen's {@code pdiv_complex} (the divisor scaled by the larger of its parts' magnitudes). A cast
 * from complex keeps the real part and casts it as that real type would be cast (TF's {@code
 * scalar_cast_op<std::complex<From>, To>}: {@code static_cast<To>(a.real())}); a cast to complex
 * casts to the part type and adds a zero imaginary part.
 */
public final class ComplexFunctions {
  private ComplexFunctions() {}

  // ---- parts ----

  /** TF's Complex: {@code real + imag * 1j}, float32 parts giving complex64. */
  public static Complex64 complex(float re, float im) {
    return new Complex64(re, im);
  }

  public static Complex128 complex(double re, double im) {
    return new Complex128(re, im);
  }

  public static float real(Complex64 z) {
    return z.re();
  }

  public static double real(Complex128 z) {
    return z.re();
  }

  public static float imag(Complex64 z) {
    return z.im();
  }

  public static double imag(Complex128 z) {
    return z.im();
  }

  public static Complex64 conj(Complex64 z) {
    return new Complex64(z.re(), -z.im());
  }

  public static Complex128 conj(Complex128 z) {
    return new Complex128(z.re(), -z.im());
  }

  /** TF's Angle: {@code atan2(imag, real)}; complex64 computes in double and rounds once. */
  public static float angle(Complex64 z) {
    return (float) Math.atan2(z.im(), z.re());
  }

  public static double angle(Complex128 z) {
    return Math.atan2(z.im(), z.re());
  }

  /**
   * TF's ComplexAbs ({@code std::abs}, C's {@code cabs}, i.e. {@code hypot}): complex64 squares
   * and sums its parts in double, exactly, and rounds the root once, as glibc's {@code hypotf} does;
   * an infinite part gives inf even beside a NaN.
   */
  public static float abs(Complex64 z) {
    if (Float.isInfinite(z.re()) || Float.isInfinite(z.im())) {
      return Float.POSITIVE_INFINITY;
    }
    double re = z.re(), im = z.im();
    return (float) Math.sqrt(re * re + im * im);
  }

  public static double abs(Complex128 z) {
    return Math.hypot(z.re(), z.im());
  }

  // ---- arithmetic ----

  public static Complex64 neg(Complex64 z) {
    return new Complex64(-z.re(), -z.im());
  }

  public static Complex128 neg(Complex128 z) {
    return new Complex128(-z.re(), -z.im());
  }

  public static Complex64 add(Complex64 x, Complex64 y) {
    return new Complex64(x.re() + y.re(), x.im() + y.im());
  }

  public static Complex128 add(Complex128 x, Complex128 y) {
    return new Complex128(x.re() + y.re(), x.im() + y.im());
  }

  public static Complex64 sub(Complex64 x, Complex64 y) {
    return new Complex64(x.re() - y.re(), x.im() - y.im());
  }

  public static Complex128 sub(Complex128 x, Complex128 y) {
    return new Complex128(x.re() - y.re(), x.im() - y.im());
  }

  /** {@code (ac - bd) + (ad + bc)i}, each product rounded (no fused multiply-add), as Eigen's packet pmul. */
  public static Complex64 mul(Complex64 x, Complex64 y) {
    float a = x.re(), b = x.im(), c = y.re(), d = y.im();
    return new Complex64(a * c - b * d, a * d + b * c);
  }

  public static Complex128 mul(Complex128 x, Complex128 y) {
    double a = x.re(), b = x.im(), c = y.re(), d = y.im();
    return new Complex128(a * c - b * d, a * d + b * c);
  }

  /**
   * Eigen's {@code pdiv_complex}: with {@code m = max(|c|, |d|)}, {@code c' = c/m}, {@code d' = d/m},
   * the quotient is {@code ((a c' + b d') / (c'^2 + d'^2) / m) + ((b c' - a d') / (c'^2 + d'^2) / m)i};
   * scaling keeps {@code c^2 + d^2} from overflowing. Division by 0 gives NaN parts (0/0).
   */
  public static Complex64 truediv(Complex64 x, Complex64 y) {
    float a = x.re(), b = x.im(), c = y.re(), d = y.im();
    float m = Math.max(Math.abs(c), Math.abs(d));
    float cs = c / m, ds = d / m;
    float denom = cs * cs + ds * ds;
    float re = (a * cs + b * ds) / denom;
    float im = (b * cs - a * ds) / denom;
    return new Complex64(re / m, im / m);
  }

  public static Complex128 truediv(Complex128 x, Complex128 y) {
    double a = x.re(), b = x.im(), c = y.re(), d = y.im();
    double m = Math.max(Math.abs(c), Math.abs(d));
    double cs = c / m, ds = d / m;
    double denom = cs * cs + ds * ds;
    double re = (a * cs + b * ds) / denom;
    double im = (b * cs - a * ds) / denom;
    return new Complex128(re / m, im / m);
  }

  /** Python 2 division of complex values is their true division (TF's Div on complex). */
  public static Complex64 div(Complex64 x, Complex64 y) {
    return truediv(x, y);
  }

  public static Complex128 div(Complex128 x, Complex128 y) {
    return truediv(x, y);
  }

  /** TF's raw Div op on complex: the quotient. */
  public static Complex64 rawDiv(Complex64 x, Complex64 y) {
    return truediv(x, y);
  }

  public static Complex128 rawDiv(Complex128 x, Complex128 y) {
    return truediv(x, y);
  }

  /** TF's DivNoNan: 0 where the divisor is 0 (both parts zero), else the quotient. */
  public static Complex64 divideNoNan(Complex64 x, Complex64 y) {
    return y.re() == 0 && y.im() == 0 ? Complex64.ZERO : truediv(x, y);
  }

  public static Complex128 divideNoNan(Complex128 x, Complex128 y) {
    return y.re() == 0 && y.im() == 0 ? Complex128.ZERO : truediv(x, y);
  }

  /**
   * TF's Pow on complex ({@code std::pow}, which libstdc++ hands to C's {@code cpow}: glibc's
   * {@code cexp(y * clog(x))}). The product is the compiler's, C99 Annex G's ({@link
   * #annexGMul}), not Eigen's plain one: it recovers infinities where the plain product gives NaN,
   * so {@code pow(1.7e308+0j, -inf+infj)} is 0j, and {@code pow(0j, 2+0j)} is {@code exp(-inf + nan i)},
   * a zero (ComplexSpecialValuesOracleTest measures these against TF).
   */
  public static Complex64 pow(Complex64 x, Complex64 y) {
    Complex64 l = ComplexTranscendentals.log(x);
    Complex64 p = mul(y, l); // in float, as __mulsc3 computes it
    if (Float.isNaN(p.re()) && Float.isNaN(p.im())) {
      Complex128 q = annexGMul(y.re(), y.im(), l.re(), l.im());
      p = new Complex64((float) q.re(), (float) q.im());
    }
    return ComplexTranscendentals.exp(p);
  }

  public static Complex128 pow(Complex128 x, Complex128 y) {
    Complex128 l = ComplexTranscendentals.log(x);
    return ComplexTranscendentals.exp(annexGMul(y.re(), y.im(), l.re(), l.im()));
  }

  /**
   * The compiler's complex64 product ({@code std::complex<float>}'s {@code operator*}, i.e. the
   * plain product and, where both its parts are NaN, libgcc's {@code __mulsc3}): what TF's scalar
   * folds compute ({@code SegmentProd}, {@code UnsortedSegmentProd}, {@code Cumprod}, and the
   * non-vectorized steps of {@code Prod}). Computed in float throughout, as {@code __mulsc3} does,
   * so a partial product that overflows float starts the recovery where a double one would not.
   */
  public static Complex64 mulAnnexG(Complex64 x, Complex64 y) {
    float a = x.re(), b = x.im(), c = y.re(), d = y.im();
    float ac = a * c, bd = b * d, ad = a * d, bc = b * c;
    float re = ac - bd, im = ad + bc;
    if (!Float.isNaN(re) || !Float.isNaN(im)) {
      return new Complex64(re, im);
    }
    boolean recalc = false;
    if (Float.isInfinite(a) || Float.isInfinite(b)) {
      a = Math.copySign(Float.isInfinite(a) ? 1f : 0f, a);
      b = Math.copySign(Float.isInfinite(b) ? 1f : 0f, b);
      c = Float.isNaN(c) ? Math.copySign(0f, c) : c;
      d = Float.isNaN(d) ? Math.copySign(0f, d) : d;
      recalc = true;
    }
    if (Float.isInfinite(c) || Float.isInfinite(d)) {
      c = Math.copySign(Float.isInfinite(c) ? 1f : 0f, c);
      d = Math.copySign(Float.isInfinite(d) ? 1f : 0f, d);
      a = Float.isNaN(a) ? Math.copySign(0f, a) : a;
      b = Float.isNaN(b) ? Math.copySign(0f, b) : b;
      recalc = true;
    }
    if (!recalc && (Float.isInfinite(ac) || Float.isInfinite(bd) || Float.isInfinite(ad) || Float.isInfinite(bc))) {
      a = Float.isNaN(a) ? Math.copySign(0f, a) : a;
      b = Float.isNaN(b) ? Math.copySign(0f, b) : b;
      c = Float.isNaN(c) ? Math.copySign(0f, c) : c;
      d = Float.isNaN(d) ? Math.copySign(0f, d) : d;
      recalc = true;
    }
    if (recalc) {
      re = Float.POSITIVE_INFINITY * (a * c - b * d);
      im = Float.POSITIVE_INFINITY * (a * d + b * c);
    }
    return new Complex64(re, im);
  }

  /** The compiler's complex128 product: the plain product, {@code __muldc3} where both parts are NaN (see above). */
  public static Complex128 mulAnnexG(Complex128 x, Complex128 y) {
    return annexGMul(x.re(), x.im(), y.re(), y.im());
  }

  /**
   * {@code (a + bi)(c + di)} as C99 Annex G's multiplication (G.5.1): the plain product, and where
   * both of its parts are NaN but an operand or a partial product is infinite, the infinite parts
   * become ±1, the NaN parts ±0, and the product is taken again times infinity (complex64 calls
   * it only for that recovery, whose parts are then infinities, zeros or NaN in either precision).
   */
  static Complex128 annexGMul(double a, double b, double c, double d) {
    double ac = a * c, bd = b * d, ad = a * d, bc = b * c;
    double x = ac - bd, y = ad + bc;
    if (!Double.isNaN(x) || !Double.isNaN(y)) {
      return new Complex128(x, y);
    }
    boolean recalc = false;
    if (Double.isInfinite(a) || Double.isInfinite(b)) {
      a = Math.copySign(Double.isInfinite(a) ? 1.0 : 0.0, a);
      b = Math.copySign(Double.isInfinite(b) ? 1.0 : 0.0, b);
      c = Double.isNaN(c) ? Math.copySign(0.0, c) : c;
      d = Double.isNaN(d) ? Math.copySign(0.0, d) : d;
      recalc = true;
    }
    if (Double.isInfinite(c) || Double.isInfinite(d)) {
      c = Math.copySign(Double.isInfinite(c) ? 1.0 : 0.0, c);
      d = Math.copySign(Double.isInfinite(d) ? 1.0 : 0.0, d);
      a = Double.isNaN(a) ? Math.copySign(0.0, a) : a;
      b = Double.isNaN(b) ? Math.copySign(0.0, b) : b;
      recalc = true;
    }
    if (!recalc && (Double.isInfinite(ac) || Double.isInfinite(bd) || Double.isInfinite(ad) || Double.isInfinite(bc))) {
      a = Double.isNaN(a) ? Math.copySign(0.0, a) : a;
      b = Double.isNaN(b) ? Math.copySign(0.0, b) : b;
      c = Double.isNaN(c) ? Math.copySign(0.0, c) : c;
      d = Double.isNaN(d) ? Math.copySign(0.0, d) : d;
      recalc = true;
    }
    if (recalc) {
      x = Double.POSITIVE_INFINITY * (a * c - b * d);
      y = Double.POSITIVE_INFINITY * (a * d + b * c);
    }
    return new Complex128(x, y);
  }

  /** TF's SquaredDifference on complex: {@code v * conj(v)} with {@code v = x - y}, i.e. {@code |v|^2} (TF's functor). */
  public static Complex64 squaredDifference(Complex64 x, Complex64 y) {
    Complex64 v = sub(x, y);
    return mul(v, conj(v));
  }

  public static Complex128 squaredDifference(Complex128 x, Complex128 y) {
    Complex128 v = sub(x, y);
    return mul(v, conj(v));
  }

  /** TF's MulNoNan: 0 where y is 0 (both parts), even if x is inf or NaN; else {@code x * y}. */
  public static Complex64 multiplyNoNan(Complex64 x, Complex64 y) {
    return y.re() == 0 && y.im() == 0 ? Complex64.ZERO : mul(x, y);
  }

  public static Complex128 multiplyNoNan(Complex128 x, Complex128 y) {
    return y.re() == 0 && y.im() == 0 ? Complex128.ZERO : mul(x, y);
  }

  /** TF's Square: {@code z * z}. */
  public static Complex64 square(Complex64 z) {
    return mul(z, z);
  }

  public static Complex128 square(Complex128 z) {
    return mul(z, z);
  }

  /** TF's Reciprocal: {@code 1 / z}, Eigen's complex division. */
  public static Complex64 reciprocal(Complex64 z) {
    return truediv(new Complex64(1f, 0f), z);
  }

  public static Complex128 reciprocal(Complex128 z) {
    return truediv(new Complex128(1.0, 0.0), z);
  }

  /**
   * TF's Sign on complex as Eigen's vectorized {@code psign} computes it, the path every element of a
   * tensor but its last few takes: each part divided by {@code l = max * sqrt(1 + (min / max)^2)} of
   * {@code |re|}, {@code |im|} ({@code l = max} where {@code min} is 0), and {@code +0} where {@code
   * max} is 0. Each part computes its own {@code l}, with SSE's {@code max}/{@code min}, which keep
   * their first operand when one is NaN, so {@code sign(nan+0j)} is {@code nan+0j}. (TF's scalar
   * path, {@code z * (1 / |z|)}, gives {@code nan+nanj} there and may differ in the last bit.)
   */
  public static Complex64 sign(Complex64 z) {
    return new Complex64(signPart(z.re(), z.im()), signPart(z.im(), z.re()));
  }

  public static Complex128 sign(Complex128 z) {
    return new Complex128(signPart(z.re(), z.im()), signPart(z.im(), z.re()));
  }

  /** One lane of {@code psign}: {@code own / l}, in float as Eigen's float packets compute it. */
  private static float signPart(float own, float other) {
    float a = Math.abs(own), b = Math.abs(other);
    float max = b > a ? b : a; // pmax(a, b) is _mm_max_ps(b, a): a when either is NaN
    float min = b < a ? b : a;
    if (max == 0) {
      return 0f;
    }
    float r = min / max;
    float l = min == 0 ? max : max * (float) Math.sqrt(1f + r * r);
    return own / l;
  }

  private static double signPart(double own, double other) {
    double a = Math.abs(own), b = Math.abs(other);
    double max = b > a ? b : a;
    double min = b < a ? b : a;
    if (max == 0) {
      return 0.0;
    }
    double r = min / max;
    double l = min == 0 ? max : max * Math.sqrt(1.0 + r * r);
    return own / l;
  }

  public static Complex64 zerosLike(Complex64 z) {
    return Complex64.ZERO;
  }

  public static Complex128 zerosLike(Complex128 z) {
    return Complex128.ZERO;
  }

  public static Complex64 onesLike(Complex64 z) {
    return new Complex64(1f, 0f);
  }

  public static Complex128 onesLike(Complex128 z) {
    return new Complex128(1.0, 0.0);
  }

  // ---- equality (IEEE on each part: nan != nan, -0.0 == 0.0); complex numbers have no order ----

  public static boolean eq(Complex64 x, Complex64 y) {
    return x.re() == y.re() && x.im() == y.im();
  }

  public static boolean eq(Complex128 x, Complex128 y) {
    return x.re() == y.re() && x.im() == y.im();
  }

  public static boolean ne(Complex64 x, Complex64 y) {
    return !eq(x, y);
  }

  public static boolean ne(Complex128 x, Complex128 y) {
    return !eq(x, y);
  }

  // ---- cast to complex: to the part type, imaginary part 0 ----

  public static Complex64 toComplex64(boolean a) {
    return new Complex64(a ? 1f : 0f, 0f);
  }

  public static Complex64 toComplex64(int a) {
    return new Complex64(a, 0f);
  }

  public static Complex64 toComplex64(long a) {
    return new Complex64(a, 0f);
  }

  public static Complex64 toComplex64(float a) {
    return new Complex64(a, 0f);
  }

  public static Complex64 toComplex64(double a) {
    return new Complex64((float) a, 0f);
  }

  public static Complex64 toComplex64Unsigned(int a) {
    return new Complex64(UnsignedFunctions.toFloat32Unsigned(a), 0f);
  }

  public static Complex64 toComplex64Unsigned(long a) {
    return new Complex64(UnsignedFunctions.toFloat32Unsigned(a), 0f);
  }

  public static Complex64 toComplex64(Complex64 z) {
    return z;
  }

  /** complex128 to complex64 rounds each part to float. */
  public static Complex64 toComplex64(Complex128 z) {
    return new Complex64((float) z.re(), (float) z.im());
  }

  public static Complex128 toComplex128(boolean a) {
    return new Complex128(a ? 1.0 : 0.0, 0.0);
  }

  public static Complex128 toComplex128(int a) {
    return new Complex128(a, 0.0);
  }

  public static Complex128 toComplex128(long a) {
    return new Complex128(a, 0.0);
  }

  public static Complex128 toComplex128(float a) {
    return new Complex128(a, 0.0);
  }

  public static Complex128 toComplex128(double a) {
    return new Complex128(a, 0.0);
  }

  public static Complex128 toComplex128Unsigned(int a) {
    return new Complex128(UnsignedFunctions.toFloat64Unsigned(a), 0.0);
  }

  public static Complex128 toComplex128Unsigned(long a) {
    return new Complex128(UnsignedFunctions.toFloat64Unsigned(a), 0.0);
  }

  public static Complex128 toComplex128(Complex64 z) {
    return new Complex128(z.re(), z.im());
  }

  public static Complex128 toComplex128(Complex128 z) {
    return z;
  }

  // ---- cast from complex: the real part, cast as its real type is ----

  public static boolean toBool(Complex64 z) {
    return ScalarFunctions.toBool(z.re());
  }

  public static boolean toBool(Complex128 z) {
    return ScalarFunctions.toBool(z.re());
  }

  public static int toInt8(Complex64 z) {
    return ScalarFunctions.toInt8(z.re());
  }

  public static int toInt8(Complex128 z) {
    return ScalarFunctions.toInt8(z.re());
  }

  public static int toInt16(Complex64 z) {
    return ScalarFunctions.toInt16(z.re());
  }

  public static int toInt16(Complex128 z) {
    return ScalarFunctions.toInt16(z.re());
  }

  public static int toInt32(Complex64 z) {
    return ScalarFunctions.toInt32(z.re());
  }

  public static int toInt32(Complex128 z) {
    return ScalarFunctions.toInt32(z.re());
  }

  public static long toInt64(Complex64 z) {
    return ScalarFunctions.toInt64(z.re());
  }

  public static long toInt64(Complex128 z) {
    return ScalarFunctions.toInt64(z.re());
  }

  public static int toUint8(Complex64 z) {
    return UnsignedFunctions.toUint8(z.re());
  }

  public static int toUint8(Complex128 z) {
    return UnsignedFunctions.toUint8(z.re());
  }

  public static int toUint16(Complex64 z) {
    return UnsignedFunctions.toUint16(z.re());
  }

  public static int toUint16(Complex128 z) {
    return UnsignedFunctions.toUint16(z.re());
  }

  public static long toUint32(Complex64 z) {
    return UnsignedFunctions.toUint32(z.re());
  }

  public static long toUint32(Complex128 z) {
    return UnsignedFunctions.toUint32(z.re());
  }

  public static long toUint64(Complex64 z) {
    return UnsignedFunctions.toUint64(z.re());
  }

  public static long toUint64(Complex128 z) {
    return UnsignedFunctions.toUint64(z.re());
  }

  public static float toFloat16(Complex64 z) {
    return HalfFunctions.toFloat16(z.re());
  }

  public static float toFloat16(Complex128 z) {
    return HalfFunctions.toFloat16(z.re());
  }

  public static float toBfloat16(Complex64 z) {
    return HalfFunctions.toBfloat16(z.re());
  }

  public static float toBfloat16(Complex128 z) {
    return HalfFunctions.toBfloat16(z.re());
  }

  public static float toFloat32(Complex64 z) {
    return z.re();
  }

  public static float toFloat32(Complex128 z) {
    return (float) z.re();
  }

  public static double toFloat64(Complex64 z) {
    return z.re();
  }

  public static double toFloat64(Complex128 z) {
    return z.re();
  }
}
