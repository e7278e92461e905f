package dev.tatter.runtime.kernels.scalar;

import dev.tatter.runtime.kernels.elementwise.ScalarFunction;

/**
 * The element functions of TF's rounding ops: Floor, Ceil, Round (half to even) and Rint, on
 * floats (exact, so bit-equal to TF's; ±0, ±inf and NaN are kept), and {@code round} on integers,
 * which {@code tf.math.round} returns unchanged (its Python layer never calls the kernel for
 * them). See {@link ScalarFunction} for the overload contract.
 */
public final class RoundingFunctions {
  private RoundingFunctions() {}

  public static float floor(float a) {
    return (float) Math.floor(a);
  }

  public static double floor(double a) {
    return Math.floor(a);
  }

  public static float ceil(float a) {
    return (float) Math.ceil(a);
  }

  public static double ceil(double a) {
    return Math.ceil(a);
  }

  /** Banker's rounding: 0.5 to 0, 1.5 and 2.5 to 2, -0.5 to -0.0. */
  public static float round(float a) {
    return (float) Math.rint(a);
  }

  public static double round(double a) {
    return Math.rint(a);
  }

  /** An integer is already round. */
  public static int round(int a) {
    return a;
  }

  public static long round(long a) {
    return a;
  }

  /** The nearest integer, ties to even (C's rint in the default rounding mode): the same as round. */
  public static float rint(float a) {
    return (float) Math.rint(a);
  }

  public static double rint(double a) {
    return Math.rint(a);
  }

  /** tf.math.round returns unsigned integers unchanged too. */
  public static int roundUnsigned(int a) {
    return a;
  }

  public static long roundUnsigned(long a) {
    return a;
  }
}
