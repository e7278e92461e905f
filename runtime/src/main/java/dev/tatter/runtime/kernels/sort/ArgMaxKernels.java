package dev.tatter.runtime.kernels.sort;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;

/**
 * {@code argmax}/{@code argmin} (TF's {@code ArgMax}/{@code ArgMin}): the position of the largest
 * (smallest) element along an axis, the first one where several are equal (-0.0 equals 0.0), as
 * an int64 or int32 tensor without that axis. The first NaN wins, for argmax and argmin alike (as
 * NumPy's; TF's Eigen reduction leaves a NaN's index to the order it reduces in). {@link #rowArgMax} does the same
 * within each row of a ragged tensor's innermost partition (TF has no ragged argmax;
 * tensorflow/tensorflow#43460 asks for it), -1 for an empty row.
 */
public final class ArgMaxKernels {
  private ArgMaxKernels() {}

  public static Tensor argMax(Tensor input, long axis, DType outType) {
    return extreme(input, axis, outType, true);
  }

  public static Tensor argMin(Tensor input, long axis, DType outType) {
    return extreme(input, axis, outType, false);
  }

  private static Tensor extreme(Tensor input, long axis, DType outType, boolean max) {
    int[] shape = input.shape();
    if (axis < 0 || axis >= shape.length) {
      throw new InvalidArgumentException("Expected dimension in the range [" + -shape.length + ", " + shape.length
          + "), but got " + axis);
    }
    int a = (int) axis;
    int n = shape[a];
    int[] outShape = new int[shape.length - 1];
    System.arraycopy(shape, 0, outShape, 0, a);
    System.arraycopy(shape, a + 1, outShape, a, shape.length - a - 1);
    int count = Sizes.elementCount(outShape);
    if (n == 0 && count > 0) {
      throw new InvalidArgumentException("Reduction axis " + a + " is empty in shape " + Arrays.toString(shape));
    }
    long[] keys = OrderKeys.of(input, max ? "argmax" : "argmin");
    int inner = 1;
    for (int d = a + 1; d < shape.length; d++) {
      inner *= shape[d];
    }
    long[] out = new long[count];
    for (int o = 0; o < count; o++) {
      int outer = o / inner;
      int in = o % inner;
      int base = outer * n * inner + in;
      int best = 0;
      long bestKey = keys[base];
      for (int i = 1; i < n; i++) {
        long key = keys[base + i * inner];
        if (max ? key > bestKey : better(key, bestKey)) {
          best = i;
          bestKey = key;
        }
      }
      out[o] = best;
    }
    return indices(out, outShape, outType);
  }

  /** argmin's order: smaller, with NaN (the largest key) smallest of all, as argmax takes it largest of all. */
  private static boolean better(long key, long bestKey) {
    if (bestKey == OrderKeys.NAN) {
      return false;
    }
    return key == OrderKeys.NAN || key < bestKey;
  }

  /**
   * The position within each row of a partition over a vector of values of its largest (or
   * smallest) value, -1 for an empty row: {@code [nrows]} of {@code outType}.
   */
  private static Tensor rowExtreme(Tensor values, RowPartition partition, boolean max, DType outType) {
    long[] splits = partition.unsafeRowSplits();
    int rows = splits.length - 1;
    if (values.rank() != 1 || values.size() != splits[rows]) {
      throw new InvalidArgumentException("the values (shape " + Arrays.toString(values.shape())
          + ") must be a vector the partition splits (nvals " + splits[rows] + ")");
    }
    long[] keys = OrderKeys.of(values, max ? "argmax" : "argmin");
    long[] out = new long[rows];
    for (int r = 0; r < rows; r++) {
      int start = (int) splits[r];
      int end = (int) splits[r + 1];
      if (start == end) {
        out[r] = -1;
        continue;
      }
      int best = start;
      for (int i = start + 1; i < end; i++) {
        if (max ? keys[i] > keys[best] : better(keys[i], keys[best])) {
          best = i;
        }
      }
      out[r] = best - start;
    }
    return indices(out, new int[] {rows}, outType);
  }

  public static Tensor rowArgMax(Tensor values, RowPartition partition, DType outType) {
    return rowExtreme(values, partition, true, outType);
  }

  public static Tensor rowArgMin(Tensor values, RowPartition partition, DType outType) {
    return rowExtreme(values, partition, false, outType);
  }

  private static Tensor indices(long[] out, int[] shape, DType outType) {
    if (outType == DType.INT32) {
      int[] narrow = new int[out.length];
      for (int i = 0; i < out.length; i++) {
        narrow[i] = (int) out[i];
      }
      return Tensor.wrap(DType.INT32, shape, narrow);
    }
    return Tensor.wrap(DType.INT64, shape, out);
  }
}
