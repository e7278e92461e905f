package dev.tatter.frontend;

import static com.google.common.base.Preconditions.checkArgument;

import static com.google.common.base.Preconditions.checkArgument;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.ops.PartitionOps;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.Map;

/**
 * The methods of {@link GraphBuilder} for sparse tensors, ragged constants and the RowPartition
 * factories (TF's RowPartition.from_*). GraphBuilder's methods are split by family into a chain of
 * package-private classes (GraphBuilderOps, GraphBuilderSparse, GraphBuilderRagged, then
 * GraphBuilder) so that a reader finds a method by its family; users see every one of them on
 * {@code GraphBuilder}, which javadoc documents as its own.
 */
@BuilderApi
abstract class GraphBuilderSparse extends GraphBuilderOps {
  /**
   * TF's {@code SparseTensor(indices, values, dense_shape)}: int64 indices {@code [N, ndims]},
   * values {@code [N]}, int64 dense_shape {@code [ndims]}; a constant dense_shape gives the
   * static shape. Row-major order is expected, not checked ({@link Value#reorder()} sorts).
   */
  public Value sparseTensor(Value indices, Value values, Value denseShape) {
    return Sparse.sparseTensor(self(), indices, values, denseShape);
  }

  /** A constant sparse tensor: {@code sparseTensor(new long[][] {{0, 0}, {1, 2}}, Tensor.ofInts(1, 2), 3, 4)}. */
  public Value sparseTensor(long[][] indices, Tensor values, long... denseShape) {
    return sparseFromValue(dev.tatter.runtime.SparseTensor.of(indices, values, denseShape));
  }

  /** TF's {@code SparseTensor.from_value(value)}: a runtime sparse tensor as a graph constant. */
  public Value sparseFromValue(dev.tatter.runtime.SparseTensor value) {
    return Sparse.fromValue(self(), value);
  }

  /** TF's {@code tf.sparse.concat(axis, sp_inputs)}: the inputs' other dims must match. */
  public Value sparseConcat(long axis, Value... inputs) {
    return SparseManipulation.concat(self(), axis, false, inputs);
  }

  /** TF's {@code tf.sparse.concat(axis, sp_inputs, expand_nonconcat_dims)}: with it, each other dim is the largest. */
  public Value sparseConcat(long axis, boolean expandNonconcatDims, Value... inputs) {
    return SparseManipulation.concat(self(), axis, expandNonconcatDims, inputs);
  }

  /** TF's {@code tf.sparse.eye(num_rows, num_columns, dtype)}: ones on the main diagonal. */
  public Value sparseEye(long numRows, long numColumns, DType dtype) {
    return self().op(dev.tatter.ir.ops.SparseSelectOps.EYE, Map.of("num_rows", numRows, "num_columns", numColumns, "dtype", dtype));
  }

  /** TF's {@code tf.sparse.segment_sum(data, indices, segment_ids, num_segments)}; {@code numSegments} -1 for None. */
  public Value sparseSegmentSum(Value data, Value indices, Value segmentIds, long numSegments) {
    return self().op(dev.tatter.ir.ops.SparseSegmentOps.SUM, Map.of("num_segments", numSegments), data, indices, segmentIds);
  }

  /** TF's {@code tf.sparse.segment_mean(data, indices, segment_ids, num_segments)}; {@code numSegments} -1 for None. */
  public Value sparseSegmentMean(Value data, Value indices, Value segmentIds, long numSegments) {
    return self().op(dev.tatter.ir.ops.SparseSegmentOps.MEAN, Map.of("num_segments", numSegments), data, indices, segmentIds);
  }

  /** TF's {@code tf.sparse.segment_sqrt_n(data, indices, segment_ids, num_segments)}; {@code numSegments} -1 for None. */
  public Value sparseSegmentSqrtN(Value data, Value indices, Value segmentIds, long numSegments) {
    return self().op(dev.tatter.ir.ops.SparseSegmentOps.SQRT_N, Map.of("num_segments", numSegments), data, indices, segmentIds);
  }

  /** TF's {@code tf.sparse.from_dense(tensor)}: its non-zero entries. */
  public Value sparseFromDense(Value dense) {
    return self().op(dev.tatter.ir.ops.SparseOps.FROM_DENSE, Map.of(), dense);
  }

  /**
   * TF's {@code tf.ragged.constant(pylist)}: nested Java lists or arrays, every scalar at the same
   * depth K; ragged_rank K - 1 and the dtype TF would infer (ints int32, floats float32; a
   * primitive array keeps its own). A depth of 1 gives a dense constant, as in TF.
   */
  public Value raggedConstant(Object nested) {
    return Conversions.raggedConstant(self(), nested, null, -1);
  }

  /** TF's {@code tf.ragged.constant(pylist, dtype, ragged_rank)}; a ragged_rank of -1 infers it, lower levels stay uniform. */
  public Value raggedConstant(Object nested, DType dtype, int raggedRank) {
    return Conversions.raggedConstant(self(), nested, dtype, raggedRank);
  }

  /** TF's {@code RowPartition.from_row_splits(row_splits, validate=True)}. */
  public Value partitionFromRowSplits(Value rowSplits) {
    return partitionFromRowSplits(rowSplits, true);
  }

  public Value partitionFromRowSplits(Value rowSplits, boolean validate) {
    return self().op(PartitionOps.FROM_ROW_SPLITS, Map.of("validate", validate), rowSplits);
  }

  /** TF's {@code RaggedTensor.from_row_splits(values, row_splits, validate=True)}. */
  public Value raggedFromRowSplits(Value values, Value rowSplits) {
    return raggedFromRowSplits(values, rowSplits, true);
  }

  public Value raggedFromRowSplits(Value values, Value rowSplits, boolean validate) {
    return self().ragged(values, partitionFromRowSplits(rowSplits, validate), validate);
  }

  // ---- RowPartition factories (TF's RowPartition.from_*) ----

  /** TF's {@code RowPartition.from_row_splits(row_splits, validate, dtype)}. */
  public Value partitionFromRowSplits(Value rowSplits, PartitionOptions o) {
    return withDType(self().op(PartitionOps.FROM_ROW_SPLITS, validate(o), rowSplits), o);
  }

  public Value partitionFromRowSplits(long[] rowSplits, PartitionOptions o) {
    return partitionFromRowSplits(indices(o.literalDType(), rowSplits), o);
  }

  /** TF's {@code RowPartition.from_row_lengths(row_lengths, validate=True)}. */
  public Value partitionFromRowLengths(Value rowLengths) {
    return partitionFromRowLengths(rowLengths, PartitionOptions.DEFAULT);
  }

  public Value partitionFromRowLengths(Value rowLengths, PartitionOptions o) {
    return withDType(self().op(PartitionOps.FROM_ROW_LENGTHS, validate(o), rowLengths), o);
  }

  public Value partitionFromRowLengths(long[] rowLengths, PartitionOptions o) {
    return partitionFromRowLengths(indices(o.literalDType(), rowLengths), o);
  }

  /** TF's {@code RowPartition.from_row_starts(row_starts, nvals, validate=True)}. */
  public Value partitionFromRowStarts(Value rowStarts, Value nvals) {
    return partitionFromRowStarts(rowStarts, nvals, PartitionOptions.DEFAULT);
  }

  public Value partitionFromRowStarts(Value rowStarts, Value nvals, PartitionOptions o) {
    return withDType(self().op(PartitionOps.FROM_ROW_STARTS, validate(o), rowStarts, nvals), o);
  }

  public Value partitionFromRowStarts(long[] rowStarts, long nvals, PartitionOptions o) {
    return partitionFromRowStarts(indices(o.literalDType(), rowStarts), index(o.literalDType(), nvals), o);
  }

  /** TF's {@code RowPartition.from_row_limits(row_limits, validate=True)}. */
  public Value partitionFromRowLimits(Value rowLimits) {
    return partitionFromRowLimits(rowLimits, PartitionOptions.DEFAULT);
  }

  public Value partitionFromRowLimits(Value rowLimits, PartitionOptions o) {
    return withDType(self().op(PartitionOps.FROM_ROW_LIMITS, validate(o), rowLimits), o);
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
    Value n = nrows != null ? nrows : self().op(PartitionOps.NROWS_FROM_VALUE_ROWIDS, Map.of(), valueRowids);
    return withDType(self().op(PartitionOps.FROM_VALUE_ROWIDS, validate(o), valueRowids, n), o);
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
    Value n = nrows != null ? nrows : self().op(PartitionOps.UNIFORM_NROWS, Map.of(), uniformRowLength, nvals);
    Value nv = nvals != null ? nvals : self().op(PartitionOps.UNIFORM_NVALS, Map.of(), uniformRowLength, nrows);
    return withDType(self().op(PartitionOps.FROM_UNIFORM_ROW_LENGTH, validate(o), uniformRowLength, nv, n), o);
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

  static Map<String, Object> validate(PartitionOptions o) {
    return Map.of("validate", o.validate());
  }

  Value withDType(Value partition, PartitionOptions o) {
    return o.dtype() == null || o.dtype() == partition.dtype() ? partition : partition.withDType(o.dtype());
  }
}
