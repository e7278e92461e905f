package dev.tatter.runtime.kernels.gather;

import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import java.lang.reflect.Array;
import java.util.Arrays;

/**
 * {@code row_gather}: a dense operand broadcast into the rows of a ragged one. Its element at
 * value {@code j} of row {@code i = value_rowids[j]} is {@code params[i, 0, ...]} when params'
 * dim 1 is 1 (one value per row, repeated), or {@code params[i, j - row_splits[i], ...]} when
 * that dim equals the row's length (checked); {@code i} is 0 when params has one row (NumPy
 * broadcasting). Fusion can turn both into index expressions.
 */
public final class RowGatherKernels {
  private RowGatherKernels() {}

  /**
   * {@code params} of shape {@code [nrows or 1, 1 or L, rest...]} (the dense dims aligned with a
   * partition's row dimension and its ragged row-length dimension) to {@code [nvals, rest...]};
   * with L, every row must have L values.
   */
  public static Tensor rowGather(Tensor params, RowPartition partition) {
    int[] shape = params.shape();
    if (shape.length < 2) {
      throw new InvalidArgumentException("row_gather params must have rank >= 2, got shape " + Arrays.toString(shape));
    }
    int nrows = partition.nrows();
    if (shape[0] != nrows && shape[0] != 1) {
      throw new InvalidArgumentException("the dense operand of shape " + Arrays.toString(shape) + " has " + shape[0]
          + " rows but the ragged operand has " + nrows + " (need " + nrows + " or 1)");
    }
    int nvals = partition.nvals();
    int[] outShape = new int[shape.length - 1];
    outShape[0] = nvals;
    System.arraycopy(shape, 2, outShape, 1, shape.length - 2);
    int rowSize = 1;
    for (int i = 2; i < shape.length; i++) {
      rowSize *= shape[i];
    }
    int count = Sizes.elementCount(outShape);
    Object in = params.unsafeData();
    Object out = params.dtype().layout().newArray(count);
    boolean broadcastRows = shape[0] == 1;
    int width = shape[1];
    if (width == 1 && rowSize == 1 && fillRows(in, out, partition, broadcastRows)) {
      return Tensor.wrap(params.dtype(), outShape, out);
    }
    for (int row = 0; row < nrows; row++) {
      int start = partition.rowStart(row);
      int length = partition.rowLength(row);
      if (width != 1 && length != width) {
        throw new InvalidArgumentException("row " + row + " of the ragged operand has " + length
            + " values but dimension 1 of the dense operand of shape " + Arrays.toString(shape) + " is " + width
            + " (it must be 1 or every row's length)");
      }
      int src = (broadcastRows ? 0 : row * width) * rowSize;
      for (int o = 0; o < length; o++) {
        params.dtype().layout().copy(in, width == 1 ? src : src + o * rowSize, out, (start + o) * rowSize, rowSize);
      }
    }
    return Tensor.wrap(params.dtype(), outShape, out);
  }

  /** The common case of one scalar per row, as typed fills; false for dtypes it does not cover. */
  private static boolean fillRows(Object in, Object out, RowPartition p, boolean broadcastRows) {
    int nrows = p.nrows();
    if (in instanceof float[] f) {
      for (int row = 0; row < nrows; row++) {
        Arrays.fill((float[]) out, p.rowStart(row), p.rowLimit(row), f[broadcastRows ? 0 : row]);
      }
    } else if (in instanceof double[] d) {
      for (int row = 0; row < nrows; row++) {
        Arrays.fill((double[]) out, p.rowStart(row), p.rowLimit(row), d[broadcastRows ? 0 : row]);
      }
    } else if (in instanceof int[] i) {
      for (int row = 0; row < nrows; row++) {
        Arrays.fill((int[]) out, p.rowStart(row), p.rowLimit(row), i[broadcastRows ? 0 : row]);
      }
    } else if (in instanceof long[] l) {
      for (int row = 0; row < nrows; row++) {
        Arrays.fill((long[]) out, p.rowStart(row), p.rowLimit(row), l[broadcastRows ? 0 : row]);
      }
    } else {
      return false;
    }
    return true;
  }
}
