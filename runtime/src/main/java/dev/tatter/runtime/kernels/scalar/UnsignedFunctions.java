package dev.tatter.runtime.kernels.scalar;

import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.kernels.elementwise.ScalarFunction;

/**
 * The element functions of the unsigned dtypes: the {@code <name>Unsigned} overloads that
 * {@link ScalarFunction} resolves for uint8, uint16, uint32 and uint64 (see there), and every
 * {@code cast} to and from them. They belong to {@link ScalarFunctions#OVERLOADS}, so they are
 * found as its ops' overloads; they live here to keep the unsigned rules in one place.
 *
 * <p>Operands arrive as their dtype's compute type holds them: uint8 and uint16 zero-extended in
 * an {@code int}, uint32 zero-extended in a {@code long}, uint64 as its raw bits in a {@code
 * long}. Results are narrowed when stored, so {@code add}, {@code sub} and {@code mul} wrap modulo
 * 2^bits as C++'s unsigned arithmetic does; division, remainder and ordering read the bits as
 * unsigned ({@link Long#divideUnsigned}, {@link Long#compareUnsigned}), which is also right for the
 * zero-extended uint32 values. Only the ops TF's CPU kernels register for unsigned dtypes have
 * overloads here (no {@code neg}, {@code abs}, {@code pow}: TF has no such kernels).
 */
public final class UnsignedFunctions {
  private UnsignedFunctions() {}

  // ---- arithmetic (wraps when stored) ----

  public static int addUnsigned(int a, int b) {
    return a + b;
  }

  public static long addUnsigned(long a, long b) {
    return a + b;
  }

  public static int subUnsigned(int a, int b) {
    return a - b;
  }

  public static long subUnsigned(long a, long b) {
    return a - b;
  }

  public static int mulUnsigned(int a, int b) {
    return a * b;
  }

  public static long mulUnsigned(long a, long b) {
    return a * b;
  }

  /** TF's FloorDiv (and raw Div) on unsigned integers is plain division; by zero is an error. */
  public static int floordivUnsigned(int a, int b) {
    if (b == 0) {
      throw new InvalidArgumentException(ScalarFunctions.DIVISION_BY_ZERO);
    }
    return Integer.divideUnsigned(a, b);
  }

  public static long floordivUnsigned(long a, long b) {
    if (b == 0) {
      throw new InvalidArgumentException(ScalarFunctions.DIVISION_BY_ZERO);
    }
    return Long.divideUnsigned(a, b);
  }

  /** Python 2 division ({@code tf.compat.v1.div}) of integers: floor division. */
  public static int divUnsigned(int a, int b) {
    return floordivUnsigned(a, b);
  }

  public static long divUnsigned(long a, long b) {
    return floordivUnsigned(a, b);
  }

  /** TF's FloorMod on unsigned integers: the remainder; modulo zero is an error. */
  public static int modUnsigned(int a, int b) {
    if (b == 0) {
      throw new InvalidArgumentException(ScalarFunctions.DIVISION_BY_ZERO);
    }
    return Integer.remainderUnsigned(a, b);
  }

  public static long modUnsigned(long a, long b) {
    if (b == 0) {
      throw new InvalidArgumentException(ScalarFunctions.DIVISION_BY_ZERO);
    }
    return Long.remainderUnsigned(a, b);
  }

  public static int maximumUnsigned(int a, int b) {
    return Integer.compareUnsigned(a, b) > 0 ? a : b;
  }

  public static long maximumUnsigned(long a, long b) {
    return Long.compareUnsigned(a, b) > 0 ? a : b;
  }

  public static int minimumUnsigned(int a, int b) {
    return Integer.compareUnsigned(a, b) < 0 ? a : b;
  }

  public static long minimumUnsigned(long a, long b) {
    return Long.compareUnsigned(a, b) < 0 ? a : b;
  }

  /** The fold of {@code reduce_min}/{@code row_min}: the smaller, as unsigned. */
  public static int reduceMinUnsigned(int a, int b) {
    return minimumUnsigned(a, b);
  }

  public static long reduceMinUnsigned(long a, long b) {
    return minimumUnsigned(a, b);
  }

  public static int reduceMaxUnsigned(int a, int b) {
    return maximumUnsigned(a, b);
  }

  public static long reduceMaxUnsigned(long a, long b) {
    return maximumUnsigned(a, b);
  }

  // ---- comparisons ----

  public static boolean ltUnsigned(int a, int b) {
    return Integer.compareUnsigned(a, b) < 0;
  }

  public static boolean ltUnsigned(long a, long b) {
    return Long.compareUnsigned(a, b) < 0;
  }

  public static boolean leUnsigned(int a, int b) {
    return Integer.compareUnsigned(a, b) <= 0;
  }

  public static boolean leUnsigned(long a, long b) {
    return Long.compareUnsigned(a, b) <= 0;
  }

  public static boolean gtUnsigned(int a, int b) {
    return Integer.compareUnsigned(a, b) > 0;
  }

  public static boolean gtUnsigned(long a, long b) {
    return Long.compareUnsigned(a, b) > 0;
  }

  public static boolean geUnsigned(int a, int b) {
    return Integer.compareUnsigned(a, b) >= 0;
  }

  public static boolean geUnsigned(long a, long b) {
    return Long.compareUnsigned(a, b) >= 0;
  }

  public static boolean eqUnsigned(int a, int b) {
    return a == b;
  }

  public static boolean eqUnsigned(long a, long b) {
    return a == b;
  }

  public static boolean neUnsigned(int a, int b) {
    return a != b;
  }

  public static boolean neUnsigned(long a, long b) {
    return a != b;
  }

  // ---- cast from an unsigned source: to<Dtype>Unsigned(compute) ----

  public static boolean toBoolUnsigned(int a) {
    return a != 0;
  }

  public static boolean toBoolUnsigned(long a) {
    return a != 0;
  }

  /** Integer casts keep the low bits (C++'s modular conversion), whatever the signedness. */
  public static int toInt8Unsigned(int a) {
    return (byte) a;
  }

  public static int toInt8Unsigned(long a) {
    return (byte) a;
  }

  public static int toInt16Unsigned(int a) {
    return (short) a;
  }

  public static int toInt16Unsigned(long a) {
    return (short) a;
  }

  public static int toInt32Unsigned(int a) {
    return a;
  }

  public static int toInt32Unsigned(long a) {
    return (int) a;
  }

  public static long toInt64Unsigned(int a) {
    return a;
  }

  public static long toInt64Unsigned(long a) {
    return a;
  }

  public static int toUint8Unsigned(int a) {
    return a & 0xFF;
  }

  public static int toUint8Unsigned(long a) {
    return (int) a & 0xFF;
  }

  public static int toUint16Unsigned(int a) {
    return a & 0xFFFF;
  }

  public static int toUint16Unsigned(long a) {
    return (int) a & 0xFFFF;
  }

  public static long toUint32Unsigned(int a) {
    return a;
  }

  public static long toUint32Unsigned(long a) {
    return a & 0xFFFFFFFFL;
  }

  public static long toUint64Unsigned(int a) {
    return a;
  }

  public static long toUint64Unsigned(long a) {
    return a;
  }

  public static float toFloat32Unsigned(int a) {
    return a;
  }

  /** Rounds to nearest even (C++'s conversion): a value above 2^63 is halved with a sticky bit first. */
  public static float toFloat32Unsigned(long a) {
    if (a >= 0) {
      return a;
    }
    return (float) ((a >>> 1) | (a & 1)) * 2f;
  }

  public static double toFloat64Unsigned(int a) {
    return a;
  }

  public static double toFloat64Unsigned(long a) {
    if (a >= 0) {
      return a;
    }
    return (double) ((a >>> 1) | (a & 1)) * 2.0;
  }

  // ---- cast to an unsigned dtype from a signed or float source ----

  public static int toUint8(boolean a) {
    return a ? 1 : 0;
  }

  public static int toUint8(int a) {
    return a & 0xFF;
  }

  public static int toUint8(long a) {
    return (int) a & 0xFF;
  }

  /** TF's x86 conversion (see {@link X86Conversions}): clamped to [0, 255]. */
  public static int toUint8(float a) {
    return X86Conversions.toUint8(a);
  }

  /** TF's x86 conversion through uint16 read as int16: {@code 40000.0 -> 0}. */
  public static int toUint8(double a) {
    return X86Conversions.toUint8(a);
  }

  public static int toUint16(boolean a) {
    return a ? 1 : 0;
  }

  public static int toUint16(int a) {
    return a & 0xFFFF;
  }

  public static int toUint16(long a) {
    return (int) a & 0xFFFF;
  }

  /** TF's x86 conversion: clamped to [0, 65535]. */
  public static int toUint16(float a) {
    return X86Conversions.toUint16(a);
  }

  public static int toUint16(double a) {
    return X86Conversions.toUint16(a);
  }

  public static long toUint32(boolean a) {
    return a ? 1 : 0;
  }

  public static long toUint32(int a) {
    return a & 0xFFFFFFFFL;
  }

  public static long toUint32(long a) {
    return a & 0xFFFFFFFFL;
  }

  /** TF's x86 conversion: exact in range, small negatives wrap, the rest 2^31. */
  public static long toUint32(float a) {
    return X86Conversions.toUint32(a);
  }

  public static long toUint32(double a) {
    return X86Conversions.toUint32(a);
  }

  public static long toUint64(boolean a) {
    return a ? 1 : 0;
  }

  public static long toUint64(int a) {
    return a;
  }

  public static long toUint64(long a) {
    return a;
  }

  public static long toUint64(float a) {
    return X86Conversions.toUint64(a);
  }

  public static long toUint64(double a) {
    return X86Conversions.toUint64(a);
  }
}
