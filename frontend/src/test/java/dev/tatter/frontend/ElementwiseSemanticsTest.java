package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.codegen.Interpreter;
import dev.tatter.ir.Graph;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * TF's element-level semantics at the edges (wrapping, floor division and modulo of negatives,
 * division by zero, pow, NaN), each through every backend, and every error message of the
 * elementwise operators. Expected values follow TF's CPU kernels (cwise_ops.h), worked out by
 * hand.
 */
class ElementwiseSemanticsTest {
  private final GraphBuilder g = new GraphBuilder();
  private final Ops tf = g.ops();

  private List<Object> run(Value... outputs) {
    return Harness.runEverywhere(g.build(outputs), Map.of());
  }

  private String one(Value v) {
    return run(v).get(0).toString();
  }

  /** The run-time error of {@code v}, the same from the interpreter and from compiled code. */
  private String runError(Value v) {
    Graph graph = g.build(v);
    InvalidArgumentException interpreted = assertThrows(InvalidArgumentException.class, () -> Interpreter.run(graph, Map.of()));
    try (Session s = new Session(graph)) {
      InvalidArgumentException compiled = assertThrows(InvalidArgumentException.class, () -> s.run(Map.of(), v));
      // the session compiles the fetched subgraph only, so node numbers may differ
      assertEquals(interpreted.getMessage().replaceFirst("node #\\d+", "node"),
          compiled.getMessage().replaceFirst("node #\\d+", "node"));
    }
    return interpreted.getMessage();
  }

  @Test
  void integerArithmetic_wrapsAtEveryWidth() {
    List<Object> out = run(
        g.constant(Tensor.ofBytes((byte) 127)).add(1),
        g.constant(Tensor.ofShorts((short) 32767)).add(1),
        g.constant(Tensor.ofInts(Integer.MAX_VALUE)).add(1),
        g.constant(Tensor.ofLongs(Long.MAX_VALUE)).add(1),
        g.constant(Tensor.ofBytes((byte) 16)).mul(16),
        g.constant(Tensor.ofShorts((short) -32768)).sub(1));
    assertEquals("[-128]", out.get(0).toString());
    assertEquals("[-32768]", out.get(1).toString());
    assertEquals("[" + Integer.MIN_VALUE + "]", out.get(2).toString());
    assertEquals("[" + Long.MIN_VALUE + "]", out.get(3).toString());
    assertEquals("[0]", out.get(4).toString());
    assertEquals("[32767]", out.get(5).toString());
  }

  @Test
  void absAndNegOfTheMinimum_wrapToTheMinimum() {
    List<Object> out = run(
        g.constant(Tensor.ofBytes((byte) -128, (byte) -3)).abs(), g.constant(Tensor.ofBytes((byte) -128)).neg(),
        g.constant(Tensor.ofShorts((short) -32768)).abs(), g.constant(Tensor.ofInts(Integer.MIN_VALUE)).neg(),
        g.constant(Tensor.ofLongs(Long.MIN_VALUE)).abs(), g.constant(Tensor.ofDoubles(-0.0, Double.NaN)).abs());
    assertEquals("[-128, 3]", out.get(0).toString());
    assertEquals("[-128]", out.get(1).toString());
    assertEquals("[-32768]", out.get(2).toString());
    assertEquals("[" + Integer.MIN_VALUE + "]", out.get(3).toString());
    assertEquals("[" + Long.MIN_VALUE + "]", out.get(4).toString());
    assertEquals("[0.0, nan]", out.get(5).toString());
  }

  @Test
  void floordivAndMod_followFloorSemanticsWithNegatives() {
    Value x = g.constant(Tensor.ofShorts((short) 7, (short) -7, (short) 7, (short) -7, (short) 0));
    Value y = g.constant(Tensor.ofShorts((short) 2, (short) 2, (short) -2, (short) -2, (short) -5));
    Value fx = g.constant(Tensor.ofFloats(7.5f, -7.5f, 7.5f, -7.5f, -0.0f));
    Value fy = g.constant(Tensor.ofFloats(2f, 2f, -2f, -2f, 5f));
    List<Object> out = run(x.floordiv(y), x.mod(y), fx.floordiv(fy), fx.mod(fy));
    assertEquals("[3, -4, -4, 3, 0]", out.get(0).toString());
    assertEquals("[1, 1, -1, -1, 0]", out.get(1).toString());
    assertEquals("[3.0, -4.0, -4.0, 3.0, -0.0]", out.get(2).toString());
    assertEquals("[1.5, 0.5, -0.5, -1.5, -0.0]", out.get(3).toString());
  }

  @Test
  void floordivOfTheMinimumByMinusOne_wrapsAsTfAvoidsTheTrap() {
    List<Object> out = run(g.constant(Tensor.ofInts(Integer.MIN_VALUE)).floordiv(-1),
        g.constant(Tensor.ofLongs(Long.MIN_VALUE)).mod(-1), g.constant(Tensor.ofBytes((byte) -128)).div(-1));
    assertEquals("[" + Integer.MIN_VALUE + "]", out.get(0).toString());
    assertEquals("[0]", out.get(1).toString());
    assertEquals("[-128]", out.get(2).toString());
  }

  @Test
  void floatDivisionByZero_givesInfAndNan() {
    Value x = g.constant(Tensor.ofDoubles(1, -1, 0, 5.5));
    List<Object> out = run(x.truediv(0.0), x.floordiv(0.0), x.mod(0.0), x.div(0.0));
    assertEquals("[inf, -inf, nan, inf]", out.get(0).toString());
    assertEquals("[inf, -inf, nan, inf]", out.get(1).toString());
    assertEquals("[nan, nan, nan, nan]", out.get(2).toString());
    assertEquals("[inf, -inf, nan, inf]", out.get(3).toString());
  }

  @Test
  void integerDivisionByZero_failsNamingTheNode() {
    for (String op : List.of("floordiv", "mod", "div")) {
      Value x = g.constant(Tensor.ofInts(1, 2));
      Value zero = g.constant(Tensor.ofInts(1, 0));
      Value r = switch (op) {
        case "floordiv" -> x.floordiv(zero);
        case "mod" -> x.mod(zero);
        default -> x.div(zero);
      };
      String message = runError(r);
      assertTrue(message.matches("node #\\d+ \\(" + op + "\\) at ElementwiseSemanticsTest\\.java:\\d+: Integer division by zero"), message);
    }
  }

  @Test
  void integerTruedivByZero_isFloatDivision() {
    assertEquals("[inf, nan]", one(g.constant(Tensor.ofInts(1, 0)).truediv(0)));
  }

  @Test
  void pow_onIntegersWrapsAndOnFloatsFollowsC() {
    List<Object> out = run(
        g.constant(Tensor.ofInts(2, 3, 0, -2)).pow(g.constant(Tensor.ofInts(31, 0, 0, 3))),
        g.constant(Tensor.ofBytes((byte) 3)).pow(5),
        g.constant(Tensor.ofLongs(3)).pow(41),
        g.constant(Tensor.ofDoubles(1, -1, 2, 0, -8)).pow(g.constant(Tensor.ofDoubles(Double.NaN,
            Double.POSITIVE_INFINITY, -1, -1, 1.0 / 3))));
    assertEquals("[" + Integer.MIN_VALUE + ", 1, 1, -8]", out.get(0).toString());
    assertEquals("[-13]", out.get(1).toString()); // 243 wraps in int8
    assertEquals("[" + (long) Math.pow(3, 20) * (long) Math.pow(3, 21) + "]", out.get(2).toString());
    assertEquals("[1.0, 1.0, 0.5, inf, nan]", out.get(3).toString());
  }

  @Test
  void powWithANegativeIntegerExponent_fails() {
    String message = runError(g.constant(Tensor.ofInts(2)).pow(-1));
    assertTrue(message.endsWith("(pow) at ElementwiseSemanticsTest.java:" + lineOf(message)
        + ": Integers to negative integer powers are not allowed"), message);
  }

  @Test
  void comparisonsWithNan_areFalseExceptNe() {
    Value x = g.constant(Tensor.ofFloats(Float.NaN, 1));
    Value y = g.constant(Tensor.ofFloats(Float.NaN, 1));
    List<Object> out = run(x.lt(y), x.le(y), x.eq(y), x.ne(y), x.ge(y));
    assertEquals("[False, False]", out.get(0).toString());
    assertEquals("[False, True]", out.get(1).toString());
    assertEquals("[False, True]", out.get(2).toString());
    assertEquals("[True, False]", out.get(3).toString());
    assertEquals("[False, True]", out.get(4).toString());
  }

  @Test
  void eqAndNe_onBoolsAndStrings() {
    List<Object> out = run(g.constant(Tensor.ofStrings("a", "b")).eq("a"), g.constant(Tensor.ofStrings("a", "b")).ne("a"),
        g.constant(Tensor.ofBools(true, false)).eq(true));
    assertEquals("[True, False]", out.get(0).toString());
    assertEquals("[False, True]", out.get(1).toString());
    assertEquals("[True, False]", out.get(2).toString());
  }

  @Test
  void eq_ofShapesThatCannotBroadcast_isFalseAndNeTrue_whereEqualRaises() {
    Value x = g.constant(Tensor.of(DType.INT32, new int[6], 2, 3));
    Value y = g.constant(Tensor.ofInts(1, 2, 3, 4));
    Value eq = x.eq(y);
    Value ne = x.ne(y);
    assertEquals("tensor<bool>[]", eq.type().toString());
    List<Object> out = run(eq, ne);
    assertEquals("False", out.get(0).toString());
    assertEquals("True", out.get(1).toString());
    IncompatibleShapesException e = assertThrows(IncompatibleShapesException.class, () -> tf.math.equal(x, y));
    assertTrue(e.getMessage().matches("eq at ElementwiseSemanticsTest\\.java:\\d+: shapes \\(2, 3\\) and \\(4,\\) "
        + "cannot broadcast \\(tensor<int32>\\[2, 3\\], tensor<int32>\\[4\\]\\)"), e.getMessage());
    assertThrows(IncompatibleShapesException.class, () -> tf.math.notEqual(x, y));
  }

  @Test
  void eq_ofDifferentDtypes_isStillAnError() {
    Value x = g.constant(Tensor.ofInts(1));
    Value y = g.constant(Tensor.ofLongs(1));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> x.eq(y));
    assertTrue(e.getMessage().contains("operands must have one dtype, got int32 and int64"), e.getMessage());
  }

  @Test
  void add_ofTwoDtypes_failsAtBuildTimeNamingBoth() {
    Value x = g.constant(Tensor.ofInts(1));
    Value y = g.constant(Tensor.ofFloats(1));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> x.add(y));
    assertTrue(e.getMessage().matches("add at ElementwiseSemanticsTest\\.java:\\d+: operands must have one dtype, got int32 "
        + "and float32 \\(convert one with cast\\) \\(tensor<int32>\\[1\\], tensor<float32>\\[1\\]\\)"), e.getMessage());
  }

  @Test
  void logicalOps_onIntegers_failAtBuildTime() {
    Value x = g.constant(Tensor.ofInts(1));
    GraphBuildException and = assertThrows(GraphBuildException.class, () -> x.and(x));
    assertTrue(and.getMessage().startsWith("and(tensor<int32>[1], tensor<int32>[1]) at ElementwiseSemanticsTest.java:"), and.getMessage());
    assertTrue(and.getMessage().endsWith("and is not defined on int32 (logical ops take bool only)"), and.getMessage());
    GraphBuildException invert = assertThrows(GraphBuildException.class, () -> x.invert());
    assertTrue(invert.getMessage().endsWith("invert is not defined on int32 (logical ops take bool only)"), invert.getMessage());
    GraphBuildException xor = assertThrows(GraphBuildException.class, () -> tf.math.logicalXor(3, x));
    assertTrue(xor.getMessage().endsWith("xor is not defined on int32 (logical ops take bool only)"), xor.getMessage());
  }

  @Test
  void arithmetic_onBoolsAndStrings_failsAtBuildTime() {
    Value b = g.constant(Tensor.ofBools(true));
    Value s = g.constant(Tensor.ofStrings("a"));
    assertTrue(assertThrows(GraphBuildException.class, () -> b.add(b)).getMessage().contains("add is not defined on bool"));
    assertTrue(assertThrows(GraphBuildException.class, () -> b.abs()).getMessage().contains("abs is not defined on bool"));
    assertTrue(assertThrows(GraphBuildException.class, () -> s.lt(s)).getMessage().contains("lt is not defined on string"));
    assertTrue(assertThrows(GraphBuildException.class, () -> b.truediv(b)).getMessage().contains("truediv is not defined on bool"));
    assertTrue(assertThrows(GraphBuildException.class, () -> s.cast(DType.INT32)).getMessage().endsWith("cannot cast string to int32"));
  }

  @Test
  void truedivOfIntegersInTheText_needsAnExplicitCast() {
    String text = """
        %x = constant() {value = tensor<int32>[1] [1]} : tensor<int32>[1]
        %0 = truediv(%x, %x) : tensor<float64>[1]
        return %0
        """;
    RuntimeException e = assertThrows(RuntimeException.class, () -> GraphParser.parse(text, "t.tat"));
    assertTrue(e.getMessage().contains("truediv is defined on floats; cast int32 to float64 first"),
        e.getMessage());
  }

  @Test
  void aTensorOperand_isAConstantOfItsOwnDtype() {
    Value x = g.constant(Tensor.ofLongs(1, 2));
    assertEquals("[11, 22]", one(x.add(Tensor.ofLongs(10, 20))));
    assertThrows(GraphBuildException.class, () -> x.add(Tensor.ofInts(10, 20)));
  }

  @Test
  void aFractionForAnIntegerTensor_isRefused() {
    Value x = g.constant(Tensor.ofInts(1));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> x.add(2.5));
    assertTrue(e.getMessage().startsWith("cannot convert Double 2.5 to int32 at ElementwiseSemanticsTest.java:"), e.getMessage());
  }

  @Test
  void denseShapesThatCannotBroadcast_failAtBuildTimeWithBothShapes() {
    Value x = g.constant(Tensor.of(DType.FLOAT32, new float[6], 2, 3));
    Value y = g.constant(Tensor.ofFloats(1, 2));
    IncompatibleShapesException e = assertThrows(IncompatibleShapesException.class, () -> x.mul(y));
    assertTrue(e.getMessage().contains("shapes (2, 3) and (2,) cannot broadcast"), e.getMessage());
  }

  @Test
  void denseShapesKnownOnlyAtRunTime_areCheckedThenWithBothShapes() {
    Value x = g.placeholder("x", Types.dense(DType.FLOAT32, -1, 3));
    Value y = g.placeholder("y", Types.dense(DType.FLOAT32, -1));
    Value sum = x.add(y);
    assertEquals("tensor<float32>[None, 3]", sum.type().toString());
    Graph graph = g.build(sum);
    Map<String, Object> ok = Map.of("x", Tensor.of(DType.FLOAT32, new float[] {1, 2, 3, 4, 5, 6}, 2, 3), "y", Tensor.ofFloats(10));
    assertEquals("[[11.0, 12.0, 13.0], [14.0, 15.0, 16.0]]", Harness.runEverywhere(graph, ok).get(0).toString());
    Map<String, Object> bad = Map.of("x", Tensor.of(DType.FLOAT32, new float[6], 2, 3), "y", Tensor.ofFloats(1, 2));
    try (Session s = new Session(graph)) {
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> s.run(bad, sum));
      assertTrue(e.getMessage().matches("node #\\d+ \\(add\\) at ElementwiseSemanticsTest\\.java:\\d+: "
          + "incompatible shapes: \\[2, 3\\] vs \\[2\\]"), e.getMessage());
    }
  }

  @Test
  void cast_wrapsTruncatesAndTestsNonZero() {
    List<Object> out = run(g.constant(Tensor.ofInts(300, -129)).cast(DType.INT8),
        g.constant(Tensor.ofDoubles(-2.7, 2.7, Double.NaN)).cast(DType.INT32),
        g.constant(Tensor.ofDoubles(0.0, -0.5, Double.NaN)).cast(DType.BOOL),
        g.constant(Tensor.ofBools(true, false)).cast(DType.FLOAT32));
    assertEquals("[44, 127]", out.get(0).toString());
    // tf.cast(tf.constant([-2.7, 2.7, nan], tf.float64), tf.int32) -> [-2, 2, -2147483648] on x86 (-Ptf oracle)
    assertEquals("[-2, 2, -2147483648]", out.get(1).toString());
    assertEquals("[False, True, True]", out.get(2).toString());
    assertEquals("[1.0, 0.0]", out.get(3).toString());
  }

  @Test
  void eqOfASparseTensor_isRefusedAsSparseOpsAre() {
    Value st = g.sparseTensor(new long[][] {{0, 1}}, Tensor.ofInts(5), 2, 2);
    Value dense = g.constant(Tensor.of(DType.INT32, new int[4], 2, 2));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> st.eq(dense));
    assertTrue(e.getMessage().contains("a sparse tensor takes only * and /"), e.getMessage());
  }

  @Test
  void aRowPartitionOperand_isMisuse() {
    Value rt = g.placeholder("rt", Types.ragged(DType.INT32, 1));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> rt.partition().abs());
    assertTrue(e.getMessage().startsWith("abs needs a dense or ragged tensor, not a row partition at ElementwiseSemanticsTest.java:"),
        e.getMessage());
  }

  private static String lineOf(String message) {
    int at = message.indexOf("ElementwiseSemanticsTest.java:") + "ElementwiseSemanticsTest.java:".length();
    return message.substring(at, message.indexOf(':', at));
  }
}
