package dev.tatter.runtime;

import java.util.Arrays;

/**
 * Reading and writing single elements of a dtype's array, and the conversion TF applies when a
 * Python (here: Java) scalar becomes a tensor of a given dtype: integers wrap in two's
 * complement, as in TF's int8 example {@code [1, 2] + [2**7 + 1, 2**7 + 2] == [-126, -124]}.
 */
public final class Scalars {
  private Scalars() {}

  /**
   * Stores {@code value} (a Number, Boolean, String or byte[]) at {@code array[i]} as {@code dtype};
   * a String is Java text and is stored as its UTF-8 bytes (a lone surrogate is refused), a byte[]
   * as it is.
   */
  public static void store(DType dtype, Object array, int i, Object value) {
    dtype.layout().set(array, i, toComputeType(dtype, value));
  }

  /**
   * {@code value} as a boxed value of {@code dtype}'s compute type: integers through a long
   * (so they wrap when narrowed), floats through a double, bools and strings as they are.
   */
  private static Object toComputeType(DType dtype, Object value) {
    Class<?> compute = dtype.computeType();
    switch (dtype.kind()) {
      case BOOL -> {
        if (value instanceof Boolean) {
          return value;
        }
      }
      case INTEGER, UNSIGNED -> {
        if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
          long v = ((Number) value).longValue();
          return compute == long.class ? (Object) v : (Object) (int) v;
        }
      }
      case FLOATING -> {
        if (value instanceof Number) {
          double v = ((Number) value).doubleValue();
          // rounded once from the double (a 16-bit float too), as NumPy converts a Python float
          double nearest = dtype.layout().nearest(v);
          return compute == float.class ? (Object) (float) nearest : (Object) nearest;
        }
      }
      case COMPLEX -> {
        boolean single = dtype == DType.COMPLEX64;
        if (value instanceof Complex64 c) {
          return single ? c : new Complex128(c.re(), c.im());
        }
        if (value instanceof Complex128 c) {
          return single ? new Complex64((float) c.re(), (float) c.im()) : c;
        }
        if (value instanceof Number n && !(value instanceof java.math.BigInteger)) {
          // a real number is its real part (each part rounded once from the double, as NumPy does)
          double v = n.doubleValue();
          return single ? new Complex64((float) v, 0f) : new Complex128(v, 0.0);
        }
      }
      case STRING -> {
        if (value instanceof String text) {
          return ByteStrings.utf8(text); // Java text, stored as its UTF-8 bytes
        }
        if (value instanceof byte[] bytes) {
          return bytes;
        }
      }
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
    // index and size tensors are read element by element: their two dtypes without boxing
    if (dtype == DType.INT64) {
      return ((long[]) array)[i];
    }
    if (dtype == DType.INT32) {
      return ((int[]) array)[i];
    }
    if (dtype.kind() == DType.Kind.BOOL) {
      return ((boolean[]) array)[i] ? 1 : 0;
    }
    if (!dtype.isInteger()) {
      throw new IllegalArgumentException(dtype + " is not an integer dtype");
    }
    long v = ((Number) dtype.layout().get(array, i)).longValue();
    if (dtype == DType.UINT64 && v < 0) {
      throw new IllegalArgumentException("uint64 value " + Long.toUnsignedString(v) + " does not fit a long");
    }
    return v;
  }

  /** Element {@code i} as a double (real numeric dtypes; a complex element has two parts, see {@link Complex64}). */
  public static double loadDouble(DType dtype, Object array, int i) {
    if (dtype.kind() == DType.Kind.STRING) {
      throw new IllegalArgumentException("string is not numeric");
    }
    if (dtype.isComplex()) {
      throw new IllegalArgumentException(dtype + " is not a real dtype (read its parts with Tensor.real and Tensor.imag)");
    }
    if (dtype.kind() == DType.Kind.FLOATING) {
      return ((Number) dtype.layout().get(array, i)).doubleValue();
    }
    if (dtype == DType.UINT64) {
      return dev.tatter.runtime.kernels.scalar.UnsignedFunctions.toFloat64Unsigned(((long[]) array)[i]);
    }
    return loadLong(dtype, array, i);
  }

  static int hashArray(Object array) {
    if (array instanceof StringColumn c) return c.hashCode();
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
    return shortestDigits(value, isFloat32 ? DType.FLOAT32 : DType.FLOAT64);
  }

  /**
   * A float16 or bfloat16 as NumPy's {@code repr} prints it: the shortest digits that read back
   * to the same 16-bit value ({@code 0.1} for the float16 nearest 0.1, 0.0999755859375), in the
   * layout of {@link #formatFloat(double, boolean)}.
   */
  public static String formatFloat(double value, DType dtype) {
    if (dtype == DType.FLOAT32 || dtype == DType.FLOAT64) {
      return formatFloat(value, dtype == DType.FLOAT32);
    }
    if (Double.isNaN(value) || Double.isInfinite(value) || value == 0) {
      return formatFloat(value, false);
    }
    java.math.BigDecimal shortest = shortestDigits(value, dtype);
    return formatFloat(shortest.doubleValue(), false);
  }

  /** Whether {@code candidate}, read as {@code dtype} (as a literal is read), is {@code value}. */
  private static boolean readsBack(double candidate, double value, DType dtype) {
    return dtype.layout().nearest(candidate) == dtype.layout().nearest(value);
  }

  private static java.math.BigDecimal shortestDigits(double value, DType dtype) {
    java.math.BigDecimal exact = new java.math.BigDecimal(value);
    for (int precision = 1; precision < 17; precision++) {
      java.math.BigDecimal rounded = exact.round(new java.math.MathContext(precision, java.math.RoundingMode.HALF_EVEN));
      if (readsBack(rounded.doubleValue(), value, dtype)) {
        return rounded.stripTrailingZeros();
      }
    }
    return exact.round(new java.math.MathContext(17, java.math.RoundingMode.HALF_EVEN)).stripTrailingZeros();
  }

  /**
   * Formats one boxed element of {@code dtype} as TF prints it inside a list (a uint64 element,
   * held as its raw bits in a Long, prints unsigned: {@code 18446744073709551615}).
   */
  public static String formatElement(Object element, DType dtype) {
    if (dtype == DType.UINT64 && element instanceof Long l) {
      return Long.toUnsignedString(l);
    }
    if (dtype.isFloating() && element instanceof Float f) {
      return formatFloat(f, dtype); // a 16-bit float in the shortest digits that read back as it
    }
    if (element instanceof Float || element instanceof Double) {
      return formatFloat(((Number) element).doubleValue(), element instanceof Float);
    }
    if (element instanceof Boolean) {
      return ((Boolean) element) ? "True" : "False";
    }
    if (element instanceof byte[] bytes) {
      return ByteStrings.repr(bytes, 0, bytes.length);
    }
    if (element instanceof String text) {
      byte[] bytes = ByteStrings.utf8(text); // a string element read as text (Tensor.get): its UTF-8 bytes
      return ByteStrings.repr(bytes, 0, bytes.length);
    }
    if (element instanceof Complex64 c) {
      return formatComplex(c.re(), c.im(), true);
    }
    if (element instanceof Complex128 c) {
      return formatComplex(c.re(), c.im(), false);
    }
    return String.valueOf(element);
  }

  /**
   * A complex number as Python's {@code repr} prints it (and so NumPy's complex scalars and TF's
   * {@code tolist()}): {@code (1+2j)}, {@code (1.5-0j)}, {@code (-0-1j)}, {@code (nan+infj)}; a real
   * part of +0.0 is left out, {@code 1j}, {@code -0j}. Each part has the shortest digits that read
   * back (as a float32 for complex64) without Python's {@code .0} ({@code 1}, not {@code 1.0}); the
   * imaginary part always carries its sign.
   */
  public static String formatComplex(double re, double im, boolean isFloat32) {
    String imag = complexPart(im, isFloat32);
    if (re == 0 && 1 / re > 0) {
      return imag + "j";
    }
    String signedImag = imag.startsWith("-") ? imag : "+" + imag;
    return "(" + complexPart(re, isFloat32) + signedImag + "j)";
  }

  private static String complexPart(double value, boolean isFloat32) {
    String text = formatFloat(value, isFloat32);
    return text.endsWith(".0") ? text.substring(0, text.length() - 2) : text;
  }
}
