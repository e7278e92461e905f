package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.Graph;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.ir.text.IrParseException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Ragged constants from nested literals, in the builder and in the text, and back to nested lists. */
class RaggedConstantTest {
  private static Object run(GraphBuilder g, Value out) {
    return Harness.runEverywhere(g.build(out), Map.of()).get(0);
  }

  @Test
  void raggedRank_isInferredFromTheDepth() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(List.of(List.of(0), List.of(1, 2)));
    assertEquals("(2, None)", rt.shape());
    assertEquals(DType.INT32, rt.dtype());
    assertEquals("[[0], [1, 2]]", run(g, rt).toString());
  }

  @Test
  void givenRaggedRank_keepsLowerLevelsUniform() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(List.of(List.of(List.of(0, 1)), List.of(List.of(1, 2), List.of(3, 4))), DType.INT32, 1);
    assertEquals("(2, None, 2)", rt.shape());
    assertEquals("ragged<int32, nvals=[3]>[2, (None), 2]", rt.type().toString());
    assertEquals("[[[0, 1]], [[1, 2], [3, 4]]]", run(g, rt).toString());
  }

  @Test
  void seedNestedConstant_hasTheSeedsFlatValuesAndSplits() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(new int[][][] {{{3, 1, 4, 1}, {}, {5, 9, 2}}, {}, {{6}, {}}});
    assertEquals(2, rt.raggedRank());
    assertEquals("[3, 1, 4, 1, 5, 9, 2, 6]", run(g, rt.flatValues()).toString());
    assertEquals("[0, 3, 3, 5]", run(g, rt.rowSplits()).toString());
    assertEquals("[0, 4, 4, 7, 8, 8]", run(g, rt.values().rowSplits()).toString());
  }

  @Test
  void toList_givesBackTheNestedJavaLists() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    List<List<String>> letters = List.of(List.of("a", "b", "c"), List.of("d", "e"), List.of("f"), List.of("g"));
    Value rt = tf.ragged.constant(letters);
    assertEquals(DType.STRING, rt.dtype());
    assertEquals(letters, ((RaggedTensor) run(g, rt)).toList());
    assertEquals("[b'd', b'e']", run(g, rt.getItem(1)).toString());
  }

  @Test
  void floatsAndPrimitiveArrays_keepTheirDtypes() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    assertEquals(DType.FLOAT32, tf.ragged.constant(List.of(List.of(1.5, 2), List.of())).dtype());
    assertEquals(DType.INT64, tf.ragged.constant(new long[][] {{1}, {2, 3}}).dtype());
    assertEquals(DType.FLOAT64, tf.ragged.constant(new double[][] {{1}, {}}).dtype());
    Value doubles = tf.ragged.constant(List.of(List.of(1, 2), List.of(3)), DType.FLOAT64, -1);
    assertEquals("[[1.0, 2.0], [3.0]]", run(g, doubles).toString());
  }

  @Test
  void depthOne_givesADenseConstant() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value t = tf.ragged.constant(List.of(1, 2, 3));
    assertEquals("tensor<int32>[3]", t.type().toString());
  }

  @Test
  void textForm_roundTripsAndRuns() {
    String text = """
        %0 = ragged_constant() {value = ragged<int32, nvals=[6]>[4, (None)] [[9, 8, 7], [], [6, 5], [4]]} : ragged<int32, nvals=[6]>[4, (None)]
        %1 = constant() {value = tensor<int32>[] 0} : tensor<int32>[]
        %2 = to_tensor(%0, %1) {shape = [5, 2]} : tensor<int32>[5, 2]
        return %2
        """;
    Graph graph = GraphParser.parse(text, "seed.tat");
    assertEquals(text, GraphPrinter.print(graph));
    assertEquals("[[9, 8], [0, 0], [6, 5], [4, 0], [0, 0]]", Harness.runEverywhere(graph, Map.of()).get(0).toString());
    // a looser type in the attribute is accepted and the node's type made exact
    Graph loose = GraphParser.parse("""
        %0 = ragged_constant() {value = ragged<int32>[None, (None)] [[1], [2, 3]]} : ragged<int32, nvals=[3]>[2, (None)]
        return %0
        """, "loose.tat");
    assertEquals("[[1], [2, 3]]", Harness.runEverywhere(loose, Map.of()).get(0).toString());
  }

  @Test
  void textForm_withALiteralThatDoesNotFit_namesTheProblem() {
    IrParseException e = assertThrows(IrParseException.class, () -> GraphParser.parse("""
        %0 = ragged_constant() {value = ragged<int32>[3, (None)] [[1], [2, 3]]} : ragged<int32>[3, (None)]
        """, "bad.tat"));
    assertEquals("bad.tat:1:33: literal has 2 rows where the type ragged<int32>[3, (None)] wants 3", e.getMessage());
    IrParseException big = assertThrows(IrParseException.class, () -> GraphParser.parse("""
        %0 = ragged_constant() {value = ragged<int8>[None, (None)] [[1], [300]]} : ragged<int8>[2, (None)]
        """, "big.tat"));
    assertEquals("big.tat:1:33: literal 300 does not fit int8 [-128, 127]", big.getMessage());
  }

  @Test
  void literalErrors_nameThePlace() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    GraphBuildException depth = assertThrows(GraphBuildException.class,
        () -> tf.ragged.constant(List.of(List.of(1, List.of(2)))));
    assertTrue(depth.getMessage().endsWith("all scalars must have the same nesting depth: literal[0][1][0] is at depth 3 "
        + "but literal[0][0] at depth 2"), depth.getMessage());
    GraphBuildException uniform = assertThrows(GraphBuildException.class,
        () -> tf.ragged.constant(List.of(List.of(List.of(1, 2)), List.of(List.of(3))), DType.INT32, 1));
    assertTrue(uniform.getMessage().endsWith("inner dimensions below ragged_rank must be uniform: values[1] has 1 elements "
        + "where others have 2 (inner shape [2]; raise ragged_rank to make it ragged)"), uniform.getMessage());
    GraphBuildException rank = assertThrows(GraphBuildException.class,
        () -> tf.ragged.constant(List.of(List.of(1)), DType.INT32, 2));
    assertTrue(rank.getMessage().endsWith("ragged_rank must be in [1, 1] for a literal of depth 2, got 2"), rank.getMessage());
    GraphBuildException type = assertThrows(GraphBuildException.class,
        () -> tf.ragged.constant(List.of(List.of("a")), DType.INT32, -1));
    assertTrue(type.getMessage().endsWith("cannot convert String a to int32"), type.getMessage());
  }
}
