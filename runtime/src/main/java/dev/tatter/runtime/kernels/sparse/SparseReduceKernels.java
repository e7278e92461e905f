package dev.tatter.runtime.kernels.sparse;

import dev.tatter.runtime.Complex128;
import dev.tatter.runtime.Complex64;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.DTypeLayout;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.reduce.Reducer;
import dev.tatter.runtime.kernels.scalar.ComplexFunctions;
import java.util.Arrays;

/**
 * {@code tf.sparse.reduce_sum} and {@code reduce_max}, with a dense result (TF's kernels
 * {@code SparseReduceSum}, {@code SparseReduceMax}) or a sparse one ({@code *Sparse}).
 *
 * <p>As TF's kernel does, the entries are grouped by their coordinates in the kept dims, in
 * row-major order of (kept dims, reduced dims) — any given order and duplicates are fine — and
 * each group is reduced over its stored values alone, starting from zero for a sum (so a group
 * of {@code -0.0} sums to {@code 0.0}, as TF's does) and from its first value for a max; implicit
 * zeros take no part, and a dense output position without entries is 0. Sums run in that order;
 * a max propagates NaN (see docs/SEMANTICS.md).
 */
public final class SparseReduceKernels {
  private SparseReduceKernels() {}

  /** The grouping of one reduction: each entry's group, in order, and the reduced shape. */
  private record Groups(int[] order, int[] starts, int count, boolean[] reduced, long[] keptShape) {}

  private static Groups group(SparseTensor st, long[] axes) {
    long[] shape = st.denseShapeArray();
    int rank = shape.length;
    boolean[] reduced = reducedDims(axes, rank);
    int n = st.nnz();
    long[] idx = st.indicesArray();
    for (int i = 0; i < n; i++) {
      SparseEntries.checkInBounds(idx, i, shape, "");
    }
    // the sort key: kept dims first, then reduced dims, as TF's Reorder(reorder_dims)
    int[] keyDims = new int[rank];
    int k = 0;
    for (int d = 0; d < rank; d++) {
      if (!reduced[d]) {
        keyDims[k++] = d;
      }
    }
    int kept = k;
    for (int d = 0; d < rank; d++) {
      if (reduced[d]) {
        keyDims[k++] = d;
      }
    }
    long[] keys = new long[idx.length];
    for (int i = 0; i < n; i++) {
      for (int d = 0; d < rank; d++) {
        keys[i * rank + d] = idx[i * rank + keyDims[d]];
      }
    }
    int[] order = SparseEntries.rowMajorOrder(keys, n, rank);
    int[] starts = new int[n + 1];
    int groups = 0;
    for (int t = 0; t < n; t++) {
      if (t == 0 || !sameKept(keys, order[t - 1], order[t], rank, kept)) {
        starts[groups++] = t;
      }
    }
    starts[groups] = n;
    long[] keptShape = new long[kept];
    for (int d = 0; d < kept; d++) {
      keptShape[d] = shape[keyDims[d]];
    }
    return new Groups(order, starts, groups, reduced, keptShape);
  }

  /** Which dims {@code axes} reduce; TF's error for an axis outside {@code [-rank, rank)}. */
  static boolean[] reducedDims(long[] axes, int rank) {
    boolean[] reduced = new boolean[rank];
    for (long a : axes) {
      if (a < -rank || a >= rank) {
        throw new InvalidArgumentException("Invalid reduction dimension " + a + ", for input with " + rank + " dimensions.");
      }
      reduced[(int) (a < 0 ? a + rank : a)] = true;
    }
    return reduced;
  }

  private static boolean sameKept(long[] keys, int a, int b, int rank, int kept) {
    return Arrays.equals(keys, a * rank, a * rank + kept, keys, b * rank, b * rank + kept);
  }

  static long[] outShape(long[] shape, boolean[] reduced, boolean keepdims) {
    return keepdims
        ? java.util.stream.IntStream.range(0, shape.length).mapToLong(d -> reduced[d] ? 1 : shape[d]).toArray()
        : java.util.stream.IntStream.range(0, shape.length).filter(d -> !reduced[d]).mapToLong(d -> shape[d]).toArray();
  }

  /** {@code sparse_reduce_sum}/{@code sparse_reduce_max {axis, keepdims}}: the dense result. */
  public static Tensor reduce(Reducer reducer, SparseTensor st, long[] axes, boolean keepdims) {
    checkDefined(reducer, st.dtype());
    if (reducer == Reducer.SUM) {
      Tensor fast = RowMajorSparseSum.trySum(st, axes, keepdims);
      if (fast != null) {
        return fast;
      }
    }
    Groups g = group(st, axes);
    long[] shape = st.denseShapeArray();
    long[] out = outShape(shape, g.reduced(), keepdims);
    int size = Sizes.elementCount(out);
    Object result = st.dtype().layout().newArray(size);
    long[] idx = st.indicesArray();
    int rank = shape.length;
    long[] keptShape = g.keptShape();
    Object values = st.values().unsafeData();
    for (int q = 0; q < g.count(); q++) {
      int first = g.order()[g.starts()[q]];
      long pos = 0;
      for (int d = 0, k = 0; d < rank; d++) {
        if (!g.reduced()[d]) {
          pos = pos * keptShape[k++] + idx[first * rank + d];
        }
      }
      reduceGroup(reducer, st.dtype(), values, g.order(), g.starts()[q], g.starts()[q + 1], result, (int) pos);
    }
    return Tensor.wrap(st.dtype(), Sizes.toIntShape(out), result);
  }

  /** {@code sparse_reduce_sum_sparse}/{@code sparse_reduce_max_sparse {axis, keepdims}}: one entry per non-empty group. */
  public static SparseTensor reduceSparse(Reducer reducer, SparseTensor st, long[] axes, boolean keepdims) {
    checkDefined(reducer, st.dtype());
    Groups g = group(st, axes);
    long[] shape = st.denseShapeArray();
    long[] out = outShape(shape, g.reduced(), keepdims);
    int outRank = out.length;
    int rank = shape.length;
    long[] idx = st.indicesArray();
    long[] outIdx = new long[Sizes.toIntSize((long) g.count() * outRank, "the result's indices")];
    Object result = st.dtype().layout().newArray(g.count());
    Object values = st.values().unsafeData();
    for (int q = 0; q < g.count(); q++) {
      int first = g.order()[g.starts()[q]];
      for (int d = 0, o = 0; d < rank; d++) {
        if (!g.reduced()[d]) {
          outIdx[q * outRank + o++] = idx[first * rank + d];
        } else if (keepdims) {
          o++; // a kept reduced dim: coordinate 0
        }
      }
      reduceGroup(reducer, st.dtype(), values, g.order(), g.starts()[q], g.starts()[q + 1], result, q);
    }
    return SparseEntries.build(outIdx, g.count(), outRank, st.dtype(), result, out);
  }

  private static void checkDefined(Reducer reducer, DType dtype) {
    boolean complexSum = dtype.isComplex() && reducer == Reducer.SUM;
    if (!complexSum && (!dtype.isNumeric() || (reducer != Reducer.SUM && reducer != Reducer.MAX))) {
      throw new InvalidArgumentException("sparse " + reducer.tfName() + " is not defined on " + dtype);
    }
  }

  /**
   * Reduces {@code values[order[from..to)]} into {@code out[pos]}: one loop per storage type, the
   * integers widened to long (unsigned ones zero-extended, uint64 compared unsigned) and narrowed
   * back when stored, so sums wrap in their own width as TF's do; 16-bit floats add in float and
   * round to their width after each step, as Eigen's half arithmetic does.
   */
  private static void reduceGroup(Reducer reducer, DType dtype, Object values, int[] order, int from, int to, Object out, int pos) {
    boolean sum = reducer == Reducer.SUM;
    switch (dtype) {
      case FLOAT32 -> {
        float[] v = (float[]) values;
        float acc = sum ? 0f : v[order[from]];
        for (int t = sum ? from : from + 1; t < to; t++) {
          acc = sum ? acc + v[order[t]] : Math.max(acc, v[order[t]]);
        }
        ((float[]) out)[pos] = acc;
      }
      case FLOAT64 -> {
        double[] v = (double[]) values;
        double acc = sum ? 0d : v[order[from]];
        for (int t = sum ? from : from + 1; t < to; t++) {
          acc = sum ? acc + v[order[t]] : Math.max(acc, v[order[t]]);
        }
        ((double[]) out)[pos] = acc;
      }
      case FLOAT16, BFLOAT16 -> {
        DTypeLayout layout = dtype.layout();
        float acc = sum ? 0f : layout.getFloat(values, order[from]);
        for (int t = sum ? from : from + 1; t < to; t++) {
          float x = layout.getFloat(values, order[t]);
          acc = layout.roundTrip(sum ? acc + x : Math.max(acc, x));
        }
        layout.setFloat(out, pos, acc);
      }
      case INT8, UINT8 -> {
        byte[] v = (byte[]) values;
        long mask = dtype.isUnsigned() ? 0xFFL : -1L;
        long acc = sum ? 0 : v[order[from]] & mask;
        for (int t = sum ? from : from + 1; t < to; t++) {
          long x = v[order[t]] & mask;
          acc = sum ? acc + x : Math.max(acc, x);
        }
        ((byte[]) out)[pos] = (byte) acc;
      }
      case INT16, UINT16 -> {
        short[] v = (short[]) values;
        long mask = dtype.isUnsigned() ? 0xFFFFL : -1L;
        long acc = sum ? 0 : v[order[from]] & mask;
        for (int t = sum ? from : from + 1; t < to; t++) {
          long x = v[order[t]] & mask;
          acc = sum ? acc + x : Math.max(acc, x);
        }
        ((short[]) out)[pos] = (short) acc;
      }
      case INT32, UINT32 -> {
        int[] v = (int[]) values;
        long mask = dtype.isUnsigned() ? 0xFFFF_FFFFL : -1L;
        long acc = sum ? 0 : v[order[from]] & mask;
        for (int t = sum ? from : from + 1; t < to; t++) {
          long x = v[order[t]] & mask;
          acc = sum ? acc + x : Math.max(acc, x);
        }
        ((int[]) out)[pos] = (int) acc;
      }
      case INT64, UINT64 -> {
        long[] v = (long[]) values;
        boolean unsigned = dtype.isUnsigned();
        long acc = sum ? 0 : v[order[from]];
        for (int t = sum ? from : from + 1; t < to; t++) {
          long x = v[order[t]];
          acc = sum ? acc + x : unsigned ? (Long.compareUnsigned(x, acc) > 0 ? x : acc) : Math.max(acc, x);
        }
        ((long[]) out)[pos] = acc;
      }
      case COMPLEX64 -> {
        Object[] v = (Object[]) values;
        Complex64 acc = Complex64.ZERO;
        for (int t = from; t < to; t++) {
          acc = ComplexFunctions.add(acc, (Complex64) v[order[t]]);
        }
        ((Object[]) out)[pos] = acc;
      }
      case COMPLEX128 -> {
        Object[] v = (Object[]) values;
        Complex128 acc = Complex128.ZERO;
        for (int t = from; t < to; t++) {
          acc = ComplexFunctions.add(acc, (Complex128) v[order[t]]);
        }
        ((Object[]) out)[pos] = acc;
      }
      default -> throw new InvalidArgumentException("sparse " + reducer.tfName() + " is not defined on " + dtype);
    }
  }
}
