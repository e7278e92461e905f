package dev.tatter.runtime.kernels.sparse;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;

/**
 * The structural {@code tf.sparse} ops: {@code concat}, {@code slice}, {@code reshape},
 * {@code transpose}, {@code expand_dims} and {@code reset_shape}. Indices are read in place;
 * values are copied only where entries move or drop out.
 */
public final class SparseShapeKernels {
  private SparseShapeKernels() {}

  /**
   * {@code sparse_concat {axis, expand_nonconcat_dims}} (TF's {@code SparseConcat} of two
   * inputs): b's entries shifted by a's size along {@code axis}, then all entries in row-major
   * order (a stable sort, so TF's order wherever TF's is defined). Without expansion the other
   * dims must match; with it, each is the larger of the two.
   */
  public static SparseTensor concat(SparseTensor a, SparseTensor b, long axis, boolean expandNonconcatDims) {
    if (a.dtype() != b.dtype()) {
      throw new InvalidArgumentException("operands must have one dtype, got " + a.dtype() + " and " + b.dtype());
    }
    long[] as = a.denseShapeArray();
    long[] bs = b.denseShapeArray();
    int rank = as.length;
    if (axis < -rank || axis >= rank) {
      throw new InvalidArgumentException("Concat dimension must be in range [" + -rank + ", " + rank + "), got " + axis);
    }
    int concatDim = (int) (axis < 0 ? axis + rank : axis);
    if (bs.length != rank) {
      throw new InvalidArgumentException("Ranks of all input tensors must match: expected " + rank + " but got "
          + bs.length + " at position 1");
    }
    long[] shape = new long[rank];
    for (int d = 0; d < rank; d++) {
      if (d == concatDim) {
        if (as[d] > Long.MAX_VALUE - bs[d]) {
          throw new InvalidArgumentException("sparse concat: dimension " + d + " of the result, " + as[d] + " + " + bs[d]
              + ", overflows int64");
        }
        shape[d] = as[d] + bs[d];
      } else if (expandNonconcatDims) {
        shape[d] = Math.max(as[d], bs[d]);
      } else if (as[d] != bs[d]) {
        throw new InvalidArgumentException("Input shapes must match: expected " + as[d] + " for dimension " + d
            + " but got " + bs[d] + " at position 1");
      } else {
        shape[d] = as[d];
      }
    }
    int na = a.nnz();
    int n = Sizes.toIntSize((long) na + b.nnz(), "the result's number of entries");
    long[] idx = new long[Sizes.toIntSize((long) n * rank, "the result's indices")];
    long[] ai = a.indicesArray();
    long[] bi = b.indicesArray();
    System.arraycopy(ai, 0, idx, 0, ai.length);
    System.arraycopy(bi, 0, idx, ai.length, bi.length);
    for (int i = na; i < n; i++) {
      idx[i * rank + concatDim] += as[concatDim];
    }
    Object values = a.dtype().layout().newArray(n);
    a.dtype().layout().copy(a.values().unsafeData(), 0, values, 0, na);
    a.dtype().layout().copy(b.values().unsafeData(), 0, values, na, n - na);
    int[] order = SparseEntries.rowMajorOrder(idx, n, rank);
    return SparseEntries.build(SparseEntries.takeRows(idx, rank, order, n), n, rank, a.dtype(),
        SparseEntries.take(a.dtype(), values, order, n), shape);
  }

  /**
   * {@code sparse_slice {start, size}} (TF's {@code SparseSlice}): the entries with {@code start
   * <= index < start + size} in every dim, in their given order, shifted by {@code start}; each
   * output dim is {@code size} clipped to what the input has past {@code start}.
   */
  public static SparseTensor slice(SparseTensor st, long[] start, long[] size) {
    long[] shape = st.denseShapeArray();
    int rank = shape.length;
    if (start.length != rank) {
      throw new InvalidArgumentException("Expected start to be a vector of length " + rank + " but got length " + start.length);
    }
    if (size.length != rank) {
      throw new InvalidArgumentException("Expected size to be a vector of length " + rank + " but got length " + size.length);
    }
    long[] outShape = new long[rank];
    for (int d = 0; d < rank; d++) {
      if (start[d] < 0 || size[d] < 0) {
        throw new InvalidArgumentException("start " + Arrays.toString(start) + " and size " + Arrays.toString(size)
            + " must be non-negative (dimension " + d + ")");
      }
      outShape[d] = Math.max(0, Math.min(size[d], shape[d] - start[d]));
    }
    long[] idx = st.indicesArray();
    int n = st.nnz();
    int[] kept = new int[n];
    int count = 0;
    for (int i = 0; i < n; i++) {
      boolean hit = true;
      for (int d = 0; d < rank && hit; d++) {
        long c = idx[i * rank + d];
        hit = c >= start[d] && c - start[d] < size[d];
      }
      if (hit) {
        kept[count++] = i;
      }
    }
    long[] out = SparseEntries.takeRows(idx, rank, kept, count);
    for (int i = 0; i < count; i++) {
      for (int d = 0; d < rank; d++) {
        out[i * rank + d] -= start[d];
      }
    }
    return SparseEntries.build(out, count, rank, st.dtype(), SparseEntries.take(st.dtype(), st.values().unsafeData(), kept, count), outShape);
  }

  /**
   * {@code sparse_reshape {shape}} (TF's {@code SparseReshape}): the same values in the same
   * order, each index recomputed from its row-major position; one dim may be -1 (inferred).
   * Indices must lie in the input's shape (TF does not check, and computes garbage positions).
   */
  /** {@code sparse_reshape_dynamic}: {@link #reshape} to a shape computed at run time (TF's SparseReshape's checks). */
  public static SparseTensor reshapeDynamic(SparseTensor st, Tensor shape) {
    return reshape(st, vector(shape, "Target shape"));
  }

  /** {@code sparse_slice_dynamic}: {@link #slice} with start and size computed at run time. */
  public static SparseTensor sliceDynamic(SparseTensor st, Tensor start, Tensor size) {
    return slice(st, vector(start, "Input start"), vector(size, "Input size"));
  }

  private static long[] vector(Tensor t, String what) {
    if (t.rank() != 1) {
      throw new InvalidArgumentException(what + " should be a vector but received shape " + Arrays.toString(t.shape()));
    }
    long[] out = new long[t.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = t.getLong(i);
    }
    return out;
  }

  public static SparseTensor reshape(SparseTensor st, long[] target) {
    long[] shape = st.denseShapeArray();
    long denseSize = product(shape, "input_shape");
    long[] out = new long[target.length];
    long known = 1;
    int unknown = -1;
    for (int d = 0; d < target.length; d++) {
      if (target[d] == -1) {
        if (unknown != -1) {
          throw new InvalidArgumentException("only one output dimension may be -1, not both " + unknown + " and " + d);
        }
        unknown = d;
      } else if (target[d] < 0) {
        throw new InvalidArgumentException("size " + d + " must be non-negative, not " + target[d]);
      } else {
        known = saturatedProduct(known, target[d]);
        out[d] = target[d];
      }
    }
    if (unknown != -1) {
      if (known == 0) {
        throw new InvalidArgumentException("reshape cannot infer the missing input size for an empty tensor unless all "
            + "specified input sizes are non-zero");
      }
      long missing = denseSize / known;
      if (missing * known != denseSize) {
        throw new InvalidArgumentException("Input to reshape is a SparseTensor with " + denseSize
            + " dense values, but the requested shape requires a multiple of " + known + ". input_shape="
            + Arrays.toString(shape) + " output_shape=" + Arrays.toString(target).replace("-1", "?"));
      }
      out[unknown] = missing;
      known = denseSize;
    }
    if (known != denseSize) {
      throw new InvalidArgumentException("Input to reshape is a tensor with " + denseSize
          + " dense values, but the requested shape has " + (known == Long.MAX_VALUE ? "more than 2^63 - 1" : known)
          + ". input_shape=" + Arrays.toString(shape) + " output_shape=" + Arrays.toString(out));
    }
    int n = st.nnz();
    long[] idx = st.indicesArray();
    int inRank = shape.length;
    int outRank = out.length;
    long[] result = new long[Sizes.toIntSize((long) n * outRank, "the result's indices")];
    for (int i = 0; i < n; i++) {
      SparseEntries.checkInBounds(idx, i, shape, "");
      long id = 0;
      for (int d = 0; d < inRank; d++) {
        id = id * shape[d] + idx[i * inRank + d];
      }
      for (int d = outRank - 1; d >= 0; d--) {
        result[i * outRank + d] = id % out[d];
        id /= out[d];
      }
    }
    return SparseTensor.of(Tensor.wrap(DType.INT64, new int[] {n, outRank}, result),
        st.values(), Tensor.ofLongs(out));
  }

  private static long saturatedProduct(long a, long b) {
    try {
      return Math.multiplyExact(a, b);
    } catch (ArithmeticException e) {
      return Long.MAX_VALUE;
    }
  }

  private static long product(long[] shape, String what) {
    long p = 1;
    for (long d : shape) {
      if (d != 0 && p > Long.MAX_VALUE / d) {
        throw new InvalidArgumentException(what + " " + Arrays.toString(shape) + " has more than 2^63 - 1 elements");
      }
      p *= d;
    }
    return p;
  }

  /**
   * {@code sparse_transpose {perm}} ({@code tf.sparse.transpose}): dim {@code d} of the result
   * is dim {@code perm[d]} of the input; entries in row-major order of the result (TF reorders).
   */
  public static SparseTensor transpose(SparseTensor st, long[] perm) {
    long[] shape = st.denseShapeArray();
    int rank = shape.length;
    checkPermutation(perm, rank);
    long[] outShape = new long[rank];
    for (int d = 0; d < rank; d++) {
      outShape[d] = shape[(int) perm[d]];
    }
    int n = st.nnz();
    long[] idx = st.indicesArray();
    long[] moved = new long[idx.length];
    for (int i = 0; i < n; i++) {
      for (int d = 0; d < rank; d++) {
        moved[i * rank + d] = idx[i * rank + (int) perm[d]];
      }
    }
    int[] order = SparseEntries.rowMajorOrder(moved, n, rank);
    return SparseEntries.build(SparseEntries.takeRows(moved, rank, order, n), n, rank, st.dtype(),
        SparseEntries.take(st.dtype(), st.values().unsafeData(), order, n), outShape);
  }

  /** Throws unless {@code perm} holds each of {@code 0..rank-1} once. */
  public static void checkPermutation(long[] perm, int rank) {
    boolean[] seen = new boolean[rank];
    boolean ok = perm.length == rank;
    for (int d = 0; ok && d < rank; d++) {
      ok = perm[d] >= 0 && perm[d] < rank && !seen[(int) perm[d]];
      if (ok) {
        seen[(int) perm[d]] = true;
      }
    }
    if (!ok) {
      throw new InvalidArgumentException("perm " + Arrays.toString(perm) + " is not a permutation of the "
          + rank + " dims");
    }
  }

  /**
   * {@code sparse_expand_dims {axis}} ({@code tf.sparse.expand_dims}): a dim of size 1 inserted at
   * {@code axis} (in {@code [-rank-1, rank]}), every index 0 there; order is kept.
   */
  public static SparseTensor expandDims(SparseTensor st, long axis) {
    long[] shape = st.denseShapeArray();
    int rank = shape.length;
    if (axis < -rank - 1 || axis > rank) {
      throw new InvalidArgumentException("axis " + axis + " is out of range [" + (-rank - 1) + ", " + rank + "]");
    }
    int at = (int) (axis < 0 ? axis + rank + 1 : axis);
    long[] outShape = new long[rank + 1];
    for (int d = 0, s = 0; d <= rank; d++) {
      outShape[d] = d == at ? 1 : shape[s++];
    }
    int n = st.nnz();
    long[] idx = st.indicesArray();
    long[] out = new long[Sizes.toIntSize((long) n * (rank + 1), "the result's indices")];
    for (int i = 0; i < n; i++) {
      System.arraycopy(idx, i * rank, out, i * (rank + 1), at);
      System.arraycopy(idx, i * rank + at, out, i * (rank + 1) + at + 1, rank - at);
    }
    return SparseTensor.of(Tensor.wrap(DType.INT64, new int[] {n, rank + 1}, out),
        st.values(), Tensor.ofLongs(outShape));
  }

  /**
   * {@code sparse_reset_shape} ({@code tf.sparse.reset_shape(sp)}): the tight bounding shape, one
   * past the largest index in each dim (zero in every dim when nothing is stored).
   */
  public static SparseTensor resetShape(SparseTensor st) {
    int rank = st.rank();
    long[] shape = new long[rank];
    long[] idx = st.indicesArray();
    for (int i = 0; i < st.nnz(); i++) {
      for (int d = 0; d < rank; d++) {
        long c = idx[i * rank + d];
        if (c < 0) {
          throw new InvalidArgumentException("indices[" + i + "]=" + SparseKernels.index(idx, i, rank) + " is negative");
        }
        shape[d] = Math.max(shape[d], c + 1);
      }
    }
    return SparseTensor.of(st.indices(), st.values(), Tensor.ofLongs(shape));
  }

  /**
   * {@code sparse_reset_shape_to {shape}} ({@code tf.sparse.reset_shape(sp, new_shape)}): the same
   * entries in a dense shape of the same rank no smaller than the current one in any dim.
   */
  public static SparseTensor resetShapeTo(SparseTensor st, long[] newShape) {
    long[] shape = st.denseShapeArray();
    if (newShape.length != shape.length) {
      throw new InvalidArgumentException("new_shape " + Arrays.toString(newShape) + " has rank " + newShape.length
          + " but the sparse tensor has rank " + shape.length);
    }
    for (int d = 0; d < shape.length; d++) {
      if (newShape[d] < shape[d]) {
        throw new InvalidArgumentException("new_shape " + Arrays.toString(newShape) + " is smaller than the sparse tensor's shape "
            + Arrays.toString(shape) + " in dimension " + d);
      }
    }
    return SparseTensor.of(st.indices(), st.values(), Tensor.ofLongs(newShape.clone()));
  }
}
