package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.codegen.testing.BitExact;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * reduce_euclidean_norm and reduce_logsumexp of ragged tensors. TF's EuclideanNorm takes dense
 * tensors only, so each ragged row is checked against TF's value for that row as a dense tensor,
 * and against Tatter's dense path on the same row (bit for bit: the two compositions reduce the
 * same elements in the same order).
 */
class RaggedNormLogsumexpTest {
  private static final float[][] ROWS = {{1f, 2f, 3f}, {4f, 5f, 6.5f}, {7f}, {}};

  @Test
  void innerRaggedAxis_isTheDenseReductionOfEachRow() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(ROWS);
    List<Object> out = Harness.runEverywhere(g.build(tf.math.reduceEuclideanNorm(rt, 1, false), tf.math.reduceLogsumexp(rt, 1, false),
        tf.math.reduceLogsumexp(rt, 1, true)), Map.of());
    // tf.math.reduce_euclidean_norm([1., 2., 3.]) -> 3.7416575, ([4., 5., 6.5]) -> 9.124144, ([7.]) -> 7., (tf.zeros([0])) -> 0.
    assertEquals(Tensor.ofFloats(3.7416575f, 9.124144f, 7f, 0f), out.get(0));
    // tf.math.reduce_logsumexp([1., 2., 3.]) -> 3.407606, ([4., 5., 6.5]) -> 6.766368, ([7.]) -> 7., (tf.zeros([0])) -> -inf
    assertEquals(Tensor.ofFloats(3.407606f, 6.766368f, 7f, Float.NEGATIVE_INFINITY), out.get(1));
    assertEquals(Tensor.of(DType.FLOAT32, new float[] {3.407606f, 6.766368f, 7f, Float.NEGATIVE_INFINITY}, 4, 1), out.get(2));
    for (int i = 0; i < ROWS.length; i++) {
      GraphBuilder d = new GraphBuilder();
      Ops dTf = d.ops();
      Value row = d.constant(Tensor.ofFloats(ROWS[i]));
      List<Object> dense = Harness.runEverywhere(d.build(dTf.math.reduceEuclideanNorm(row, 0, false), dTf.math.reduceLogsumexp(row, 0, false)), Map.of());
      BitExact.assertSameBits(element(dense.get(0), 0), element(out.get(0), i), "norm of row " + i);
      BitExact.assertSameBits(element(dense.get(1), 0), element(out.get(1), i), "logsumexp of row " + i);
    }
  }

  @Test
  void outerAxis_foldsRowsPositionByPosition() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(ROWS);
    List<Object> out = Harness.runEverywhere(g.build(tf.math.reduceEuclideanNorm(rt, 0, false), tf.math.reduceEuclideanNorm(rt, 0, true)), Map.of());
    // columns [1., 4., 7.], [2., 5.], [3., 6.5]:
    // tf.math.reduce_euclidean_norm([1., 4., 7.]) -> 8.124039, ([2., 5.]) -> 5.3851647, ([3., 6.5]) -> 7.1589108
    assertEquals(Tensor.ofFloats(8.124039f, 5.3851647f, 7.1589108f), out.get(0));
    assertEquals(Tensor.of(DType.FLOAT32, new float[] {8.124039f, 5.3851647f, 7.1589108f}, 1, 3), out.get(1));
  }

  @Test
  void logsumexp_alongAnOuterRaggedAxis_isRefusedNamingTheAxis() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(ROWS);
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> tf.math.reduceLogsumexp(rt, 0, false));
    assertTrue(e.getMessage().contains("reduce_logsumexp of a ragged tensor takes its innermost axis (1 or -1), got 0"), e.getMessage());
  }

  @Test
  void twoRaggedLevelsAndAUniformInnerDimension_reduceTheirInnermostAxis() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value deep = tf.ragged.constant(new float[][][] {{{1f, 2f}, {}}, {{3f}}});
    List<Object> out = Harness.runEverywhere(g.build(tf.math.reduceLogsumexp(deep, 2, false), tf.math.reduceEuclideanNorm(deep, -1, false)), Map.of());
    // tf.math.reduce_logsumexp([1., 2.]) -> 2.3132617, (tf.zeros([0])) -> -inf, ([3.]) -> 3.
    assertEquals(Tensor.ofFloats(2.3132617f, Float.NEGATIVE_INFINITY, 3f), ((RaggedTensor) out.get(0)).flatValues());
    // tf.math.reduce_euclidean_norm([1., 2.]) -> 2.236068, (tf.zeros([0])) -> 0., ([3.]) -> 3.
    assertEquals(Tensor.ofFloats(2.236068f, 0f, 3f), ((RaggedTensor) out.get(1)).flatValues());
    Value uniformInner = tf.ragged.constant(new float[][][] {{{1f, 2f}, {3f, 5f}}, {{6f, 6f}}}, DType.FLOAT32, 1);
    out = Harness.runEverywhere(g.build(tf.math.reduceLogsumexp(uniformInner, 2, false), tf.math.reduceLogsumexp(uniformInner, -1, true)), Map.of());
    // tf.math.reduce_logsumexp([[1., 2.], [3., 5.], [6., 6.]], axis=1) -> [2.3132617, 5.126928, 6.693147]
    assertEquals(Tensor.ofFloats(2.3132617f, 5.126928f, 6.693147f), ((RaggedTensor) out.get(0)).flatValues());
    assertEquals(Tensor.of(DType.FLOAT32, new float[] {2.3132617f, 5.126928f, 6.693147f}, 3, 1), ((RaggedTensor) out.get(1)).flatValues());
  }

  @Test
  void uniformRows_matchTheDenseTensorBitForBit() {
    double[][] rows = {{0.25, -3, 1e-3}, {Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, 2}, {700, 710, 1}};
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(rows);
    Value dense = g.constant(Tensor.of(DType.FLOAT64, new double[] {0.25, -3, 1e-3, Double.NEGATIVE_INFINITY,
        Double.NEGATIVE_INFINITY, 2, 700, 710, 1}, 3, 3));
    List<Object> out = Harness.runEverywhere(g.build(tf.math.reduceEuclideanNorm(rt, 1, false), tf.math.reduceEuclideanNorm(dense, 1, false),
        tf.math.reduceLogsumexp(rt, 1, false), tf.math.reduceLogsumexp(dense, 1, false), tf.math.reduceEuclideanNorm(rt, 0, false),
        tf.math.reduceEuclideanNorm(dense, 0, false)), Map.of());
    BitExact.assertSameBits(out.get(1), out.get(0), "ragged vs dense euclidean norm");
    BitExact.assertSameBits(out.get(3), out.get(2), "ragged vs dense logsumexp, axis 1");
    BitExact.assertSameBits(out.get(5), out.get(4), "ragged vs dense euclidean norm, axis 0");
    // tf.math.reduce_logsumexp([700., 710., 1.]) -> 710.0000453988993 (no overflow: the maximum is subtracted first)
    assertEquals(710.0000453988993, ((Tensor) out.get(2)).getDouble(2), 0.0);
  }

  /** Element i of a float tensor, as a one-element tensor of its exact value. */
  private static Tensor element(Object value, int i) {
    return Tensor.ofDoubles(((Tensor) value).getDouble(i));
  }
}
