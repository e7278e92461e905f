package dev.tatter.frontend;

import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;

/**
 * The methods of {@link Value} for sparse tensors, and the graph queries (consumers, eval).
 * Value's methods are split by family into a chain of package-private classes (ValueStructure,
 * ValueElementwise, ValueMath, ValueReductions, ValueConversions, ValueSparse, then Value) so that
 * a reader finds a method by its family; users see every one of them on {@code Value}, which
 * javadoc documents as its own.
 */
@BuilderApi
abstract class ValueSparse extends ValueConversions {
  // ---- sparse ----

  /** TF's {@code tf.sparse.to_dense(st)}: zero (false, "") where no value is stored. */
  public Value toDense() {
    return Sparse.toDense(self(), zeroOf(self().dtype()));
  }

  /**
   * TF's {@code tf.sparse.to_dense(st, default_value)} (validate_indices=True): out-of-range,
   * unordered and repeated indices fail at run time.
   */
  public Value toDense(Object defaultValue) {
    return Sparse.toDense(self(), defaultValue);
  }

  /**
   * TF's {@code tf.sparse.to_dense(st, default_value, validate_indices)}: without validation
   * indices may come in any order and the last of repeated ones wins; out of range still fails.
   */
  public Value toDense(Object defaultValue, boolean validateIndices) {
    return Sparse.toDense(self(), defaultValue, validateIndices);
  }

  /** TF's {@code tf.sparse.softmax(st)}: softmax over each row's stored values (float32/float64, rank >= 2). */
  public Value sparseSoftmax() {
    return SparseManipulation.softmax(self());
  }

  /** TF's {@code tf.sparse.to_indicator(st, vocab_size)}: a dense bool tensor marking each row's stored ids. */
  public Value sparseToIndicator(long vocabSize) {
    return SparseManipulation.toIndicator(self(), vocabSize);
  }

  /**
   * TF's {@code tf.sparse.bincount(values, weights, axis, minlength, maxlength, binary_output)} of
   * this sparse, dense or ragged tensor: a sparse result; {@code weights} null or of this value's
   * kind (sparse with its indices, dense of its shape, ragged with its row splits); {@code axis} 0 or -1.
   */
  public Value sparseBincount(Value weights, int axis, Long minlength, Long maxlength, boolean binaryOutput) {
    return SparseManipulation.bincount(self(), weights, axis, minlength, maxlength, binaryOutput);
  }

  /** TF's {@code tf.sparse.reorder(st)}: indices in row-major order. */
  public Value reorder() {
    return Sparse.reorder(self());
  }

  /**
   * TF's {@code st.set_shape(shape)} ({@code -1} for None): the same sparse tensor with its static
   * shape merged with {@code shape}; an incompatible shape fails at once naming both. Values are
   * immutable, so this returns the merged value rather than changing this one.
   */
  public Value setShape(long... shape) {
    return Sparse.setShape(self(), shape);
  }

  /** TF's {@code get_shape()}: the static shape, {@code (3, 4)}; the same as {@link Value#shape() shape()}. */
  public String getShape() {
    return self().shape();
  }

  /** {@code sparse * dense}, the dense operand broadcast into the sparse one; implicit zeros stay zero. */
  public Value sparseMul(Value dense) {
    return Sparse.binary(self(), dense, false);
  }

  /** {@code sparse / dense}, the dense operand broadcast into the sparse one; implicit zeros stay zero. */
  public Value sparseDiv(Value dense) {
    return Sparse.binary(self(), dense, true);
  }

  /** TF's {@code tf.sparse.sparse_dense_matmul(sp_a, b)}: this 2-D sparse tensor times the dense matrix {@code b}. */
  public Value sparseDenseMatmul(Value b) {
    return sparseDenseMatmul(b, false, false);
  }

  /**
   * TF's {@code tf.sparse.sparse_dense_matmul(sp_a, b, adjoint_a, adjoint_b)}: {@code adjointA}
   * transposes this sparse operand, {@code adjointB} the dense one, before multiplying.
   */
  public Value sparseDenseMatmul(Value b, boolean adjointA, boolean adjointB) {
    return builder().op(dev.tatter.ir.ops.SparseMatmulOps.SPARSE_DENSE_MATMUL,
        Map.of("adjoint_a", adjointA, "adjoint_b", adjointB), self(), b);
  }

  /**
   * TF's {@code tf.sparse.add(a, b)}: sparse + sparse is sparse (indices assumed in row-major
   * order, as TF assumes), sparse + dense of the same shape is dense (as in TF, {@code +} itself
   * is not defined on a sparse tensor).
   */
  public Value sparseAdd(Value other) {
    return SparseManipulation.add(self(), other, 0);
  }

  /** TF's {@code tf.sparse.add(a, b, threshold)}: where both store a value, the sum is kept only if {@code threshold <= |sum|}. */
  public Value sparseAdd(Value other, double threshold) {
    return SparseManipulation.add(self(), other, threshold);
  }

  /** TF's {@code tf.sparse.maximum(a, b)}: over the union of both sparse operands' entries, a missing side being 0. */
  public Value sparseMaximum(Value other) {
    return builder().op(dev.tatter.ir.ops.SparseAddOps.MAXIMUM, Map.of(), self(), other);
  }

  /** TF's {@code tf.sparse.minimum(a, b)}: over the union of both sparse operands' entries, a missing side being 0. */
  public Value sparseMinimum(Value other) {
    return builder().op(dev.tatter.ir.ops.SparseAddOps.MINIMUM, Map.of(), self(), other);
  }

  /** TF's {@code tf.sparse.slice(sp, start, size)}: the entries in {@code [start, start + size)}, shifted by {@code start}. */
  public Value sparseSlice(long[] start, long[] size) {
    return SparseManipulation.slice(self(), start, size);
  }

  /** TF's {@code tf.sparse.reshape(sp, shape)}: one dim may be -1. */
  public Value sparseReshape(long... shape) {
    return SparseManipulation.reshape(self(), shape);
  }

  /** TF's {@code tf.sparse.transpose(sp)}: the dims reversed. */
  public Value sparseTranspose() {
    return SparseManipulation.transpose(self(), null);
  }

  /** TF's {@code tf.sparse.transpose(sp, perm)}: dim {@code d} of the result is dim {@code perm[d]}. */
  public Value sparseTranspose(long... perm) {
    return SparseManipulation.transpose(self(), perm);
  }

  /** TF's {@code tf.sparse.expand_dims(sp, axis)}. */
  public Value sparseExpandDims(long axis) {
    return SparseManipulation.expandDims(self(), axis);
  }

  /** TF's {@code tf.sparse.reset_shape(sp)}: the tight bounding shape of the indices. */
  public Value sparseResetShape() {
    return SparseManipulation.resetShape(self(), null);
  }

  /** TF's {@code tf.sparse.reset_shape(sp, new_shape)}: the same rank, no dim smaller than now. */
  public Value sparseResetShape(long[] newShape) {
    return SparseManipulation.resetShape(self(), newShape);
  }

  /** TF's {@code tf.sparse.reduce_sum(sp)}: the sum of the stored values, a dense scalar. */
  public Value sparseReduceSum() {
    return SparseManipulation.reduce(self(), false, null, false, false);
  }

  /** TF's {@code tf.sparse.reduce_sum(sp, axis, keepdims)}, dense; {@code axis} null is every axis. */
  public Value sparseReduceSum(long[] axis, boolean keepdims) {
    return SparseManipulation.reduce(self(), false, axis, keepdims, false);
  }

  /** TF's {@code tf.sparse.reduce_sum(sp, axis, keepdims, output_is_sparse=True)}. */
  public Value sparseReduceSumSparse(long[] axis, boolean keepdims) {
    return SparseManipulation.reduce(self(), false, axis, keepdims, true);
  }

  /** TF's {@code tf.sparse.reduce_max(sp)}: the largest stored value (0 if none), a dense scalar. */
  public Value sparseReduceMax() {
    return SparseManipulation.reduce(self(), true, null, false, false);
  }

  /** TF's {@code tf.sparse.reduce_max(sp, axis, keepdims)}, dense; positions without stored values are 0. */
  public Value sparseReduceMax(long[] axis, boolean keepdims) {
    return SparseManipulation.reduce(self(), true, axis, keepdims, false);
  }

  /** TF's {@code tf.sparse.reduce_max(sp, axis, keepdims, output_is_sparse=True)}. */
  public Value sparseReduceMaxSparse(long[] axis, boolean keepdims) {
    return SparseManipulation.reduce(self(), true, axis, keepdims, true);
  }

  /** TF's {@code st.indices}: int64 {@code [N, ndims]}. */
  public Value indices() {
    Sparse.type(self());
    return op(dev.tatter.ir.ops.SparseSelectOps.INDICES);
  }

  /** TF's {@code st.dense_shape}: int64 {@code [ndims]}. */
  public Value denseShape() {
    Sparse.type(self());
    return op(dev.tatter.ir.ops.SparseSelectOps.DENSE_SHAPE);
  }

  /** TF's {@code tf.sparse.retain(sp, to_retain)}: the entries where the bool vector is true. */
  public Value sparseRetain(Value toRetain) {
    return SparseManipulation.retain(self(), toRetain);
  }

  /** TF's {@code tf.sparse.fill_empty_rows(sp, default_value)}: {@code [the filled tensor, empty_row_indicator]}. */
  public List<Value> sparseFillEmptyRows(Object defaultValue) {
    return SparseManipulation.fillEmptyRows(self(), defaultValue);
  }

  /** TF's {@code tf.sparse.split(sp, num_split, axis)}: the pieces, in order. */
  public List<Value> sparseSplit(long numSplit, long axis) {
    return SparseManipulation.split(self(), numSplit, axis);
  }

  /** TF's {@code tf.sparse.map_values(fn, sp)}: {@code fn} applied to the stored values, indices unchanged. */
  public Value sparseMapValues(java.util.function.UnaryOperator<Value> fn) {
    return SparseManipulation.mapValues(self(), fn);
  }

  /** TF's {@code consumers()}: the values built so far that take this one as an input, in graph order. */
  public List<Value> consumers() {
    return Sparse.consumers(self());
  }

  /**
   * TF's {@code eval(feed_dict, session)}: runs {@code session} (whose graph holds this value) and
   * returns this value (a Tensor, RaggedTensor, SparseTensor or RowPartition).
   */
  public Object eval(Map<String, ?> feeds, Session session) {
    return session.run(feeds, self()).get(0);
  }
}
