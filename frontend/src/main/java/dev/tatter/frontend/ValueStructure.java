package dev.tatter.frontend;

import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.PartitionEncodingOps;
import dev.tatter.ir.ops.PartitionOps;
import dev.tatter.ir.ops.RaggedOps;
import dev.tatter.ir.ops.RaggedShapeOps;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.runtime.DType;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The methods of {@link Value} for ragged structure (values, row partitions, nested splits) and
 * the partition encodings (row_starts, row_limits, value_rowids, nrows, ...). Value's methods are
 * split by family into a chain of package-private classes (ValueStructure, ValueElementwise,
 * ValueMath, ValueReductions, ValueConversions, ValueSparse, then Value) so that a reader finds a
 * method by its family; users see every one of them on {@code Value}, which javadoc documents as
 * its own.
 */
@BuilderApi
abstract class ValueStructure {
  /**
   * This value as a {@link Value}: the families' methods pass it on to the builder and the
   * lowerings, which take Values; the classes of the chain are not Values themselves.
   */
  abstract Value self();

  abstract GraphBuilder builder();

  // ---- ragged structure ----

  /** The values one level down (TF's {@code rt.values}); of a sparse tensor, TF's {@code st.values}. */
  public Value values() {
    if (self().type() instanceof dev.tatter.ir.types.SparseType) {
      return op(dev.tatter.ir.ops.SparseSelectOps.VALUES);
    }
    return op(RaggedOps.VALUES);
  }

  /** The innermost values (TF's {@code rt.flat_values}); a dense value is its own flat values. */
  public Value flatValues() {
    return builder().decompose(self()).flatValues();
  }

  /** The outermost row partition (TF's {@code rt._row_partition}). */
  public Value partition() {
    return op(RaggedOps.PARTITION);
  }

  /**
   * TF's {@code rt.with_values(new_values)}: the same outer partition over other values; for a
   * sparse tensor, TF's {@code st.with_values}: the same indices and shape.
   */
  public Value withValues(Value newValues) {
    if (self().type() instanceof dev.tatter.ir.types.SparseType) {
      return Sparse.withValues(self(), newValues);
    }
    return builder().ragged(newValues, asRagged("with_values").partition());
  }

  /** TF's {@code rt.with_flat_values(new_values)}: every partition kept, the innermost values replaced. */
  public Value withFlatValues(Value newFlatValues) {
    return builder().rebuild(newFlatValues, builder().decompose(asRagged("with_flat_values")).partitions());
  }

  /**
   * TF's {@code tf.ragged.map_flat_values(fn, rt)}: {@code fn} applied to the flat values, every
   * partition kept ({@code fn} must keep the flat values' row count); on a dense value, {@code fn(x)}.
   */
  public Value mapFlatValues(java.util.function.UnaryOperator<Value> fn) {
    if (!(self().type() instanceof RaggedType)) {
      return fn.apply(self());
    }
    GraphBuilder.Decomposed d = builder().decompose(self());
    return builder().rebuild(fn.apply(d.flatValues()), d.partitions());
  }

  /** TF's {@code rt.with_row_splits_dtype(dtype)}: every partition converted (narrowing checked at run time). */
  public Value withRowSplitsDType(DType dtype) {
    GraphBuilder.Decomposed d = builder().decompose(asRagged("with_row_splits_dtype"));
    return builder().rebuild(d.flatValues(), d.partitions().stream().map(p -> p.withDType(dtype)).toList());
  }

  /** TF's {@code rt.nested_row_splits}: the row splits of each partition, outermost first. */
  public List<Value> nestedRowSplits() {
    return builder().decompose(asRagged("nested_row_splits")).partitions().stream().map(Value::rowSplits).toList();
  }

  /** TF's {@code rt.nested_row_lengths()}. */
  public List<Value> nestedRowLengths() {
    return builder().decompose(asRagged("nested_row_lengths")).partitions().stream().map(Value::rowLengths).toList();
  }

  /** TF's {@code rt.nested_value_rowids()}. */
  public List<Value> nestedValueRowids() {
    return builder().decompose(asRagged("nested_value_rowids")).partitions().stream().map(Value::valueRowids).toList();
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
      throw GraphBuilder.misuse("row_lengths: axis " + axis + " is out of range for rank " + rt.rank(), self());
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
    return withValues(builder().op(RaggedShapeOps.DENSE_ROW_LENGTHS,
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
        throw GraphBuilder.misuse("bounding_shape: axis " + axis + " is out of range for rank " + rt.rank(), self());
      }
    }
    return builder().op(RaggedShapeOps.BOUNDING_SHAPE,
        Map.of("axis", a, "out_type", outType == null ? rt.splitsDType() : outType), self());
  }

  /** TF's {@code rt.nrows(out_type)}: the row count as an {@code outType} scalar. */
  public Value nrows(DType outType) {
    return outType == asPartition().dtype() ? nrows() : builder().outerDim(self(), outType);
  }

  Value asRagged(String what) {
    if (!(self().type() instanceof RaggedType)) {
      throw GraphBuilder.misuse(what + " needs a ragged tensor", self());
    }
    return self();
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
    if (!(self().type() instanceof PartitionType)) {
      throw GraphBuilder.misuse("with_dtype needs a row partition (use withRowSplitsDType on a ragged tensor)", self());
    }
    return dtype == self().dtype() ? self() : builder().op(PartitionOps.WITH_DTYPE, Map.of("dtype", dtype), self());
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

  Value asPartition() {
    if (self().type() instanceof PartitionType) {
      return self();
    }
    if (self().type() instanceof RaggedType) {
      return partition();
    }
    throw GraphBuilder.misuse("expected a ragged tensor or a row partition", self());
  }

  // The helpers every family uses (package-private so that the classes further down the chain see them).

  Value operand(Object other) {
    return ElementwiseLowering.operand(self(), other);
  }

  Value binary(OpDef op, Object other) {
    return ElementwiseLowering.binary(op, self(), operand(other));
  }

  Value rbinary(OpDef op, Object other) {
    return ElementwiseLowering.binary(op, operand(other), self());
  }

  /** A binary elementwise op of this value and {@code other} (see {@link ElementwiseLowering}). */
  Value elementwise(OpDef op, Value other) {
    return ElementwiseLowering.binary(op, self(), other);
  }

  Value op(OpDef op) {
    return builder().op(op, Map.of(), self());
  }
}
