package dev.tatter.frontend;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.Node;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.ConversionOps;
import dev.tatter.ir.ops.ElementwiseOps;
import dev.tatter.ir.ops.PartitionEncodingOps;
import dev.tatter.ir.ops.PartitionOps;
import dev.tatter.ir.ops.RaggedOps;
import dev.tatter.ir.ops.RaggedShapeOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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

  /** TF's {@code rt.with_values(new_values)}: the same outer partition over other values. */
  public Value withValues(Value newValues) {
    return builder.ragged(newValues, asRagged("with_values").partition());
  }

  /** TF's {@code rt.with_flat_values(new_values)}: every partition kept, the innermost values replaced. */
  public Value withFlatValues(Value newFlatValues) {
    return builder.rebuild(newFlatValues, builder.decompose(asRagged("with_flat_values")).partitions());
  }

  /** TF's {@code rt.with_row_splits_dtype(dtype)}: every partition converted (narrowing checked at run time). */
  public Value withRowSplitsDType(DType dtype) {
    GraphBuilder.Decomposed d = builder.decompose(asRagged("with_row_splits_dtype"));
    return builder.rebuild(d.flatValues(), d.partitions().stream().map(p -> p.withDType(dtype)).toList());
  }

  /** TF's {@code rt.nested_row_splits}: the row splits of each partition, outermost first. */
  public List<Value> nestedRowSplits() {
    return builder.decompose(asRagged("nested_row_splits")).partitions().stream().map(Value::rowSplits).toList();
  }

  /** TF's {@code rt.nested_row_lengths()}. */
  public List<Value> nestedRowLengths() {
    return builder.decompose(asRagged("nested_row_lengths")).partitions().stream().map(Value::rowLengths).toList();
  }

  /** TF's {@code rt.nested_value_rowids()}. */
  public List<Value> nestedValueRowids() {
    return builder.decompose(asRagged("nested_value_rowids")).partitions().stream().map(Value::valueRowids).toList();
  }

  /**
   * TF's {@code rt.row_lengths(axis)}: axis 0 is nrows, axis 1 the outer row lengths, a deeper
   * axis gives a ragged tensor holding the lengths of that axis' rows (dense axes included);
   * negative axes count from the end.
   */
  public Value rowLengths(int axis) {
    RaggedType rt = (RaggedType) asRagged("row_lengths").type();
    int a = axis < 0 ? axis + rt.rank() : axis;
    if (a < 0 || a >= rt.rank()) {
      throw GraphBuilder.misuse("row_lengths: axis " + axis + " is out of range for rank " + rt.rank(), this);
    }
    if (a == 0) {
      return nrows();
    }
    if (a == 1) {
      return rowLengths();
    }
    Value values = values();
    if (values.type() instanceof RaggedType) {
      return withValues(values.rowLengths(a - 1));
    }
    return withValues(builder.op(RaggedShapeOps.DENSE_ROW_LENGTHS,
        Map.of("axis", (long) (a - 1), "out_type", rt.splitsDType()), values));
  }

  /** TF's {@code rt.bounding_shape()}: int vector of the splits dtype, one size per dimension. */
  public Value boundingShape() {
    return boundingShape(null, null);
  }

  /**
   * TF's {@code rt.bounding_shape(axis, out_type)}: {@code axis} null for the whole shape (else a
   * scalar; negative counts from the end), {@code outType} null for the splits dtype.
   */
  public Value boundingShape(Integer axis, DType outType) {
    RaggedType rt = (RaggedType) asRagged("bounding_shape").type();
    long a = -1;
    if (axis != null) {
      a = axis < 0 ? axis + rt.rank() : axis;
      if (a < 0 || a >= rt.rank()) {
        throw GraphBuilder.misuse("bounding_shape: axis " + axis + " is out of range for rank " + rt.rank(), this);
      }
    }
    return builder.op(RaggedShapeOps.BOUNDING_SHAPE,
        Map.of("axis", a, "out_type", outType == null ? rt.splitsDType() : outType), this);
  }

  /** TF's {@code rt.nrows(out_type)}: the row count as an {@code outType} scalar. */
  public Value nrows(DType outType) {
    return outType == asPartition().dtype() ? nrows() : builder.outerDim(this, outType);
  }

  private Value asRagged(String what) {
    if (!(type() instanceof RaggedType)) {
      throw GraphBuilder.misuse(what + " needs a ragged tensor", this);
    }
    return this;
  }

  // ---- partition encodings: on a partition, or on a ragged tensor's outer partition ----

  /** TF's {@code row_starts()}: {@code row_splits[:-1]}. */
  public Value rowStarts() {
    return asPartition().op(PartitionEncodingOps.ROW_STARTS);
  }

  /** TF's {@code row_limits()}: {@code row_splits[1:]}. */
  public Value rowLimits() {
    return asPartition().op(PartitionEncodingOps.ROW_LIMITS);
  }

  /** TF's {@code RowPartition.nvals()}: how many values the partition splits. */
  public Value nvals() {
    return asPartition().op(PartitionEncodingOps.NVALS);
  }

  /**
   * TF's {@code uniform_row_length}: present only when the partition is statically uniform (TF's
   * None otherwise, here {@code Optional.empty()}).
   */
  public Optional<Value> uniformRowLength() {
    Value p = asPartition();
    return isUniform() ? Optional.of(p.op(PartitionEncodingOps.UNIFORM_ROW_LENGTH)) : Optional.empty();
  }

  /** TF's {@code is_uniform()}: whether the partition is known, as the graph is built, to be uniform. */
  public boolean isUniform() {
    return ((PartitionType) asPartition().type()).uniform();
  }

  /** TF's {@code offsets_in_rows()}: each value's index within its row. */
  public Value offsetsInRows() {
    return asPartition().op(PartitionEncodingOps.OFFSETS_IN_ROWS);
  }

  /** TF's {@code RowPartition.with_dtype(dtype)}: itself if it has that dtype; narrowing to int32 is checked at run time. */
  public Value withDType(DType dtype) {
    if (!(type() instanceof PartitionType)) {
      throw GraphBuilder.misuse("with_dtype needs a row partition (use withRowSplitsDType on a ragged tensor)", this);
    }
    return dtype == dtype() ? this : builder.op(PartitionOps.WITH_DTYPE, Map.of("dtype", dtype), this);
  }

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

  public Value add(Value other) {
    return elementwise(ElementwiseOps.ADD, other);
  }

  /** {@code this + scalar}, the scalar converted to this value's dtype as TF converts it. */
  public Value add(Number scalar) {
    return add(builder.scalar(dtype(), scalar));
  }

  public Value mul(Value other) {
    return elementwise(ElementwiseOps.MUL, other);
  }

  public Value mul(Number scalar) {
    return mul(builder.scalar(dtype(), scalar));
  }

  /**
   * A binary elementwise op. Dense operands broadcast; a ragged operand works on its flat values
   * under its partitions: with a scalar directly, with another ragged tensor after checking (at
   * run time, unless CSE proves it) that both have the same partitions.
   */
  Value elementwise(OpDef op, Value other) {
    int rank = raggedRank();
    int otherRank = other.raggedRank();
    if (rank == 0 && otherRank == 0) {
      return builder.op(op, Map.of(), this, other);
    }
    if (rank > 0 && otherRank > 0) {
      if (rank != otherRank) {
        throw new GraphBuildException(op.mnemonic() + " at " + CallSite.find()
            + ": ragged operands need the same ragged_rank, got " + type() + " and " + other.type());
      }
      GraphBuilder.Decomposed a = builder.decompose(this);
      GraphBuilder.Decomposed b = builder.decompose(other);
      List<Value> partitions = new ArrayList<>();
      for (int i = 0; i < rank; i++) {
        partitions.add(builder.op(RaggedOps.ASSERT_SAME_PARTITION, Map.of(), a.partitions().get(i), b.partitions().get(i)));
      }
      return builder.rebuild(builder.op(op, Map.of(), a.flatValues(), b.flatValues()), partitions);
    }
    Value ragged = rank > 0 ? this : other;
    Value dense = rank > 0 ? other : this;
    if (((DenseType) dense.type()).rank() != 0) {
      throw new GraphBuildException(op.mnemonic() + " at " + CallSite.find()
          + ": broadcasting a dense tensor of rank > 0 into a ragged tensor is not supported yet; got "
          + type() + " and " + other.type());
    }
    GraphBuilder.Decomposed r = builder.decompose(ragged);
    Value flat = rank > 0
        ? builder.op(op, Map.of(), r.flatValues(), dense)
        : builder.op(op, Map.of(), dense, r.flatValues());
    return builder.rebuild(flat, r.partitions());
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
