package dev.tatter.frontend;

import dev.tatter.ir.ops.StringSegmentOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.runtime.DType;
import java.util.Map;

/**
 * TF's {@code tf.strings.unsorted_segment_join} on dense string tensors: the separator given as
 * text (its UTF-8 bytes join the strings), the segment count a scalar value or a Java number.
 */
@BuilderApi
final class StringSegments {
  private StringSegments() {}

  /** TF's {@code tf.strings.unsorted_segment_join(inputs, segment_ids, num_segments)}, separator "". */
  @TfApi("tf.strings.unsorted_segment_join")
  static Value unsortedSegmentJoin(Value inputs, Value segmentIds, long numSegments) {
    return unsortedSegmentJoin(inputs, segmentIds, numSegments, "");
  }

  /** TF's {@code tf.strings.unsorted_segment_join(inputs, segment_ids, num_segments, separator)}. */
  @TfApi("tf.strings.unsorted_segment_join")
  static Value unsortedSegmentJoin(Value inputs, Value segmentIds, long numSegments, String separator) {
    DType idType = segmentIds.type().dtype() == DType.INT32 ? DType.INT32 : DType.INT64;
    return unsortedSegmentJoin(inputs, segmentIds, inputs.builder().scalar(idType, numSegments), separator);
  }

  /** TF's {@code tf.strings.unsorted_segment_join(inputs, segment_ids, num_segments, separator)}, the count computed. */
  @TfApi("tf.strings.unsorted_segment_join")
  static Value unsortedSegmentJoin(Value inputs, Value segmentIds, Value numSegments, String separator) {
    if (!(inputs.type() instanceof DenseType)) {
      throw GraphBuilder.misuse("unsorted_segment_join takes a dense string tensor", inputs);
    }
    GraphBuilder g = inputs.builder();
    return g.op(StringSegmentOps.UNSORTED_SEGMENT_JOIN, Map.of("separator", Strings.bytesOf(separator)), inputs,
        g.own(segmentIds), g.own(numSegments));
  }
}
