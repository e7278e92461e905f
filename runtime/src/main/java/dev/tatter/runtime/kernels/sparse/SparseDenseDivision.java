package dev.tatter.runtime.kernels.sparse;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.elementwise.Broadcast;

/**
 * The divisor rule of {@code sparse / dense} (TF's {@code SparseDenseCwiseDiv}): for every dtype,
 * floats included, a dense value that equals zero ({@code 0.0} and {@code -0.0} alike, as TF's
 * {@code != T{0}} test sees them) at a position where the sparse operand stores an entry is an
 * error, not {@code inf} or {@code nan}; a zero where nothing is stored takes no part and is fine.
 * Entries are checked in order, so the first offending one is named. A shape that does not
 * broadcast or an index out of range is left to the division kernel, which reports it.
 */
public final class SparseDenseDivision {
  private SparseDenseDivision() {}

  /** Throws TF's error if the dense divisor is zero at one of {@code st}'s stored entries. */
  static void checkNoZeroDivisor(SparseTensor st, Tensor dense) {
    if (dense.dtype() != st.dtype()) {
      return;
    }
    long[] shape = (long[]) st.denseShape().unsafeData();
    int[] dshape = dense.shape();
    int ndims = shape.length;
    int offset = ndims - dshape.length;
    if (offset < 0) {
      return;
    }
    for (int d = 0; d < dshape.length; d++) {
      if (dshape[d] != 1 && dshape[d] != shape[offset + d]) {
        return;
      }
    }
    int[] strides = Broadcast.strides(dshape);
    long[] idx = (long[]) st.indices().unsafeData();
    Object divisors = dense.unsafeData();
    for (int i = 0; i < st.nnz(); i++) {
      int pos = 0;
      for (int d = 0; d < ndims; d++) {
        long c = idx[i * ndims + d];
        if (c < 0 || c >= shape[d]) {
          return; // the kernel names this entry as out of bounds, as TF does before looking at its divisor
        }
        int k = d - offset;
        if (k >= 0 && dshape[k] != 1) {
          pos += (int) c * strides[k];
        }
      }
      if (isZero(divisors, pos, dense.dtype())) {
        throw new InvalidArgumentException("SparseDenseCwiseDiv cannot divide by zero, but input dense tensor contains zero"
            + " (at the position of indices[" + i + "]=" + SparseKernels.index(idx, i, ndims) + ")");
      }
    }
  }

  private static boolean isZero(Object values, int pos, DType dtype) {
    if (values instanceof float[] v) {
      return v[pos] == 0f;
    } else if (values instanceof double[] v) {
      return v[pos] == 0d;
    } else if (values instanceof short[] v) {
      return dtype.isFloating() ? (v[pos] & 0x7FFF) == 0 : v[pos] == 0; // both zeros of a 16-bit float
    } else if (values instanceof byte[] v) {
      return v[pos] == 0;
    } else if (values instanceof int[] v) {
      return v[pos] == 0;
    } else if (values instanceof long[] v) {
      return v[pos] == 0;
    }
    return false;
  }
}
