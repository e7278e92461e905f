package dev.tatter.frontend;

import dev.tatter.ir.GraphBuildException;

/**
 * The static shapes of two operands prove that they cannot broadcast (TF raises for {@code
 * tf.math.equal} and arithmetic; {@code ==} and {@code !=} give False and True instead, which is
 * why the builder's {@code eq}/{@code ne} catch exactly this exception).
 */
public final class IncompatibleShapesException extends GraphBuildException {
  IncompatibleShapesException(String message) {
    super(message);
  }
}
