package dev.tatter.frontend;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.ops.RaggedOps;
import dev.tatter.ir.ops.RaggedShapeOps;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.runtime.DType;
import java.util.List;
import java.util.Map;

/**
 * The methods of {@link GraphBuilder} for the RaggedTensor factories (TF's RaggedTensor.from_*): a
 * partition factory, then ragged. GraphBuilder's methods are split by family into a chain of
 * package-private classes (GraphBuilderOps, GraphBuilderSparse, GraphBuilderRagged, then
 * GraphBuilder) so that a reader finds a method by its family; users see every one of them on
 * {@code GraphBuilder}, which javadoc documents as its own.
 */
@BuilderApi
abstract class GraphBuilderRagged extends GraphBuilderSparse {
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
    return self().op(RaggedShapeOps.OUTER_DIM, Map.of("out_type", outType), x);
  }

  static PartitionOptions options(boolean validate) {
    return PartitionOptions.DEFAULT.withValidate(validate);
  }

  /** The splits dtype a partition over {@code values} must have: ragged values' own, else int64. */
  static DType splitsDTypeOf(Value values) {
    return values.type() instanceof RaggedType rt ? rt.splitsDType() : DType.INT64;
  }

  /** {@code values} split into rows by {@code partition}. */
  public Value ragged(Value values, Value partition) {
    return self().op(RaggedOps.RAGGED, Map.of(), values, partition);
  }

  /**
   * {@code values} split by {@code partition}, as a factory with {@code validate} builds it: the
   * check that they fit then survives every optimizer pass (TF's validate=True checks nvals too).
   */
  Value ragged(Value values, Value partition, boolean validate) {
    return validate ? self().op(RaggedOps.RAGGED, Map.of("validate", true), values, partition) : ragged(values, partition);
  }
}
