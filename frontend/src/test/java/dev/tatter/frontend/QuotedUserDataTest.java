package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runtimeError;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Messages quote user data (string values, patterns) as values are printed, {@code b'...'} with
 * escapes, so a value holding a newline cannot forge a line of output ({@code error: ...}), and a
 * long value is cut, saying how long it was.
 */
class QuotedUserDataTest {
  private static final String FORGED = "1\nerror: forged";

  private static void assertOneLine(String message) {
    assertFalse(message.contains("\n"), message);
    assertFalse(message.contains("\r"), message);
  }

  @Test
  void toNumber_quotesTheFedString() {
    GraphBuilder g = new GraphBuilder();
    Value s = g.placeholder("s", Types.parse("tensor<string>[1]"));
    String m = runtimeError(g, Strings.toNumber(s, DType.FLOAT32), Map.of("s", Tensor.ofStrings(FORGED)));
    assertOneLine(m);
    assertTrue(m.endsWith("StringToNumberOp could not correctly convert string: b'1\\nerror: forged'"), m);
  }

  @Test
  void substr_quotesTheFedString() {
    GraphBuilder g = new GraphBuilder();
    Value s = g.placeholder("s", Types.parse("tensor<string>[1]"));
    String m = runtimeError(g, Strings.substr(s, 40, 1), Map.of("s", Tensor.ofStrings("it's\r\nerror: x")));
    assertOneLine(m);
    assertTrue(m.endsWith("pos 40 out of range for string b\"it's\\r\\nerror: x\" at index 0"), m);
  }

  @Test
  void regexPatterns_areQuoted() {
    GraphBuilder g = new GraphBuilder();
    Value s = g.constant(Tensor.ofStrings("a"));
    String m = runtimeError(g, Strings.regexFullMatch(s, "(\nerror: forged"));
    assertOneLine(m);
    assertTrue(m.contains("Invalid pattern: b'(\\nerror: forged', error: missing closing )"), m);
  }

  @Test
  void longValues_areCut_sayingTheirLength() {
    GraphBuilder g = new GraphBuilder();
    Value s = g.placeholder("s", Types.parse("tensor<string>[1]"));
    String big = "7".repeat(100_000) + "x";
    String m = runtimeError(g, Strings.toNumber(s, DType.FLOAT64), Map.of("s", Tensor.ofStrings(big)));
    assertTrue(m.endsWith("could not correctly convert string: b'" + "7".repeat(256) + "'... (100001 bytes, the first 256 shown)"),
        m.substring(Math.max(0, m.length() - 400)));
    GraphBuilder h = new GraphBuilder();
    String pattern = "(" + "a".repeat(5000);
    m = runtimeError(h, Strings.regexFullMatch(h.constant(Tensor.ofStrings("a")), pattern));
    assertTrue(m.length() < 1000, "a 5001-byte pattern gives a message of " + m.length() + " chars");
    assertTrue(m.contains("(5001 bytes, the first 256 shown), error: missing closing )"), m);
  }
}
