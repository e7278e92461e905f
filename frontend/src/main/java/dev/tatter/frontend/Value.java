package dev.tatter.frontend;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.Node;
import dev.tatter.ir.OpDef;
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
import java.util.ArrayList;
import java.util.List;
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
    if (type() instanceof dev.tatter.ir.types.SparseType st) {
      return st.tfShape();
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
    if (type() instanceof dev.tatter.ir.types.SparseType || other.type() instanceof dev.tatter.ir.types.SparseType) {
      return Sparse.elementwise(this, op, other);
    }
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
    return toTensor(defaultValue, new long[0]);
  }

  /**
   * TF's {@code rt.to_tensor(default_value, shape=shape)}: the result is padded and truncated to
   * {@code shape}; {@code -1} ({@code None}) keeps a dim's computed size. A null
   * {@code defaultValue} pads with zero: {@code rt.toTensor(null, 5, 2)} is the seed's
   * {@code rt.to_tensor(shape=[5, 2])}.
   */
  public Value toTensor(Object defaultValue, long... shape) {
    Value dv = defaultValue == null ? builder.scalar(dtype(), zeroOf(dtype()))
        : defaultValue instanceof Value v ? v : builder.scalar(dtype(), defaultValue);
    return builder.op(ConversionOps.TO_TENSOR,
        Map.of("shape", com.google.common.collect.ImmutableList.copyOf(com.google.common.primitives.Longs.asList(shape))),
        this, dv);
  }

  private static Object zeroOf(DType dtype) {
    return switch (dtype) {
      case BOOL -> false;
      case STRING -> "";
      case FLOAT32, FLOAT64 -> 0.0;
      default -> 0L;
    };
  }

  /** TF's {@code RaggedTensor.from_tensor(tensor)}: every row kept whole (ragged dims uniform). */
  public Value raggedFromTensor() {
    return Conversions.fromTensor(this, null, null, 1);
  }

  /**
   * TF's {@code RaggedTensor.from_tensor(tensor, lengths, padding, ragged_rank)}. {@code lengths}
   * (a Value, long[] or int[]; or a List of them, outermost first, for nested lengths) keeps the
   * first {@code lengths[r]} items of row r; {@code padding} (a Value, Tensor or scalar) drops
   * each row's suffix of padding items. They are mutually exclusive; null means not given.
   */
  public Value raggedFromTensor(Object lengths, Object padding, int raggedRank) {
    return Conversions.fromTensor(this, lengths, padding, raggedRank);
  }

  /** TF's {@code rt.to_sparse()}. */
  public Value toSparse() {
    return Conversions.toSparse(this);
  }

  /** TF's {@code RaggedTensor.from_sparse(st)}: 2-D and right-ragged only (an error names the first bad index). */
  public Value raggedFromSparse() {
    return Conversions.fromSparse(this, DType.INT64);
  }

  public Value raggedFromSparse(DType rowSplitsDType) {
    return Conversions.fromSparse(this, rowSplitsDType);
  }

  /** TF's {@code rt.merge_dims(outer_axis, inner_axis)}; negative axes count from the end. */
  public Value mergeDims(int outerAxis, int innerAxis) {
    return Conversions.mergeDims(this, outerAxis, innerAxis);
  }

  // ---- indexing (__getitem__) ----

  /**
   * TF's {@code x[key]} with a typed key: {@code rt.getItem(Index.all(), Index.slice(1, 3))} is
   * {@code rt[:, 1:3]}; {@code rt.getItem(Index.at(3), Index.at(0))} is {@code rt[3, 0]}. Integers
   * (negative from the end) drop their dim; slices keep it. Indexing a ragged inner dimension
   * with an integer, or a known dimension out of range, fails here; other ranges at run time.
   */
  public Value getItem(dev.tatter.runtime.Index... key) {
    return Indexing.getItem(this, java.util.Arrays.asList(key));
  }

  /** {@code x[i, j, ...]} with integers only: {@code rt.getItem(3, 0)} is {@code rt[3, 0]}. */
  public Value getItem(long... indices) {
    return Indexing.getItem(this, indices);
  }

  /** {@code x[key]} with the key as Python writes it between the brackets: {@code rt.getItem(":, -1:")}. */
  public Value getItem(String key) {
    return Indexing.getItem(this, key);
  }

  // ---- sparse ----

  /** TF's {@code tf.sparse.to_dense(st)}: zero (false, "") where no value is stored. */
  public Value toDense() {
    return Sparse.toDense(this, zeroOf(dtype()));
  }

  /** TF's {@code tf.sparse.to_dense(st, default_value)}; out-of-range and repeated indices fail at run time. */
  public Value toDense(Object defaultValue) {
    return Sparse.toDense(this, defaultValue);
  }

  /** TF's {@code tf.sparse.reorder(st)}: indices in row-major order. */
  public Value reorder() {
    return Sparse.reorder(this);
  }

  /** TF's {@code st.with_values(new_values)}. */
  public Value withValues(Value newValues) {
    return Sparse.withValues(this, newValues);
  }

  /**
   * TF's {@code st.set_shape(shape)} ({@code -1} for None): the same sparse tensor with its static
   * shape merged with {@code shape}; an incompatible shape fails at once naming both. Values are
   * immutable, so this returns the merged value rather than changing this one.
   */
  public Value setShape(long... shape) {
    return Sparse.setShape(this, shape);
  }

  /** TF's {@code get_shape()}: the static shape, {@code (3, 4)}; the same as {@link #shape()}. */
  public String getShape() {
    return shape();
  }

  /** {@code sparse * dense}, the dense operand broadcast into the sparse one; implicit zeros stay zero. */
  public Value sparseMul(Value dense) {
    return Sparse.binary(this, dense, false);
  }

  /** {@code sparse / dense}, the dense operand broadcast into the sparse one; implicit zeros stay zero. */
  public Value sparseDiv(Value dense) {
    return Sparse.binary(this, dense, true);
  }

  /** TF's {@code consumers()}: the values built so far that take this one as an input, in graph order. */
  public List<Value> consumers() {
    return Sparse.consumers(this);
  }

  /**
   * TF's {@code eval(feed_dict, session)}: runs {@code session} (whose graph holds this value) and
   * returns this value (a Tensor, RaggedTensor, SparseTensor or RowPartition).
   */
  public Object eval(Map<String, ?> feeds, Session session) {
    return session.run(feeds, this).get(0);
  }

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
