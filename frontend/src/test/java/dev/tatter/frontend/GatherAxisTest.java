package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static dev.tatter.frontend.Harness.runtimeError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code tf.gather} with {@code axis} and {@code batch_dims} (TF's GatherV2), dense and ragged params. */
class GatherAxisTest {
  private static Value matrix(GraphBuilder g) {
    return g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, 5, 6}, 2, 3));
  }

  @Test
  void axis1_andNegativeAxis_andMatrixAndScalarIndices() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value p = matrix(g);
    // tf.gather([[1, 2, 3], [4, 5, 6]], [2, 0], axis=1) -> [[3, 1], [6, 4]]; axis=-1 is the same
    assertEquals("[[3, 1], [6, 4]]", runFirst(g, tf.gather(p, g.constant(Tensor.ofInts(2, 0)), 1, 0)));
    assertEquals("[[3, 1], [6, 4]]", runFirst(g, tf.gather(p, g.constant(Tensor.ofLongs(2, 0)), -1, 0)));
    // tf.gather([[1, 2, 3], [4, 5, 6]], [[0, 1], [2, 2]], axis=1) -> [[[1, 2], [3, 3]], [[4, 5], [6, 6]]]
    assertEquals("[[[1, 2], [3, 3]], [[4, 5], [6, 6]]]",
        runFirst(g, tf.gather(p, g.constant(Tensor.of(DType.INT32, new int[] {0, 1, 2, 2}, 2, 2)), 1, 0)));
    // tf.gather([[1, 2, 3], [4, 5, 6]], 1, axis=1) -> [2, 5]
    assertEquals("[2, 5]", runFirst(g, tf.gather(p, g.scalar(DType.INT32, 1), 1, 0)));
    // tf.gather([[1, 2, 3], [4, 5, 6]], [1], axis=0) -> [[4, 5, 6]] (axis 0 is the plain gather)
    assertEquals("[[4, 5, 6]]", runFirst(g, tf.gather(p, g.constant(Tensor.ofInts(1)), 0, 0)));
    // tf.gather([[1, 2, 3], [4, 5, 6]], tf.zeros([0], tf.int32), axis=1) -> shape [2, 0]
    Value none = tf.gather(p, g.constant(Tensor.of(DType.INT32, new int[0], 0)), 1, 0);
    assertEquals("[[], []]", runFirst(g, none));
    assertEquals("(2, 0)", none.shape());
  }

  @Test
  void batchDims_pairEachBatchRowWithItsOwnIndices() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value p = matrix(g);
    Value ids = g.constant(Tensor.of(DType.INT64, new long[] {2, 2, 0, 1}, 2, 2));
    // tf.gather([[1, 2, 3], [4, 5, 6]], [[2, 2], [0, 1]], axis=1, batch_dims=1) -> [[3, 3], [4, 5]]
    assertEquals("[[3, 3], [4, 5]]", runFirst(g, tf.gather(p, ids, 1, 1)));
    // batch_dims=-1 counts from rank(indices) = 2: the same call
    assertEquals("[[3, 3], [4, 5]]", runFirst(g, tf.gather(p, ids, 1, -1)));
    // params = tf.reshape(tf.range(12), [2, 2, 3]); tf.gather(params, [[1], [0]], axis=2, batch_dims=1)
    //   -> [[[1], [4]], [[6], [9]]]
    Value cube = g.constant(Tensor.of(DType.INT32, new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, 2, 2, 3));
    Value out = tf.gather(cube, g.constant(Tensor.of(DType.INT32, new int[] {1, 0}, 2, 1)), 2, 1);
    assertEquals("[[[1], [4]], [[6], [9]]]", runFirst(g, out));
    assertEquals("(2, 2, 1)", out.shape());
    // tf.gather(params, [[1, 0], [0, 0]], axis=1, batch_dims=1) -> [[[3, 4, 5], [0, 1, 2]], [[6, 7, 8], [6, 7, 8]]]
    assertEquals("[[[3, 4, 5], [0, 1, 2]], [[6, 7, 8], [6, 7, 8]]]",
        runFirst(g, tf.gather(cube, g.constant(Tensor.of(DType.INT32, new int[] {1, 0, 0, 0}, 2, 2)), 1, 1)));
  }

  @Test
  void raggedParams_axisInsideTheFlatValues_keepsThePartitions() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // rt = tf.RaggedTensor.from_row_splits([[1, 2], [3, 4], [5, 6]], [0, 2, 3])
    // tf.gather(rt, [1, 1, 0], axis=2) -> [[[2, 2, 1], [4, 4, 3]], [[6, 6, 5]]]
    Value rt = g.raggedFromRowSplits(g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, 5, 6}, 3, 2)),
        g.constant(Tensor.ofLongs(0, 2, 3)));
    Value out = tf.gather(rt, g.constant(Tensor.ofInts(1, 1, 0)), 2, 0);
    assertEquals("[[[2, 2, 1], [4, 4, 3]], [[6, 6, 5]]]", runFirst(g, out));
    assertEquals("(2, None, 3)", out.shape());
    // tf.gather(rt, [1, 0], axis=-1) -> [[[2, 1], [4, 3]], [[6, 5]]]
    assertEquals("[[[2, 1], [4, 3]], [[6, 5]]]", runFirst(g, tf.gather(rt, g.constant(Tensor.ofInts(1, 0)), -1, 0)));
    // axis 0 stays RaggedGather: tf.gather(rt, [1], axis=0) -> [[[5, 6]]]
    assertEquals("[[[5, 6]]]", runFirst(g, tf.gather(rt, g.constant(Tensor.ofInts(1)), 0, 0)));
  }

  @Test
  void raggedParams_alongTheRaggedAxis_eachIndexInsideItsRow() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(java.util.List.of(java.util.List.of(1, 2, 3), java.util.List.of(4, 5)));
    // rt = tf.ragged.constant([[1, 2, 3], [4, 5]]); tf.gather(rt, [1, 0], axis=1) -> [[2, 1], [5, 4]] (dense)
    Value out = tf.gather(rt, g.constant(Tensor.ofInts(1, 0)), 1, 0);
    assertEquals("[[2, 1], [5, 4]]", runFirst(g, out));
    assertEquals("(2, 2)", out.shape());
    // tf.gather(rt, [[1], [0]], axis=1, batch_dims=1) -> [[2], [4]]
    assertEquals("[[2], [4]]", runFirst(g, tf.gather(rt, g.constant(Tensor.of(DType.INT64, new long[] {1, 0}, 2, 1)), 1, 1)));
    // rt2 = tf.ragged.constant([[[1, 2], [3]], [[4], [5, 6], [7]]])
    Value rt2 = tf.ragged.constant(java.util.List.of(
        java.util.List.of(java.util.List.of(1, 2), java.util.List.of(3)),
        java.util.List.of(java.util.List.of(4), java.util.List.of(5, 6), java.util.List.of(7))));
    // tf.gather(rt2, [1, 0], axis=1) -> [[[3], [1, 2]], [[5, 6], [4]]]
    assertEquals("[[[3], [1, 2]], [[5, 6], [4]]]", runFirst(g, tf.gather(rt2, g.constant(Tensor.ofInts(1, 0)), 1, 0)));
    // tf.gather(rt2, [0], axis=2) -> [[[1], [3]], [[4], [5], [7]]]
    assertEquals("[[[1], [3]], [[4], [5], [7]]]", runFirst(g, tf.gather(rt2, g.constant(Tensor.ofInts(0)), 2, 0)));
    // tf.gather(rt, [2], axis=1): TF offsets the index unchecked (row 1 would read past its end);
    // Tatter checks each index against its own row
    GraphBuilder g2 = new GraphBuilder();
    Ops g2Tf = g2.ops();
    Value short2 = g2Tf.ragged.constant(java.util.List.of(java.util.List.of(1, 2, 3), java.util.List.of(4, 5)));
    String past = runtimeError(g2, g2Tf.gather(short2, g2.constant(Tensor.ofInts(2)), 1, 0), Map.of());
    assertTrue(past.contains("indices[0] = 2 is not in [0, 2) (row 1 of params has 2 values"), past);
  }

  @Test
  void outOfRangeAndNegativeIndices_nameTheIndexAndTheBound() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value p = matrix(g);
    // tf.gather([[1, 2, 3], [4, 5, 6]], [3, 0], axis=1) -> InvalidArgumentError: indices[0] = 3 is not in [0, 3)
    String high = runtimeError(g, tf.gather(p, g.constant(Tensor.ofInts(3, 0)), 1, 0), Map.of());
    assertTrue(high.contains("indices[0] = 3 is not in [0, 3)"), high);
    GraphBuilder g2 = new GraphBuilder();
    Ops g2Tf = g2.ops();
    // tf.gather([[1, 2, 3], [4, 5, 6]], [[0, 1], [-1, 0]], axis=1) -> indices[1,0] = -1 is not in [0, 3)
    String low = runtimeError(g2, g2Tf.gather(matrix(g2), g2.constant(Tensor.of(DType.INT64, new long[] {0, 1, -1, 0}, 2, 2)), 1, 0),
        Map.of());
    assertTrue(low.contains("indices[1,0] = -1 is not in [0, 3)"), low);
    GraphBuilder g4 = new GraphBuilder();
    Ops g4Tf = g4.ops();
    // an empty result checks no index (TF's kernel returns before copying any slice):
    // tf.gather(tf.zeros([0, 2], tf.int32), [7], axis=1) -> shape (0, 1), no error
    Value empty = g4Tf.gather(g4.constant(Tensor.of(DType.INT32, new int[0], 0, 2)), g4.constant(Tensor.ofInts(7)), 1, 0);
    assertEquals("[]", runFirst(g4, empty));
    assertEquals("(0, 1)", empty.shape());
    GraphBuilder g3 = new GraphBuilder();
    Ops g3Tf = g3.ops();
    // with batch_dims=1: tf.gather([[1, 2, 3], [4, 5, 6]], [[0], [3]], axis=1, batch_dims=1) -> indices[1,0] = 3 is not in [0, 3)
    String batched = runtimeError(g3, g3Tf.gather(matrix(g3), g3.constant(Tensor.of(DType.INT32, new int[] {0, 3}, 2, 1)), 1, 1),
        Map.of());
    assertTrue(batched.contains("indices[1,0] = 3 is not in [0, 3)"), batched);
  }

  @Test
  void batchDimsThatDifferAtRunTime_areRefused() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value p = g.placeholder("p", Types.dense(DType.INT32, -1, 3));
    Value i = g.placeholder("i", Types.dense(DType.INT32, -1, 1));
    // tf.gather(tf.ones([2, 3]), tf.zeros([3, 1], tf.int32), axis=1, batch_dims=1)
    //   -> InvalidArgumentError: params.shape[0]: 2 should be equal to indices.shape[0]: 3
    String m = runtimeError(g, tf.gather(p, i, 1, 1),
        Map.of("p", Tensor.of(DType.INT32, new int[6], 2, 3), "i", Tensor.of(DType.INT32, new int[3], 3, 1)));
    assertTrue(m.contains("params.shape[0]: 2 should be equal to indices.shape[0]: 3"), m);
  }

  @Test
  void badAxesAndBatchDims_areBuildErrors() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value p = matrix(g);
    Value ids = g.constant(Tensor.of(DType.INT32, new int[] {0, 0}, 2, 1));
    // tf.gather(params, ids, axis=2) -> ValueError/InvalidArgumentError: Expected axis in the range [-2, 2), but got 2
    GraphBuildException axis = assertThrows(GraphBuildException.class, () -> tf.gather(p, ids, 2, 0));
    assertTrue(axis.getMessage().contains("Expected axis in the range [-2, 2), but got 2"), axis.getMessage());
    // tf.gather(params, ids, axis=0, batch_dims=1) -> batch_dims (1) must be less than or equal to axis (0)
    GraphBuildException order = assertThrows(GraphBuildException.class, () -> tf.gather(p, ids, 0, 1));
    assertTrue(order.getMessage().contains("batch_dims (1) must be less than or equal to axis (0)"), order.getMessage());
    // tf.gather(params, ids, axis=1, batch_dims=3) -> Expected batch_dims in the range [-2, 2], but got 3
    GraphBuildException batch = assertThrows(GraphBuildException.class, () -> tf.gather(p, ids, 1, 3));
    assertTrue(batch.getMessage().contains("Expected batch_dims in the range [-2, 2], but got 3"), batch.getMessage());
    // static batch dims that differ: params [2, 3], indices [3, 1], batch_dims=1
    Value three = g.constant(Tensor.of(DType.INT32, new int[3], 3, 1));
    GraphBuildException dims = assertThrows(GraphBuildException.class, () -> tf.gather(p, three, 1, 1));
    assertTrue(dims.getMessage().contains("params.shape[0]: 2 should be equal to indices.shape[0]: 3"), dims.getMessage());
  }
}
