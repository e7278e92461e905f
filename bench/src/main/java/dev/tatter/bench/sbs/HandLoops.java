package dev.tatter.bench.sbs;

import java.util.Arrays;

/**
 * The side-by-side workloads written by hand: single-threaded loops over primitive arrays, what a
 * Java programmer would write without any library. They are the floor Tatter's generated code is
 * measured against, and a third opinion when TF and Tatter disagree. Each does the work Tatter's
 * kernel does, no more and no less: it allocates its output, writes padding only where a new
 * array does not already hold it, and checks what Tatter checks (row ids sorted and in range,
 * sparse indices inside the dense shape), so a ratio to it measures overhead, not skipped work.
 */
public final class HandLoops {
  private HandLoops() {}

  /** W1: {@code ((x*2 + 1) / 3 - x) * x} on every value. */
  public static float[] elementwise(float[] x) {
    float[] out = new float[x.length];
    for (int i = 0; i < x.length; i++) {
      float v = x[i];
      out[i] = ((v * 2f + 1f) / 3f - v) * v;
    }
    return out;
  }

  /** W2: pads each row to the longest with {@code defaultValue}; returns {@code [nrows, longest]} row-major. */
  public static float[] toTensor(float[] values, long[] splits, float defaultValue) {
    int nrows = splits.length - 1;
    int longest = 0;
    for (int r = 0; r < nrows; r++) {
      longest = Math.max(longest, (int) (splits[r + 1] - splits[r]));
    }
    float[] out = new float[Math.multiplyExact(nrows, longest)];
    // a new array already holds +0.0: pad only with another value (so does Tatter's kernel)
    boolean pad = Float.floatToRawIntBits(defaultValue) != 0;
    for (int r = 0; r < nrows; r++) {
      int start = (int) splits[r];
      int length = (int) splits[r + 1] - start;
      System.arraycopy(values, start, out, r * longest, length);
      if (pad) {
        Arrays.fill(out, r * longest + length, (r + 1) * longest, defaultValue);
      }
    }
    return out;
  }

  /** W3: the sum of each row, in value order (as TF's segment sum adds them). */
  public static float[] rowSums(float[] values, long[] splits) {
    int nrows = splits.length - 1;
    float[] out = new float[nrows];
    for (int r = 0; r < nrows; r++) {
      float sum = 0f;
      for (int i = (int) splits[r], end = (int) splits[r + 1]; i < end; i++) {
        sum += values[i];
      }
      out[r] = sum;
    }
    return out;
  }

  /** W4a: the row of each value. */
  public static long[] valueRowids(long[] splits) {
    int nrows = splits.length - 1;
    long[] out = new long[(int) splits[nrows]];
    for (int r = 0; r < nrows; r++) {
      Arrays.fill(out, (int) splits[r], (int) splits[r + 1], r);
    }
    return out;
  }

  /**
   * W4b: row splits from value rowids and the number of rows, checking what Tatter's validated
   * conversion (TF's {@code validate=True}) checks, since those checks are its semantics: every id
   * in {@code [0, nrows)} and none below the one before it. The fastest checked loop found: each
   * value writes its row's end ({@code splits[id + 1] = i + 1}, the row's last value last), the
   * checks are gathered branch-free as the sign of {@code bad} ({@code id - previous} negative for a
   * step down, {@code nrows - 1 - id} for an id past the end), and a running maximum gives the empty
   * rows their ends; a plain count-and-prefix-sum loop ({@code splits[id + 1]++}) is slower once it
   * checks as much (each count reads the one before it). An id whose {@code id + 1} falls outside
   * the array stops the loop (Java's own check); any failed check throws.
   */
  public static long[] rowSplits(long[] valueRowids, int nrows) {
    long[] splits = new long[nrows + 1];
    long last = nrows - 1L;
    long bad = valueRowids.length > 0 ? valueRowids[0] : 0;
    long previous = 0;
    for (int i = 0; i < valueRowids.length; i++) {
      long id = valueRowids[i];
      bad |= (id - previous) | (last - id);
      previous = id;
      splits[(int) id + 1] = i + 1;
    }
    if (bad < 0) {
      throw new IllegalArgumentException("value_rowids unsorted or not rows in [0, " + nrows + ")");
    }
    long end = 0;
    for (int r = 1; r <= nrows; r++) {
      long v = splits[r];
      end = v > end ? v : end;
      splits[r] = end;
    }
    return splits;
  }

  /**
   * W5a: each nonzero times the dense {@code [rows, 1]} column's value at its row, every index
   * checked against the sparse shape as TF's {@code SparseDenseCwiseMul} checks it (semantics: an
   * out-of-range index is an error), each coordinate with one unsigned compare (a negative one and
   * one past the end alike): the fastest checked loop found, within a few per cent of one without
   * checks.
   */
  public static float[] sparseTimesColumn(long[] indices, float[] values, float[] column, long rows, long cols) {
    float[] out = new float[values.length];
    for (int k = 0; k < values.length; k++) {
      long r = indices[2 * k];
      long c = indices[2 * k + 1];
      if (Long.compareUnsigned(r, rows) >= 0 || Long.compareUnsigned(c, cols) >= 0) {
        throw new IllegalArgumentException("indices[" + k + "] out of bounds");
      }
      out[k] = values[k] * column[(int) r];
    }
    return out;
  }

  /**
   * W5b: {@code sparse [rows, inner] x dense [inner, cols]}, row-major {@code [rows, cols]}, for
   * row-sorted indices (checked, with the bounds, in a first pass as Tatter's kernel does).
   */
  public static float[] sparseDenseMatmul(long[] indices, float[] values, int rows, float[] dense, int cols) {
    long inner = dense.length / cols;
    long previous = 0;
    for (int k = 0; k < values.length; k++) {
      long r = indices[2 * k];
      long c = indices[2 * k + 1];
      if (r < previous || r >= rows || c < 0 || c >= inner) {
        throw new IllegalArgumentException("indices[" + k + "] unsorted or out of bounds");
      }
      previous = r;
    }
    float[] out = new float[Math.multiplyExact(rows, cols)];
    for (int k = 0; k < values.length; k++) {
      int outBase = (int) indices[2 * k] * cols;
      int inBase = (int) indices[2 * k + 1] * cols;
      float v = values[k];
      for (int j = 0; j < cols; j++) {
        out[outBase + j] += v * dense[inBase + j];
      }
    }
    return out;
  }

  /** W5b's loop as a function, so that the Vector API version can stand in for {@link #sparseDenseMatmul}. */
  @FunctionalInterface
  public interface Matmul {
    float[] run(long[] indices, float[] values, int rows, float[] dense, int cols);
  }

  /**
   * W5b's hand loop on the Vector API ({@code HandVectorLoops}, bench/src/vector/java) when the JVM
   * has {@code jdk.incubator.vector} (Tatter's kernel is vectorised then too), else {@code null}.
   */
  public static final Matmul VECTOR_MATMUL = vectorMatmul();

  private static Matmul vectorMatmul() {
    if (ModuleLayer.boot().findModule("jdk.incubator.vector").isEmpty()) {
      return null;
    }
    try {
      return (Matmul) Class.forName("dev.tatter.bench.sbs.HandVectorLoops").getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | LinkageError e) {
      throw new IllegalStateException("jdk.incubator.vector is present but HandVectorLoops does not load", e);
    }
  }

  /** W6: one addition. */
  public static float add(float a, float b) {
    return a + b;
  }
}
