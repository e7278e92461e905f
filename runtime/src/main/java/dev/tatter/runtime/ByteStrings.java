package dev.tatter.runtime;

import java.nio.charset.StandardCharsets;

/**
 * Byte strings outside tensors: a string attribute of an op (a separator, a pattern, a format
 * template) is a {@link String} whose chars are its bytes, each in 0..255 (ISO-8859-1 read as
 * bytes), so the textual IR, the printer and the parser carry any bytes as the ordinary attribute
 * kind. Java text becomes one through {@link #fromText} (its UTF-8, as {@code tf.constant("é")} is
 * {@code b'\xc3\xa9'}); kernels read it with {@link #bytes}. String tensors hold their elements in a
 * {@link StringColumn}, never as Java strings. Also Python's {@code repr(bytes)}, how TF prints strings.
 */
public final class ByteStrings {
  private ByteStrings() {}

  /**
   * The UTF-8 bytes of Java text, as a byte string.
   *
   * @throws IllegalArgumentException for a lone surrogate (text UTF-8 cannot encode), naming its char
   */
  public static String fromText(String text) {
    if (text == null) {
      throw new NullPointerException("the text is null (a string value or attribute may be empty, never null)");
    }
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) >= 0x80) {
        return new String(utf8(text), StandardCharsets.ISO_8859_1);
      }
    }
    return text; // ASCII is its own encoding
  }

  /**
   * The UTF-8 bytes of Java text.
   *
   * @throws IllegalArgumentException for a lone surrogate, naming its char
   */
  public static byte[] utf8(String text) {
    for (int k = 0; k < text.length(); k++) {
      char c = text.charAt(k);
      if (Character.isHighSurrogate(c) && k + 1 < text.length() && Character.isLowSurrogate(text.charAt(k + 1))) {
        k++;
      } else if (Character.isSurrogate(c)) {
        throw new IllegalArgumentException(String.format("the text holds a lone surrogate U+%04X at char %d, which UTF-8"
            + " cannot encode", (int) c, k));
      }
    }
    return text.getBytes(StandardCharsets.UTF_8);
  }

  /** The byte string holding exactly {@code bytes} (copied). */
  public static String of(byte[] bytes) {
    return new String(bytes, StandardCharsets.ISO_8859_1);
  }

  /** The bytes of a byte string (a new array). */
  public static byte[] bytes(String byteString) {
    return byteString.getBytes(StandardCharsets.ISO_8859_1);
  }

  /** A byte string decoded as UTF-8 (each maximal ill-formed subpart becomes U+FFFD, as {@link StringColumn#text}). */
  public static String toText(String byteString) {
    return StringColumn.ofBytes(bytes(byteString)).text(0);
  }

  /** Whether every char is a byte (0..255). */
  public static boolean isByteString(String s) {
    for (int i = 0; i < s.length(); i++) {
      if (s.charAt(i) > 0xFF) {
        return false;
      }
    }
    return true;
  }

  /** The most bytes of a user's value {@link #quoted} prints in a message. */
  public static final int MAX_QUOTED_BYTES = 256;

  /**
   * User data (a string value, a pattern, a file's text) as an error message quotes it: {@link
   * #repr} of its bytes, so no newline or control byte of it reaches the message, and at most
   * {@value #MAX_QUOTED_BYTES} of them, a longer value followed by {@code ... (N bytes, the first
   * 256 shown)}, so a megabyte value gives a one-line message.
   */
  public static String quoted(byte[] b, int from, int to) {
    int length = to - from;
    if (length <= MAX_QUOTED_BYTES) {
      return repr(b, from, to);
    }
    return repr(b, from, from + MAX_QUOTED_BYTES) + "... (" + length + " bytes, the first " + MAX_QUOTED_BYTES + " shown)";
  }

  /** Text (a file's header, a name read from input) as {@link #quoted(byte[], int, int)} quotes its UTF-8 bytes. */
  public static String quotedText(String text) {
    byte[] b = utf8(text);
    return quoted(b, 0, b.length);
  }

  /** A byte string (one char per byte) as {@link #quoted(byte[], int, int)} quotes it. */
  public static String quoted(String byteString) {
    byte[] b = bytes(byteString);
    return quoted(b, 0, b.length);
  }

  /** A byte string as {@link #repr(byte[], int, int)} prints its bytes. */
  public static String repr(String byteString) {
    byte[] b = bytes(byteString);
    return repr(b, 0, b.length);
  }

  /**
   * Bytes as Python's {@code repr(bytes)} prints them, which is how TF prints string tensors:
   * {@code b'...'}, or {@code b"..."} when the value holds {@code '} and no {@code "};
   * {@code \\}, the chosen quote, {@code \t \n \r} escaped, and every other byte outside
   * printable ASCII as {@code \xNN}, so a value can never break the line it is printed on.
   */
  public static String repr(byte[] b, int from, int to) {
    boolean single = false;
    boolean dbl = false;
    for (int i = from; i < to; i++) {
      single |= b[i] == '\'';
      dbl |= b[i] == '"';
    }
    char quote = single && !dbl ? '"' : '\'';
    StringBuilder out = new StringBuilder(to - from + 3).append('b').append(quote);
    for (int i = from; i < to; i++) {
      int c = b[i] & 0xFF;
      if (c == quote || c == '\\') {
        out.append('\\').append((char) c);
      } else if (c == '\t') {
        out.append("\\t");
      } else if (c == '\n') {
        out.append("\\n");
      } else if (c == '\r') {
        out.append("\\r");
      } else if (c < 0x20 || c >= 0x7f) {
        out.append("\\x").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 0xF, 16));
      } else {
        out.append((char) c);
      }
    }
    return out.append(quote).toString();
  }
}
