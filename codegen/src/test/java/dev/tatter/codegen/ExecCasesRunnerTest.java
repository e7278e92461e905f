package dev.tatter.codegen;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.codegen.testing.ExecCases;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.MultipleFailuresError;

/** The runner fails a case whenever its expectations are not met, and refuses malformed cases. */
class ExecCasesRunnerTest {
  private static final String GRAPH = """
      %x = placeholder() : tensor<int32>[None]
      %y = placeholder() : tensor<int32>[None]
      %q = floordiv(%x, %y) : tensor<int32>[None]
      return %q
      """;

  private static Throwable failure(String text) {
    return assertThrows(AssertionError.class, () -> ExecCases.check(text, "t.tat"));
  }

  private static void assertMentions(Throwable failure, String text) {
    String message = failure instanceof MultipleFailuresError m
        ? m.getFailures().stream().map(Throwable::getMessage).reduce("", String::concat) : failure.getMessage();
    assertTrue(message.contains(text), () -> "'" + text + "' not in: " + message);
  }

  @Test
  void aCaseThatHolds_passes() {
    ExecCases.check("""
        # feed x = [7, -7]
        # feed y = [2, 2]
        # tf: tf.math.floordiv([7, -7], [2, 2])
        # expect %q = [3, -4]
        """ + GRAPH, "t.tat");
  }

  @Test
  void aWrongValue_failsForBothBackends() {
    Throwable f = failure("""
        # feed x = [7, -7]
        # feed y = [2, 2]
        # tf: truncating division, which is not TF's floordiv
        # expect %q = [3, -3]
        """ + GRAPH);
    assertTrue(f instanceof MultipleFailuresError m && m.getFailures().size() == 2, f::toString);
    assertMentions(f, "%q from the interpreter");
    assertMentions(f, "%q from the bytecode");
  }

  @Test
  void anExpectedErrorThatDoesNotHappen_fails() {
    assertMentions(failure("""
        # feed x = [7]
        # feed y = [2]
        # tf: tf.math.floordiv([7], [0])
        # expect-error Integer division by zero
        """ + GRAPH), "the interpreter returned [[3]]");
  }

  @Test
  void anErrorWithAnotherMessage_fails() {
    assertMentions(failure("""
        # feed x = [7]
        # feed y = [0]
        # tf: tf.math.floordiv([7], [0])
        # expect-error Integer overflow
        """ + GRAPH), "does not contain 'Integer overflow'");
  }

  @Test
  void anUnexpectedError_fails() {
    Throwable f = failure("""
        # feed x = [7]
        # feed y = [0]
        # tf: tf.math.floordiv([7], [0])
        # expect %q = [0]
        """ + GRAPH);
    assertMentions(f, "the interpreter failed");
    assertTrue(f.getCause().getMessage().endsWith("%q (floordiv) at t.tat:7:1: Integer division by zero"), f::toString);
  }

  @Test
  void malformedCases_areRefused() {
    String feeds = "# feed x = [1]\n# feed y = [1]\n";
    assertMentions(failure(feeds + "# expect %q = [1]\n" + GRAPH), "must follow a '# tf:' line");
    assertMentions(failure(feeds + "# tf: x // y\n# expect %r = [1]\n" + GRAPH), "must name the returned values");
    assertMentions(failure("# feed x = [1]\n# tf: x // y\n# expect %q = [1]\n" + GRAPH), "no '# feed y = ...' line");
    assertMentions(failure(feeds + "# feed z = [1]\n# tf: x // y\n# expect %q = [1]\n" + GRAPH), "names no placeholder");
    assertMentions(failure(feeds + "# tf: x // y\n# expected %q = [1]\n" + GRAPH), "t.tat:4: unknown directive");
    assertMentions(failure(feeds + "# tf: x // y\n# expect %q = [1]\n# tf: x // 0\n# expect-error zero\n" + GRAPH),
        "either values or an error");
  }

  @Test
  void aFeedThatDoesNotFitItsPlaceholder_isAParseError() {
    assertThrows(dev.tatter.ir.text.IrParseException.class, () -> ExecCases.check(
        "# feed x = [1.5]\n# feed y = [1]\n# tf: x // y\n# expect %q = [1]\n" + GRAPH, "t.tat"));
  }

  @Test
  void expectedValuesAreComparedAsPrinted_soTheDtypeShowsToo() {
    // an int32 result printed as a float list does not match
    AssertionFailedError f = (AssertionFailedError) ((MultipleFailuresError) failure("""
        # feed x = [7]
        # feed y = [2]
        # tf: tf.math.floordiv([7], [2])
        # expect %q = [3.0]
        """ + GRAPH)).getFailures().get(0);
    assertTrue(f.getMessage().contains("expected: <[3.0]> but was: <[3]>"), f::getMessage);
  }
}
