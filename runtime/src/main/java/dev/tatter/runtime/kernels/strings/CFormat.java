package dev.tatter.runtime.kernels.strings;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * One C {@code printf} conversion, {@code %[flag][width][.precision](d|f|e|g)}, as glibc prints
 * it — what TF's {@code AsString} calls. Floats are rounded from their exact binary value, ties
 * to even (glibc's rounding; Java's {@code Formatter} rounds ties up, so {@code %.0f} of 2.5
 * would be "3" there and is "2" here); {@code %g} drops trailing zeros unless the flag is
 * {@code #}; NaN and infinity print as {@code nan}/{@code inf} with their sign, padded with spaces
 * even under the {@code 0} flag.
 */
final class CFormat {
  private final char flag; // one of " +-0#", or '\0' for none
  private final int width; // -1: none
  private final int precision; // -1: the default (6)
  private final char conversion; // 'f', 'e' or 'g' for floats

  CFormat(char flag, int width, int precision, char conversion) {
    this.flag = flag;
    this.width = width;
    this.precision = precision;
    this.conversion = conversion;
  }

  /** {@code %d} / {@code %u} of a value already written in decimal ({@code -12}). */
  String integer(String decimal) {
    boolean negative = decimal.startsWith("-");
    return pad(sign(negative), negative ? decimal.substring(1) : decimal, true);
  }

  /**
   * A byte string as TF 2.18's AsString prints one (observed on TF Java 1.1.0's kernel): without a
   * positive width, unchanged; with one, {@code %[flag]width[.precision]s}: cut to the precision in
   * bytes, then padded with spaces to the width (on the right under the {@code -} flag; glibc pads
   * {@code %s} with spaces under {@code 0} too).
   */
  String text(String byteString) {
    if (width <= 0) {
      return byteString;
    }
    String body = precision >= 0 && precision < byteString.length() ? byteString.substring(0, precision) : byteString;
    return pad("", body, false);
  }

  /** {@code %f}, {@code %e} or {@code %g} of {@code value}. */
  String floating(double value) {
    boolean negative = (Double.doubleToRawLongBits(value) & Long.MIN_VALUE) != 0;
    if (Double.isNaN(value) || Double.isInfinite(value)) {
      return pad(sign(negative), Double.isNaN(value) ? "nan" : "inf", false);
    }
    BigDecimal abs = new BigDecimal(Math.abs(value));
    int p = precision < 0 ? 6 : precision;
    String body = switch (conversion) {
      case 'e' -> scientific(abs, p, flag == '#');
      case 'g' -> general(abs, p);
      default -> fixed(abs, p, flag == '#');
    };
    return pad(sign(negative), body, true);
  }

  private static String fixed(BigDecimal abs, int p, boolean point) {
    String s = abs.setScale(p, RoundingMode.HALF_EVEN).toPlainString();
    return p == 0 && point ? s + "." : s;
  }

  private static String scientific(BigDecimal abs, int p, boolean point) {
    String digits;
    int exponent;
    if (abs.signum() == 0) {
      digits = "0".repeat(p + 1);
      exponent = 0;
    } else {
      BigDecimal rounded = abs.round(new MathContext(p + 1, RoundingMode.HALF_EVEN));
      exponent = rounded.precision() - rounded.scale() - 1;
      String unscaled = rounded.unscaledValue().toString();
      digits = unscaled.length() >= p + 1 ? unscaled.substring(0, p + 1) : unscaled + "0".repeat(p + 1 - unscaled.length());
    }
    StringBuilder out = new StringBuilder().append(digits.charAt(0));
    if (p > 0 || point) {
      out.append('.').append(digits, 1, digits.length());
    }
    out.append('e').append(exponent < 0 ? '-' : '+');
    int e = Math.abs(exponent);
    return out.append(e < 10 ? "0" : "").append(e).toString();
  }

  /** C's {@code %g}: the style by the exponent, then (without {@code #}) no trailing zeros. */
  private String general(BigDecimal abs, int p) {
    int significant = p == 0 ? 1 : p;
    int exponent = 0;
    if (abs.signum() != 0) {
      BigDecimal rounded = abs.round(new MathContext(significant, RoundingMode.HALF_EVEN));
      exponent = rounded.precision() - rounded.scale() - 1;
    }
    boolean alternate = flag == '#';
    String s = significant > exponent && exponent >= -4
        ? fixed(abs, significant - 1 - exponent, alternate)
        : scientific(abs, significant - 1, alternate);
    if (alternate) {
      return s;
    }
    int e = s.indexOf('e');
    String mantissa = e < 0 ? s : s.substring(0, e);
    if (mantissa.indexOf('.') >= 0) {
      int end = mantissa.length();
      while (mantissa.charAt(end - 1) == '0') {
        end--;
      }
      if (mantissa.charAt(end - 1) == '.') {
        end--;
      }
      mantissa = mantissa.substring(0, end);
    }
    return e < 0 ? mantissa : mantissa + s.substring(e);
  }

  private String sign(boolean negative) {
    return negative ? "-" : flag == '+' ? "+" : flag == ' ' ? " " : "";
  }

  private String pad(String sign, String body, boolean zeroPadAllowed) {
    int missing = width - sign.length() - body.length();
    if (missing <= 0) {
      return sign + body;
    }
    if (flag == '-') {
      return sign + body + " ".repeat(missing);
    }
    if (flag == '0' && zeroPadAllowed) {
      return sign + "0".repeat(missing) + body;
    }
    return " ".repeat(missing) + sign + body;
  }
}
