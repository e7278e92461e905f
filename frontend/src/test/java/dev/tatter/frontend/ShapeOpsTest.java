package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** TF's shape functions on dense (and, where TF dispatches them, ragged) tensors, run everywhere. */
class ShapeOpsTest {
  private static String run(GraphBuilder g, Value out) {
    return Harness.runFirst(g, out);
  }

  private static Value iota(GraphBuilder g, int n, int... shape) {
    int[] v = new int[n];
    for (int i = 0; i < n; i++) {
      v[i] = i + 1;
    }
    return g.constant(Tensor.of(DType.INT32, v, shape));
  }

  @Test
  void reshape_withMinusOne_andComputedShapes() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value t = iota(g, 9, 9);
    // tf.reshape([1, ..., 9], [3, 3]) -> [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    assertEquals("[[1, 2, 3], [4, 5, 6], [7, 8, 9]]", run(g, tf.reshape(t, 3, 3)));
    Value r = tf.reshape(iota(g, 6, 2, 3), -1, 2);
    assertEquals("tensor<int32>[3, 2]", r.type().toString());
    // tf.reshape([[1, 2, 3], [4, 5, 6]], [-1, 2]) -> [[1, 2], [3, 4], [5, 6]]
    assertEquals("[[1, 2], [3, 4], [5, 6]]", run(g, r));
    // the shape of another tensor as the target: tf.reshape(t, tf.shape(m))
    Value m = g.placeholder("m", Types.dense(DType.FLOAT32, -1, -1));
    Value shaped = tf.reshape(t, tf.shape(m));
    assertEquals("tensor<int32>[None, None]", shaped.type().toString());
    assertEquals("[[1, 2, 3], [4, 5, 6], [7, 8, 9]]",
        Harness.runFirst(g, shaped, Map.of("m", Tensor.of(DType.FLOAT32, new float[9], 3, 3))));
    // a ragged tensor reshapes its flat values: tf.reshape(tf.ragged.constant([[1, 2], [3], [4, 5, 6]]), [2, 3])
    Value rt = tf.ragged.constant(new int[][] {{1, 2}, {3}, {4, 5, 6}});
    assertEquals("[[1, 2, 3], [4, 5, 6]]", run(g, tf.reshape(rt, 2, 3)));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> tf.reshape(t, 2, 4));
    assertTrue(e.getMessage().contains("Input to reshape is a tensor with 9 values, but the requested shape has 8"),
        e.getMessage());
    e = assertThrows(GraphBuildException.class, () -> tf.reshape(t, -1, -1));
    assertTrue(e.getMessage().contains("only one input size may be -1, not both 0 and 1"), e.getMessage());
    String error = Harness.sessionError(g, tf.reshape(t, tf.shape(m)), Map.of("m", Tensor.of(DType.FLOAT32, new float[4], 2, 2)));
    assertTrue(error.contains("Input to reshape is a tensor with 9 values, but the requested shape has 4"), error);
  }

  @Test
  void shapeSizeRank() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value x = g.placeholder("x", Types.dense(DType.FLOAT32, -1, 3));
    Tensor feed = Tensor.of(DType.FLOAT32, new float[6], 2, 3);
    // tf.shape(x) for x of shape [2, 3] -> [2, 3]; tf.size(x) -> 6; tf.rank(x) -> 2
    assertEquals("[2, 3]", Harness.runFirst(g, tf.shape(x), Map.of("x", feed)));
    assertEquals("[2, 3]", Harness.runFirst(g, tf.shape(x, DType.INT64), Map.of("x", feed)));
    assertEquals("6", Harness.runFirst(g, tf.size(x), Map.of("x", feed)));
    assertEquals("2", run(g, tf.rank(x)));
    // tf.size(tf.ragged.constant([[1, 2], [3]])) -> 3
    assertEquals("3", run(g, tf.size(tf.ragged.constant(new int[][] {{1, 2}, {3}}))));
  }

  @Test
  void squeezeTransposeSplitUnstack() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value t = iota(g, 6, 1, 2, 1, 3, 1, 1);
    // tf.shape(tf.squeeze(t)) for t of shape [1, 2, 1, 3, 1, 1] -> [2, 3]; tf.squeeze(t, [2, 4]) -> [1, 2, 3, 1]
    assertEquals("tensor<int32>[2, 3]", tf.squeeze(t).type().toString());
    assertEquals("tensor<int32>[1, 2, 3, 1]", tf.squeeze(t, 2, 4).type().toString());
    assertEquals("[[[[1], [2], [3]], [[4], [5], [6]]]]", run(g, tf.squeeze(t, 2, -2)));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> tf.squeeze(t, 1));
    assertTrue(e.getMessage().contains("Can not squeeze dim[1], expected a dimension of 1, got 2"), e.getMessage());
    Value m = iota(g, 6, 2, 3);
    // tf.transpose([[1, 2, 3], [4, 5, 6]]) -> [[1, 4], [2, 5], [3, 6]]
    assertEquals("[[1, 4], [2, 5], [3, 6]]", run(g, tf.transpose(m)));
    Value cube = iota(g, 12, 2, 2, 3);
    // tf.transpose(x, perm=[0, 2, 1]) of [[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]]
    assertEquals("[[[1, 4], [2, 5], [3, 6]], [[7, 10], [8, 11], [9, 12]]]", run(g, tf.transpose(cube, 0, 2, 1)));
    assertEquals("[[[1, 2, 3], [7, 8, 9]], [[4, 5, 6], [10, 11, 12]]]", run(g, tf.transpose(cube, 1, 0, 2)));
    // tf.split(x, [1, -1], axis=1) of [[1, 2, 3], [4, 5, 6]] -> [[1], [4]] and [[2, 3], [5, 6]]
    List<Value> pieces = tf.split(m, new long[] {1, -1}, 1);
    assertEquals("[[1], [4]]", run(g, pieces.get(0)));
    assertEquals("[[2, 3], [5, 6]]", run(g, pieces.get(1)));
    assertEquals("tensor<int32>[2, 2]", pieces.get(1).type().toString());
    // tf.split(x, 3, axis=1) -> three [2, 1] pieces
    assertEquals("[[3], [6]]", run(g, tf.split(m, 3, 1).get(2)));
    e = assertThrows(GraphBuildException.class, () -> tf.split(m, 2, 1));
    assertTrue(e.getMessage().contains("evenly divisible by 2 but is 3"), e.getMessage());
    // tf.unstack([[1, 2, 3], [4, 5, 6]]) -> [1, 2, 3], [4, 5, 6]; axis=1 -> [1, 4], [2, 5], [3, 6]
    assertEquals("[4, 5, 6]", run(g, tf.unstack(m).get(1)));
    assertEquals("[3, 6]", run(g, tf.unstack(m, 1).get(2)));
  }

  @Test
  void stringsMoveAsTheirBytes() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value m = g.constant(Tensor.of(DType.STRING, new String[] {"a", "é", "c", "d", "日", "f"}, 2, 3));
    // tf.transpose([["a", "é", "c"], ["d", "日", "f"]]) -> [[b'a', b'd'], [b'\xc3\xa9', b'\xe6\x97\xa5'], [b'c', b'f']]
    assertEquals("[[b'a', b'd'], [b'\\xc3\\xa9', b'\\xe6\\x97\\xa5'], [b'c', b'f']]", run(g, tf.transpose(m)));
    // tf.split(m, [1, -1], axis=1)[1] -> [[b'\xc3\xa9', b'c'], [b'\xe6\x97\xa5', b'f']]; tf.unstack(m)[1] -> [b'd', b'\xe6\x97\xa5', b'f']
    assertEquals("[[b'\\xc3\\xa9', b'c'], [b'\\xe6\\x97\\xa5', b'f']]", run(g, tf.split(m, new long[] {1, -1}, 1).get(1)));
    assertEquals("[b'd', b'\\xe6\\x97\\xa5', b'f']", run(g, tf.unstack(m).get(1)));
    // tf.broadcast_to(["é", "x"], [2, 2]) -> [[b'\xc3\xa9', b'x'], [b'\xc3\xa9', b'x']]
    assertEquals("[[b'\\xc3\\xa9', b'x'], [b'\\xc3\\xa9', b'x']]", run(g, tf.broadcastTo(g.constant(Tensor.ofStrings("é", "x")), 2, 2)));
    // tf.fill([3], "é") -> [b'\xc3\xa9', b'\xc3\xa9', b'\xc3\xa9']; tf.zeros([2], tf.string) -> [b'', b'']
    assertEquals("[b'\\xc3\\xa9', b'\\xc3\\xa9', b'\\xc3\\xa9']", run(g, tf.fill(g.constant(Tensor.ofInts(3)), "é")));
    assertEquals("[b'', b'']", run(g, tf.zeros(new long[] {2}, DType.STRING)));
  }

  @Test
  void broadcastFillRange() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.broadcast_to([1, 2, 3], [3, 3]) -> [[1, 2, 3], [1, 2, 3], [1, 2, 3]]
    assertEquals("[[1, 2, 3], [1, 2, 3], [1, 2, 3]]", run(g, tf.broadcastTo(iota(g, 3, 3), 3, 3)));
    // tf.broadcast_to([[1], [2]], [2, 3]) -> [[1, 1, 1], [2, 2, 2]]
    assertEquals("[[1, 1, 1], [2, 2, 2]]", run(g, tf.broadcastTo(iota(g, 2, 2, 1), 2, 3)));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> tf.broadcastTo(iota(g, 3, 3), 2, 2));
    assertTrue(e.getMessage().contains("Unable to broadcast tensor of shape (3,) to tensor of shape (2, 2)"), e.getMessage());
    // tf.fill([2, 3], 9) -> [[9, 9, 9], [9, 9, 9]]
    assertEquals("[[9, 9, 9], [9, 9, 9]]", run(g, tf.fill(g.constant(Tensor.ofInts(2, 3)), 9)));
    // tf.zeros([2, 2], tf.int32); tf.ones([3], tf.float32); tf.ones(tf.shape(x)) of a computed shape
    assertEquals("[[0, 0], [0, 0]]", run(g, tf.zeros(new long[] {2, 2}, DType.INT32)));
    assertEquals("[1.0, 1.0, 1.0]", run(g, tf.ones(new long[] {3}, DType.FLOAT32)));
    Value x = g.placeholder("x", Types.dense(DType.INT64, -1));
    assertEquals("[True, True]", Harness.runFirst(g, tf.ones(tf.shape(x), DType.BOOL), Map.of("x", Tensor.ofLongs(5, 6))));
    // tf.range(3, 18, 3) -> [3, 6, 9, 12, 15]; tf.range(3, 1, -0.5) -> [3., 2.5, 2., 1.5]; tf.range(5) -> [0, 1, 2, 3, 4]
    assertEquals("[3, 6, 9, 12, 15]", run(g, tf.range(3, 18, 3)));
    assertEquals("[3.0, 2.5, 2.0, 1.5]", run(g, tf.range(3.0, 1.0, -0.5)));
    assertEquals("[0, 1, 2, 3, 4]", run(g, tf.range(5)));
    assertEquals("tensor<int32>[5]", tf.range(5).type().toString());
    e = assertThrows(GraphBuildException.class, () -> tf.range(3, 1, 1));
    assertTrue(e.getMessage().contains("Requires start <= limit when delta > 0: 3/1"), e.getMessage());
    Value n = g.placeholder("n", Types.dense(DType.INT64));
    assertEquals("[0, 1, 2]", Harness.runFirst(g, tf.range(n), Map.of("n", Tensor.scalar(DType.INT64, 3L))));
    String error = Harness.sessionError(g, tf.range(n, n, n), Map.of("n", Tensor.scalar(DType.INT64, 0L)));
    assertTrue(error.contains("Requires delta != 0: 0"), error);
  }
}
