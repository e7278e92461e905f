package dev.tatter.runtime.kernels.reduce;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Scalars;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.gather.RaggedGatherKernels;
import java.util.Arrays;

/**
 * {@code tf.math.bincount}: how often each value in {@code [0, size)} occurs, or the sum of its
 * weights; {@code size} is {@code max(arr) + 1} raised to {@code minlength} and cut at
 * {@code maxlength} (values at or past it are dropped), as TF's Python layer computes it. With
 * {@code per_row} (TF's {@code axis=-1}) each row of a matrix, or each ragged row, counts on its
 * own, into one {@code [nrows, size]} tensor.
 */
public final class BincountKernels {
  private BincountKernels() {}

  /** Counts of {@code dtype} (1 for any count when {@code binaryOutput}); {@code minlength} and {@code maxlength} are -1 when not given. */
  public static Tensor bincount(Object arr, long minlength, long maxlength, boolean binaryOutput, boolean perRow, DType dtype) {
    return count(arr, null, minlength, maxlength, binaryOutput, perRow, dtype);
  }

  /** Sums of {@code weights} (dense, or ragged like {@code arr}), in their dtype. */
  public static Tensor weightedBincount(Object arr, Object weights, long minlength, long maxlength, boolean perRow) {
    Tensor w = weights instanceof RaggedTensor rt ? rt.flatValues() : (Tensor) weights;
    return count(arr, w, minlength, maxlength, false, perRow, w.dtype());
  }

  private static Tensor count(Object arr, Tensor weights, long minlength, long maxlength, boolean binaryOutput,
      boolean perRow, DType dtype) {
    Tensor values = arr instanceof RaggedTensor rt ? rt.flatValues() : (Tensor) arr;
    boolean weighted = weights != null;
    if (weighted && !Arrays.equals(weights.shape(), values.shape())) {
      throw new InvalidArgumentException("weights shape " + Arrays.toString(weights.shape()) + " must equal the values' shape "
          + Arrays.toString(values.shape()));
    }
    long max = -1;
    for (int i = 0; i < values.size(); i++) {
      long v = values.getLong(i);
      if (v < 0) {
        throw new InvalidArgumentException("Input arr must be non-negative: arr" + RaggedGatherKernels.position(values.shape(), i)
            + " = " + v);
      }
      max = Math.max(max, v);
    }
    // max + 1 without wrapping: past int64's largest value it is taken as "more than any tensor holds"
    // (TF's Python adds in int64 and wraps to -2^63, a size no maxlength then bounds)
    boolean pastInt64 = values.size() > 0 && max == Long.MAX_VALUE;
    long size = values.size() == 0 ? 0 : pastInt64 ? Long.MAX_VALUE : max + 1;
    String sizeText = pastInt64 ? "max(arr) + 1 = 9223372036854775808" : "max(arr) + 1 = " + size;
    if (minlength >= 0 && minlength > size) {
      size = minlength;
      sizeText = "minlength = " + size;
    }
    if (maxlength >= 0 && maxlength < size) {
      size = maxlength;
      sizeText = "maxlength = " + size;
    }
    if (size > Sizes.maxElements()) {
      throw new InvalidArgumentException("the bincount size = " + sizeText + " is not a valid size (0 to "
          + Sizes.maxElements() + ")");
    }
    int width = (int) size;
    int rows;
    long[] splits;
    if (!perRow) {
      rows = 1;
      splits = new long[] {0, values.size()};
    } else if (arr instanceof RaggedTensor rt) {
      if (rt.raggedRank() != 1 || values.rank() != 1) {
        throw new InvalidArgumentException("bincount with axis=-1 takes a 2-D ragged tensor");
      }
      RowPartition p = rt.partition();
      rows = p.nrows();
      splits = p.unsafeRowSplits();
    } else {
      if (values.rank() != 2) {
        throw new InvalidArgumentException("bincount with axis=-1 takes a 2-D tensor, got shape " + Arrays.toString(values.shape()));
      }
      rows = values.dim(0);
      splits = new long[rows + 1];
      for (int r = 0; r < rows; r++) {
        splits[r + 1] = splits[r] + values.dim(1);
      }
    }
    int[] shape = perRow ? new int[] {rows, width} : new int[] {width};
    int count = Sizes.elementCount(shape);
    DType out = dtype;
    double[] acc = new double[count];
    long[] longAcc = new long[count];
    boolean floating = out.isFloating();
    for (int r = 0; r < rows; r++) {
      for (long j = splits[r]; j < splits[r + 1]; j++) {
        long v = values.getLong((int) j);
        if (v >= width) {
          continue;
        }
        int k = r * width + (int) v;
        if (binaryOutput) {
          longAcc[k] = 1;
          acc[k] = 1;
        } else if (!weighted) {
          longAcc[k]++;
        } else if (floating) {
          acc[k] = out == DType.FLOAT32 ? (float) (acc[k] + weights.getDouble((int) j)) : acc[k] + weights.getDouble((int) j);
        } else {
          longAcc[k] += weights.getLong((int) j);
        }
      }
    }
    Object data = java.lang.reflect.Array.newInstance(out.arrayClass().getComponentType(), count);
    for (int k = 0; k < count; k++) {
      boolean summedFloats = weighted && floating;
      Scalars.store(out, data, k, summedFloats ? (Object) acc[k] : floating ? (Object) (double) longAcc[k] : (Object) longAcc[k]);
    }
    return Tensor.wrap(out, shape, data);
  }
}
