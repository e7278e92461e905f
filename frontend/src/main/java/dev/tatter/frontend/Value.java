package dev.tatter.frontend;

import dev.tatter.ir.Node;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.ComparisonOps;
import dev.tatter.ir.ops.ElementwiseOps;
import dev.tatter.ir.ops.PartitionEncodingOps;
import dev.tatter.ir.ops.PartitionOps;
import dev.tatter.ir.ops.RaggedOps;
import dev.tatter.ir.ops.ReductionOps;
import dev.tatter.ir.ops.SparseSelectOps;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.SparseType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Index;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A symbolic value of a graph under construction — a dense, ragged or sparse tensor, or a row
 * partition — with what TF gives its {@code Tensor}, {@code RaggedTensor}, {@code SparseTensor} and
 * {@code RowPartition} objects: the operators, the structure (values, partitions, row encodings),
 * reductions, {@code cast} and {@code to_tensor}. Each call adds nodes to the builder and returns
 * the new value, whose static type ({@link #type()}) is known at once. Every other TF function is
 * in TF's namespaces, {@link GraphBuilder#ops()}.
 *
 * <p>A Java scalar or (nested) array operand is converted to this value's dtype as TF converts a
 * Python one (integers wrap). Dense operands broadcast; ragged ones work on flat values.
 *
 * <pre>{@code
 * Value tokens = g.placeholder("tokens", Types.ragged(DType.INT64, 1)); // ragged<int64>[None, (None)]
 * Value lengths = tokens.rowLengths();                                  // tensor<int64>[None]
 * Value padded = tokens.add(1).toTensor(0);                             // tensor<int64>[None, None]
 * }</pre>
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

  /** The IR node this value is (its named copy once {@link #named} has named it). */
  @NoTfCounterpart("the IR node itself (TF's Tensor.op is an Operation of TF's graph)")
  public Node node() {
    return builder.current(node);
  }

  /**
   * Names this value (TF's {@code name=}): the IR prints it as {@code %name}, errors name it, and
   * {@link Session#run(Map, String...)} fetches it by that name. A name is unique in its graph, an
   * IR identifier (a letter or {@code _}, then letters, digits, {@code _} or {@code .}), and given
   * before the value is used. Returns this value: {@code x.mul(w).add(b).named("scores")}.
   */
  @NoTfCounterpart("TF names an op by its name= argument; Tatter names the value afterwards, in one call")
  public Value named(String name) {
    builder.rename(this, name);
    return this;
  }

  /** TF's {@code x.graph}: the builder of the graph this value is in (its namespaces: {@code x.graph().ops()}). */
  @TfApi("tf.Tensor.graph")
  public GraphBuilder graph() {
    return builder;
  }

  /** The static type: dtype, rank, known sizes, ragged dimensions. */
  @NoTfCounterpart("TF splits it into dtype, shape and ragged_rank; Tatter's IR type holds all three")
  public Type type() {
    return node.type();
  }

  /** TF's {@code x.dtype}. */
  @TfApi("tf.Tensor.dtype")
  public DType dtype() {
    return node.type().dtype();
  }

  /** TF's {@code rt.ragged_rank}: the number of ragged dimensions; 0 for a dense tensor. */
  @TfApi("tf.RaggedTensor.ragged_rank")
  public int raggedRank() {
    return type() instanceof RaggedType rt ? rt.raggedRank() : 0;
  }

  /** TF's {@code x.shape}, the static shape as TF prints it: {@code (2, None, 3)}. */
  @TfApi({"tf.Tensor.shape", "tf.Tensor.get_shape"})
  public String shape() {
    return RaggedStructure.tfShape(this);
  }

  // ---- operators: TF's Tensor.__add__ and the others ----

  /** TF's {@code x + y}; integers wrap. */
  @TfApi("tf.Tensor.__add__")
  public Value add(Object y) {
    return binary(ElementwiseOps.ADD, y);
  }

  /** TF's {@code x - y}. */
  @TfApi("tf.Tensor.__sub__")
  public Value sub(Object y) {
    return binary(ElementwiseOps.SUB, y);
  }

  /** TF's {@code x * y}; a sparse x times a dense y broadcasts y into x's entries. */
  @TfApi("tf.Tensor.__mul__")
  public Value mul(Object y) {
    return binary(ElementwiseOps.MUL, y);
  }

  /** TF's {@code x / y}: integers are cast to float32 (int8, int16) or float64 (int32, int64) first. */
  @TfApi("tf.Tensor.__truediv__")
  public Value truediv(Object y) {
    return ElementwiseLowering.truediv(ElementwiseOps.TRUEDIV, this, operand(y));
  }

  /** TF's Python-2 {@code div}: floor division on integers, true division on floats; sparse / dense too. */
  @TfApi("tf.Tensor.__div__")
  public Value div(Object y) {
    return binary(ElementwiseOps.DIV, y);
  }

  /** TF's {@code x // y}: floor division; integer division by zero fails at run time. */
  @TfApi("tf.Tensor.__floordiv__")
  public Value floordiv(Object y) {
    return binary(ElementwiseOps.FLOORDIV, y);
  }

  /** TF's {@code x % y}: floor modulo, the result takes the divisor's sign. */
  @TfApi("tf.Tensor.__mod__")
  public Value mod(Object y) {
    return binary(ElementwiseOps.MOD, y);
  }

  /** TF's {@code x ** y}; a negative integer exponent fails at run time. */
  @TfApi("tf.Tensor.__pow__")
  public Value pow(Object y) {
    return binary(ElementwiseOps.POW, y);
  }

  /** TF's {@code -x}; the minimum integer wraps to itself. */
  @TfApi("tf.Tensor.__neg__")
  public Value neg() {
    return ElementwiseLowering.unary(ElementwiseOps.NEG, this, Map.of());
  }

  /** TF's {@code abs(x)}; the minimum integer wraps to itself. */
  @TfApi("tf.Tensor.__abs__")
  public Value abs() {
    return ElementwiseLowering.unary(ElementwiseOps.ABS, this, Map.of());
  }

  /** TF's {@code ~x} on bool: logical not. */
  @TfApi("tf.Tensor.__invert__")
  public Value invert() {
    return ElementwiseLowering.unary(ComparisonOps.INVERT, this, Map.of());
  }

  /** TF's {@code x & y}: logical and, bool only. */
  @TfApi("tf.Tensor.__and__")
  public Value and(Object y) {
    return binary(ComparisonOps.AND, y);
  }

  /** TF's {@code x | y}: logical or, bool only. */
  @TfApi("tf.Tensor.__or__")
  public Value or(Object y) {
    return binary(ComparisonOps.OR, y);
  }

  /** TF's {@code x ^ y}: logical xor, bool only. */
  @TfApi("tf.Tensor.__xor__")
  public Value xor(Object y) {
    return binary(ComparisonOps.XOR, y);
  }

  /** TF's {@code x < y}. */
  @TfApi("tf.Tensor.__lt__")
  public Value lt(Object y) {
    return binary(ComparisonOps.LT, y);
  }

  /** TF's {@code x <= y}. */
  @TfApi("tf.Tensor.__le__")
  public Value le(Object y) {
    return binary(ComparisonOps.LE, y);
  }

  /** TF's {@code x > y}. */
  @TfApi("tf.Tensor.__gt__")
  public Value gt(Object y) {
    return binary(ComparisonOps.GT, y);
  }

  /** TF's {@code x >= y}. */
  @TfApi("tf.Tensor.__ge__")
  public Value ge(Object y) {
    return binary(ComparisonOps.GE, y);
  }

  /**
   * TF's {@code x == y} ({@code Equal} with {@code incompatible_shape_error=False}): elementwise
   * equality where the shapes broadcast, else a scalar False. When the static shapes decide it, the
   * result is the ranked comparison or the constant False; when an unknown size decides it, the
   * result is {@code tensor<bool>[*]}, whose rank the run decides: only {@code invert},
   * {@code reduceAll()}/{@code reduceAny()} and fetching take it ({@code tf.math.equal} is ranked).
   */
  @TfApi("tf.Tensor.__eq__")
  public Value eq(Object y) {
    return ElementwiseLowering.equality(ComparisonOps.EQ, this, operand(y), false);
  }

  /** TF's {@code x != y}: elementwise inequality, or a scalar True where the shapes cannot broadcast (as {@link #eq}). */
  @TfApi("tf.Tensor.__ne__")
  public Value ne(Object y) {
    return ElementwiseLowering.equality(ComparisonOps.NE, this, operand(y), true);
  }

  /**
   * TF's {@code x[key]} with a typed key: {@code rt.getItem(Index.all(), Index.slice(1, 3))} is
   * {@code rt[:, 1:3]}; {@code rt.getItem(Index.at(3), Index.at(0))} is {@code rt[3, 0]}. Integers
   * (negative from the end) drop their dim; slices keep it. Indexing a ragged inner dimension
   * with an integer, or a known dimension out of range, fails here; other ranges at run time.
   */
  @TfApi("tf.Tensor.__getitem__")
  public Value getItem(Index... key) {
    return Indexing.getItem(this, Arrays.asList(key));
  }

  /** TF's {@code x[i, j, ...]} with integers only: {@code rt.getItem(3, 0)} is {@code rt[3, 0]}. */
  @TfApi("tf.Tensor.__getitem__")
  public Value getItem(long... indices) {
    return Indexing.getItem(this, indices);
  }

  /** TF's {@code x[key]} with the key as Python writes it between the brackets: {@code rt.getItem(":, -1:")}. */
  @TfApi("tf.Tensor.__getitem__")
  public Value getItem(String key) {
    return Indexing.getItem(this, key);
  }

  /** TF's {@code tf.cast(x, dtype)}. */
  @TfApi({"tf.cast", "tf.dtypes.cast"})
  public Value cast(DType dtype) {
    return ElementwiseLowering.cast(this, dtype);
  }

  // ---- reductions: the axes given (negative counts from the end; a ragged axis included), or every axis ----

  /** TF's {@code tf.reduce_sum(x, axis)}: no axis given reduces every axis to a scalar (TF's axis=None). */
  @TfApi({"tf.math.reduce_sum", "tf.reduce_sum"})
  public Value reduceSum(int... axis) {
    return reduction(ReductionOps.REDUCE_SUM, axis, false);
  }

  /** TF's {@code tf.reduce_sum(x, axis, keepdims)}. */
  @TfApi({"tf.math.reduce_sum", "tf.reduce_sum"})
  public Value reduceSum(int axis, boolean keepdims) {
    return reduction(ReductionOps.REDUCE_SUM, new int[] {axis}, keepdims);
  }

  /** TF's {@code tf.reduce_prod(x, axis)}: no axis given reduces every axis to a scalar (TF's axis=None). */
  @TfApi({"tf.math.reduce_prod", "tf.reduce_prod"})
  public Value reduceProd(int... axis) {
    return reduction(ReductionOps.REDUCE_PROD, axis, false);
  }

  /** TF's {@code tf.reduce_prod(x, axis, keepdims)}. */
  @TfApi({"tf.math.reduce_prod", "tf.reduce_prod"})
  public Value reduceProd(int axis, boolean keepdims) {
    return reduction(ReductionOps.REDUCE_PROD, new int[] {axis}, keepdims);
  }

  /** TF's {@code tf.reduce_min(x, axis)}: no axis given reduces every axis to a scalar (TF's axis=None). */
  @TfApi({"tf.math.reduce_min", "tf.reduce_min"})
  public Value reduceMin(int... axis) {
    return reduction(ReductionOps.REDUCE_MIN, axis, false);
  }

  /** TF's {@code tf.reduce_min(x, axis, keepdims)}. */
  @TfApi({"tf.math.reduce_min", "tf.reduce_min"})
  public Value reduceMin(int axis, boolean keepdims) {
    return reduction(ReductionOps.REDUCE_MIN, new int[] {axis}, keepdims);
  }

  /** TF's {@code tf.reduce_max(x, axis)}: no axis given reduces every axis to a scalar (TF's axis=None). */
  @TfApi({"tf.math.reduce_max", "tf.reduce_max"})
  public Value reduceMax(int... axis) {
    return reduction(ReductionOps.REDUCE_MAX, axis, false);
  }

  /** TF's {@code tf.reduce_max(x, axis, keepdims)}. */
  @TfApi({"tf.math.reduce_max", "tf.reduce_max"})
  public Value reduceMax(int axis, boolean keepdims) {
    return reduction(ReductionOps.REDUCE_MAX, new int[] {axis}, keepdims);
  }

  /** TF's {@code tf.reduce_mean(x, axis)}: no axis given reduces every axis to a scalar (TF's axis=None). */
  @TfApi({"tf.math.reduce_mean", "tf.reduce_mean"})
  public Value reduceMean(int... axis) {
    return reduction(ReductionOps.REDUCE_MEAN, axis, false);
  }

  /** TF's {@code tf.reduce_mean(x, axis, keepdims)}. */
  @TfApi({"tf.math.reduce_mean", "tf.reduce_mean"})
  public Value reduceMean(int axis, boolean keepdims) {
    return reduction(ReductionOps.REDUCE_MEAN, new int[] {axis}, keepdims);
  }

  /** TF's {@code tf.reduce_all(x, axis)}: no axis given reduces every axis to a scalar (TF's axis=None). */
  @TfApi({"tf.math.reduce_all", "tf.reduce_all"})
  public Value reduceAll(int... axis) {
    return reduction(ReductionOps.REDUCE_ALL, axis, false);
  }

  /** TF's {@code tf.reduce_all(x, axis, keepdims)}. */
  @TfApi({"tf.math.reduce_all", "tf.reduce_all"})
  public Value reduceAll(int axis, boolean keepdims) {
    return reduction(ReductionOps.REDUCE_ALL, new int[] {axis}, keepdims);
  }

  /** TF's {@code tf.reduce_any(x, axis)}: no axis given reduces every axis to a scalar (TF's axis=None). */
  @TfApi({"tf.math.reduce_any", "tf.reduce_any"})
  public Value reduceAny(int... axis) {
    return reduction(ReductionOps.REDUCE_ANY, axis, false);
  }

  /** TF's {@code tf.reduce_any(x, axis, keepdims)}. */
  @TfApi({"tf.math.reduce_any", "tf.reduce_any"})
  public Value reduceAny(int axis, boolean keepdims) {
    return reduction(ReductionOps.REDUCE_ANY, new int[] {axis}, keepdims);
  }

  // ---- structure: TF's RaggedTensor, RowPartition and SparseTensor members ----

  /** TF's {@code rt.values}: the values one level down; of a sparse tensor, {@code st.values}. */
  @TfApi({"tf.RaggedTensor.values", "tf.sparse.SparseTensor.values"})
  public Value values() {
    return op(type() instanceof SparseType ? SparseSelectOps.VALUES : RaggedOps.VALUES);
  }

  /** TF's {@code rt.flat_values}: the innermost values; a dense value is its own flat values. */
  @TfApi("tf.RaggedTensor.flat_values")
  public Value flatValues() {
    return builder.decompose(this).flatValues();
  }

  /** TF's {@code rt._row_partition}: the outermost row partition. */
  @TfApi("tf.RaggedTensor._row_partition")
  public Value partition() {
    return op(RaggedOps.PARTITION);
  }

  /** TF's {@code rt.row_splits}, or {@code RowPartition.row_splits()} of a partition. */
  @TfApi({"tf.RaggedTensor.row_splits", "tf.experimental.RowPartition.row_splits"})
  public Value rowSplits() {
    return RaggedStructure.partitionOf(this).op(PartitionOps.ROW_SPLITS);
  }

  /** TF's {@code rt.row_lengths()}. */
  @TfApi({"tf.RaggedTensor.row_lengths", "tf.experimental.RowPartition.row_lengths"})
  public Value rowLengths() {
    return RaggedStructure.partitionOf(this).op(PartitionOps.ROW_LENGTHS);
  }

  /**
   * TF's {@code rt.row_lengths(axis)}: axis 0 is nrows, axis 1 the outer row lengths, a deeper
   * axis gives a ragged tensor holding the lengths of that axis' rows (dense axes included);
   * negative axes count from the end.
   */
  @TfApi("tf.RaggedTensor.row_lengths")
  public Value rowLengths(int axis) {
    return RaggedStructure.rowLengths(this, axis);
  }

  /** TF's {@code rt.value_rowids()}. */
  @TfApi({"tf.RaggedTensor.value_rowids", "tf.experimental.RowPartition.value_rowids"})
  public Value valueRowids() {
    return RaggedStructure.partitionOf(this).op(PartitionOps.VALUE_ROWIDS);
  }

  /** TF's {@code rt.nrows()}. */
  @TfApi({"tf.RaggedTensor.nrows", "tf.experimental.RowPartition.nrows"})
  public Value nrows() {
    return RaggedStructure.partitionOf(this).op(PartitionOps.NROWS);
  }

  /** TF's {@code rt.nrows(out_type)}: the row count as an {@code outType} scalar. */
  @TfApi("tf.RaggedTensor.nrows")
  public Value nrows(DType outType) {
    return outType == RaggedStructure.partitionOf(this).dtype() ? nrows() : builder.outerDim(this, outType);
  }

  /** TF's {@code row_starts()}: {@code row_splits[:-1]}. */
  @TfApi({"tf.RaggedTensor.row_starts", "tf.experimental.RowPartition.row_starts"})
  public Value rowStarts() {
    return RaggedStructure.partitionOf(this).op(PartitionEncodingOps.ROW_STARTS);
  }

  /** TF's {@code row_limits()}: {@code row_splits[1:]}. */
  @TfApi({"tf.RaggedTensor.row_limits", "tf.experimental.RowPartition.row_limits"})
  public Value rowLimits() {
    return RaggedStructure.partitionOf(this).op(PartitionEncodingOps.ROW_LIMITS);
  }

  /** TF's {@code RowPartition.nvals()}: how many values the partition splits. */
  @TfApi("tf.experimental.RowPartition.nvals")
  public Value nvals() {
    return RaggedStructure.partitionOf(this).op(PartitionEncodingOps.NVALS);
  }

  /**
   * TF's {@code uniform_row_length}: present only when the partition is statically uniform (TF's
   * None otherwise, here {@code Optional.empty()}).
   */
  @TfApi({"tf.RaggedTensor.uniform_row_length", "tf.experimental.RowPartition.uniform_row_length"})
  public Optional<Value> uniformRowLength() {
    Value p = RaggedStructure.partitionOf(this);
    return isUniform() ? Optional.of(p.op(PartitionEncodingOps.UNIFORM_ROW_LENGTH)) : Optional.empty();
  }

  /** TF's {@code is_uniform()}: whether the partition is known, as the graph is built, to be uniform. */
  @TfApi("tf.experimental.RowPartition.is_uniform")
  public boolean isUniform() {
    return ((PartitionType) RaggedStructure.partitionOf(this).type()).uniform();
  }

  /** TF's {@code offsets_in_rows()}: each value's index within its row. */
  @TfApi("tf.experimental.RowPartition.offsets_in_rows")
  public Value offsetsInRows() {
    return RaggedStructure.partitionOf(this).op(PartitionEncodingOps.OFFSETS_IN_ROWS);
  }

  /** TF's {@code RowPartition.with_dtype(dtype)}: itself if it has that dtype; narrowing to int32 is checked at run time. */
  @TfApi("tf.experimental.RowPartition.with_dtype")
  public Value withDType(DType dtype) {
    return RaggedStructure.withDType(this, dtype);
  }

  /**
   * TF's {@code rt.with_values(new_values)}: the same outer partition over other values; for a
   * sparse tensor, TF's {@code st.with_values}: the same indices and shape.
   */
  @TfApi({"tf.RaggedTensor.with_values", "tf.sparse.SparseTensor.with_values"})
  public Value withValues(Value newValues) {
    if (type() instanceof SparseType) {
      return Sparse.withValues(this, newValues);
    }
    return builder.ragged(newValues, RaggedStructure.ragged(this, "with_values").partition());
  }

  /** TF's {@code rt.with_flat_values(new_values)}: every partition kept, the innermost values replaced. */
  @TfApi("tf.RaggedTensor.with_flat_values")
  public Value withFlatValues(Value newFlatValues) {
    return builder.rebuild(newFlatValues, builder.decompose(RaggedStructure.ragged(this, "with_flat_values")).partitions());
  }

  /** TF's {@code rt.with_row_splits_dtype(dtype)}: every partition converted (narrowing checked at run time). */
  @TfApi("tf.RaggedTensor.with_row_splits_dtype")
  public Value withRowSplitsDType(DType dtype) {
    GraphBuilder.Decomposed d = builder.decompose(RaggedStructure.ragged(this, "with_row_splits_dtype"));
    return builder.rebuild(d.flatValues(), d.partitions().stream().map(p -> p.withDType(dtype)).toList());
  }

  /** TF's {@code rt.nested_row_splits}: the row splits of each partition, outermost first. */
  @TfApi("tf.RaggedTensor.nested_row_splits")
  public List<Value> nestedRowSplits() {
    return builder.decompose(RaggedStructure.ragged(this, "nested_row_splits")).partitions().stream().map(Value::rowSplits).toList();
  }

  /** TF's {@code rt.nested_row_lengths()}. */
  @TfApi("tf.RaggedTensor.nested_row_lengths")
  public List<Value> nestedRowLengths() {
    return builder.decompose(RaggedStructure.ragged(this, "nested_row_lengths")).partitions().stream().map(Value::rowLengths).toList();
  }

  /** TF's {@code rt.nested_value_rowids()}. */
  @TfApi("tf.RaggedTensor.nested_value_rowids")
  public List<Value> nestedValueRowids() {
    return builder.decompose(RaggedStructure.ragged(this, "nested_value_rowids")).partitions().stream().map(Value::valueRowids).toList();
  }

  /** TF's {@code rt.bounding_shape()}: int vector of the splits dtype, one size per dimension. */
  @TfApi("tf.RaggedTensor.bounding_shape")
  public Value boundingShape() {
    return boundingShape(null, null);
  }

  /**
   * TF's {@code rt.bounding_shape(axis, out_type)}: {@code axis} null for the whole shape (else a
   * scalar; negative counts from the end), {@code outType} null for the splits dtype.
   */
  @TfApi("tf.RaggedTensor.bounding_shape")
  public Value boundingShape(@Nullable Integer axis, @Nullable DType outType) {
    return RaggedStructure.boundingShape(this, axis, outType);
  }

  /** TF's {@code rt.merge_dims(outer_axis, inner_axis)}; negative axes count from the end. */
  @TfApi("tf.RaggedTensor.merge_dims")
  public Value mergeDims(int outerAxis, int innerAxis) {
    return Conversions.mergeDims(this, outerAxis, innerAxis);
  }

  /** TF's {@code rt.to_tensor()}: pads with zero (false, or "" for strings). */
  @TfApi("tf.RaggedTensor.to_tensor")
  public Value toTensor() {
    return toTensor(null, new long[0]);
  }

  /** TF's {@code rt.to_tensor(default_value)}. */
  @TfApi("tf.RaggedTensor.to_tensor")
  public Value toTensor(@Nullable Object defaultValue) {
    return toTensor(defaultValue, new long[0]);
  }

  /**
   * TF's {@code rt.to_tensor(default_value, shape=shape)}: the result is padded and truncated to
   * {@code shape}; {@code -1} ({@code None}) keeps a dim's computed size. A null
   * {@code defaultValue} pads with zero: {@code rt.toTensor(null, 5, 2)} is
   * {@code rt.to_tensor(shape=[5, 2])}.
   */
  @TfApi("tf.RaggedTensor.to_tensor")
  public Value toTensor(@Nullable Object defaultValue, long... shape) {
    return Conversions.toTensor(this, defaultValue, shape);
  }

  /** TF's {@code rt.to_sparse()}. */
  @TfApi("tf.RaggedTensor.to_sparse")
  public Value toSparse() {
    return Conversions.toSparse(this);
  }

  /** TF's {@code st.indices}: int64 {@code [N, ndims]}. */
  @TfApi("tf.sparse.SparseTensor.indices")
  public Value indices() {
    Sparse.type(this);
    return op(SparseSelectOps.INDICES);
  }

  /** TF's {@code st.dense_shape}: int64 {@code [ndims]}. */
  @TfApi("tf.sparse.SparseTensor.dense_shape")
  public Value denseShape() {
    Sparse.type(this);
    return op(SparseSelectOps.DENSE_SHAPE);
  }

  /**
   * TF's {@code st.set_shape(shape)} ({@code -1} for None): the same sparse tensor with its static
   * shape refined; a known dim that disagrees is an error here.
   */
  @TfApi("tf.sparse.SparseTensor.set_shape")
  public Value setShape(long... shape) {
    return Sparse.setShape(this, shape);
  }

  /** TF's {@code x.consumers()}: the values built so far that take this one as an input, in graph order. */
  @TfApi("tf.Tensor.consumers")
  public List<Value> consumers() {
    return Sparse.consumers(this);
  }

  /** TF's {@code x.eval(feed_dict, session)}: this value computed by {@code session}, whose graph holds it. */
  @TfApi("tf.Tensor.eval")
  public Object eval(Map<String, ?> feeds, Session session) {
    return session.run(feeds, this).get(0);
  }

  @Override
  public String toString() {
    return node().toString();
  }

  Value operand(Object other) {
    return ElementwiseLowering.operand(this, other);
  }

  private Value binary(OpDef op, Object other) {
    return ElementwiseLowering.binary(op, this, operand(other));
  }

  Value op(OpDef op) {
    return builder.op(op, Map.of(), this);
  }

  private Value reduction(OpDef op, int[] axis, boolean keepdims) {
    long[] axes = axis.length == 0 ? RaggedStructure.allAxes(this) : Arrays.stream(axis).asLongStream().toArray();
    return builder.op(op, Map.of("axis", axes, "keepdims", keepdims), this);
  }
}
