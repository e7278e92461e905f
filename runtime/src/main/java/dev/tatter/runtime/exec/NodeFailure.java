package dev.tatter.runtime.exec;

import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Sizes;

/**
 * Turns a kernel's exception into the one exception a failed run throws, naming the node, its op
 * and its source location. Called by the interpreter and by generated code.
 */
public final class NodeFailure {
  private NodeFailure() {}

  /** The failure of node {@code node}, described (only now, when it failed) by {@code describe}. */
  public static InvalidArgumentException at(Throwable cause, java.util.function.IntFunction<String> describe, int node) {
    return cause instanceof Attributed attributed ? attributed : at(cause, describe.apply(node));
  }

  /**
   * The failure of a run, already naming its node. A fused node's step is attributed to its
   * original node where it fails, and passes through the fused node's own handler unchanged.
   */
  static final class Attributed extends InvalidArgumentException {
    Attributed(String message, Throwable cause) {
      super(message, cause);
    }
  }

  public static InvalidArgumentException at(Throwable cause, String nodeDescription) {
    if (cause instanceof Attributed attributed) {
      return attributed;
    }
    String message;
    if (cause instanceof InvalidArgumentException) {
      message = cause.getMessage();
    } else if (cause instanceof OutOfMemoryError) {
      message = outOfMemory((OutOfMemoryError) cause);
    } else {
      message = "kernel failed with " + cause;
    }
    return new Attributed(nodeDescription + ": " + message, cause);
  }

  /** What ran out of the heap, read from where the allocation failed. */
  private enum Exhausted { ELEMENTS, STRING_BYTES, REGEX }

  /**
   * The run fails, the JVM lives on; the advice fits what filled the heap. The element limit bounds
   * a tensor's elements, not a string's bytes nor a regular expression's program and match state,
   * so advising it there would mislead: the stack of the error says which it was.
   */
  private static String outOfMemory(OutOfMemoryError e) {
    String what = "ran out of memory (" + e.getMessage() + ")";
    return switch (exhausted(e)) {
      case ELEMENTS -> what + "; a tensor may hold up to " + Sizes.maxElements()
          + " elements: lower that limit with -Dtatter.maxElements to refuse such sizes before allocating";
      case STRING_BYTES -> what + " building string values: their bytes do not fit the heap (the element limit,"
          + " -Dtatter.maxElements, counts strings, not their bytes); give the JVM more heap (-Xmx) or feed shorter strings";
      case REGEX -> what + " in the regular expression engine: the pattern's program or its match state does not fit"
          + " the heap; give the JVM more heap (-Xmx) or simplify the pattern (fewer or smaller counted repetitions)";
    };
  }

  /** The first frame, from where the allocation failed, that says what was being built. */
  private static Exhausted exhausted(OutOfMemoryError e) {
    for (StackTraceElement frame : e.getStackTrace()) {
      String c = frame.getClassName();
      if (c.startsWith("com.google.re2j.")) {
        return Exhausted.REGEX;
      }
      if (c.startsWith("dev.tatter.runtime.StringColumn") || c.startsWith("dev.tatter.runtime.StringSlots")
          || c.startsWith("dev.tatter.runtime.ByteStrings") || c.equals("java.lang.AbstractStringBuilder")
          || c.equals("java.lang.StringBuilder") || c.equals("java.lang.String")) {
        return Exhausted.STRING_BYTES;
      }
      if (c.startsWith("dev.tatter.")) {
        return Exhausted.ELEMENTS; // a Tatter frame that is neither: a tensor's storage
      }
    }
    return Exhausted.ELEMENTS;
  }
}
