package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.codegen.Interpreter;
import dev.tatter.ir.Graph;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.Node;
import dev.tatter.ir.ops.ComparisonOps;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.ir.types.UnrankedType;
import dev.tatter.optimizer.PassManager;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Python's {@code x == y} and {@code x != y} on dense tensors whose static shapes leave open
 * whether they broadcast: TF emits {@code Equal}/{@code NotEqual} with
 * {@code incompatible_shape_error=False} ({@code math_ops.tensor_equals}), which gives a scalar
 * False (True) when the run's shapes cannot broadcast and the elementwise result when they can.
 * In TF 2.x, {@code tf.constant([1, 2, 3]) == tf.constant([1, 2])} is {@code False}, inside
 * {@code tf.function} with {@code TensorSpec([None], tf.int32)} inputs too; {@code tf.math.equal}
 * of the same raises {@code InvalidArgumentError: Incompatible shapes}. Every run goes through
 * {@link Harness#runEverywhere} (interpreter and bytecode, optimized or not, and the text round trip).
 */
class RuntimeShapeEqualityTest {
  private final GraphBuilder g = new GraphBuilder();
  private final Ops tf = g.ops();
  private final Value x = g.placeholder("x", Types.dense(DType.INT32, -1));
  private final Value y = g.placeholder("y", Types.dense(DType.INT32, -1));

  private List<Object> run(Map<String, ?> feeds, Value... outputs) {
    return Harness.runEverywhere(g.build(outputs), feeds);
  }

  private static Map<String, Object> feeds(Tensor a, Tensor b) {
    return Map.of("x", a, "y", b);
  }

  @Test
  void eq_ofUnknownSizes_isUnrankedAndPrintsTheAttribute() {
    Value eq = x.eq(y);
    assertEquals(new UnrankedType(DType.BOOL), eq.type());
    assertEquals("tensor<bool>[*]", eq.type().toString());
    assertEquals("<unknown>", eq.shape());
    String text = GraphPrinter.print(g.build(eq));
    assertTrue(text.contains("eq(%x, %y) {incompatible_shape_error = false} : tensor<bool>[*]"), text);
  }

  @Test
  void eq_ofSizesThatDoNotBroadcast_isScalarFalse() {
    // TF: tf.constant([1, 2, 3]) == tf.constant([1, 2]) -> False (a scalar)
    Object out = run(feeds(Tensor.ofInts(1, 2, 3), Tensor.ofInts(1, 2)), x.eq(y)).get(0);
    assertEquals(Tensor.ofBools(false).reshape(), out);
    assertEquals("False", out.toString());
  }

  @Test
  void eq_ofSizesThatBroadcast_isElementwise() {
    // TF: tf.constant([1, 2, 3]) == tf.constant([1, 2, 4]) -> [True, True, False]
    assertEquals("[True, True, False]", run(feeds(Tensor.ofInts(1, 2, 3), Tensor.ofInts(1, 2, 4)), x.eq(y)).get(0).toString());
    // a size of 1 broadcasts: tf.constant([1, 2, 3]) == tf.constant([5]) -> [False, False, False]
    assertEquals("[False, False, False]", run(feeds(Tensor.ofInts(1, 2, 3), Tensor.ofInts(5)), x.eq(y)).get(0).toString());
    assertEquals("[False, True, False]", run(feeds(Tensor.ofInts(1, 2, 3), Tensor.ofInts(2)), x.eq(y)).get(0).toString());
  }

  @Test
  void ne_ofSizesThatDoNotBroadcast_isScalarTrue() {
    // TF: tf.constant([1, 2, 3]) != tf.constant([1, 2]) -> True; != of [1, 2, 3] and [1, 2, 4] -> [False, False, True]
    assertEquals("True", run(feeds(Tensor.ofInts(1, 2, 3), Tensor.ofInts(1, 2)), x.ne(y)).get(0).toString());
    assertEquals("[False, False, True]", run(feeds(Tensor.ofInts(1, 2, 3), Tensor.ofInts(1, 2, 4)), x.ne(y)).get(0).toString());
  }

  @Test
  void reduceAll_ofEq_answersWhetherTwoTensorsAreEqual() {
    // the idiom tf.reduce_all(x == y): False for other lengths, and for other values; True for equal ones
    Value same = x.eq(y).reduceAll();
    Value differ = x.ne(y).reduceAny();
    assertEquals("tensor<bool>[]", same.type().toString());
    List<Object> shorter = run(feeds(Tensor.ofInts(1, 2, 3), Tensor.ofInts(1, 2)), same, differ);
    assertEquals("False", shorter.get(0).toString());
    assertEquals("True", shorter.get(1).toString());
    List<Object> equal = run(feeds(Tensor.ofInts(1, 2, 3), Tensor.ofInts(1, 2, 3)), same, differ);
    assertEquals("True", equal.get(0).toString());
    assertEquals("False", equal.get(1).toString());
    assertEquals("False", run(feeds(Tensor.ofInts(1, 2, 3), Tensor.ofInts(1, 2, 4)), same).get(0).toString());
    // tf.reduce_all of an empty comparison is True: [] == [] is []
    assertEquals("True", run(feeds(Tensor.ofInts(), Tensor.ofInts()), same).get(0).toString());
  }

  @Test
  void invert_ofEq_staysUnranked() {
    // TF: ~(x == y) is logical_not of the scalar or of the elementwise result
    Value not = x.eq(y).invert();
    assertEquals("tensor<bool>[*]", not.type().toString());
    assertEquals("True", run(feeds(Tensor.ofInts(1, 2, 3), Tensor.ofInts(1, 2)), not).get(0).toString());
    assertEquals("[False, False, True]", run(feeds(Tensor.ofInts(1, 2, 3), Tensor.ofInts(1, 2, 4)), not).get(0).toString());
  }

  @Test
  void eq_onEveryKindOfDtype_comparesAsThePlainOp() {
    Value fs = g.placeholder("fs", Types.dense(DType.FLOAT64, -1));
    Value bs = g.placeholder("bs", Types.dense(DType.BOOL, -1));
    Value ss = g.placeholder("ss", Types.dense(DType.STRING, -1));
    Value cs = g.placeholder("cs", Types.dense(DType.COMPLEX64, -1));
    Map<String, Object> f = Map.of(
        "fs", Tensor.ofDoubles(1.0, Double.NaN), "bs", Tensor.ofBools(true, false),
        "ss", Tensor.ofStrings("a", "b"), "cs", Tensor.ofComplex64(1, 2, 3, 4));
    // nan == nan is False; complex values compare both parts (TF's Equal on complex64)
    List<Object> out = run(f, fs.eq(g.constant(Tensor.ofDoubles(1.0, Double.NaN))), bs.eq(g.constant(Tensor.ofBools(true))),
        ss.eq(g.constant(Tensor.ofStrings("a", "c"))), cs.eq(g.constant(Tensor.ofComplex64(1, 2, 3, 5))),
        ss.eq(g.constant(Tensor.ofStrings("a", "b", "c"))), cs.ne(g.constant(Tensor.ofComplex64(1, 2, 3, 4, 5, 6))));
    assertEquals("[True, False]", out.get(0).toString());
    assertEquals("[True, False]", out.get(1).toString());
    assertEquals("[True, False]", out.get(2).toString());
    assertEquals("[True, False]", out.get(3).toString());
    assertEquals("False", out.get(4).toString());
    assertEquals("True", out.get(5).toString());
  }

  @Test
  void eq_ofStaticShapesThatDecide_staysRankedOrConstant() {
    Value m = g.placeholder("m", Types.dense(DType.INT32, 2, 3));
    // one side a scalar, a known [3] against [2, 3], x against itself: provably broadcast, the plain op
    assertEquals("tensor<bool>[None]", x.eq(5).type().toString());
    assertEquals("tensor<bool>[2, 3]", m.eq(g.constant(Tensor.ofInts(1, 2, 3))).type().toString());
    assertEquals("tensor<bool>[None]", x.eq(x).type().toString());
    assertEquals("tensor<bool>[2, 3]", m.ne(m).type().toString());
    // [2, 3] against [4]: provably not, the constant False
    Value no = m.eq(g.constant(Tensor.ofInts(1, 2, 3, 4)));
    assertEquals(dev.tatter.ir.ops.CoreOps.CONSTANT, no.node().op());
    // [None] against [2, 3]: the unknown size decides
    assertEquals("tensor<bool>[*]", x.eq(m).type().toString());
    assertEquals("False", run(Map.of("x", Tensor.ofInts(1, 2), "m", Tensor.of(DType.INT32, new int[6], 2, 3)), x.eq(m)).get(0).toString());
    assertEquals("[[True, False, False], [True, False, False]]",
        run(Map.of("x", Tensor.ofInts(0, 1, 2), "m", Tensor.of(DType.INT32, new int[6], 2, 3)), x.eq(m)).get(0).toString());
  }

  @Test
  void unranked_feedingAnOpThatNeedsARank_isRefusedAtBuildTime() {
    Value eq = x.eq(y);
    GraphBuildException add = assertThrows(GraphBuildException.class, () -> eq.cast(DType.INT32).add(1));
    assertTrue(add.getMessage().contains("operand 'x' of cast is tensor<bool>[*], whose rank is known only at run time: "
        + "== (!=) of shapes that may not broadcast gives TF's scalar False (True)"), add.getMessage());
    assertTrue(add.getMessage().contains("use equal() or notEqual() (tf.math.equal, tf.math.not_equal) for a ranked elementwise result"),
        add.getMessage());
    GraphBuildException and = assertThrows(GraphBuildException.class, () -> eq.and(g.constant(Tensor.ofBools(true))));
    assertTrue(and.getMessage().contains("operand 'x' of and is tensor<bool>[*]"), and.getMessage());
    GraphBuildException mask = assertThrows(GraphBuildException.class, () -> tf.booleanMask(x, eq));
    assertTrue(mask.getMessage().contains("of boolean_mask is tensor<bool>[*], whose rank is known only at run time"), mask.getMessage());
    GraphBuildException keepdims = assertThrows(GraphBuildException.class, () -> eq.reduceAll(0));
    assertTrue(keepdims.getMessage().contains("reduce_all of tensor<bool>[*], whose rank is known only at run time, reduces every axis"),
        keepdims.getMessage());
  }

  @Test
  void unrankedPlaceholder_isRefused() {
    GraphBuildException e = assertThrows(GraphBuildException.class,
        () -> g.placeholder("u", new UnrankedType(DType.BOOL)));
    assertTrue(e.getMessage().contains("a placeholder needs a rank: tensor<bool>[*]"), e.getMessage());
  }

  @Test
  void equal_ofSizesThatDoNotBroadcast_stillRaisesAtRunTime() {
    // tf.math.equal([1, 2, 3], [1, 2]) raises InvalidArgumentError: Incompatible shapes: [3] vs. [2]
    Value eq = tf.math.equal(x, y);
    assertEquals("tensor<bool>[None]", eq.type().toString());
    Graph graph = g.build(eq);
    Map<String, Object> f = feeds(Tensor.ofInts(1, 2, 3), Tensor.ofInts(1, 2));
    InvalidArgumentException interpreted = assertThrows(InvalidArgumentException.class, () -> Interpreter.run(graph, f));
    assertTrue(interpreted.getMessage().contains("incompatible shapes: [3] vs [2]"), interpreted.getMessage());
    try (Session s = new Session(graph)) {
      InvalidArgumentException compiled = assertThrows(InvalidArgumentException.class, () -> s.run(f, eq));
      assertTrue(compiled.getMessage().contains("incompatible shapes: [3] vs [2]"), compiled.getMessage());
    }
  }

  @Test
  void sessionRun_fetchesTheTensorOfWhateverRank() {
    Value eq = x.eq(y).named("same");
    try (Session s = new Session(g.build(eq))) {
      assertEquals(0, s.run(feeds(Tensor.ofInts(1, 2, 3), Tensor.ofInts(1, 2)), "same").tensor(0).rank());
      assertEquals(1, s.run(feeds(Tensor.ofInts(1, 2, 3), Tensor.ofInts(1, 2, 3)), "same").tensor(0).rank());
    }
  }

  @Test
  void textIr_roundTripsTheUnrankedTypeAndTheAttribute() {
    String text = """
        %x = placeholder() : tensor<int32>[None]
        %y = placeholder() : tensor<int32>[None]
        %0 = eq(%x, %y) {incompatible_shape_error = false} : tensor<bool>[*]
        %1 = invert(%0) : tensor<bool>[*]
        %2 = reduce_all(%1) {axis = []} : tensor<bool>[]
        %3 = ne(%x, %y) : tensor<bool>[None]
        return %0, %1, %2, %3
        """;
    Graph graph = GraphParser.parse(text, "eq.tat");
    assertEquals(text, GraphPrinter.print(graph));
    assertEquals(text, GraphPrinter.print(GraphParser.parse(GraphPrinter.print(graph), "again.tat")));
    List<Object> out = Harness.runEverywhere(graph, feeds(Tensor.ofInts(4, 5), Tensor.ofInts(4)));
    assertEquals("[True, False]", out.get(0).toString());
    assertEquals("[False, True]", out.get(1).toString());
    assertEquals("False", out.get(2).toString());
    assertEquals("[False, True]", out.get(3).toString());
  }

  @Test
  void textIr_refusesADeclaredRankTheLenientOpDoesNotHave() {
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> GraphParser.parse("""
        %x = placeholder() : tensor<int32>[None]
        %y = placeholder() : tensor<int32>[None]
        %0 = eq(%x, %y) {incompatible_shape_error = false} : tensor<bool>[None]
        return %0
        """, "eq.tat"));
    assertTrue(e.getMessage().contains("declared type tensor<bool>[None] differs from the inferred type tensor<bool>[*]"), e.getMessage());
  }

  @Test
  void constants_fold_andDecidedShapesCanonicalizeToThePlainOp() {
    // eq(lenient) of two constants folds to TF's answer; of a [None] and a scalar it becomes the plain, fusible eq
    Graph graph = GraphParser.parse("""
        %a = constant() {value = tensor<int32>[3] [1, 2, 3]} : tensor<int32>[3]
        %b = constant() {value = tensor<int32>[2] [1, 2]} : tensor<int32>[2]
        %0 = eq(%a, %b) {incompatible_shape_error = false} : tensor<bool>[*]
        %x = placeholder() : tensor<int32>[None]
        %c = constant() {value = tensor<int32>[] 2} : tensor<int32>[]
        %1 = ne(%x, %c) {incompatible_shape_error = false} : tensor<bool>[*]
        %2 = reduce_any(%1) {axis = []} : tensor<bool>[]
        return %0, %1, %2
        """, "fold.tat");
    Graph optimized = PassManager.parse(PassManager.DEFAULT_PIPELINE).run(graph);
    List<Node> outputs = optimized.outputs();
    assertEquals(dev.tatter.ir.ops.CoreOps.CONSTANT, outputs.get(0).op());
    assertEquals("False", outputs.get(0).attributes().getTensor("value").toString());
    assertTrue(!GraphPrinter.print(optimized).contains("incompatible_shape_error"), GraphPrinter.print(optimized));
    List<Object> out = Harness.runEverywhere(graph, Map.of("x", Tensor.ofInts(1, 2, 3)));
    assertEquals("False", out.get(0).toString());
    assertEquals("[True, False, True]", out.get(1).toString());
    assertEquals("True", out.get(2).toString());
    // once ranked, reduce_any lists its axis, the only spelling a ranked operand takes
    assertTrue(GraphPrinter.print(optimized).contains("{axis = [0]}"), GraphPrinter.print(optimized));
  }

  @Test
  void ragged_keepsThePlainOp() {
    Value rt = g.placeholder("rt", Types.ragged(DType.INT32, 1));
    Value eq = rt.eq(rt);
    assertTrue(!GraphPrinter.print(g.build(eq)).contains(ComparisonOps.INCOMPATIBLE_SHAPE_ERROR));
  }
}
