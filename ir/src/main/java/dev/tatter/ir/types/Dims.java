package dev.tatter.ir.types;

import dev.tatter.runtime.Sizes;
import java.util.List;

/** Static sizes: a non-negative long, or {@link #UNKNOWN}. */
public final class Dims {
  /** A size not known when the graph is built (TF's {@code None}). */
  public static final long UNKNOWN = -1;

  private Dims() {}

  public static boolean isKnown(long size) {
    return size >= 0;
  }

  /**
   * Refuses a static size no run-time value can have (a dimension or row count is at most the
   * array limit), so that type rules may compute {@code nrows + 1} or a product without wrapping.
   */
  public static void checkFits(long size, String what) {
    if (size > Sizes.MAX_ELEMENTS) {
      throw new IllegalArgumentException(what + " " + size + " is more than a tensor can hold (" + Sizes.MAX_ELEMENTS + ")");
    }
  }

  /** Prints a size as the textual IR and TF do: the number, or {@code None}. */
  public static String format(long size) {
    return size >= 0 ? Long.toString(size) : "None";
  }

  /**
   * The one size both {@code a} and {@code b} allow, or {@code null} if they are two different
   * known sizes.
   */
  public static Long merge(long a, long b) {
    if (a == UNKNOWN) {
      return b;
    }
    if (b == UNKNOWN || a == b) {
      return a;
    }
    return null;
  }

  /** The product of known sizes, or UNKNOWN if any is unknown or the product overflows. */
  public static long product(List<Long> dims) {
    long p = 1;
    for (long d : dims) {
      if (d < 0) {
        return UNKNOWN;
      }
      if (d != 0 && p > Long.MAX_VALUE / d) {
        return UNKNOWN;
      }
      p *= d;
    }
    return p;
  }
}
