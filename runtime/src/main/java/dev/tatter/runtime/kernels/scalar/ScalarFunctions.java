package dev.tatter.runtime.kernels.scalar;

import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.kernels.elementwise.PointwiseKernels;
import dev.tatter.runtime.kernels.elementwise.ScalarFunction;

/**
 * The one definition of each elementwise op's arithmetic on single elements, with TensorFlow's
 * CPU semantics. The generic unfused loop ({@link PointwiseKernels}), constant folding and the
 * fused loops that codegen emits (by {@code
 * INVOKESTATIC} of these methods, which C2 inlines) all call these, so they agree bit for bit.
 *
 * <p>The contract (see {@link ScalarFunction}): the overloads of an op are named as the op's
 * {@code pointwise} function and take {@code (int, int)} for int8/int16/int32 (the result is narrowed when
 * stored, which wraps in two's complement exactly as the narrow arithmetic would), {@code (long,
 * long)} for int64, {@code (float, float)}, {@code (double, double)} and {@code (boolean,
 * boolean)}; unary ops take one argument; comparisons return {@code boolean}. Operands of one
 * node share one dtype; dtype changes go through {@code cast}, whose element functions are the
 * {@code to<Dtype>} methods below (see {@link #castFunctionName}).
 *
 * <p>Errors TF's kernels raise at run time are thrown here as {@link InvalidArgumentException}
 * with TF's wording; the executor prefixes the node.
 */
public final class ScalarFunctions {
  private ScalarFunctions() {}

  /**
   * The overloads of the ops defined here: these, and the same ops' overloads for the unsigned,
   * 16-bit float and complex dtypes, which live in classes of their own.
   */
  public static final OverloadSet OVERLOADS =
      OverloadSet.of(ScalarFunctions.class, UnsignedFunctions.class, HalfFunctions.class, ComplexFunctions.class);

  static final String DIVISION_BY_ZERO = "Integer division by zero";
  static final String NEGATIVE_POWER = "Integers to negative integer powers are not allowed";

  // ---- unary ----

  /** |a|; the minimum value wraps to itself, as in TF (two's complement). */
  public static int abs(int a) {
    return a < 0 ? -a : a;
  }

  public static long abs(long a) {
    return a < 0 ? -a : a;
  }

  /** Clears the sign bit: abs(-0.0) is 0.0, abs(NaN) is NaN. */
  public static float abs(float a) {
    return Math.abs(a);
  }

  public static double abs(double a) {
    return Math.abs(a);
  }

  /** -a; the minimum value wraps to itself. */
  public static int neg(int a) {
    return -a;
  }

  public static long neg(long a) {
    return -a;
  }

  public static float neg(float a) {
    return -a;
  }

  public static double neg(double a) {
    return -a;
  }

  /** TF's {@code RaggedTensor.__invert__} is {@code logical_not}. */
  public static boolean invert(boolean a) {
    return !a;
  }

  // ---- arithmetic ----

  public static int add(int a, int b) {
    return a + b;
  }

  public static long add(long a, long b) {
    return a + b;
  }

  public static float add(float a, float b) {
    return a + b;
  }

  public static double add(double a, double b) {
    return a + b;
  }

  public static int sub(int a, int b) {
    return a - b;
  }

  public static long sub(long a, long b) {
    return a - b;
  }

  public static float sub(float a, float b) {
    return a - b;
  }

  public static double sub(double a, double b) {
    return a - b;
  }

  public static int mul(int a, int b) {
    return a * b;
  }

  public static long mul(long a, long b) {
    return a * b;
  }

  public static float mul(float a, float b) {
    return a * b;
  }

  public static double mul(double a, double b) {
    return a * b;
  }

  /** TF's RealDiv: IEEE division, so x/0 is ±inf and 0/0 is NaN. Integers are cast first. */
  public static float truediv(float a, float b) {
    return a / b;
  }

  public static double truediv(double a, double b) {
    return a / b;
  }

  /** Python 2 division ({@code tf.compat.v1.div}): floor division on integers, true division on floats. */
  public static int div(int a, int b) {
    return floordiv(a, b);
  }

  public static long div(long a, long b) {
    return floordiv(a, b);
  }

  public static float div(float a, float b) {
    return a / b;
  }

  public static double div(double a, double b) {
    return a / b;
  }

  /**
   * TF's FloorDiv on integers: rounds toward negative infinity; division by zero is an error
   * ("Integer division by zero"); MIN / -1 wraps to MIN, as TF's kernel does to avoid the FPE.
   */
  public static int floordiv(int a, int b) {
    if (b == 0) {
      throw new InvalidArgumentException(DIVISION_BY_ZERO);
    }
    return Math.floorDiv(a, b);
  }

  public static long floordiv(long a, long b) {
    if (b == 0) {
      throw new InvalidArgumentException(DIVISION_BY_ZERO);
    }
    return Math.floorDiv(a, b);
  }

  /** TF's FloorDiv on floats: floor(a / b), so x/0 is ±inf and 0/0 NaN. */
  public static float floordiv(float a, float b) {
    return (float) Math.floor(a / b);
  }

  public static double floordiv(double a, double b) {
    return Math.floor(a / b);
  }

  /** TF's FloorMod on integers: the result takes the divisor's sign; modulo zero is an error. */
  public static int mod(int a, int b) {
    if (b == 0) {
      throw new InvalidArgumentException(DIVISION_BY_ZERO);
    }
    return Math.floorMod(a, b);
  }

  public static long mod(long a, long b) {
    if (b == 0) {
      throw new InvalidArgumentException(DIVISION_BY_ZERO);
    }
    return Math.floorMod(a, b);
  }

  /**
   * TF's FloorMod on floats: C's fmod (Java's {@code %}), moved by one divisor when it is
   * non-zero and its sign differs from the divisor's. mod(x, 0) is NaN.
   */
  public static float mod(float a, float b) {
    float trunc = a % b;
    return trunc != 0 && ((b < 0) != (trunc < 0)) ? trunc + b : trunc;
  }

  public static double mod(double a, double b) {
    double trunc = a % b;
    return trunc != 0 && ((b < 0) != (trunc < 0)) ? trunc + b : trunc;
  }

  /**
   * TF's Pow on integers (Eigen's exponentiation by squaring, wrapping on overflow); a negative
   * exponent is an error.
   */
  public static int pow(int a, int b) {
    if (b < 0) {
      throw new InvalidArgumentException(NEGATIVE_POWER);
    }
    int result = 1;
    int base = a;
    for (int e = b; e != 0; e >>>= 1) {
      if ((e & 1) != 0) {
        result *= base;
      }
      base *= base;
    }
    return result;
  }

  public static long pow(long a, long b) {
    if (b < 0) {
      throw new InvalidArgumentException(NEGATIVE_POWER);
    }
    long result = 1;
    long base = a;
    for (long e = b; e != 0; e >>>= 1) {
      if ((e & 1) != 0) {
        result *= base;
      }
      base *= base;
    }
    return result;
  }

  /** C's powf, computed in double and rounded once; see {@link #pow(double, double)}. */
  public static float pow(float a, float b) {
    return (float) pow((double) a, (double) b);
  }

  /**
   * C's pow (what TF's kernel calls). Java's {@link Math#pow} follows C except for two cases
   * that C defines as 1: pow(1, y) for any y (NaN too) and pow(-1, ±inf).
   */
  public static double pow(double a, double b) {
    if (a == 1.0 || (a == -1.0 && Double.isInfinite(b))) {
      return 1.0;
    }
    return Math.pow(a, b);
  }

  // ---- maximum, minimum (TF's Maximum/Minimum kernels, checked by the -Ptf oracle) ----

  /**
   * The larger of a and b as TF's vectorized CPU kernel picks it: a if a > b, else b — so of two
   * equal values (-0.0 and 0.0) the second wins (TF's scalar remainder loop keeps the first): {@code maximum(-0.0, 0.0)} is 0.0, {@code maximum(0.0, -0.0)}
   * is -0.0, and the op is not commutative bit for bit. A NaN in either operand is the result.
   */
  public static int maximum(int a, int b) {
    return a > b ? a : b;
  }

  public static long maximum(long a, long b) {
    return a > b ? a : b;
  }

  public static float maximum(float a, float b) {
    return a != a ? a : a > b ? a : b;
  }

  public static double maximum(double a, double b) {
    return a != a ? a : a > b ? a : b;
  }

  /** The smaller of a and b: a if {@code a < b}, else b (of two equal zeros, the second); a NaN in either is the result. */
  public static int minimum(int a, int b) {
    return a < b ? a : b;
  }

  public static long minimum(long a, long b) {
    return a < b ? a : b;
  }

  public static float minimum(float a, float b) {
    return a != a ? a : a < b ? a : b;
  }

  public static double minimum(double a, double b) {
    return a != a ? a : a < b ? a : b;
  }

  // ---- logical (bool only) ----

  public static boolean and(boolean a, boolean b) {
    return a & b;
  }

  public static boolean or(boolean a, boolean b) {
    return a | b;
  }

  public static boolean xor(boolean a, boolean b) {
    return a ^ b;
  }

  // ---- comparisons (IEEE: every comparison with NaN is false, except ne) ----

  public static boolean lt(int a, int b) {
    return a < b;
  }

  public static boolean lt(long a, long b) {
    return a < b;
  }

  public static boolean lt(float a, float b) {
    return a < b;
  }

  public static boolean lt(double a, double b) {
    return a < b;
  }

  public static boolean le(int a, int b) {
    return a <= b;
  }

  public static boolean le(long a, long b) {
    return a <= b;
  }

  public static boolean le(float a, float b) {
    return a <= b;
  }

  public static boolean le(double a, double b) {
    return a <= b;
  }

  public static boolean gt(int a, int b) {
    return a > b;
  }

  public static boolean gt(long a, long b) {
    return a > b;
  }

  public static boolean gt(float a, float b) {
    return a > b;
  }

  public static boolean gt(double a, double b) {
    return a > b;
  }

  public static boolean ge(int a, int b) {
    return a >= b;
  }

  public static boolean ge(long a, long b) {
    return a >= b;
  }

  public static boolean ge(float a, float b) {
    return a >= b;
  }

  public static boolean ge(double a, double b) {
    return a >= b;
  }

  public static boolean eq(int a, int b) {
    return a == b;
  }

  public static boolean eq(long a, long b) {
    return a == b;
  }

  /** IEEE equality: NaN differs from itself, -0.0 equals 0.0. */
  public static boolean eq(float a, float b) {
    return a == b;
  }

  public static boolean eq(double a, double b) {
    return a == b;
  }

  public static boolean eq(boolean a, boolean b) {
    return a == b;
  }

  /** Strings compare by their bytes, as TF compares them (a string element's compute type is its bytes). */
  public static boolean eq(byte[] a, byte[] b) {
    return java.util.Arrays.equals(a, b);
  }

  public static boolean ne(int a, int b) {
    return a != b;
  }

  public static boolean ne(long a, long b) {
    return a != b;
  }

  public static boolean ne(float a, float b) {
    return a != b;
  }

  public static boolean ne(double a, double b) {
    return a != b;
  }

  public static boolean ne(boolean a, boolean b) {
    return a != b;
  }

  public static boolean ne(byte[] a, byte[] b) {
    return !java.util.Arrays.equals(a, b);
  }

  // ---- cast: one family per target dtype, overloaded on the source's computation type ----

  /** The name of the element functions of {@code cast} to {@code target}: {@code toInt8}, ..., {@code toFloat64}. */
  public static String castFunctionName(dev.tatter.runtime.DType target) {
    String name = target.tfName();
    return "to" + Character.toUpperCase(name.charAt(0)) + name.substring(1);
  }

  public static boolean toBool(boolean a) {
    return a;
  }

  /** Non-zero is true (NaN too), as C++'s conversion to bool. */
  public static boolean toBool(int a) {
    return a != 0;
  }

  public static boolean toBool(long a) {
    return a != 0;
  }

  public static boolean toBool(float a) {
    return a != 0;
  }

  public static boolean toBool(double a) {
    return a != 0;
  }

  /** The low 8 bits, sign-extended back into an int (what storing into int8 keeps). */
  public static int toInt8(boolean a) {
    return a ? 1 : 0;
  }

  public static int toInt8(int a) {
    return (byte) a;
  }

  public static int toInt8(long a) {
    return (byte) a;
  }

  /** Truncates toward zero; out of range as TF on x86 (see {@link X86Conversions}): saturates, NaN is -128. */
  public static int toInt8(float a) {
    return X86Conversions.toInt8(a);
  }

  public static int toInt8(double a) {
    return X86Conversions.toInt8(a);
  }

  public static int toInt16(boolean a) {
    return a ? 1 : 0;
  }

  public static int toInt16(int a) {
    return (short) a;
  }

  public static int toInt16(long a) {
    return (short) a;
  }

  public static int toInt16(float a) {
    return X86Conversions.toInt16(a);
  }

  public static int toInt16(double a) {
    return X86Conversions.toInt16(a);
  }

  public static int toInt32(boolean a) {
    return a ? 1 : 0;
  }

  public static int toInt32(int a) {
    return a;
  }

  public static int toInt32(long a) {
    return (int) a;
  }

  /** Truncates toward zero; NaN and out of range give the minimum, as TF on x86 (C++ leaves it undefined). */
  public static int toInt32(float a) {
    return X86Conversions.toInt32(a);
  }

  public static int toInt32(double a) {
    return X86Conversions.toInt32(a);
  }

  public static long toInt64(boolean a) {
    return a ? 1 : 0;
  }

  public static long toInt64(int a) {
    return a;
  }

  public static long toInt64(long a) {
    return a;
  }

  public static long toInt64(float a) {
    return X86Conversions.toInt64(a);
  }

  public static long toInt64(double a) {
    return X86Conversions.toInt64(a);
  }

  public static float toFloat32(boolean a) {
    return a ? 1 : 0;
  }

  /** Rounds to nearest, as C++'s conversion does. */
  public static float toFloat32(int a) {
    return a;
  }

  public static float toFloat32(long a) {
    return a;
  }

  public static float toFloat32(float a) {
    return a;
  }

  public static float toFloat32(double a) {
    return (float) a;
  }

  public static double toFloat64(boolean a) {
    return a ? 1 : 0;
  }

  public static double toFloat64(int a) {
    return a;
  }

  public static double toFloat64(long a) {
    return a;
  }

  public static double toFloat64(float a) {
    return a;
  }

  public static double toFloat64(double a) {
    return a;
  }
}
