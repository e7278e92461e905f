package dev.tatter.runtime.kernels.sparse;

import dev.tatter.runtime.Complex128;
import dev.tatter.runtime.Complex64;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.elementwise.Broadcast;
import dev.tatter.runtime.kernels.scalar.ComplexFunctions;
import dev.tatter.runtime.kernels.scalar.ScalarFunctions;
import java.util.Arrays;

/**
 * {@code tf.sparse.add}: sparse + sparse (TF's kernel {@code SparseAdd}) and sparse + dense
 * ({@code SparseTensorDenseAdd}); {@code tf.sparse.maximum} and {@code minimum} of two sparse
 * tensors ({@code SparseSparseMaximum/Minimum}).
 */
public final class SparseAddKernels {
  private SparseAddKernels() {}

  /**
   * {@code sparse_add {threshold}}: the union of both operands' entries, merged as TF's kernel
   * merges them — one pass over both index lists, which it assumes are in row-major order (it
   * does not check, and neither does this; unordered operands give TF's result for them). Where
   * an index is in both, the sum is kept only if {@code threshold <= |sum|} (so a NaN sum is
   * dropped, as in TF); an entry of one operand alone is always kept.
   */
  public static SparseTensor add(SparseTensor a, SparseTensor b, double threshold) {
    checkSameShape(a, b);
    long[] shape = (long[]) a.denseShape().unsafeData();
    DType dtype = a.dtype();
    Threshold keep = Threshold.of(dtype, threshold);
    int ndims = shape.length;
    long[] ai = (long[]) a.indices().unsafeData();
    long[] bi = (long[]) b.indices().unsafeData();
    int na = a.nnz();
    int nb = b.nnz();
    Object av = a.values().unsafeData();
    Object bv = b.values().unsafeData();
    // one merge writing the output's indices in place; each output entry's value comes from a's
    // entry fromA[k] and/or b's entry fromB[k] (-1: none), gathered per dtype below
    long[] idx = new long[Sizes.toIntSize(((long) na + nb) * ndims, "the result's indices")];
    int[] fromA = new int[na + nb];
    int[] fromB = new int[na + nb];
    int n = 0;
    int i = 0;
    int j = 0;
    while (i < na || j < nb) {
      int c = i == na ? 1 : j == nb ? -1 : SparseEntries.compareRows(ai, i, bi, j, ndims);
      if (c == 0 && !keep.keeps(av, i, bv, j)) {
        i++;
        j++;
        continue;
      }
      long[] from = c <= 0 ? ai : bi;
      int row = (c <= 0 ? i : j) * ndims;
      for (int d = 0; d < ndims; d++) {
        idx[n * ndims + d] = from[row + d];
      }
      fromA[n] = c <= 0 ? i++ : -1;
      fromB[n] = c >= 0 ? j++ : -1;
      n++;
    }
    Object values = Threshold.gather(dtype, av, fromA, bv, fromB, n);
    return SparseEntries.build(n == na + nb ? idx : Arrays.copyOf(idx, n * ndims), n, ndims, dtype, values, shape);
  }

  /** The sum of two values at one index, and TF's test {@code thresh <= |sum|} in the dtype. */
  private record Threshold(DType dtype, double asFloat, long asInteger) {
    static Threshold of(DType dtype, double threshold) {
      if (dtype.isInteger() && (threshold != Math.rint(threshold) || Math.abs(threshold) > 9.2e18)) {
        throw new InvalidArgumentException("threshold " + threshold + " is not a valid " + dtype);
      }
      boolean single = dtype == DType.FLOAT32 || dtype == DType.COMPLEX64;
      return new Threshold(dtype, single ? (float) threshold : threshold, (long) threshold);
    }

    boolean keeps(Object a, int i, Object b, int j) {
      if (a instanceof float[] x) {
        return (float) asFloat <= Math.abs(x[i] + ((float[]) b)[j]);
      }
      if (a instanceof double[] x) {
        return asFloat <= Math.abs(x[i] + ((double[]) b)[j]);
      }
      // std::abs of a narrow int promotes to int; of int32/int64 MIN it stays MIN, as Math.abs does
      if (a instanceof byte[] x) {
        return asInteger <= Math.abs((int) (byte) (x[i] + ((byte[]) b)[j]));
      }
      if (a instanceof short[] x) {
        return asInteger <= Math.abs((int) (short) (x[i] + ((short[]) b)[j]));
      }
      if (a instanceof int[] x) {
        return asInteger <= Math.abs(x[i] + ((int[]) b)[j]);
      }
      if (a instanceof long[] x) {
        return asInteger <= Math.abs(x[i] + ((long[]) b)[j]);
      }
      // complex: TF's Treal threshold against std::abs of the sum, in the part type
      if (a instanceof Complex64[] x) {
        return (float) asFloat <= ComplexFunctions.abs(ComplexFunctions.add(x[i], ((Complex64[]) b)[j]));
      }
      if (a instanceof Complex128[] x) {
        return asFloat <= ComplexFunctions.abs(ComplexFunctions.add(x[i], ((Complex128[]) b)[j]));
      }
      throw new InvalidArgumentException("sparse add is not defined on " + dtype);
    }

    /** Each output value: {@code a[fromA[k]] + b[fromB[k]]}, or the one present (index -1: absent), in the dtype. */
    static Object gather(DType dtype, Object a, int[] fromA, Object b, int[] fromB, int n) {
      if (a instanceof float[] x) {
        float[] y = (float[]) b;
        float[] o = new float[n];
        for (int k = 0; k < n; k++) {
          o[k] = fromA[k] < 0 ? y[fromB[k]] : fromB[k] < 0 ? x[fromA[k]] : x[fromA[k]] + y[fromB[k]];
        }
        return o;
      }
      if (a instanceof double[] x) {
        double[] y = (double[]) b;
        double[] o = new double[n];
        for (int k = 0; k < n; k++) {
          o[k] = fromA[k] < 0 ? y[fromB[k]] : fromB[k] < 0 ? x[fromA[k]] : x[fromA[k]] + y[fromB[k]];
        }
        return o;
      }
      if (a instanceof byte[] x) {
        byte[] y = (byte[]) b;
        byte[] o = new byte[n];
        for (int k = 0; k < n; k++) {
          o[k] = fromA[k] < 0 ? y[fromB[k]] : fromB[k] < 0 ? x[fromA[k]] : (byte) (x[fromA[k]] + y[fromB[k]]);
        }
        return o;
      }
      if (a instanceof short[] x) {
        short[] y = (short[]) b;
        short[] o = new short[n];
        for (int k = 0; k < n; k++) {
          o[k] = fromA[k] < 0 ? y[fromB[k]] : fromB[k] < 0 ? x[fromA[k]] : (short) (x[fromA[k]] + y[fromB[k]]);
        }
        return o;
      }
      if (a instanceof int[] x) {
        int[] y = (int[]) b;
        int[] o = new int[n];
        for (int k = 0; k < n; k++) {
          o[k] = fromA[k] < 0 ? y[fromB[k]] : fromB[k] < 0 ? x[fromA[k]] : x[fromA[k]] + y[fromB[k]];
        }
        return o;
      }
      if (a instanceof Complex64[] x) {
        Complex64[] y = (Complex64[]) b;
        Complex64[] o = new Complex64[n];
        for (int k = 0; k < n; k++) {
          o[k] = fromA[k] < 0 ? y[fromB[k]] : fromB[k] < 0 ? x[fromA[k]] : ComplexFunctions.add(x[fromA[k]], y[fromB[k]]);
        }
        return o;
      }
      if (a instanceof Complex128[] x) {
        Complex128[] y = (Complex128[]) b;
        Complex128[] o = new Complex128[n];
        for (int k = 0; k < n; k++) {
          o[k] = fromA[k] < 0 ? y[fromB[k]] : fromB[k] < 0 ? x[fromA[k]] : ComplexFunctions.add(x[fromA[k]], y[fromB[k]]);
        }
        return o;
      }
      if (!(a instanceof long[] x)) {
        throw new InvalidArgumentException("sparse add is not defined on " + dtype);
      }
      long[] y = (long[]) b;
      long[] o = new long[n];
      for (int k = 0; k < n; k++) {
        o[k] = fromA[k] < 0 ? y[fromB[k]] : fromB[k] < 0 ? x[fromA[k]] : x[fromA[k]] + y[fromB[k]];
      }
      return o;
    }
  }

  /**
   * {@code sparse_maximum} (TF's {@code SparseSparseMaximum}): the union of both operands'
   * entries, merged in one pass assuming row-major order as TF does; an entry of one operand
   * alone meets an implicit 0: {@code maximum(a, 0)} or {@code maximum(0, b)}.
   */
  public static SparseTensor maximum(SparseTensor a, SparseTensor b) {
    return union(a, b, true);
  }

  /** {@code sparse_minimum} (TF's {@code SparseSparseMinimum}): as {@link #maximum}, with minimum. */
  public static SparseTensor minimum(SparseTensor a, SparseTensor b) {
    return union(a, b, false);
  }

  private static SparseTensor union(SparseTensor a, SparseTensor b, boolean max) {
    checkSameShape(a, b);
    long[] shape = a.denseShapeArray();
    int ndims = shape.length;
    long[] ai = (long[]) a.indices().unsafeData();
    long[] bi = (long[]) b.indices().unsafeData();
    int na = a.nnz();
    int nb = b.nnz();
    long[] idx = new long[Sizes.toIntSize(((long) na + nb) * ndims, "the result's indices")];
    int[] fromA = new int[na + nb];
    int[] fromB = new int[na + nb];
    int n = 0;
    int i = 0;
    int j = 0;
    while (i < na || j < nb) {
      int c = i == na ? 1 : j == nb ? -1 : SparseEntries.compareRows(ai, i, bi, j, ndims);
      fromA[n] = c <= 0 ? i : -1;
      fromB[n] = c >= 0 ? j : -1;
      System.arraycopy(c <= 0 ? ai : bi, (c <= 0 ? i : j) * ndims, idx, n * ndims, ndims);
      i += c <= 0 ? 1 : 0;
      j += c >= 0 ? 1 : 0;
      n++;
    }
    Object av = a.values().unsafeData();
    Object bv = b.values().unsafeData();
    Object out = java.lang.reflect.Array.newInstance(av.getClass().getComponentType(), n);
    for (int k = 0; k < n; k++) {
      if (out instanceof float[] o) {
        float x = fromA[k] < 0 ? 0f : ((float[]) av)[fromA[k]];
        float y = fromB[k] < 0 ? 0f : ((float[]) bv)[fromB[k]];
        o[k] = max ? ScalarFunctions.maximum(x, y) : ScalarFunctions.minimum(x, y);
      } else if (out instanceof double[] o) {
        double x = fromA[k] < 0 ? 0d : ((double[]) av)[fromA[k]];
        double y = fromB[k] < 0 ? 0d : ((double[]) bv)[fromB[k]];
        o[k] = max ? ScalarFunctions.maximum(x, y) : ScalarFunctions.minimum(x, y);
      } else {
        long x = fromA[k] < 0 ? 0 : java.lang.reflect.Array.getLong(av, fromA[k]);
        long y = fromB[k] < 0 ? 0 : java.lang.reflect.Array.getLong(bv, fromB[k]);
        long r = max ? Math.max(x, y) : Math.min(x, y);
        if (out instanceof byte[] o) {
          o[k] = (byte) r;
        } else if (out instanceof short[] o) {
          o[k] = (short) r;
        } else if (out instanceof int[] o) {
          o[k] = (int) r;
        } else {
          ((long[]) out)[k] = r;
        }
      }
    }
    return SparseEntries.build(java.util.Arrays.copyOf(idx, n * ndims), n, ndims, a.dtype(), out, shape);
  }

  private static void checkSameShape(SparseTensor a, SparseTensor b) {
    if (a.dtype() != b.dtype()) {
      throw new InvalidArgumentException("operands must have one dtype, got " + a.dtype() + " and " + b.dtype());
    }
    long[] shape = a.denseShapeArray();
    long[] bShape = b.denseShapeArray();
    if (shape.length != bShape.length) {
      throw new InvalidArgumentException("Operands do not have the same ranks; got shapes: " + Arrays.toString(shape)
          + " and " + Arrays.toString(bShape));
    }
    for (int d = 0; d < shape.length; d++) {
      if (shape[d] != bShape[d]) {
        throw new InvalidArgumentException("Operands' shapes do not match: got " + shape[d] + " and " + bShape[d]
            + " for dimension " + d);
      }
    }
  }

  /**
   * {@code sparse_dense_add}: the dense operand with each stored value added at its index (TF's
   * {@code SparseTensorDenseAdd}): the shapes must be equal (no broadcasting), every index in
   * range; a repeated index adds each of its values.
   */
  public static Tensor denseAdd(SparseTensor a, Tensor b) {
    if (a.dtype() != b.dtype()) {
      throw new InvalidArgumentException("operands must have one dtype, got " + a.dtype() + " and " + b.dtype());
    }
    long[] shape = a.denseShapeArray();
    int[] dense = b.shape();
    if (shape.length != dense.length) {
      throw new InvalidArgumentException("Two operands have different ranks; received: " + shape.length + " and "
          + dense.length);
    }
    for (int d = 0; d < dense.length; d++) {
      if (shape[d] != dense[d]) {
        throw new InvalidArgumentException("Dimension " + d + " does not equal (no broadcasting is supported): sparse side "
            + shape[d] + " vs dense side " + dense[d]);
      }
    }
    int ndims = shape.length;
    long[] idx = (long[]) a.indices().unsafeData();
    int[] strides = Broadcast.strides(dense);
    Object out = copy(b.unsafeData());
    Object v = a.values().unsafeData();
    for (int i = 0; i < a.nnz(); i++) {
      SparseEntries.checkInBounds(idx, i, shape, "");
      int pos = 0;
      for (int d = 0; d < ndims; d++) {
        pos += (int) idx[i * ndims + d] * strides[d];
      }
      if (out instanceof float[] o) {
        o[pos] += ((float[]) v)[i];
      } else if (out instanceof double[] o) {
        o[pos] += ((double[]) v)[i];
      } else if (out instanceof byte[] o) {
        o[pos] += ((byte[]) v)[i];
      } else if (out instanceof short[] o) {
        o[pos] += ((short[]) v)[i];
      } else if (out instanceof int[] o) {
        o[pos] += ((int[]) v)[i];
      } else if (out instanceof long[] o) {
        o[pos] += ((long[]) v)[i];
      } else if (out instanceof Complex64[] o) {
        o[pos] = ComplexFunctions.add(o[pos], ((Complex64[]) v)[i]);
      } else if (out instanceof Complex128[] o) {
        o[pos] = ComplexFunctions.add(o[pos], ((Complex128[]) v)[i]);
      } else {
        throw new InvalidArgumentException("sparse add is not defined on " + a.dtype());
      }
    }
    return Tensor.wrap(b.dtype(), dense, out);
  }

  private static Object copy(Object array) {
    int n = java.lang.reflect.Array.getLength(array);
    Object out = java.lang.reflect.Array.newInstance(array.getClass().getComponentType(), n);
    System.arraycopy(array, 0, out, 0, n);
    return out;
  }
}
