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

/** {@code tf.gather} with ragged params and/or ragged indices, and {@code tf.ragged.range}: TF's docstring examples, edges, errors. */
class RaggedGatherTest {
  private static Value letters(GraphBuilder g) {
    Ops tf = g.ops();
    return tf.ragged.constant(List.of(List.of("a", "b", "c"), List.of("d"), List.of(), List.of("e")));
  }

  @Test
  void docstringExamples_raggedParamsAndOrIndices() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value params = g.constant(Tensor.ofStrings("a", "b", "c", "d", "e"));
    Value indices = g.constant(Tensor.ofInts(3, 1, 2, 1, 0));
    Value raggedParams = letters(g);
    Value raggedIndices = tf.ragged.constant(List.of(List.of(3, 1, 2), List.of(1), List.of(), List.of(0)));
    // tf.gather(params, ragged_indices) -> [[b'd', b'b', b'c'], [b'b'], [], [b'a']]
    assertEquals("[[b'd', b'b', b'c'], [b'b'], [], [b'a']]", runFirst(g, tf.gather(params, raggedIndices)));
    // tf.gather(ragged_params, indices) -> [[b'e'], [b'd'], [], [b'd'], [b'a', b'b', b'c']]
    Value rows = tf.gather(raggedParams, indices);
    assertEquals("(5, None)", rows.shape());
    assertEquals("[[b'e'], [b'd'], [], [b'd'], [b'a', b'b', b'c']]", runFirst(g, rows));
    // tf.gather(ragged_params, ragged_indices) -> [[[b'e'], [b'd'], []], [[b'd']], [], [[b'a', b'b', b'c']]]
    Value both = tf.gather(raggedParams, raggedIndices);
    assertEquals(2, both.raggedRank());
    assertEquals("[[[b'e'], [b'd'], []], [[b'd']], [], [[b'a', b'b', b'c']]]", runFirst(g, both));
  }

  @Test
  void denseIndicesOfRank2_giveUniformOuterDims() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.gather(tf.ragged.constant([['a', 'b', 'c'], ['d'], [], ['e']]), [[3, 0], [2, 2], [1, 3]])
    //   -> [[[b'e'], [b'a', b'b', b'c']], [[], []], [[b'd'], [b'e']]], shape (3, 2, None)
    Value out = tf.gather(letters(g), g.constant(Tensor.of(DType.INT64, new long[] {3, 0, 2, 2, 1, 3}, 3, 2)));
    assertEquals("(3, 2, None)", out.shape());
    assertEquals(2, out.raggedRank());
    assertEquals("[[[b'e'], [b'a', b'b', b'c']], [[], []], [[b'd'], [b'e']]]", runFirst(g, out));
  }

  @Test
  void scalarIndex_picksOneRow() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.gather(tf.ragged.constant([['a', 'b', 'c'], ['d'], [], ['e']]), 0) -> [b'a', b'b', b'c']
    Value row = tf.gather(letters(g), g.scalar(DType.INT32, 0));
    assertEquals("tensor<string>[None]", row.type().toString());
    assertEquals("[b'a', b'b', b'c']", runFirst(g, row));
    // tf.gather(tf.ragged.constant([[[1, 2], [3]], [], [[4]]]), 0) -> [[1, 2], [3]]
    Value deep = tf.gather(tf.ragged.constant(List.of(List.of(List.of(1, 2), List.of(3)), List.of(), List.of(List.of(4)))),
        g.scalar(DType.INT64, 0));
    assertEquals("[[1, 2], [3]]", runFirst(g, deep));
  }

  @Test
  void raggedRank2Params_emptyRowsAndEmptyIndices() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(List.of(List.of(List.of(1, 2), List.of(3)), List.of(), List.of(List.of(), List.of(4))));
    // tf.gather(tf.ragged.constant([[[1, 2], [3]], [], [[], [4]]]), [2, 1, 0, 2]) -> [[[], [4]], [], [[1, 2], [3]], [[], [4]]]
    assertEquals("[[[], [4]], [], [[1, 2], [3]], [[], [4]]]", runFirst(g, tf.gather(rt, g.constant(Tensor.ofInts(2, 1, 0, 2)))));
    // tf.gather(rt, tf.zeros([0], tf.int32)) -> []
    Value none = tf.gather(rt, g.constant(Tensor.ofInts()));
    assertEquals("(0, None, None)", none.shape());
    assertEquals("[]", runFirst(g, none));
  }

  @Test
  void innerDenseDims_travelWithTheRows() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.RaggedTensor.from_row_splits([[1, 2], [3, 4], [5, 6]], [0, 2, 2, 3]) gathered at [2, 0]
    //   -> [[[5, 6]], [[1, 2], [3, 4]]], shape (2, None, 2)
    Value rt = g.raggedFromRowSplits(g.constant(Tensor.of(DType.FLOAT32, new float[] {1, 2, 3, 4, 5, 6}, 3, 2)),
        g.constant(Tensor.ofLongs(0, 2, 2, 3)));
    Value out = tf.gather(rt, g.constant(Tensor.ofInts(2, 0)));
    assertEquals("(2, None, 2)", out.shape());
    assertEquals("[[[5.0, 6.0]], [[1.0, 2.0], [3.0, 4.0]]]", runFirst(g, out));
  }

  @Test
  void outOfRangeAndNegativeIndices_nameTheIndexAndTheBound() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = letters(g);
    // tf.gather(ragged_params, [1, 4]) -> InvalidArgumentError: indices[1] = 4 is not in [0, 4)
    InvalidArgumentException high = assertThrows(InvalidArgumentException.class,
        () -> Harness.runEverywhere(g.build(tf.gather(rt, g.constant(Tensor.ofInts(1, 4)))), Map.of()));
    assertTrue(high.getMessage().contains("indices[1] = 4 is not in [0, 4)"), high.getMessage());
    GraphBuilder g2 = new GraphBuilder();
    Ops g2Tf = g2.ops();
    Value rt2 = letters(g2);
    Value negative = g2Tf.gather(rt2, g2.constant(Tensor.of(DType.INT64, new long[] {0, 1, -1, 2}, 2, 2)));
    InvalidArgumentException low = assertThrows(InvalidArgumentException.class,
        () -> Harness.runEverywhere(g2.build(negative), Map.of()));
    assertTrue(low.getMessage().contains("indices[1,0] = -1 is not in [0, 4)"), low.getMessage());
  }

  @Test
  void badOperands_failAtBuildTime() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = letters(g);
    GraphBuildException floats = assertThrows(GraphBuildException.class, () -> tf.gather(rt, g.constant(Tensor.ofFloats(1))));
    assertTrue(floats.getMessage().contains("must have dtype [int32, int64]"), floats.getMessage());
    Value int32Splits = rt.withRowSplitsDType(DType.INT32);
    Value ids = tf.ragged.constant(List.of(List.of(0), List.of(1)));
    GraphBuildException splits = assertThrows(GraphBuildException.class, () -> tf.gather(int32Splits, ids));
    assertTrue(splits.getMessage().contains("mismatched row_splits dtypes"), splits.getMessage());
  }

  // ---- tf.ragged.range ----

  @Test
  void rangeDocstringExamples() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.ragged.range([3, 5, 2]) -> [[0, 1, 2], [0, 1, 2, 3, 4], [0, 1]]
    Value a = tf.ragged.range(g.constant(Tensor.ofInts(3, 5, 2)));
    assertEquals("ragged<int32>[3, (None)]", a.type().toString());
    assertEquals("[[0, 1, 2], [0, 1, 2, 3, 4], [0, 1]]", runFirst(g, a));
    // tf.ragged.range([0, 5, 8], [3, 3, 12]) -> [[0, 1, 2], [], [8, 9, 10, 11]]
    assertEquals("[[0, 1, 2], [], [8, 9, 10, 11]]",
        runFirst(g, tf.ragged.range(g.constant(Tensor.ofInts(0, 5, 8)), g.constant(Tensor.ofInts(3, 3, 12)))));
    // tf.ragged.range([0, 5, 8], [3, 3, 12], 2) -> [[0, 2], [], [8, 10]]
    assertEquals("[[0, 2], [], [8, 10]]", runFirst(g, tf.ragged.range(g.constant(Tensor.ofInts(0, 5, 8)),
        g.constant(Tensor.ofInts(3, 3, 12)), g.scalar(DType.INT32, 2))));
  }

  @Test
  void range_negativeDeltasScalarsFloatsAndInt32Splits() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.ragged.range(5, [0, 3], -2) -> [[5, 3, 1], [5]]
    assertEquals("[[5, 3, 1], [5]]", runFirst(g, tf.ragged.range(g.scalar(DType.INT64, 5), g.constant(Tensor.ofLongs(0, 3)),
        g.scalar(DType.INT64, -2))));
    // tf.ragged.range(3) -> [[0, 1, 2]] (all scalars: one row)
    Value one = tf.ragged.range(g.scalar(DType.INT32, 3));
    assertEquals("ragged<int32>[1, (None)]", one.type().toString());
    assertEquals("[[0, 1, 2]]", runFirst(g, one));
    // tf.ragged.range(0., 1., 0.1): ceil(1 / 0.1f) = 10 values, built by repeated float32 addition
    Value tenths = tf.ragged.range(g.scalar(DType.FLOAT32, 0f), g.scalar(DType.FLOAT32, 1f), g.scalar(DType.FLOAT32, 0.1f));
    Tensor values = ((dev.tatter.runtime.RaggedTensor) Harness.runEverywhere(g.build(tenths), Map.of()).get(0)).flatValues();
    assertEquals(10, values.size());
    float expected = 0f;
    for (int i = 0; i < 10; i++) {
      assertEquals(Float.floatToRawIntBits(expected), Float.floatToRawIntBits((float) values.getDouble(i)), "value " + i);
      expected += 0.1f;
    }
    // tf.ragged.range(tf.zeros([0], tf.int32), 5) -> [] (a vector of no rows; the -Ptf oracle found this case)
    Value noRows = tf.ragged.range(g.constant(Tensor.ofInts()), g.scalar(DType.INT32, 5));
    assertEquals("ragged<int32>[0, (None)]", noRows.type().toString());
    assertEquals("[]", runFirst(g, noRows));
    // tf.ragged.range([2, 4], row_splits_dtype=tf.int32).row_splits -> [0, 2, 6]
    Value int32 = tf.ragged.range(g.scalar(DType.INT32, 0), g.constant(Tensor.ofInts(2, 4)), g.scalar(DType.INT32, 1), DType.INT32);
    assertEquals("ragged<int32, splits=int32>[2, (None)]", int32.type().toString());
    assertEquals("[0, 2, 6]", runFirst(g, int32.rowSplits()));
  }

  @Test
  void range_errors() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.ragged.range([1, 2], 5, 0) -> InvalidArgumentError: Requires delta != 0
    Value zero = tf.ragged.range(g.constant(Tensor.ofInts(1, 2)), g.scalar(DType.INT32, 5), g.scalar(DType.INT32, 0));
    InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> Harness.runEverywhere(g.build(zero), Map.of()));
    assertTrue(e.getMessage().contains("Requires delta != 0"), e.getMessage());
    // tf.ragged.range([1, 2], [3, 4, 5]) -> starts, limits, and deltas must have the same shape
    GraphBuildException shapes = assertThrows(GraphBuildException.class,
        () -> tf.ragged.range(g.constant(Tensor.ofInts(1, 2)), g.constant(Tensor.ofInts(3, 4, 5))));
    assertTrue(shapes.getMessage().contains("must have the same shape"), shapes.getMessage());
    GraphBuildException matrix = assertThrows(GraphBuildException.class,
        () -> tf.ragged.range(g.constant(Tensor.of(DType.INT32, new int[] {1, 2}, 1, 2))));
    assertTrue(matrix.getMessage().contains("limits must be a scalar or vector"), matrix.getMessage());
    GraphBuildException mixed = assertThrows(GraphBuildException.class,
        () -> tf.ragged.range(g.scalar(DType.INT32, 0), g.scalar(DType.INT64, 3)));
    assertTrue(mixed.getMessage().contains("must have one dtype"), mixed.getMessage());
    // tf.ragged.range(0., float('nan')) -> Requires ((limit - start) / delta) <= 9223372036854775807
    GraphBuilder g2 = new GraphBuilder();
    Ops g2Tf = g2.ops();
    Value nan = g2Tf.ragged.range(g2.scalar(DType.FLOAT64, 0.0), g2.scalar(DType.FLOAT64, Double.NaN));
    InvalidArgumentException n = assertThrows(InvalidArgumentException.class, () -> Harness.runEverywhere(g2.build(nan), Map.of()));
    assertTrue(n.getMessage().contains("Requires ((limit - start) / delta) <= 9223372036854775807"), n.getMessage());
  }
}
