package dev.tatter.frontend.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import dev.tatter.frontend.cli.TatterCommand.CliException;
import dev.tatter.ir.text.Literals;
import dev.tatter.runtime.ByteStrings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A strict JSON reader (RFC 8259, through Jackson's streaming parser) for feed files, producing
 * the scalars {@link Literals} takes: arrays as {@link List}, objects as {@link Map} in written
 * order, integers as {@link Long} (or a {@link BigInteger} up to 2^64 - 1, for uint64), other
 * numbers as {@link Literals.Decimal} (so a float32 is read from the digits, never rounded twice),
 * strings (as byte strings: the UTF-8 of their text), booleans and {@code null} (which the caller
 * refuses with its path). As Python's {@code json} module writes them (and TF Serving's JSON API
 * reads them), {@code NaN}, {@code Infinity} and {@code -Infinity} are read as the doubles; Jackson's
 * other spellings ({@code +Infinity}, {@code INF}) are refused. Duplicate keys, trailing commas,
 * comments, leading zeros and text after the value are errors giving line and column; nesting is
 * limited to {@value #MAX_DEPTH} levels, so a hostile file cannot overflow the stack. The text is
 * already bounded in size by {@link InputFiles}, so Jackson's own limit on a string's length is
 * lifted to that bound.
 */
final class JsonReader {
  static final int MAX_DEPTH = 100; // as the IR parser limits brackets

  private static final Pattern NUMBER_LENGTH = Pattern.compile("Number value length \\((\\d+)\\) exceeds the maximum allowed \\((\\d+)");

  /** A JSON {@code null}, kept apart from Java's null so that a missing key and a null value differ. */
  enum Null { NULL }

  private static final JsonFactory FACTORY = JsonFactory.builder()
      .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
      .streamReadConstraints(StreamReadConstraints.builder()
          .maxStringLength(Integer.MAX_VALUE)
          .maxNestingDepth(2 * MAX_DEPTH) // our own check, with our message, comes first
          .build())
      .build();

  private final String text;
  private final String source;
  private final JsonParser parser;
  private int depth;

  private JsonReader(String text, String source, JsonParser parser) {
    this.text = text;
    this.source = source;
    this.parser = parser;
  }

  /** The one JSON value of {@code text}; {@code source} names it in errors. */
  static Object read(String text, String source) {
    // A byte-order mark, as some editors write one, read as a space so that columns stay as written.
    String json = text.startsWith("\uFEFF") ? " " + text.substring(1) : text;
    try (JsonParser parser = FACTORY.createParser(json)) {
      JsonReader r = new JsonReader(json, source, parser);
      try {
        JsonToken first = parser.nextToken();
        if (first == null) {
          throw r.error(json.length(), "the JSON text ends where a value was expected");
        }
        Object value = r.value(first);
        r.checkNothingAfter((int) parser.currentLocation().getCharOffset());
        return value;
      } catch (StreamReadException e) {
        JsonLocation at = e.getLocation();
        throw r.error(at == null ? -1 : at.getLineNr(), at == null ? -1 : at.getColumnNr(), jacksonWhy(e));
      } catch (StreamConstraintsException e) {
        // Jackson's limits (a number's length; nesting and string length are ours to check, above)
        JsonLocation at = parser.currentTokenLocation();
        Matcher length = NUMBER_LENGTH.matcher(String.valueOf(e.getOriginalMessage()));
        throw r.error(at.getLineNr(), at.getColumnNr(), length.find()
            ? "a number with " + length.group(1) + " digits in a row, more than the " + length.group(2) + " a feed number may have"
            : String.valueOf(e.getOriginalMessage()).replaceAll("\\s*\\R\\s*", " "));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e); // a String source does no I/O
    }
  }

  private Object value(JsonToken token) throws IOException {
    return switch (token) {
      case START_ARRAY -> array();
      case START_OBJECT -> object();
      case VALUE_STRING -> byteString(parser.getText()); // TF's bytes: the text's UTF-8, as tf.constant("é") is
      case VALUE_TRUE -> Boolean.TRUE;
      case VALUE_FALSE -> Boolean.FALSE;
      case VALUE_NULL -> Null.NULL;
      case VALUE_NUMBER_INT -> integer();
      case VALUE_NUMBER_FLOAT -> parser.isNaN() ? nonFinite() : new Literals.Decimal(parser.getText());
      default -> throw errorAtToken("unexpected " + token + " where a JSON value was expected");
    };
  }

  /** The text's UTF-8 as a byte string; a lone surrogate (an unpaired {@code \\ud800} escape) is refused where it is. */
  private String byteString(String text) {
    try {
      return ByteStrings.fromText(text);
    } catch (IllegalArgumentException e) {
      throw errorAtToken("a JSON string that is not text: " + e.getMessage());
    }
  }

  private List<Object> array() throws IOException {
    enter();
    List<Object> items = new ArrayList<>();
    for (JsonToken t = next(); t != JsonToken.END_ARRAY; t = next()) {
      items.add(value(t));
    }
    depth--;
    return Collections.unmodifiableList(items);
  }

  private Map<String, Object> object() throws IOException {
    enter();
    Map<String, Object> fields = new LinkedHashMap<>();
    for (JsonToken t = next(); t != JsonToken.END_OBJECT; t = next()) {
      String key = parser.currentName();
      JsonLocation keyAt = parser.currentTokenLocation();
      Object v = value(next());
      if (fields.put(key, v) != null) {
        throw error(keyAt.getLineNr(), keyAt.getColumnNr(), "the key \"" + key + "\" appears twice in one object");
      }
    }
    depth--;
    return Collections.unmodifiableMap(fields);
  }

  private Object integer() throws IOException {
    if (parser.getNumberType() != JsonParser.NumberType.BIG_INTEGER) {
      return parser.getLongValue();
    }
    BigInteger big = parser.getBigIntegerValue();
    if (big.signum() > 0 && big.bitLength() <= 64) {
      return big; // a uint64 above int64's range; the dtype decides whether it fits
    }
    throw errorAtToken("the integer " + parser.getText() + " does not fit int64 or uint64");
  }

  /** Python's words only, as {@code json.dumps} writes them. */
  private Object nonFinite() throws IOException {
    return switch (parser.getText()) {
      case "NaN" -> Double.NaN;
      case "Infinity" -> Double.POSITIVE_INFINITY;
      case "-Infinity" -> Double.NEGATIVE_INFINITY;
      default -> throw errorAtToken("'" + parser.getText() + "' is not a number JSON has (write NaN, Infinity or -Infinity)");
    };
  }

  private JsonToken next() throws IOException {
    JsonToken t = parser.nextToken();
    if (t == null) {
      throw error(text.length(), "the JSON text ends inside an array or object");
    }
    return t;
  }

  private void enter() {
    if (++depth > MAX_DEPTH) {
      throw errorAtToken("arrays and objects nest deeper than " + MAX_DEPTH + " levels");
    }
  }

  private void checkNothingAfter(int offset) {
    int pos = offset;
    while (pos < text.length() && " \t\n\r".indexOf(text.charAt(pos)) >= 0) {
      pos++;
    }
    if (pos < text.length()) {
      char c = text.charAt(pos);
      String what = c < 0x20 || c == 0x7f ? String.format("character U+%04X", (int) c) : "'" + c + "'";
      throw error(pos, "unexpected " + what + " after the JSON value");
    }
  }

  private static final Pattern UNEXPECTED = Pattern.compile("Unexpected character \\((.+?) \\(code \\d+\\)\\)(.*)");
  private static final Pattern CONTROL = Pattern.compile("Illegal unquoted character \\(\\(CTRL-CHAR, code (\\d+)\\)\\).*");
  private static final String ANY_VALUE =
      " (JSON String, Number (or 'NaN'/'+INF'/'-INF'), Array, Object or token 'null', 'true' or 'false')";

  /**
   * Jackson's description, on one line and without its source excerpt, in the words the rest of
   * the CLI uses for the common cases (its list of value kinds also names {@code +INF}, which this
   * reader refuses, so that list becomes "a JSON value").
   */
  static String jacksonWhy(StreamReadException e) {
    String why = e.getOriginalMessage();
    if (why == null) {
      return e.getClass().getSimpleName();
    }
    why = why.replaceAll("\\s*\\R\\s*", " ").strip();
    Matcher control = CONTROL.matcher(why);
    if (control.matches()) {
      return String.format("a raw control character U+%04X in a string (write it escaped)", Integer.parseInt(control.group(1)));
    }
    if (why.startsWith("Invalid numeric value: Leading zeroes not allowed")) {
      return "a number with a leading zero";
    }
    Matcher unexpected = UNEXPECTED.matcher(why);
    if (unexpected.matches()) {
      String rest = unexpected.group(2);
      why = "unexpected " + unexpected.group(1)
          + (rest.startsWith(": expected a valid value") ? " where a JSON value was expected" : rest);
    }
    return why.replace("was expecting" + ANY_VALUE, "was expecting a JSON value").replace(ANY_VALUE, "");
  }

  private CliException errorAtToken(String why) {
    JsonLocation at = parser.currentTokenLocation();
    return error(at.getLineNr(), at.getColumnNr(), why);
  }

  /** An error at a char offset of the text. */
  private CliException error(int offset, String why) {
    int line = 1;
    int lineStart = 0;
    for (int i = 0; i < Math.min(offset, text.length()); i++) {
      if (text.charAt(i) == '\n') {
        line++;
        lineStart = i + 1;
      }
    }
    return error(line, offset - lineStart + 1, why);
  }

  private CliException error(int line, int column, String why) {
    String where = line > 0 && column > 0 ? ":" + line + ":" + column : "";
    return new CliException(source + where + ": bad JSON: " + why);
  }
}
