package dev.tatter.runtime.kernels;

/**
 * The one definition of each elementwise op's arithmetic on single elements. The dense kernels
 * ({@link ElementwiseKernels}), constant folding and the fused loops that codegen emits (by
 * {@code INVOKESTATIC} of these methods, which C2 inlines) all call these, so the three agree
 * bit for bit.
 *
 * <p>int8 and int16 use the {@code int} overloads and are narrowed when stored, which wraps in
 * two's complement exactly as the narrow arithmetic would.
 */
public final class ScalarFunctions {
  private ScalarFunctions() {}

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
}
