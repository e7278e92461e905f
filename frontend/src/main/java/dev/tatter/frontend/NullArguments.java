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

  /**
   * {@code values} (an array or a collection of operands), or a refusal naming {@code what} if it
   * or one of its elements is null ({@code argument 'values'[1] of tf.concat is null}).
   */
  static <T> T checkElements(T values, String what) {
    check(values, what);
    int i = 0;
    Iterable<?> items = values instanceof Object[] array ? java.util.Arrays.asList(array) : (Iterable<?>) values;
    for (Object item : items) {
      if (item == null) {
        throw new GraphBuildException(what.replaceFirst("^(argument '[^']*')", "$1[" + i + "]") + " is null at "
            + CallSite.find());
      }
      i++;
    }
    return values;
  }
}
