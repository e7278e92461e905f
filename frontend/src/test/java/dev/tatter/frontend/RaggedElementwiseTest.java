package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.Graph;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.optimizer.PassManager;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Elementwise operators with ragged operands: with scalars, with ragged tensors sharing their
 * partitions, and with dense tensors broadcast into the ragged shape through {@code row_gather}.
 * The {@code ==} examples are those of TF's ragged_operators.py docstring.
 */
class RaggedElementwiseTest {
  private final GraphBuilder g = new GraphBuilder();
  private final Ops tf = g.ops();

  private Value ragged(int[] values, long... splits) {
    return g.raggedFromRowSplits(g.constant(Tensor.ofInts(values)), g.constant(Tensor.ofLongs(splits)));
  }

  private List<Object> run(Value... outputs) {
    return Harness.runEverywhere(g.build(outputs), Map.of());
  }

  @Test
  void raggedEqRagged_comparesFlatValues() {
    Value rt1 = ragged(new int[] {1, 2, 3}, 0, 2, 3);
    Value rt2 = ragged(new int[] {1, 2, 4}, 0, 2, 3);
    List<Object> out = run(rt1.eq(rt1), rt1.eq(rt2), rt1.ne(rt2));
    assertEquals("[[True, True], [True]]", out.get(0).toString());
    assertEquals("[[True, True], [False]]", out.get(1).toString());
    assertEquals("[[False, False], [True]]", out.get(2).toString());
  }

  @Test
  void raggedEqRagged_ofStaticallyDifferentPartitions_isFalse() {
    Value rt1 = ragged(new int[] {1, 2, 3}, 0, 2, 3);
    Value rt3 = ragged(new int[] {1, 2, 3, 4}, 0, 2, 4);
    Value eq = rt1.eq(rt3);
    assertEquals("tensor<bool>[]", eq.type().toString());
    assertEquals("False", run(eq).get(0).toString());
    IncompatibleShapesException e = assertThrows(IncompatibleShapesException.class, () -> tf.math.equal(rt1, rt3));
    assertTrue(e.getMessage().contains("shapes (2, None) and (2, None) cannot broadcast: their row partitions 0 differ"), e.getMessage());
  }

  @Test
  void raggedEqDense_ofMatchingRowLengths_comparesEachValue() {
    // rt4 = tf.ragged.constant([[1, 2], [3, 4]]); t = tf.constant([[1, 2], [3, 4]]); rt4 == t
    Value rt4 = ragged(new int[] {1, 2, 3, 4}, 0, 2, 4);
    Value t = g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4}, 2, 2));
    List<Object> out = run(rt4.eq(t), t.eq(rt4));
    assertEquals("[[True, True], [True, True]]", out.get(0).toString());
    assertEquals("[[True, True], [True, True]]", out.get(1).toString());
  }

  @Test
  void raggedPlusDense_ofRowLengthsThatDiffer_failsAtRunTime() {
    Value rt1 = ragged(new int[] {1, 2, 3}, 0, 2, 3);
    Value t = g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4}, 2, 2));
    Value sum = rt1.add(t);
    try (Session s = new Session(g.build(sum))) {
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> s.run(Map.of(), sum));
      assertTrue(e.getMessage().matches("node #\\d+ \\(row_gather\\) at RaggedElementwiseTest\\.java:\\d+: row 1 of the ragged "
          + "operand has 1 values but dimension 1 of the dense operand of shape \\[2, 2\\] is 2 \\(it must be 1 or every row's length\\)"), e.getMessage());
    }
  }

  @Test
  void raggedPlusColumn_addsOneValuePerRow() {
    // [nrows, 1] against [nrows, (None)]: each row gets its own value, empty rows stay empty
    Value rt = ragged(new int[] {1, 2, 3, 4, 5}, 0, 2, 2, 5);
    Value column = g.constant(Tensor.of(DType.INT32, new int[] {10, 20, 30}, 3, 1));
    Value sum = rt.add(column);
    Value reflected = column.sub(rt);
    assertEquals("ragged<int32, nvals=[5]>[3, (None)]", sum.type().toString());
    List<Object> out = run(sum, reflected);
    assertEquals("[[11, 12], [], [33, 34, 35]]", out.get(0).toString());
    assertEquals("[[9, 8], [], [27, 26, 25]]", out.get(1).toString());
    assertTrue(GraphPrinter.print(g.build(sum)).contains("row_gather("));
  }

  @Test
  void raggedPlusOneRow_broadcastsTheRowToEveryRow() {
    Value rt = ragged(new int[] {1, 2, 3}, 0, 1, 3);
    Value one = g.constant(Tensor.of(DType.INT32, new int[] {100}, 1, 1));
    assertEquals("[[101], [102, 103]]", run(rt.add(one)).get(0).toString());
  }

  @Test
  void raggedWithInnerDims_plusVector_broadcastsOverTheInnerDim() {
    // [3] against [nrows, (None), 3]: the flat values [nvals, 3] broadcast with [3]
    Value values = g.constant(Tensor.of(DType.FLOAT32, new float[] {1, 1, 1, 2, 2, 2, 3, 3, 3}, 3, 3));
    Value rt = g.raggedFromRowSplits(values, g.constant(Tensor.ofLongs(0, 2, 2, 3)));
    Value v = g.constant(Tensor.ofFloats(10, 20, 30));
    Value product = rt.mul(v);
    assertEquals("(3, None, 3)", product.shape());
    assertFalse(GraphPrinter.print(g.build(product)).contains("row_gather("));
    assertEquals("[[[10.0, 20.0, 30.0], [20.0, 40.0, 60.0]], [], [[30.0, 60.0, 90.0]]]", run(product).get(0).toString());
  }

  @Test
  void raggedRank2_plusPerOuterRowValues_gathersTwice() {
    // [[[1, 2], [3]], [], [[4], [], [5, 6]]] + [[[100]], [[200]], [[300]]]
    Value inner = ragged(new int[] {1, 2, 3, 4, 5, 6}, 0, 2, 3, 4, 4, 6);
    Value rt = g.ragged(inner, g.partitionFromRowSplits(g.constant(Tensor.ofLongs(0, 2, 2, 5))));
    Value d = g.constant(Tensor.of(DType.INT32, new int[] {100, 200, 300}, 3, 1, 1));
    Value sum = rt.add(d);
    assertEquals(2, count(GraphPrinter.print(g.build(sum)), "row_gather("));
    assertEquals("[[[101, 102], [103]], [], [[304], [], [305, 306]]]", run(sum).get(0).toString());
  }

  @Test
  void raggedRank2_plusPerInnerRowValuesOfOneOuterRow() {
    // a dense [1, 1] aligned with the two ragged dims: one value for everything
    Value inner = ragged(new int[] {1, 2, 3}, 0, 2, 3);
    Value rt = g.ragged(inner, g.partitionFromRowSplits(g.constant(Tensor.ofLongs(0, 1, 2))));
    Value d = g.constant(Tensor.of(DType.INT32, new int[] {7}, 1, 1));
    assertEquals("[[[8, 9]], [[10]]]", run(rt.add(d)).get(0).toString());
  }

  @Test
  void raggedPlusRagged_ofFedPartitions_isCheckedAtRunTimeAndNotWhenShared() {
    Value a = g.placeholder("a", Types.ragged(DType.INT64, 1));
    Value b = g.placeholder("b", Types.ragged(DType.INT64, 1));
    Value sum = a.add(b);
    Value twice = a.add(a);
    Graph graph = g.build(sum, twice);
    String optimized = GraphPrinter.print(PassManager.parse(PassManager.DEFAULT_PIPELINE).run(g.build(twice)));
    assertFalse(optimized.contains("assert_same_partition"), optimized);
    RaggedTensor x = RaggedTensor.of(Tensor.ofLongs(1, 2, 3), RowPartition.fromRowSplits(new long[] {0, 0, 3}, DType.INT64, true));
    RaggedTensor y = RaggedTensor.of(Tensor.ofLongs(10, 20, 30), RowPartition.fromRowSplits(new long[] {0, 0, 3}, DType.INT64, true));
    List<Object> out = Harness.runEverywhere(graph, Map.of("a", x, "b", y));
    assertEquals("[[], [11, 22, 33]]", out.get(0).toString());
    assertEquals("[[], [2, 4, 6]]", out.get(1).toString());
  }

  @Test
  void unaryOpsAndCasts_keepThePartition() {
    Value rt = ragged(new int[] {-1, 2, -3}, 0, 0, 3);
    List<Object> out = run(rt.abs(), rt.neg(), rt.cast(DType.FLOAT64), rt.truediv(2), rt.lt(0).invert());
    assertEquals("[[], [1, 2, 3]]", out.get(0).toString());
    assertEquals("[[], [1, -2, 3]]", out.get(1).toString());
    assertEquals("[[], [-1.0, 2.0, -3.0]]", out.get(2).toString());
    assertEquals("[[], [-0.5, 1.0, -1.5]]", out.get(3).toString());
    assertEquals("[[], [False, True, False]]", out.get(4).toString());
  }

  @Test
  void reflectedScalarOps_onRagged() {
    Value rt = ragged(new int[] {1, 2, 4}, 0, 1, 3);
    List<Object> out = run(tf.math.subtract(10, rt), tf.math.pow(2, rt), tf.math.floordiv(7, rt), tf.math.floormod(7, rt), tf.math.truediv(1, rt));
    assertEquals("[[9], [8, 6]]", out.get(0).toString());
    assertEquals("[[2], [4, 16]]", out.get(1).toString());
    assertEquals("[[7], [3, 1]]", out.get(2).toString());
    assertEquals("[[0], [1, 3]]", out.get(3).toString());
    assertEquals("[[1.0], [0.5, 0.25]]", out.get(4).toString());
  }

  @Test
  void denseDimAlignedWithARaggedDim_mustBeOne() {
    Value inner = ragged(new int[] {1, 2, 3}, 0, 2, 3);
    Value rt = g.ragged(inner, g.partitionFromRowSplits(g.constant(Tensor.ofLongs(0, 1, 2))));
    Value d = g.constant(Tensor.ofInts(1, 2));
    // not provably incompatible (every row might have 2 values, which TF would accept), so eq raises too
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> rt.add(d));
    assertFalse(e instanceof IncompatibleShapesException);
    assertTrue(e.getMessage().contains("cannot broadcast (2, None, None) and (2,): dimension 0 of the dense operand is "
        + "aligned with ragged dimension 2 and must be 1, got 2"), e.getMessage());
    assertThrows(GraphBuildException.class, () -> rt.eq(d));
  }

  @Test
  void denseWithOtherRowCount_isRefused() {
    Value rt = ragged(new int[] {1, 2, 3}, 0, 2, 3);
    Value d = g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3}, 3, 1));
    IncompatibleShapesException e = assertThrows(IncompatibleShapesException.class, () -> rt.add(d));
    assertTrue(e.getMessage().contains("the dense operand has 3 rows, the ragged one 2"), e.getMessage());
  }

  @Test
  void denseWithOtherRowCountKnownOnlyAtRunTime_failsThenNamingBoth() {
    Value rt = g.placeholder("rt", Types.ragged(DType.INT32, 1));
    Value d = g.placeholder("d", Types.dense(DType.INT32, -1, 1));
    Value sum = rt.add(d);
    RaggedTensor x = RaggedTensor.of(Tensor.ofInts(1, 2, 3), RowPartition.fromRowSplits(new long[] {0, 2, 3}, DType.INT64, true));
    try (Session s = new Session(g.build(sum))) {
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
          () -> s.run(Map.of("rt", x, "d", Tensor.of(DType.INT32, new int[] {1, 2, 3}, 3, 1)), sum));
      assertTrue(e.getMessage().endsWith("the dense operand of shape [3, 1] has 3 rows but the ragged operand has 2 (need 2 or 1)"),
          e.getMessage());
    }
  }

  @Test
  void denseOfHigherRank_orRaggedOfOtherRaggedRank_isRefused() {
    Value rt = ragged(new int[] {1, 2, 3}, 0, 2, 3);
    Value d = g.constant(Tensor.of(DType.INT32, new int[] {1}, 1, 1, 1));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> rt.add(d));
    assertTrue(e.getMessage().contains("a dense operand of rank 3 cannot broadcast into a ragged operand of rank 2"), e.getMessage());
    Value rt2 = g.ragged(rt, g.partitionFromRowSplits(g.constant(Tensor.ofLongs(0, 2))));
    GraphBuildException e2 = assertThrows(GraphBuildException.class, () -> rt.add(rt2));
    assertTrue(e2.getMessage().contains("ragged operands need the same ragged_rank and rank"), e2.getMessage());
  }

  private static int count(String text, String what) {
    return text.split(java.util.regex.Pattern.quote(what), -1).length - 1;
  }
}
