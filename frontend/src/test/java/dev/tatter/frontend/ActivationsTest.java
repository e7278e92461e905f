package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import org.junit.jupiter.api.Test;

/**
 * TF's activations on dense tensors and on ragged flat values, run everywhere; the expected values
 * are TF's printed results (the -Ptf ActivationOracleTest compares the kernels on random inputs).
 */
class ActivationsTest {
  private static String run(GraphBuilder g, Value out) {
    return Harness.runFirst(g, out);
  }

  /** Within {@code ulps} of 1.0 scaled by 0.5|x| plus 2 ulp of TF's value: an inner function's error through gelu's product. */
  private static void assertNearTf(float[] tf, Value x, Tensor actual, int ulps) {
    for (int i = 0; i < tf.length; i++) {
      float xi = (float) ((Tensor) ((dev.tatter.ir.Node) x.node()).attributes().getTensor("value")).getDouble(i);
      double tolerance = 0.5 * Math.abs(xi) * ulps * Math.ulp(1.0f) + 2 * Math.ulp(tf[i]);
      double got = actual.getDouble(i);
      assertTrue(Math.abs(got - tf[i]) <= tolerance, "element " + i + ": " + got + " vs TF's " + tf[i]);
    }
  }

  @Test
  void reluFamily() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value x = g.constant(Tensor.ofFloats(-10f, -5f, 0f, 5f, 10f));
    // tf.nn.relu([-10., -5., 0.0, 5., 10.]) -> [0., 0., 0., 5., 10.]
    assertEquals("[0.0, 0.0, 0.0, 5.0, 10.0]", run(g, tf.nn.relu(x)));
    // tf.nn.relu6([-10., -5., 0.0, 5., 10.]) -> [0., 0., 0., 5., 6.]
    assertEquals("[0.0, 0.0, 0.0, 5.0, 6.0]", run(g, tf.nn.relu6(x)));
    // Eigen's NaN-propagating vector max: tf.nn.relu([-0., nan]) -> [0., nan]; tf.nn.relu6 likewise
    assertEquals("[0.0, nan]", run(g, tf.nn.relu(g.constant(Tensor.ofFloats(-0f, Float.NaN)))));
    assertEquals("[0.0, nan, 6.0]", run(g, tf.nn.relu6(g.constant(Tensor.ofDoubles(-0.0, Double.NaN, 7.0)))));
    // TF's 16-bit kernels keep -0.0 (Eigen's scalar max): tf.nn.relu(tf.constant([-0., -1., 7.], tf.float16)) -> [-0., 0., 7.];
    // tf.nn.relu6(tf.constant([-0., 7.], tf.bfloat16)) -> [-0., 6.] (the -Ptf PointwiseOracleTest checks both formats)
    assertEquals("[-0.0, 0.0, 7.0]", run(g, tf.nn.relu(g.constant(Tensor.ofFloats(-0f, -1f, 7f)).cast(DType.FLOAT16))));
    assertEquals("[-0.0, 6.0]", run(g, tf.nn.relu6(g.constant(Tensor.ofFloats(-0f, 7f)).cast(DType.BFLOAT16))));
    // tf.nn.relu(tf.constant([-3, 7], tf.int64)) -> [0, 7]; uint8 passes through
    assertEquals("[0, 7]", run(g, tf.nn.relu(g.constant(Tensor.ofLongs(-3, 7)))));
    assertEquals("[6, 0, 6]", run(g, tf.nn.relu6(g.constant(Tensor.ofUint8(200, 0, 6)))));
    // tf.nn.leaky_relu([-2., 0., 3.]) (alpha 0.2) -> [-0.4, 0., 3.]; alpha=0.5 -> [-1., 0., 3.]
    Value y = g.constant(Tensor.ofFloats(-2f, 0f, 3f));
    assertEquals("[-0.4, 0.0, 3.0]", run(g, tf.nn.leakyRelu(y)));
    assertEquals("[-1.0, 0.0, 3.0]", run(g, tf.nn.leakyRelu(y, 0.5)));
    // integer features are cast to float32 first: tf.nn.leaky_relu([-5, 5]) -> [-1., 5.]
    assertEquals("[-1.0, 5.0]", run(g, tf.nn.leakyRelu(g.constant(Tensor.ofInts(-5, 5)))));
  }

  @Test
  void eluSeluGeluSilu() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value x = g.constant(Tensor.ofFloats(-1f, 0f, 2f));
    // tf.nn.elu([-1., 0., 2.]) -> [-0.63212055, 0., 2.]; tf.nn.selu(...) -> [-1.1113307, 0., 2.101402]
    assertEquals("[-0.63212055, 0.0, 2.0]", run(g, tf.nn.elu(x)));
    assertEquals("[-1.1113307, 0.0, 2.101402]", run(g, tf.nn.selu(x)));
    Value z = g.constant(Tensor.ofFloats(-3f, -1f, 0f, 1f, 3f));
    // tf.nn.gelu([-3., -1., 0., 1., 3.]) -> [-0.00404951, -0.15865529, 0., 0.8413447, 2.9959507] (TF's docstring);
    // TF's float erf (Eigen's polynomial) and Tatter's (correctly rounded, nearly) differ by up to 4 ulp
    // (docs/SEMANTICS.md), which 1 + erf(x / sqrt(2)) scales by 0.5|x|: the named tolerance
    assertNearTf(new float[] {-0.00404951f, -0.15865529f, 0f, 0.8413447f, 2.9959507f}, z, (Tensor) Harness.runEverywhere(
        g.build(tf.nn.gelu(z)), java.util.Map.of()).get(0), 4);
    // tf.nn.gelu(x, approximate=True) -> [-0.00363752, -0.15880796, 0., 0.841192, 2.9963627] (TF's docstring; tanh: 5 ulp)
    assertNearTf(new float[] {-0.00363752f, -0.15880796f, 0f, 0.841192f, 2.9963627f}, z, (Tensor) Harness.runEverywhere(
        g.build(tf.nn.gelu(z, true)), java.util.Map.of()).get(0), 5);
    // tf.nn.silu([-1., 0., 1.]) -> [-0.26894143, 0., 0.7310586]
    assertEquals("[-0.26894143, 0.0, 0.7310586]", run(g, tf.nn.silu(g.constant(Tensor.ofFloats(-1f, 0f, 1f)))));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> tf.nn.gelu(g.constant(Tensor.ofInts(1))));
    assertTrue(e.getMessage().contains("gelu is defined on floating dtypes, not on int32"), e.getMessage());
    e = assertThrows(GraphBuildException.class, () -> tf.nn.elu(g.constant(Tensor.ofInts(1))));
    assertTrue(e.getMessage().contains("elu is not defined on int32"), e.getMessage());
  }

  @Test
  void raggedFlatValues_andL2Normalize() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(new float[][] {{-1f, 2f}, {}, {-3f}});
    // tf.nn.relu(tf.ragged.constant([[-1., 2.], [], [-3.]])) -> [[0., 2.], [], [0.]]
    assertEquals("[[0.0, 2.0], [], [0.0]]", run(g, tf.nn.relu(rt)));
    assertEquals("[[-0.2, 2.0], [], [-0.6]]", run(g, tf.nn.leakyRelu(rt)));
    // tf.math.l2_normalize([3., 4.]) -> [0.6, 0.8]
    assertEquals("[0.6, 0.8]", run(g, tf.math.l2Normalize(g.constant(Tensor.ofFloats(3f, 4f)))));
    // tf.math.l2_normalize([[3., 4.], [0., 0.]], axis=1) -> [[0.6, 0.8], [0., 0.]] (epsilon keeps the zero row at zero)
    Value m = g.constant(Tensor.of(DType.FLOAT32, new float[] {3f, 4f, 0f, 0f}, 2, 2));
    assertEquals("[[0.6, 0.8], [0.0, 0.0]]", run(g, tf.nn.l2Normalize(m, 1)));
    // ragged rows: tf.math.l2_normalize(tf.ragged.constant([[3., 4.], [5.]]), axis=1) -> [[0.6, 0.8], [1.]]
    Value rows = tf.ragged.constant(new float[][] {{3f, 4f}, {5f}});
    assertEquals("[[0.6, 0.8], [1.0]]", run(g, tf.math.l2Normalize(rows, 1)));
  }
}
