package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code maximum} and {@code minimum}, the ops that show how an elementwise op is added: an
 * {@code OpDef} in ElementwiseOps, its overloads in ScalarFunctions, and the two Value methods.
 * Every case runs through {@link Harness#runEverywhere} (interpreter, optimizer, verified bytecode,
 * text round trip). Expected values are TF's: the doc examples of {@code tf.math.maximum} /
 * {@code tf.math.minimum}, and for NaN and signed zeros what TF 2.18's CPU kernels give in their
 * vectorized lanes (found by the -Ptf oracle, {@code ElementwiseOracleTest}): a NaN operand is the
 * result, and of two equal values the second operand is returned ({@code Maximum(-0.0, 0.0)} is
 * 0.0; TF's scalar remainder loop returns the first, see docs/SEMANTICS.md).
 */
class MaximumMinimumTest {
  private final GraphBuilder g = new GraphBuilder();
  private final Ops tf = g.ops();

  private List<Object> run(Map<String, ?> feeds, Value... outputs) {
    return Harness.runEverywhere(g.build(outputs), feeds);
  }

  @Test
  void tfDocExamples_denseAndBroadcast() {
    // tf.math.maximum([0., 0., 0., 0.], [-2., 0., 2., 5.]) -> [0., 0., 2., 5.]
    Value zeros = g.constant(Tensor.ofFloats(0, 0, 0, 0));
    Value max = tf.math.maximum(zeros, g.constant(Tensor.ofFloats(-2, 0, 2, 5)));
    // tf.math.maximum([-5., 0., 0., 0.], [-3.]) -> [-3., 0., 0., 0.]
    Value x = g.constant(Tensor.ofFloats(-5, 0, 0, 0));
    Value maxB = tf.math.maximum(x, g.constant(Tensor.ofFloats(-3)));
    // tf.math.minimum([0., 0., 0., 0.], [-5., -2., 0., 3.]) -> [-5., -2., 0., 0.]
    Value min = tf.math.minimum(zeros, g.constant(Tensor.ofFloats(-5, -2, 0, 3)));
    // tf.math.minimum([-5., 0., 0., 0.], [-3.]) -> [-5., -3., -3., -3.]
    Value minB = tf.math.minimum(x, g.constant(Tensor.ofFloats(-3)));
    List<Object> out = run(Map.of(), max, maxB, min, minB);
    assertEquals("[0.0, 0.0, 2.0, 5.0]", out.get(0).toString());
    assertEquals("[-3.0, 0.0, 0.0, 0.0]", out.get(1).toString());
    assertEquals("[-5.0, -2.0, 0.0, 0.0]", out.get(2).toString());
    assertEquals("[-5.0, -3.0, -3.0, -3.0]", out.get(3).toString());
  }

  @Test
  void nanPropagatesFromEitherSide_andSignedZerosFollowStdMax() {
    Value a = g.placeholder("a", Types.dense(DType.FLOAT64, -1));
    Value b = g.placeholder("b", Types.dense(DType.FLOAT64, -1));
    Map<String, Tensor> feeds = Map.of(
        "a", Tensor.ofDoubles(Double.NaN, 1, -0.0, 0.0, Double.NEGATIVE_INFINITY),
        "b", Tensor.ofDoubles(1, Double.NaN, 0.0, -0.0, 7));
    List<Object> out = run(feeds, tf.math.maximum(a, b), tf.math.minimum(a, b), tf.math.maximum(b, a));
    // TF: Maximum(-0., 0.) is 0. and Maximum(0., -0.) is -0. (the second of equal values); Minimum alike
    assertEquals("[nan, nan, 0.0, -0.0, 7.0]", out.get(0).toString());
    assertEquals("[nan, nan, 0.0, -0.0, -inf]", out.get(1).toString());
    assertEquals("[nan, nan, -0.0, 0.0, 7.0]", out.get(2).toString());
  }

  @Test
  void integerExtremes_andNarrowDtypes() {
    Value a = g.constant(Tensor.ofBytes((byte) -128, (byte) 127, (byte) 0));
    Value b = g.constant(Tensor.ofBytes((byte) 127, (byte) -128, (byte) -1));
    Value c = g.constant(Tensor.ofLongs(Long.MIN_VALUE, Long.MAX_VALUE));
    Value d = g.constant(Tensor.ofLongs(Long.MAX_VALUE, Long.MIN_VALUE));
    List<Object> out = run(Map.of(), tf.math.maximum(a, b), tf.math.minimum(a, b), tf.math.maximum(c, d), tf.math.minimum(c, d));
    assertEquals("[127, 127, 0]", out.get(0).toString());
    assertEquals("[-128, -128, -1]", out.get(1).toString());
    assertEquals("[9223372036854775807, 9223372036854775807]", out.get(2).toString());
    assertEquals("[-9223372036854775808, -9223372036854775808]", out.get(3).toString());
  }

  @Test
  void ragged_withScalar_withRagged_andWithDenseBroadcastPerRow() {
    // rt = tf.ragged.constant([[1, 5, -2], [], [4]]); tf.maximum(rt, 2) -> [[2, 5, 2], [], [4]]
    Value rt = g.placeholder("rt", Types.ragged(DType.INT32, 1));
    Value column = g.placeholder("col", Types.dense(DType.INT32, -1, 1));
    RaggedTensor feed = RaggedTensor.of(Tensor.ofInts(1, 5, -2, 4), RowPartition.fromRowSplits(new long[] {0, 3, 3, 4}, DType.INT64, true));
    Map<String, Object> feeds = Map.of("rt", feed, "col", Tensor.of(DType.INT32, new int[] {3, 9, 0}, 3, 1));
    List<Object> out = run(feeds, tf.math.maximum(rt, 2), tf.math.minimum(rt, rt.mul(-1)), tf.math.maximum(rt, column), tf.math.maximum(rt, 2).rowLengths());
    assertEquals("[[2, 5, 2], [], [4]]", out.get(0).toString());
    assertEquals("[[-1, -5, -2], [], [-4]]", out.get(1).toString());
    // tf.maximum(rt, [[3], [9], [0]]): each row against its own value
    assertEquals("[[3, 5, 3], [], [4]]", out.get(2).toString());
    assertEquals("[3, 0, 1]", out.get(3).toString());
  }

  @Test
  void fusesWithTheOpsAroundIt() {
    // a clip: tf.minimum(tf.maximum(x, 0.), 6.) on a ragged tensor (relu6), one fused loop
    Value x = g.placeholder("x", Types.ragged(DType.FLOAT32, 1));
    Value relu6 = tf.math.minimum(tf.math.maximum(x, 0f), 6f);
    RaggedTensor feed = RaggedTensor.of(Tensor.ofFloats(-1, 3, 8, 6), RowPartition.fromRowSplits(new long[] {0, 1, 4}, DType.INT64, true));
    assertEquals("[[0.0], [3.0, 6.0, 6.0]]", run(Map.of("x", feed), relu6).get(0).toString());
    String optimized = dev.tatter.ir.text.GraphPrinter.print(
        dev.tatter.optimizer.PassManager.parse(dev.tatter.optimizer.PassManager.DEFAULT_PIPELINE).run(g.build(relu6)));
    assertTrue(optimized.contains("expr = \"maximum($0, $1); minimum(#0, $2)\""), optimized);
  }

  @Test
  void badOperands_failWhereTheGraphIsBuilt() {
    Value flags = g.constant(Tensor.ofBools(true, false));
    GraphBuildException onBool = assertThrows(GraphBuildException.class, () -> tf.math.maximum(flags, flags));
    assertTrue(onBool.getMessage().contains("maximum is not defined on bool"), onBool.getMessage());
    assertTrue(onBool.getMessage().contains("MaximumMinimumTest.java"), "names the call site: " + onBool.getMessage());
    Value ints = g.constant(Tensor.ofInts(1, 2));
    Value longs = g.constant(Tensor.ofLongs(1, 2, 3));
    GraphBuildException shapes = assertThrows(GraphBuildException.class, () -> tf.math.minimum(ints.cast(DType.INT64), longs));
    assertTrue(shapes.getMessage().contains("shapes (2,) and (3,) cannot broadcast"), shapes.getMessage());
  }
}
