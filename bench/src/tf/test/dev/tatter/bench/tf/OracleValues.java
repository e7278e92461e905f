package dev.tatter.bench.tf;

import dev.tatter.runtime.Complex128;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Scalars;
import dev.tatter.runtime.Tensor;
import java.util.SplittableRandom;

/**
 * Random vectors of any dtype for the registry-driven oracle, and distances in ulp between TF's
 * and Tatter's floats. Half of the values are extremes of their dtype (its limits, zeros of both
 * signs, NaN and infinities, the smallest subnormal, shift amounts around the width), the rest
 * small values; floats also spread over many binades. A "tame" integer vector holds only 1 to 7,
 * a divisor, exponent or shift that every integer op takes.
 */
final class OracleValues {
  private OracleValues() {}

  private static final String[] STRINGS = {"", "a", "b", "ab", "a b", "\u00e9", "\u00e9t\u00e9", "\u0000", "\uD83D\uDE00", "TF"};

  static Tensor vector(DType dtype, int n, SplittableRandom r, boolean tame) {
    if (dtype == DType.FLOAT16 || dtype == DType.BFLOAT16) {
      return NewDTypesOracleTest.halfVector(dtype, n, r);
    }
    if (dtype.isUnsigned() && !tame) {
      return NewDTypesOracleTest.unsignedVector(dtype, n, r);
    }
    Object data = dtype.layout().newArray(n);
    for (int i = 0; i < n; i++) {
      Scalars.store(dtype, data, i, value(dtype, r, tame));
    }
    return Tensor.wrap(dtype, new int[] {n}, data);
  }

  private static Object value(DType dtype, SplittableRandom r, boolean tame) {
    return switch (dtype.kind()) {
      case BOOL -> r.nextBoolean();
      case STRING -> STRINGS[r.nextInt(STRINGS.length)];
      case INTEGER, UNSIGNED -> tame ? (long) r.nextInt(1, 8) : signed(dtype, r);
      case FLOATING -> floating(r);
      case COMPLEX -> new Complex128(part(r), part(r));
    };
  }

  /** A signed integer of {@code dtype}: an extreme (limits, small values, shift amounts around the width) or a small value. */
  private static long signed(DType dtype, SplittableRandom r) {
    long min = dtype.minInteger();
    long max = dtype.maxInteger();
    int w = dtype.bits();
    long[] extremes = {0, 1, -1, 2, -2, 3, -3, 7, -7, 100, -100, min, max, min + 1, max - 1, w - 1, w, w + 1};
    return r.nextBoolean() ? extremes[r.nextInt(extremes.length)] : r.nextInt(-20, 21);
  }

  /** A float: an extreme, a multiple of 1/4, uniform in [-10, 10], or spread over the binades 2^-40 to 2^40. */
  private static double floating(SplittableRandom r) {
    return switch (r.nextInt(4)) {
      case 0 -> OracleInputs.FLOAT_EXTREMES[r.nextInt(OracleInputs.FLOAT_EXTREMES.length)];
      case 1 -> r.nextInt(-50, 51) / 4.0;
      case 2 -> (r.nextDouble() * 2 - 1) * 10;
      default -> (r.nextBoolean() ? 1 : -1) * r.nextDouble(1, 2) * Math.pow(2, r.nextInt(-40, 41));
    };
  }

  /**
   * A part of a complex value, uniform in [-4, 4] as {@link ComplexOracleTest}'s: zero, infinite
   * and NaN parts, where TF's complex kernels take other branches, are {@link
   * ComplexSpecialValuesOracleTest}'s.
   */
  private static double part(SplittableRandom r) {
    return (r.nextDouble() - 0.5) * 8;
  }

  /** A value every op takes: 1 for integers, 0.5 for floats, 0.5+0.25j, true, "a". */
  private static Object tameScalar(DType dtype) {
    return switch (dtype.kind()) {
      case BOOL -> true;
      case STRING -> "a";
      case INTEGER, UNSIGNED -> 1L;
      case FLOATING -> 0.5;
      case COMPLEX -> new Complex128(0.5, 0.25);
    };
  }

  /**
   * {@code t} lengthened to a multiple of {@code lanes} elements with a value every op takes, so
   * that TF's vectorized loop computes every element: TF's scalar loop over the remainder differs
   * from it where the two round or order differently (docs/SEMANTICS.md: casts, signed zeros of
   * maximum and minimum, complex special values).
   */
  static Tensor padded(Tensor t, int lanes) {
    int n = t.size();
    int m = (n + lanes - 1) / lanes * lanes;
    if (m == n) {
      return t;
    }
    Object data = t.dtype().layout().newArray(m);
    t.dtype().layout().copy(t.unsafeData(), 0, data, 0, n);
    for (int i = n; i < m; i++) {
      Scalars.store(t.dtype(), data, i, tameScalar(t.dtype()));
    }
    return Tensor.wrap(t.dtype(), new int[] {m}, data);
  }

  /** A complex tensor's parts, {@code re0, im0, re1, ...}. */
  static double[] parts(Tensor t) {
    double[] p = new double[2 * t.size()];
    for (int i = 0; i < t.size(); i++) {
      p[2 * i] = t.real(i);
      p[2 * i + 1] = t.imag(i);
    }
    return p;
  }

  /**
   * The distance in representable values of the floats' own format between element {@code i} of
   * TF's and Tatter's result: 0 when their bits are equal or both are NaN; unbounded when only one
   * is NaN, when either is an infinity or a zero and the bits differ, or when their signs differ.
   */
  static long ulps(Tensor expected, Tensor actual, int i) {
    double e = expected.getDouble(i);
    double a = actual.getDouble(i);
    if (Double.isNaN(e) || Double.isNaN(a)) {
      return Double.isNaN(e) && Double.isNaN(a) ? 0 : Long.MAX_VALUE;
    }
    long be = bits(expected, i);
    long ba = bits(actual, i);
    if (be == ba) {
      return 0;
    }
    if (Double.isInfinite(e) || Double.isInfinite(a) || e == 0 || a == 0 || Math.signum(e) != Math.signum(a)) {
      return Long.MAX_VALUE;
    }
    long sign = signBit(expected.dtype()); // equal signs: the distance of the magnitudes
    return Math.abs((be & ~sign) - (ba & ~sign));
  }

  private static long signBit(DType dtype) {
    return dtype.bits() == 64 ? Long.MIN_VALUE : 1L << (dtype.bits() - 1);
  }

  /** The raw bits of a float element of a 16-, 32- or 64-bit format, zero-extended. */
  private static long bits(Tensor t, int i) {
    Object data = t.unsafeData();
    return switch (t.dtype()) {
      case FLOAT16, BFLOAT16 -> ((short[]) data)[i] & 0xFFFFL;
      case FLOAT32 -> Float.floatToRawIntBits(((float[]) data)[i]) & 0xFFFFFFFFL;
      case FLOAT64 -> Double.doubleToRawLongBits(((double[]) data)[i]);
      default -> throw new IllegalArgumentException(t.dtype() + " is not a float");
    };
  }

  /** {@link #ulps} for the parts of a complex result, in float32 ({@code single}) or float64. */
  static long partUlps(double e, double a, boolean single) {
    Tensor te = single ? Tensor.ofFloats((float) e) : Tensor.ofDoubles(e);
    Tensor ta = single ? Tensor.ofFloats((float) a) : Tensor.ofDoubles(a);
    return ulps(te, ta, 0);
  }
}
