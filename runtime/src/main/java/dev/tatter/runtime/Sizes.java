package dev.tatter.runtime;

import java.util.Arrays;

/**
 * Element-count arithmetic for shapes, checked before anything is allocated so that a huge or
 * negative shape becomes a clear error instead of an {@code OutOfMemoryError}, a {@code
 * NegativeArraySizeException} or a wrapped size.
 */
public final class Sizes {
  /**
   * The most elements any one tensor may hold. Java arrays stop at {@code Integer.MAX_VALUE - 8};
   * a lower limit can be set with the system property {@code tatter.maxElements}.
   */
  public static final long MAX_ELEMENTS =
      Math.min(Integer.MAX_VALUE - 8L, Long.getLong("tatter.maxElements", Integer.MAX_VALUE - 8L));

  /**
   * The limit in force: {@link #MAX_ELEMENTS} unless lowered at run time by {@link
   * #setMaxElements} (tests use that to reach the limit with small inputs, without a new JVM).
   */
  private static volatile long limit = MAX_ELEMENTS;

  private Sizes() {}

  /** The most elements any one tensor may hold now. */
  public static long maxElements() {
    return limit;
  }

  /**
   * Sets the element limit (at most {@link #MAX_ELEMENTS}, the array limit) and returns the
   * previous one, so that a caller can restore it in a {@code finally} block.
   */
  public static long setMaxElements(long newLimit) {
    if (newLimit < 0 || newLimit > MAX_ELEMENTS) {
      throw new IllegalArgumentException("the element limit must be in [0, " + MAX_ELEMENTS + "], got " + newLimit);
    }
    long previous = limit;
    limit = newLimit;
    return previous;
  }

  /** The number of elements of {@code shape}; throws if a dim is negative or the count is over the limit. */
  public static int elementCount(int[] shape) {
    long count = 1;
    for (int d : shape) {
      if (d < 0) {
        throw new InvalidArgumentException("negative dimension in shape " + Arrays.toString(shape));
      }
      count *= d;
      if (count > maxElements()) {
        throw tooLarge(Arrays.toString(shape));
      }
    }
    return (int) count;
  }

  /** Like {@link #elementCount(int[])} for shapes given as longs (e.g. read from a tensor). */
  public static int elementCount(long[] shape) {
    long count = 1;
    for (long d : shape) {
      if (d < 0) {
        throw new InvalidArgumentException("negative dimension in shape " + Arrays.toString(shape));
      }
      if (d != 0 && count > maxElements() / d) {
        throw tooLarge(Arrays.toString(shape));
      }
      count *= d;
    }
    if (count > maxElements()) {
      throw tooLarge(Arrays.toString(shape));
    }
    return (int) count;
  }

  /** Narrows a size to int, or throws naming {@code what}. */
  public static int toIntSize(long size, String what) {
    if (size < 0 || size > maxElements()) {
      throw new InvalidArgumentException(
          what + " = " + size + " is not a valid size (0 to " + maxElements() + ")");
    }
    return (int) size;
  }

  /** {@code a * b}, or an error naming both factors if the product overflows a long. */
  public static long checkedProduct(long a, long b) {
    try {
      return Math.multiplyExact(a, b);
    } catch (ArithmeticException e) {
      throw new InvalidArgumentException(a + " * " + b + " overflows int64");
    }
  }

  private static InvalidArgumentException tooLarge(String shape) {
    return new InvalidArgumentException(
        "a tensor of shape " + shape + " would hold more than " + maxElements() + " elements");
  }
}
