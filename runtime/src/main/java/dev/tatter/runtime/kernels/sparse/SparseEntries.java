package dev.tatter.runtime.kernels.sparse;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.lang.reflect.Array;
import java.util.Arrays;

/**
 * What the sparse kernels share about a sparse tensor's entries: comparing index rows in place
 * (the int64 indices are read where they are, never decoded), a stable row-major order, picking
 * values by position, and assembling a result.
 */
final class SparseEntries {
  private SparseEntries() {}

  /** Row-major comparison of index row {@code i} of {@code a} with row {@code j} of {@code b}. */
  static int compareRows(long[] a, int i, long[] b, int j, int ndims) {
    int ai = i * ndims;
    int bj = j * ndims;
    for (int d = 0; d < ndims; d++) {
      int c = Long.compare(a[ai + d], b[bj + d]);
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  /** Whether the index rows are in row-major order (equal rows allowed). */
  static boolean isRowMajor(long[] idx, int n, int ndims) {
    for (int i = 1; i < n; i++) {
      if (compareRows(idx, i - 1, idx, i, ndims) > 0) {
        return false;
      }
    }
    return true;
  }

  /** The positions {@code 0..n-1} in row-major order of their index rows; stable, so duplicates keep their order. */
  static int[] rowMajorOrder(long[] idx, int n, int ndims) {
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = i;
    }
    if (isRowMajor(idx, n, ndims)) {
      return order;
    }
    int[] buffer = new int[n];
    mergeSort(order, buffer, 0, n, idx, ndims);
    return order;
  }

  private static void mergeSort(int[] a, int[] buffer, int from, int to, long[] idx, int ndims) {
    if (to - from < 2) {
      return;
    }
    if (to - from <= 16) {
      for (int i = from + 1; i < to; i++) {
        int v = a[i];
        int j = i - 1;
        while (j >= from && compareRows(idx, a[j], idx, v, ndims) > 0) {
          a[j + 1] = a[j];
          j--;
        }
        a[j + 1] = v;
      }
      return;
    }
    int mid = (from + to) >>> 1;
    mergeSort(a, buffer, from, mid, idx, ndims);
    mergeSort(a, buffer, mid, to, idx, ndims);
    if (compareRows(idx, a[mid - 1], idx, a[mid], ndims) <= 0) {
      return;
    }
    System.arraycopy(a, from, buffer, from, to - from);
    int i = from;
    int j = mid;
    for (int k = from; k < to; k++) {
      if (j >= to || (i < mid && compareRows(idx, buffer[i], idx, buffer[j], ndims) <= 0)) {
        a[k] = buffer[i++];
      } else {
        a[k] = buffer[j++];
      }
    }
  }

  /** {@code values[positions[0..count)]}, a new array of the same component type. */
  static Object take(DType dtype, Object values, int[] positions, int count) {
    if (values instanceof float[] v) {
      float[] out = new float[count];
      for (int i = 0; i < count; i++) {
        out[i] = v[positions[i]];
      }
      return out;
    }
    if (values instanceof double[] v) {
      double[] out = new double[count];
      for (int i = 0; i < count; i++) {
        out[i] = v[positions[i]];
      }
      return out;
    }
    if (values instanceof int[] v) {
      int[] out = new int[count];
      for (int i = 0; i < count; i++) {
        out[i] = v[positions[i]];
      }
      return out;
    }
    if (values instanceof long[] v) {
      long[] out = new long[count];
      for (int i = 0; i < count; i++) {
        out[i] = v[positions[i]];
      }
      return out;
    }
    Object out = dtype.layout().newArray(count);
    for (int i = 0; i < count; i++) {
      dtype.layout().copy(values, positions[i], out, i, 1);
    }
    return out;
  }

  /** Index rows {@code positions[0..count)} of {@code idx}, each {@code ndims} long. */
  static long[] takeRows(long[] idx, int ndims, int[] positions, int count) {
    long[] out = new long[Sizes.elementCount(new long[] {count, ndims})];
    for (int i = 0; i < count; i++) {
      System.arraycopy(idx, positions[i] * ndims, out, i * ndims, ndims);
    }
    return out;
  }

  /** A sparse tensor from freshly built parts (owned by the result). */
  static SparseTensor build(long[] idx, int nnz, int ndims, DType dtype, Object values, long[] shape) {
    return SparseTensor.of(Tensor.wrap(DType.INT64, new int[] {nnz, ndims}, idx),
        Tensor.wrap(dtype, new int[] {nnz}, values), Tensor.ofLongs(shape.clone()));
  }

  /** Throws naming entry {@code i} if any coordinate is outside {@code [0, shape[d])}. */
  static void checkInBounds(long[] idx, int i, long[] shape, String what) {
    int ndims = shape.length;
    for (int d = 0; d < ndims; d++) {
      long c = idx[i * ndims + d];
      if (c < 0 || c >= shape[d]) {
        throw new InvalidArgumentException(what + "indices[" + i + "]=" + SparseKernels.index(idx, i, ndims)
            + " is out of bounds for dense_shape " + Arrays.toString(shape));
      }
    }
  }

  /** An axis in {@code [-rank, rank)} as a position in {@code [0, rank)}; else TF's error. */
  static int axis(long axis, int rank, String what) {
    if (axis < -rank || axis >= rank) {
      throw new InvalidArgumentException(what + " " + axis + " is out of range [" + -rank + ", " + rank + ")");
    }
    return (int) (axis < 0 ? axis + rank : axis);
  }
}
