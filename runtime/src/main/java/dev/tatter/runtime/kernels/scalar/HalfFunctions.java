package dev.tatter.runtime.kernels.scalar;

import dev.tatter.runtime.HalfFloats;

/**
 * The element functions of {@code cast} to float16 and bfloat16 (they belong to {@link
 * ScalarFunctions#OVERLOADS}, so they are found as its ops' overloads). Both dtypes compute in {@code float},
 * so every other op on them is its float overload, rounded to the 16-bit format when stored —
 * what Eigen's {@code half} and {@code bfloat16} operators do (convert to float, compute, round
 * to nearest even); casts from them are the float overloads too, as TF's go through float. The
 * result of a cast to them is the 16-bit value held exactly in a float.
 *
 * <p>TF converts every source through float first (Eigen's {@code half(T)} is {@code
 * half(static_cast<float>(x))}), so a float64 or an int64 is rounded twice; so is it here.
 */
public final class HalfFunctions {
  private HalfFunctions() {}

  /** TF's FloorDiv on float16: the quotient is a float16 (rounded) before it is floored. */
  public static float floordivFloat16(float a, float b) {
    return (float) Math.floor(HalfFloats.roundToFloat16(a / b));
  }

  public static float floordivBfloat16(float a, float b) {
    return (float) Math.floor(HalfFloats.roundToBfloat16(a / b));
  }

  public static float toFloat16(boolean a) {
    return a ? 1 : 0;
  }

  public static float toFloat16(int a) {
    return HalfFloats.roundToFloat16(a);
  }

  public static float toFloat16(long a) {
    return HalfFloats.roundToFloat16(a);
  }

  public static float toFloat16(float a) {
    return HalfFloats.roundToFloat16(a);
  }

  public static float toFloat16(double a) {
    return HalfFloats.roundToFloat16((float) a);
  }

  public static float toFloat16Unsigned(int a) {
    return HalfFloats.roundToFloat16(a);
  }

  public static float toFloat16Unsigned(long a) {
    return HalfFloats.roundToFloat16(UnsignedFunctions.toFloat32Unsigned(a));
  }

  public static float toBfloat16(boolean a) {
    return a ? 1 : 0;
  }

  public static float toBfloat16(int a) {
    return HalfFloats.roundToBfloat16(a);
  }

  public static float toBfloat16(long a) {
    return HalfFloats.roundToBfloat16(a);
  }

  public static float toBfloat16(float a) {
    return HalfFloats.roundToBfloat16(a);
  }

  public static float toBfloat16(double a) {
    return HalfFloats.roundToBfloat16((float) a);
  }

  public static float toBfloat16Unsigned(int a) {
    return HalfFloats.roundToBfloat16(a);
  }

  public static float toBfloat16Unsigned(long a) {
    return HalfFloats.roundToBfloat16(UnsignedFunctions.toFloat32Unsigned(a));
  }
}
