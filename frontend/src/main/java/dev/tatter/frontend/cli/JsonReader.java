package dev.tatter.frontend.cli;

import dev.tatter.frontend.cli.TatterCommand.CliException;
import dev.tatter.ir.text.Literals;
import dev.tatter.runtime.ByteStrings;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict JSON reader (RFC 8259) for feed files, producing the scalars {@link Literals} takes:
 * arrays as {@link List}, objects as {@link Map} in written order, integers as {@link Long}
 * (or a {@link BigInteger} up to 2^64 - 1, for uint64), other numbers as {@link Literals.Decimal}
 * (so a float32 is read from the digits, never rounded twice), strings (as byte strings: the
 * UTF-8 of their text), booleans and {@code null}
 * (which the caller refuses with its path). As Python's {@code json} module writes them, {@code
 * NaN}, {@code Infinity} and {@code -Infinity} are read as the doubles. Duplicate keys, trailing
 * commas, comments, leading zeros and text after the value are errors giving line and column;
 * nesting is limited to {@value #MAX_DEPTH} levels, so a hostile file cannot overflow the stack.
 */
final class JsonReader {
  static final int MAX_DEPTH = 100; // as the IR parser limits brackets

  /** A JSON {@code null}, kept apart from Java's null so that a missing key and a null value differ. */
  enum Null { NULL }

  private final String text;
  private final String source;
  private int pos;
  private int depth;

  private JsonReader(String text, String source) {
    this.text = text;
    this.source = source;
  }

  /** The one JSON value of {@code text}; {@code source} names it in errors. */
  static Object read(String text, String source) {
    JsonReader r = new JsonReader(text, source);
    if (r.pos < text.length() && text.charAt(r.pos) == '\uFEFF') {
      r.pos++; // a byte-order mark, as some editors write one
    }
    r.skipSpace();
    Object value = r.value();
    r.skipSpace();
    if (r.pos < text.length()) {
      throw r.error("unexpected " + r.describeHere() + " after the JSON value");
    }
    return value;
  }

  private Object value() {
    if (pos >= text.length()) {
      throw error("the JSON text ends where a value was expected");
    }
    char c = text.charAt(pos);
    return switch (c) {
      case '[' -> array();
      case '{' -> object();
      case '"' -> ByteStrings.fromText(string()); // a string value is TF's bytes: its text's UTF-8, as tf.constant("é") is
      case 't' -> word("true", Boolean.TRUE);
      case 'f' -> word("false", Boolean.FALSE);
      case 'n' -> word("null", Null.NULL);
      case 'N' -> word("NaN", Double.NaN);
      case 'I' -> word("Infinity", Double.POSITIVE_INFINITY);
      default -> {
        if (c == '-' && text.startsWith("-Infinity", pos)) {
          yield word("-Infinity", Double.NEGATIVE_INFINITY);
        }
        if (c == '-' || (c >= '0' && c <= '9')) {
          yield number();
        }
        throw error("unexpected " + describeHere() + " where a JSON value was expected");
      }
    };
  }

  private List<Object> array() {
    enter();
    pos++;
    List<Object> items = new ArrayList<>();
    skipSpace();
    if (peek() == ']') {
      pos++;
      depth--;
      return Collections.unmodifiableList(items);
    }
    while (true) {
      skipSpace();
      items.add(value());
      skipSpace();
      char c = peek();
      pos++;
      if (c == ']') {
        depth--;
        return Collections.unmodifiableList(items);
      }
      if (c != ',') {
        pos--;
        throw error("expected ',' or ']' in an array, got " + describeHere());
      }
    }
  }

  private Map<String, Object> object() {
    enter();
    pos++;
    Map<String, Object> fields = new LinkedHashMap<>();
    skipSpace();
    if (peek() == '}') {
      pos++;
      depth--;
      return Collections.unmodifiableMap(fields);
    }
    while (true) {
      skipSpace();
      if (peek() != '"') {
        throw error("expected a quoted key in an object, got " + describeHere());
      }
      int keyAt = pos;
      String key = string();
      skipSpace();
      if (peek() != ':') {
        throw error("expected ':' after the key \"" + key + "\", got " + describeHere());
      }
      pos++;
      skipSpace();
      Object v = value();
      if (fields.put(key, v) != null) {
        pos = keyAt;
        throw error("the key \"" + key + "\" appears twice in one object");
      }
      skipSpace();
      char c = peek();
      pos++;
      if (c == '}') {
        depth--;
        return Collections.unmodifiableMap(fields);
      }
      if (c != ',') {
        pos--;
        throw error("expected ',' or '}' in an object, got " + describeHere());
      }
    }
  }

  private String string() {
    int start = pos;
    pos++;
    StringBuilder out = new StringBuilder();
    while (true) {
      if (pos >= text.length()) {
        pos = start;
        throw error("a string that is never closed");
      }
      char c = text.charAt(pos++);
      if (c == '"') {
        return out.toString();
      }
      if (c < 0x20) {
        pos--;
        throw error("a raw control character U+" + String.format("%04X", (int) c) + " in a string (write it escaped)");
      }
      if (c != '\\') {
        out.append(c);
        continue;
      }
      if (pos >= text.length()) {
        throw error("a string that is never closed");
      }
      char e = text.charAt(pos++);
      switch (e) {
        case '"', '\\', '/' -> out.append(e);
        case 'b' -> out.append('\b');
        case 'f' -> out.append('\f');
        case 'n' -> out.append('\n');
        case 'r' -> out.append('\r');
        case 't' -> out.append('\t');
        case 'u' -> {
          if (pos + 4 > text.length()) {
            throw error("\\u needs four hex digits");
          }
          try {
            out.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
          } catch (NumberFormatException x) {
            throw error("\\u needs four hex digits, got \\u" + text.substring(pos, pos + 4));
          }
          pos += 4;
        }
        default -> {
          pos -= 2;
          throw error("unknown escape \\" + e + " in a string");
        }
      }
    }
  }

  private Object number() {
    int start = pos;
    if (peek() == '-') {
      pos++;
    }
    if (peek() == '0') {
      pos++;
      if (Character.isDigit(peek())) {
        pos = start;
        throw error("a number with a leading zero");
      }
    } else if (!digits()) {
      pos = start;
      throw error("a '-' without digits");
    }
    boolean integral = true;
    if (peek() == '.') {
      integral = false;
      pos++;
      if (!digits()) {
        throw error("a number needs digits after its '.'");
      }
    }
    if (peek() == 'e' || peek() == 'E') {
      integral = false;
      pos++;
      if (peek() == '+' || peek() == '-') {
        pos++;
      }
      if (!digits()) {
        throw error("a number needs digits in its exponent");
      }
    }
    String literal = text.substring(start, pos);
    if (!integral) {
      return new Literals.Decimal(literal);
    }
    try {
      return Long.parseLong(literal);
    } catch (NumberFormatException e) {
      BigInteger big = new BigInteger(literal);
      if (big.signum() > 0 && big.bitLength() <= 64) {
        return big; // a uint64 above int64's range; the dtype decides whether it fits
      }
      pos = start;
      throw error("the integer " + literal + " does not fit int64 or uint64");
    }
  }

  private boolean digits() {
    int start = pos;
    while (pos < text.length() && text.charAt(pos) >= '0' && text.charAt(pos) <= '9') {
      pos++;
    }
    return pos > start;
  }

  private Object word(String word, Object value) {
    if (!text.startsWith(word, pos)) {
      throw error("unexpected " + describeHere() + " where a JSON value was expected");
    }
    pos += word.length();
    return value;
  }

  private void enter() {
    if (++depth > MAX_DEPTH) {
      throw error("arrays and objects nest deeper than " + MAX_DEPTH + " levels");
    }
  }

  private char peek() {
    return pos < text.length() ? text.charAt(pos) : '\0';
  }

  private void skipSpace() {
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
        return;
      }
      pos++;
    }
  }

  private String describeHere() {
    if (pos >= text.length()) {
      return "end of text";
    }
    char c = text.charAt(pos);
    return c < 0x20 || c == 0x7f ? String.format("character U+%04X", (int) c) : "'" + c + "'";
  }

  private CliException error(String why) {
    int line = 1;
    int lineStart = 0;
    for (int i = 0; i < Math.min(pos, text.length()); i++) {
      if (text.charAt(i) == '\n') {
        line++;
        lineStart = i + 1;
      }
    }
    return new CliException(source + ":" + line + ":" + (pos - lineStart + 1) + ": bad JSON: " + why);
  }
}
