package dev.tatter.frontend;

import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.ElementwiseOps;
import dev.tatter.ir.ops.SegmentOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.runtime.DType;
import java.util.Map;

/**
 * {@code tf.math.unsorted_segment_*} of ragged data by one id per row, as TF's ragged dispatch
 * ({@code _ragged_segment_aggregate}) defines it: output row {@code k} is as long as the longest
 * row with id {@code k} (empty when none has it), and its value {@code j} aggregates value
 * {@code j} of every such row, so rows of different lengths aggregate position by position. The
 * positions become segment ids of the values and the same op recurses on them (a ragged_rank 2
 * tensor's inner rows aggregate the same way).
 */
@BuilderApi
final class RaggedSegments {
  private RaggedSegments() {}

  /**
   * TF's {@code tf.math.unsorted_segment_*(data, segment_ids, num_segments)}: a negative id drops
   * its row; ragged data (one id per row) aggregates rows position by position, as TF's dispatch.
   */
  @TfDispatch("unsorted_segment_*")
  static Value unsorted(OpDef op, Value data, Value segmentIds, Value numSegments) {
    Value ids = segmentIds;
    GraphBuilder g = data.builder();
    if (!(data.type() instanceof RaggedType)) {
      return g.op(op, Map.of(), data, ids, numSegments);
    }
    if (!(ids.type() instanceof DenseType idType) || idType.rank() != 1) {
      throw GraphBuilder.misuse(op.mnemonic() + " of ragged data takes a vector of segment ids, one per row, got "
          + ids.type(), ids);
    }
    Value lengths = data.rowLengths().cast(DType.INT64);
    // each output row's length: the longest row of its segment (TF: max(unsorted_segment_max(lengths), 0))
    Value outLengths = MathFunctions.binary(ElementwiseOps.MAXIMUM,
        unsorted(SegmentOps.UNSORTED_SEGMENT_MAX, lengths, ids, numSegments), 0L);
    Value outStarts = Scans.scan(outLengths, false, 0, true, false);
    // a negative id has no output row: the gather refuses it, as TF's gather of the output splits does
    Value rowStart = Selections.gather(g, outStarts, ids.cast(DType.INT64));
    Value positions = Selections.raggedRange(g, rowStart, rowStart.add(lengths), g.scalar(DType.INT64, 1L), DType.INT64)
        .flatValues();
    Value values = unsorted(op, data.values(), positions, outLengths.reduceSum());
    return g.raggedFromRowLengths(values, outLengths);
  }
}
