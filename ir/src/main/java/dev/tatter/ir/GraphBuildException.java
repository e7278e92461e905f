package dev.tatter.ir;

/**
 * A graph could not be built as asked: an op was applied to operands or attributes that do not
 * fit it. The message names the op, the operand types, the broken condition and the source
 * location (builder call site or {@code file:line:col}); control characters in it are escaped
 * ({@link dev.tatter.runtime.Messages}).
 */
public class GraphBuildException extends RuntimeException {
  public GraphBuildException(String message) {
    super(dev.tatter.runtime.Messages.printable(message));
  }
}
