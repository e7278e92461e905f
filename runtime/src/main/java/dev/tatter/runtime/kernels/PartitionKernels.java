package dev.tatter.runtime.kernels;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;

/**
 * Kernels that build a {@link RowPartition} from one encoding and compute its other encodings.
 * One public static method per IR op; the interpreter calls them and generated code invokes
 * them, so both backends share one implementation.
 */
public final class PartitionKernels {
  private PartitionKernels() {}

  /** {@code partition_from_row_splits}: splits must be a vector of int32 or int64. */
  public static RowPartition fromRowSplits(Tensor rowSplits, boolean validate) {
    return RowPartition.fromRowSplits(toLongs(rowSplits, "row_splits"), rowSplits.dtype(), validate);
  }

  /** {@code row_splits}: the canonical encoding, as a tensor of the partition's splits dtype. */
  public static Tensor rowSplits(RowPartition partition) {
    return fromLongs(partition.rowSplitsArray(), partition.splitsDType(), true);
  }

  /** {@code row_lengths}: {@code splits[i+1] - splits[i]} for each row. */
  public static Tensor rowLengths(RowPartition partition) {
    int nrows = partition.nrows();
    long[] splits = partition.rowSplitsArray();
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
    long[] splits = partition.rowSplitsArray();
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

  /** {@code nrows}: a scalar of the partition's splits dtype. */
  public static Tensor nrows(RowPartition partition) {
    return scalarOf(partition.nrows(), partition.splitsDType());
  }

  static Tensor scalarOf(long value, DType dtype) {
    return Tensor.scalar(dtype, value);
  }

  /** Reads an int32/int64 vector into longs; throws naming {@code what} otherwise. */
  static long[] toLongs(Tensor t, String what) {
    if (t.rank() != 1) {
      throw new InvalidArgumentException(what + " must be a vector, got rank " + t.rank());
    }
    if (t.dtype() == DType.INT64) {
      return ((long[]) t.data()).clone();
    }
    if (t.dtype() == DType.INT32) {
      int[] in = (int[]) t.data();
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
