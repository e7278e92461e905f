package dev.tatter.runtime;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

import dev.tatter.runtime.kernels.ragged.PartitionKernels;
import java.util.Arrays;

/**
 * How the {@code nvals} values of a ragged dimension are split into {@code nrows} rows
 * (TF's {@code RowPartition}). Row splits are the canonical encoding: row {@code i} holds values
 * {@code [splits[i], splits[i+1])}. Every other encoding (row lengths, value rowids, ...) is
 * computed by a kernel each time a graph asks for it; the graph optimizer, not this class,
 * makes sure each encoding is computed once, so this class caches nothing.
 *
 * <p>Invariant, checked by every factory whatever its {@code validate} flag: splits has at least
 * one element, starts at 0, never decreases, and its last element (nvals) is a valid number of
 * values for the splits dtype. Every kernel indexes values through the splits, so a partition
 * that broke this invariant could make a kernel read out of bounds or return garbage; the check
 * is one sequential pass over the nrows + 1 splits, far cheaper than any kernel that reads them.
 * What {@code validate=false} still skips is documented where it matters (docs/SEMANTICS.md).
 *
 * <p>Immutable: {@link #fromRowSplits} copies its input and {@link #rowSplitsArray} returns a copy;
 * {@link #adoptingRowSplits} takes ownership of the caller's array (and says so in its name).
 *
 * <p>The other encodings TF's {@code RowPartition} gives ({@link #rowLengths}, {@link #rowStarts},
 * {@link #rowLimits}, {@link #valueRowids}, {@link #offsetsInRows}) are vectors of the splits
 * dtype, computed on each call by the kernel the graph's op of that name runs.
 *
 * <pre>{@code
 * RowPartition p = RowPartition.fromRowSplits(new long[] {0, 3, 3, 5}, DType.INT64, true);
 * p.nrows();        // 3
 * p.rowLength(2);   // 2
 * p.rowLengths();   // [3, 0, 2]
 * p.valueRowids();  // [0, 0, 0, 2, 2]
 * }</pre>
 */
public final class RowPartition {
  private final long[] rowSplits;
  private final DType splitsDType;
  private final long uniformRowLength;

  private RowPartition(long[] rowSplits, DType splitsDType, long uniformRowLength) {
    this.rowSplits = rowSplits;
    this.splitsDType = splitsDType;
    this.uniformRowLength = uniformRowLength;
  }

  /**
   * A partition over a copy of {@code rowSplits}. The splits are checked (start at 0, never
   * decrease, fit the dtype and the element limit) whether or not {@code validate} is set: the
   * flag is TF's, and a partition is never built without its invariant.
   */
  public static RowPartition fromRowSplits(long[] rowSplits, DType splitsDType, boolean validate) {
    checkNotNull(rowSplits, "rowSplits");
    return adoptingRowSplits(rowSplits.clone(), splitsDType);
  }

  /**
   * A partition over {@code rowSplits} itself, without copying: the caller gives the array up
   * and must never write it again (kernels use this for arrays they have just filled, and a
   * caller feeding millions of rows may, to save the copy). Checked like {@link #fromRowSplits}.
   */
  public static RowPartition adoptingRowSplits(long[] rowSplits, DType splitsDType) {
    checkNotNull(rowSplits, "rowSplits");
    checkNotNull(splitsDType, "splitsDType");
    checkArgument(splitsDType.isSplitsDType(), "row splits dtype must be int32 or int64, got %s", splitsDType);
    if (rowSplits.length == 0) {
      throw new InvalidArgumentException("row_splits must have at least one element (got none)");
    }
    validateSplits(rowSplits);
    checkSplitsFit(rowSplits, splitsDType);
    return new RowPartition(rowSplits, splitsDType, -1);
  }

  /** A partition of {@code nrows} rows of {@code rowLength} values each. */
  public static RowPartition uniform(long rowLength, long nrows, DType splitsDType) {
    if (rowLength < 0) {
      throw new InvalidArgumentException("uniform_row_length must be >= 0, got " + rowLength);
    }
    int n = Sizes.toIntSize(nrows, "nrows");
    long nvals = Math.multiplyExact(rowLength, (long) n);
    Sizes.toIntSize(nvals, "nvals = nrows * uniform_row_length");
    long[] splits = new long[n + 1];
    for (int i = 1; i <= n; i++) {
      splits[i] = splits[i - 1] + rowLength;
    }
    checkSplitsFit(splits, splitsDType);
    checkUniformLengthFits(rowLength, splitsDType);
    return new RowPartition(splits, splitsDType, rowLength);
  }

  private static void validateSplits(long[] splits) {
    if (splits[0] != 0) {
      throw new InvalidArgumentException("row_splits[0]=" + splits[0] + " must be 0");
    }
    for (int i = 1; i < splits.length; i++) {
      if (splits[i] < splits[i - 1]) {
        throw new InvalidArgumentException(
            "row_splits must be non-decreasing: row_splits["
                + i
                + "]="
                + splits[i]
                + " < row_splits["
                + (i - 1)
                + "]="
                + splits[i - 1]);
      }
    }
  }

  private static void checkSplitsFit(long[] splits, DType splitsDType) {
    long last = splits[splits.length - 1];
    if (last > Sizes.maxElements() || last < 0) {
      throw new InvalidArgumentException("row_splits[-1]=" + last + " is not a valid number of values (0 to " + Sizes.maxElements() + ")");
    }
    if (splitsDType == DType.INT32 && last > Integer.MAX_VALUE) {
      throw new InvalidArgumentException("row_splits[-1]=" + last + " does not fit int32 row splits");
    }
  }

  /** A uniform length can exceed every split (a zero-row partition of long rows), so it is checked on its own. */
  private static void checkUniformLengthFits(long rowLength, DType splitsDType) {
    if (splitsDType == DType.INT32 && rowLength > Integer.MAX_VALUE) {
      throw new InvalidArgumentException("uniform_row_length=" + rowLength + " does not fit int32 row splits");
    }
  }

  /** This partition with {@code dtype} splits; narrowing is checked, never truncated. */
  public RowPartition withSplitsDType(DType dtype) {
    if (dtype == splitsDType) {
      return this;
    }
    checkSplitsFit(rowSplits, dtype);
    checkUniformLengthFits(uniformRowLength, dtype);
    return new RowPartition(rowSplits, dtype, uniformRowLength);
  }

  public DType splitsDType() {
    return splitsDType;
  }

  /** TF's {@code nrows()}, as an int (every row count fits one). */
  public int nrows() {
    return rowSplits.length - 1;
  }

  /** TF's {@code nvals()}: the number of values the rows partition, as an int. */
  public int nvals() {
    return (int) rowSplits[rowSplits.length - 1];
  }

  /** The uniform row length, or -1 unless this partition was built as uniform. */
  public long uniformRowLength() {
    return uniformRowLength;
  }

  public boolean isUniform() {
    return uniformRowLength >= 0;
  }

  /** Offset of the first value of row {@code row}. */
  public int rowStart(int row) {
    return (int) rowSplits[row];
  }

  /** Offset one past the last value of row {@code row}. */
  public int rowLimit(int row) {
    return (int) rowSplits[row + 1];
  }

  public int rowLength(int row) {
    return (int) (rowSplits[row + 1] - rowSplits[row]);
  }

  /** A copy of the splits. */
  public long[] rowSplitsArray() {
    return rowSplits.clone();
  }

  // ---- the encodings TF's RowPartition gives, as vectors of the splits dtype ----

  /** TF's {@code row_splits()}: {@code nrows + 1} offsets, row {@code i} being values {@code [splits[i], splits[i+1])}. */
  public Tensor rowSplits() {
    return PartitionKernels.rowSplits(this);
  }

  /** TF's {@code row_lengths()}: {@code splits[i+1] - splits[i]} for each row. */
  public Tensor rowLengths() {
    return PartitionKernels.rowLengths(this);
  }

  /** TF's {@code row_starts()}: {@code row_splits[:-1]}, the offset of each row's first value. */
  public Tensor rowStarts() {
    return PartitionKernels.rowStarts(this);
  }

  /** TF's {@code row_limits()}: {@code row_splits[1:]}, the offset one past each row's last value. */
  public Tensor rowLimits() {
    return PartitionKernels.rowLimits(this);
  }

  /** TF's {@code value_rowids()}: the row of each value. */
  public Tensor valueRowids() {
    return PartitionKernels.valueRowids(this);
  }

  /** TF's {@code offsets_in_rows()}: the index of each value within its row. */
  public Tensor offsetsInRows() {
    return PartitionKernels.offsetsInRows(this);
  }

  /**
   * The partition's own splits array, without a copy, for kernels and generated code that only
   * read it. Writing to it would break the invariant every kernel relies on: never do.
   */
  public long[] unsafeRowSplits() {
    return rowSplits;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RowPartition
        && ((RowPartition) o).splitsDType == splitsDType
        && Arrays.equals(((RowPartition) o).rowSplits, rowSplits);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(rowSplits) * 31 + splitsDType.hashCode();
  }

  @Override
  public String toString() {
    return "RowPartition(row_splits=" + Arrays.toString(rowSplits) + ", dtype=" + splitsDType + ")";
  }
}
