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

  /**
   * A skewed shape: {@code nrows} rows, most of length 0..2, every 32nd of length 32..96 — a long
   * tail, so a few rows hold a third of the values and {@code to_tensor} pads most rows far.
   */
  public static Ragged raggedSkewed(int nrows, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    long[] splits = new long[nrows + 1];
    for (int i = 0; i < nrows; i++) {
      int length = random.nextInt(32) == 0 ? random.nextInt(32, 97) : random.nextInt(3);
      splits[i + 1] = splits[i] + length;
    }
    return new Ragged(floats((int) splits[nrows], random), splits);
  }

  /** How a ragged input is shaped, for the table: rows, values, mean and longest row. */
  public static String describe(Ragged r) {
    long longest = 0;
    for (int i = 0; i < r.nrows(); i++) {
      longest = Math.max(longest, r.rowSplits()[i + 1] - r.rowSplits()[i]);
    }
    return String.format("%,d rows, %,d values (mean %.1f, longest %d)", r.nrows(), r.values().length,
        (double) r.values().length / Math.max(1, r.nrows()), longest);
  }

  /**
   * {@code nnz} distinct positions of a {@code rows x cols} matrix, row-major, half of them in
   * rows drawn as {@code rows * u^2} (so the first rows are dense), half uniform: a skewed
   * sparse shape, whose row lengths range from hundreds to a few.
   */
  public static Sparse sparseSkewed(int rows, int cols, int nnz, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    return positions(rows, cols, nnz, random, () -> {
      double u = random.nextDouble();
      int row = random.nextBoolean() ? (int) (rows * u * u) : random.nextInt(rows);
      return (long) row * cols + random.nextInt(cols);
    });
  }

  /** {@code nnz} distinct uniformly random positions of a {@code rows x cols} matrix, row-major. */
  public static Sparse sparse(int rows, int cols, int nnz, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    return positions(rows, cols, nnz, random, () -> random.nextInt(rows * cols)); // rows * cols checked below
  }

  private static Sparse positions(int rows, int cols, int nnz, SplittableRandom random,
      java.util.function.LongSupplier cell) {
    long cells = (long) rows * cols;
    if (cells > Integer.MAX_VALUE || nnz > cells / 2) {
      throw new IllegalArgumentException("too many cells for a BitSet, or too dense: " + cells + " cells, " + nnz + " nonzeros");
    }
    BitSet taken = new BitSet((int) cells);
    int count = 0;
    while (count < nnz) {
      int at = (int) cell.getAsLong();
      if (!taken.get(at)) {
        taken.set(at);
        count++;
      }
    }
    long[] indices = new long[2 * nnz];
    int k = 0;
    for (int at = taken.nextSetBit(0); at >= 0; at = taken.nextSetBit(at + 1)) {
      indices[2 * k] = at / cols;
      indices[2 * k + 1] = at % cols;
      k++;
    }
    return new Sparse(indices, floats(nnz, random), rows, cols);
  }

  /** How a sparse input is shaped, for the table: size, nonzeros and the longest row. */
  public static String describe(Sparse s) {
    int[] perRow = new int[(int) s.rows()];
    for (int k = 0; k < s.nnz(); k++) {
      perRow[(int) s.indices()[2 * k]]++;
    }
    int longest = Arrays.stream(perRow).max().orElse(0);
    return String.format("%,d x %,d, %,d nonzeros (longest row %d)", s.rows(), s.cols(), s.nnz(), longest);
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
