package dev.tatter.runtime.exec;

import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Sizes;

/**
 * Turns a kernel's exception into the one exception a failed run throws, naming the node, its op
 * and its source location. Called by the interpreter and by generated code.
 */
public final class NodeFailure {
  private NodeFailure() {}

  public static InvalidArgumentException at(Throwable cause, String[] nodeDescriptions, int node) {
    return at(cause, nodeDescriptions[node]);
  }

  public static InvalidArgumentException at(Throwable cause, String nodeDescription) {
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
    return new InvalidArgumentException(nodeDescription + ": " + message, cause);
  }
}
