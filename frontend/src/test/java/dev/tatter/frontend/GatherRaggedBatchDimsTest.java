package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static dev.tatter.frontend.Harness.runtimeError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code tf.gather} of ragged operands with batch_dims > 1, and batch_dims 1 along an axis past
 * 1 (TF's {@code ragged_gather_ops._batch_gather}): result types as TF's static shapes, values
 * through the interpreter and the bytecode, TF's build-time errors, and the run-time checks TF
 * leaves out (batch partitions that differ, an index past its row's end).
 */
class GatherRaggedBatchDimsTest {
  /** tf.ragged.constant([[[1, 2, 3], [4, 5, 6]], [[7, 8, 9]]], ragged_rank=1): shape (2, None, 3). */
  private static Value rows3(GraphBuilder g) {
    return g.raggedFromRowSplits(g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9}, 3, 3)),
        g.constant(Tensor.ofLongs(0, 2, 3)));
  }

  /** tf.ragged.constant([[[1, 2], [3]], [[4], [5, 6], [7]]]): shape (2, None, None). */
  private static Value nested(GraphBuilder g) {
    Ops tf = g.ops();
    return tf.ragged.constant(List.of(List.of(List.of(1, 2), List.of(3)), List.of(List.of(4), List.of(5, 6), List.of(7))));
  }

  @Test
  void batchDims1_axis2_uniformInnerAxis_eachValueRowTakesItsBatchRowsIndices() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.gather(rt, [[2, 0], [1, 1]], axis=2, batch_dims=1) -> [[[3, 1], [6, 4]], [[8, 8]]], shape (2, None, 2)
    Value out = tf.gather(rows3(g), g.constant(Tensor.of(DType.INT32, new int[] {2, 0, 1, 1}, 2, 2)), 2, 1);
    assertEquals("(2, None, 2)", out.shape());
    assertEquals(1, out.raggedRank());
    assertEquals("[[[3, 1], [6, 4]], [[8, 8]]]", runFirst(g, out));
    // tf.gather(rt, [2, 0], axis=2, batch_dims=1) (batch_dims = rank(indices)) -> [[3, 6], [7]], shape (2, None)
    Value scalarPerRow = tf.gather(rows3(g), g.constant(Tensor.ofLongs(2, 0)), 2, 1);
    assertEquals("(2, None)", scalarPerRow.shape());
    assertEquals("[[3, 6], [7]]", runFirst(g, scalarPerRow));
    // axis=-1 is axis 2 here: the same as the first call
    assertEquals("[[[3, 1], [6, 4]], [[8, 8]]]",
        runFirst(g, tf.gather(rows3(g), g.constant(Tensor.of(DType.INT32, new int[] {2, 0, 1, 1}, 2, 2)), -1, 1)));
  }

  @Test
  void batchDims1_axis2_raggedInnerAxis_checksEachIndexAgainstItsOwnRow() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.gather(rt2, [[0], [0]], axis=2, batch_dims=1) -> [[[1], [3]], [[4], [5], [7]]], shape (2, None, 1)
    Value out = tf.gather(nested(g), g.constant(Tensor.of(DType.INT64, new long[] {0, 0}, 2, 1)), 2, 1);
    assertEquals("(2, None, 1)", out.shape());
    assertEquals("[[[1], [3]], [[4], [5], [7]]]", runFirst(g, out));
    // tf.gather(rt2, [[1], [1]], axis=2, batch_dims=1): row [3] has no value 1; TF reads the next
    // row's value unchecked, Tatter refuses
    GraphBuilder g2 = new GraphBuilder();
    Ops g2Tf = g2.ops();
    String past = runtimeError(g2, g2Tf.gather(nested(g2), g2.constant(Tensor.of(DType.INT64, new long[] {1, 1}, 2, 1)), 2, 1),
        Map.of());
    assertTrue(past.contains("= 1 is not in [0, 1) (row 1 of params has 1 values along the gathered ragged axis)"), past);
  }

  @Test
  void batchDims2_raggedParamsAndIndices_shareTheirOuterPartition() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // indices = tf.RaggedTensor.from_row_splits([[1], [0], [0], [1], [0]], [0, 2, 5])
    // tf.gather(rt2, indices, axis=2, batch_dims=2) -> [[[2], [3]], [[4], [6], [7]]], shape (2, None, 1)
    Value indices = g.raggedFromRowSplits(g.constant(Tensor.of(DType.INT32, new int[] {1, 0, 0, 1, 0}, 5, 1)),
        g.constant(Tensor.ofLongs(0, 2, 5)));
    Value out = tf.gather(nested(g), indices, 2, 2);
    assertEquals("(2, None, 1)", out.shape());
    assertEquals("[[[2], [3]], [[4], [6], [7]]]", runFirst(g, out));
    // indices = tf.ragged.constant([[1, 0], [0, 1, 0]]): batch_dims=2 = rank(indices)
    //   -> [[2, 3], [4, 6, 7]], shape (2, None)
    Value flat = tf.gather(nested(g), tf.ragged.constant(List.of(List.of(1, 0), List.of(0, 1, 0))), 2, 2);
    assertEquals("(2, None)", flat.shape());
    assertEquals("[[2, 3], [4, 6, 7]]", runFirst(g, flat));
  }

  @Test
  void batchDims2_denseParams_takeUniformRaggedIndices() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // params = tf.constant([[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]])
    // indices = tf.RaggedTensor.from_tensor([[[2], [0]], [[1], [1]]])
    // tf.gather(params, indices, axis=2, batch_dims=2) -> [[[3], [4]], [[8], [11]]], shape (2, 2, 1), ragged_rank 1
    Value params = g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, 2, 2, 3));
    Value indices = g.raggedFromTensor(g.constant(Tensor.of(DType.INT32, new int[] {2, 0, 1, 1}, 2, 2, 1)));
    Value out = tf.gather(params, indices, 2, 2);
    assertEquals("(2, 2, 1)", out.shape());
    assertEquals(1, out.raggedRank());
    assertEquals("[[[3], [4]], [[8], [11]]]", runFirst(g, out));
    // and the mirror: uniform ragged params, dense indices [[[2], [0]], [[1], [1]]] -> the same values
    Value mirrored = tf.gather(g.raggedFromTensor(params), g.constant(Tensor.of(DType.INT32, new int[] {2, 0, 1, 1}, 2, 2, 1)), 2, 2);
    assertEquals("(2, 2, 1)", mirrored.shape());
    assertEquals("[[[3], [4]], [[8], [11]]]", runFirst(g, mirrored));
  }

  @Test
  void batchDims3_recursesTwoLevels() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // rt3 = tf.ragged.constant([[[[1, 2], [3]], [[4]]], [[[5, 6, 7]]]]), shape (2, None, None, None)
    Value rt3 = tf.ragged.constant(List.of(List.of(List.of(List.of(1, 2), List.of(3)), List.of(List.of(4))),
        List.of(List.of(List.of(5, 6, 7)))));
    // indices = tf.ragged.constant([[[1, 0], [0]], [[2]]]); tf.gather(rt3, indices, axis=3, batch_dims=3)
    //   -> [[[2, 3], [4]], [[7]]], shape (2, None, None)
    Value indices = tf.ragged.constant(List.of(List.of(List.of(1, 0), List.of(0)), List.of(List.of(2))));
    Value out = tf.gather(rt3, indices, 3, 3);
    assertEquals("(2, None, None)", out.shape());
    assertEquals("[[[2, 3], [4]], [[7]]]", runFirst(g, out));
  }

  @Test
  void batchPartitionsThatDifferAtRunTime_areRefused() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value p = g.placeholder("p", Types.parse("ragged<int32>[None, (None), (None)]"));
    Value i = g.placeholder("i", Types.parse("ragged<int32>[None, (None), 1]"));
    // rows of 2 and 3 values in params, of 3 and 2 in indices: TF's _batch_gather does not check
    // (its result would be nonsensical); Tatter refuses
    RaggedTensor params = RaggedTensor.of(
        RaggedTensor.of(Tensor.ofInts(1, 2, 3, 4, 5, 6, 7), RowPartition.fromRowSplits(new long[] {0, 2, 3, 4, 6, 7}, DType.INT64, true)),
        RowPartition.fromRowSplits(new long[] {0, 2, 5}, DType.INT64, true));
    RaggedTensor indices = RaggedTensor.of(Tensor.of(DType.INT32, new int[5], 5, 1),
        RowPartition.fromRowSplits(new long[] {0, 3, 5}, DType.INT64, true));
    String m = runtimeError(g, tf.gather(p, i, 2, 2), Map.of("p", params, "i", indices));
    assertTrue(m.contains("assert_same_partition"), m);
    // batch_dims 1 at axis 2: indices with 3 batch rows for params' 2
    GraphBuilder g2 = new GraphBuilder();
    Ops g2Tf = g2.ops();
    Value p2 = g2.placeholder("p", Types.parse("ragged<int32>[None, (None), 3]"));
    Value i2 = g2.placeholder("i", Types.dense(DType.INT32, -1, 1));
    RaggedTensor rows = RaggedTensor.of(Tensor.of(DType.INT32, new int[9], 3, 3),
        RowPartition.fromRowSplits(new long[] {0, 2, 3}, DType.INT64, true));
    String rowsMsg = runtimeError(g2, g2Tf.gather(p2, i2, 2, 1), Map.of("p", rows, "i", Tensor.of(DType.INT32, new int[3], 3, 1)));
    assertTrue(rowsMsg.contains("has 3 rows but the ragged operand has 2"), rowsMsg);
  }

  @Test
  void tfsBuildTimeErrors() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.gather(rt, tf.zeros([3, 1], tf.int32), axis=2, batch_dims=1)
    //   -> ValueError: batch shape from indices (3,) does not match params shape (2, None, 3)
    GraphBuildException batch = assertThrows(GraphBuildException.class,
        () -> tf.gather(rows3(g), g.constant(Tensor.of(DType.INT32, new int[3], 3, 1)), 2, 1));
    assertTrue(batch.getMessage().contains("batch shape from indices (3,) does not match params shape (2, None, 3)"),
        batch.getMessage());
    // dense params, indices ragged in a batch dim: tf.gather(tf.zeros([2, 2, 3], tf.int32),
    //   tf.ragged.constant([[[0], [1]], [[0]]], ragged_rank=1), axis=2, batch_dims=2)
    //   -> ValueError: ... ragged indices dimension corresponds to uniform params dimension
    Value dense = g.constant(Tensor.of(DType.INT32, new int[12], 2, 2, 3));
    Value raggedIds = g.raggedFromRowSplits(g.constant(Tensor.of(DType.INT32, new int[3], 3, 1)), g.constant(Tensor.ofLongs(0, 2, 3)));
    GraphBuildException uniformParams = assertThrows(GraphBuildException.class, () -> tf.gather(dense, raggedIds, 2, 2));
    assertTrue(uniformParams.getMessage().contains("ragged indices dimension corresponds to uniform params dimension"),
        uniformParams.getMessage());
    // tf.gather(rt2, tf.zeros([2, 2, 1], tf.int32), axis=2, batch_dims=2)
    //   -> ValueError: ... ragged params dimension corresponds to uniform indices dimension
    GraphBuildException uniformIndices = assertThrows(GraphBuildException.class,
        () -> tf.gather(nested(g), g.constant(Tensor.of(DType.INT32, new int[4], 2, 2, 1)), 2, 2));
    assertTrue(uniformIndices.getMessage().contains("ragged params dimension corresponds to uniform indices dimension"),
        uniformIndices.getMessage());
  }
}
