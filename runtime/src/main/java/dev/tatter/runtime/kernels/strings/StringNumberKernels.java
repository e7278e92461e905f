package dev.tatter.runtime.kernels.strings;

import dev.tatter.runtime.ByteStrings;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;
import java.math.BigInteger;

/**
 * TF's {@code StringToNumber} and {@code AsString}. Parsing follows TF's {@code SafeStringToNumeric}:
 * integers are optional ASCII whitespace, an optional {@code -} (no {@code +}), decimal digits
 * and optional whitespace, refused on overflow; floats are what TF's double-conversion setup
 * accepts — leading and trailing whitespace, a sign, decimal digits with an optional fraction and
 * exponent, a hexadecimal integer ({@code 0x1A}), {@code inf} or {@code nan} in any case, and
 * text of spaces only (0, as double-conversion's empty-string value; "" itself is refused) — and
 * strings of 32 bytes or more are refused, as TF's buffer limit refuses them. Decimal text is
 * rounded once, correctly, to the target type (float32 directly, not through float64).
 */
public final class StringNumberKernels {
  private StringNumberKernels() {}

  /** {@code string_to_number {out_type}}: float32, float64, int32 or int64. */
  public static Tensor toNumber(Tensor input, DType outType) {
    StringColumn in = input.stringColumn();
    byte[] b = in.unsafeBytes();
    Object out = outType.layout().newArray(in.size());
    for (int i = 0; i < in.size(); i++) {
      boolean ok = switch (outType) {
        case INT32 -> parseInteger(b, in.start(i), in.end(i), Integer.MIN_VALUE, Integer.MAX_VALUE, out, i);
        case INT64 -> parseInteger(b, in.start(i), in.end(i), Long.MIN_VALUE, Long.MAX_VALUE, out, i);
        // TF refuses 32 bytes or more before parsing; below that, the text as a byte string (one char per byte)
        case FLOAT32, FLOAT64 -> in.length(i) < 32 && parseFloating(ByteStrings.of(in.bytes(i)), outType == DType.FLOAT32, out, i);
        case BOOL, INT8, INT16, STRING, UINT8, UINT16, UINT32, UINT64, FLOAT16, BFLOAT16, COMPLEX64, COMPLEX128 ->
            throw new InvalidArgumentException("out_type must be float32, float64, int32 or int64, got " + outType);
      };
      if (!ok) {
        throw new InvalidArgumentException("StringToNumberOp could not correctly convert string: "
            + ByteStrings.quoted(in.unsafeBytes(), in.start(i), in.end(i))); // TF: the raw bytes
      }
    }
    return Tensor.wrap(outType, input.shape(), out);
  }

  private static boolean isSpace(char c) {
    return c == ' ' || (c >= '\t' && c <= '\r');
  }

  private static boolean parseInteger(byte[] s, int from, int end, long min, long max, Object out, int i) {
    int at = from;
    while (at < end && StringSplitKernels.isSpace(s[at])) {
      at++;
    }
    boolean negative = at < end && s[at] == '-';
    if (negative) {
      at++;
    }
    if (at >= end || !isDigit((char) s[at])) {
      return false;
    }
    long value = 0; // accumulated toward the sign's side, so that MIN_VALUE fits
    while (at < end && isDigit((char) s[at])) {
      int digit = s[at++] - '0';
      if (negative) {
        if (value < (min + digit) / 10) {
          return false;
        }
        value = value * 10 - digit;
      } else {
        if (value > (max - digit) / 10) {
          return false;
        }
        value = value * 10 + digit;
      }
    }
    while (at < end && StringSplitKernels.isSpace(s[at])) {
      at++;
    }
    if (at != end) {
      return false;
    }
    if (out instanceof int[] ints) {
      ints[i] = (int) value;
    } else {
      ((long[]) out)[i] = value;
    }
    return true;
  }

  private static boolean isDigit(char c) {
    return c >= '0' && c <= '9';
  }

  private static boolean isHexDigit(char c) {
    return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  }

  private static boolean parseFloating(String s, boolean single, Object out, int i) {
    if (s.isEmpty() || s.length() >= 32) {
      return false; // TF: "If string length exceeds buffer size ..., fail"
    }
    int at = 0;
    int end = s.length();
    while (at < end && isSpace(s.charAt(at))) {
      at++;
    }
    while (end > at && isSpace(s.charAt(end - 1))) {
      end--;
    }
    if (at == end) {
      // double-conversion counts the spaces as processed: all-space text is its empty-string value, 0
      store(out, i, single, false, 0f, 0d);
      return true;
    }
    String body = s.substring(at, end);
    boolean negative = body.charAt(0) == '-';
    String unsigned = body.charAt(0) == '-' || body.charAt(0) == '+' ? body.substring(1) : body;
    double value;
    if (unsigned.equalsIgnoreCase("inf")) {
      value = Double.POSITIVE_INFINITY;
    } else if (unsigned.equalsIgnoreCase("nan")) {
      value = Double.NaN;
    } else if (unsigned.length() > 2 && unsigned.charAt(0) == '0' && (unsigned.charAt(1) == 'x' || unsigned.charAt(1) == 'X')) {
      for (int k = 2; k < unsigned.length(); k++) {
        if (!isHexDigit(unsigned.charAt(k))) {
          return false;
        }
      }
      BigInteger n = new BigInteger(unsigned.substring(2), 16);
      store(out, i, single, negative, n.floatValue(), n.doubleValue());
      return true;
    } else if (isDecimal(unsigned)) {
      if (single) {
        ((float[]) out)[i] = Float.parseFloat(body); // correctly rounded to float, as double-conversion's StringToFloat
        return true;
      }
      ((double[]) out)[i] = Double.parseDouble(body);
      return true;
    } else {
      return false;
    }
    store(out, i, single, negative, (float) value, value);
    return true;
  }

  private static void store(Object out, int i, boolean single, boolean negative, float f, double d) {
    if (single) {
      ((float[]) out)[i] = negative ? -f : f;
    } else {
      ((double[]) out)[i] = negative ? -d : d;
    }
  }

  /** {@code digits [. digits?] | . digits}, then an optional {@code e[+-]digits}. */
  private static boolean isDecimal(String s) {
    int k = 0;
    int n = s.length();
    int intDigits = 0;
    while (k < n && isDigit(s.charAt(k))) {
      k++;
      intDigits++;
    }
    int fracDigits = 0;
    if (k < n && s.charAt(k) == '.') {
      k++;
      while (k < n && isDigit(s.charAt(k))) {
        k++;
        fracDigits++;
      }
    }
    if (intDigits + fracDigits == 0) {
      return false;
    }
    if (k < n && (s.charAt(k) == 'e' || s.charAt(k) == 'E')) {
      k++;
      if (k < n && (s.charAt(k) == '+' || s.charAt(k) == '-')) {
        k++;
      }
      int expDigits = 0;
      while (k < n && isDigit(s.charAt(k))) {
        k++;
        expDigits++;
      }
      if (expDigits == 0) {
        return false;
      }
    }
    return k == n;
  }

  /**
   * {@code as_string {precision, scientific, shortest, width, fill}}: each value printed with the
   * C format TF's {@code AsString} builds ({@code %<fill><width>.<precision>d/u/lld/llu/f/e/g});
   * bool as {@code true}/{@code false}; 16-bit floats through float. The attributes are checked
   * when the graph is built.
   */
  public static Tensor asString(Tensor input, long precision, boolean scientific, boolean shortest, long width, String fill) {
    StringColumn.Builder out = StringColumn.builder(input.size(), input.size() * 8);
    // any negative value means "none", as TF's "> -1" tests read it (the type rule caps the positive ones)
    CFormat format = new CFormat(fill.isEmpty() ? '\0' : fill.charAt(0), width < 0 ? -1 : (int) width, precision < 0 ? -1 : (int) precision,
        shortest ? 'g' : scientific ? 'e' : 'f');
    for (int i = 0; i < input.size(); i++) {
      out.putLatin1(asStringElement(input, i, format)).endElement();
    }
    return Tensor.wrap(DType.STRING, input.shape(), out.build());
  }

  /** {@code as_string}'s defaults: {@code %f} for floats, decimal for integers. */
  static final CFormat DEFAULT_FORMAT = new CFormat('\0', -1, -1, 'f');

  /** Element {@code i} of {@code input} as {@code as_string} prints it with {@code format}. */
  static String asStringElement(Tensor input, int i, CFormat format) {
    return switch (input.dtype()) {
      case BOOL -> ((boolean[]) input.unsafeData())[i] ? "true" : "false";
      case STRING -> format.text(ByteStrings.of(input.getBytes(i)));
      case FLOAT32, FLOAT64, FLOAT16, BFLOAT16 -> format.floating(((Number) input.get(i)).doubleValue());
      // TF's "(%s,%s)" of the parts, each in the float format
      case COMPLEX64, COMPLEX128 -> "(" + format.floating(input.real(i)) + "," + format.floating(input.imag(i)) + ")";
      case UINT64 -> format.integer(Long.toUnsignedString(((long[]) input.unsafeData())[i]));
      case INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32 ->
          format.integer(String.valueOf(input.get(i)));
    };
  }
}
