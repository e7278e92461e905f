package dev.tatter.runtime.kernels;

import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import java.lang.reflect.Array;
import java.util.Arrays;

/**
 * {@code row_gather}: a dense operand broadcast into the rows of a ragged one. Its element at
 * value {@code j} is {@code params[value_rowids[j], 0, ...]}, or {@code params[0, 0, ...]} when
 * params has one row (NumPy broadcasting), which fusion can turn into an index expression.
 */
public final class RowGatherKernels {
  private RowGatherKernels() {}

  /**
   * {@code params} of shape {@code [nrows or 1, 1, rest...]} (the dense dims aligned with a
   * partition's row dimension and its ragged row-length dimension) to {@code [nvals, rest...]}.
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
    if (shape[1] != 1) {
      throw new InvalidArgumentException("dimension 1 of the dense operand of shape " + Arrays.toString(shape)
          + " is aligned with a ragged dimension and must be 1, got " + shape[1]);
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
    Object in = params.data();
    Object out = Array.newInstance(in.getClass().getComponentType(), count);
    boolean broadcast = shape[0] == 1;
    for (int row = 0; row < nrows; row++) {
      int src = broadcast ? 0 : row * rowSize;
      for (int j = partition.rowStart(row); j < partition.rowLimit(row); j++) {
        System.arraycopy(in, src, out, j * rowSize, rowSize);
      }
    }
    return Tensor.wrap(params.dtype(), outShape, out);
  }
}
