package dev.tatter.runtime.kernels.sparse;

import dev.tatter.runtime.kernels.elementwise.Broadcast;

/**
 * The float loops of {@code sparse_dense_mul} and {@code sparse_dense_div} (TF's {@code
 * SparseDenseCwiseMul}/{@code Div}): each stored value with the dense value its index reads.
 * The dtype, the operation and the broadcast are chosen once per call, outside the loop: the
 * broadcast is a stride per sparse dim ({@code 0} where the dense operand has size 1 or no such
 * dim), and a rank-2 sparse tensor (the common case) gets a loop of its own with the two strides
 * in locals, and for a dense column ({@code [rows, 1]}: the column stride is 0 and the row stride
 * 1, so the row alone picks the value) one loop per operation holding only the checks, the load
 * and the arithmetic (W5a: within the noise of the fastest checked hand loop). Every coordinate is still checked against the dense shape, as TF does; the first one
 * out of range stops the loop and {@link Check} reports it with the general kernel's message.
 */
final class SparseDenseLoops {
  private SparseDenseLoops() {}

  /** Reports entry {@code i}'s out-of-range index (throws; returns only to satisfy the compiler). */
  @FunctionalInterface
  interface Check {
    RuntimeException outOfRange(int i);
  }

  /**
   * The stride of each sparse dim into the dense operand's row-major data: the dense operand is
   * aligned to the trailing dims, and a dim it has as 1 (or lacks) reads position 0.
   */
  static int[] broadcastStrides(int ndims, int[] denseShape) {
    int offset = ndims - denseShape.length;
    int[] denseStrides = Broadcast.strides(denseShape);
    int[] out = new int[ndims];
    for (int d = offset; d < ndims; d++) {
      out[d] = denseShape[d - offset] == 1 ? 0 : denseStrides[d - offset];
    }
    return out;
  }

  static float[] floats(long[] idx, long[] shape, int[] strides, float[] a, float[] b, boolean divide, Check check) {
    int n = a.length;
    float[] out = new float[n];
    if (shape.length == 2) {
      long rows = shape[0];
      long cols = shape[1];
      int s0 = strides[0];
      int s1 = strides[1];
      if (s1 == 0 && s0 == 1) {
        // a dense column [rows, 1]: the row alone picks it; one loop per operation, so that the
        // loop holds nothing but the checks, the load and the product
        if (divide) {
          for (int i = 0; i < n; i++) {
            long r = idx[2 * i];
            long c = idx[2 * i + 1];
            if (Long.compareUnsigned(r, rows) >= 0 || Long.compareUnsigned(c, cols) >= 0) {
              throw check.outOfRange(i);
            }
            out[i] = a[i] / b[(int) r];
          }
        } else {
          for (int i = 0; i < n; i++) {
            long r = idx[2 * i];
            long c = idx[2 * i + 1];
            if (Long.compareUnsigned(r, rows) >= 0 || Long.compareUnsigned(c, cols) >= 0) {
              throw check.outOfRange(i);
            }
            out[i] = a[i] * b[(int) r];
          }
        }
        return out;
      }
      for (int i = 0; i < n; i++) {
        long r = idx[2 * i];
        long c = idx[2 * i + 1];
        // unsigned: one compare refuses a negative coordinate and one past the end
        if (Long.compareUnsigned(r, rows) >= 0 || Long.compareUnsigned(c, cols) >= 0) {
          throw check.outOfRange(i);
        }
        float y = b[(int) r * s0 + (int) c * s1];
        out[i] = divide ? a[i] / y : a[i] * y;
      }
      return out;
    }
    for (int i = 0; i < n; i++) {
      float y = b[position(idx, i, shape, strides, check)];
      out[i] = divide ? a[i] / y : a[i] * y;
    }
    return out;
  }

  static double[] doubles(long[] idx, long[] shape, int[] strides, double[] a, double[] b, boolean divide, Check check) {
    int n = a.length;
    double[] out = new double[n];
    if (shape.length == 2) {
      long rows = shape[0];
      long cols = shape[1];
      int s0 = strides[0];
      int s1 = strides[1];
      if (s1 == 0 && s0 == 1) {
        if (divide) {
          for (int i = 0; i < n; i++) {
            long r = idx[2 * i];
            long c = idx[2 * i + 1];
            if (Long.compareUnsigned(r, rows) >= 0 || Long.compareUnsigned(c, cols) >= 0) {
              throw check.outOfRange(i);
            }
            out[i] = a[i] / b[(int) r];
          }
        } else {
          for (int i = 0; i < n; i++) {
            long r = idx[2 * i];
            long c = idx[2 * i + 1];
            if (Long.compareUnsigned(r, rows) >= 0 || Long.compareUnsigned(c, cols) >= 0) {
              throw check.outOfRange(i);
            }
            out[i] = a[i] * b[(int) r];
          }
        }
        return out;
      }
      for (int i = 0; i < n; i++) {
        long r = idx[2 * i];
        long c = idx[2 * i + 1];
        if (Long.compareUnsigned(r, rows) >= 0 || Long.compareUnsigned(c, cols) >= 0) {
          throw check.outOfRange(i);
        }
        double y = b[(int) r * s0 + (int) c * s1];
        out[i] = divide ? a[i] / y : a[i] * y;
      }
      return out;
    }
    for (int i = 0; i < n; i++) {
      double y = b[position(idx, i, shape, strides, check)];
      out[i] = divide ? a[i] / y : a[i] * y;
    }
    return out;
  }

  /** Entry {@code i}'s position in the dense data, each coordinate checked against the sparse shape. */
  static int position(long[] idx, int i, long[] shape, int[] strides, Check check) {
    int ndims = shape.length;
    int pos = 0;
    for (int d = 0; d < ndims; d++) {
      long c = idx[i * ndims + d];
      if (Long.compareUnsigned(c, shape[d]) >= 0) {
        throw check.outOfRange(i);
      }
      pos += (int) c * strides[d];
    }
    return pos;
  }
}
