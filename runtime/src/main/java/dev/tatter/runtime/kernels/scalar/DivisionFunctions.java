package dev.tatter.runtime.kernels.scalar;

import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.kernels.elementwise.ScalarFunction;

/**
 * Element functions of TF's truncating divisions: TruncateDiv, TruncateMod, the raw Div (which
 * truncates integers, where Python's {@code //} floors) and DivNoNan. Integer division or
 * modulo by zero is an error, as in TF; {@code MIN / -1} wraps to MIN and {@code MIN % -1} is 0,
 * as TF's kernels give. See {@link ScalarFunction} for the overload contract.
 */
public final class DivisionFunctions {
  private DivisionFunctions() {}

  /** The overloads of these ops: these, and their complex ones ({@link ComplexFunctions}). */
  public static final OverloadSet OVERLOADS = OverloadSet.of(DivisionFunctions.class, ComplexFunctions.class);

  /** Rounds toward zero; zero divisor is an error. Java's {@code /} is exactly this. */
  public static int truncatediv(int a, int b) {
    checkDivisor(b != 0);
    return a / b;
  }

  public static long truncatediv(long a, long b) {
    checkDivisor(b != 0);
    return a / b;
  }

  /** trunc(x / y) on floats: x/0 is ±inf, 0/0 NaN. */
  public static float truncatediv(float a, float b) {
    float q = a / b;
    return (float) (q < 0 ? Math.ceil(q) : Math.floor(q));
  }

  public static double truncatediv(double a, double b) {
    double q = a / b;
    return q < 0 ? Math.ceil(q) : Math.floor(q);
  }

  /** The remainder taking the dividend's sign (C's {@code %}); modulo zero is an error. */
  public static int truncatemod(int a, int b) {
    checkDivisor(b != 0);
    return a % b;
  }

  public static long truncatemod(long a, long b) {
    checkDivisor(b != 0);
    return a % b;
  }

  /** C's fmod (Java's {@code %} on floats): fmod(x, 0) and fmod(inf, y) are NaN. */
  public static float truncatemod(float a, float b) {
    return a % b;
  }

  public static double truncatemod(double a, double b) {
    return a % b;
  }

  /** TF's raw Div: truncating division on integers (zero divisor is an error), IEEE division on floats. */
  public static int rawDiv(int a, int b) {
    return truncatediv(a, b);
  }

  public static long rawDiv(long a, long b) {
    return truncatediv(a, b);
  }

  public static float rawDiv(float a, float b) {
    return a / b;
  }

  public static double rawDiv(double a, double b) {
    return a / b;
  }

  /** x / y, but 0 (+0.0) wherever y is zero, even for x NaN (TF's DivNoNan). */
  public static float divideNoNan(float a, float b) {
    return b == 0 ? 0f : a / b;
  }

  public static double divideNoNan(double a, double b) {
    return b == 0 ? 0.0 : a / b;
  }

  private static void checkDivisor(boolean nonZero) {
    if (!nonZero) {
      throw new InvalidArgumentException(ScalarFunctions.DIVISION_BY_ZERO);
    }
  }

  /** TruncateDiv on unsigned integers is plain division (nothing to truncate); by zero an error. */
  public static int truncatedivUnsigned(int a, int b) {
    checkDivisor(b != 0);
    return Integer.divideUnsigned(a, b);
  }

  public static long truncatedivUnsigned(long a, long b) {
    checkDivisor(b != 0);
    return Long.divideUnsigned(a, b);
  }

  public static int rawDivUnsigned(int a, int b) {
    return truncatedivUnsigned(a, b);
  }

  public static long rawDivUnsigned(long a, long b) {
    return truncatedivUnsigned(a, b);
  }
}
