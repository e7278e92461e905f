package dev.tatter.runtime.kernels.array;

import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.lang.reflect.Array;
import java.util.Arrays;

/**
 * {@code tf.reverse} along one axis of a dense tensor, and within the rows of a partition over
 * flat values (the ragged axis: each row's values in reverse order, the row lengths unchanged).
 * Elements are moved, never computed, so every dtype is reversed by the same block copies.
 */
public final class ReverseKernels {
  private ReverseKernels() {}

  /** {@code tf.reverse(x, [axis])}. */
  public static Tensor reverse(Tensor x, long axis) {
    int[] shape = x.shape();
    if (axis < 0 || axis >= shape.length) {
      throw new InvalidArgumentException("reverse: axis " + axis + " is out of range for a tensor of rank " + shape.length);
    }
    int outer = 1;
    for (int a = 0; a < axis; a++) {
      outer *= shape[a];
    }
    int inner = 1;
    for (int a = (int) axis + 1; a < shape.length; a++) {
      inner *= shape[a];
    }
    int length = shape[(int) axis];
    Object src = x.unsafeData();
    Object dst = x.dtype().layout().newArray(x.size());
    for (int o = 0; o < outer; o++) {
      int base = o * length;
      for (int k = 0; k < length; k++) {
        x.dtype().layout().copy(src, (base + k) * inner, dst, (base + length - 1 - k) * inner, inner);
      }
    }
    return Tensor.wrap(x.dtype(), shape, dst);
  }

  /** Each row of {@code partition} over the values' first dimension, reversed in place. */
  public static Tensor rowReverse(Tensor values, RowPartition partition) {
    if (values.rank() == 0 || values.dim(0) != partition.nvals()) {
      throw new InvalidArgumentException("reverse: values must have one row per partitioned value: the partition covers "
          + partition.nvals() + " values but values has shape " + Arrays.toString(values.shape()));
    }
    int inner = values.dim(0) == 0 ? 0 : values.size() / values.dim(0);
    Object src = values.unsafeData();
    Object dst = values.dtype().layout().newArray(values.size());
    for (int r = 0; r < partition.nrows(); r++) {
      int start = partition.rowStart(r);
      int length = partition.rowLength(r);
      for (int k = 0; k < length; k++) {
        values.dtype().layout().copy(src, (start + k) * inner, dst, (start + length - 1 - k) * inner, inner);
      }
    }
    return Tensor.wrap(values.dtype(), values.shape(), dst);
  }
}
