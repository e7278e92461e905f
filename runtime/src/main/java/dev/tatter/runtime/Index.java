package dev.tatter.runtime;

import com.google.common.collect.ImmutableList;
import java.util.List;

/**
 * One entry of a Python-style index key, as in TF's {@code rt[1]}, {@code rt[:3]},
 * {@code rt[3, 0]}, {@code rt[:, 1:3]}, {@code rt[:, -1:]}: an integer (negative counts from the
 * end, and the dimension disappears) or a slice {@code start:stop:step} (any part may be left
 * out; negative bounds count from the end; bounds are clamped as Python clamps them).
 *
 * <p>A key is a list of entries, one per dimension from the outermost; dimensions past the key
 * are kept whole. {@link #parse} reads the text form ({@code ":, 1:3"}) and {@link #format}
 * writes it back; the textual IR stores keys in that form.
 */
public sealed interface Index permits Index.At, Index.Slice {

  /** {@code rt[i]}: element (row) {@code i}; negative counts from the end. */
  static Index at(long i) {
    return new At(i);
  }

  /** {@code rt[start:stop]}. */
  static Index slice(long start, long stop) {
    return new Slice(start, stop, null);
  }

  /** {@code rt[start:stop:step]}; null leaves a part out. */
  static Index slice(Long start, Long stop, Long step) {
    return new Slice(start, stop, step);
  }

  /** {@code rt[:]}: the whole dimension. */
  static Index all() {
    return new Slice(null, null, null);
  }

  /** {@code rt[start:]}. */
  static Index from(long start) {
    return new Slice(start, null, null);
  }

  /** {@code rt[:stop]}. */
  static Index to(long stop) {
    return new Slice(null, stop, null);
  }

  /** An integer index. */
  record At(long index) implements Index {
    /** The index in a dimension of {@code size}, or -1 if it is out of range. */
    public long resolve(long size) {
      long i = index < 0 ? index + size : index;
      return i < 0 || i >= size ? -1 : i;
    }

    @Override
    public String toString() {
      return Long.toString(index);
    }
  }

  /** A slice; a null part is left out. A step of 0 is refused. */
  record Slice(Long start, Long stop, Long step) implements Index {
    public Slice {
      if (step != null && step == 0) {
        throw new IllegalArgumentException("slice step cannot be zero");
      }
    }

    public long stepOrOne() {
      return step == null ? 1 : step;
    }

    /** How many positions this slice takes from a dimension of {@code size} (Python's rules). */
    public long count(long size) {
      long[] b = bounds(size);
      long s = stepOrOne();
      long span = s > 0 ? b[1] - b[0] : b[0] - b[1];
      if (span <= 0) {
        return 0;
      }
      // |Long.MIN_VALUE| does not fit a long, and span + |s| - 1 could wrap: a step at least as
      // long as the span takes one position
      if (s == Long.MIN_VALUE || Math.abs(s) >= span) {
        return 1;
      }
      return (span - 1) / Math.abs(s) + 1;
    }

    /** The first position taken from a dimension of {@code size} (meaningful when count > 0). */
    public long first(long size) {
      return bounds(size)[0];
    }

    /** Python's {@code slice.indices(size)}: the clamped start and stop. */
    private long[] bounds(long size) {
      long s = stepOrOne();
      long lower = s > 0 ? 0 : -1;
      long upper = s > 0 ? size : size - 1;
      long b0 = start == null ? (s > 0 ? lower : upper) : clamp(start < 0 ? start + size : start, lower, upper);
      long b1 = stop == null ? (s > 0 ? upper : lower) : clamp(stop < 0 ? stop + size : stop, lower, upper);
      return new long[] {b0, b1};
    }

    private static long clamp(long v, long lo, long hi) {
      return Math.max(lo, Math.min(hi, v));
    }

    @Override
    public String toString() {
      String s = (start == null ? "" : start.toString()) + ":" + (stop == null ? "" : stop.toString());
      return step == null ? s : s + ":" + step;
    }
  }

  /** Parses a key such as {@code ":, 1:3"} or {@code "3, 0"}; throws IllegalArgumentException naming the bad part. */
  static java.util.List<Index> parse(String key) {
    ImmutableList.Builder<Index> out = ImmutableList.builder();
    if (key.isBlank()) {
      return out.build();
    }
    for (String part : key.split(",", -1)) {
      String p = part.strip();
      try {
        if (!p.contains(":")) {
          out.add(at(Long.parseLong(p)));
          continue;
        }
        String[] bits = p.split(":", -1);
        if (bits.length > 3) {
          throw new IllegalArgumentException("too many ':'");
        }
        out.add(new Slice(bound(bits[0]), bound(bits[1]), bits.length == 3 ? bound(bits[2]) : null));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("bad index '" + p + "' in key [" + key + "]: "
            + (e instanceof NumberFormatException ? "expected an integer or start:stop:step" : e.getMessage()));
      }
    }
    return out.build();
  }

  private static Long bound(String s) {
    String t = s.strip();
    return t.isEmpty() ? null : Long.parseLong(t);
  }

  /** The text form of a key: {@code ":, 1:3"}. */
  static String format(List<Index> key) {
    return String.join(", ", key.stream().map(Object::toString).toList());
  }
}
