package dev.tatter.frontend;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.Graph;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.Node;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.CoreOps;
import dev.tatter.ir.ops.PartitionOps;
import dev.tatter.ir.ops.RaggedOps;
import dev.tatter.ir.ops.RaggedShapeOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The fluent way to build a graph. Every call adds nodes at once, inferring their static types,
 * and fails at once — with the caller's file and line — when an op does not fit its operands.
 * The builder never merges equal nodes on its own; CSE does, visibly, in the optimizer.
 *
 * <pre>{@code
 * GraphBuilder g = new GraphBuilder();
 * Value x = g.placeholder("x", Types.ragged(FLOAT32, 1));
 * Value y = x.mul(2).add(1);
 * Graph graph = g.build();
 * }</pre>
 */
@BuilderApi
public final class GraphBuilder {
  private final Graph.Builder graph = Graph.builder();
  private Graph built;

  /** A graph input fed at each run; {@code name} is the feed's key. */
  public Value placeholder(String name, Type type) {
    checkArgument(name != null, "a placeholder needs a name");
    return new Value(this, add(CoreOps.PLACEHOLDER, List.of(), Map.of(), name, type));
  }

  /**
   * TF's {@code tf.gather(params, indices)} along axis 0. With ragged {@code indices} the result is
   * ragged with the same partitions (the flat ids are gathered): an embedding lookup of a ragged
   * batch of ids. Ragged {@code params} gather whole rows (TF's {@code RaggedGather}): the result
   * has ragged rank {@code rank(indices) - 1 + params.ragged_rank}.
   */
  public Value gather(Value params, Value indices) {
    return Selections.gather(this, params, indices);
  }

  /**
   * TF's {@code tf.gather(params, indices, axis=axis, batch_dims=batchDims)} (GatherV2): negative
   * {@code axis} counts from params' rank, negative {@code batchDims} from indices' rank; TF's
   * {@code axis=None} is {@code axis = batchDims}. Dense params and indices take any valid pair;
   * a ragged operand follows TF's {@code ragged_gather_ops}: any axis at batch_dims 0 (ragged indices
   * past axis 0 are repeated for every row of params, under a uniform partition), batch_dims > 1 level
   * by level (the batch partitions of params and indices are checked to split the same rows), and
   * batch_dims 1 at any axis, except ragged indices past axis 1. Along a ragged axis each index must
   * lie inside its own row, which TF does not check.
   */
  public Value gather(Value params, Value indices, int axis, int batchDims) {
    return Selections.gather(this, params, indices, axis, batchDims);
  }

  /**
   * TF's {@code tf.gather_nd(params, indices)}: each index tuple (indices' last dim) picks an element
   * or, shorter than params' rank, a slice. Ragged indices keep their partitions (their flat values
   * hold the tuples). Ragged params: a tuple that stops at a ragged dim gives ragged slices, and
   * every coordinate must fall inside the row it indexes into.
   */
  public Value gatherNd(Value params, Value indices) {
    return Selections.gatherNd(this, params, indices, 0);
  }

  /** TF's {@code tf.gather_nd(params, indices, batch_dims=batchDims)} on dense operands. */
  public Value gatherNd(Value params, Value indices, int batchDims) {
    return Selections.gatherNd(this, params, indices, batchDims);
  }

  /**
   * TF's {@code tf.dynamic_partition(data, partitions, numPartitions)}: one value per partition,
   * {@code dynamic_partition {index = i}} nodes over the same operands (the IR has one result per
   * node). Ragged data is partitioned by rows ({@code partitions} of rank 1, one per row).
   */
  public List<Value> dynamicPartition(Value data, Value partitions, int numPartitions) {
    return Selections.dynamicPartition(this, data, partitions, numPartitions);
  }

  /** TF's {@code tf.ragged.range(limits)}: rows {@code range(0, limits[i])}. */
  public Value raggedRange(Value limits) {
    return raggedRange(scalar(limits.dtype(), 0), limits, scalar(limits.dtype(), 1));
  }

  /** TF's {@code tf.ragged.range(starts, limits)}: rows {@code range(starts[i], limits[i])}. */
  public Value raggedRange(Value starts, Value limits) {
    return raggedRange(starts, limits, scalar(starts.dtype(), 1));
  }

  /** TF's {@code tf.ragged.range(starts, limits, deltas)}; scalars broadcast, int64 row splits. */
  public Value raggedRange(Value starts, Value limits, Value deltas) {
    return raggedRange(starts, limits, deltas, DType.INT64);
  }

  /** TF's {@code tf.ragged.range(starts, limits, deltas, row_splits_dtype=...)}. */
  public Value raggedRange(Value starts, Value limits, Value deltas, DType rowSplitsDType) {
    return Selections.raggedRange(this, starts, limits, deltas, rowSplitsDType);
  }

  /**
   * TF's {@code tf.ragged.boolean_mask(data, mask)}: the elements where {@code mask} (dense or
   * ragged bool, a prefix of data's shape) is true, keeping the mask's dimensions.
   */
  public Value booleanMask(Value data, Value mask) {
    return Selections.booleanMask(this, data, mask);
  }

  /**
   * TF's {@code tf.concat(values, axis)} on dense and ragged tensors of one rank (a negative axis
   * counts from the end): two dense tensors concatenate densely; otherwise, as TF, along axis 0
   * rows are appended, along axis 1 row {@code i} of each is joined, deeper axes need the same
   * outer rows.
   */
  public Value concat(List<Value> values, int axis) {
    return Combinations.concat(this, values, axis);
  }

  /** TF's {@code tf.stack(values, axis)} ({@code tf.ragged.stack} when a value is ragged). */
  public Value stack(List<Value> values, int axis) {
    return Combinations.stack(this, values, axis);
  }

  /** TF's {@code tf.tile(input, multiples)} on a dense or ragged tensor (multiples known when the graph is built). */
  public Value tile(Value input, long... multiples) {
    java.util.List<Long> m = new ArrayList<>();
    for (long x : multiples) {
      m.add(x);
    }
    return op(dev.tatter.ir.ops.CombinationOps.TILE, Map.of("multiples", ImmutableList.copyOf(m)), input);
  }

  /** TF's {@code tf.sequence_mask(lengths)}: bool, as wide as the largest length. */
  public Value sequenceMask(Value lengths) {
    return sequenceMask(lengths, -1, DType.BOOL);
  }

  /** TF's {@code tf.sequence_mask(lengths, maxlen, dtype)}; a maxlen of -1 is the largest length. */
  public Value sequenceMask(Value lengths, long maxlen, DType dtype) {
    return op(dev.tatter.ir.ops.SelectionOps.SEQUENCE_MASK, Map.of("maxlen", maxlen, "dtype", dtype), lengths);
  }

  // ---- TF's segment reductions of dense data (tf.math.unsorted_segment_* and tf.math.segment_*) ----

  /**
   * TF's {@code tf.math.unsorted_segment_sum(data, segment_ids, num_segments)}; a negative id drops its row. Ragged
   * data (one id per row) aggregates rows position by position, as TF's ragged dispatch; so do the other unsorted ones.
   */
  public Value unsortedSegmentSum(Value data, Value segmentIds, Value numSegments) {
    return RaggedSegments.unsorted(this, dev.tatter.ir.ops.SegmentOps.UNSORTED_SEGMENT_SUM, data, segmentIds, numSegments);
  }

  /** TF's {@code tf.math.unsorted_segment_prod(data, segment_ids, num_segments)}. */
  public Value unsortedSegmentProd(Value data, Value segmentIds, Value numSegments) {
    return RaggedSegments.unsorted(this, dev.tatter.ir.ops.SegmentOps.UNSORTED_SEGMENT_PROD, data, segmentIds, numSegments);
  }

  /** TF's {@code tf.math.unsorted_segment_min(data, segment_ids, num_segments)}. */
  public Value unsortedSegmentMin(Value data, Value segmentIds, Value numSegments) {
    return RaggedSegments.unsorted(this, dev.tatter.ir.ops.SegmentOps.UNSORTED_SEGMENT_MIN, data, segmentIds, numSegments);
  }

  /** TF's {@code tf.math.unsorted_segment_max(data, segment_ids, num_segments)}. */
  public Value unsortedSegmentMax(Value data, Value segmentIds, Value numSegments) {
    return RaggedSegments.unsorted(this, dev.tatter.ir.ops.SegmentOps.UNSORTED_SEGMENT_MAX, data, segmentIds, numSegments);
  }

  /** TF's {@code tf.math.unsorted_segment_mean(data, segment_ids, num_segments)}. */
  public Value unsortedSegmentMean(Value data, Value segmentIds, Value numSegments) {
    return RaggedSegments.unsorted(this, dev.tatter.ir.ops.SegmentOps.UNSORTED_SEGMENT_MEAN, data, segmentIds, numSegments);
  }

  /** TF's {@code tf.math.unsorted_segment_sqrt_n(data, segment_ids, num_segments)}. */
  public Value unsortedSegmentSqrtN(Value data, Value segmentIds, Value numSegments) {
    return RaggedSegments.unsorted(this, dev.tatter.ir.ops.SegmentOps.UNSORTED_SEGMENT_SQRT_N, data, segmentIds, numSegments);
  }

  /** TF's {@code tf.math.segment_sum(data, segment_ids)} (sorted ids; an empty segment is 0). */
  public Value segmentSum(Value data, Value segmentIds) {
    return op(dev.tatter.ir.ops.SegmentOps.SEGMENT_SUM, Map.of(), data, segmentIds);
  }

  /** TF's {@code tf.math.segment_prod(data, segment_ids)} (sorted ids; an empty segment is 1, as TF fills it). */
  public Value segmentProd(Value data, Value segmentIds) {
    return op(dev.tatter.ir.ops.SegmentOps.SEGMENT_PROD, Map.of(), data, segmentIds);
  }

  /** TF's {@code tf.math.segment_min(data, segment_ids)} (sorted ids; an empty segment is 0). */
  public Value segmentMin(Value data, Value segmentIds) {
    return op(dev.tatter.ir.ops.SegmentOps.SEGMENT_MIN, Map.of(), data, segmentIds);
  }

  /** TF's {@code tf.math.segment_max(data, segment_ids)} (sorted ids; an empty segment is 0). */
  public Value segmentMax(Value data, Value segmentIds) {
    return op(dev.tatter.ir.ops.SegmentOps.SEGMENT_MAX, Map.of(), data, segmentIds);
  }

  /** TF's {@code tf.math.segment_mean(data, segment_ids)} (sorted ids; an empty segment is 0). */
  public Value segmentMean(Value data, Value segmentIds) {
    return op(dev.tatter.ir.ops.SegmentOps.SEGMENT_MEAN, Map.of(), data, segmentIds);
  }

  /** TF's {@code tf.math.bincount(arr)}: int32 counts of each value in {@code [0, max(arr)]}. */
  public Value bincount(Value arr) {
    return bincount(arr, null, -1, -1, false, false);
  }

  /**
   * TF's {@code tf.math.bincount(arr, weights, minlength, maxlength, axis, binary_output)}:
   * {@code weights} may be null, {@code minlength}/{@code maxlength} -1 when not given,
   * {@code perRow} is TF's {@code axis=-1} (a matrix or a 2-D ragged tensor: one row of counts per row).
   */
  public Value bincount(Value arr, Value weights, long minlength, long maxlength, boolean binaryOutput, boolean perRow) {
    if (weights == null) {
      return op(dev.tatter.ir.ops.SegmentOps.BINCOUNT, Map.of("minlength", minlength, "maxlength", maxlength,
          "binary_output", binaryOutput, "per_row", perRow), arr);
    }
    if (binaryOutput) {
      throw misuse("bincount: Arguments binary_output and weights are mutually exclusive", weights);
    }
    return op(dev.tatter.ir.ops.SegmentOps.WEIGHTED_BINCOUNT, Map.of("minlength", minlength, "maxlength", maxlength,
        "per_row", perRow), arr, weights);
  }

  /** TF's {@code tf.where(condition)}: the int64 coordinates {@code [num_true, rank]} of the true elements. */
  public Value where(Value condition) {
    return Selections.where(this, condition);
  }

  /** TF's {@code tf.where(condition, x, y)}: {@code x} where the condition holds, else {@code y} (broadcasting). */
  public Value where(Value condition, Value x, Value y) {
    return Selections.where(this, condition, x, y);
  }

  /**
   * {@code tf.complex(real, imag)}: {@code real + imag * 1j}, elementwise with broadcasting (and
   * over ragged values as TF's dispatch does); float32 parts give complex64, float64 complex128.
   */
  public Value complex(Value real, Value imag) {
    return ElementwiseLowering.binary(dev.tatter.ir.ops.ComplexOps.COMPLEX, real, imag);
  }

  /** A dense constant. */
  public Value constant(Tensor value) {
    return new Value(this, add(CoreOps.CONSTANT, List.of(), Map.of("value", value)));
  }

  /** A scalar constant of {@code dtype}, converted as TF converts a Python scalar (integers wrap). */
  public Value scalar(DType dtype, Object value) {
    return constant(Tensor.scalar(dtype, value));
  }

  /**
   * {@code tf.math.add_n(inputs)}: their sum, added left to right as TF's AddN kernel does (so
   * float results are bit-equal to TF's). TF requires one shape; shapes that static types show to
   * differ are refused here (shapes known only at run time broadcast as {@code add} does).
   */
  public Value addN(Value... inputs) {
    if (inputs.length == 0) {
      throw new GraphBuildException("add_n needs at least one input at " + CallSite.find());
    }
    Value sum = inputs[0];
    for (int i = 1; i < inputs.length; i++) {
      if (!sameShapeMaybe(inputs[0].type(), inputs[i].type())) {
        throw misuse("add_n: inputs must have one shape, got " + inputs[0].shape() + " and " + inputs[i].shape(), inputs[i]);
      }
      sum = sum.add(inputs[i]);
    }
    return sum;
  }

  /**
   * TF's {@code SparseTensor(indices, values, dense_shape)}: int64 indices {@code [N, ndims]},
   * values {@code [N]}, int64 dense_shape {@code [ndims]}; a constant dense_shape gives the
   * static shape. Row-major order is expected, not checked ({@link Value#reorder()} sorts).
   */
  public Value sparseTensor(Value indices, Value values, Value denseShape) {
    return Sparse.sparseTensor(this, indices, values, denseShape);
  }

  /** A constant sparse tensor: {@code sparseTensor(new long[][] {{0, 0}, {1, 2}}, Tensor.ofInts(1, 2), 3, 4)}. */
  public Value sparseTensor(long[][] indices, Tensor values, long... denseShape) {
    return sparseFromValue(dev.tatter.runtime.SparseTensor.of(indices, values, denseShape));
  }

  /** TF's {@code SparseTensor.from_value(value)}: a runtime sparse tensor as a graph constant. */
  public Value sparseFromValue(dev.tatter.runtime.SparseTensor value) {
    return Sparse.fromValue(this, value);
  }

  /** TF's {@code tf.sparse.concat(axis, sp_inputs)}: the inputs' other dims must match. */
  public Value sparseConcat(long axis, Value... inputs) {
    return SparseManipulation.concat(this, axis, false, inputs);
  }

  /** TF's {@code tf.sparse.concat(axis, sp_inputs, expand_nonconcat_dims)}: with it, each other dim is the largest. */
  public Value sparseConcat(long axis, boolean expandNonconcatDims, Value... inputs) {
    return SparseManipulation.concat(this, axis, expandNonconcatDims, inputs);
  }

  /** TF's {@code tf.sparse.eye(num_rows, num_columns, dtype)}: ones on the main diagonal. */
  public Value sparseEye(long numRows, long numColumns, DType dtype) {
    return op(dev.tatter.ir.ops.SparseSelectOps.EYE, Map.of("num_rows", numRows, "num_columns", numColumns, "dtype", dtype));
  }

  /** TF's {@code tf.sparse.segment_sum(data, indices, segment_ids, num_segments)}; {@code numSegments} -1 for None. */
  public Value sparseSegmentSum(Value data, Value indices, Value segmentIds, long numSegments) {
    return op(dev.tatter.ir.ops.SparseSegmentOps.SUM, Map.of("num_segments", numSegments), data, indices, segmentIds);
  }

  /** TF's {@code tf.sparse.segment_mean(data, indices, segment_ids, num_segments)}; {@code numSegments} -1 for None. */
  public Value sparseSegmentMean(Value data, Value indices, Value segmentIds, long numSegments) {
    return op(dev.tatter.ir.ops.SparseSegmentOps.MEAN, Map.of("num_segments", numSegments), data, indices, segmentIds);
  }

  /** TF's {@code tf.sparse.segment_sqrt_n(data, indices, segment_ids, num_segments)}; {@code numSegments} -1 for None. */
  public Value sparseSegmentSqrtN(Value data, Value indices, Value segmentIds, long numSegments) {
    return op(dev.tatter.ir.ops.SparseSegmentOps.SQRT_N, Map.of("num_segments", numSegments), data, indices, segmentIds);
  }

  /** TF's {@code tf.sparse.from_dense(tensor)}: its non-zero entries. */
  public Value sparseFromDense(Value dense) {
    return op(dev.tatter.ir.ops.SparseOps.FROM_DENSE, Map.of(), dense);
  }

  /**
   * TF's {@code tf.ragged.constant(pylist)}: nested Java lists or arrays, every scalar at the same
   * depth K; ragged_rank K - 1 and the dtype TF would infer (ints int32, floats float32; a
   * primitive array keeps its own). A depth of 1 gives a dense constant, as in TF.
   */
  public Value raggedConstant(Object nested) {
    return Conversions.raggedConstant(this, nested, null, -1);
  }

  /** TF's {@code tf.ragged.constant(pylist, dtype, ragged_rank)}; a ragged_rank of -1 infers it, lower levels stay uniform. */
  public Value raggedConstant(Object nested, DType dtype, int raggedRank) {
    return Conversions.raggedConstant(this, nested, dtype, raggedRank);
  }

  /** TF's {@code RowPartition.from_row_splits(row_splits, validate=True)}. */
  public Value partitionFromRowSplits(Value rowSplits) {
    return partitionFromRowSplits(rowSplits, true);
  }

  public Value partitionFromRowSplits(Value rowSplits, boolean validate) {
    return op(PartitionOps.FROM_ROW_SPLITS, Map.of("validate", validate), rowSplits);
  }

  /** TF's {@code RaggedTensor.from_row_splits(values, row_splits, validate=True)}. */
  public Value raggedFromRowSplits(Value values, Value rowSplits) {
    return raggedFromRowSplits(values, rowSplits, true);
  }

  public Value raggedFromRowSplits(Value values, Value rowSplits, boolean validate) {
    return ragged(values, partitionFromRowSplits(rowSplits, validate), validate);
  }

  // ---- RowPartition factories (TF's RowPartition.from_*) ----

  /** TF's {@code RowPartition.from_row_splits(row_splits, validate, dtype)}. */
  public Value partitionFromRowSplits(Value rowSplits, PartitionOptions o) {
    return withDType(op(PartitionOps.FROM_ROW_SPLITS, validate(o), rowSplits), o);
  }

  public Value partitionFromRowSplits(long[] rowSplits, PartitionOptions o) {
    return partitionFromRowSplits(indices(o.literalDType(), rowSplits), o);
  }

  /** TF's {@code RowPartition.from_row_lengths(row_lengths, validate=True)}. */
  public Value partitionFromRowLengths(Value rowLengths) {
    return partitionFromRowLengths(rowLengths, PartitionOptions.DEFAULT);
  }

  public Value partitionFromRowLengths(Value rowLengths, PartitionOptions o) {
    return withDType(op(PartitionOps.FROM_ROW_LENGTHS, validate(o), rowLengths), o);
  }

  public Value partitionFromRowLengths(long[] rowLengths, PartitionOptions o) {
    return partitionFromRowLengths(indices(o.literalDType(), rowLengths), o);
  }

  /** TF's {@code RowPartition.from_row_starts(row_starts, nvals, validate=True)}. */
  public Value partitionFromRowStarts(Value rowStarts, Value nvals) {
    return partitionFromRowStarts(rowStarts, nvals, PartitionOptions.DEFAULT);
  }

  public Value partitionFromRowStarts(Value rowStarts, Value nvals, PartitionOptions o) {
    return withDType(op(PartitionOps.FROM_ROW_STARTS, validate(o), rowStarts, nvals), o);
  }

  public Value partitionFromRowStarts(long[] rowStarts, long nvals, PartitionOptions o) {
    return partitionFromRowStarts(indices(o.literalDType(), rowStarts), index(o.literalDType(), nvals), o);
  }

  /** TF's {@code RowPartition.from_row_limits(row_limits, validate=True)}. */
  public Value partitionFromRowLimits(Value rowLimits) {
    return partitionFromRowLimits(rowLimits, PartitionOptions.DEFAULT);
  }

  public Value partitionFromRowLimits(Value rowLimits, PartitionOptions o) {
    return withDType(op(PartitionOps.FROM_ROW_LIMITS, validate(o), rowLimits), o);
  }

  public Value partitionFromRowLimits(long[] rowLimits, PartitionOptions o) {
    return partitionFromRowLimits(indices(o.literalDType(), rowLimits), o);
  }

  /** TF's {@code RowPartition.from_value_rowids(value_rowids)}: nrows is the last rowid + 1. */
  public Value partitionFromValueRowids(Value valueRowids) {
    return partitionFromValueRowids(valueRowids, null, PartitionOptions.DEFAULT);
  }

  /** TF's {@code RowPartition.from_value_rowids(value_rowids, nrows, validate=True)}. */
  public Value partitionFromValueRowids(Value valueRowids, Value nrows) {
    return partitionFromValueRowids(valueRowids, nrows, PartitionOptions.DEFAULT);
  }

  /** {@code nrows} may be null: the last rowid + 1 (0 without values), as in TF. */
  public Value partitionFromValueRowids(Value valueRowids, Value nrows, PartitionOptions o) {
    Value n = nrows != null ? nrows : op(PartitionOps.NROWS_FROM_VALUE_ROWIDS, Map.of(), valueRowids);
    return withDType(op(PartitionOps.FROM_VALUE_ROWIDS, validate(o), valueRowids, n), o);
  }

  /** {@code nrows} may be null. */
  public Value partitionFromValueRowids(long[] valueRowids, Long nrows, PartitionOptions o) {
    DType d = o.literalDType();
    return partitionFromValueRowids(indices(d, valueRowids), nrows == null ? null : index(d, nrows), o);
  }

  /**
   * TF's {@code RowPartition.from_uniform_row_length(uniform_row_length, nvals, nrows, validate)}:
   * one of {@code nvals} and {@code nrows} may be null, not both. Without nrows there are
   * {@code nvals / uniform_row_length} rows (none if the length is 0); without nvals,
   * {@code nrows * uniform_row_length} values.
   */
  public Value partitionFromUniformRowLength(Value uniformRowLength, Value nvals, Value nrows, PartitionOptions o) {
    if (nvals == null && nrows == null) {
      throw new GraphBuildException("from_uniform_row_length at " + CallSite.find()
          + ": either (or both) of nvals and nrows must be given");
    }
    Value n = nrows != null ? nrows : op(PartitionOps.UNIFORM_NROWS, Map.of(), uniformRowLength, nvals);
    Value nv = nvals != null ? nvals : op(PartitionOps.UNIFORM_NVALS, Map.of(), uniformRowLength, nrows);
    return withDType(op(PartitionOps.FROM_UNIFORM_ROW_LENGTH, validate(o), uniformRowLength, nv, n), o);
  }

  /** {@code nvals} or {@code nrows} (not both) may be null. */
  public Value partitionFromUniformRowLength(long uniformRowLength, Long nvals, Long nrows, PartitionOptions o) {
    DType d = o.literalDType();
    return partitionFromUniformRowLength(index(d, uniformRowLength),
        nvals == null ? null : index(d, nvals), nrows == null ? null : index(d, nrows), o);
  }

  /** A vector constant of int32 or int64 indices; values that int32 cannot hold fail here. */
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
  public Value index(DType dtype, long value) {
    checkArgument(dtype.isSplitsDType(), "an index must be int32 or int64, got %s", dtype);
    if (dtype == DType.INT32 && value != (int) value) {
      throw new GraphBuildException("index at " + CallSite.find() + ": " + value + " does not fit int32");
    }
    return scalar(dtype, value);
  }

  private static Map<String, Object> validate(PartitionOptions o) {
    return Map.of("validate", o.validate());
  }

  private Value withDType(Value partition, PartitionOptions o) {
    return o.dtype() == null || o.dtype() == partition.dtype() ? partition : partition.withDType(o.dtype());
  }

  // ---- RaggedTensor factories (TF's RaggedTensor.from_*): a partition factory, then ragged ----

  /** TF's {@code RaggedTensor.from_row_lengths(values, row_lengths, validate=True)}. */
  public Value raggedFromRowLengths(Value values, Value rowLengths) {
    return raggedFromRowLengths(values, rowLengths, true);
  }

  public Value raggedFromRowLengths(Value values, Value rowLengths, boolean validate) {
    return ragged(values, partitionFromRowLengths(rowLengths, options(validate)), validate);
  }

  /** TF's {@code RaggedTensor.from_row_starts(values, row_starts)}: nvals is the values' row count. */
  public Value raggedFromRowStarts(Value values, Value rowStarts) {
    return raggedFromRowStarts(values, rowStarts, true);
  }

  public Value raggedFromRowStarts(Value values, Value rowStarts, boolean validate) {
    return ragged(values, partitionFromRowStarts(rowStarts, outerDim(values, rowStarts.dtype()), options(validate)), validate);
  }

  /** TF's {@code RaggedTensor.from_row_limits(values, row_limits, validate=True)}. */
  public Value raggedFromRowLimits(Value values, Value rowLimits) {
    return raggedFromRowLimits(values, rowLimits, true);
  }

  public Value raggedFromRowLimits(Value values, Value rowLimits, boolean validate) {
    return ragged(values, partitionFromRowLimits(rowLimits, options(validate)), validate);
  }

  /** TF's {@code RaggedTensor.from_value_rowids(values, value_rowids)}: nrows is the last rowid + 1. */
  public Value raggedFromValueRowids(Value values, Value valueRowids) {
    return raggedFromValueRowids(values, valueRowids, null, true);
  }

  /** TF's {@code RaggedTensor.from_value_rowids(values, value_rowids, nrows, validate)}; nrows may be null. */
  public Value raggedFromValueRowids(Value values, Value valueRowids, Value nrows, boolean validate) {
    return ragged(values, partitionFromValueRowids(valueRowids, nrows, options(validate)), validate);
  }

  /** TF's {@code RaggedTensor.from_uniform_row_length(values, uniform_row_length)}. */
  public Value raggedFromUniformRowLength(Value values, long uniformRowLength) {
    return raggedFromUniformRowLength(values, index(splitsDTypeOf(values), uniformRowLength), null, true);
  }

  /**
   * TF's {@code RaggedTensor.from_uniform_row_length(values, uniform_row_length, nrows, validate)};
   * nrows may be null. nvals is the values' row count.
   */
  public Value raggedFromUniformRowLength(Value values, Value uniformRowLength, Value nrows, boolean validate) {
    Value nvals = outerDim(values, uniformRowLength.dtype());
    return ragged(values, partitionFromUniformRowLength(uniformRowLength, nvals, nrows, options(validate)), validate);
  }

  /** TF's {@code RaggedTensor.from_nested_row_splits(flat_values, nested_row_splits, validate=True)}. */
  public Value raggedFromNestedRowSplits(Value flatValues, List<Value> nestedRowSplits) {
    return raggedFromNestedRowSplits(flatValues, nestedRowSplits, true);
  }

  public Value raggedFromNestedRowSplits(Value flatValues, List<Value> nestedRowSplits, boolean validate) {
    Value result = flatValues;
    for (int i = nestedRowSplits.size() - 1; i >= 0; i--) {
      result = raggedFromRowSplits(result, nestedRowSplits.get(i), validate);
    }
    return result;
  }

  /** TF's {@code RaggedTensor.from_nested_row_lengths(flat_values, nested_row_lengths, validate=True)}. */
  public Value raggedFromNestedRowLengths(Value flatValues, List<Value> nestedRowLengths) {
    return raggedFromNestedRowLengths(flatValues, nestedRowLengths, true);
  }

  public Value raggedFromNestedRowLengths(Value flatValues, List<Value> nestedRowLengths, boolean validate) {
    Value result = flatValues;
    for (int i = nestedRowLengths.size() - 1; i >= 0; i--) {
      result = raggedFromRowLengths(result, nestedRowLengths.get(i), validate);
    }
    return result;
  }

  /** TF's {@code RaggedTensor.from_nested_value_rowids(flat_values, nested_value_rowids)}. */
  public Value raggedFromNestedValueRowids(Value flatValues, List<Value> nestedValueRowids) {
    return raggedFromNestedValueRowids(flatValues, nestedValueRowids, null, true);
  }

  /**
   * TF's {@code from_nested_value_rowids(flat_values, nested_value_rowids, nested_nrows, validate)}:
   * {@code nestedNrows} is null or has one entry (a scalar, or null for the default) per rowids.
   */
  public Value raggedFromNestedValueRowids(Value flatValues, List<Value> nestedValueRowids, List<Value> nestedNrows,
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

  /** The outer dimension of a dense or ragged value (its row count) as an {@code outType} scalar. */
  Value outerDim(Value x, DType outType) {
    return op(RaggedShapeOps.OUTER_DIM, Map.of("out_type", outType), x);
  }

  private static PartitionOptions options(boolean validate) {
    return PartitionOptions.DEFAULT.withValidate(validate);
  }

  /** The splits dtype a partition over {@code values} must have: ragged values' own, else int64. */
  private static DType splitsDTypeOf(Value values) {
    return values.type() instanceof RaggedType rt ? rt.splitsDType() : DType.INT64;
  }

  /** {@code values} split into rows by {@code partition}. */
  public Value ragged(Value values, Value partition) {
    return op(RaggedOps.RAGGED, Map.of(), values, partition);
  }

  /**
   * {@code values} split by {@code partition}, as a factory with {@code validate} builds it: the
   * check that they fit then survives every optimizer pass (TF's validate=True checks nvals too).
   */
  Value ragged(Value values, Value partition, boolean validate) {
    return validate ? op(RaggedOps.RAGGED, Map.of("validate", true), values, partition) : ragged(values, partition);
  }

  /** The graph built so far; its outputs are the given values. The builder stays usable. */
  public Graph build(Value... outputs) {
    Graph g = graph.build();
    return g.withOutputs(Arrays.stream(outputs).map(v -> v.node()).toList());
  }

  /** Adds {@code op(inputs){attributes}} and wraps the result. */
  Value op(OpDef op, Map<String, ?> attributes, Value... inputs) {
    List<Node> nodes = new ArrayList<>();
    for (Value v : inputs) {
      checkArgument(v.builder() == this, "%s comes from another GraphBuilder", v);
      nodes.add(v.node());
    }
    return new Value(this, add(op, nodes, attributes));
  }

  /** The current node of {@code node} (its renamed copy after {@link Value#named}). */
  Node current(Node node) {
    return graph.current(node);
  }

  void rename(Value v, String name) {
    checkArgument(v.builder() == this, "%s comes from another GraphBuilder", v);
    graph.rename(v.node(), name, CallSite.find());
  }

  private Node add(OpDef op, List<Node> inputs, Map<String, ?> attributes) {
    return add(op, inputs, attributes, null, null);
  }

  private Node add(OpDef op, List<Node> inputs, Map<String, ?> attributes, String name, Type declared) {
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

  /** False if the static types prove the two shapes differ (rank, or a known size). */
  private static boolean sameShapeMaybe(Type a, Type b) {
    if (a instanceof dev.tatter.ir.types.DenseType x && b instanceof dev.tatter.ir.types.DenseType y) {
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
