package dev.tatter.runtime;

import java.nio.charset.StandardCharsets;

/**
 * TF's strings are byte strings; Tatter holds one as a {@link String} whose chars are its bytes,
 * each in 0..255 (ISO-8859-1 read as bytes). Ops that read UTF-8 decode those bytes themselves,
 * so invalid UTF-8 is a value like any other, as in TF. Java text enters through {@link
 * #fromText} (UTF-8 encoded, as {@code tf.constant("é")} is {@code b'\xc3\xa9'}) and leaves
 * through {@link #toText}.
 */
public final class ByteStrings {
  private ByteStrings() {}

  /** The UTF-8 bytes of Java text, as a byte string (an unpaired surrogate becomes {@code ?}). */
  public static String fromText(String text) {
    if (text == null) {
      throw new NullPointerException("the text is null (a string value or attribute may be empty, never null)");
    }
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) >= 0x80) {
        return new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1);
      }
    }
    return text; // ASCII is its own encoding
  }

  /** The byte string holding exactly {@code bytes} (copied). */
  public static String of(byte[] bytes) {
    return new String(bytes, StandardCharsets.ISO_8859_1);
  }

  /** The bytes of a byte string (a new array). */
  public static byte[] bytes(String byteString) {
    return byteString.getBytes(StandardCharsets.ISO_8859_1);
  }

  /** A byte string decoded as UTF-8 (invalid sequences become U+FFFD). */
  public static String toText(String byteString) {
    return new String(bytes(byteString), StandardCharsets.UTF_8);
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

  /**
   * A byte string as Python's {@code repr(bytes)} prints it, which is how TF prints string
   * tensors: {@code b'...'}, or {@code b"..."} when the value holds {@code '} and no {@code "};
   * {@code \\}, the chosen quote, {@code \t \n \r} escaped, and every other byte outside
   * printable ASCII as {@code \xNN}, so a value can never break the line it is printed on.
   */
  public static String repr(String byteString) {
    boolean doubleQuote = byteString.indexOf('\'') >= 0 && byteString.indexOf('"') < 0;
    char quote = doubleQuote ? '"' : '\'';
    StringBuilder out = new StringBuilder(byteString.length() + 3).append('b').append(quote);
    for (int i = 0; i < byteString.length(); i++) {
      char c = byteString.charAt(i);
      if (c == quote || c == '\\') {
        out.append('\\').append(c);
      } else if (c == '\t') {
        out.append("\\t");
      } else if (c == '\n') {
        out.append("\\n");
      } else if (c == '\r') {
        out.append("\\r");
      } else if (c < 0x20 || c >= 0x7f) {
        out.append("\\x").append(Character.forDigit((c >> 4) & 0xF, 16)).append(Character.forDigit(c & 0xF, 16));
      } else {
        out.append(c);
      }
    }
    return out.append(quote).toString();
  }
}
