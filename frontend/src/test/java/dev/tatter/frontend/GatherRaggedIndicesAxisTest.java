package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static dev.tatter.frontend.Harness.runtimeError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code tf.gather} by ragged indices along an axis past 0 (TF's {@code _axis_gather} and the
 * batch_dims 1 case of {@code _batch_gather}): TF adds params' row starts to the indices,
 * broadcast to {@code [nrows, indices...]}, which gives the result a uniform partition of
 * {@code nrows} rows over the indices' own partitions; Tatter's {@code row_offset_indices} builds
 * the same structure and checks each index against its own row.
 */
class GatherRaggedIndicesAxisTest {
  private static Value matrix(GraphBuilder g) {
    return g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, 5, 6}, 2, 3));
  }

  @Test
  void axis1_denseParams_repeatTheIndicesUnderAUniformPartition() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.gather([[1, 2, 3], [4, 5, 6]], tf.ragged.constant([[2, 0], [1]]), axis=1)
    //   -> [[[3, 1], [2]], [[6, 4], [5]]], shape (2, 2, None)
    Value out = tf.gather(matrix(g), tf.ragged.constant(List.of(List.of(2, 0), List.of(1))), 1, 0);
    assertEquals("(2, 2, None)", out.shape());
    assertEquals(2, out.raggedRank());
    assertEquals("[[[3, 1], [2]], [[6, 4], [5]]]", runFirst(g, out));
  }

  @Test
  void axis1_raggedParams_eachIndexInsideItsOwnRow() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(List.of(List.of(1, 2, 3), List.of(4, 5)));
    // tf.gather(tf.ragged.constant([[1, 2, 3], [4, 5]]), tf.ragged.constant([[1, 0], [], [1]]), axis=1)
    //   -> [[[2, 1], [], [2]], [[5, 4], [], [5]]], shape (2, 3, None)
    Value out = tf.gather(rt, tf.ragged.constant(List.of(List.of(1, 0), List.of(), List.of(1))), 1, 0);
    assertEquals("(2, 3, None)", out.shape());
    assertEquals("[[[2, 1], [], [2]], [[5, 4], [], [5]]]", runFirst(g, out));
    // tf.gather(rt, tf.ragged.constant([[2]]), axis=1): row 1 has 2 values; TF reads past its end
    // unchecked, Tatter refuses
    GraphBuilder g2 = new GraphBuilder();
    Ops g2Tf = g2.ops();
    Value rt2 = g2Tf.ragged.constant(List.of(List.of(1, 2, 3), List.of(4, 5)));
    String past = runtimeError(g2, g2Tf.gather(rt2, g2Tf.ragged.constant(List.of(List.of(2))), 1, 0), Map.of());
    assertTrue(past.contains("indices.flat_values[0] = 2 is not in [0, 2) (row 1 of params has 2 values"), past);
    // no rows in params: an empty result, no index checked
    GraphBuilder g3 = new GraphBuilder();
    Ops g3Tf = g3.ops();
    Value none = g3Tf.gather(g3.constant(Tensor.of(DType.INT32, new int[0], 0, 3)),
        g3Tf.ragged.constant(List.of(List.of(7), List.of())), 1, 0);
    assertEquals("(0, 2, None)", none.shape());
    assertEquals("[]", runFirst(g3, none));
  }

  @Test
  void axis2_recursesIntoTheValues() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // params = tf.reshape(tf.range(12), [2, 2, 3]); tf.gather(params, tf.ragged.constant([[2], [0, 1]]), axis=2)
    //   -> [[[[2], [0, 1]], [[5], [3, 4]]], [[[8], [6, 7]], [[11], [9, 10]]]], shape (2, 2, 2, None)
    Value cube = g.constant(Tensor.of(DType.INT32, new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, 2, 2, 3));
    Value out = tf.gather(cube, tf.ragged.constant(List.of(List.of(2), List.of(0, 1))), 2, 0);
    assertEquals("(2, 2, 2, None)", out.shape());
    assertEquals(3, out.raggedRank());
    assertEquals("[[[[2], [0, 1]], [[5], [3, 4]]], [[[8], [6, 7]], [[11], [9, 10]]]]", runFirst(g, out));
  }

  @Test
  void batchDims1_axis1_eachBatchRowOffsetsItsOwnIndices() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(List.of(List.of(1, 2, 3), List.of(4, 5)));
    // tf.gather(tf.ragged.constant([[1, 2, 3], [4, 5]]), tf.ragged.constant([[2, 0, 0], [1]]), axis=1, batch_dims=1)
    //   -> [[3, 1, 1], [5]], shape (2, None)
    Value out = tf.gather(rt, tf.ragged.constant(List.of(List.of(2, 0, 0), List.of(1))), 1, 1);
    assertEquals("(2, None)", out.shape());
    assertEquals("[[3, 1, 1], [5]]", runFirst(g, out));
    // tf.gather([[1, 2, 3], [4, 5, 6]], tf.ragged.constant([[2, 1], []]), axis=1, batch_dims=1) -> [[3, 2], []]
    assertEquals("[[3, 2], []]", runFirst(g, tf.gather(matrix(g), tf.ragged.constant(List.of(List.of(2, 1), List.of())), 1, 1)));
  }

  @Test
  void batchDims1_axis2_repeatsEachBatchRowsRaggedIndices() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // rt = tf.RaggedTensor.from_row_splits([[1, 2, 3], [4, 5, 6], [7, 8, 9]], [0, 2, 3])
    // tf.gather(rt, tf.ragged.constant([[2, 0], [1]]), axis=2, batch_dims=1)
    //   -> [[[3, 1], [6, 4]], [[8]]], shape (2, None, None)
    Value rt = g.raggedFromRowSplits(g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9}, 3, 3)),
        g.constant(Tensor.ofLongs(0, 2, 3)));
    Value out = tf.gather(rt, tf.ragged.constant(List.of(List.of(2, 0), List.of(1))), 2, 1);
    assertEquals("(2, None, None)", out.shape());
    assertEquals(2, out.raggedRank());
    assertEquals("[[[3, 1], [6, 4]], [[8]]]", runFirst(g, out));
    // params = tf.reshape(tf.range(12), [2, 2, 3]); tf.gather(params, tf.ragged.constant([[2], [0, 1]]), axis=2, batch_dims=1)
    //   -> [[[2], [5]], [[6, 7], [9, 10]]], shape (2, 2, None)
    Value cube = g.constant(Tensor.of(DType.INT32, new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, 2, 2, 3));
    Value dense = tf.gather(cube, tf.ragged.constant(List.of(List.of(2), List.of(0, 1))), 2, 1);
    assertEquals("(2, 2, None)", dense.shape());
    assertEquals("[[[2], [5]], [[6, 7], [9, 10]]]", runFirst(g, dense));
    // indices with 3 batch rows for params' 2: TF's gather of the indices' rows checks no count; Tatter refuses
    GraphBuilder g2 = new GraphBuilder();
    Ops g2Tf = g2.ops();
    Value p = g2.placeholder("p", Types.parse("ragged<int32>[None, (None), 3]"));
    Value i = g2.placeholder("i", Types.parse("ragged<int32>[None, (None)]"));
    RaggedTensor rows = RaggedTensor.of(Tensor.of(DType.INT32, new int[9], 3, 3), RowPartition.fromRowSplits(new long[] {0, 2, 3}, DType.INT64, true));
    RaggedTensor ids = RaggedTensor.of(Tensor.ofInts(0, 0, 0), RowPartition.fromRowSplits(new long[] {0, 1, 2, 3}, DType.INT64, true));
    String m = runtimeError(g2, g2Tf.gather(p, i, 2, 1), Map.of("p", rows, "i", ids));
    assertTrue(m.contains("has 3 rows but the ragged operand has 2"), m);
  }

  @Test
  void batchDims2_leavesRaggedIndicesForTheLastBatchDim() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt2 = tf.ragged.constant(List.of(List.of(List.of(1, 2), List.of(3)), List.of(List.of(4), List.of(5, 6), List.of(7))));
    // tf.gather(tf.ragged.constant([[[1, 2], [3]], [[4], [5, 6], [7]]]),
    //   tf.ragged.constant([[[1, 0], [0]], [[0], [], [0, 0]]]), axis=2, batch_dims=2)
    //   -> [[[2, 1], [3]], [[4], [], [7, 7]]], shape (2, None, None)
    Value indices = tf.ragged.constant(List.of(List.of(List.of(1, 0), List.of(0)), List.of(List.of(0), List.of(), List.of(0, 0))));
    Value out = tf.gather(rt2, indices, 2, 2);
    assertEquals("(2, None, None)", out.shape());
    assertEquals("[[[2, 1], [3]], [[4], [], [7, 7]]]", runFirst(g, out));
  }

  @Test
  void batchRowsThatDifferAtRunTime_areRefused() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value p = g.placeholder("p", Types.parse("ragged<int32>[None, (None)]"));
    Value i = g.placeholder("i", Types.parse("ragged<int32>[None, (None)]"));
    RaggedTensor params = RaggedTensor.of(Tensor.ofInts(1, 2, 3), RowPartition.fromRowSplits(new long[] {0, 2, 3}, DType.INT64, true));
    RaggedTensor indices = RaggedTensor.of(Tensor.ofInts(0, 0, 0), RowPartition.fromRowSplits(new long[] {0, 1, 2, 3}, DType.INT64, true));
    String m = runtimeError(g, tf.gather(p, i, 1, 1), Map.of("p", params, "i", indices));
    assertTrue(m.contains("params.shape[0]: 2 should be equal to indices.shape[0]: 3"), m);
  }
}
