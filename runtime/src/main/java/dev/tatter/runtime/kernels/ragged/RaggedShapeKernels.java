package dev.tatter.runtime.kernels.ragged;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import java.util.List;

/** Kernels that read sizes off a ragged or dense tensor: its row count, bounding shape, dense row lengths. */
public final class RaggedShapeKernels {
  private RaggedShapeKernels() {}

  /**
   * {@code outer_dim}: the size of the outermost dimension (TF's {@code nrows(out_type)}) of a
   * dense tensor, a ragged tensor or a partition, as an {@code outType} scalar.
   */
  public static Tensor outerDim(Object x, DType outType) {
    long n;
    if (x instanceof RowPartition p) {
      n = p.nrows();
    } else {
      n = RaggedTensor.outerDim(x);
    }
    return PartitionKernels.scalarOf(n, outType);
  }

  /**
   * {@code bounding_shape}: the shape of the smallest dense tensor holding {@code rt}: its row
   * count, the longest row of each ragged (or uniform) partition (0 without rows, as in TF), then
   * the flat values' inner dims. {@code axis} picks one of them; -1 returns them all.
   */
  public static Tensor boundingShape(RaggedTensor rt, long axis, DType outType) {
    List<RowPartition> partitions = rt.nestedPartitions();
    Tensor flat = rt.flatValues();
    long[] shape = new long[1 + partitions.size() + flat.rank() - 1];
    shape[0] = rt.nrows();
    for (int i = 0; i < partitions.size(); i++) {
      RowPartition p = partitions.get(i);
      long longest = 0;
      for (int r = 0; r < p.nrows(); r++) {
        longest = Math.max(longest, p.rowLength(r));
      }
      shape[1 + i] = longest;
    }
    for (int d = 1; d < flat.rank(); d++) {
      shape[partitions.size() + d] = flat.dim(d);
    }
    if (axis >= 0) {
      return PartitionKernels.scalarOf(shape[(int) axis], outType);
    }
    return PartitionKernels.fromLongs(shape, outType, false);
  }

  /**
   * {@code dense_row_lengths}: TF's {@code row_lengths(axis)} where the axis is a dense one: a
   * tensor shaped like {@code values.shape[:axis]} filled with {@code values.shape[axis]}.
   */
  public static Tensor denseRowLengths(Tensor values, long axis, DType outType) {
    int a = (int) axis;
    int[] shape = java.util.Arrays.copyOf(values.shape(), a);
    int count = Sizes.elementCount(shape);
    long length = values.dim(a);
    if (outType == DType.INT32) {
      int[] out = new int[count];
      java.util.Arrays.fill(out, (int) length);
      return Tensor.wrap(DType.INT32, shape, out);
    }
    long[] out = new long[count];
    java.util.Arrays.fill(out, length);
    return Tensor.wrap(DType.INT64, shape, out);
  }
}
