package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code tf.math.cumsum}/{@code cumprod} on dense tensors and along ragged axes, and {@code tf.sequence_mask}. */
class ScanAndSequenceMaskTest {
  @Test
  void cumsum_docstringExamples() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value x = g.constant(Tensor.ofInts(2, 4, 6, 8));
    // tf.math.cumsum([2, 4, 6, 8]) -> [2, 6, 12, 20]
    assertEquals("[2, 6, 12, 20]", runFirst(g, tf.math.cumsum(x, 0)));
    // tf.math.cumsum(x, exclusive=True) -> [0, 2, 6, 12]
    assertEquals("[0, 2, 6, 12]", runFirst(g, tf.math.cumsum(x, 0, true, false)));
    // tf.math.cumsum(x, reverse=True) -> [20, 18, 14, 8]
    assertEquals("[20, 18, 14, 8]", runFirst(g, tf.math.cumsum(x, 0, false, true)));
    // tf.math.cumsum(x, exclusive=True, reverse=True) -> [18, 14, 8, 0]
    assertEquals("[18, 14, 8, 0]", runFirst(g, tf.math.cumsum(x, 0, true, true)));
    Value y = g.constant(Tensor.of(DType.INT32, new int[] {2, 4, 6, 8, 1, 3, 5, 7}, 2, 4));
    // tf.math.cumsum(y, axis=0) -> [[2, 4, 6, 8], [3, 7, 11, 15]]
    assertEquals("[[2, 4, 6, 8], [3, 7, 11, 15]]", runFirst(g, tf.math.cumsum(y, 0)));
    // tf.math.cumsum(y, axis=1) -> [[2, 6, 12, 20], [1, 4, 9, 16]]
    assertEquals("[[2, 6, 12, 20], [1, 4, 9, 16]]", runFirst(g, tf.math.cumsum(y, -1)));
    // tf.math.cumprod([2, 4, 6, 8]) -> [2, 8, 48, 384]; exclusive -> [1, 2, 8, 48]
    assertEquals("[2, 8, 48, 384]", runFirst(g, tf.math.cumprod(x, 0)));
    assertEquals("[1, 2, 8, 48]", runFirst(g, tf.math.cumprod(x, 0, true, false)));
  }

  @Test
  void cumsum_accumulatesInTheDtype() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.math.cumsum(tf.constant([1e8, 1., -1e8])) -> [1e8, 1e8, 0.] (float32: 1e8 + 1 rounds to 1e8)
    assertEquals("[100000000.0, 100000000.0, 0.0]", runFirst(g, tf.math.cumsum(g.constant(Tensor.ofFloats(1e8f, 1f, -1e8f)), 0)));
    // tf.math.cumsum(tf.constant([2147483647, 1])) -> [2147483647, -2147483648] (int32 wraps)
    assertEquals("[2147483647, -2147483648]", runFirst(g, tf.math.cumsum(g.constant(Tensor.ofInts(Integer.MAX_VALUE, 1)), 0)));
  }

  @Test
  void cumsum_alongTheRaggedAxis() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(List.of(List.of(1, 2, 3), List.of(), List.of(4, 5)));
    // tf.math.cumsum(tf.ragged.constant([[1, 2, 3], [], [4, 5]]), axis=1) -> [[1, 3, 6], [], [4, 9]]
    assertEquals("[[1, 3, 6], [], [4, 9]]", runFirst(g, tf.math.cumsum(rt, 1)));
    // exclusive=True -> [[0, 1, 3], [], [0, 4]]; reverse=True -> [[6, 5, 3], [], [9, 5]]
    assertEquals("[[0, 1, 3], [], [0, 4]]", runFirst(g, tf.math.cumsum(rt, 1, true, false)));
    assertEquals("[[6, 5, 3], [], [9, 5]]", runFirst(g, tf.math.cumsum(rt, -1, false, true)));
    // tf.math.cumprod(rt, axis=1, exclusive=True, reverse=True) -> [[6, 3, 1], [], [5, 1]]
    assertEquals("[[6, 3, 1], [], [5, 1]]", runFirst(g, tf.math.cumprod(rt, 1, true, true)));
    // ragged_rank 2, innermost axis: tf.math.cumsum(tf.ragged.constant([[[1, 2], [3]], [[4, 5, 6]]]), axis=2)
    //   -> [[[1, 3], [3]], [[4, 9, 15]]]
    Value deep = tf.ragged.constant(List.of(List.of(List.of(1, 2), List.of(3)), List.of(List.of(4, 5, 6))));
    assertEquals("[[[1, 3], [3]], [[4, 9, 15]]]", runFirst(g, tf.math.cumsum(deep, 2)));
    // a uniform inner axis: tf.RaggedTensor.from_row_splits([[1, 2], [3, 4], [5, 6]], [0, 2, 3])
    //   cumsum axis=2 -> [[[1, 3], [3, 7]], [[5, 11]]]; axis=1 -> [[[1, 2], [4, 6]], [[5, 6]]]
    Value inner = g.raggedFromRowSplits(g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, 5, 6}, 3, 2)),
        g.constant(Tensor.ofLongs(0, 2, 3)));
    assertEquals("[[[1, 3], [3, 7]], [[5, 11]]]", runFirst(g, tf.math.cumsum(inner, 2)));
    assertEquals("[[[1, 2], [4, 6]], [[5, 6]]]", runFirst(g, tf.math.cumsum(inner, 1)));
  }

  @Test
  void cumsum_alongAnOuterRaggedAxis_isTheScanOfThePaddedTensorCutBack() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(List.of(List.of(1, 2), List.of(3), List.of(4, 5, 6)));
    // tf.math.cumsum(tf.ragged.constant([[1, 2], [3], [4, 5, 6]]), axis=0) -> [[1, 2], [4], [8, 7, 6]]
    assertEquals("[[1, 2], [4], [8, 7, 6]]", runFirst(g, tf.math.cumsum(rt, 0)));
    // tf.math.cumsum(rt, axis=0, exclusive=True, reverse=True) -> [[7, 5], [4], [0, 0, 0]]
    assertEquals("[[7, 5], [4], [0, 0, 0]]", runFirst(g, tf.math.cumsum(rt, 0, true, true)));
    // ragged_rank 2, axis 1: tf.math.cumsum(tf.ragged.constant([[[1, 2], [3]], [[4], [], [5, 6]]]), axis=1)
    //   -> [[[1, 2], [4]], [[4], [], [9, 6]]]
    Value deep = tf.ragged.constant(List.of(List.of(List.of(1, 2), List.of(3)), List.of(List.of(4), List.of(), List.of(5, 6))));
    assertEquals("[[[1, 2], [4]], [[4], [], [9, 6]]]", runFirst(g, tf.math.cumsum(deep, 1)));
    // axis 0 of it: to_tensor() is [2, 3, 2]; -> [[[1, 2], [3]], [[5, 2], [], [5, 6]]]
    assertEquals("[[[1, 2], [3]], [[5], [], [5, 6]]]", runFirst(g, tf.math.cumsum(deep, -3)));
    // an empty ragged tensor: tf.math.cumsum(tf.ragged.constant([[], []], dtype=tf.int32), axis=0) -> [[], []]
    Value empty = g.raggedFromRowSplits(g.constant(Tensor.ofInts()), g.constant(Tensor.ofLongs(0, 0, 0)));
    assertEquals("[[], []]", runFirst(g, tf.math.cumsum(empty, 0)));
  }

  @Test
  void cumsum_errors() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(List.of(List.of(1, 2, 3), List.of(), List.of(4, 5)));
    // cumprod has no ragged dispatch in TF at all; Tatter keeps it on the ragged axis, not above it
    GraphBuildException outer = assertThrows(GraphBuildException.class, () -> tf.math.cumprod(rt, 0));
    assertTrue(outer.getMessage().contains("cumprod along axis 0 of a ragged tensor of ragged_rank 1 is not supported"),
        outer.getMessage());
    GraphBuildException axis = assertThrows(GraphBuildException.class, () -> tf.math.cumsum(g.constant(Tensor.ofInts(1)), 1));
    assertTrue(axis.getMessage().contains("axis 1 is out of range for rank 1"), axis.getMessage());
    // tf.math.cumsum([True]) -> TypeError (bool is not numeric)
    GraphBuildException bool = assertThrows(GraphBuildException.class, () -> tf.math.cumsum(g.constant(Tensor.ofBools(true)), 0));
    assertTrue(bool.getMessage().contains("cumsum is not defined on bool"), bool.getMessage());
  }

  @Test
  void sequenceMask_docstringExamplesAndPaddingMasks() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.sequence_mask([1, 3, 2], 5) -> [[True, False, False, False, False], [True, True, True, False, False],
    //   [True, True, False, False, False]]
    Value m = tf.sequenceMask(g.constant(Tensor.ofInts(1, 3, 2)), 5, DType.BOOL);
    assertEquals("tensor<bool>[3, 5]", m.type().toString());
    assertEquals("[[True, False, False, False, False], [True, True, True, False, False], [True, True, False, False, False]]",
        runFirst(g, m));
    // tf.sequence_mask([[1, 3], [2, 0]]) -> [[[True, False, False], [True, True, True]], [[True, True, False], [False, False, False]]]
    assertEquals("[[[True, False, False], [True, True, True]], [[True, True, False], [False, False, False]]]",
        runFirst(g, tf.sequenceMask(g.constant(Tensor.of(DType.INT64, new long[] {1, 3, 2, 0}, 2, 2)))));
    // tf.sequence_mask([2, 0], 3, tf.float32) -> [[1., 1., 0.], [0., 0., 0.]]
    assertEquals("[[1.0, 1.0, 0.0], [0.0, 0.0, 0.0]]", runFirst(g, tf.sequenceMask(g.constant(Tensor.ofInts(2, 0)), 3, DType.FLOAT32)));
    // the padding mask of a ragged batch: tf.sequence_mask(rt.row_lengths()) for [[1, 2, 3], [], [4, 5]]
    //   -> [[True, True, True], [False, False, False], [True, True, False]]
    Value rt = tf.ragged.constant(List.of(List.of(1, 2, 3), List.of(), List.of(4, 5)));
    assertEquals("[[True, True, True], [False, False, False], [True, True, False]]", runFirst(g, tf.sequenceMask(rt.rowLengths())));
    // tf.sequence_mask([], dtype=tf.int32) -> shape (0, 0)
    Value none = tf.sequenceMask(g.constant(Tensor.ofInts()), -1, DType.INT32);
    Tensor empty = (Tensor) Harness.runEverywhere(g.build(none), Map.of()).get(0);
    assertEquals(List.of(0, 0), List.of(empty.dim(0), empty.dim(1)));
  }

  @Test
  void sequenceMask_errors() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    GraphBuildException floats = assertThrows(GraphBuildException.class, () -> tf.sequenceMask(g.constant(Tensor.ofFloats(1))));
    assertTrue(floats.getMessage().contains("must have dtype [int32, int64]"), floats.getMessage());
    GraphBuildException maxlen = assertThrows(GraphBuildException.class,
        () -> tf.sequenceMask(g.constant(Tensor.ofInts(1)), -3, DType.BOOL));
    assertTrue(maxlen.getMessage().contains("maxlen must be non-negative"), maxlen.getMessage());
  }

  @Test
  void mapFlatValues_keepsThePartitions() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.ragged.map_flat_values(tf.ones_like, tf.ragged.constant([[1, 2, 3], [], [4, 5], [6]])) -> [[1, 1, 1], [], [1, 1], [1]]
    Value rt = tf.ragged.constant(List.of(List.of(1, 2, 3), List.of(), List.of(4, 5), List.of(6)));
    assertEquals("[[1, 1, 1], [], [1, 1], [1]]", runFirst(g, tf.ragged.mapFlatValues(v -> v.mul(0).add(1), rt)));
    // tf.ragged.map_flat_values(tf.math.cumsum, rt) runs over all flat values: [[1, 3, 6], [], [10, 15], [21]]
    assertEquals("[[1, 3, 6], [], [10, 15], [21]]", runFirst(g, tf.ragged.mapFlatValues(v -> tf.math.cumsum(v, 0), rt)));
    // on a dense value, fn itself
    assertEquals("[2, 4]", runFirst(g, tf.ragged.mapFlatValues(v -> v.mul(2), g.constant(Tensor.ofInts(1, 2)))));
  }
}
