package dev.tatter.frontend;

/**
 * The {@code tf.sparse} functions with TF's default arguments, as overloads over the lowerings in
 * {@link Sparse} and {@link SparseManipulation}; the one-op functions come from their ops'
 * definitions (see {@link Ops}).
 */
@BuilderApi
final class SparseFunctions {
  private SparseFunctions() {}

  /** TF's {@code tf.sparse.to_dense(sp_input)}: zero (false, "") where no value is stored. */
  @TfApi("tf.sparse.to_dense")
  static Value toDense(Value spInput) {
    return Sparse.toDense(spInput, Conversions.zeroOf(Sparse.type(spInput).dtype()), true);
  }

  /**
   * TF's {@code tf.sparse.to_dense(sp_input, default_value)} (validate_indices=True): out-of-range,
   * repeated and unordered indices fail at run time.
   */
  @TfApi("tf.sparse.to_dense")
  static Value toDense(Value spInput, Object defaultValue) {
    return Sparse.toDense(spInput, defaultValue, true);
  }

  /**
   * TF's {@code tf.sparse.to_dense(sp_input, default_value, validate_indices)}: without validation
   * the indices are trusted as TF trusts them (a repeated index's last value wins).
   */
  @TfApi("tf.sparse.to_dense")
  static Value toDense(Value spInput, Object defaultValue, boolean validateIndices) {
    return Sparse.toDense(spInput, defaultValue, validateIndices);
  }

  /**
   * TF's {@code tf.sparse.add(a, b)}: sparse + sparse is sparse (indices assumed in row-major
   * order, as TF's kernel assumes them); sparse + dense is dense.
   */
  @TfApi("tf.sparse.add")
  static Value add(Value a, Value b) {
    return SparseManipulation.add(a, b, 0);
  }

  /**
   * TF's {@code tf.sparse.add(a, b, threshold)}: where both store a value, the sum is kept only if
   * {@code threshold <= |sum|}.
   */
  @TfApi("tf.sparse.add")
  static Value add(Value a, Value b, double threshold) {
    return SparseManipulation.add(a, b, threshold);
  }

  /** TF's {@code tf.sparse.concat(axis, sp_inputs)}: the inputs' other dims must match. */
  @TfApi("tf.sparse.concat")
  static Value concat(GraphBuilder g, long axis, Value... spInputs) {
    return SparseManipulation.concat(g, axis, false, spInputs);
  }

  /** TF's {@code tf.sparse.concat(axis, sp_inputs, expand_nonconcat_dims)}: with it, each other dim is the largest. */
  @TfApi("tf.sparse.concat")
  static Value concat(GraphBuilder g, long axis, boolean expandNonconcatDims, Value... spInputs) {
    return SparseManipulation.concat(g, axis, expandNonconcatDims, spInputs);
  }

  /** TF's {@code tf.sparse.transpose(sp_input)}: the dims reversed. */
  @TfApi("tf.sparse.transpose")
  static Value transpose(Value spInput) {
    return SparseManipulation.transpose(spInput, null);
  }

  /** TF's {@code tf.sparse.transpose(sp_input, perm)}: dim {@code d} of the result is dim {@code perm[d]}. */
  @TfApi("tf.sparse.transpose")
  static Value transpose(Value spInput, long... perm) {
    return SparseManipulation.transpose(spInput, perm);
  }

  /** TF's {@code tf.sparse.reset_shape(sp_input)}: the tight bounding shape of the indices. */
  @TfApi("tf.sparse.reset_shape")
  static Value resetShape(Value spInput) {
    return SparseManipulation.resetShape(spInput, null);
  }

  /** TF's {@code tf.sparse.reset_shape(sp_input, new_shape)}: the same rank, no dim smaller than now. */
  @TfApi("tf.sparse.reset_shape")
  static Value resetShape(Value spInput, long[] newShape) {
    return SparseManipulation.resetShape(spInput, newShape);
  }

  /** TF's {@code tf.sparse.reduce_sum(sp_input)}: the sum of the stored values, a dense scalar. */
  @TfApi("tf.sparse.reduce_sum")
  static Value reduceSum(Value spInput) {
    return SparseManipulation.reduce(spInput, false, null, false, false);
  }

  /** TF's {@code tf.sparse.reduce_sum(sp_input, axis, keepdims)}, dense; {@code axis} null is every axis. */
  @TfApi("tf.sparse.reduce_sum")
  static Value reduceSum(Value spInput, @Nullable long[] axis, boolean keepdims) {
    return SparseManipulation.reduce(spInput, false, axis, keepdims, false);
  }

  /** TF's {@code tf.sparse.reduce_sum(sp_input, axis, keepdims, output_is_sparse)}: a sparse result when asked. */
  @TfApi("tf.sparse.reduce_sum")
  static Value reduceSum(Value spInput, @Nullable long[] axis, boolean keepdims, boolean outputIsSparse) {
    return SparseManipulation.reduce(spInput, false, axis, keepdims, outputIsSparse);
  }

  /** TF's {@code tf.sparse.reduce_max(sp_input)}: the largest stored value (0 if none), a dense scalar. */
  @TfApi("tf.sparse.reduce_max")
  static Value reduceMax(Value spInput) {
    return SparseManipulation.reduce(spInput, true, null, false, false);
  }

  /** TF's {@code tf.sparse.reduce_max(sp_input, axis, keepdims)}, dense; positions without stored values are 0. */
  @TfApi("tf.sparse.reduce_max")
  static Value reduceMax(Value spInput, @Nullable long[] axis, boolean keepdims) {
    return SparseManipulation.reduce(spInput, true, axis, keepdims, false);
  }

  /** TF's {@code tf.sparse.reduce_max(sp_input, axis, keepdims, output_is_sparse)}: a sparse result when asked. */
  @TfApi("tf.sparse.reduce_max")
  static Value reduceMax(Value spInput, @Nullable long[] axis, boolean keepdims, boolean outputIsSparse) {
    return SparseManipulation.reduce(spInput, true, axis, keepdims, outputIsSparse);
  }
}
