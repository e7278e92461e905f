package dev.tatter.runtime.kernels.scalar;

import dev.tatter.runtime.kernels.elementwise.ScalarFunction;

/**
 * Element functions of TF's arithmetic unary ops beyond abs and neg (Sign, Square, Reciprocal,
 * ZerosLike, OnesLike) and of the binary SquaredDifference, MulNoNan and NextAfter. See {@link
 * ScalarFunction} for the overload contract; int8/int16 results are narrowed when stored, so
 * integer overflow wraps as in TF.
 */
public final class ArithmeticFunctions {
  private ArithmeticFunctions() {}

  /** The overloads of these ops: these, and their complex ones ({@link ComplexFunctions}). */
  public static final OverloadSet OVERLOADS = OverloadSet.of(ArithmeticFunctions.class, ComplexFunctions.class);

  /** -1, 0 or 1; TF's sign of -0.0 is 0.0 (no sign), of NaN NaN. */
  public static int sign(int a) {
    return Integer.signum(a);
  }

  public static long sign(long a) {
    return Long.signum(a);
  }

  public static float sign(float a) {
    return a > 0 ? 1f : a < 0 ? -1f : a == 0 ? 0f : a;
  }

  public static double sign(double a) {
    return a > 0 ? 1.0 : a < 0 ? -1.0 : a == 0 ? 0.0 : a;
  }

  public static int square(int a) {
    return a * a;
  }

  public static long square(long a) {
    return a * a;
  }

  public static float square(float a) {
    return a * a;
  }

  public static double square(double a) {
    return a * a;
  }

  /** 1 / x: ±inf at ±0. */
  public static float reciprocal(float a) {
    return 1f / a;
  }

  public static double reciprocal(double a) {
    return 1.0 / a;
  }

  /** A zero of the operand's dtype whatever the operand ({@code ""} for strings, false for bool). */
  public static boolean zerosLike(boolean a) {
    return false;
  }

  public static int zerosLike(int a) {
    return 0;
  }

  public static long zerosLike(long a) {
    return 0;
  }

  public static float zerosLike(float a) {
    return 0f;
  }

  public static double zerosLike(double a) {
    return 0.0;
  }

  private static final byte[] EMPTY = new byte[0];

  /** A string's zero is "" (its bytes: none). */
  public static byte[] zerosLike(byte[] a) {
    return EMPTY;
  }

  /** A one of the operand's dtype (true for bool). */
  public static boolean onesLike(boolean a) {
    return true;
  }

  public static int onesLike(int a) {
    return 1;
  }

  public static long onesLike(long a) {
    return 1;
  }

  public static float onesLike(float a) {
    return 1f;
  }

  public static double onesLike(double a) {
    return 1.0;
  }

  /** (x - y)^2, as TF computes it: the difference rounded, then squared; integers wrap. */
  public static int squaredDifference(int a, int b) {
    int d = a - b;
    return d * d;
  }

  public static long squaredDifference(long a, long b) {
    long d = a - b;
    return d * d;
  }

  public static float squaredDifference(float a, float b) {
    float d = a - b;
    return d * d;
  }

  public static double squaredDifference(double a, double b) {
    double d = a - b;
    return d * d;
  }

  /** x * y, but 0 (+0.0) wherever y is zero, even if x is inf or NaN (TF's MulNoNan). */
  public static float multiplyNoNan(float a, float b) {
    return b == 0 ? 0f : a * b;
  }

  public static double multiplyNoNan(double a, double b) {
    return b == 0 ? 0.0 : a * b;
  }

  /** The next representable value after x towards y (C's nextafter): y if they are equal, NaN if either is. */
  public static float nextafter(float a, float b) {
    return Math.nextAfter(a, b);
  }

  public static double nextafter(double a, double b) {
    return Math.nextAfter(a, b);
  }

  /** x * x on unsigned integers, modulo 2^bits once stored (C++'s unsigned product). */
  public static int squareUnsigned(int a) {
    return a * a;
  }

  public static long squareUnsigned(long a) {
    return a * a;
  }

  public static int zerosLikeUnsigned(int a) {
    return 0;
  }

  public static long zerosLikeUnsigned(long a) {
    return 0;
  }

  public static int onesLikeUnsigned(int a) {
    return 1;
  }

  public static long onesLikeUnsigned(long a) {
    return 1;
  }
}
