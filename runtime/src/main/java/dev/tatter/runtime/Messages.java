package dev.tatter.runtime;

/**
 * Error messages quote user data (names, string values, file text); printed raw, a NUL, an ESC
 * or a newline inside such data could corrupt a terminal or forge lines of output. Every
 * Tatter exception's message goes through {@link #printable} once, when it is made.
 */
public final class Messages {
  private Messages() {}

  /**
   * {@code message} with each control character written as an escape ({@code \0}, {@code \x1b},
   * {@code \r}, {@code \u2028}, ...), except the newline and tab that separate the parts of a
   * multi-line message. Null stays null.
   */
  public static String printable(String message) {
    if (message == null || message.chars().noneMatch(Messages::needsEscape)) {
      return message;
    }
    StringBuilder out = new StringBuilder(message.length() + 16);
    message.chars().forEach(c -> {
      if (!needsEscape(c)) {
        out.append((char) c);
      } else if (c == 0) {
        out.append("\\0");
      } else if (c == '\r') {
        out.append("\\r");
      } else if (c < 0x100) {
        out.append(String.format("\\x%02x", c));
      } else {
        out.append(String.format("\\u%04x", c));
      }
    });
    return out.toString();
  }

  private static boolean needsEscape(int c) {
    if (c == '\n' || c == '\t') {
      return false;
    }
    return c < 0x20 || (c >= 0x7f && c < 0xa0) || c == 0x2028 || c == 0x2029;
  }
}
