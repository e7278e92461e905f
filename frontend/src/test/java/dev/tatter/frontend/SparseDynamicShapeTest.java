package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code tf.sparse.reshape} and {@code tf.sparse.slice} with shapes computed by the graph, run everywhere. */
class SparseDynamicShapeTest {
  /** The docstring's [2, 3, 6] tensor of tf.sparse.reshape. */
  private static final SparseTensor DOC = SparseTensor.of(new long[][] {{0, 0, 0}, {0, 0, 1}, {0, 1, 0}, {1, 0, 0}, {1, 2, 3}},
      Tensor.ofInts(1, 2, 3, 4, 5), 2, 3, 6);

  @Test
  void reshape_toAComputedShape() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value st = g.placeholder("st", SparseType.of(DType.INT32, -1, -1, -1));
    Value to = g.placeholder("to", Types.dense(DType.INT64, 2));
    // tf.sparse.reshape(sp, [9, -1]) (TF's docstring), the shape fed
    Value out = tf.sparse.reshape(st, to);
    assertEquals("sparse<int32>[None, None]", out.type().toString());
    assertEquals("SparseTensor(indices=[[0, 0], [0, 1], [1, 2], [4, 2], [8, 1]], values=[1, 2, 3, 4, 5], dense_shape=[9, 4])",
        Harness.runFirst(g, out, Map.of("st", DOC, "to", Tensor.ofLongs(9, -1))));
    // the shape computed from the input's: tf.sparse.reshape(sp, [sp.dense_shape[0], -1]) -> dense_shape [2, 18]
    Value computed = tf.sparse.reshape(st, tf.stack(java.util.List.of(st.denseShape().getItem(0), g.scalar(DType.INT64, -1L)), 0));
    assertEquals("SparseTensor(indices=[[0, 0], [0, 1], [0, 6], [1, 0], [1, 15]], values=[1, 2, 3, 4, 5], dense_shape=[2, 18])",
        Harness.runFirst(g, computed, Map.of("st", DOC)));
    // int32 shapes are widened: tf.sparse.reshape(sp, tf.constant([36], tf.int32))
    Value flat = tf.sparse.reshape(st, g.constant(Tensor.ofInts(36)));
    assertEquals("sparse<int32>[None]", flat.type().toString()); // the cast to int64 is no constant when the graph is built
    assertEquals("SparseTensor(indices=[[0], [1], [6], [18], [33]], values=[1, 2, 3, 4, 5], dense_shape=[36])",
        Harness.runFirst(g, flat, Map.of("st", DOC)));
    // a shape that does not hold the values: TF's message
    String e = Harness.runtimeError(g, out, Map.of("st", DOC, "to", Tensor.ofLongs(5, 5)));
    assertTrue(e.contains("36") && e.contains("25"), e);
    // the shape's length is the result's rank: it must be known
    Value unknownLength = g.placeholder("u", Types.dense(DType.INT64, -1));
    GraphBuildException b = assertThrows(GraphBuildException.class, () -> tf.sparse.reshape(st, unknownLength));
    assertTrue(b.getMessage().contains("the new shape's length must be known"), b.getMessage());
  }

  @Test
  void slice_atComputedStartAndSize() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value st = g.placeholder("st", SparseType.of(DType.INT32, -1, -1, -1));
    Value start = g.placeholder("start", Types.dense(DType.INT64, -1));
    Value size = g.placeholder("size", Types.dense(DType.INT64, -1));
    Value out = tf.sparse.slice(st, start, size);
    // tf.sparse.slice(sp, start=[0, 0, 1], size=[2, 3, 3]) -> entries [0, 0, 1] and [1, 2, 3] shifted by start
    assertEquals("SparseTensor(indices=[[0, 0, 0], [1, 2, 2]], values=[2, 5], dense_shape=[2, 3, 3])",
        Harness.runFirst(g, out, Map.of("st", DOC, "start", Tensor.ofLongs(0, 0, 1), "size", Tensor.ofLongs(2, 3, 3))));
    // sizes past the end are clipped: tf.sparse.slice(sp, [1, 0, 0], [5, 5, 5]) -> dense_shape [1, 3, 5]
    assertEquals("SparseTensor(indices=[[0, 0, 0], [0, 2, 3]], values=[4, 5], dense_shape=[1, 3, 5])",
        Harness.runFirst(g, out, Map.of("st", DOC, "start", Tensor.ofLongs(1, 0, 0), "size", Tensor.ofLongs(5, 5, 5))));
    // a start of the wrong length: TF's message
    String e = Harness.runtimeError(g, out, Map.of("st", DOC, "start", Tensor.ofLongs(0, 0), "size", Tensor.ofLongs(1, 1, 1)));
    assertTrue(e.contains("Expected start to be a vector of length 3 but got length 2"), e);
    GraphBuildException b = assertThrows(GraphBuildException.class,
        () -> tf.sparse.slice(st, g.constant(Tensor.ofLongs(0, 0)), g.constant(Tensor.ofLongs(1, 1))));
    assertTrue(b.getMessage().contains("Expected start to be a vector of length 3, got 2"), b.getMessage());
  }
}
