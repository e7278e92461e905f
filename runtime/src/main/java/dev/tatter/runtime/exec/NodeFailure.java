package dev.tatter.runtime.exec;

import dev.tatter.runtime.InvalidArgumentException;

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
    String message = cause instanceof InvalidArgumentException
        ? cause.getMessage()
        : "kernel failed with " + cause;
    return new InvalidArgumentException(nodeDescription + ": " + message, cause);
  }
}
