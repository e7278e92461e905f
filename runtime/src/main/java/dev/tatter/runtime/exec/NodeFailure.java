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
      // a size under the element limit that the heap cannot hold: the run fails, the JVM lives on
      message = "ran out of memory (" + cause.getMessage() + "); a tensor may hold up to " + Sizes.maxElements()
          + " elements: lower that limit with -Dtatter.maxElements to refuse such sizes before allocating";
    } else {
      message = "kernel failed with " + cause;
    }
    return new Attributed(nodeDescription + ": " + message, cause);
  }
}
