package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code tf.math.unsorted_segment_*} of ragged data (TF's {@code _ragged_segment_aggregate}). */
class RaggedSegmentTest {
  @Test
  void unsortedSegmentSum_aggregatesRowsPositionByPosition() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(List.of(List.of(1, 2, 3), List.of(4), List.of(5, 6), List.of()));
    Value ids = g.constant(Tensor.ofInts(0, 0, 2, 1));
    Value n = g.scalar(DType.INT32, 4);
    // tf.math.unsorted_segment_sum(tf.ragged.constant([[1, 2, 3], [4], [5, 6], []]), [0, 0, 2, 1], 4)
    //   -> [[5, 2, 3], [], [5, 6], []]
    assertEquals("[[5, 2, 3], [], [5, 6], []]", runFirst(g, tf.math.unsortedSegmentSum(rt, ids, n)));
    // unsorted_segment_max -> [[4, 2, 3], [], [5, 6], []]; unsorted_segment_prod -> [[4, 2, 3], [], [5, 6], []]
    assertEquals("[[4, 2, 3], [], [5, 6], []]", runFirst(g, tf.math.unsortedSegmentMax(rt, ids, n)));
    assertEquals("[[4, 2, 3], [], [5, 6], []]", runFirst(g, tf.math.unsortedSegmentProd(rt, ids, n)));
    // unsorted_segment_min -> [[1, 2, 3], [], [5, 6], []]
    assertEquals("[[1, 2, 3], [], [5, 6], []]", runFirst(g, tf.math.unsortedSegmentMin(rt, ids, n)));
    // num_segments 0 of no rows: tf.math.unsorted_segment_sum(tf.ragged.constant([], dtype=tf.int32), [], 0) -> []
    Value empty = g.raggedFromRowSplits(g.constant(Tensor.ofInts()), g.constant(Tensor.ofLongs(0)));
    assertEquals("[]", runFirst(g, tf.math.unsortedSegmentSum(empty, g.constant(Tensor.ofInts()), g.scalar(DType.INT32, 0))));
  }

  @Test
  void unsortedSegmentMean_ofFloats() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(List.of(List.of(1f, 2f), List.of(3f), List.of(8f)));
    Value ids = g.constant(Tensor.ofLongs(1, 1, 1));
    // tf.math.unsorted_segment_mean(tf.ragged.constant([[1., 2.], [3.], [8.]]), [1, 1, 1], 2) -> [[], [4.0, 2.0]]
    assertEquals("[[], [4.0, 2.0]]", runFirst(g, tf.math.unsortedSegmentMean(rt, ids, g.scalar(DType.INT64, 2L))));
    // tf.math.unsorted_segment_sqrt_n(...) of [[4.], [4.]] by [0, 0], 1 -> [[5.656854]] (8 / sqrt(2))
    Value fours = tf.ragged.constant(List.of(List.of(4f), List.of(4f)));
    assertEquals("[[5.656854]]", runFirst(g, tf.math.unsortedSegmentSqrtN(fours, g.constant(Tensor.ofInts(0, 0)), g.scalar(DType.INT32, 1))));
  }

  @Test
  void unsortedSegmentSum_raggedRankTwo() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(List.of(List.of(List.of(1, 2), List.of(3)), List.of(List.of(10), List.of(), List.of(7))));
    // tf.math.unsorted_segment_sum(tf.ragged.constant([[[1, 2], [3]], [[10], [], [7]]]), [0, 0], 1)
    //   -> [[[11, 2], [3], [7]]]
    assertEquals("[[[11, 2], [3], [7]]]", runFirst(g, tf.math.unsortedSegmentSum(rt, g.constant(Tensor.ofInts(0, 0)), g.scalar(DType.INT32, 1))));
  }

  @Test
  void badIds() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(List.of(List.of(1, 2), List.of(3)));
    Value n = g.scalar(DType.INT32, 2);
    // an id past num_segments: TF's UnsortedSegmentMax of the row lengths refuses it
    Value pastOut = tf.math.unsortedSegmentSum(rt, g.constant(Tensor.ofInts(0, 2)), n);
    InvalidArgumentException past = assertThrows(InvalidArgumentException.class,
        () -> new Session(g.build()).run(Map.of(), pastOut));
    assertTrue(past.getMessage().contains("segment_ids[1] = 2 is out of range [0, 2)"), past.getMessage());
    // a negative id: TF's gather of the output splits refuses it
    Value negativeOut = tf.math.unsortedSegmentSum(rt, g.constant(Tensor.ofInts(-1, 0)), n);
    InvalidArgumentException negative = assertThrows(InvalidArgumentException.class,
        () -> new Session(g.build()).run(Map.of(), negativeOut));
    assertTrue(negative.getMessage().contains("indices[0] = -1 is not in [0, 2)"), negative.getMessage());
    GraphBuildException matrix = assertThrows(GraphBuildException.class,
        () -> tf.math.unsortedSegmentSum(rt, g.constant(Tensor.of(DType.INT32, new int[] {0, 1}, 1, 2)), n));
    assertTrue(matrix.getMessage().contains("unsorted_segment_sum of ragged data takes a vector of segment ids, one per row"),
        matrix.getMessage());
  }
}
