package dev.tatter.frontend;

import dev.tatter.ir.ops.PartitionEncodingOps;
import dev.tatter.ir.ops.PartitionOps;
import dev.tatter.ir.ops.SegmentOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.runtime.DType;
import java.util.Map;

/**
 * TF's conversions between segment ids and row splits, {@code tf.ragged.segment_ids_to_row_splits}
 * and {@code tf.ragged.row_splits_to_segment_ids}: Python functions in TF, composed here of the
 * ops TF's Python emits (a bincount and a cumulative sum; row lengths repeated into row ids).
 */
@BuilderApi
final class RaggedSegmentIds {
  private RaggedSegmentIds() {}

  /** TF's {@code tf.ragged.segment_ids_to_row_splits(segment_ids)}: as many rows as the largest id + 1. */
  @TfApi("tf.ragged.segment_ids_to_row_splits")
  static Value segmentIdsToRowSplits(Value segmentIds) {
    return segmentIdsToRowSplits(segmentIds, -1, null);
  }

  /**
   * TF's {@code tf.ragged.segment_ids_to_row_splits(segment_ids, num_segments, out_type)}: row
   * {@code k} is as long as the count of id {@code k}; ids need not be sorted (TF counts them with
   * a bincount); an id at or past {@code numSegments} is not counted, a negative one is an error
   * at run time (bincount's). {@code numSegments} -1 is TF's None (the largest id + 1), {@code
   * outType} null TF's default (the ids' dtype).
   */
  @TfApi("tf.ragged.segment_ids_to_row_splits")
  static Value segmentIdsToRowSplits(Value segmentIds, long numSegments, @Nullable DType outType) {
    if (!(segmentIds.type() instanceof DenseType ids) || ids.rank() != 1
        || (ids.dtype() != DType.INT32 && ids.dtype() != DType.INT64)) {
      throw GraphBuilder.misuse("segment_ids_to_row_splits: segment_ids must be an int32 or int64 vector (TF: Shapes "
          + "must have rank 1)", segmentIds);
    }
    if (numSegments < -1) {
      throw GraphBuilder.misuse("segment_ids_to_row_splits: num_segments must be >= 0, got " + numSegments, segmentIds);
    }
    DType out = outType != null ? outType : ids.dtype();
    if (out != DType.INT32 && out != DType.INT64) {
      throw GraphBuilder.misuse("segment_ids_to_row_splits: out_type must be int32 or int64 (row splits), got " + out,
          segmentIds);
    }
    GraphBuilder g = segmentIds.builder();
    // TF: row_lengths = bincount(segment_ids, minlength=num_segments, maxlength=num_segments, dtype=out_type)
    Value lengths = g.op(SegmentOps.BINCOUNT, Map.of("minlength", numSegments, "maxlength", numSegments, "dtype", out),
        segmentIds);
    // TF: concat([[0], cumsum(row_lengths)], axis=0)
    return g.op(PartitionEncodingOps.CUMSUM0, Map.of(), lengths);
  }

  /** TF's {@code tf.ragged.row_splits_to_segment_ids(splits)}: the row of each value, in the splits' dtype. */
  @TfApi("tf.ragged.row_splits_to_segment_ids")
  static Value rowSplitsToSegmentIds(Value splits) {
    return rowSplitsToSegmentIds(splits, null);
  }

  /**
   * TF's {@code tf.ragged.row_splits_to_segment_ids(splits, out_type)}: row {@code i} repeated
   * {@code splits[i + 1] - splits[i]} times. As in TF, splits need not start at 0; a decreasing
   * pair (a negative row length) is refused at run time, where TF's repeat gives that row no ids.
   * {@code outType} null is TF's default, the splits' dtype.
   */
  @TfApi("tf.ragged.row_splits_to_segment_ids")
  static Value rowSplitsToSegmentIds(Value splits, @Nullable DType outType) {
    if (!(splits.type() instanceof DenseType s) || (s.dtype() != DType.INT32 && s.dtype() != DType.INT64)) {
      throw GraphBuilder.misuse("row_splits_to_segment_ids: splits must have dtype int32 or int64", splits);
    }
    if (s.rank() != 1) {
      throw GraphBuilder.misuse("row_splits_to_segment_ids: splits must be a vector (TF: Shapes must have rank 1)", splits);
    }
    if (s.dim(0) == 0) {
      throw GraphBuilder.misuse("row_splits_to_segment_ids: Invalid row_splits: []", splits);
    }
    DType out = outType != null ? outType : s.dtype();
    if (out != DType.INT32 && out != DType.INT64) {
      throw GraphBuilder.misuse("row_splits_to_segment_ids: out_type must be int32 or int64, got " + out, splits);
    }
    GraphBuilder g = splits.builder();
    // TF: row_lengths = splits[1:] - splits[:-1]; repeat(range(nrows), row_lengths)
    Value lengths = splits.getItem("1:").sub(splits.getItem(":-1"));
    Value rows = g.op(PartitionOps.FROM_ROW_LENGTHS, Map.of("validate", true), lengths);
    Value ids = g.op(PartitionOps.VALUE_ROWIDS, Map.of(), rows);
    return out == s.dtype() ? ids : ids.cast(out);
  }
}
