package dev.tatter.runtime;

import static com.google.common.base.Preconditions.checkNotNull;

import java.util.Arrays;

/**
 * A sparse tensor as TF holds it ({@code tf.sparse.SparseTensor}): {@code indices}, an int64
 * matrix {@code [N, ndims]} naming the positions of the {@code N} stored values; {@code values},
 * a vector {@code [N]}; and {@code dense_shape}, an int64 vector {@code [ndims]}. The dense
 * tensor it stands for holds {@code values[i]} at {@code indices[i]} and zero elsewhere.
 *
 * <p>Construction checks the three parts fit together (ranks, dtypes, N, ndims, no negative
 * dims) but, as in TF, neither the row-major order of the indices nor their range: the ops that
 * rely on them check them ({@code to_dense}) or fix them ({@code reorder}).
 *
 * <pre>{@code
 * // tf.sparse.SparseTensor(indices=[[0, 0], [1, 2]], values=[1.5, 2.5], dense_shape=[3, 4])
 * SparseTensor st = SparseTensor.of(new long[][] {{0, 0}, {1, 2}}, Tensor.ofFloats(1.5f, 2.5f), 3, 4);
 * }</pre>
 */
public final class SparseTensor {
  private final Tensor indices;
  private final Tensor values;
  private final Tensor denseShape;

  private SparseTensor(Tensor indices, Tensor values, Tensor denseShape) {
    this.indices = indices;
    this.values = values;
    this.denseShape = denseShape;
  }

  /** TF's {@code SparseTensor(indices, values, dense_shape)}. */
  public static SparseTensor of(Tensor indices, Tensor values, Tensor denseShape) {
    checkNotNull(indices, "indices");
    checkNotNull(values, "values");
    checkNotNull(denseShape, "denseShape");
    if (indices.dtype() != DType.INT64 || indices.rank() != 2) {
      throw new InvalidArgumentException("indices must be an int64 matrix [N, ndims], got "
          + indices.dtype() + " of shape " + Arrays.toString(indices.shape()));
    }
    if (values.rank() != 1) {
      throw new InvalidArgumentException("values must be a vector [N], got shape " + Arrays.toString(values.shape()));
    }
    if (denseShape.dtype() != DType.INT64 || denseShape.rank() != 1) {
      throw new InvalidArgumentException("dense_shape must be an int64 vector [ndims], got "
          + denseShape.dtype() + " of shape " + Arrays.toString(denseShape.shape()));
    }
    if (indices.dim(0) != values.dim(0)) {
      throw new InvalidArgumentException("indices has " + indices.dim(0) + " rows but values has "
          + values.dim(0) + " elements");
    }
    if (indices.dim(1) != denseShape.dim(0)) {
      throw new InvalidArgumentException("indices has " + indices.dim(1) + " columns but dense_shape has "
          + denseShape.dim(0) + " dims");
    }
    long[] shape = (long[]) denseShape.unsafeData();
    for (int d = 0; d < shape.length; d++) {
      if (shape[d] < 0) {
        throw new InvalidArgumentException("dense_shape[" + d + "]=" + shape[d] + " is negative");
      }
    }
    return new SparseTensor(indices, values, denseShape);
  }

  /** A sparse tensor from Java arrays: {@code indices[i]} is the position of {@code values[i]}. */
  public static SparseTensor of(long[][] indices, Tensor values, long... denseShape) {
    checkNotNull(indices, "indices");
    checkNotNull(values, "values");
    checkNotNull(denseShape, "denseShape");
    for (int i = 0; i < indices.length; i++) {
      checkNotNull(indices[i], "indices[%s] is null", i);
    }
    long[] flat = new long[indices.length * denseShape.length];
    for (int i = 0; i < indices.length; i++) {
      if (indices[i].length != denseShape.length) {
        throw new InvalidArgumentException("indices[" + i + "] has " + indices[i].length
            + " coordinates but dense_shape has " + denseShape.length + " dims");
      }
      System.arraycopy(indices[i], 0, flat, i * denseShape.length, denseShape.length);
    }
    return of(Tensor.wrap(DType.INT64, new int[] {indices.length, denseShape.length}, flat),
        values, Tensor.ofLongs(denseShape));
  }

  public Tensor indices() {
    return indices;
  }

  public Tensor values() {
    return values;
  }

  public Tensor denseShape() {
    return denseShape;
  }

  /** A copy of the dense shape (kernels read {@code denseShape().unsafeData()}). */
  public long[] denseShapeArray() {
    return ((long[]) denseShape.unsafeData()).clone();
  }

  /** A copy of the indices, row-major {@code [N * ndims]} (kernels read {@code indices().unsafeData()}). */
  public long[] indicesArray() {
    return ((long[]) indices.unsafeData()).clone();
  }

  /** The number of stored values, N. */
  public int nnz() {
    return values.dim(0);
  }

  public int rank() {
    return denseShape.dim(0);
  }

  public DType dtype() {
    return values.dtype();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SparseTensor s
        && s.indices.equals(indices) && s.values.equals(values) && s.denseShape.equals(denseShape);
  }

  @Override
  public int hashCode() {
    return (indices.hashCode() * 31 + values.hashCode()) * 31 + denseShape.hashCode();
  }

  /** As TF prints one, without the tensors' metadata: {@code SparseTensor(indices=[[0, 0]], values=[1], dense_shape=[3, 4])}. */
  @Override
  public String toString() {
    return "SparseTensor(indices=" + indices + ", values=" + values + ", dense_shape=" + denseShape + ")";
  }
}
