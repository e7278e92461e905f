package dev.tatter.runtime;

import java.util.Arrays;

/**
 * Element-count arithmetic for shapes, checked before anything is allocated so that a huge or
 * negative shape becomes a clear error instead of an {@code OutOfMemoryError}, a {@code
 * NegativeArraySizeException} or a wrapped size.
 */
public final class Sizes {
  /** The most elements a Java array, and so any one tensor, can hold. */
  public static final long MAX_ELEMENTS = Integer.MAX_VALUE - 8L;

  /**
   * The limit in force. By default a tensor of 8-byte elements may take at most half the heap
   * ({@code Runtime.maxMemory() / 16} elements), so that a hostile shape is refused by this
   * check, before allocating, rather than by an {@code OutOfMemoryError}. The system property
   * {@code tatter.maxElements} sets another default (up to {@link #MAX_ELEMENTS});
   * {@link #setMaxElements} changes it at run time (tests use that to reach the limit with small
   * inputs, without a new JVM).
   */
  private static volatile long limit = defaultLimit();

  private static long defaultLimit() {
    long heapBound = Runtime.getRuntime().maxMemory() / 16;
    long configured = Long.getLong("tatter.maxElements", heapBound);
    return Math.max(0, Math.min(MAX_ELEMENTS, configured));
  }

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
    boolean empty = false;
    for (long d : shape) {
      if (d < 0) {
        throw new InvalidArgumentException("negative dimension in shape " + Arrays.toString(shape));
      }
      empty |= d == 0;
    }
    if (empty) {
      return 0; // however large the other dimensions are (toIntShape checks each one)
    }
    long count = 1;
    for (long d : shape) {
      if (count > maxElements() / d) {
        throw tooLarge(Arrays.toString(shape));
      }
      count *= d;
    }
    if (count > maxElements()) {
      throw tooLarge(Arrays.toString(shape));
    }
    return (int) count;
  }

  /**
   * {@code shape} as an int shape, after {@link #elementCount(long[])}: each dimension is checked
   * on its own too, since a shape with a zero dimension holds no elements however large the
   * others are ({@code [0, 4294967301]} would otherwise narrow to {@code [0, 5]}).
   */
  public static int[] toIntShape(long[] shape) {
    elementCount(shape);
    int[] out = new int[shape.length];
    for (int d = 0; d < shape.length; d++) {
      if (shape[d] > MAX_ELEMENTS) {
        throw new InvalidArgumentException("dimension " + d + " of shape " + Arrays.toString(shape) + " is "
            + shape[d] + ", more than a tensor dimension can hold (" + MAX_ELEMENTS + ")");
      }
      out[d] = (int) shape[d];
    }
    return out;
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
