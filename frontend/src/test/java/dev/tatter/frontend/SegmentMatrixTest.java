package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Segment reductions of matrices (several values per segment row): TF's sorted sum copies a
 * segment of one row (its {@code -0.0} stays) and folds a longer one from 0 (a column of only
 * {@code -0.0} becomes {@code 0.0}; -Ptf {@code SortedSegmentEdgesOracleTest}), means divide each column by the segment's row count in
 * float64 too, and a sorted op's empty segment is 0 in every column.
 */
class SegmentMatrixTest {
  @Test
  void sortedSumOfMatrixRows_oneRowSegmentIsItsRow_longerSegmentFoldsFromZero() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value data = g.constant(Tensor.of(DType.FLOAT32, new float[] {-0f, 1f, -0f, -0f, 2f, -0f}, 3, 2));
    // tf.math.segment_sum([[-0., 1.], [-0., -0.], [2., -0.]], [0, 0, 1]) -> [[0., 1.], [2., -0.]]
    // (segment 0 is Eigen's sum from 0: 0 + -0 + -0 = 0; segment 1 is one row, copied)
    assertEquals("[[0.0, 1.0], [2.0, -0.0]]", runFirst(g, tf.math.segmentSum(data, g.constant(Tensor.ofInts(0, 0, 1)))));
    Value other = g.constant(Tensor.of(DType.FLOAT32, new float[] {-0f, 1f, -0f, -0f, -0f, 2f}, 3, 2));
    // tf.math.segment_sum([[-0., 1.], [-0., -0.], [-0., 2.]], [0, 1, 1]) -> [[-0., 1.], [0., 2.]]
    assertEquals("[[-0.0, 1.0], [0.0, 2.0]]", runFirst(g, tf.math.segmentSum(other, g.constant(Tensor.ofInts(0, 1, 1)))));
    Value mixed = g.constant(Tensor.of(DType.FLOAT32, new float[] {0f, 1f, -0f, 1f}, 2, 2));
    // tf.math.segment_sum([[0., 1.], [-0., 1.]], [0, 0]) -> [[0., 2.]]: a +0.0 in the column makes the sum +0.0
    assertEquals("[[0.0, 2.0]]", runFirst(g, tf.math.segmentSum(mixed, g.constant(Tensor.ofInts(0, 0)))));
  }

  @Test
  void float64MeansOfMatrixRows_withAnEmptySegment() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value data = g.constant(Tensor.of(DType.FLOAT64, new double[] {1, 2, 3, 4, 5, 6}, 3, 2));
    // tf.math.segment_mean(tf.constant([[1., 2.], [3., 4.], [5., 6.]], tf.float64), [0, 0, 2])
    //   -> [[2., 3.], [0., 0.], [5., 6.]]
    assertEquals("[[2.0, 3.0], [0.0, 0.0], [5.0, 6.0]]", runFirst(g, tf.math.segmentMean(data, g.constant(Tensor.ofInts(0, 0, 2)))));
    // tf.math.unsorted_segment_mean(same data, [1, 1, 0], 2) -> [[5., 6.], [2., 3.]]
    assertEquals("[[5.0, 6.0], [2.0, 3.0]]", runFirst(g, tf.math.unsortedSegmentMean(data, g.constant(Tensor.ofInts(1, 1, 0)),
        g.scalar(DType.INT32, 2))));
    // tf.math.unsorted_segment_sqrt_n(tf.constant([[3., 4.], [5., 6.], [1., 1.]], tf.float64), [0, 0, 1], 2)
    //   -> [[8 / sqrt(2), 10 / sqrt(2)], [1., 1.]] = [[5.65685424949238, 7.071067811865475], [1., 1.]]
    Value sq = g.constant(Tensor.of(DType.FLOAT64, new double[] {3, 4, 5, 6, 1, 1}, 3, 2));
    assertEquals("[[5.65685424949238, 7.071067811865475], [1.0, 1.0]]", runFirst(g, tf.math.unsortedSegmentSqrtN(sq,
        g.constant(Tensor.ofInts(0, 0, 1)), g.scalar(DType.INT32, 2))));
  }

  @Test
  void float16AndBfloat16Means_roundTheQuotientToTheDtype() {
    for (DType dtype : new DType[] {DType.FLOAT16, DType.BFLOAT16}) {
      GraphBuilder g = new GraphBuilder();
      Ops tf = g.ops();
      Value data = g.constant(Tensor.ofFloats(1f, 2f, 4f, 5f)).cast(dtype);
      // tf.math.segment_mean(tf.constant([1., 2., 4., 5.], dtype), [0, 0, 0, 1]) -> [7 / 3 in dtype, 5]
      // (Eigen's MeanReducer: the 16-bit sum over the 16-bit count, computed in float and rounded)
      Tensor out = (Tensor) Harness.runEverywhere(g.build(tf.math.segmentMean(data, g.constant(Tensor.ofInts(0, 0, 0, 1)))), Map.of()).get(0);
      float third = dtype == DType.FLOAT16 ? dev.tatter.runtime.HalfFloats.roundToFloat16(7f / 3f)
          : dev.tatter.runtime.HalfFloats.roundToBfloat16(7f / 3f);
      assertEquals(third, out.getDouble(0), 0.0, dtype + ": " + out);
      assertEquals(5.0, out.getDouble(1), 0.0, dtype + ": " + out);
    }
  }
}
