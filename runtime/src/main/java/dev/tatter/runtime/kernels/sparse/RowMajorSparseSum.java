package dev.tatter.runtime.kernels.sparse;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;

/**
 * The fast path of {@code sparse_reduce_sum}'s dense result: indices in row-major order (as
 * {@code tf.sparse.reorder} leaves them, and as most producers give them) reduced over trailing
 * dims ({@code axis=1} of a matrix, the last axes of any rank).
 *
 * <p>Then TF's grouping (sort by kept dims, then reduced dims) is the identity: the entries are
 * already in that order, each group is a run of consecutive entries and its output position is
 * the linear index of its kept coordinates. So the sum is {@code out[pos(i)] += v[i]} in index
 * order over a zero-filled output, which adds in the same order from the same {@code 0} as the
 * general path's per-group accumulator (bit for bit, {@code -0.0} included). The indices are read
 * in place, and checked as the general path checks them (each in bounds, the first failure
 * named); an entry out of row-major order hands the tensor back to the general path, which sorts.
 * Defined on the dtypes whose sum wraps or rounds in its own storage type (float32, float64 and
 * the 32- and 64-bit integers); the others take the general path.
 */
final class RowMajorSparseSum {
  private RowMajorSparseSum() {}

  /** The dense sum, or null when this path does not apply (the caller takes the general one). */
  static Tensor trySum(SparseTensor st, long[] axes, boolean keepdims) {
    DType dtype = st.dtype();
    if (dtype != DType.FLOAT32 && dtype != DType.FLOAT64 && dtype != DType.INT32 && dtype != DType.UINT32
        && dtype != DType.INT64 && dtype != DType.UINT64) {
      return null;
    }
    long[] shape = (long[]) st.denseShape().unsafeData();
    int rank = shape.length;
    boolean[] reduced = SparseReduceKernels.reducedDims(axes, rank);
    int kept = 0;
    while (kept < rank && !reduced[kept]) {
      kept++;
    }
    for (int d = kept; d < rank; d++) {
      if (!reduced[d]) {
        return null; // a kept dim after a reduced one: the groups are not runs of the given order
      }
    }
    long[] idx = (long[]) st.indices().unsafeData();
    int n = st.nnz();
    if (!checkedRowMajor(idx, n, shape)) {
      return null;
    }
    long[] out = SparseReduceKernels.outShape(shape.clone(), reduced, keepdims);
    int size = Sizes.elementCount(out);
    int[] outDims = Sizes.toIntShape(out);
    Object values = st.values().unsafeData();
    return Tensor.wrap(dtype, outDims, switch (dtype) {
      case FLOAT32 -> sum((float[]) values, idx, n, shape, kept, new float[size]);
      case FLOAT64 -> sum((double[]) values, idx, n, shape, kept, new double[size]);
      case INT32, UINT32 -> sum((int[]) values, idx, n, shape, kept, new int[size]);
      case INT64, UINT64 -> sum((long[]) values, idx, n, shape, kept, new long[size]);
      case BOOL, INT8, INT16, STRING, UINT8, UINT16, FLOAT16, BFLOAT16, COMPLEX64, COMPLEX128 ->
          throw new IllegalStateException("the fast path takes 32- and 64-bit dtypes only, not " + dtype);
    });
  }

  /**
   * Whether the index rows are in row-major order (repeats allowed), after checking, as the
   * general path does first, that every coordinate is in bounds: the first entry out of bounds
   * is named even after an entry out of order.
   */
  private static boolean checkedRowMajor(long[] idx, int n, long[] shape) {
    int rank = shape.length;
    if (rank == 2) {
      return checkedRowMajorMatrix(idx, n, shape);
    }
    boolean ordered = true;
    for (int i = 0; i < n; i++) {
      int row = i * rank;
      boolean tied = i > 0; // equal to the previous row in every dim so far
      for (int d = 0; d < rank; d++) {
        long c = idx[row + d];
        if (c < 0 || c >= shape[d]) {
          SparseEntries.checkInBounds(idx, i, shape, "");
        }
        if (tied) {
          long previous = idx[row - rank + d];
          ordered &= c >= previous;
          tied = c == previous;
        }
      }
    }
    return ordered;
  }

  /** {@link #checkedRowMajor} of a matrix's indices, the common case, with the two coordinates in locals (twice as fast). */
  private static boolean checkedRowMajorMatrix(long[] idx, int n, long[] shape) {
    long rows = shape[0];
    long cols = shape[1];
    long previousRow = Long.MIN_VALUE;
    long previousCol = Long.MIN_VALUE;
    boolean ordered = true;
    for (int i = 0; i < n; i++) {
      long r = idx[2 * i];
      long c = idx[2 * i + 1];
      if (r < 0 || r >= rows || c < 0 || c >= cols) {
        SparseEntries.checkInBounds(idx, i, shape, "");
      }
      ordered &= r > previousRow || (r == previousRow && c >= previousCol);
      previousRow = r;
      previousCol = c;
    }
    return ordered;
  }

  /** Entry {@code i}'s output position: the linear index of its first {@code kept} coordinates (checked in bounds). */
  private static int position(long[] idx, int i, long[] shape, int kept) {
    int row = i * shape.length;
    long pos = idx[row];
    for (int d = 1; d < kept; d++) {
      pos = pos * shape[d] + idx[row + d];
    }
    return (int) pos; // < the output's size, an int
  }

  private static float[] sum(float[] v, long[] idx, int n, long[] shape, int kept, float[] out) {
    if (kept == 0) {
      for (int i = 0; i < n; i++) {
        out[0] += v[i];
      }
    } else {
      for (int i = 0; i < n; i++) {
        out[position(idx, i, shape, kept)] += v[i];
      }
    }
    return out;
  }

  private static double[] sum(double[] v, long[] idx, int n, long[] shape, int kept, double[] out) {
    if (kept == 0) {
      for (int i = 0; i < n; i++) {
        out[0] += v[i];
      }
    } else {
      for (int i = 0; i < n; i++) {
        out[position(idx, i, shape, kept)] += v[i];
      }
    }
    return out;
  }

  private static int[] sum(int[] v, long[] idx, int n, long[] shape, int kept, int[] out) {
    if (kept == 0) {
      for (int i = 0; i < n; i++) {
        out[0] += v[i];
      }
    } else {
      for (int i = 0; i < n; i++) {
        out[position(idx, i, shape, kept)] += v[i];
      }
    }
    return out;
  }

  private static long[] sum(long[] v, long[] idx, int n, long[] shape, int kept, long[] out) {
    if (kept == 0) {
      for (int i = 0; i < n; i++) {
        out[0] += v[i];
      }
    } else {
      for (int i = 0; i < n; i++) {
        out[position(idx, i, shape, kept)] += v[i];
      }
    }
    return out;
  }
}
