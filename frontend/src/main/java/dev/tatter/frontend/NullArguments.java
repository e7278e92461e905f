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
  private static final StackWalker CALLER = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE);

  /**
   * {@code value}, or a refusal naming parameter {@code parameter} of the public method of {@link
   * Value} or {@link GraphBuilder} that called this ({@code argument 'y' of Value.add is null at
   * ...}). The method is read from the stack only when the value is null, so a check costs nothing
   * otherwise; it is called inline in the argument list of that method's body.
   */
  static <T> T arg(T value, String parameter) {
    return value != null ? value : check(value, "argument '" + parameter + "' of " + caller());
  }

  /** {@code values} as {@link #arg}, each element too ({@code argument 'nestedRowSplits'[1] of ...}). */
  static <T> T args(T values, String parameter) {
    arg(values, parameter);
    return checkElements(values, "argument '" + parameter + "' of " + caller());
  }

  private static String caller() {
    return CALLER.walk(frames -> frames.dropWhile(f -> f.getDeclaringClass() == NullArguments.class).findFirst())
        .map(f -> f.getDeclaringClass().getSimpleName() + "." + f.getMethodName()).orElse("the builder");
  }
}
