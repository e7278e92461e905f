package dev.tatter.runtime;

/**
 * UTF-8 as TF's string ops read it (ICU's rules): shortest form only, no surrogates, nothing
 * above U+10FFFF. An ill-formed sequence is consumed as its maximal subpart (the longest prefix
 * that could begin a well-formed sequence, at least one byte), which is what ICU and TF replace by
 * one replacement character. Everything here reads and writes bytes in place.
 */
public final class Utf8 {
  private Utf8() {}

  /**
   * The code point starting at byte {@code i} of {@code b} (before {@code end}), or {@code -n} when
   * the bytes there are ill-formed and their maximal subpart is {@code n} bytes long.
   */
  public static int decode(byte[] b, int i, int end) {
    int b0 = b[i] & 0xFF;
    if (b0 < 0x80) {
      return b0;
    }
    int need;
    int cp;
    int lo = 0x80;
    int hi = 0xBF;
    if (b0 >= 0xC2 && b0 <= 0xDF) {
      need = 1;
      cp = b0 & 0x1F;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
      need = 2;
      cp = b0 & 0x0F;
      if (b0 == 0xE0) {
        lo = 0xA0; // no overlong forms
      } else if (b0 == 0xED) {
        hi = 0x9F; // no surrogates
      }
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
      need = 3;
      cp = b0 & 0x07;
      if (b0 == 0xF0) {
        lo = 0x90;
      } else if (b0 == 0xF4) {
        hi = 0x8F; // nothing above U+10FFFF
      }
    } else {
      return -1;
    }
    for (int k = 1; k <= need; k++) {
      if (i + k >= end) {
        return -k;
      }
      int bk = b[i + k] & 0xFF;
      if (bk < lo || bk > hi) {
        return -k;
      }
      lo = 0x80;
      hi = 0xBF;
      cp = (cp << 6) | (bk & 0x3F);
    }
    return cp;
  }

  /** How many bytes {@link #decode} consumes at {@code i}: the code point's width, or its ill-formed subpart's. */
  public static int step(byte[] b, int i, int end) {
    if (b[i] >= 0) {
      return 1;
    }
    int c = decode(b, i, end);
    return c < 0 ? -c : width(c);
  }

  /** Whether {@code b[from, to)} is well-formed UTF-8. */
  public static boolean isValid(byte[] b, int from, int to) {
    int at = from;
    while (at < to) {
      if (b[at] >= 0) {
        at++;
        continue;
      }
      int c = decode(b, at, to);
      if (c < 0) {
        return false;
      }
      at += width(c);
    }
    return true;
  }

  /** The number of bytes UTF-8 encodes a code point in. */
  public static int width(int codePoint) {
    if (codePoint < 0x80) {
      return 1;
    }
    if (codePoint < 0x800) {
      return 2;
    }
    return codePoint < 0x10000 ? 3 : 4;
  }

  /** Whether a code point can be encoded (a scalar value: not a surrogate, at most U+10FFFF). */
  public static boolean isScalarValue(long codePoint) {
    return codePoint >= 0 && codePoint <= 0x10FFFF && (codePoint < 0xD800 || codePoint > 0xDFFF);
  }

  /**
   * ICU's {@code U_IS_UNICODE_CHAR}, which TF's {@code UnicodeEncode} asks of each code point: a
   * scalar value that is not a noncharacter (U+FDD0..U+FDEF, and the last two of every plane).
   */
  public static boolean isUnicodeChar(long c) {
    return isScalarValue(c) && !(c >= 0xFDD0 && (c <= 0xFDEF || (c & 0xFFFE) == 0xFFFE));
  }

  /** Writes the UTF-8 bytes of a scalar value at {@code out[at]} (room for 4 bytes); returns the position after them. */
  public static int encode(int codePoint, byte[] out, int at) {
    if (codePoint < 0x80) {
      out[at] = (byte) codePoint;
      return at + 1;
    }
    if (codePoint < 0x800) {
      out[at] = (byte) (0xC0 | (codePoint >> 6));
      out[at + 1] = (byte) (0x80 | (codePoint & 0x3F));
      return at + 2;
    }
    if (codePoint < 0x10000) {
      out[at] = (byte) (0xE0 | (codePoint >> 12));
      out[at + 1] = (byte) (0x80 | ((codePoint >> 6) & 0x3F));
      out[at + 2] = (byte) (0x80 | (codePoint & 0x3F));
      return at + 3;
    }
    out[at] = (byte) (0xF0 | (codePoint >> 18));
    out[at + 1] = (byte) (0x80 | ((codePoint >> 12) & 0x3F));
    out[at + 2] = (byte) (0x80 | ((codePoint >> 6) & 0x3F));
    out[at + 3] = (byte) (0x80 | (codePoint & 0x3F));
    return at + 4;
  }

  /** The bytes {@link #decode}'s result spans: a code point's width, or an ill-formed run's length. */
  public static int length(int decoded) {
    return decoded < 0 ? -decoded : width(decoded);
  }

  /** The UTF-8 bytes of one scalar value. */
  public static byte[] encode(int codePoint) {
    byte[] out = new byte[width(codePoint)];
    encode(codePoint, out, 0);
    return out;
  }

  /** The number of code points in {@code b[from, to)}, an ill-formed run counting as one. */
  public static int countCodePoints(byte[] b, int from, int to) {
    int n = 0;
    int i = from;
    while (i < to) {
      i += b[i] >= 0 ? 1 : length(decode(b, i, to));
      n++;
    }
    return n;
  }
}
