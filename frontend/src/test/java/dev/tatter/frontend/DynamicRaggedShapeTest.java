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
 * TF's {@code tf.experimental.DynamicRaggedShape} ({@code tf.shape} of a ragged tensor in TF) and
 * the functions that take one: {@code tf.ones}, {@code zeros}, {@code fill}, {@code reshape} and
 * {@code broadcast_to}, run everywhere. Expected values are TF's ({@code rt = tf.ragged.constant(...);
 * s = tf.shape(rt)}, then the call in each comment).
 */
class DynamicRaggedShapeTest {
  private static String run(GraphBuilder g, Value out) {
    return Harness.runFirst(g, out);
  }

  @Test
  void shapeOfRagged_describesPartitionsAndInnerShape() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(new float[][][] {{{1f, 2f}, {3f, 4f}}, {{5f, 6f}}}, null, 1);
    DynamicRaggedShape s = g.dynamicRaggedShapeFromTensor(rt);
    // tf.shape(rt) -> <DynamicRaggedShape lengths=[2, (2, 1), 2] num_row_partitions=1>; its static shape (2, None, 2)
    assertEquals("<DynamicRaggedShape (2, None, 2)>", s.toString());
    assertEquals(3, s.rank());
    assertEquals(1, s.numRowPartitions());
    // s.inner_shape -> [3, 2]
    assertEquals("[3, 2]", run(g, s.innerShape()));
    GraphBuildException e = assertThrows(GraphBuildException.class,
        () -> g.dynamicRaggedShapeFromTensor(g.constant(Tensor.ofInts(1, 2))));
    assertTrue(e.getMessage().contains("DynamicRaggedShape.fromTensor takes a ragged tensor"), e.getMessage());
  }

  @Test
  void onesZerosFill_ofARaggedShape() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    DynamicRaggedShape s = g.dynamicRaggedShapeFromTensor(tf.ragged.constant(new int[][] {{1, 2}, {3}, {}}));
    // tf.ones(s, tf.float32) -> [[1.0, 1.0], [1.0], []]
    Value ones = tf.ones(s, DType.FLOAT32);
    // the static type knows the 3 values of the constant it was drawn from
    assertEquals("ragged<float32, nvals=[3]>[3, (None)]", ones.type().toString());
    assertEquals("[[1.0, 1.0], [1.0], []]", run(g, ones));
    // tf.zeros(s, tf.int64) -> [[0, 0], [0], []]; tf.zeros(s, tf.bool) -> [[False, False], [False], []]
    assertEquals("[[0, 0], [0], []]", run(g, tf.zeros(s, DType.INT64)));
    assertEquals("[[False, False], [False], []]", run(g, tf.zeros(s, DType.BOOL)));
    assertEquals("[[True, True], [True], []]", run(g, tf.ones(s, DType.BOOL)));
    // tf.fill(s, 7) -> [[7, 7], [7], []]; tf.fill(s, tf.constant(2.5)) -> [[2.5, 2.5], [2.5], []]
    assertEquals("[[7, 7], [7], []]", run(g, tf.fill(s, 7)));
    assertEquals("[[2.5, 2.5], [2.5], []]", run(g, tf.fill(s, g.constant(Tensor.scalar(DType.FLOAT64, 2.5)))));
    // two ragged dims: tf.ones(tf.shape(tf.ragged.constant([[[1, 2], [3]], [[4]]])), tf.int32) -> [[[1, 1], [1]], [[1]]]
    DynamicRaggedShape deep = g.dynamicRaggedShapeFromTensor(tf.ragged.constant(new int[][][] {{{1, 2}, {3}}, {{4}}}));
    assertEquals(2, deep.numRowPartitions());
    assertEquals("[[[1, 1], [1]], [[1]]]", run(g, tf.ones(deep, DType.INT32)));
  }

  @Test
  void reshape_toARaggedShape() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    DynamicRaggedShape s = g.dynamicRaggedShapeFromTensor(tf.ragged.constant(new int[][] {{1, 2}, {3}, {}}));
    // tf.reshape([10, 20, 30], s) -> [[10, 20], [30], []]
    assertEquals("[[10, 20], [30], []]", run(g, tf.reshape(g.constant(Tensor.ofInts(10, 20, 30)), s)));
    // tf.reshape(tf.ragged.constant([[1], [2, 3]]), s) -> [[1, 2], [3], []]
    assertEquals("[[1, 2], [3], []]", run(g, tf.reshape(tf.ragged.constant(new int[][] {{1}, {2, 3}}), s)));
    // tf.reshape([[1, 2], [3, 4]], s) fails: Input to reshape is a tensor with 4 values, but the requested shape has 3
    Value four = g.placeholder("four", Types.dense(DType.INT32, -1, 2));
    String error = Harness.sessionError(g, tf.reshape(four, s), Map.of("four", Tensor.of(DType.INT32, new int[4], 2, 2)));
    assertTrue(error.contains("Input to reshape is a tensor with 4 values, but the requested shape has 3"), error);
  }

  @Test
  void broadcastTo_aRaggedShape() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    DynamicRaggedShape s = g.dynamicRaggedShapeFromTensor(tf.ragged.constant(new int[][] {{1, 2}, {3}, {}}));
    // tf.broadcast_to([[1], [2], [3]], s) -> [[1, 1], [2], []]
    assertEquals("[[1, 1], [2], []]", run(g, tf.broadcastTo(g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3}, 3, 1)), s)));
    // tf.broadcast_to(5, s) -> [[5, 5], [5], []]
    assertEquals("[[5, 5], [5], []]", run(g, tf.broadcastTo(g.constant(Tensor.scalar(DType.INT32, 5)), s)));
    // uniform inner dims: s2 = tf.shape(tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1))
    DynamicRaggedShape s2 = g.dynamicRaggedShapeFromTensor(
        tf.ragged.constant(new float[][][] {{{1f, 2f}, {3f, 4f}}, {{5f, 6f}}}, null, 1));
    // tf.broadcast_to([10.0, 20.0], s2) -> [[[10.0, 20.0], [10.0, 20.0]], [[10.0, 20.0]]]
    assertEquals("[[[10.0, 20.0], [10.0, 20.0]], [[10.0, 20.0]]]",
        run(g, tf.broadcastTo(g.constant(Tensor.ofFloats(10f, 20f)), s2)));
    // tf.broadcast_to([[[1.0]], [[2.0]]], s2) -> [[[1.0, 1.0], [1.0, 1.0]], [[2.0, 2.0]]]
    assertEquals("[[[1.0, 1.0], [1.0, 1.0]], [[2.0, 2.0]]]",
        run(g, tf.broadcastTo(g.constant(Tensor.of(DType.FLOAT32, new float[] {1f, 2f}, 2, 1, 1)), s2)));
    // two ragged dims: tf.broadcast_to([[[1]], [[2]]], tf.shape(tf.ragged.constant([[[1, 2], [3]], [[4]]])))
    //   -> [[[1, 1], [1]], [[2]]]
    DynamicRaggedShape deep = g.dynamicRaggedShapeFromTensor(tf.ragged.constant(new int[][][] {{{1, 2}, {3}}, {{4}}}));
    assertEquals("[[[1, 1], [1]], [[2]]]",
        run(g, tf.broadcastTo(g.constant(Tensor.of(DType.INT32, new int[] {1, 2}, 2, 1, 1)), deep)));
    GraphBuildException e = assertThrows(GraphBuildException.class,
        () -> tf.broadcastTo(tf.ragged.constant(new int[][] {{1}}), s));
    assertTrue(e.getMessage().contains("broadcast_to a DynamicRaggedShape takes a dense input"), e.getMessage());
    e = assertThrows(GraphBuildException.class,
        () -> tf.broadcastTo(g.constant(Tensor.of(DType.INT32, new int[1], 1, 1, 1)), s));
    assertTrue(e.getMessage().contains("a tensor of rank 3 cannot broadcast to a shape of rank 2"), e.getMessage());
  }
}
