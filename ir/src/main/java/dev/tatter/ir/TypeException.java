package dev.tatter.ir;

/**
 * A type rule's refusal: the operands or attributes do not fit the op. Thrown inside type
 * inference and rethrown by the graph builder as a {@link GraphBuildException} that adds the op,
 * the operand types and the source location.
 */
public class TypeException extends RuntimeException {
  public TypeException(String message) {
    super(message);
  }
}
