package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code tf.ragged.boolean_mask} and {@code tf.where}: TF's docstring examples, ragged ranks 1-2, empty rows, errors. */
class BooleanMaskWhereTest {
  private static final boolean T = true;
  private static final boolean F = false;

  private static Value bools(GraphBuilder g, int rows, boolean... values) {
    return g.constant(Tensor.of(DType.BOOL, values, rows, values.length / rows));
  }

  @Test
  void booleanMask_docstringExamples() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.ragged.boolean_mask([[1, 2, 3], [4, 5, 6], [7, 8, 9]], [[T, F, T], [F, F, F], [T, F, F]]) -> [[1, 3], [], [7]]
    Value dense = tf.booleanMask(g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9}, 3, 3)),
        bools(g, 3, T, F, T, F, F, F, T, F, F));
    assertEquals("(3, None)", dense.shape());
    assertEquals("[[1, 3], [], [7]]", runFirst(g, dense));
    // tf.ragged.boolean_mask(tf.ragged.constant([[1, 2, 3], [4], [5, 6]]), tf.ragged.constant([[F, F, T], [F], [T, T]]))
    //   -> [[3], [], [5, 6]]
    Value rt = tf.ragged.constant(List.of(List.of(1, 2, 3), List.of(4), List.of(5, 6)));
    Value raggedMask = tf.ragged.constant(List.of(List.of(F, F, T), List.of(F), List.of(T, T)));
    assertEquals("[[3], [], [5, 6]]", runFirst(g, tf.booleanMask(rt, raggedMask)));
    // tf.ragged.boolean_mask(tf.ragged.constant([[1, 2, 3], [4], [5, 6]]), [True, False, True]) -> [[1, 2, 3], [5, 6]]
    Value rows = tf.booleanMask(rt, g.constant(Tensor.ofBools(T, F, T)));
    assertEquals("(None, None)", rows.shape());
    assertEquals("[[1, 2, 3], [5, 6]]", runFirst(g, rows));
  }

  @Test
  void booleanMask_denseRank1_isTfBooleanMask() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.ragged.boolean_mask([[1, 2], [3, 4], [5, 6]], [True, False, True]) -> [[1, 2], [5, 6]] (dense, shape (None, 2))
    Value out = tf.booleanMask(g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, 5, 6}, 3, 2)), g.constant(Tensor.ofBools(T, F, T)));
    assertEquals("tensor<int32>[None, 2]", out.type().toString());
    assertEquals("[[1, 2], [5, 6]]", runFirst(g, out));
  }

  @Test
  void booleanMask_raggedRank2_andEmptyRows() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(List.of(List.of(List.of(1, 2), List.of(3)), List.of(), List.of(List.of(4), List.of(5, 6))));
    // tf.ragged.boolean_mask(rt, [True, False, True]) -> [[[1, 2], [3]], [[4], [5, 6]]]
    assertEquals("[[[1, 2], [3]], [[4], [5, 6]]]", runFirst(g, tf.booleanMask(rt, g.constant(Tensor.ofBools(T, F, T)))));
    // tf.ragged.boolean_mask(rt, tf.ragged.constant([[True, False], [], [False, True]])) -> [[[1, 2]], [], [[5, 6]]]
    Value rowMask = tf.ragged.constant(List.of(List.of(T, F), List.of(), List.of(F, T)));
    Value masked = tf.booleanMask(rt, rowMask);
    assertEquals(2, masked.raggedRank());
    assertEquals("[[[1, 2]], [], [[5, 6]]]", runFirst(g, masked));
    // tf.ragged.boolean_mask(rt, tf.ragged.constant([[[T, F], [F]], [], [[T], [F, T]]])) -> [[[1], []], [], [[4], [6]]]
    Value cellMask = tf.ragged.constant(List.of(List.of(List.of(T, F), List.of(F)), List.of(), List.of(List.of(T), List.of(F, T))));
    assertEquals("[[[1], []], [], [[4], [6]]]", runFirst(g, tf.booleanMask(rt, cellMask)));
    // every row masked out: tf.ragged.boolean_mask(rt, [False, False, False]) -> []
    assertEquals("[]", runFirst(g, tf.booleanMask(rt, g.constant(Tensor.ofBools(F, F, F)))));
  }

  @Test
  void booleanMask_denseMaskOfRank2_onRaggedData() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.ragged.boolean_mask(tf.ragged.constant([[1, 2], [3, 4]]), [[True, False], [False, True]]) -> [[1], [4]]
    Value rt = tf.ragged.constant(List.of(List.of(1, 2), List.of(3, 4)));
    assertEquals("[[1], [4]]", runFirst(g, tf.booleanMask(rt, bools(g, 2, T, F, F, T))));
  }

  @Test
  void booleanMask_errors() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value data = g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4}, 2, 2));
    // tf.ragged.boolean_mask(data, True) -> ValueError: mask cannot be scalar.
    GraphBuildException scalar = assertThrows(GraphBuildException.class, () -> tf.booleanMask(data, g.scalar(DType.BOOL, true)));
    assertTrue(scalar.getMessage().contains("mask cannot be scalar"), scalar.getMessage());
    // tf.ragged.boolean_mask(data, [True, False, True]) -> ValueError: Shapes (2,) and (3,) are incompatible
    GraphBuildException prefix = assertThrows(GraphBuildException.class, () -> tf.booleanMask(data, g.constant(Tensor.ofBools(T, F, T))));
    assertTrue(prefix.getMessage().contains("mask.shape must be a prefix of data.shape"), prefix.getMessage());
    GraphBuildException ints = assertThrows(GraphBuildException.class, () -> tf.booleanMask(data, g.constant(Tensor.ofInts(1, 0))));
    assertTrue(ints.getMessage().contains("mask must be bool"), ints.getMessage());
    // ragged mask whose rows differ from data's: tf.ragged.boolean_mask(tf.ragged.constant([[1, 2], [3]]),
    //   tf.ragged.constant([[True], [False, True]])) -> InvalidArgumentError (the splits must match)
    Value rt = tf.ragged.constant(List.of(List.of(1, 2), List.of(3)));
    Value mask = tf.ragged.constant(List.of(List.of(T), List.of(F, T)));
    Value bad = tf.booleanMask(rt, mask);
    InvalidArgumentException splits = assertThrows(InvalidArgumentException.class, () -> Harness.runEverywhere(g.build(bad), Map.of()));
    assertTrue(splits.getMessage().contains("Inputs must have identical ragged splits"), splits.getMessage());
  }

  // ---- tf.where ----

  @Test
  void whereCoordinates_docstringExamples() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.where(tf.ragged.constant([[True, False], [True]])) -> [[0, 0], [1, 0]]
    Value c = tf.where(tf.ragged.constant(List.of(List.of(T, F), List.of(T))));
    assertEquals("tensor<int64>[None, 2]", c.type().toString());
    assertEquals("[[0, 0], [1, 0]]", runFirst(g, c));
    // tf.where(tf.ragged.constant([[True, False, True], [False, True]])) -> [[0, 0], [0, 2], [1, 1]]
    assertEquals("[[0, 0], [0, 2], [1, 1]]", runFirst(g, tf.where(tf.ragged.constant(List.of(List.of(T, F, T), List.of(F, T))))));
  }

  @Test
  void whereCoordinates_denseNumericRaggedRank2AndEmpty() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.where([[0., 1.], [float('nan'), 0.]]) -> [[0, 1], [1, 0]] (non-zero is true, NaN included)
    assertEquals("[[0, 1], [1, 0]]", runFirst(g, tf.where(g.constant(Tensor.of(DType.FLOAT32, new float[] {0, 1, Float.NaN, 0}, 2, 2)))));
    // tf.where(tf.ragged.constant([[[True], []], [], [[False, True]]])) -> [[0, 0, 0], [2, 0, 1]]
    Value deep = tf.ragged.constant(List.of(List.of(List.of(T), List.of()), List.of(), List.of(List.of(F, T))));
    assertEquals("[[0, 0, 0], [2, 0, 1]]", runFirst(g, tf.where(deep)));
    // tf.where(tf.zeros([0, 3], tf.bool)) -> shape (0, 2)
    Value empty = tf.where(g.constant(Tensor.of(DType.BOOL, new boolean[0], 0, 3)));
    Tensor none = (Tensor) Harness.runEverywhere(g.build(empty), Map.of()).get(0);
    assertEquals(List.of(0, 2), List.of(none.dim(0), none.dim(1)));
  }

  @Test
  void whereSelect_docstringExampleAndBroadcasting() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.where(tf.ragged.constant([[True, False], [True, False, True]]), tf.ragged.constant([['A', 'B'], ['C', 'D', 'E']]),
    //          tf.ragged.constant([['a', 'b'], ['c', 'd', 'e']])) -> [[b'A', b'b'], [b'C', b'd', b'E']]
    Value c = tf.ragged.constant(List.of(List.of(T, F), List.of(T, F, T)));
    Value x = tf.ragged.constant(List.of(List.of("A", "B"), List.of("C", "D", "E")));
    Value y = tf.ragged.constant(List.of(List.of("a", "b"), List.of("c", "d", "e")));
    assertEquals("[[b'A', b'b'], [b'C', b'd', b'E']]", runFirst(g, tf.where(c, x, y)));
    // tf.where(tf.ragged.constant([[True, False], [True, False, True]]), tf.ragged.constant([[1, 2], [3, 4, 5]]), 0)
    //   -> [[1, 0], [3, 0, 5]]
    Value nums = tf.ragged.constant(List.of(List.of(1, 2), List.of(3, 4, 5)));
    assertEquals("[[1, 0], [3, 0, 5]]", runFirst(g, tf.where(c, nums, g.scalar(DType.INT32, 0))));
    // tf.where([[True], [False]], [[1, 2]], [[10], [20]]) -> [[1, 2], [20, 20]]
    Value dense = tf.where(bools(g, 2, T, F), g.constant(Tensor.of(DType.INT32, new int[] {1, 2}, 1, 2)),
        g.constant(Tensor.of(DType.INT32, new int[] {10, 20}, 2, 1)));
    assertEquals("tensor<int32>[2, 2]", dense.type().toString());
    assertEquals("[[1, 2], [20, 20]]", runFirst(g, dense));
  }

  @Test
  void whereSelect_errors() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value c = g.constant(Tensor.ofBools(T, F));
    // tf.where([True, False], [1, 2], [1., 2.]) -> TypeError (x and y must have one dtype)
    GraphBuildException dtypes = assertThrows(GraphBuildException.class,
        () -> tf.where(c, g.constant(Tensor.ofInts(1, 2)), g.constant(Tensor.ofFloats(1, 2))));
    assertTrue(dtypes.getMessage().contains("x and y must have one dtype"), dtypes.getMessage());
    // tf.where([True, False], [1, 2, 3], 0) -> InvalidArgumentError: Incompatible shapes
    GraphBuildException shapes = assertThrows(GraphBuildException.class,
        () -> tf.where(c, g.constant(Tensor.ofInts(1, 2, 3)), g.scalar(DType.INT32, 0)));
    assertTrue(shapes.getMessage().contains("incompatible shapes"), shapes.getMessage());
    // ragged operands whose rows differ: tf.where(tf.ragged.constant([[True], [False]]), tf.ragged.constant([[1, 2], [3]]), 0)
    //   -> InvalidArgumentError (the shapes do not broadcast); here the static value counts already differ
    Value rc = tf.ragged.constant(List.of(List.of(T), List.of(F)));
    Value rx = tf.ragged.constant(List.of(List.of(1, 2), List.of(3)));
    GraphBuildException rows = assertThrows(GraphBuildException.class, () -> tf.where(rc, rx, g.scalar(DType.INT32, 0)));
    assertTrue(rows.getMessage().contains("partitions cannot be equal"), rows.getMessage());
    // the same, fed: the partitions are compared at run time
    GraphBuilder fed = new GraphBuilder();
    Ops fedTf = fed.ops();
    Value pc = fed.placeholder("c", Types.parse("ragged<bool>[None, (None)]"));
    Value px = fed.placeholder("x", Types.parse("ragged<int32>[None, (None)]"));
    Value bad = fedTf.where(pc, px, fed.scalar(DType.INT32, 0));
    Map<String, Object> feeds = Map.of(
        "c", dev.tatter.runtime.RaggedTensor.of(Tensor.ofBools(T, F), dev.tatter.runtime.RowPartition.fromRowSplits(new long[] {0, 1, 2}, DType.INT64, true)),
        "x", dev.tatter.runtime.RaggedTensor.of(Tensor.ofInts(1, 2, 3), dev.tatter.runtime.RowPartition.fromRowSplits(new long[] {0, 2, 3}, DType.INT64, true)));
    assertThrows(InvalidArgumentException.class, () -> Harness.runEverywhere(fed.build(bad), feeds));
    GraphBuildException deep = assertThrows(GraphBuildException.class,
        () -> fedTf.where(pc, px, fed.constant(Tensor.ofInts(1, 2))));
    assertTrue(deep.getMessage().contains("must broadcast against their flat values alone"), deep.getMessage());
  }

  @Test
  void whereCoordinates_ofAScalar_isRefusedAsTfs() {
    GraphBuilder g = new GraphBuilder();
    // tf.where(True) -> InvalidArgumentError: WhereOp : Unhandled input dimensions: 0
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> g.ops().where(g.constant(Tensor.scalar(DType.BOOL, true))));
    assertTrue(e.getMessage().contains("where(condition) needs a condition of rank >= 1 (TF's Where: Unhandled input dimensions: 0)"),
        e.getMessage());
    assertThrows(GraphBuildException.class, () -> g.ops().where(g.scalar(DType.INT32, 3)));
  }
}
