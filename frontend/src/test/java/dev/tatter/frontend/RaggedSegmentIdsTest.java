package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code tf.ragged.segment_ids_to_row_splits} and {@code tf.ragged.row_splits_to_segment_ids},
 * run everywhere (fed through placeholders, so no pass folds them away). Expected values are TF's
 * (the call in each comment).
 */
class RaggedSegmentIdsTest {
  private static String run(GraphBuilder g, Value out, String name, Tensor fed) {
    return Harness.runFirst(g, out, Map.of(name, fed));
  }

  @Test
  void segmentIdsToRowSplits_countsEachId() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value ids = g.placeholder("ids", Types.dense(DType.INT32, -1));
    Tensor docIds = Tensor.ofInts(0, 0, 0, 2, 2, 3, 4, 4, 4);
    // tf.ragged.segment_ids_to_row_splits(tf.constant([0, 0, 0, 2, 2, 3, 4, 4, 4])) -> [0, 3, 3, 5, 6, 9] (int32, TF's docstring)
    Value splits = tf.ragged.segmentIdsToRowSplits(ids);
    assertEquals("tensor<int32>[None]", splits.type().toString());
    assertEquals("[0, 3, 3, 5, 6, 9]", run(g, splits, "ids", docIds));
    // tf.ragged.segment_ids_to_row_splits([0, 0, 0, 2, 2, 3, 4, 4, 4], num_segments=7, out_type=tf.int64) -> [0, 3, 3, 5, 6, 9, 9, 9]
    Value seven = tf.ragged.segmentIdsToRowSplits(ids, 7, DType.INT64);
    assertEquals("tensor<int64>[8]", seven.type().toString());
    assertEquals("[0, 3, 3, 5, 6, 9, 9, 9]", run(g, seven, "ids", docIds));
    // num_segments=3: ids 3 and 4 are past it and not counted -> [0, 3, 3, 5]
    assertEquals("[0, 3, 3, 5]", run(g, tf.ragged.segmentIdsToRowSplits(ids, 3, null), "ids", docIds));
    // unsorted ids are counted: tf.ragged.segment_ids_to_row_splits([2, 0, 2]) -> [0, 1, 1, 3]
    assertEquals("[0, 1, 1, 3]", run(g, splits, "ids", Tensor.ofInts(2, 0, 2)));
    // no ids: tf.ragged.segment_ids_to_row_splits(tf.zeros([0], tf.int32)) -> [0]
    assertEquals("[0]", run(g, splits, "ids", Tensor.ofInts()));
    // a negative id: bincount's error (TF: Input arr must be non-negative!)
    String error = Harness.runtimeError(g, splits, Map.of("ids", Tensor.ofInts(0, -1)));
    assertTrue(error.contains("bincount") && error.contains("-1"), error);
  }

  @Test
  void rowSplitsToSegmentIds_repeatsEachRow() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value splits = g.placeholder("splits", Types.dense(DType.INT64, -1));
    Value ids = tf.ragged.rowSplitsToSegmentIds(splits);
    // tf.ragged.row_splits_to_segment_ids(tf.constant([0, 3, 3, 5, 6, 9], tf.int64)) -> [0, 0, 0, 2, 2, 3, 4, 4, 4] (TF's docstring)
    assertEquals("[0, 0, 0, 2, 2, 3, 4, 4, 4]", run(g, ids, "splits", Tensor.ofLongs(0, 3, 3, 5, 6, 9)));
    // TF does not require splits[0] = 0: tf.ragged.row_splits_to_segment_ids([2, 4, 5]) -> [0, 0, 1]
    assertEquals("[0, 0, 1]", run(g, ids, "splits", Tensor.ofLongs(2, 4, 5)));
    // one split, no rows: tf.ragged.row_splits_to_segment_ids([0]) -> []
    assertEquals("[]", run(g, ids, "splits", Tensor.ofLongs(0)));
    // out_type: tf.ragged.row_splits_to_segment_ids([0, 1, 3], out_type=tf.int32) -> [0, 1, 1] (int32)
    Value narrow = tf.ragged.rowSplitsToSegmentIds(splits, DType.INT32);
    assertEquals("tensor<int32>[None]", narrow.type().toString());
    assertEquals("[0, 1, 1]", run(g, narrow, "splits", Tensor.ofLongs(0, 1, 3)));
    // a decreasing pair is a negative row length: refused
    String error = Harness.runtimeError(g, ids, Map.of("splits", Tensor.ofLongs(0, 3, 1)));
    assertTrue(error.contains("-2"), error);
  }

  @Test
  void refusals() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value matrix = g.constant(Tensor.of(DType.INT32, new int[] {0, 1, 1, 2}, 2, 2));
    // tf.ragged.segment_ids_to_row_splits([[0, 1], [1, 2]]) -> ValueError: Shape (2, 2) must have rank 1
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> tf.ragged.segmentIdsToRowSplits(matrix));
    assertTrue(e.getMessage().contains("must be an int32 or int64 vector"), e.getMessage());
    // tf.ragged.row_splits_to_segment_ids(tf.constant([0.0, 1.0])) -> ValueError: splits must have dtype int32 or int64
    Value floats = g.constant(Tensor.ofFloats(0f, 1f));
    e = assertThrows(GraphBuildException.class, () -> tf.ragged.rowSplitsToSegmentIds(floats));
    assertTrue(e.getMessage().contains("splits must have dtype int32 or int64"), e.getMessage());
    // tf.ragged.row_splits_to_segment_ids(tf.zeros([0], tf.int64)) -> ValueError: Invalid row_splits: []
    Value none = g.constant(Tensor.ofLongs());
    e = assertThrows(GraphBuildException.class, () -> tf.ragged.rowSplitsToSegmentIds(none));
    assertTrue(e.getMessage().contains("Invalid row_splits: []"), e.getMessage());
    Value ids = g.constant(Tensor.ofInts(0, 1));
    e = assertThrows(GraphBuildException.class, () -> tf.ragged.segmentIdsToRowSplits(ids, -2, null));
    assertTrue(e.getMessage().contains("num_segments must be >= 0"), e.getMessage());
    e = assertThrows(GraphBuildException.class, () -> tf.ragged.segmentIdsToRowSplits(ids, -1, DType.FLOAT32));
    assertTrue(e.getMessage().contains("out_type must be int32 or int64"), e.getMessage());
  }
}
