package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * reduce_variance, reduce_std, reduce_euclidean_norm and reduce_logsumexp, which TF's Python layer
 * composes from other ops, composed the same way. Dense expected values are what TF 2.18 gives for
 * the same graph of raw ops (printed by TF Java 1.1.0); the ragged variance follows TF's ragged
 * formula, written out in float32 below.
 */
class ComposedReductionsTest {
  private final GraphBuilder g = new GraphBuilder();
  private final Ops tf = g.ops();

  private Value x() {
    return g.constant(Tensor.of(DType.FLOAT32, new float[] {1f, 2f, 3f, 4f, 5f, 6.5f}, 2, 3));
  }

  @Test
  void dense_matchTfOnEachAxis() {
    Value x = x();
    List<Object> out = Harness.runEverywhere(g.build(tf.math.reduceVariance(x, 1, false), tf.math.reduceStd(x, 1, false),
        tf.math.reduceEuclideanNorm(x, 1, false), tf.math.reduceLogsumexp(x, 1, false), tf.math.reduceLogsumexp(x, 1, true), tf.math.reduceVariance(x, 0, true)), Map.of());
    // x = [[1., 2., 3.], [4., 5., 6.5]]
    // tf.math.reduce_variance(x, axis=1) -> [0.6666667, 1.0555555]
    assertEquals("[0.6666667, 1.0555555]", out.get(0).toString());
    // tf.math.reduce_std(x, axis=1) -> [0.8164966, 1.0274023]
    assertEquals("[0.8164966, 1.0274023]", out.get(1).toString());
    // tf.math.reduce_euclidean_norm(x, axis=1) -> [3.7416575, 9.124144]
    assertEquals("[3.7416575, 9.124144]", out.get(2).toString());
    // tf.math.reduce_logsumexp(x, axis=1) -> [3.407606, 6.766368]
    assertEquals("[3.407606, 6.766368]", out.get(3).toString());
    assertEquals("[[3.407606], [6.766368]]", out.get(4).toString());
    // tf.math.reduce_variance(x, axis=0, keepdims=True) -> [[2.25, 2.25, 3.0625]]
    assertEquals("[[2.25, 2.25, 3.0625]]", out.get(5).toString());
  }

  @Test
  void logsumexp_ofInfiniteRows_subtractsZeroInstead() {
    Value x = g.constant(Tensor.of(DType.FLOAT64, new double[] {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, 1}, 2, 2));
    // tf.math.reduce_logsumexp([[-inf, -inf], [inf, 1.]], axis=1) -> [-inf, inf]
    assertEquals("[-inf, inf]", Harness.runEverywhere(g.build(tf.math.reduceLogsumexp(x, 1, false)), Map.of()).get(0).toString());
  }

  @Test
  void raggedVariance_isTfsRaggedFormula() {
    Value rt = tf.ragged.constant(new float[][] {{1f, 2f, 3f}, {4f, 5f, 6.5f}, {7f}});
    Object out = Harness.runEverywhere(g.build(tf.math.reduceVariance(rt, 1, false), tf.math.reduceStd(rt, 1, false)), Map.of()).get(0);
    // TF's ragged reduce_variance: maximum(reduce_mean(square(rt)) - square(reduce_mean(rt)), 0), in float32
    float r0 = (1f + 4f + 9f) / 3f - ((1f + 2f + 3f) / 3f) * ((1f + 2f + 3f) / 3f);
    float m1 = (4f + 5f + 6.5f) / 3f;
    float r1 = (16f + 25f + 42.25f) / 3f - m1 * m1;
    assertEquals(Tensor.ofFloats(r0, r1, 0f), out);
  }

  @Test
  void integers_areRefused() {
    Value i = g.constant(Tensor.ofInts(1, 2));
    // tf.math.reduce_variance(tf.constant([1, 2]), 0) raises TypeError: Input must be either real or complex
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> tf.math.reduceVariance(i, 0, false));
    assertTrue(e.getMessage().contains("reduce_variance takes floats"), e.getMessage());
    e = assertThrows(GraphBuildException.class, () -> tf.math.reduceLogsumexp(tf.ragged.constant(new int[][] {{1}}), 1, false));
    assertTrue(e.getMessage().contains("reduce_logsumexp takes floats"), e.getMessage());
  }
}
