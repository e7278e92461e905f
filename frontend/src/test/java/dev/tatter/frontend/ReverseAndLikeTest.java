package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code tf.reverse} on dense and ragged tensors, and {@code tf.ones_like}/{@code zeros_like} on ragged ones. */
class ReverseAndLikeTest {
  @Test
  void reverse_dense() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value x = g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, 5, 6}, 2, 3));
    // tf.reverse([[1, 2, 3], [4, 5, 6]], axis=[1]) -> [[3, 2, 1], [6, 5, 4]]
    assertEquals("[[3, 2, 1], [6, 5, 4]]", runFirst(g, tf.reverse(x, 1)));
    // axis=[0] -> [[4, 5, 6], [1, 2, 3]]; axis=[0, -1] -> [[6, 5, 4], [3, 2, 1]]
    assertEquals("[[4, 5, 6], [1, 2, 3]]", runFirst(g, tf.reverse(x, 0)));
    assertEquals("[[6, 5, 4], [3, 2, 1]]", runFirst(g, tf.reverse(x, 0, -1)));
    // axis=[] -> unchanged
    assertEquals("[[1, 2, 3], [4, 5, 6]]", runFirst(g, tf.reverse(x)));
    // strings and empty tensors: tf.reverse(["a", "b"], [0]) -> [b'b', b'a']; tf.reverse(tf.zeros([0, 2]), [0]) -> []
    assertEquals("[b'b', b'a']", runFirst(g, tf.reverse(g.constant(Tensor.ofStrings("a", "b")), 0)));
    assertEquals("[]", runFirst(g, tf.reverse(g.constant(Tensor.of(DType.FLOAT32, new float[0], 0, 2)), 0)));
  }

  @Test
  void reverse_ragged() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(List.of(List.of(1, 2, 3), List.of(), List.of(4, 5)));
    // tf.reverse(tf.ragged.constant([[1, 2, 3], [], [4, 5]]), axis=[1]) -> [[3, 2, 1], [], [5, 4]]
    assertEquals("[[3, 2, 1], [], [5, 4]]", runFirst(g, tf.reverse(rt, 1)));
    // axis=[0] -> [[4, 5], [], [1, 2, 3]]; axis=[0, 1] -> [[5, 4], [], [3, 2, 1]]
    assertEquals("[[4, 5], [], [1, 2, 3]]", runFirst(g, tf.reverse(rt, 0)));
    assertEquals("[[5, 4], [], [3, 2, 1]]", runFirst(g, tf.reverse(rt, 0, -1)));
    Value deep = tf.ragged.constant(List.of(List.of(List.of(1, 2), List.of()), List.of(List.of(3, 4, 5))));
    // tf.reverse(tf.ragged.constant([[[1, 2], []], [[3, 4, 5]]]), axis=[2]) -> [[[2, 1], []], [[5, 4, 3]]]
    assertEquals("[[[2, 1], []], [[5, 4, 3]]]", runFirst(g, tf.reverse(deep, 2)));
    // axis=[0] -> [[[3, 4, 5]], [[1, 2], []]]
    assertEquals("[[[3, 4, 5]], [[1, 2], []]]", runFirst(g, tf.reverse(deep, 0)));
    // a uniform inner axis: tf.RaggedTensor.from_row_splits([[1, 2], [3, 4], [5, 6]], [0, 2, 3])
    //   tf.reverse(rt, [2]) -> [[[2, 1], [4, 3]], [[6, 5]]]; [1] -> [[[3, 4], [1, 2]], [[5, 6]]]
    Value inner = g.raggedFromRowSplits(g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, 5, 6}, 3, 2)),
        g.constant(Tensor.ofLongs(0, 2, 3)));
    assertEquals("[[[2, 1], [4, 3]], [[6, 5]]]", runFirst(g, tf.reverse(inner, 2)));
    assertEquals("[[[3, 4], [1, 2]], [[5, 6]]]", runFirst(g, tf.reverse(inner, 1)));
    // no rows: tf.reverse(tf.ragged.constant([], ragged_rank=1, dtype=tf.int32), [0]) -> []
    Value empty = g.raggedFromRowSplits(g.constant(Tensor.ofInts()), g.constant(Tensor.ofLongs(0)));
    assertEquals("[]", runFirst(g, tf.reverse(empty, 0)));
    assertEquals("[]", runFirst(g, tf.reverse(empty, 1)));
  }

  @Test
  void reverse_errors() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value x = g.constant(Tensor.ofInts(1, 2));
    GraphBuildException range = assertThrows(GraphBuildException.class, () -> tf.reverse(x, 1));
    assertTrue(range.getMessage().contains("reverse: axis 1 is out of range for rank 1 (expected -1 <= axis < 1)"),
        range.getMessage());
    // tf.reverse([1, 2], [0, -1]) -> InvalidArgumentError: axis 0 specified more than once
    GraphBuildException twice = assertThrows(GraphBuildException.class, () -> tf.reverse(x, 0, -1));
    assertTrue(twice.getMessage().contains("reverse: axis 0 specified more than once"), twice.getMessage());
    Value deep = tf.ragged.constant(List.of(List.of(List.of(1, 2), List.of()), List.of(List.of(3, 4, 5))));
    GraphBuildException middle = assertThrows(GraphBuildException.class, () -> tf.reverse(deep, 1));
    assertTrue(middle.getMessage().contains("reverse along axis 1 of a ragged tensor of ragged_rank 2 is not supported"),
        middle.getMessage());
  }

  @Test
  void onesAndZerosLike_ragged() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(List.of(List.of(1.5f, -2f), List.of(), List.of(7f)));
    // tf.ones_like(tf.ragged.constant([[1.5, -2.], [], [7.]])) -> [[1.0, 1.0], [], [1.0]] (float32)
    assertEquals("[[1.0, 1.0], [], [1.0]]", runFirst(g, tf.onesLike(rt)));
    // tf.zeros_like(rt) -> [[0.0, 0.0], [], [0.0]]
    assertEquals("[[0.0, 0.0], [], [0.0]]", runFirst(g, tf.zerosLike(rt)));
    // tf.ones_like(rt, dtype=tf.int64) -> [[1, 1], [], [1]] (int64); tf.zeros_like(rt, dtype=tf.bool) -> [[False, False], [], [False]]
    Value ones = tf.onesLike(rt, DType.INT64);
    assertEquals(DType.INT64, ones.dtype());
    assertEquals("[[1, 1], [], [1]]", runFirst(g, ones));
    assertEquals("[[False, False], [], [False]]", runFirst(g, tf.zerosLike(rt, DType.BOOL)));
    // ragged_rank 2 keeps both partitions: tf.ones_like(tf.ragged.constant([[[1], []], [[2, 3]]])) -> [[[1], []], [[1, 1]]]
    Value deep = tf.ragged.constant(List.of(List.of(List.of(1), List.of()), List.of(List.of(2, 3))));
    Value deepOnes = tf.onesLike(deep);
    assertEquals(2, ((RaggedType) deepOnes.type()).raggedRank());
    assertEquals("[[[1], []], [[1, 1]]]", runFirst(g, deepOnes));
    // tf.zeros_like(tf.ragged.constant([["a"], []])) -> [[b''], []]
    assertEquals("[[b''], []]", runFirst(g, tf.zerosLike(tf.ragged.constant(List.of(List.of("a"), List.of())))));
  }

  @Test
  void likeWithDType_refusesStringConversions() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(List.of(List.of(1, 2), List.of()));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> tf.zerosLike(rt, DType.STRING));
    assertTrue(e.getMessage().contains("zeros_like(x, dtype=string) of a int32 x is not supported"), e.getMessage());
  }
}
