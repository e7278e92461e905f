package dev.tatter.runtime.kernels.ragged;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;

/**
 * Kernels that build a {@link RowPartition} from one encoding and compute its other encodings.
 * One public static method per IR op; the interpreter calls them and generated code invokes
 * them, so both backends share one implementation.
 */
public final class PartitionKernels {
  private PartitionKernels() {}

  /**
   * {@code partition_from_row_splits}: splits must be a vector of int32 or int64. The splits are
   * checked whatever {@code validate} says (see {@link RowPartition}).
   */
  public static RowPartition fromRowSplits(Tensor rowSplits, boolean validate) {
    // the partition keeps its splits: give it an array of its own
    long[] splits = toLongs(rowSplits, "row_splits");
    return RowPartition.adoptingRowSplits(rowSplits.dtype() == DType.INT64 ? splits.clone() : splits, rowSplits.dtype());
  }

  /**
   * {@code row_splits}: the canonical encoding, as a tensor of the partition's splits dtype. An
   * int64 tensor shares the partition's array: both are immutable, and the copy cost W4b a pass
   * over the splits (user-facing accessors of the tensor copy).
   */
  public static Tensor rowSplits(RowPartition partition) {
    return fromLongs(partition.unsafeRowSplits(), partition.splitsDType(), false);
  }

  /** {@code row_lengths}: {@code splits[i+1] - splits[i]} for each row. */
  public static Tensor rowLengths(RowPartition partition) {
    int nrows = partition.nrows();
    long[] splits = partition.unsafeRowSplits();
    if (partition.splitsDType() == DType.INT32) {
      int[] out = new int[nrows];
      for (int i = 0; i < nrows; i++) {
        out[i] = (int) (splits[i + 1] - splits[i]);
      }
      return Tensor.wrap(DType.INT32, new int[] {nrows}, out);
    }
    long[] out = new long[nrows];
    for (int i = 0; i < nrows; i++) {
      out[i] = splits[i + 1] - splits[i];
    }
    return Tensor.wrap(DType.INT64, new int[] {nrows}, out);
  }

  /** {@code value_rowids}: the row index of each value. */
  public static Tensor valueRowids(RowPartition partition) {
    int nrows = partition.nrows();
    int nvals = partition.nvals();
    long[] splits = partition.unsafeRowSplits();
    if (partition.splitsDType() == DType.INT32) {
      int[] out = new int[nvals];
      for (int row = 0; row < nrows; row++) {
        java.util.Arrays.fill(out, (int) splits[row], (int) splits[row + 1], row);
      }
      return Tensor.wrap(DType.INT32, new int[] {nvals}, out);
    }
    long[] out = new long[nvals];
    for (int row = 0; row < nrows; row++) {
      java.util.Arrays.fill(out, (int) splits[row], (int) splits[row + 1], row);
    }
    return Tensor.wrap(DType.INT64, new int[] {nvals}, out);
  }

  // ---- factories ----

  /**
   * {@code partition_from_row_lengths}: no length may be negative, whatever {@code validate}
   * says (a negative length would make splits that decrease).
   */
  public static RowPartition fromRowLengths(Tensor rowLengths, boolean validate) {
    long[] lengths = toLongs(rowLengths, "row_lengths");
    long[] splits = new long[lengths.length + 1];
    for (int i = 0; i < lengths.length; i++) {
      if (lengths[i] < 0) {
        throw new InvalidArgumentException("row_lengths[" + i + "]=" + lengths[i] + " must be >= 0");
      }
      // both terms are >= 0, so the sum fits an unsigned long even where a long would wrap
      if (lengths[i] > Sizes.MAX_ELEMENTS - splits[i]) {
        throw new InvalidArgumentException("row_lengths[0.." + i + "] sum to " + Long.toUnsignedString(splits[i] + lengths[i])
            + ", more values than a tensor can hold (" + Sizes.MAX_ELEMENTS + ")");
      }
      splits[i + 1] = splits[i] + lengths[i];
    }
    return RowPartition.adoptingRowSplits(splits, rowLengths.dtype());
  }

  /**
   * {@code partition_from_row_starts}: the splits are {@code row_starts ++ [nvals]}; the starts
   * must begin at 0, never decrease and not pass nvals, whatever {@code validate} says.
   */
  public static RowPartition fromRowStarts(Tensor rowStarts, Tensor nvals, boolean validate) {
    long[] starts = toLongs(rowStarts, "row_starts");
    long n = scalarValue(nvals, "nvals");
    if (starts.length == 0 && n != 0) {
      throw new InvalidArgumentException("nvals=" + n + " must be 0 when row_starts is empty");
    }
    if (starts.length > 0 && starts[0] != 0) {
      throw new InvalidArgumentException("row_starts[0]=" + starts[0] + " must be 0");
    }
    checkNonDecreasing(starts, "row_starts");
    if (starts.length > 0 && n < starts[starts.length - 1]) {
      throw new InvalidArgumentException("nvals=" + n + " must be >= row_starts[" + (starts.length - 1)
          + "]=" + starts[starts.length - 1]);
    }
    long[] splits = java.util.Arrays.copyOf(starts, starts.length + 1);
    splits[starts.length] = n;
    return RowPartition.adoptingRowSplits(splits, rowStarts.dtype());
  }

  /**
   * {@code partition_from_row_limits}: the splits are {@code [0] ++ row_limits}; the limits must
   * not be negative nor decrease, whatever {@code validate} says.
   */
  public static RowPartition fromRowLimits(Tensor rowLimits, boolean validate) {
    long[] limits = toLongs(rowLimits, "row_limits");
    if (limits.length > 0 && limits[0] < 0) {
      throw new InvalidArgumentException("row_limits[0]=" + limits[0] + " must be >= 0");
    }
    checkNonDecreasing(limits, "row_limits");
    long[] splits = new long[limits.length + 1];
    System.arraycopy(limits, 0, splits, 1, limits.length);
    return RowPartition.adoptingRowSplits(splits, rowLimits.dtype());
  }

  /**
   * {@code partition_from_value_rowids}: row {@code r} holds the values whose rowid is {@code r};
   * rows after the last rowid are empty up to {@code nrows}. Validate checks that the rowids are
   * sorted and in {@code [0, nrows)}. Rowids outside that range are an error even without
   * validate, since counting them would write outside the splits; unsorted ones without validate
   * are counted per row, as TF's bincount-based conversion does (the partition is valid either way).
   */
  public static RowPartition fromValueRowids(Tensor valueRowids, Tensor nrows, boolean validate) {
    long[] ids = toLongs(valueRowids, "value_rowids");
    long n = scalarValue(nrows, "nrows");
    if (n < 0) {
      throw new InvalidArgumentException("nrows=" + n + " must be >= 0");
    }
    long[] splits = new long[Sizes.toIntSize(n, "nrows") + 1];
    if (!sortedInRangeToSplits(ids, (int) n, splits)) {
      // unsorted, or a rowid outside [0, nrows): the checking loop gives the error (or, unsorted
      // without validate, the counts), exactly as before the fast loop existed
      java.util.Arrays.fill(splits, 0);
      if (!sortedRowidsToSplits(ids, n, validate, splits)) {
        countRowids(ids, n, splits);
      }
    }
    return RowPartition.adoptingRowSplits(splits, valueRowids.dtype());
  }

  /**
   * The splits of sorted rowids in {@code [0, n)}, without a branch per value: each value writes
   * its row's end ({@code splits[id + 1] = i + 1}; the last value of a row writes last), and a
   * running maximum then gives the empty rows the end of the row before them. Whether every id is
   * in range and not below the one before is gathered as the sign of {@code bad}: {@code id -
   * previous} is negative for a step down and {@code n - 1 - id} for an id past the end; a negative
   * id is a step down from the one before (or, first, is itself negative) unless it is so far below
   * that {@code n - 1 - id} overflows, negative then too. A rowid that makes {@code id + 1} fall
   * outside the array stops the loop. Returns false (the splits then hold garbage) when any check
   * failed: the caller runs the checking loop, which names the offending value.
   */
  private static boolean sortedInRangeToSplits(long[] ids, int n, long[] splits) {
    long last = n - 1L;
    long bad = ids.length > 0 ? ids[0] : 0;
    long previous = 0;
    try {
      for (int i = 0; i < ids.length; i++) {
        long id = ids[i];
        bad |= (id - previous) | (last - id);
        previous = id;
        splits[(int) id + 1] = i + 1;
      }
    } catch (ArrayIndexOutOfBoundsException e) {
      return false;
    }
    if (bad < 0) {
      return false;
    }
    long end = 0;
    for (int r = 1; r <= n; r++) {
      long s = splits[r];
      end = s > end ? s : end;
      splits[r] = end;
    }
    return true;
  }

  /**
   * The splits of sorted {@code ids} in one pass, every check kept: per value one compare with
   * the previous id; only where the id changes is it checked (in {@code [0, n)}, not smaller than
   * the previous one) and the starts of the rows it passes written. Returns false, having written
   * part of {@code splits}, when unchecked ({@code validate=false}) ids turn out unsorted: they
   * are then counted per row, as TF's bincount-based conversion does.
   */
  private static boolean sortedRowidsToSplits(long[] ids, long n, boolean validate, long[] splits) {
    int len = ids.length;
    int filled = 0; // splits[0..filled] hold the starts of rows 0..filled
    if (len > 0) {
      long first = ids[0];
      if (first < 0 || first >= n) {
        throw first < 0 || !validate ? rowidOutOfRange(0, first, n, validate) : pastNrows(ids, 1, n);
      }
      filled = (int) first; // rows 0..first start at value 0 (splits is zeroed)
      long previous = first;
      for (int i = 1; i < len; i++) {
        long id = ids[i];
        if (id != previous) {
          if (id < previous) {
            if (validate) {
              throw new InvalidArgumentException("value_rowids must be sorted: value_rowids[" + i + "]=" + id
                  + " < value_rowids[" + (i - 1) + "]=" + previous);
            }
            return false;
          }
          if (id >= n) {
            throw validate ? pastNrows(ids, i + 1, n) : rowidOutOfRange(i, id, n, false);
          }
          for (int r = filled + 1; r <= id; r++) {
            splits[r] = i;
          }
          filled = (int) id;
          previous = id;
        }
      }
    }
    java.util.Arrays.fill(splits, filled + 1, splits.length, len);
    return true;
  }

  /** Splits by counting the values of each row: for unsorted ids (unchecked), each checked to be a row. */
  private static void countRowids(long[] ids, long n, long[] splits) {
    java.util.Arrays.fill(splits, 0);
    for (int i = 0; i < ids.length; i++) {
      if (ids[i] < 0 || ids[i] >= n) {
        throw rowidOutOfRange(i, ids[i], n, false);
      }
      splits[(int) ids[i] + 1]++;
    }
    for (int r = 0; r < n; r++) {
      splits[r + 1] += splits[r];
    }
  }

  /**
   * The error of validated ids sorted up to {@code from} with an id past nrows before it, in TF's
   * order of checks: an unsorted pair anywhere is reported first, else the last id (which, sorted,
   * is the largest) against nrows. Only the failing path scans the rest.
   */
  private static InvalidArgumentException pastNrows(long[] ids, int from, long n) {
    for (int i = Math.max(1, from); i < ids.length; i++) {
      if (ids[i] < ids[i - 1]) {
        return new InvalidArgumentException("value_rowids must be sorted: value_rowids[" + i + "]=" + ids[i]
            + " < value_rowids[" + (i - 1) + "]=" + ids[i - 1]);
      }
    }
    int last = ids.length - 1;
    return rowidOutOfRange(last, ids[last], n, true);
  }

  /** With validate, TF's messages (negative first, past nrows); without, the check every run keeps. */
  private static InvalidArgumentException rowidOutOfRange(int i, long id, long n, boolean validate) {
    if (!validate) {
      return new InvalidArgumentException("value_rowids[" + i + "]=" + id + " is not a row in [0, " + n + ")");
    }
    return new InvalidArgumentException(id < 0
        ? "value_rowids[" + i + "]=" + id + " must be >= 0"
        : "value_rowids[" + i + "]=" + id + " must be < nrows=" + n);
  }

  /** {@code nrows_from_value_rowids}: TF's default nrows, the last rowid + 1 (0 without values). */
  public static Tensor nrowsFromValueRowids(Tensor valueRowids) {
    long[] ids = toLongs(valueRowids, "value_rowids");
    if (ids.length == 0) {
      return scalarOf(0, valueRowids.dtype());
    }
    // checked here, before the + 1 (which could wrap) and before anything counts rows
    int i = ids.length - 1;
    if (ids[i] < 0) {
      throw new InvalidArgumentException("value_rowids[" + i + "]=" + ids[i] + " must be >= 0");
    }
    if (ids[i] >= Sizes.maxElements()) {
      throw new InvalidArgumentException("value_rowids[" + i + "]=" + ids[i] + " asks for more rows than a tensor can hold ("
          + Sizes.maxElements() + ")");
    }
    return scalarOf(ids[i] + 1, valueRowids.dtype());
  }

  /**
   * {@code partition_from_uniform_row_length}: {@code nrows} rows of {@code uniform_row_length}
   * values; validate checks that the length is not negative and that the rows hold {@code nvals}
   * values in all.
   */
  public static RowPartition fromUniformRowLength(Tensor uniformRowLength, Tensor nvals, Tensor nrows, boolean validate) {
    long length = scalarValue(uniformRowLength, "uniform_row_length");
    long n = scalarValue(nrows, "nrows");
    long nv = scalarValue(nvals, "nvals");
    if (validate) {
      if (length < 0) {
        throw new InvalidArgumentException("uniform_row_length=" + length + " must be >= 0");
      }
      if (n < 0) {
        throw new InvalidArgumentException("nrows=" + n + " must be >= 0");
      }
      if (Sizes.checkedProduct(length, n) != nv) {
        throw new InvalidArgumentException("uniform_row_length=" + length + " times nrows=" + n
            + " must equal nvals=" + nv);
      }
    }
    return RowPartition.uniform(length, n, uniformRowLength.dtype());
  }

  /** {@code uniform_nrows}: how many rows of {@code uniform_row_length} nvals fills (0 for length 0, as TF). */
  public static Tensor uniformNrows(Tensor uniformRowLength, Tensor nvals) {
    long length = scalarValue(uniformRowLength, "uniform_row_length");
    long nv = scalarValue(nvals, "nvals");
    return scalarOf(length <= 0 ? 0 : Math.floorDiv(nv, length), uniformRowLength.dtype());
  }

  /** {@code uniform_nvals}: {@code uniform_row_length * nrows}, an error if it overflows. */
  public static Tensor uniformNvals(Tensor uniformRowLength, Tensor nrows) {
    long length = scalarValue(uniformRowLength, "uniform_row_length");
    long n = scalarValue(nrows, "nrows");
    return scalarOf(Sizes.checkedProduct(length, n), uniformRowLength.dtype());
  }

  /** {@code partition_with_dtype}: TF's {@code with_dtype}; narrowing to int32 is checked. */
  public static RowPartition withDType(RowPartition partition, DType dtype) {
    return partition.withSplitsDType(dtype);
  }

  // ---- encodings ----

  /** {@code row_starts}: {@code row_splits[:-1]}. */
  public static Tensor rowStarts(RowPartition partition) {
    long[] splits = partition.unsafeRowSplits();
    return fromLongs(java.util.Arrays.copyOf(splits, splits.length - 1), partition.splitsDType(), false);
  }

  /** {@code row_limits}: {@code row_splits[1:]}. */
  public static Tensor rowLimits(RowPartition partition) {
    long[] splits = partition.unsafeRowSplits();
    return fromLongs(java.util.Arrays.copyOfRange(splits, 1, splits.length), partition.splitsDType(), false);
  }

  /** {@code nvals}: a scalar of the partition's splits dtype. */
  public static Tensor nvals(RowPartition partition) {
    return scalarOf(partition.nvals(), partition.splitsDType());
  }

  /**
   * {@code uniform_row_length}: the length of every row. The type rule admits only statically
   * uniform partitions; a fed one has no stored length, so it is read off its first row.
   */
  public static Tensor uniformRowLength(RowPartition partition) {
    long length = partition.isUniform() ? partition.uniformRowLength()
        : partition.nrows() == 0 ? 0 : partition.rowLength(0);
    return scalarOf(length, partition.splitsDType());
  }

  /** {@code offsets_in_rows}: the index of each value within its row. */
  public static Tensor offsetsInRows(RowPartition partition) {
    long[] splits = partition.unsafeRowSplits();
    long[] out = new long[partition.nvals()];
    for (int row = 0; row < partition.nrows(); row++) {
      for (int i = (int) splits[row]; i < splits[row + 1]; i++) {
        out[i] = i - splits[row];
      }
    }
    return fromLongs(out, partition.splitsDType(), false);
  }

  /** {@code cumsum0}: {@code [0, x0, x0+x1, ...]}, the row splits of row lengths {@code x}. */
  public static Tensor cumsum0(Tensor x) {
    long[] in = toLongs(x, "x");
    long[] out = new long[in.length + 1];
    for (int i = 0; i < in.length; i++) {
      try {
        out[i + 1] = Math.addExact(out[i], in[i]);
      } catch (ArithmeticException e) {
        throw new InvalidArgumentException("the sum of x[0.." + i + "] overflows int64");
      }
    }
    return fromLongs(out, x.dtype(), false);
  }

  /** {@code nrows}: a scalar of the partition's splits dtype. */
  public static Tensor nrows(RowPartition partition) {
    return scalarOf(partition.nrows(), partition.splitsDType());
  }

  /** A scalar of {@code dtype}; a value that int32 cannot hold is an error, never truncated. */
  static Tensor scalarOf(long value, DType dtype) {
    if (dtype == DType.INT32 && value != (int) value) {
      throw new InvalidArgumentException("value " + value + " does not fit int32");
    }
    return Tensor.scalar(dtype, value);
  }

  /** The value of an int32 or int64 scalar. */
  static long scalarValue(Tensor t, String what) {
    if (t.rank() != 0 || !t.dtype().isSplitsDType()) {
      throw new InvalidArgumentException(what + " must be an int32 or int64 scalar, got " + t.dtype()
          + java.util.Arrays.toString(t.shape()));
    }
    return t.getLong(0);
  }

  private static void checkNonDecreasing(long[] values, String what) {
    for (int i = 1; i < values.length; i++) {
      if (values[i] < values[i - 1]) {
        throw new InvalidArgumentException(what + " must be non-decreasing: " + what + "[" + i + "]=" + values[i]
            + " < " + what + "[" + (i - 1) + "]=" + values[i - 1]);
      }
    }
  }

  /**
   * Kernel internal, not API: an int32/int64 vector as longs, for reading only: an int64 tensor's own array (no copy, so a
   * kernel over 8M rowids does not copy 64 MB first), an int32 one widened; throws naming
   * {@code what} otherwise.
   */
  public static long[] toLongs(Tensor t, String what) {
    if (t.rank() != 1) {
      throw new InvalidArgumentException(what + " must be a vector, got rank " + t.rank());
    }
    if (t.dtype() == DType.INT64) {
      return (long[]) t.unsafeData();
    }
    if (t.dtype() == DType.INT32) {
      int[] in = (int[]) t.unsafeData();
      long[] out = new long[in.length];
      for (int i = 0; i < in.length; i++) {
        out[i] = in[i];
      }
      return out;
    }
    throw new InvalidArgumentException(what + " must be int32 or int64, got " + t.dtype());
  }

  /** A vector of {@code dtype} holding {@code values}; int32 narrowing is checked. */
  static Tensor fromLongs(long[] values, DType dtype, boolean copy) {
    if (dtype == DType.INT64) {
      return Tensor.wrap(DType.INT64, new int[] {values.length}, copy ? values.clone() : values);
    }
    int[] out = new int[values.length];
    for (int i = 0; i < values.length; i++) {
      if (values[i] != (int) values[i]) {
        throw new InvalidArgumentException("value " + values[i] + " at index " + i + " does not fit int32");
      }
      out[i] = (int) values[i];
    }
    return Tensor.wrap(DType.INT32, new int[] {values.length}, out);
  }
}
