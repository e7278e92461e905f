package dev.tatter.runtime.kernels.sparse;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.conversion.ConversionKernels;
import dev.tatter.runtime.kernels.elementwise.Broadcast;
import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.stream.IntStream;

/** Kernels of the sparse tensor ops (TF's {@code tf.sparse} and {@code SparseTensor} methods). */
public final class SparseKernels {
  private SparseKernels() {}

  /** {@code sparse_tensor(indices, values, dense_shape) {shape}}: builds one; checks the static shape's known dims. */
  public static SparseTensor sparseTensor(Tensor indices, Tensor values, Tensor denseShape, long[] shape) {
    SparseTensor st = SparseTensor.of(indices, values, denseShape);
    return setShape(st, shape);
  }

  /** {@code sparse_set_shape {shape}}: {@code st}, after checking its dense shape fits {@code shape} (-1 = any). */
  public static SparseTensor setShape(SparseTensor st, long[] shape) {
    if (shape.length == 0) {
      return st;
    }
    long[] actual = ((long[]) st.denseShape().unsafeData());
    boolean ok = actual.length == shape.length;
    for (int d = 0; ok && d < shape.length; d++) {
      ok = shape[d] < 0 || shape[d] == actual[d];
    }
    if (!ok) {
      throw new InvalidArgumentException("Tensor's shape " + tfShape(actual) + " is not compatible with supplied shape "
          + Arrays.toString(shape).replace("-1", "None"));
    }
    return st;
  }

  static String tfShape(long[] shape) {
    String inner = String.join(", ", Arrays.stream(shape).mapToObj(Long::toString).toList());
    return "(" + inner + (shape.length == 1 ? ",)" : ")");
  }

  /** {@code sparse_reorder}: the same entries, indices in row-major order (stable for duplicates). */
  public static SparseTensor reorder(SparseTensor st) {
    int n = st.nnz();
    int ndims = st.rank();
    long[] idx = ((long[]) st.indices().unsafeData());
    Integer[] order = IntStream.range(0, n).boxed().toArray(Integer[]::new);
    Arrays.sort(order, Comparator.comparing(i -> i, (a, b) -> Arrays.compare(idx, a * ndims, a * ndims + ndims, idx, b * ndims, b * ndims + ndims)));
    long[] outIdx = new long[idx.length];
    Object values = st.values().unsafeData();
    Object outValues = st.dtype().layout().newArray(n);
    for (int i = 0; i < n; i++) {
      System.arraycopy(idx, order[i] * ndims, outIdx, i * ndims, ndims);
      st.dtype().layout().copy(values, order[i], outValues, i, 1);
    }
    return SparseTensor.of(Tensor.wrap(DType.INT64, new int[] {n, ndims}, outIdx),
        Tensor.wrap(st.dtype(), new int[] {n}, outValues), st.denseShape());
  }

  /** {@code sparse_with_values}: the same indices and shape with new values (N of them, any dtype). */
  public static SparseTensor withValues(SparseTensor st, Tensor values) {
    if (values.rank() != 1 || values.dim(0) != st.nnz()) {
      throw new InvalidArgumentException("new values must be a vector of " + st.nnz() + " elements, got shape "
          + Arrays.toString(values.shape()));
    }
    return SparseTensor.of(st.indices(), values, st.denseShape());
  }

  /**
   * {@code sparse_to_dense {validate_indices}}: {@code default_value} everywhere but at the indices,
   * as TF's {@code SparseToDense}. With {@code validateIndices} the indices must be in row-major
   * order without repeats, each entry checked against the previous one in TF's order (bounds,
   * order, repeat) with TF's messages; without, any order is taken and a repeated index keeps the
   * last value written. An index out of range is an error either way. The size is checked before
   * allocating.
   */
  public static Tensor toDense(SparseTensor st, Tensor defaultValue, boolean validateIndices) {
    if (defaultValue.rank() != 0 || defaultValue.dtype() != st.dtype()) {
      throw new InvalidArgumentException("default_value must be a " + st.dtype() + " scalar, got "
          + defaultValue.dtype() + " of rank " + defaultValue.rank());
    }
    long[] shape = ((long[]) st.denseShape().unsafeData());
    int count = Sizes.elementCount(shape);
    int ndims = shape.length;
    int[] outShape = Sizes.toIntShape(shape);
    long[] idx = ((long[]) st.indices().unsafeData());
    if (validateIndices) {
      checkOrdered(idx, st.nnz(), shape);
    }
    Object out = st.dtype().layout().newArray(count);
    if (!ConversionKernels.isZero(defaultValue)) {
      st.dtype().layout().fill(out, 0, count, defaultValue.unsafeData(), 0);
    }
    Object values = st.values().unsafeData();
    for (int i = 0; i < st.nnz(); i++) {
      long pos = 0;
      for (int d = 0; d < ndims; d++) {
        long c = idx[i * ndims + d];
        if (c < 0 || c >= shape[d]) {
          throw new InvalidArgumentException("Indices are not valid (out of bounds).  Shape: " + tfList(shape)
              + " (indices[" + i + "] = " + tfIndex(idx, i, ndims) + ")");
        }
        pos = pos * shape[d] + c;
      }
      st.dtype().layout().copy(values, i, out, (int) pos, 1);
    }
    return Tensor.wrap(st.dtype(), outShape, out);
  }

  /** TF's {@code SparseTensor::IndicesValid} in standard order: in bounds, strictly increasing. */
  private static void checkOrdered(long[] idx, int n, long[] shape) {
    int ndims = shape.length;
    for (int i = 0; i < n; i++) {
      boolean valid = true;
      for (int d = 0; d < ndims; d++) {
        long c = idx[i * ndims + d];
        valid &= c >= 0 && c < shape[d];
      }
      if (!valid) {
        throw new InvalidArgumentException(tfIndex(idx, i, ndims, "indices[" + i + "] = ")
            + " is out of bounds: need 0 <= index < " + tfList(shape));
      }
      if (i == 0) {
        continue;
      }
      int cmp = Arrays.compare(idx, (i - 1) * ndims, i * ndims, idx, i * ndims, (i + 1) * ndims);
      if (cmp > 0) {
        throw new InvalidArgumentException(tfIndex(idx, i, ndims, "indices[" + i + "] = ")
            + " is out of order. Many sparse ops require sorted indices. Use `tf.sparse.reorder` to create a correctly ordered copy.");
      }
      if (cmp == 0) {
        throw new InvalidArgumentException(tfIndex(idx, i, ndims, "indices[" + i + "] = ") + " is repeated");
      }
    }
  }

  /** An index as TF writes it in these messages: {@code [0,1]}. */
  private static String tfIndex(long[] idx, int i, int ndims) {
    return tfList(Arrays.copyOfRange(idx, i * ndims, i * ndims + ndims));
  }

  private static String tfIndex(long[] idx, int i, int ndims, String prefix) {
    return prefix + tfIndex(idx, i, ndims);
  }

  private static String tfList(long[] values) {
    return "[" + String.join(",", Arrays.stream(values).mapToObj(Long::toString).toList()) + "]";
  }

  /** Row-major position of entry {@code i} in {@code shape}; throws naming it if out of range. */
  private static int flatPosition(long[] idx, int i, long[] shape, String what) {
    int ndims = shape.length;
    long pos = 0;
    for (int d = 0; d < ndims; d++) {
      long c = idx[i * ndims + d];
      if (c < 0 || c >= shape[d]) {
        throw new InvalidArgumentException("indices[" + i + "]=" + index(idx, i, ndims) + " is out of bounds for "
            + what + " " + Arrays.toString(shape) + (c < 0 ? " (negative)" : ""));
      }
      pos = pos * shape[d] + c;
    }
    return (int) pos;
  }

  static String index(long[] idx, int i, int ndims) {
    return Arrays.toString(Arrays.copyOfRange(idx, i * ndims, i * ndims + ndims));
  }

  /** {@code sparse_from_dense}: the entries that are not zero (false, ""), in row-major order; NaN is kept. */
  public static SparseTensor fromDense(Tensor t) {
    if (t.rank() == 0) {
      throw new InvalidArgumentException("from_dense needs a tensor of rank >= 1, got a scalar");
    }
    int[] shape = t.shape();
    int n = t.size();
    BitSet nonzero = new BitSet(n);
    Object data = t.unsafeData();
    for (int i = 0; i < n; i++) {
      boolean nz = !t.dtype().layout().isZero(data, i); // NaN is not zero, so it is kept
      if (nz) {
        nonzero.set(i);
      }
    }
    int nnz = nonzero.cardinality();
    long[] idx = new long[Sizes.elementCount(new long[] {nnz, shape.length})];
    Object values = t.dtype().layout().newArray(nnz);
    int k = 0;
    for (int i = nonzero.nextSetBit(0); i >= 0; i = nonzero.nextSetBit(i + 1)) {
      int rest = i;
      for (int d = shape.length - 1; d >= 0; d--) {
        idx[k * shape.length + d] = rest % shape[d];
        rest /= shape[d];
      }
      t.dtype().layout().copy(data, i, values, k, 1);
      k++;
    }
    long[] denseShape = Arrays.stream(shape).mapToLong(d -> d).toArray();
    return SparseTensor.of(Tensor.wrap(DType.INT64, new int[] {nnz, shape.length}, idx),
        Tensor.wrap(t.dtype(), new int[] {nnz}, values), Tensor.ofLongs(denseShape));
  }

  /** {@code sparse_dense_mul}: each stored value times the dense value at its index; implicit zeros stay zero. */
  public static SparseTensor mulDense(SparseTensor st, Tensor dense) {
    return binaryDense(st, dense, Arithmetic.MUL);
  }

  /**
   * {@code sparse_dense_cwise_add} (TF's {@code SparseDenseCwiseAdd}): each stored value plus the dense
   * value at its index; the result keeps st's indices, so implicit zeros stay implicit (not
   * {@code tf.sparse.add}'s dense sum).
   */
  public static SparseTensor addDense(SparseTensor st, Tensor dense) {
    return binaryDense(st, dense, Arithmetic.ADD);
  }

  /** The operation of a sparse-dense kernel (TF's functor of SparseDenseCwise{Mul, Div, Add}). */
  private enum Arithmetic {
    MUL("multiplication"), DIV("division"), ADD("addition");

    final String noun;

    Arithmetic(String noun) {
      this.noun = noun;
    }

    float apply(float x, float y) {
      return this == MUL ? x * y : this == DIV ? x / y : x + y;
    }

    double apply(double x, double y) {
      return this == MUL ? x * y : this == DIV ? x / y : x + y;
    }

    long apply(long x, long y, boolean unsigned) {
      return switch (this) {
        case MUL -> x * y;
        // y != 0: divDense refused every zero divisor at a stored entry first
        case DIV -> unsigned ? Long.divideUnsigned(x, y) : x / y;
        case ADD -> x + y;
      };
    }
  }

  /**
   * {@code sparse_dense_div}: each stored value divided by the dense value at its index (integers
   * truncate); a zero divisor at a stored entry is an error for every dtype, as in TF.
   */
  public static SparseTensor divDense(SparseTensor st, Tensor dense) {
    SparseDenseDivision.checkNoZeroDivisor(st, dense);
    return binaryDense(st, dense, Arithmetic.DIV);
  }

  private static SparseTensor binaryDense(SparseTensor st, Tensor dense, Arithmetic op) {
    if (dense.dtype() != st.dtype()) {
      throw new InvalidArgumentException("the dense operand must be " + st.dtype() + ", got " + dense.dtype());
    }
    if (!st.dtype().isNumeric()) {
      throw new InvalidArgumentException(op.noun + " is not defined on " + st.dtype());
    }
    long[] shape = ((long[]) st.denseShape().unsafeData());
    int[] dshape = dense.shape();
    int ndims = shape.length;
    int offset = ndims - dshape.length;
    boolean fits = offset >= 0;
    for (int d = 0; fits && d < dshape.length; d++) {
      // TF's check: the dense dim equals the sparse one, or is 1 against a sparse dim of at least 1
      fits = dshape[d] == shape[offset + d] || (dshape[d] == 1 && shape[offset + d] >= 1);
    }
    if (!fits) {
      throw new InvalidArgumentException("cannot broadcast the dense shape " + Arrays.toString(dshape)
          + " into the sparse tensor's shape " + Arrays.toString(shape)
          + " (the dense operand is broadcast into the sparse one only)");
    }
    int[] strides = Broadcast.strides(dshape);
    long[] idx = ((long[]) st.indices().unsafeData());
    int n = st.nnz();
    Object a = st.values().unsafeData();
    Object b = dense.unsafeData();
    // by dtype, not by array class: a dtype of two lanes may store them in a float[] too
    if (op != Arithmetic.ADD && (st.dtype() == DType.FLOAT32 || st.dtype() == DType.FLOAT64)) {
      boolean divide = op == Arithmetic.DIV;
      // float32/float64: one specialised loop per call (SparseDenseLoops), same checks and messages
      int[] bstrides = SparseDenseLoops.broadcastStrides(ndims, dshape);
      SparseDenseLoops.Check check = i -> {
        flatPosition(idx, i, shape, "dense_shape");
        return new IllegalStateException("indices[" + i + "] was reported out of range but is not");
      };
      Object out = st.dtype() == DType.FLOAT32
          ? SparseDenseLoops.floats(idx, shape, bstrides, (float[]) a, (float[]) b, divide, check)
          : SparseDenseLoops.doubles(idx, shape, bstrides, (double[]) a, (double[]) b, divide, check);
      return SparseTensor.of(st.indices(), Tensor.wrap(st.dtype(), new int[] {n}, out), st.denseShape());
    }
    Object out = Array.newInstance(a.getClass().getComponentType(), n);
    for (int i = 0; i < n; i++) {
      flatPosition(idx, i, shape, "dense_shape");
      int pos = 0;
      for (int d = 0; d < dshape.length; d++) {
        pos += dshape[d] == 1 ? 0 : (int) idx[i * ndims + offset + d] * strides[d];
      }
      switch (st.dtype()) {
        case FLOAT32 -> ((float[]) out)[i] = op.apply(((float[]) a)[i], ((float[]) b)[pos]);
        case FLOAT64 -> ((double[]) out)[i] = op.apply(((double[]) a)[i], ((double[]) b)[pos]);
        case FLOAT16, BFLOAT16 -> { // in float, rounded when stored, as half arithmetic does
          float x = (Float) st.values().get(i);
          float y = (Float) dense.get(pos);
          st.dtype().layout().set(out, i, op.apply(x, y));
        }
        case INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64 -> {
          // integers as their compute type holds them: unsigned zero-extended, uint64 as raw bits
          long x = ((Number) st.dtype().layout().get(a, i)).longValue();
          long y = ((Number) dense.dtype().layout().get(b, pos)).longValue();
          long r = op.apply(x, y, st.dtype().isUnsigned());
          dev.tatter.runtime.Scalars.store(st.dtype(), out, i, r); // narrowed to the dtype, wrapping
        }
        default -> throw new IllegalStateException("refused above: " + st.dtype());
      }
    }
    return SparseTensor.of(st.indices(), Tensor.wrap(st.dtype(), new int[] {n}, out), st.denseShape());
  }
}
