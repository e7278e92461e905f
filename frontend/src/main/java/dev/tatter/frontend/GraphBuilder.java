package dev.tatter.frontend;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.Graph;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.Node;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.CoreOps;
import dev.tatter.ir.ops.OpRegistry;
import dev.tatter.ir.ops.PartitionOps;
import dev.tatter.ir.ops.RaggedOps;
import dev.tatter.ir.ops.RaggedShapeOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Builds a graph: its inputs ({@link #placeholder}), constants, the factories of TF's
 * {@code RaggedTensor}, {@code RowPartition} and {@code SparseTensor}, and {@link #build}. Every TF
 * function is in TF's namespaces, {@link #ops()}; a registered op without one is reached by
 * {@link #apply}. Every call adds nodes at once, inferring their static types, and fails at once —
 * with the caller's file and line — when an op does not fit its operands. The builder never
 * merges equal nodes on its own; CSE does, visibly, in the optimizer.
 *
 * <pre>{@code
 * GraphBuilder g = new GraphBuilder();
 * Ops tf = g.ops();
 * Value x = g.placeholder("x", Types.ragged(FLOAT32, 1));
 * Value y = tf.math.sqrt(x.mul(2)).add(1);
 * Graph graph = g.build(y);
 * }</pre>
 */
@BuilderApi
public final class GraphBuilder {
  /**
   * The most results one list-valued TF op may give here ({@code tf.sparse.split}'s pieces,
   * {@code tf.dynamic_partition}'s partitions): each result is its own node, so a count beyond
   * this would build nodes until the heap runs out rather than fail.
   */
  public static final int MAX_LIST_RESULTS = 1 << 16;

  private final Graph.Builder graph = Graph.builder();
  private Ops ops;

  /** The graph built so far; its outputs are the given values. The builder stays usable. */
  @NoTfCounterpart("TF 1.x graphs grow as ops are created; Tatter's IR graph is taken once its outputs are known")
  public Graph build(Value... outputs) {
    for (Value v : outputs) {
      checkArgument(own(v) != null, "an output may not be null");
    }
    return graph.build().withOutputs(Arrays.stream(outputs).map(Value::node).toList());
  }

  /**
   * TF's functions over this graph, by TF's namespaces, as TF Java's {@code Ops} gives them:
   * {@code Ops tf = g.ops(); tf.gather(params, ids); tf.math.sqrt(x); tf.strings.split(lines)}.
   */
  @NoTfCounterpart("TF Java's Ops.create(graph); in Python the namespaces are modules")
  public Ops ops() {
    if (ops == null) {
      ops = new Ops(this);
    }
    return ops;
  }

  /**
   * Any registered op by its mnemonic, as the textual IR writes it: {@code g.apply("softsign",
   * Map.of(), x)}. The op's type rule checks the operands and attributes, as for every other call;
   * no sugar is applied (a ragged operand is passed as it is, a Java scalar is not converted).
   */
  @NoTfCounterpart("TF's raw_ops reach any registered op the same way: tf.raw_ops.<Op>(**kwargs)")
  public Value apply(String opName, Map<String, ?> attributes, Value... inputs) {
    OpDef op = OpRegistry.lookup(opName).orElseThrow(() -> new GraphBuildException("apply at " + CallSite.find()
        + ": no op is named '" + opName + "'" + DidYouMean.suggest(opName, OpRegistry.ALL.stream().map(OpDef::mnemonic).toList())
        + " (tatter ops lists them)"));
    return op(op, attributes, inputs);
  }

  /** A graph input fed at each run; {@code name} is the feed's key. */
  @TfApi("tf.compat.v1.placeholder")
  public Value placeholder(String name, Type type) {
    checkArgument(name != null, "a placeholder needs a name");
    return new Value(this, add(CoreOps.PLACEHOLDER, List.of(), Map.of(), name, type));
  }

  /** TF's {@code tf.constant(value)}: a dense constant. */
  @TfApi("tf.constant")
  public Value constant(Tensor value) {
    return new Value(this, add(CoreOps.CONSTANT, List.of(), Map.of("value", value)));
  }

  /** TF's {@code tf.constant(value, dtype)} of a scalar, converted as TF converts a Python scalar (integers wrap). */
  @TfApi("tf.constant")
  public Value scalar(DType dtype, Object value) {
    return constant(Tensor.scalar(dtype, value));
  }

  /** A vector constant of int32 or int64 indices; values that int32 cannot hold fail here. */
  @NoTfCounterpart("a Java-side constant of an index dtype (TF: tf.constant(values, dtype))")
  public Value indices(DType dtype, long... values) {
    checkArgument(dtype.isSplitsDType(), "indices must be int32 or int64, got %s", dtype);
    if (dtype == DType.INT64) {
      return constant(Tensor.ofLongs(values));
    }
    int[] narrowed = new int[values.length];
    for (int i = 0; i < values.length; i++) {
      if (values[i] != (int) values[i]) {
        throw new GraphBuildException("indices at " + CallSite.find() + ": value " + values[i] + " at index " + i
            + " does not fit int32");
      }
      narrowed[i] = (int) values[i];
    }
    return constant(Tensor.ofInts(narrowed));
  }

  /** A scalar int32 or int64 constant; a value that int32 cannot hold fails here. */
  @NoTfCounterpart("a Java-side constant of an index dtype (TF: tf.constant(value, dtype))")
  public Value index(DType dtype, long value) {
    checkArgument(dtype.isSplitsDType(), "an index must be int32 or int64, got %s", dtype);
    if (dtype == DType.INT32 && value != (int) value) {
      throw new GraphBuildException("index at " + CallSite.find() + ": " + value + " does not fit int32");
    }
    return scalar(dtype, value);
  }

  // ---- SparseTensor ----

  /**
   * TF's {@code SparseTensor(indices, values, dense_shape)}: int64 indices {@code [N, ndims]},
   * values {@code [N]}, int64 dense_shape {@code [ndims]}; a constant dense_shape gives the
   * static shape. Row-major order is expected, not checked ({@code tf.sparse.reorder} sorts).
   */
  @TfApi("tf.sparse.SparseTensor")
  public Value sparseTensor(Value indices, Value values, Value denseShape) {
    return Sparse.sparseTensor(this, own(indices), own(values), own(denseShape));
  }

  /**
   * TF's {@code SparseTensor(indices, values, dense_shape)} of constants: {@code sparseTensor(new
   * long[][] {{0, 0}, {1, 2}}, Tensor.ofInts(1, 2), 3, 4)}.
   */
  @TfApi("tf.sparse.SparseTensor")
  public Value sparseTensor(long[][] indices, Tensor values, long... denseShape) {
    return sparseFromValue(SparseTensor.of(indices, values, denseShape));
  }

  /** TF's {@code SparseTensor.from_value(value)}: a runtime sparse tensor as a graph constant. */
  @TfApi("tf.sparse.SparseTensor.from_value")
  public Value sparseFromValue(SparseTensor value) {
    return Sparse.fromValue(this, value);
  }

  // ---- RowPartition factories (TF's RowPartition.from_*) ----

  /** TF's {@code RowPartition.from_row_splits(row_splits)}, validated. */
  @TfApi("tf.experimental.RowPartition.from_row_splits")
  public Value partitionFromRowSplits(Value rowSplits) {
    return partitionFromRowSplits(rowSplits, true);
  }

  /** TF's {@code RowPartition.from_row_splits(row_splits, validate)}. */
  @TfApi("tf.experimental.RowPartition.from_row_splits")
  public Value partitionFromRowSplits(Value rowSplits, boolean validate) {
    return op(PartitionOps.FROM_ROW_SPLITS, Map.of("validate", validate), rowSplits);
  }

  /** TF's {@code RowPartition.from_row_splits(row_splits, validate, dtype)}. */
  @TfApi("tf.experimental.RowPartition.from_row_splits")
  public Value partitionFromRowSplits(Value rowSplits, PartitionOptions o) {
    return withDType(op(PartitionOps.FROM_ROW_SPLITS, validate(o), rowSplits), o);
  }

  /** TF's {@code RowPartition.from_row_splits} of constant splits. */
  @TfApi("tf.experimental.RowPartition.from_row_splits")
  public Value partitionFromRowSplits(long[] rowSplits, PartitionOptions o) {
    return partitionFromRowSplits(indices(o.literalDType(), rowSplits), o);
  }

  /** TF's {@code RowPartition.from_row_lengths(row_lengths)}, validated. */
  @TfApi("tf.experimental.RowPartition.from_row_lengths")
  public Value partitionFromRowLengths(Value rowLengths) {
    return partitionFromRowLengths(rowLengths, PartitionOptions.DEFAULT);
  }

  /** TF's {@code RowPartition.from_row_lengths(row_lengths, validate, dtype)}. */
  @TfApi("tf.experimental.RowPartition.from_row_lengths")
  public Value partitionFromRowLengths(Value rowLengths, PartitionOptions o) {
    return withDType(op(PartitionOps.FROM_ROW_LENGTHS, validate(o), rowLengths), o);
  }

  /** TF's {@code RowPartition.from_row_lengths} of constant lengths. */
  @TfApi("tf.experimental.RowPartition.from_row_lengths")
  public Value partitionFromRowLengths(long[] rowLengths, PartitionOptions o) {
    return partitionFromRowLengths(indices(o.literalDType(), rowLengths), o);
  }

  /** TF's {@code RowPartition.from_row_starts(row_starts, nvals)}, validated. */
  @TfApi("tf.experimental.RowPartition.from_row_starts")
  public Value partitionFromRowStarts(Value rowStarts, Value nvals) {
    return partitionFromRowStarts(rowStarts, nvals, PartitionOptions.DEFAULT);
  }

  /** TF's {@code RowPartition.from_row_starts(row_starts, nvals, validate, dtype)}. */
  @TfApi("tf.experimental.RowPartition.from_row_starts")
  public Value partitionFromRowStarts(Value rowStarts, Value nvals, PartitionOptions o) {
    return withDType(op(PartitionOps.FROM_ROW_STARTS, validate(o), rowStarts, nvals), o);
  }

  /** TF's {@code RowPartition.from_row_starts} of constants. */
  @TfApi("tf.experimental.RowPartition.from_row_starts")
  public Value partitionFromRowStarts(long[] rowStarts, long nvals, PartitionOptions o) {
    return partitionFromRowStarts(indices(o.literalDType(), rowStarts), index(o.literalDType(), nvals), o);
  }

  /** TF's {@code RowPartition.from_row_limits(row_limits)}, validated. */
  @TfApi("tf.experimental.RowPartition.from_row_limits")
  public Value partitionFromRowLimits(Value rowLimits) {
    return partitionFromRowLimits(rowLimits, PartitionOptions.DEFAULT);
  }

  /** TF's {@code RowPartition.from_row_limits(row_limits, validate, dtype)}. */
  @TfApi("tf.experimental.RowPartition.from_row_limits")
  public Value partitionFromRowLimits(Value rowLimits, PartitionOptions o) {
    return withDType(op(PartitionOps.FROM_ROW_LIMITS, validate(o), rowLimits), o);
  }

  /** TF's {@code RowPartition.from_row_limits} of constant limits. */
  @TfApi("tf.experimental.RowPartition.from_row_limits")
  public Value partitionFromRowLimits(long[] rowLimits, PartitionOptions o) {
    return partitionFromRowLimits(indices(o.literalDType(), rowLimits), o);
  }

  /** TF's {@code RowPartition.from_value_rowids(value_rowids)}: nrows is the last rowid + 1. */
  @TfApi("tf.experimental.RowPartition.from_value_rowids")
  public Value partitionFromValueRowids(Value valueRowids) {
    return partitionFromValueRowids(valueRowids, null, PartitionOptions.DEFAULT);
  }

  /** TF's {@code RowPartition.from_value_rowids(value_rowids, nrows)}, validated. */
  @TfApi("tf.experimental.RowPartition.from_value_rowids")
  public Value partitionFromValueRowids(Value valueRowids, @Nullable Value nrows) {
    return partitionFromValueRowids(valueRowids, nrows, PartitionOptions.DEFAULT);
  }

  /**
   * TF's {@code RowPartition.from_value_rowids(value_rowids, nrows, validate, dtype)}; {@code nrows}
   * may be null: the last rowid + 1 (0 without values), as in TF.
   */
  @TfApi("tf.experimental.RowPartition.from_value_rowids")
  public Value partitionFromValueRowids(Value valueRowids, @Nullable Value nrows, PartitionOptions o) {
    Value n = nrows != null ? nrows : op(PartitionOps.NROWS_FROM_VALUE_ROWIDS, Map.of(), valueRowids);
    return withDType(op(PartitionOps.FROM_VALUE_ROWIDS, validate(o), valueRowids, n), o);
  }

  /** TF's {@code RowPartition.from_value_rowids} of constants; {@code nrows} may be null. */
  @TfApi("tf.experimental.RowPartition.from_value_rowids")
  public Value partitionFromValueRowids(long[] valueRowids, @Nullable Long nrows, PartitionOptions o) {
    DType d = o.literalDType();
    return partitionFromValueRowids(indices(d, valueRowids), nrows == null ? null : index(d, nrows), o);
  }

  /**
   * TF's {@code RowPartition.from_uniform_row_length(uniform_row_length, nvals, nrows, validate)}:
   * one of {@code nvals} and {@code nrows} may be null, not both. Without nrows there are
   * {@code nvals / uniform_row_length} rows (none if the length is 0); without nvals,
   * {@code nrows * uniform_row_length} values.
   */
  @TfApi("tf.experimental.RowPartition.from_uniform_row_length")
  public Value partitionFromUniformRowLength(Value uniformRowLength, @Nullable Value nvals, @Nullable Value nrows, PartitionOptions o) {
    if (nvals == null && nrows == null) {
      throw new GraphBuildException("from_uniform_row_length at " + CallSite.find()
          + ": either (or both) of nvals and nrows must be given");
    }
    Value n = nrows != null ? nrows : op(PartitionOps.UNIFORM_NROWS, Map.of(), uniformRowLength, nvals);
    Value nv = nvals != null ? nvals : op(PartitionOps.UNIFORM_NVALS, Map.of(), uniformRowLength, nrows);
    return withDType(op(PartitionOps.FROM_UNIFORM_ROW_LENGTH, validate(o), uniformRowLength, nv, n), o);
  }

  /**
   * TF's {@code RowPartition.from_uniform_row_length} of constants; {@code nvals} or {@code nrows}
   * (not both) may be null.
   */
  @TfApi("tf.experimental.RowPartition.from_uniform_row_length")
  public Value partitionFromUniformRowLength(long uniformRowLength, @Nullable Long nvals, @Nullable Long nrows, PartitionOptions o) {
    DType d = o.literalDType();
    return partitionFromUniformRowLength(index(d, uniformRowLength),
        nvals == null ? null : index(d, nvals), nrows == null ? null : index(d, nrows), o);
  }

  // ---- RaggedTensor factories (TF's RaggedTensor.from_*): a partition factory, then ragged ----

  /** TF's {@code RaggedTensor(values, row_partition)}: {@code values} split into rows by {@code partition}. */
  @TfApi("tf.RaggedTensor._from_row_partition")
  public Value ragged(Value values, Value partition) {
    return op(RaggedOps.RAGGED, Map.of(), values, partition);
  }

  /** TF's {@code RaggedTensor.from_row_splits(values, row_splits)}, validated. */
  @TfApi("tf.RaggedTensor.from_row_splits")
  public Value raggedFromRowSplits(Value values, Value rowSplits) {
    return raggedFromRowSplits(values, rowSplits, true);
  }

  /** TF's {@code RaggedTensor.from_row_splits(values, row_splits, validate)}. */
  @TfApi("tf.RaggedTensor.from_row_splits")
  public Value raggedFromRowSplits(Value values, Value rowSplits, boolean validate) {
    return ragged(values, partitionFromRowSplits(rowSplits, validate), validate);
  }

  /** TF's {@code RaggedTensor.from_row_lengths(values, row_lengths)}, validated. */
  @TfApi("tf.RaggedTensor.from_row_lengths")
  public Value raggedFromRowLengths(Value values, Value rowLengths) {
    return raggedFromRowLengths(values, rowLengths, true);
  }

  /** TF's {@code RaggedTensor.from_row_lengths(values, row_lengths, validate)}. */
  @TfApi("tf.RaggedTensor.from_row_lengths")
  public Value raggedFromRowLengths(Value values, Value rowLengths, boolean validate) {
    return ragged(values, partitionFromRowLengths(rowLengths, options(validate)), validate);
  }

  /** TF's {@code RaggedTensor.from_row_starts(values, row_starts)}, validated. */
  @TfApi("tf.RaggedTensor.from_row_starts")
  public Value raggedFromRowStarts(Value values, Value rowStarts) {
    return raggedFromRowStarts(values, rowStarts, true);
  }

  /** TF's {@code RaggedTensor.from_row_starts(values, row_starts, validate)}: nvals is the values' row count. */
  @TfApi("tf.RaggedTensor.from_row_starts")
  public Value raggedFromRowStarts(Value values, Value rowStarts, boolean validate) {
    return ragged(values, partitionFromRowStarts(rowStarts, outerDim(values, rowStarts.dtype()), options(validate)), validate);
  }

  /** TF's {@code RaggedTensor.from_row_limits(values, row_limits)}, validated. */
  @TfApi("tf.RaggedTensor.from_row_limits")
  public Value raggedFromRowLimits(Value values, Value rowLimits) {
    return raggedFromRowLimits(values, rowLimits, true);
  }

  /** TF's {@code RaggedTensor.from_row_limits(values, row_limits, validate)}. */
  @TfApi("tf.RaggedTensor.from_row_limits")
  public Value raggedFromRowLimits(Value values, Value rowLimits, boolean validate) {
    return ragged(values, partitionFromRowLimits(rowLimits, options(validate)), validate);
  }

  /** TF's {@code RaggedTensor.from_value_rowids(values, value_rowids)}: nrows is the last rowid + 1. */
  @TfApi("tf.RaggedTensor.from_value_rowids")
  public Value raggedFromValueRowids(Value values, Value valueRowids) {
    return raggedFromValueRowids(values, valueRowids, null, true);
  }

  /** TF's {@code RaggedTensor.from_value_rowids(values, value_rowids, nrows, validate)}; nrows may be null. */
  @TfApi("tf.RaggedTensor.from_value_rowids")
  public Value raggedFromValueRowids(Value values, Value valueRowids, @Nullable Value nrows, boolean validate) {
    return ragged(values, partitionFromValueRowids(valueRowids, nrows, options(validate)), validate);
  }

  /** TF's {@code RaggedTensor.from_uniform_row_length(values, uniform_row_length)}. */
  @TfApi("tf.RaggedTensor.from_uniform_row_length")
  public Value raggedFromUniformRowLength(Value values, long uniformRowLength) {
    return raggedFromUniformRowLength(values, index(splitsDTypeOf(values), uniformRowLength), null, true);
  }

  /**
   * TF's {@code RaggedTensor.from_uniform_row_length(values, uniform_row_length, nrows, validate)};
   * nrows may be null. nvals is the values' row count.
   */
  @TfApi("tf.RaggedTensor.from_uniform_row_length")
  public Value raggedFromUniformRowLength(Value values, Value uniformRowLength, @Nullable Value nrows, boolean validate) {
    Value nvals = outerDim(values, uniformRowLength.dtype());
    return ragged(values, partitionFromUniformRowLength(uniformRowLength, nvals, nrows, options(validate)), validate);
  }

  /** TF's {@code RaggedTensor.from_nested_row_splits(flat_values, nested_row_splits)}, validated. */
  @TfApi("tf.RaggedTensor.from_nested_row_splits")
  public Value raggedFromNestedRowSplits(Value flatValues, List<Value> nestedRowSplits) {
    return raggedFromNestedRowSplits(flatValues, nestedRowSplits, true);
  }

  /** TF's {@code RaggedTensor.from_nested_row_splits(flat_values, nested_row_splits, validate)}. */
  @TfApi("tf.RaggedTensor.from_nested_row_splits")
  public Value raggedFromNestedRowSplits(Value flatValues, List<Value> nestedRowSplits, boolean validate) {
    Value result = flatValues;
    for (int i = nestedRowSplits.size() - 1; i >= 0; i--) {
      result = raggedFromRowSplits(result, nestedRowSplits.get(i), validate);
    }
    return result;
  }

  /** TF's {@code RaggedTensor.from_nested_row_lengths(flat_values, nested_row_lengths)}, validated. */
  @TfApi("tf.RaggedTensor.from_nested_row_lengths")
  public Value raggedFromNestedRowLengths(Value flatValues, List<Value> nestedRowLengths) {
    return raggedFromNestedRowLengths(flatValues, nestedRowLengths, true);
  }

  /** TF's {@code RaggedTensor.from_nested_row_lengths(flat_values, nested_row_lengths, validate)}. */
  @TfApi("tf.RaggedTensor.from_nested_row_lengths")
  public Value raggedFromNestedRowLengths(Value flatValues, List<Value> nestedRowLengths, boolean validate) {
    Value result = flatValues;
    for (int i = nestedRowLengths.size() - 1; i >= 0; i--) {
      result = raggedFromRowLengths(result, nestedRowLengths.get(i), validate);
    }
    return result;
  }

  /** TF's {@code RaggedTensor.from_nested_value_rowids(flat_values, nested_value_rowids)}, validated. */
  @TfApi("tf.RaggedTensor.from_nested_value_rowids")
  public Value raggedFromNestedValueRowids(Value flatValues, List<Value> nestedValueRowids) {
    return raggedFromNestedValueRowids(flatValues, nestedValueRowids, null, true);
  }

  /**
   * TF's {@code RaggedTensor.from_nested_value_rowids(flat_values, nested_value_rowids, nested_nrows,
   * validate)}: {@code nestedNrows} is null or has one entry (a scalar, or null for the default) per rowids.
   */
  @TfApi("tf.RaggedTensor.from_nested_value_rowids")
  public Value raggedFromNestedValueRowids(Value flatValues, List<Value> nestedValueRowids, @Nullable List<Value> nestedNrows,
      boolean validate) {
    if (nestedNrows != null && nestedNrows.size() != nestedValueRowids.size()) {
      throw new GraphBuildException("from_nested_value_rowids at " + CallSite.find() + ": nested_nrows has "
          + nestedNrows.size() + " entries but nested_value_rowids has " + nestedValueRowids.size());
    }
    Value result = flatValues;
    for (int i = nestedValueRowids.size() - 1; i >= 0; i--) {
      Value nrows = nestedNrows == null ? null : nestedNrows.get(i);
      result = raggedFromValueRowids(result, nestedValueRowids.get(i), nrows, validate);
    }
    return result;
  }

  /** TF's {@code RaggedTensor.from_tensor(tensor)}: every row kept whole (ragged dims uniform). */
  @TfApi("tf.RaggedTensor.from_tensor")
  public Value raggedFromTensor(Value tensor) {
    return raggedFromTensor(tensor, null, null, 1);
  }

  /**
   * TF's {@code RaggedTensor.from_tensor(tensor, lengths, padding, ragged_rank)}. {@code lengths}
   * (a Value, long[] or int[]; or a List of them, outermost first, for nested lengths) keeps the
   * first {@code lengths[r]} items of row r; {@code padding} (a Value, Tensor or scalar) drops
   * each row's suffix of padding items. They are mutually exclusive; null means not given; a
   * ragged_rank of 1 and neither keeps every row whole.
   */
  @TfApi("tf.RaggedTensor.from_tensor")
  public Value raggedFromTensor(Value tensor, @Nullable Object lengths, @Nullable Object padding, int raggedRank) {
    return Conversions.fromTensor(own(tensor), lengths, padding, raggedRank);
  }

  /** TF's {@code RaggedTensor.from_sparse(st)}, int64 row splits. */
  @TfApi("tf.RaggedTensor.from_sparse")
  public Value raggedFromSparse(Value st) {
    return raggedFromSparse(st, DType.INT64);
  }

  /**
   * TF's {@code RaggedTensor.from_sparse(st, row_splits_dtype)}: 2-D and right-ragged only (an
   * error names the first bad index).
   */
  @TfApi("tf.RaggedTensor.from_sparse")
  public Value raggedFromSparse(Value st, DType rowSplitsDType) {
    return Conversions.fromSparse(own(st), rowSplitsDType);
  }

  /** TF's {@code tf.experimental.DynamicRaggedShape.from_tensor(rt)}: the shape of a ragged tensor as values. */
  @TfApi("tf.experimental.DynamicRaggedShape.from_tensor")
  public DynamicRaggedShape dynamicRaggedShapeFromTensor(Value rt) {
    return DynamicRaggedShape.fromTensor(own(rt));
  }

  // ---- what the sugar and the namespaces build with ----

  /** Adds {@code op(inputs){attributes}} and wraps the result. */
  Value op(OpDef op, Map<String, ?> attributes, Value... inputs) {
    List<Node> nodes = new ArrayList<>();
    for (int i = 0; i < inputs.length; i++) {
      if (inputs[i] == null) {
        throw new GraphBuildException(op.mnemonic() + " at " + CallSite.find() + ": operand '" + op.operandName(i)
            + "' is null");
      }
      nodes.add(own(inputs[i]).node());
    }
    return new Value(this, add(op, nodes, attributes));
  }

  /** {@code v} (or null), refused if it belongs to another builder's graph. */
  Value own(Value v) {
    checkArgument(v == null || v.builder() == this, "%s comes from another GraphBuilder", v);
    return v;
  }

  /** The current node of {@code node} (its renamed copy after {@link Value#named}). */
  Node current(Node node) {
    return graph.current(node);
  }

  void rename(Value v, String name) {
    NullArguments.check(name, "the name");
    graph.rename(own(v).node(), name, CallSite.find());
  }

  Node add(OpDef op, List<Node> inputs, Map<String, ?> attributes) {
    return add(op, inputs, attributes, null, null);
  }

  Node add(OpDef op, List<Node> inputs, Map<String, ?> attributes, String name, Type declared) {
    return graph.add(op, inputs, attributes, name, CallSite.find(), declared);
  }

  /** Rebuilds a ragged value from inner to outer: {@code flat} split by {@code partitions} (outermost first). */
  Value rebuild(Value flat, List<Value> partitions) {
    Value result = flat;
    for (int i = partitions.size() - 1; i >= 0; i--) {
      result = ragged(result, partitions.get(i));
    }
    return result;
  }

  /** The nested partitions of a ragged value, outermost first, and its flat values. */
  record Decomposed(ImmutableList<Value> partitions, Value flatValues) {}

  Decomposed decompose(Value rt) {
    ImmutableList.Builder<Value> partitions = ImmutableList.builder();
    Value v = rt;
    while (v.type() instanceof RaggedType) {
      partitions.add(v.partition());
      v = v.values();
    }
    return new Decomposed(partitions.build(), v);
  }

  /**
   * {@code values} split by {@code partition}, as a factory with {@code validate} builds it: the
   * check that they fit then survives every optimizer pass (TF's validate=True checks nvals too).
   */
  Value ragged(Value values, Value partition, boolean validate) {
    return validate ? op(RaggedOps.RAGGED, Map.of("validate", true), values, partition) : ragged(values, partition);
  }

  /** The outer dimension of a dense or ragged value (its row count) as an {@code outType} scalar. */
  Value outerDim(Value x, DType outType) {
    return op(RaggedShapeOps.OUTER_DIM, Map.of("out_type", outType), x);
  }

  static PartitionOptions options(boolean validate) {
    return PartitionOptions.DEFAULT.withValidate(validate);
  }

  /** The splits dtype a partition over {@code values} must have: ragged values' own, else int64. */
  static DType splitsDTypeOf(Value values) {
    return values.type() instanceof RaggedType rt ? rt.splitsDType() : DType.INT64;
  }

  private static Map<String, Object> validate(PartitionOptions o) {
    return Map.of("validate", o.validate());
  }

  private static Value withDType(Value partition, PartitionOptions o) {
    return o.dtype() == null || o.dtype() == partition.dtype() ? partition : partition.withDType(o.dtype());
  }

  /** False if the static types prove the two shapes differ (rank, or a known size). */
  static boolean sameShapeMaybe(Type a, Type b) {
    if (a instanceof DenseType x && b instanceof DenseType y) {
      if (x.rank() != y.rank()) {
        return false;
      }
      for (int d = 0; d < x.rank(); d++) {
        if (dev.tatter.ir.types.Dims.merge(x.dim(d), y.dim(d)) == null) {
          return false;
        }
      }
      return true;
    }
    return a.getClass() == b.getClass();
  }

  static GraphBuildException misuse(String what, Value v) {
    // a sugar refusing the type of == whose rank the run decides says why, as OpDef's check does
    String unranked = v.type() instanceof dev.tatter.ir.types.UnrankedType
        ? "; " + v.type() + " is the type " + OpDef.unrankedReason("this call").replaceFirst("^whose", "of a value whose")
        : "";
    return new GraphBuildException(what + " at " + CallSite.find() + " (operand " + v + ": " + v.type() + ")" + unranked);
  }
}
