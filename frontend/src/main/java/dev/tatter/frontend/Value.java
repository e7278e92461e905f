package dev.tatter.frontend;

import dev.tatter.ir.Node;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.ComparisonOps;
import dev.tatter.ir.ops.ConversionOps;
import dev.tatter.ir.ops.ElementwiseOps;
import dev.tatter.ir.ops.PartitionOps;
import dev.tatter.ir.ops.RaggedOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.Map;

/**
 * A symbolic value of a graph under construction — a dense tensor, a ragged tensor or a row
 * partition — with TF's methods as fluent calls. Each call adds nodes to the builder and
 * returns the new value; the static type ({@link #type()}) is known at once.
 */
@BuilderApi
public final class Value {
  private final GraphBuilder builder;
  private final Node node;

  Value(GraphBuilder builder, Node node) {
    this.builder = builder;
    this.node = node;
  }

  GraphBuilder builder() {
    return builder;
  }

  /** The IR node this value is. */
  public Node node() {
    return node;
  }

  public Type type() {
    return node.type();
  }

  public DType dtype() {
    return node.type().dtype();
  }

  /** The number of ragged dimensions; 0 for a dense tensor (TF's "possibly ragged" convention). */
  public int raggedRank() {
    return type() instanceof RaggedType rt ? rt.raggedRank() : 0;
  }

  /** The static shape as TF prints it: {@code (2, None, 3)}. */
  public String shape() {
    if (type() instanceof RaggedType rt) {
      return rt.tfShape();
    }
    if (type() instanceof DenseType dt) {
      return dt.tfShape();
    }
    throw GraphBuilder.misuse("a row partition has no shape", this);
  }

  // ---- ragged structure ----

  /** The values one level down (TF's {@code rt.values}). */
  public Value values() {
    return op(RaggedOps.VALUES);
  }

  /** The innermost values (TF's {@code rt.flat_values}); a dense value is its own flat values. */
  public Value flatValues() {
    return builder.decompose(this).flatValues();
  }

  /** The outermost row partition (TF's {@code rt._row_partition}). */
  public Value partition() {
    return op(RaggedOps.PARTITION);
  }

  // ---- partition encodings: on a partition, or on a ragged tensor's outer partition ----

  public Value rowSplits() {
    return asPartition().op(PartitionOps.ROW_SPLITS);
  }

  public Value rowLengths() {
    return asPartition().op(PartitionOps.ROW_LENGTHS);
  }

  public Value valueRowids() {
    return asPartition().op(PartitionOps.VALUE_ROWIDS);
  }

  public Value nrows() {
    return asPartition().op(PartitionOps.NROWS);
  }

  private Value asPartition() {
    if (type() instanceof PartitionType) {
      return this;
    }
    if (type() instanceof RaggedType) {
      return partition();
    }
    throw GraphBuilder.misuse("expected a ragged tensor or a row partition", this);
  }

  // ---- elementwise ----
  // TF's operators. An operand is a Value or a Java scalar or (nested) array, converted to this
  // value's dtype as TF converts a Python scalar or list (integers wrap). Dense operands broadcast
  // as NumPy does; ragged operands work on flat values (see ElementwiseLowering).

  /** TF's {@code abs(x)}; the minimum integer wraps to itself. */
  public Value abs() {
    return ElementwiseLowering.unary(ElementwiseOps.ABS, this, Map.of());
  }

  /** TF's {@code -x}; the minimum integer wraps to itself. */
  public Value neg() {
    return ElementwiseLowering.unary(ElementwiseOps.NEG, this, Map.of());
  }

  /** TF's {@code ~rt}: logical not, bool only. */
  public Value invert() {
    return ElementwiseLowering.unary(ComparisonOps.INVERT, this, Map.of());
  }

  /** TF's {@code tf.cast(x, dtype)}. */
  public Value cast(DType dtype) {
    return ElementwiseLowering.cast(this, dtype);
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
    return ElementwiseLowering.truediv(ElementwiseOps.TRUEDIV, this, operand(other));
  }

  /** TF's Python-2 {@code div}: floor division on integers, true division on floats. */
  public Value div(Object other) {
    return binary(ElementwiseOps.DIV, other);
  }

  /** TF's {@code //}: floor division; integer division by zero fails at run time. */
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
   * TF's {@code ==}: elementwise equality, or the constant False when the static shapes prove
   * that the operands cannot broadcast. Sizes known only at run time are checked then.
   */
  public Value eq(Object other) {
    return ElementwiseLowering.equality(ComparisonOps.EQ, this, operand(other), false);
  }

  /** TF's {@code !=}: elementwise inequality, or the constant True when the shapes cannot broadcast. */
  public Value ne(Object other) {
    return ElementwiseLowering.equality(ComparisonOps.NE, this, operand(other), true);
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
    return ElementwiseLowering.truediv(ElementwiseOps.TRUEDIV, operand(other), this);
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

  private Value operand(Object other) {
    return ElementwiseLowering.operand(this, other);
  }

  private Value binary(OpDef op, Object other) {
    return ElementwiseLowering.binary(op, this, operand(other));
  }

  private Value rbinary(OpDef op, Object other) {
    return ElementwiseLowering.binary(op, operand(other), this);
  }

  /** A binary elementwise op of this value and {@code other} (see {@link ElementwiseLowering}). */
  Value elementwise(OpDef op, Value other) {
    return ElementwiseLowering.binary(op, this, other);
  }

  // ---- reductions (reduce_sum, reduce_mean, ... along any axis) ----

  // ---- conversions ----

  /** TF's {@code rt.to_tensor()}: pads with zero (false, or "" for strings). */
  public Value toTensor() {
    return toTensor(builder.scalar(dtype(), zeroOf(dtype())));
  }

  /** TF's {@code rt.to_tensor(default_value)}. */
  public Value toTensor(Object defaultValue) {
    if (defaultValue instanceof Value v) {
      return builder.op(ConversionOps.TO_TENSOR, Map.of(), this, v);
    }
    return toTensor(builder.scalar(dtype(), defaultValue));
  }

  private static Object zeroOf(DType dtype) {
    return switch (dtype) {
      case BOOL -> false;
      case STRING -> "";
      case FLOAT32, FLOAT64 -> 0.0;
      default -> 0L;
    };
  }

  // ---- indexing (__getitem__) ----

  // ---- sparse ----

  private Value op(OpDef op) {
    return builder.op(op, Map.of(), this);
  }

  /** A scalar constant helper for callers that hold only a value. */
  public Value constantLike(Tensor t) {
    return builder.constant(t);
  }

  @Override
  public String toString() {
    return node.toString();
  }
}
