package dev.tatter.runtime.kernels.scalar;

import dev.tatter.runtime.kernels.elementwise.ScalarFunction;

/**
 * Element functions of TF's bitwise ops (BitwiseAnd/Or/Xor, Invert, LeftShift, RightShift) on
 * integers. Shifts follow TF's kernel for a shift amount outside {@code [0, width - 1]}: it is
 * clamped into that range (so {@code 1 << 32} in int32 is {@code 1 << 31}, {@code x >> 99} is
 * {@code x >> 31}, a negative amount shifts by 0). Right shifts of signed values are arithmetic.
 * Because int8 and int16 compute as {@code int}, their left shifts have width-specific
 * overloads ({@code leftShiftInt8}, see {@link ScalarFunction#overload}); a right shift of a
 * sign-extended value by 7..31 bits already gives what the narrow shift clamped to 7 gives.
 */
public final class BitwiseFunctions {
  private BitwiseFunctions() {}

  public static int bitwiseAnd(int a, int b) {
    return a & b;
  }

  public static long bitwiseAnd(long a, long b) {
    return a & b;
  }

  public static int bitwiseOr(int a, int b) {
    return a | b;
  }

  public static long bitwiseOr(long a, long b) {
    return a | b;
  }

  public static int bitwiseXor(int a, int b) {
    return a ^ b;
  }

  public static long bitwiseXor(long a, long b) {
    return a ^ b;
  }

  /** ~x: flips every bit (of the narrow value too, once stored). */
  public static int bitwiseInvert(int a) {
    return ~a;
  }

  public static long bitwiseInvert(long a) {
    return ~a;
  }

  /** int32: {@code x << clamp(y, 0, 31)}. */
  public static int leftShift(int a, int b) {
    return a << clamp(b, 31);
  }

  public static int leftShiftInt8(int a, int b) {
    return a << clamp(b, 7);
  }

  public static int leftShiftInt16(int a, int b) {
    return a << clamp(b, 15);
  }

  public static long leftShift(long a, long b) {
    return a << clamp(b, 63);
  }

  /** {@code x >> clamp(y, 0, 31)}, arithmetic. */
  public static int rightShift(int a, int b) {
    return a >> clamp(b, 31);
  }

  public static long rightShift(long a, long b) {
    return a >> clamp(b, 63);
  }

  private static int clamp(long shift, int max) {
    return shift < 0 ? 0 : (int) Math.min(shift, max);
  }

  // ---- unsigned (see ScalarFunction): uint8/uint16 zero-extended in an int, uint32 in a long, uint64 raw bits ----

  public static int bitwiseAndUnsigned(int a, int b) {
    return a & b;
  }

  public static long bitwiseAndUnsigned(long a, long b) {
    return a & b;
  }

  public static int bitwiseOrUnsigned(int a, int b) {
    return a | b;
  }

  public static long bitwiseOrUnsigned(long a, long b) {
    return a | b;
  }

  public static int bitwiseXorUnsigned(int a, int b) {
    return a ^ b;
  }

  public static long bitwiseXorUnsigned(long a, long b) {
    return a ^ b;
  }

  /** The bits above the dtype's width are set here and dropped when stored (as every fused step narrows). */
  public static int bitwiseInvertUnsigned(int a) {
    return ~a;
  }

  public static long bitwiseInvertUnsigned(long a) {
    return ~a;
  }

  /**
   * Unsigned shift amounts are never negative; one above {@code width - 1} (for uint64 one whose
   * raw bits read as negative too) shifts by {@code width - 1}, as TF's clamp compares unsigned.
   */
  public static int leftShiftUint8(int a, int b) {
    return a << unsignedClamp(b, 7);
  }

  public static int leftShiftUint16(int a, int b) {
    return a << unsignedClamp(b, 15);
  }

  public static long leftShiftUint32(long a, long b) {
    return a << unsignedClamp(b, 31);
  }

  public static long leftShiftUint64(long a, long b) {
    return a << unsignedClamp(b, 63);
  }

  /** Logical: the operand is zero-extended (or raw uint64 bits, shifted with {@code >>>}). */
  public static int rightShiftUint8(int a, int b) {
    return a >>> unsignedClamp(b, 7);
  }

  public static int rightShiftUint16(int a, int b) {
    return a >>> unsignedClamp(b, 15);
  }

  public static long rightShiftUint32(long a, long b) {
    return a >>> unsignedClamp(b, 31);
  }

  public static long rightShiftUint64(long a, long b) {
    return a >>> unsignedClamp(b, 63);
  }

  private static int unsignedClamp(long shift, int max) {
    return Long.compareUnsigned(shift, max) > 0 ? max : (int) shift;
  }
}
