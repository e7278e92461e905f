package dev.tatter.frontend;

import dev.tatter.ir.GraphBuildException;

/**
 * The one refusal a null argument of the builder API gets: a {@link GraphBuildException} saying
 * what is null and at which call site it was passed, where the JVM's own message would name a
 * variable inside Tatter ({@code Cannot invoke "Value.type()" because "v" is null}).
 */
@BuilderApi
final class NullArguments {
  private NullArguments() {}

  /** {@code value}, or a refusal naming {@code what} if it is null. */
  static <T> T check(T value, String what) {
    if (value == null) {
      throw new GraphBuildException(what + " is null at " + CallSite.find());
    }
    return value;
  }
}
