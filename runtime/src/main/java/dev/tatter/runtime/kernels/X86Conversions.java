package dev.tatter.runtime.kernels;

/**
 * Float-to-integer conversion as TF's CPU kernels compute it on x86-64, where C++ leaves an
 * out-of-range value undefined and the instruction decides: {@code cvttss2si}/{@code cvttsd2si}
 * truncate toward zero and give the "integer indefinite" value (the minimum, {@code 0x80...0})
 * for NaN and for anything outside the target's range. Narrower integers take the low bits of
 * the 32-bit conversion, uint32 the low bits of the 64-bit one, and uint64 the sequence clang
 * emits without AVX-512 (below), which is what TF's x86 builds run.
 */
final class X86Conversions {
  private X86Conversions() {}

  private static final double TWO_31 = 0x1p31;
  private static final double TWO_63 = 0x1p63;

  /** {@code cvttss2si} to a 32-bit register. */
  static int toInt32(float a) {
    return toInt32((double) a);
  }

  /** {@code cvttsd2si} to a 32-bit register. */
  static int toInt32(double a) {
    return a > -TWO_31 - 1 && a < TWO_31 ? (int) a : Integer.MIN_VALUE; // NaN fails both tests
  }

  /** {@code cvttss2si} to a 64-bit register. */
  static long toInt64(float a) {
    return toInt64((double) a);
  }

  /** {@code cvttsd2si} to a 64-bit register ({@code -2^63} itself converts exactly). */
  static long toInt64(double a) {
    return a >= -TWO_63 && a < TWO_63 ? (long) a : Long.MIN_VALUE;
  }

  static long toUint64(float a) {
    return toUint64((double) a);
  }

  /**
   * clang's float-to-uint64: {@code lo = cvtt(a); hi = cvtt(a - 2^63); lo | (hi & (lo >> 63))}.
   * Values in [0, 2^64) convert exactly, a small negative one wraps as its int64 would, NaN
   * and anything at or above 2^64 give 2^63.
   */
  static long toUint64(double a) {
    long lo = toInt64(a);
    long hi = toInt64(a - TWO_63);
    return lo | (hi & (lo >> 63));
  }
}
