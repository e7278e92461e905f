package dev.tatter.runtime;

import java.util.Arrays;

/**
 * Reading and writing single elements of a dtype's array, and the conversion TF applies when a
 * Python (here: Java) scalar becomes a tensor of a given dtype: integers wrap in two's
 * complement, as in TF's int8 example {@code [1, 2] + [2**7 + 1, 2**7 + 2] == [-126, -124]}.
 */
public final class Scalars {
  private Scalars() {}

  /** Stores {@code value} (a Number, Boolean or String) at {@code array[i]} as {@code dtype}. */
  public static void store(DType dtype, Object array, int i, Object value) {
    switch (dtype) {
      case BOOL -> ((boolean[]) array)[i] = asBoolean(dtype, value);
      case INT8 -> ((byte[]) array)[i] = (byte) asLong(dtype, value);
      case INT16 -> ((short[]) array)[i] = (short) asLong(dtype, value);
      case INT32 -> ((int[]) array)[i] = (int) asLong(dtype, value);
      case INT64 -> ((long[]) array)[i] = asLong(dtype, value);
      case FLOAT32 -> ((float[]) array)[i] = (float) asDouble(dtype, value);
      case FLOAT64 -> ((double[]) array)[i] = asDouble(dtype, value);
      case STRING -> {
        if (!(value instanceof String)) {
          throw mismatch(dtype, value);
        }
        ((String[]) array)[i] = (String) value;
      }
    }
  }

  private static boolean asBoolean(DType dtype, Object value) {
    if (value instanceof Boolean) {
      return (Boolean) value;
    }
    throw mismatch(dtype, value);
  }

  private static long asLong(DType dtype, Object value) {
    if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
      return ((Number) value).longValue();
    }
    throw mismatch(dtype, value);
  }

  private static double asDouble(DType dtype, Object value) {
    if (value instanceof Number) {
      return ((Number) value).doubleValue();
    }
    throw mismatch(dtype, value);
  }

  private static IllegalArgumentException mismatch(DType dtype, Object value) {
    return new IllegalArgumentException(
        "cannot convert "
            + (value == null ? "null" : value.getClass().getSimpleName() + " " + value)
            + " to "
            + dtype);
  }

  /** Element {@code i} as a long (integer and bool dtypes; bool is 0 or 1). */
  public static long loadLong(DType dtype, Object array, int i) {
    return switch (dtype) {
      case BOOL -> ((boolean[]) array)[i] ? 1 : 0;
      case INT8 -> ((byte[]) array)[i];
      case INT16 -> ((short[]) array)[i];
      case INT32 -> ((int[]) array)[i];
      case INT64 -> ((long[]) array)[i];
      default -> throw new IllegalArgumentException(dtype + " is not an integer dtype");
    };
  }

  /** Element {@code i} as a double (numeric dtypes). */
  public static double loadDouble(DType dtype, Object array, int i) {
    return switch (dtype) {
      case FLOAT32 -> ((float[]) array)[i];
      case FLOAT64 -> ((double[]) array)[i];
      case STRING -> throw new IllegalArgumentException("string is not numeric");
      default -> loadLong(dtype, array, i);
    };
  }

  static int hashArray(Object array) {
    if (array instanceof boolean[]) return Arrays.hashCode((boolean[]) array);
    if (array instanceof byte[]) return Arrays.hashCode((byte[]) array);
    if (array instanceof short[]) return Arrays.hashCode((short[]) array);
    if (array instanceof int[]) return Arrays.hashCode((int[]) array);
    if (array instanceof long[]) return Arrays.hashCode((long[]) array);
    if (array instanceof float[]) return Arrays.hashCode((float[]) array);
    if (array instanceof double[]) return Arrays.hashCode((double[]) array);
    return Arrays.hashCode((Object[]) array);
  }

  /**
   * A float as Python's {@code repr} prints it: the shortest digits that read back to the same
   * value (of float32 for a float32), positional for exponents from -4 to 15 ({@code 0.0001},
   * {@code 1e+16}), and {@code nan}, {@code inf}, {@code -inf}, {@code -0.0}. The textual IR uses the
   * same spelling, so constants round-trip.
   */
  public static String formatFloat(double value, boolean isFloat32) {
    if (Double.isNaN(value)) {
      return "nan";
    }
    if (Double.isInfinite(value)) {
      return value > 0 ? "inf" : "-inf";
    }
    if (value == 0) {
      return (1 / value < 0) ? "-0.0" : "0.0";
    }
    java.math.BigDecimal shortest = shortestDigits(value, isFloat32);
    String digits = shortest.unscaledValue().abs().toString();
    int exponent = digits.length() - 1 - shortest.scale(); // of the first digit
    String sign = shortest.signum() < 0 ? "-" : "";
    if (exponent >= -4 && exponent < 16) {
      String plain = shortest.abs().toPlainString();
      return sign + (plain.contains(".") ? plain : plain + ".0");
    }
    String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
    return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + (Math.abs(exponent) < 10 ? "0" : "") + Math.abs(exponent);
  }

  /** The fewest significant digits that read back to {@code value} (as a float32 if asked). */
  private static java.math.BigDecimal shortestDigits(double value, boolean isFloat32) {
    java.math.BigDecimal exact = new java.math.BigDecimal(value);
    for (int precision = 1; precision < 17; precision++) {
      java.math.BigDecimal rounded = exact.round(new java.math.MathContext(precision, java.math.RoundingMode.HALF_EVEN));
      if (isFloat32 ? rounded.floatValue() == (float) value : rounded.doubleValue() == value) {
        return rounded.stripTrailingZeros();
      }
    }
    return exact.round(new java.math.MathContext(17, java.math.RoundingMode.HALF_EVEN)).stripTrailingZeros();
  }

  /** Formats one boxed element of {@code dtype} as TF prints it inside a list. */
  public static String formatElement(Object element, DType dtype) {
    if (element instanceof Float || element instanceof Double) {
      return formatFloat(((Number) element).doubleValue(), element instanceof Float);
    }
    if (element instanceof Boolean) {
      return ((Boolean) element) ? "True" : "False";
    }
    if (element instanceof String) {
      return "b'" + ((String) element).replace("\\", "\\\\").replace("'", "\\'") + "'";
    }
    return String.valueOf(element);
  }
}
