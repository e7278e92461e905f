package dev.tatter.runtime.kernels.scalar;

/** The element functions of TF's IsNan, IsInf and IsFinite: float operands, bool results. */
public final class FloatClassFunctions {
  private FloatClassFunctions() {}

  public static boolean isNan(float a) {
    return a != a;
  }

  public static boolean isNan(double a) {
    return a != a;
  }

  public static boolean isInf(float a) {
    return Float.isInfinite(a);
  }

  public static boolean isInf(double a) {
    return Double.isInfinite(a);
  }

  public static boolean isFinite(float a) {
    return Float.isFinite(a);
  }

  public static boolean isFinite(double a) {
    return Double.isFinite(a);
  }
}
