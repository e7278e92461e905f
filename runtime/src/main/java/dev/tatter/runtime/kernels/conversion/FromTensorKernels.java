package dev.tatter.runtime.kernels.conversion;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.ragged.PartitionKernels;
import java.lang.reflect.Array;
import java.util.Arrays;

/**
 * TF's {@code RaggedTensor.from_tensor}: a dense tensor of rank &gt; ragged_rank becomes a ragged
 * one whose first {@code ragged_rank - 1} inner dims are uniform and whose innermost ragged dim
 * keeps, per row, all of it (no lengths or padding), its first {@code lengths[row]} items
 * (clamped to [0, ncols] as TF does), or all but its trailing {@code padding} items.
 */
public final class FromTensorKernels {
  private FromTensorKernels() {}

  /** {@code from_tensor(tensor) {ragged_rank, splits}}: every ragged dim uniform. */
  public static RaggedTensor fromTensor(Tensor tensor, long raggedRank, DType splits) {
    Layout l = Layout.of(tensor, raggedRank);
    RowPartition inner = RowPartition.uniform(l.ncols, l.rows, splits);
    Tensor values = tensor.reshape(l.valuesShape(l.rows * l.ncols));
    return wrapUniform(RaggedTensor.of(values, inner), tensor, (int) raggedRank, splits);
  }

  /** {@code from_tensor_lengths(tensor, lengths) {ragged_rank, splits}}. */
  public static RaggedTensor fromTensorLengths(Tensor tensor, Tensor lengths, long raggedRank, DType splits) {
    Layout l = Layout.of(tensor, raggedRank);
    long[] given = PartitionKernels.toLongs(lengths, "lengths");
    if (given.length != l.rows) {
      throw new InvalidArgumentException("lengths has " + given.length + " elements but the tensor has "
          + l.rows + " rows" + (raggedRank > 1 ? " (its first " + raggedRank + " dims flattened)" : ""));
    }
    long[] rowLengths = new long[l.rows];
    for (int r = 0; r < l.rows; r++) {
      rowLengths[r] = Math.max(0, Math.min(given[r], l.ncols));
    }
    return gather(tensor, l, rowLengths, (int) raggedRank, splits);
  }

  /** {@code from_tensor_padding(tensor, padding) {ragged_rank, splits}}: drops each row's padding suffix. */
  public static RaggedTensor fromTensorPadding(Tensor tensor, Tensor padding, long raggedRank, DType splits) {
    Layout l = Layout.of(tensor, raggedRank);
    if (padding.dtype() != tensor.dtype()) {
      throw new InvalidArgumentException("padding must be " + tensor.dtype() + ", got " + padding.dtype());
    }
    int[] inner = Arrays.copyOfRange(tensor.shape(), (int) raggedRank + 1, tensor.rank());
    if (!Arrays.equals(padding.shape(), inner)) {
      throw new InvalidArgumentException("padding must have the shape of one item, " + Arrays.toString(inner)
          + ", got " + Arrays.toString(padding.shape()));
    }
    long[] rowLengths = new long[l.rows];
    for (int r = 0; r < l.rows; r++) {
      int length = l.ncols;
      while (length > 0 && isPadding(tensor, (r * l.ncols + length - 1) * l.item, padding, l.item)) {
        length--;
      }
      rowLengths[r] = length;
    }
    return gather(tensor, l, rowLengths, (int) raggedRank, splits);
  }

  /** Whether the item at flat offset {@code offset} equals padding element by element (NaN never does). */
  private static boolean isPadding(Tensor tensor, int offset, Tensor padding, int item) {
    Object data = tensor.unsafeData();
    Object pad = padding.unsafeData();
    for (int j = 0; j < item; j++) {
      if (!tensor.dtype().layout().equal(data, offset + j, pad, j)) {
        return false;
      }
    }
    return true;
  }

  /** The first {@code rowLengths[r]} items of each row, split by those lengths. */
  private static RaggedTensor gather(Tensor tensor, Layout l, long[] rowLengths, int raggedRank, DType splits) {
    long[] rowSplits = new long[l.rows + 1];
    for (int r = 0; r < l.rows; r++) {
      rowSplits[r + 1] = rowSplits[r] + rowLengths[r];
    }
    int nvals = Sizes.toIntSize(rowSplits[l.rows], "nvals");
    int[] valuesShape = l.valuesShape(nvals);
    int count = Sizes.elementCount(valuesShape);
    Object out = tensor.dtype().layout().newArray(count);
    for (int r = 0; r < l.rows; r++) {
      tensor.dtype().layout().copy(tensor.unsafeData(), r * l.ncols * l.item, out, (int) rowSplits[r] * l.item, (int) rowLengths[r] * l.item);
    }
    RowPartition inner = RowPartition.adoptingRowSplits(rowSplits, splits);
    return wrapUniform(RaggedTensor.of(Tensor.wrap(tensor.dtype(), valuesShape, out), inner), tensor, raggedRank, splits);
  }

  /** Adds the uniform partitions of dims {@code raggedRank - 1 .. 1} around {@code rt}. */
  private static RaggedTensor wrapUniform(RaggedTensor rt, Tensor tensor, int raggedRank, DType splits) {
    RaggedTensor result = rt;
    int[] shape = tensor.shape();
    for (int axis = raggedRank - 1; axis >= 1; axis--) {
      long rows = 1;
      for (int d = 0; d < axis; d++) {
        rows *= shape[d];
      }
      result = RaggedTensor.of(result, RowPartition.uniform(shape[axis], rows, splits));
    }
    return result;
  }

  /** A tensor seen as {@code rows} rows (its first ragged_rank dims) of {@code ncols} items of {@code item} elements. */
  private record Layout(int rows, int ncols, int item, int[] innerShape) {
    static Layout of(Tensor tensor, long raggedRank) {
      if (raggedRank < 1 || raggedRank >= tensor.rank()) {
        throw new InvalidArgumentException("ragged_rank must be in [1, " + (tensor.rank() - 1)
            + "] for a tensor of rank " + tensor.rank() + ", got " + raggedRank);
      }
      int[] shape = tensor.shape();
      int rows = 1;
      for (int d = 0; d < raggedRank; d++) {
        rows *= shape[d];
      }
      int[] inner = Arrays.copyOfRange(shape, (int) raggedRank + 1, shape.length);
      int item = 1;
      for (int d : inner) {
        item *= d;
      }
      return new Layout(rows, shape[(int) raggedRank], item, inner);
    }

    int[] valuesShape(int nvals) {
      int[] out = new int[innerShape.length + 1];
      out[0] = nvals;
      System.arraycopy(innerShape, 0, out, 1, innerShape.length);
      return out;
    }
  }
}
