package dev.tatter.frontend;

import dev.tatter.ir.ops.ConversionOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;

/**
 * The methods of {@link Value} for conversions (to_tensor, to_sparse, from_tensor, from_sparse,
 * merge_dims, expand_dims), the scans, softmax and reverse, and indexing (__getitem__). Value's
 * methods are split by family into a chain of package-private classes (ValueStructure,
 * ValueElementwise, ValueMath, ValueReductions, ValueConversions, ValueSparse, then Value) so that
 * a reader finds a method by its family; users see every one of them on {@code Value}, which
 * javadoc documents as its own.
 */
@BuilderApi
abstract class ValueConversions extends ValueReductions {
  // ---- conversions ----

  /**
   * TF's {@code tf.math.cumsum(x, axis)} on a dense tensor, or on a ragged one along its innermost
   * ragged axis or a uniform axis below it; a negative axis counts from the end.
   */
  public Value cumsum(int axis) {
    return Scans.scan(self(), false, axis, false, false);
  }

  /** TF's {@code tf.math.cumsum(x, axis, exclusive, reverse)}. */
  public Value cumsum(int axis, boolean exclusive, boolean reverse) {
    return Scans.scan(self(), false, axis, exclusive, reverse);
  }

  /** TF's {@code tf.math.cumprod(x, axis)} (the axes {@link #cumsum(int)} takes). */
  public Value cumprod(int axis) {
    return Scans.scan(self(), true, axis, false, false);
  }

  /** TF's {@code tf.math.cumprod(x, axis, exclusive, reverse)}. */
  public Value cumprod(int axis, boolean exclusive, boolean reverse) {
    return Scans.scan(self(), true, axis, exclusive, reverse);
  }

  /**
   * TF's {@code tf.nn.softmax(x)} along the last axis of a dense tensor, or of a ragged one whose
   * last axis is its ragged axis (each row on its own; an empty row stays empty).
   */
  public Value softmax() {
    return Softmaxes.softmax(self(), false, -1);
  }

  /** TF's {@code tf.nn.softmax(x, axis)}: any axis of a dense tensor, a ragged one's innermost ragged axis or a uniform axis below it. */
  public Value softmax(int axis) {
    return Softmaxes.softmax(self(), false, axis);
  }

  /** TF's {@code tf.nn.log_softmax(x)} along the last axis (the axes {@link #softmax(int)} takes). */
  public Value logSoftmax() {
    return Softmaxes.softmax(self(), true, -1);
  }

  /** TF's {@code tf.nn.log_softmax(x, axis)} (the axes {@link #softmax(int)} takes). */
  public Value logSoftmax(int axis) {
    return Softmaxes.softmax(self(), true, axis);
  }

  /**
   * TF's {@code tf.reverse(x, axes)}: any axes of a dense tensor; of a ragged one axis 0 (the rows
   * in reverse order), the innermost ragged axis (each row reversed in place) and uniform axes below it.
   */
  public Value reverse(int... axes) {
    return Reverses.reverse(self(), axes);
  }

  /** TF's {@code tf.expand_dims(x, axis)} on a dense or ragged tensor; a negative axis counts from the end. */
  public Value expandDims(int axis) {
    if (self().type() instanceof RaggedType rt) {
      return Combinations.expandDims(builder(), self(), axis < 0 ? axis + rt.rank() + 1 : axis);
    }
    if (!(self().type() instanceof DenseType dense)) {
      throw GraphBuilder.misuse("expand_dims takes a dense or ragged tensor", self());
    }
    long resolved = axis < 0 ? axis + dense.rank() + 1 : axis;
    return builder().op(dev.tatter.ir.ops.ArrayOps.EXPAND_DIMS, Map.of("axis", resolved), self());
  }

  /** TF's {@code rt.to_tensor()}: pads with zero (false, or "" for strings). */
  public Value toTensor() {
    return toTensor(builder().scalar(self().dtype(), zeroOf(self().dtype())));
  }

  /** TF's {@code rt.to_tensor(default_value)}. */
  public Value toTensor(Object defaultValue) {
    return toTensor(defaultValue, new long[0]);
  }

  /**
   * TF's {@code rt.to_tensor(default_value, shape=shape)}: the result is padded and truncated to
   * {@code shape}; {@code -1} ({@code None}) keeps a dim's computed size. A null
   * {@code defaultValue} pads with zero: {@code rt.toTensor(null, 5, 2)} is the seed's
   * {@code rt.to_tensor(shape=[5, 2])}.
   */
  public Value toTensor(Object defaultValue, long... shape) {
    Value dv = defaultValue == null ? builder().scalar(self().dtype(), zeroOf(self().dtype()))
        : defaultValue instanceof Value v ? v : builder().scalar(self().dtype(), defaultValue);
    return builder().op(ConversionOps.TO_TENSOR,
        Map.of("shape", com.google.common.collect.ImmutableList.copyOf(com.google.common.primitives.Longs.asList(shape))),
        self(), dv);
  }

  /** TF's default padding: the dtype's zero. */
  static Object zeroOf(DType dtype) {
    return switch (dtype.kind()) {
      case BOOL -> false;
      case STRING -> "";
      case FLOATING, COMPLEX -> 0.0;
      case INTEGER, UNSIGNED -> 0L;
    };
  }

  /** TF's {@code RaggedTensor.from_tensor(tensor)}: every row kept whole (ragged dims uniform). */
  public Value raggedFromTensor() {
    return Conversions.fromTensor(self(), null, null, 1);
  }

  /**
   * TF's {@code RaggedTensor.from_tensor(tensor, lengths, padding, ragged_rank)}. {@code lengths}
   * (a Value, long[] or int[]; or a List of them, outermost first, for nested lengths) keeps the
   * first {@code lengths[r]} items of row r; {@code padding} (a Value, Tensor or scalar) drops
   * each row's suffix of padding items. They are mutually exclusive; null means not given.
   */
  public Value raggedFromTensor(Object lengths, Object padding, int raggedRank) {
    return Conversions.fromTensor(self(), lengths, padding, raggedRank);
  }

  /** TF's {@code rt.to_sparse()}. */
  public Value toSparse() {
    return Conversions.toSparse(self());
  }

  /** TF's {@code RaggedTensor.from_sparse(st)}: 2-D and right-ragged only (an error names the first bad index). */
  public Value raggedFromSparse() {
    return Conversions.fromSparse(self(), DType.INT64);
  }

  public Value raggedFromSparse(DType rowSplitsDType) {
    return Conversions.fromSparse(self(), rowSplitsDType);
  }

  /** TF's {@code rt.merge_dims(outer_axis, inner_axis)}; negative axes count from the end. */
  public Value mergeDims(int outerAxis, int innerAxis) {
    return Conversions.mergeDims(self(), outerAxis, innerAxis);
  }

  // ---- indexing (__getitem__) ----

  /**
   * TF's {@code x[key]} with a typed key: {@code rt.getItem(Index.all(), Index.slice(1, 3))} is
   * {@code rt[:, 1:3]}; {@code rt.getItem(Index.at(3), Index.at(0))} is {@code rt[3, 0]}. Integers
   * (negative from the end) drop their dim; slices keep it. Indexing a ragged inner dimension
   * with an integer, or a known dimension out of range, fails here; other ranges at run time.
   */
  public Value getItem(dev.tatter.runtime.Index... key) {
    return Indexing.getItem(self(), java.util.Arrays.asList(key));
  }

  /** {@code x[i, j, ...]} with integers only: {@code rt.getItem(3, 0)} is {@code rt[3, 0]}. */
  public Value getItem(long... indices) {
    return Indexing.getItem(self(), indices);
  }

  /** {@code x[key]} with the key as Python writes it between the brackets: {@code rt.getItem(":, -1:")}. */
  public Value getItem(String key) {
    return Indexing.getItem(self(), key);
  }
}
