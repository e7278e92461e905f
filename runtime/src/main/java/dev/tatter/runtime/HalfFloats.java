package dev.tatter.runtime;

/**
 * The two 16-bit float formats, as bits in a {@code short}, and their exact conversions to and
 * from {@code float} (Java 17 has no {@code Float.float16ToFloat}). float16 is IEEE 754 binary16
 * (1 sign, 5 exponent, 10 fraction bits); bfloat16 is a float32 cut to its upper 16 bits
 * (1, 8, 7). Widening is exact. Narrowing rounds to nearest, ties to even, as Eigen's
 * {@code float_to_half_rtne} and TF's {@code bfloat16(float)} do; a NaN becomes the canonical quiet NaN
 * of its sign ({@code 0x7e00}, {@code 0x7fc0}), as Eigen's software conversions do, and values beyond the largest finite round to infinity.
 */
public final class HalfFloats {
  private HalfFloats() {}

  /** The float16 with bits {@code h}, exactly. */
  public static float float16ToFloat(short h) {
    int bits = h & 0xFFFF;
    int sign = (bits & 0x8000) << 16;
    int exponent = (bits >>> 10) & 0x1F;
    int fraction = bits & 0x3FF;
    if (exponent == 0x1F) { // inf or NaN: keep the payload in the top fraction bits
      return Float.intBitsToFloat(sign | 0x7F800000 | (fraction << 13));
    }
    if (exponent == 0) { // zero or subnormal: fraction * 2^-24, exact in float
      float magnitude = fraction * 0x1p-24f;
      return sign == 0 ? magnitude : -magnitude;
    }
    return Float.intBitsToFloat(sign | ((exponent - 15 + 127) << 23) | (fraction << 13));
  }

  /** {@code f} rounded to the nearest float16 (ties to even), as bits. */
  public static short floatToFloat16(float f) {
    int bits = Float.floatToRawIntBits(f);
    int sign = (bits >>> 16) & 0x8000;
    int magnitude = bits & 0x7FFFFFFF;
    if (magnitude >= 0x7F800000) { // inf or NaN
      return (short) (sign | (magnitude == 0x7F800000 ? 0x7C00 : 0x7E00));
    }
    if (magnitude >= 0x477FF000) { // at or above 65520 = the midpoint of 65504 and 2^16: rounds to inf
      return (short) (sign | 0x7C00);
    }
    if (magnitude < 0x38800000) { // below 2^-14: a float16 subnormal (or zero), a multiple of 2^-24
      float scaled = Float.intBitsToFloat(magnitude) * 0x1p24f; // exact: a power-of-two scaling
      return (short) (sign | Math.round(Math.rint(scaled)));
    }
    // normal: drop 13 fraction bits with round-to-nearest-even; a carry may bump the exponent
    int rebased = magnitude - ((127 - 15) << 23);
    int lsb = (rebased >>> 13) & 1;
    return (short) (sign | ((rebased + 0xFFF + lsb) >>> 13));
  }

  /** The bfloat16 with bits {@code b}, exactly: its 16 bits above 16 zero bits. */
  public static float bfloat16ToFloat(short b) {
    return Float.intBitsToFloat((b & 0xFFFF) << 16);
  }

  /** {@code f} rounded to the nearest bfloat16 (ties to even), as bits; a NaN is the quiet NaN of its sign. */
  public static short floatToBfloat16(float f) {
    int bits = Float.floatToRawIntBits(f);
    if (Float.isNaN(f)) {
      return (short) (bits < 0 ? 0xFFC0 : 0x7FC0); // Eigen's float_to_bfloat16_rtne
    }
    int lsb = (bits >>> 16) & 1;
    return (short) ((bits + 0x7FFF + lsb) >>> 16);
  }

  /**
   * {@code d} rounded once to the nearest float16 (as NumPy converts a Python float): first to
   * float with round-to-odd, which keeps enough bits for the second rounding to be exact. TF's
   * {@code cast} from float64 and {@code tf.constant} (hence an IR literal) round through float32
   * instead (Eigen's {@code half(double)}), which is {@code floatToFloat16((float) d)}.
   */
  public static short doubleToFloat16(double d) {
    return floatToFloat16(roundToOdd(d));
  }

  /** {@code d} rounded once to the nearest bfloat16 (see {@link #doubleToFloat16}). */
  public static short doubleToBfloat16(double d) {
    return floatToBfloat16(roundToOdd(d));
  }

  /**
   * {@code d} as a float, truncated toward zero with the lowest bit set if anything was dropped:
   * rounding that float to nearest in a format with at least two fewer significand bits is
   * rounding {@code d} once ({@link DTypeLayout#nearest}).
   */
  static float roundToOdd(double d) {
    float f = (float) d;
    if ((double) f == d || Double.isNaN(d)) {
      return f;
    }
    if (Math.abs((double) f) > Math.abs(d)) {
      f = Math.nextAfter(f, 0.0);
    }
    return Float.intBitsToFloat(Float.floatToRawIntBits(f) | 1);
  }

  /** The float16 nearest {@code f}, as a float (exactly representable). */
  public static float roundToFloat16(float f) {
    return float16ToFloat(floatToFloat16(f));
  }

  /** The bfloat16 nearest {@code f}, as a float. */
  public static float roundToBfloat16(float f) {
    return bfloat16ToFloat(floatToBfloat16(f));
  }
}
