package dev.tatter.runtime.kernels.scalar;

/**
 * Float-to-integer {@code cast} as TF 2.18's CPU kernel computes it on x86-64, where C++ leaves
 * an out-of-range conversion undefined and the instructions decide (measured by the {@code -Ptf}
 * oracle, {@code NewDTypesOracleTest}, on every pair of dtypes):
 *
 * <ul>
 *   <li>int32 and int64: {@code cvttss2si}/{@code cvttsd2si} truncate toward zero and give the
 *       "integer indefinite" value, the minimum, for NaN and anything out of range;
 *   <li>int8, int16, uint8, uint16: Eigen's vectorized conversion — to int32 as above, then the
 *       saturating packs ({@code packssdw}, {@code packsswb}, {@code packusdw}, {@code packuswb}):
 *       {@code 300.7 -> int8 127}, {@code -1.5 -> uint8 0}, NaN to int8 {@code -128}. Float64 to
 *       uint8 packs to uint16 first and then reads it as int16, so {@code 40000.0 -> 0};
 *   <li>uint32 and uint64: the compilers' sequence {@code lo = cvtt(x); hi = cvtt(x - 2^(w-1));
 *       lo | (hi & (lo >> (w-1)))} at the target's width w (32 or 64): exact in range, a small
 *       negative value wraps ({@code -1.0 -> 2^w - 1}), NaN and the rest give 2^(w-1).
 * </ul>
 *
 * TF's scalar loop over the last elements of a tensor that do not fill a vector converts int8,
 * int16, uint8 and uint16 differently (the low bits of the int32 conversion), so TF's own result
 * for out-of-range values depends on the element's position; Tatter follows the vectorized rule
 * everywhere (docs/SEMANTICS.md). In-range values convert exactly in both.
 */
final class X86Conversions {
  private X86Conversions() {}

  private static final double TWO_31 = 0x1p31;
  private static final double TWO_63 = 0x1p63;

  /** {@code cvttsd2si} to a 32-bit register ({@code cvttss2si} of a float widened first is the same). */
  static int toInt32(double a) {
    return a > -TWO_31 - 1 && a < TWO_31 ? (int) a : Integer.MIN_VALUE; // NaN fails both tests
  }

  /** {@code cvttsd2si} to a 64-bit register ({@code -2^63} itself converts exactly). */
  static long toInt64(double a) {
    return a >= -TWO_63 && a < TWO_63 ? (long) a : Long.MIN_VALUE;
  }

  static int toInt8(double a) {
    return Math.max(-128, Math.min(127, toInt32(a)));
  }

  static int toInt16(double a) {
    return Math.max(-32768, Math.min(32767, toInt32(a)));
  }

  static int toUint16(double a) {
    return Math.max(0, Math.min(65535, toInt32(a)));
  }

  /** From float32: int32, then saturated to int16 and to uint8, which clamps to [0, 255]. */
  static int toUint8(float a) {
    return Math.max(0, Math.min(255, toInt32(a)));
  }

  /** From float64: int32, saturated to uint16, read as int16, saturated to uint8. */
  static int toUint8(double a) {
    short asInt16 = (short) toUint16(a);
    return Math.max(0, Math.min(255, (int) asInt16));
  }

  static long toUint32(double a) {
    int lo = toInt32(a);
    int hi = toInt32(a - TWO_31);
    return (lo | (hi & (lo >> 31))) & 0xFFFFFFFFL;
  }

  static long toUint64(double a) {
    long lo = toInt64(a);
    long hi = toInt64(a - TWO_63);
    return lo | (hi & (lo >> 63));
  }
}
