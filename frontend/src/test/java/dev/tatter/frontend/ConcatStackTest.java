package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code tf.concat}, {@code tf.stack} and {@code tf.expand_dims} on ragged and dense mixes: TF's docstring examples, edges, errors. */
class ConcatStackTest {
  private static Value t1(GraphBuilder g) {
    Ops tf = g.ops();
    return tf.ragged.constant(List.of(List.of(1, 2), List.of(3, 4, 5)));
  }

  private static Value t2(GraphBuilder g) {
    Ops tf = g.ops();
    return tf.ragged.constant(List.of(List.of(6), List.of(7, 8, 9)));
  }

  @Test
  void concat_docstringExamples() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.concat([t1, t2], axis=0) -> [[1, 2], [3, 4, 5], [6], [7, 8, 9]]
    Value rows = tf.concat(List.of(t1(g), t2(g)), 0);
    assertEquals("(4, None)", rows.shape());
    assertEquals("[[1, 2], [3, 4, 5], [6], [7, 8, 9]]", runFirst(g, rows));
    // tf.concat([t1, t2], axis=1) -> [[1, 2, 6], [3, 4, 5, 7, 8, 9]]
    assertEquals("[[1, 2, 6], [3, 4, 5, 7, 8, 9]]", runFirst(g, tf.concat(List.of(t1(g), t2(g)), 1)));
    // tf.concat([t1, t2], axis=-1) is axis 1
    assertEquals("[[1, 2, 6], [3, 4, 5, 7, 8, 9]]", runFirst(g, tf.concat(List.of(t1(g), t2(g)), -1)));
  }

  @Test
  void concat_threeValues_denseAndRaggedMixes_emptyRows() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value empty = tf.ragged.constant(List.of(List.of(), List.of()), DType.INT32, 1);
    // tf.concat([t1, [[]] * 2 (ragged), t2], axis=1) -> [[1, 2, 6], [3, 4, 5, 7, 8, 9]]
    assertEquals("[[1, 2, 6], [3, 4, 5, 7, 8, 9]]", runFirst(g, tf.concat(List.of(t1(g), empty, t2(g)), 1)));
    // tf.concat([tf.ragged.constant([[1, 2], [3]]), tf.constant([[4, 5]])], axis=0) -> [[1, 2], [3], [4, 5]]
    Value mixed = tf.concat(List.of(tf.ragged.constant(List.of(List.of(1, 2), List.of(3))),
        g.constant(Tensor.of(DType.INT32, new int[] {4, 5}, 1, 2))), 0);
    assertEquals(1, mixed.raggedRank());
    assertEquals("[[1, 2], [3], [4, 5]]", runFirst(g, mixed));
    // tf.concat([tf.ragged.constant([[1, 2], [3]]), tf.constant([[4, 5], [6, 7]])], axis=1) -> [[1, 2, 4, 5], [3, 6, 7]]
    assertEquals("[[1, 2, 4, 5], [3, 6, 7]]", runFirst(g, tf.concat(List.of(tf.ragged.constant(List.of(List.of(1, 2), List.of(3))),
        g.constant(Tensor.of(DType.INT32, new int[] {4, 5, 6, 7}, 2, 2))), 1)));
    // two dense tensors stay dense: tf.concat([[[1, 2]], [[3, 4]]], axis=1) -> [[1, 2, 3, 4]]
    Value dense = tf.concat(List.of(g.constant(Tensor.of(DType.INT32, new int[] {1, 2}, 1, 2)),
        g.constant(Tensor.of(DType.INT32, new int[] {3, 4}, 1, 2))), 1);
    assertEquals("tensor<int32>[1, 4]", dense.type().toString());
    assertEquals("[[1, 2, 3, 4]]", runFirst(g, dense));
  }

  @Test
  void concat_raggedRank2_alongEachAxis() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value a = tf.ragged.constant(List.of(List.of(List.of(1), List.of(2, 3)), List.of(List.of(4))));
    Value b = tf.ragged.constant(List.of(List.of(List.of(5, 6), List.of()), List.of(List.of(7))));
    // tf.concat([a, b], axis=0) -> [[[1], [2, 3]], [[4]], [[5, 6], []], [[7]]]
    assertEquals("[[[1], [2, 3]], [[4]], [[5, 6], []], [[7]]]", runFirst(g, tf.concat(List.of(a, b), 0)));
    // tf.concat([a, b], axis=1) -> [[[1], [2, 3], [5, 6], []], [[4], [7]]]
    assertEquals("[[[1], [2, 3], [5, 6], []], [[4], [7]]]", runFirst(g, tf.concat(List.of(a, b), 1)));
    // tf.concat([a, b], axis=2) -> [[[1, 5, 6], [2, 3]], [[4, 7]]]
    Value inner = tf.concat(List.of(a, b), 2);
    assertEquals(2, inner.raggedRank());
    assertEquals("[[[1, 5, 6], [2, 3]], [[4, 7]]]", runFirst(g, inner));
  }

  @Test
  void stack_docstringExamples() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.ragged.stack([t1, t2], axis=0) -> [[[1, 2], [3, 4, 5]], [[6], [7, 8, 9]]]
    Value outer = tf.stack(List.of(t1(g), t2(g)), 0);
    assertEquals(2, outer.raggedRank());
    assertEquals("[[[1, 2], [3, 4, 5]], [[6], [7, 8, 9]]]", runFirst(g, outer));
    // tf.ragged.stack([t1, t2], axis=1) -> [[[1, 2], [6]], [[3, 4, 5], [7, 8, 9]]]
    assertEquals("[[[1, 2], [6]], [[3, 4, 5], [7, 8, 9]]]", runFirst(g, tf.stack(List.of(t1(g), t2(g)), 1)));
    // tf.stack([[1, 2], [3, 4]], axis=1) on dense -> [[1, 3], [2, 4]]
    Value dense = tf.stack(List.of(g.constant(Tensor.ofInts(1, 2)), g.constant(Tensor.ofInts(3, 4))), 1);
    assertEquals("tensor<int32>[2, 2]", dense.type().toString());
    assertEquals("[[1, 3], [2, 4]]", runFirst(g, dense));
    // tf.ragged.stack([t1, t2], axis=2) -> [[[1, 6]...]] needs equal rows: tf.ragged.stack([t1, t1 * 10], axis=2)
    //   -> [[[1, 10], [2, 20]], [[3, 30], [4, 40], [5, 50]]]
    Value t = t1(g);
    assertEquals("[[[1, 10], [2, 20]], [[3, 30], [4, 40], [5, 50]]]", runFirst(g, tf.stack(List.of(t, t.mul(10)), 2)));
  }

  @Test
  void expandDims_onRagged_docstringExamples() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(List.of(List.of(1, 2), List.of(3)));
    // tf.expand_dims(rt, axis=0) -> shape (1, 2, None), [[[1, 2], [3]]]
    Value e0 = tf.expandDims(rt, 0);
    assertEquals("(1, 2, None)", e0.shape());
    assertEquals("[[[1, 2], [3]]]", runFirst(g, e0));
    // tf.expand_dims(rt, axis=1) -> shape (2, 1, None), [[[1, 2]], [[3]]]
    Value e1 = tf.expandDims(rt, 1);
    assertEquals("(2, 1, None)", e1.shape());
    assertEquals("[[[1, 2]], [[3]]]", runFirst(g, e1));
    // tf.expand_dims(rt, axis=2) -> shape (2, None, 1), [[[1], [2]], [[3]]]
    Value e2 = tf.expandDims(rt, -1);
    assertEquals("(2, None, 1)", e2.shape());
    assertEquals("[[[1], [2]], [[3]]]", runFirst(g, e2));
  }

  @Test
  void concatAndStack_errors() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.concat([tf.constant([[1, 2]]), tf.constant([[1, 2, 3]])], axis=0) -> ConcatOp : Dimension 1 in both shapes must be equal
    GraphBuildException dims = assertThrows(GraphBuildException.class, () -> tf.concat(List.of(
        g.constant(Tensor.of(DType.INT32, new int[] {1, 2}, 1, 2)), g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3}, 1, 3))), 0));
    assertTrue(dims.getMessage().contains("Dimension 1 in both shapes must be equal"), dims.getMessage());
    // tf.concat([t1, tf.constant([1, 2])], axis=0) -> ValueError (ranks differ)
    GraphBuildException ranks = assertThrows(GraphBuildException.class,
        () -> tf.concat(List.of(t1(g), g.constant(Tensor.ofInts(1, 2))), 0));
    assertTrue(ranks.getMessage().contains("operands must have one rank"), ranks.getMessage());
    GraphBuildException dtypes = assertThrows(GraphBuildException.class,
        () -> tf.concat(List.of(t1(g), tf.ragged.constant(List.of(List.of(1.5f)))), 0));
    assertTrue(dtypes.getMessage().contains("operands must have one dtype"), dtypes.getMessage());
    // tf.concat([t1, tf.ragged.constant([[1]])], axis=1) -> InvalidArgumentError: Input tensors have incompatible shapes.
    GraphBuildException rows = assertThrows(GraphBuildException.class,
        () -> tf.concat(List.of(t1(g), tf.ragged.constant(List.of(List.of(1)))), 1));
    assertTrue(rows.getMessage().contains("Input tensors have incompatible shapes"), rows.getMessage());
    // the same, fed
    GraphBuilder fed = new GraphBuilder();
    Ops fedTf = fed.ops();
    Value a = fed.placeholder("a", Types.ragged(DType.INT32, 1));
    Value b = fed.placeholder("b", Types.ragged(DType.INT32, 1));
    Value joined = fedTf.concat(List.of(a, b), 1);
    Map<String, Object> feeds = Map.of(
        "a", RaggedTensor.of(Tensor.ofInts(1, 2), RowPartition.fromRowSplits(new long[] {0, 1, 2}, DType.INT64, true)),
        "b", RaggedTensor.of(Tensor.ofInts(3), RowPartition.fromRowSplits(new long[] {0, 1}, DType.INT64, true)));
    InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> Harness.runEverywhere(fed.build(joined), feeds));
    assertTrue(e.getMessage().contains("Input tensors have incompatible shapes: 2 rows vs 1 rows"), e.getMessage());
    assertThrows(GraphBuildException.class, () -> tf.concat(List.of(), 0));
    GraphBuildException axis = assertThrows(GraphBuildException.class, () -> tf.concat(List.of(t1(g), t2(g)), 2));
    assertTrue(axis.getMessage().contains("axis 2 is out of range for rank 2"), axis.getMessage());
  }

  // ---- tf.tile ----

  @Test
  void tile_docstringExampleRaggedRank2AndDense() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.tile(tf.ragged.constant([[1, 2], [3]]), [3, 2]) -> [[1, 2, 1, 2], [3, 3], [1, 2, 1, 2], [3, 3], [1, 2, 1, 2], [3, 3]]
    Value tiled = tf.tile(tf.ragged.constant(List.of(List.of(1, 2), List.of(3))), 3, 2);
    assertEquals("(6, None)", tiled.shape());
    assertEquals("[[1, 2, 1, 2], [3, 3], [1, 2, 1, 2], [3, 3], [1, 2, 1, 2], [3, 3]]", runFirst(g, tiled));
    // tf.tile(tf.ragged.constant([[[1], [2, 3]], []]), [1, 2, 2]) -> [[[1, 1], [2, 3, 2, 3], [1, 1], [2, 3, 2, 3]], []]
    Value deep = tf.tile(tf.ragged.constant(List.of(List.of(List.of(1), List.of(2, 3)), List.of())), 1, 2, 2);
    assertEquals("[[[1, 1], [2, 3, 2, 3], [1, 1], [2, 3, 2, 3]], []]", runFirst(g, deep));
    // inner dense dims: tf.tile(tf.RaggedTensor.from_row_splits([[1, 2], [3, 4]], [0, 1, 2]), [1, 1, 2])
    //   -> [[[1, 2, 1, 2]], [[3, 4, 3, 4]]]
    Value inner = tf.tile(g.raggedFromRowSplits(g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4}, 2, 2)),
        g.constant(Tensor.ofLongs(0, 1, 2))), 1, 1, 2);
    assertEquals("(2, None, 4)", inner.shape());
    assertEquals("[[[1, 2, 1, 2]], [[3, 4, 3, 4]]]", runFirst(g, inner));
    // tf.tile([[1, 2], [3, 4]], [2, 1]) -> [[1, 2], [3, 4], [1, 2], [3, 4]]
    Value dense = tf.tile(g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4}, 2, 2)), 2, 1);
    assertEquals("tensor<int32>[4, 2]", dense.type().toString());
    assertEquals("[[1, 2], [3, 4], [1, 2], [3, 4]]", runFirst(g, dense));
    // tf.tile(rt, [0, 5]) -> []
    assertEquals("[]", runFirst(g, tf.tile(tf.ragged.constant(List.of(List.of(1, 2), List.of(3))), 0, 5)));
  }

  @Test
  void tile_errors() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(List.of(List.of(1, 2), List.of(3)));
    // tf.tile(rt, [2]) -> Expected multiples argument to be a vector of length 2 but got length 1
    GraphBuildException length = assertThrows(GraphBuildException.class, () -> tf.tile(rt, 2));
    assertTrue(length.getMessage().contains("Expected multiples argument to be a vector of length 2 but got length 1"), length.getMessage());
    // tf.tile(rt, [1, -1]) -> Expected multiples[1] >= 0, but got -1
    GraphBuildException negative = assertThrows(GraphBuildException.class, () -> tf.tile(rt, 1, -1));
    assertTrue(negative.getMessage().contains("Expected multiples[1] >= 0, but got -1"), negative.getMessage());
    // a tile beyond the element limit is refused before allocating: its static row count already
    // is, as the graph is built
    GraphBuildException big = assertThrows(GraphBuildException.class, () -> tf.tile(rt, 1L << 40, 1));
    assertTrue(big.getMessage().contains("nrows 2199023255552 is more than a tensor can hold"), big.getMessage());
  }
}
