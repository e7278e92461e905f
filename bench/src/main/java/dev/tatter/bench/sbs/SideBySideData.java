package dev.tatter.bench.sbs;

import java.util.Arrays;
import java.util.BitSet;
import java.util.SplittableRandom;

/**
 * The inputs of the side-by-side workloads (W1-W6 of docs/BENCHMARKS.md), generated from a seed so that TF, Tatter
 * and the hand-written loops see the same data. Plain Java arrays: each engine wraps or copies
 * them into its own tensors, as a JVM user holding the data in arrays would.
 */
public final class SideBySideData {
  private SideBySideData() {}

  /** A ragged float32 tensor as flat values and int64 row splits. */
  public record Ragged(float[] values, long[] rowSplits) {
    public int nrows() {
      return rowSplits.length - 1;
    }

    /** The row of each value (TF's {@code value_rowids}), for workloads that start from it. */
    public long[] valueRowids() {
      long[] ids = new long[values.length];
      for (int r = 0; r < nrows(); r++) {
        Arrays.fill(ids, (int) rowSplits[r], (int) rowSplits[r + 1], r);
      }
      return ids;
    }
  }

  /** A 2-D float32 sparse tensor in row-major order: indices {@code [nnz, 2]} flattened. */
  public record Sparse(long[] indices, float[] values, long rows, long cols) {
    public int nnz() {
      return values.length;
    }
  }

  /**
   * {@code nvals} values cut into {@code nrows} rows at uniformly random points (so row lengths
   * are roughly geometric, with some empty rows), values uniform in [-1, 1).
   */
  public static Ragged raggedWithTotal(int nrows, int nvals, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    long[] splits = new long[nrows + 1];
    for (int i = 1; i < nrows; i++) {
      splits[i] = random.nextInt(nvals + 1);
    }
    splits[nrows] = nvals;
    Arrays.sort(splits, 1, nrows);
    return new Ragged(floats(nvals, random), splits);
  }

  /** {@code nrows} rows of uniformly random length in {@code [0, maxLength]}. */
  public static Ragged raggedWithLengths(int nrows, int maxLength, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    long[] splits = new long[nrows + 1];
    for (int i = 0; i < nrows; i++) {
      splits[i + 1] = splits[i] + random.nextInt(maxLength + 1);
    }
    return new Ragged(floats((int) splits[nrows], random), splits);
  }

  /** {@code nnz} distinct uniformly random positions of a {@code rows x cols} matrix, row-major. */
  public static Sparse sparse(int rows, int cols, int nnz, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    long cells = (long) rows * cols;
    if (cells > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("too many cells for a BitSet: " + cells);
    }
    BitSet taken = new BitSet((int) cells);
    int count = 0;
    while (count < nnz) {
      int cell = random.nextInt((int) cells);
      if (!taken.get(cell)) {
        taken.set(cell);
        count++;
      }
    }
    long[] indices = new long[2 * nnz];
    int k = 0;
    for (int cell = taken.nextSetBit(0); cell >= 0; cell = taken.nextSetBit(cell + 1)) {
      indices[2 * k] = cell / cols;
      indices[2 * k + 1] = cell % cols;
      k++;
    }
    return new Sparse(indices, floats(nnz, random), rows, cols);
  }

  /** {@code n} floats uniform in [-1, 1). */
  public static float[] floats(int n, long seed) {
    return floats(n, new SplittableRandom(seed));
  }

  private static float[] floats(int n, SplittableRandom random) {
    float[] out = new float[n];
    for (int i = 0; i < n; i++) {
      out[i] = (float) (random.nextDouble() * 2 - 1);
    }
    return out;
  }
}
