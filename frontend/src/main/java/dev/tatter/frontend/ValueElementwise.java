package dev.tatter.frontend;

import dev.tatter.ir.ops.ComparisonOps;
import dev.tatter.ir.ops.ElementwiseOps;
import dev.tatter.runtime.DType;
import java.util.Map;

/**
 * The methods of {@link Value} for TF's elementwise operators, comparisons and casts. Value's
 * methods are split by family into a chain of package-private classes (ValueStructure,
 * ValueElementwise, ValueMath, ValueReductions, ValueConversions, ValueSparse, then Value) so that
 * a reader finds a method by its family; users see every one of them on {@code Value}, which
 * javadoc documents as its own.
 */
@BuilderApi
abstract class ValueElementwise extends ValueStructure {
  // ---- elementwise ----
  // TF's operators. An operand is a Value or a Java scalar or (nested) array, converted to this
  // value's dtype as TF converts a Python scalar or list (integers wrap). Dense operands broadcast
  // as NumPy does; ragged operands work on flat values (see ElementwiseLowering).

  /** TF's {@code abs(x)}; the minimum integer wraps to itself. */
  public Value abs() {
    return ElementwiseLowering.unary(ElementwiseOps.ABS, self(), Map.of());
  }

  /** TF's {@code -x}; the minimum integer wraps to itself. */
  public Value neg() {
    return ElementwiseLowering.unary(ElementwiseOps.NEG, self(), Map.of());
  }

  /** TF's {@code ~rt}: logical not, bool only. */
  public Value invert() {
    return ElementwiseLowering.unary(ComparisonOps.INVERT, self(), Map.of());
  }

  /** TF's {@code tf.cast(x, dtype)}. */
  public Value cast(DType dtype) {
    return ElementwiseLowering.cast(self(), dtype);
  }

  /**
   * TF's {@code tf.dtypes.saturate_cast(x, dtype)}: x clamped to {@code dtype}'s finite range (the
   * bounds held in x's dtype, as TF's Python does), then cast. Numeric dtypes only.
   */
  public Value saturateCast(DType dtype) {
    return SaturateCast.apply(self(), dtype);
  }

  /** TF's {@code tf.bitcast(x, type)}: the same bytes as {@code type} (dense numeric tensors). */
  public Value bitcast(DType type) {
    return builder().op(dev.tatter.ir.ops.BitcastOps.BITCAST, Map.of("type", type), self());
  }

  /** {@code this + other}; integers wrap. */
  public Value add(Object other) {
    return binary(ElementwiseOps.ADD, other);
  }

  public Value sub(Object other) {
    return binary(ElementwiseOps.SUB, other);
  }

  public Value mul(Object other) {
    return binary(ElementwiseOps.MUL, other);
  }

  /** TF's {@code /}: integers are cast to float32 (int8, int16) or float64 (int32, int64) first. */
  public Value truediv(Object other) {
    return ElementwiseLowering.truediv(ElementwiseOps.TRUEDIV, self(), operand(other));
  }

  /** TF's Python-2 {@code div}: floor division on integers, true division on floats. */
  public Value div(Object other) {
    return binary(ElementwiseOps.DIV, other);
  }

  /** TF's {@code //}: floor division; integer division by zero fails at run time. */
  /** TF's {@code tf.math.maximum(x, y)}: the larger of the two, a NaN in either gives NaN. */
  public Value maximum(Object other) {
    return binary(ElementwiseOps.MAXIMUM, other);
  }

  /** TF's {@code tf.math.minimum(x, y)}: the smaller of the two, a NaN in either gives NaN. */
  public Value minimum(Object other) {
    return binary(ElementwiseOps.MINIMUM, other);
  }

  public Value floordiv(Object other) {
    return binary(ElementwiseOps.FLOORDIV, other);
  }

  /** TF's {@code %}: floor modulo, the result takes the divisor's sign. */
  public Value mod(Object other) {
    return binary(ElementwiseOps.MOD, other);
  }

  /** TF's {@code **}; a negative integer exponent fails at run time. */
  public Value pow(Object other) {
    return binary(ElementwiseOps.POW, other);
  }

  /** TF's {@code &}: logical and, bool only. */
  public Value and(Object other) {
    return binary(ComparisonOps.AND, other);
  }

  public Value or(Object other) {
    return binary(ComparisonOps.OR, other);
  }

  public Value xor(Object other) {
    return binary(ComparisonOps.XOR, other);
  }

  public Value lt(Object other) {
    return binary(ComparisonOps.LT, other);
  }

  public Value le(Object other) {
    return binary(ComparisonOps.LE, other);
  }

  public Value gt(Object other) {
    return binary(ComparisonOps.GT, other);
  }

  public Value ge(Object other) {
    return binary(ComparisonOps.GE, other);
  }

  /**
   * TF's {@code ==} ({@code Equal} with {@code incompatible_shape_error=False}): elementwise
   * equality where the shapes broadcast, else a scalar False. When the static shapes decide it,
   * the result is the ranked comparison or the constant False; when an unknown size decides it, the
   * result is {@code tensor<bool>[*]}, whose rank the run decides: only {@code invert},
   * {@code reduceAll()}/{@code reduceAny()} and fetching take it ({@link #equal} is ranked).
   */
  public Value eq(Object other) {
    return ElementwiseLowering.equality(ComparisonOps.EQ, self(), operand(other), false);
  }

  /** TF's {@code !=}: elementwise inequality, or a scalar True where the shapes cannot broadcast (as {@link #eq}). */
  public Value ne(Object other) {
    return ElementwiseLowering.equality(ComparisonOps.NE, self(), operand(other), true);
  }

  /** TF's {@code tf.math.equal}: like {@link #eq}, but shapes that cannot broadcast are an error. */
  public Value equal(Object other) {
    return binary(ComparisonOps.EQ, other);
  }

  /** TF's {@code tf.math.not_equal}. */
  public Value notEqual(Object other) {
    return binary(ComparisonOps.NE, other);
  }

  // the reflected forms: {@code other OP this}, for a scalar on the left

  public Value radd(Object other) {
    return rbinary(ElementwiseOps.ADD, other);
  }

  public Value rsub(Object other) {
    return rbinary(ElementwiseOps.SUB, other);
  }

  public Value rmul(Object other) {
    return rbinary(ElementwiseOps.MUL, other);
  }

  public Value rtruediv(Object other) {
    return ElementwiseLowering.truediv(ElementwiseOps.TRUEDIV, operand(other), self());
  }

  public Value rdiv(Object other) {
    return rbinary(ElementwiseOps.DIV, other);
  }

  public Value rfloordiv(Object other) {
    return rbinary(ElementwiseOps.FLOORDIV, other);
  }

  public Value rmod(Object other) {
    return rbinary(ElementwiseOps.MOD, other);
  }

  public Value rpow(Object other) {
    return rbinary(ElementwiseOps.POW, other);
  }

  public Value rand(Object other) {
    return rbinary(ComparisonOps.AND, other);
  }

  public Value ror(Object other) {
    return rbinary(ComparisonOps.OR, other);
  }

  public Value rxor(Object other) {
    return rbinary(ComparisonOps.XOR, other);
  }
}
