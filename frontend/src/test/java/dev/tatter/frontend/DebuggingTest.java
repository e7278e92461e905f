package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code tf.debugging.assert_*} and {@code check_numerics} run everywhere: a passing check gives
 * its operand, a failing one refuses naming the node, with TF's Assert data (message, condition,
 * the first summarize values) or CheckNumerics' message; an unused check is dead code; a failing
 * check of constants is not folded away.
 */
class DebuggingTest {
  private static final Map<String, Object> NO_FEEDS = Map.of();

  @Test
  void binaryAssertions_passGiveX_failListTheData() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value x = g.placeholder("x", Types.dense(DType.INT32, -1));
    Value y = g.placeholder("y", Types.dense(DType.INT32, -1));
    Map<String, Object> same = Map.of("x", Tensor.ofInts(1, 2, 3), "y", Tensor.ofInts(1, 2, 3));
    Map<String, Object> differ = Map.of("x", Tensor.ofInts(1, 2, 3), "y", Tensor.ofInts(1, 2, 4));
    // tf.debugging.assert_equal([1, 2, 3], [1, 2, 3]) holds; the graph's value is x
    Value eq = tf.debugging.assertEqual(x, y);
    assertEquals("[1, 2, 3]", Harness.runFirst(g, eq, same));
    // tf.debugging.assert_equal(x, y) of [1, 2, 3] and [1, 2, 4] (in a tf.function) -> InvalidArgumentError:
    //   assertion failed: [] [Condition x == y did not hold element-wise:] [x (x:0) = ] [1 2 3] [y (y:0) = ] [1 2 4]
    String e = Harness.runtimeError(g, eq, differ);
    assertTrue(e.contains("(assert_compare)") && e.contains("DebuggingTest.java"), e);
    assertTrue(e.contains("assertion failed: [] [Condition x == y did not hold element-wise:] [x = ] [1 2 3] [y = ] [1 2 4]"), e);
    // message and summarize: tf.debugging.assert_less(x, y, message="x must stay below y", summarize=2)
    Value less = tf.debugging.assertLess(x, y, "x must stay below y", 2);
    e = Harness.runtimeError(g, less, same);
    assertTrue(e.contains("assertion failed: [x must stay below y] [Condition x < y did not hold element-wise:] [x = ] [1 2...] "
        + "[y = ] [1 2...]"), e);
    assertEquals("[1, 2, 3]", Harness.runFirst(g, tf.debugging.assertLessEqual(x, y), differ));
    assertEquals("[1, 2, 4]", Harness.runFirst(g, tf.debugging.assertGreaterEqual(y, x), differ));
    // tf.debugging.assert_none_equal([1, 2, 3], [1, 2, 4]) fails at the first two positions
    e = Harness.runtimeError(g, tf.debugging.assertNoneEqual(x, y), differ);
    assertTrue(e.contains("[Condition x != y did not hold element-wise:]"), e);
    // broadcasting: tf.debugging.assert_greater(x, 0) holds for [1, 2, 3]
    assertEquals("[1, 2, 3]", Harness.runFirst(g, tf.debugging.assertGreater(x, g.scalar(DType.INT32, 0)), same));
  }

  @Test
  void unaryAssertions_compareWithZero() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value x = g.placeholder("x", Types.dense(DType.FLOAT32, -1));
    Map<String, Object> withZero = Map.of("x", Tensor.ofFloats(1.5f, 0f, -0f));
    // tf.debugging.assert_positive([1.5, 0., -0.]) -> [Condition x > 0 did not hold element-wise:] [x = ] [1.5 0 -0]
    String e = Harness.runtimeError(g, tf.debugging.assertPositive(x), withZero);
    assertTrue(e.contains("assertion failed: [] [Condition x > 0 did not hold element-wise:] [x = ] [1.5 0.0 -0.0]"), e);
    // tf.debugging.assert_non_negative([1.5, 0., -0.]) holds (-0. >= 0)
    assertEquals("[1.5, 0.0, -0.0]", Harness.runFirst(g, tf.debugging.assertNonNegative(x), withZero));
    // a NaN fails every ordered comparison: tf.debugging.assert_non_negative([nan]) fails
    e = Harness.runtimeError(g, tf.debugging.assertNonNegative(x, "no NaN", 3), Map.of("x", Tensor.ofFloats(Float.NaN)));
    assertTrue(e.contains("[no NaN] [Condition x >= 0 did not hold element-wise:] [x = ] [nan]"), e);
    assertEquals("[-1.0]", Harness.runFirst(g, tf.debugging.assertNegative(x), Map.of("x", Tensor.ofFloats(-1f))));
    assertEquals("[-1.0, 0.0]", Harness.runFirst(g, tf.debugging.assertNonPositive(x), Map.of("x", Tensor.ofFloats(-1f, 0f))));
  }

  @Test
  void checkNumerics_refusesNanAndInf_denseAndRagged() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value x = g.placeholder("x", Types.dense(DType.FLOAT64, -1));
    Value checked = tf.debugging.checkNumerics(x, "logits");
    assertEquals("[1.0, -2.0]", Harness.runFirst(g, checked, Map.of("x", Tensor.ofDoubles(1, -2))));
    // tf.debugging.check_numerics([1., nan], "logits") -> InvalidArgumentError: logits : Tensor had NaN values
    String e = Harness.runtimeError(g, checked, Map.of("x", Tensor.ofDoubles(1, Double.NaN)));
    assertTrue(e.contains("(check_numerics)") && e.endsWith("logits : Tensor had NaN values"), e);
    e = Harness.runtimeError(g, checked, Map.of("x", Tensor.ofDoubles(Double.NEGATIVE_INFINITY)));
    assertTrue(e.endsWith("logits : Tensor had -Inf values"), e);
    e = Harness.runtimeError(g, tf.debugging.assertAllFinite(x, "both"), Map.of("x", Tensor.ofDoubles(Double.NaN, Double.POSITIVE_INFINITY)));
    assertTrue(e.endsWith("both : Tensor had +Inf and NaN values"), e);
    // tf.debugging.check_numerics([nan, inf, -inf], "logits") -> logits : Tensor had -Inf, +Inf, and NaN values
    e = Harness.runtimeError(g, checked, Map.of("x", Tensor.ofDoubles(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY)));
    assertTrue(e.endsWith("logits : Tensor had -Inf, +Inf, and NaN values"), e);
    // ragged: tf.debugging.check_numerics(tf.ragged.constant([[1.], [], [nan]]), "rt") -> rt : Tensor had NaN values
    Value rt = tf.ragged.constant(new float[][] {{1f}, {}, {Float.NaN}});
    e = Harness.runtimeError(g, tf.debugging.checkNumerics(rt, "rt"));
    assertTrue(e.endsWith("rt : Tensor had NaN values"), e);
    Value fine = tf.ragged.constant(new float[][] {{1f}, {}, {2f}});
    assertEquals("[[1.0], [], [2.0]]", Harness.runFirst(g, tf.debugging.checkNumerics(fine, "rt")));
  }

  @Test
  void aCheckRunsWhenAFetchDependsOnIt_notOtherwise() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value x = g.placeholder("x", Types.dense(DType.INT32, -1));
    Value checked = tf.debugging.assertPositive(x);
    Value unchecked = x.mul(2);
    Map<String, Object> bad = Map.of("x", Tensor.ofInts(-1));
    // no fetch depends on the check: dead code, as an Assert outside every fetched op's control dependencies in TF1
    assertEquals("[-2]", Harness.runFirst(g, unchecked, bad));
    // through the checked value: the check runs first
    String e = Harness.runtimeError(g, checked.mul(2), bad);
    assertTrue(e.contains("[Condition x > 0 did not hold element-wise:] [x = ] [-1]"), e);
    // a failing check of constants is left to fail when the graph runs (the fold pass does not drop it)
    Value constant = tf.debugging.assertEqual(g.constant(Tensor.ofInts(1)), g.constant(Tensor.ofInts(2)));
    e = Harness.runtimeError(g, constant.add(g.constant(Tensor.ofInts(1))), NO_FEEDS);
    assertTrue(e.contains("[Condition x == y did not hold element-wise:] [x = ] [1] [y = ] [2]"), e);
  }

  @Test
  void buildTimeRefusals() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value s = g.constant(Tensor.ofStrings("a"));
    // tf.debugging.assert_less(["a"], ["b"]) -> TypeError (no Less kernel for strings)
    GraphBuildException b = assertThrows(GraphBuildException.class, () -> tf.debugging.assertLess(s, s));
    assertTrue(b.getMessage().contains("x < y is not defined on string"), b.getMessage());
    // strings compare for equality: tf.debugging.assert_equal(["a"], ["a"]) holds
    assertEquals("[b'a']", Harness.runFirst(g, tf.debugging.assertEqual(s, s)));
    Value two = g.constant(Tensor.ofInts(1, 2));
    Value three = g.constant(Tensor.ofInts(1, 2, 3));
    // tf.debugging.assert_equal([1, 2], [1, 2, 3]) -> Incompatible shapes
    b = assertThrows(GraphBuildException.class, () -> tf.debugging.assertEqual(two, three));
    assertTrue(b.getMessage().contains("Incompatible shapes: (2,) vs. (3,)"), b.getMessage());
    b = assertThrows(GraphBuildException.class, () -> tf.debugging.assertEqual(two, g.constant(Tensor.ofLongs(1, 2))));
    assertTrue(b.getMessage().contains("x and y must have one dtype, got int32 and int64"), b.getMessage());
    b = assertThrows(GraphBuildException.class, () -> tf.debugging.checkNumerics(two, "ints"));
    assertTrue(b.getMessage().contains("check_numerics"), b.getMessage());
    Value rt = tf.ragged.constant(new int[][] {{1}});
    b = assertThrows(GraphBuildException.class, () -> tf.debugging.assertPositive(rt));
    assertTrue(b.getMessage().contains("tf.debugging assertions take dense tensors"), b.getMessage());
  }
}
