package dev.tatter.runtime.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.runtime.InvalidArgumentException;
import org.junit.jupiter.api.Test;

/**
 * A run that runs out of memory names the node and gives the advice that fits where the heap ran
 * out: the element limit for a tensor's elements, the heap for string bytes and for a regular
 * expression (which the element limit does not bound). The errors here are made with the stack a
 * real one would carry, so the classification is tested without exhausting the test's heap.
 */
class NodeFailureTest {
  private static OutOfMemoryError outOfMemoryAt(String... classes) {
    OutOfMemoryError e = new OutOfMemoryError("Java heap space");
    StackTraceElement[] frames = new StackTraceElement[classes.length];
    for (int i = 0; i < classes.length; i++) {
      frames[i] = new StackTraceElement(classes[i], "m", null, -1);
    }
    e.setStackTrace(frames);
    return e;
  }

  @Test
  void elements_adviseTheElementLimit() {
    InvalidArgumentException e = NodeFailure.at(outOfMemoryAt("dev.tatter.runtime.DTypeLayout",
        "dev.tatter.runtime.kernels.array.TileKernels"), "node #3 (tile)");
    assertTrue(e.getMessage().startsWith("node #3 (tile): ran out of memory (Java heap space); a tensor may hold up to "),
        e.getMessage());
    assertTrue(e.getMessage().contains("-Dtatter.maxElements"), e.getMessage());
  }

  @Test
  void stringBytes_adviseTheHeap_notTheElementLimit() {
    InvalidArgumentException e = NodeFailure.at(outOfMemoryAt("java.util.Arrays", "dev.tatter.runtime.StringColumn$Builder",
        "dev.tatter.runtime.kernels.strings.StringJoinKernels"), "node #1 (string_join)");
    assertEquals("node #1 (string_join): ran out of memory (Java heap space) building string values: their bytes do not fit"
        + " the heap (the element limit, -Dtatter.maxElements, counts strings, not their bytes); give the JVM more heap"
        + " (-Xmx) or feed shorter strings", e.getMessage());
  }

  @Test
  void regularExpressions_adviseTheHeapAndThePattern() {
    InvalidArgumentException e = NodeFailure.at(outOfMemoryAt("com.google.re2j.Prog", "com.google.re2j.Compiler",
        "dev.tatter.runtime.StringColumn$Builder", "dev.tatter.runtime.kernels.strings.RegexCache"), "node #2 (regex_full_match)");
    assertTrue(e.getMessage().startsWith("node #2 (regex_full_match): ran out of memory (Java heap space) in the regular"
        + " expression engine"), e.getMessage());
    assertFalse(e.getMessage().contains("maxElements"), e.getMessage());
  }
}
