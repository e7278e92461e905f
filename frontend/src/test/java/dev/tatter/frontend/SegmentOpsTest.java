package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code tf.math.unsorted_segment_*} and {@code tf.math.segment_*}: TF's docstring examples, empty segments, errors. */
class SegmentOpsTest {
  @Test
  void unsorted_emptySegmentsNegativeIdsAndRaggedRowIds() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value data = g.constant(Tensor.ofFloats(1, 2, 3, 4));
    Value ids = g.constant(Tensor.ofInts(0, -1, 2, 0));
    // tf.math.unsorted_segment_sum([1., 2, 3, 4], [0, -1, 2, 0], 4) -> [5., 0., 3., 0.] (the -1 row is dropped)
    Value sum = tf.math.unsortedSegmentSum(data, ids, g.scalar(DType.INT32, 4));
    assertEquals("tensor<float32>[4]", sum.type().toString());
    assertEquals("[5.0, 0.0, 3.0, 0.0]", runFirst(g, sum));
    // tf.math.unsorted_segment_max([1., 2, 3, 4], [0, -1, 2, 0], 4) -> [4., -3.4028235e+38, 3., -3.4028235e+38]
    assertEquals("[4.0, -3.4028235e+38, 3.0, -3.4028235e+38]", runFirst(g, tf.math.unsortedSegmentMax(data, ids, g.scalar(DType.INT32, 4))));
    // tf.math.unsorted_segment_mean([1., 2, 3, 4], [0, -1, 2, 0], 4) -> [2.5, 0., 3., 0.]
    assertEquals("[2.5, 0.0, 3.0, 0.0]", runFirst(g, tf.math.unsortedSegmentMean(data, ids, g.scalar(DType.INT64, 4))));
    // a ragged tensor's row sums: tf.math.unsorted_segment_sum(rt.values, rt.value_rowids(), rt.nrows())
    //   for [[1, 2], [], [3]] -> [3, 0, 3]
    Value rt = tf.ragged.constant(List.of(List.of(1, 2), List.of(), List.of(3)));
    assertEquals("[3, 0, 3]", runFirst(g, tf.math.unsortedSegmentSum(rt.values(), rt.valueRowids(), rt.nrows())));
    // 2-D ids: tf.math.unsorted_segment_sum([[1, 2], [3, 4]], [[1, 0], [1, 1]], 2) -> [2, 8]
    assertEquals("[2, 8]", runFirst(g, tf.math.unsortedSegmentSum(g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4}, 2, 2)),
        g.constant(Tensor.of(DType.INT32, new int[] {1, 0, 1, 1}, 2, 2)), g.scalar(DType.INT32, 2))));
  }

  @Test
  void sorted_emptySegmentsAreZero() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value data = g.constant(Tensor.ofInts(5, 1, 7, 2));
    Value ids = g.constant(Tensor.ofLongs(0, 0, 2, 2));
    // tf.math.segment_max([5, 1, 7, 2], [0, 0, 2, 2]) -> [5, 0, 7]; segment_min -> [1, 0, 2]; segment_prod -> [5, 1, 14]
    // (TF's SegmentProd fills an empty segment with 1, its ProdReducer's default value; -Ptf SegmentScanOracleTest)
    assertEquals("[5, 0, 7]", runFirst(g, tf.math.segmentMax(data, ids)));
    assertEquals("[1, 0, 2]", runFirst(g, tf.math.segmentMin(data, ids)));
    assertEquals("[5, 1, 14]", runFirst(g, tf.math.segmentProd(data, ids)));
    assertEquals("[6, 0, 9]", runFirst(g, tf.math.segmentSum(data, ids)));
    // TF's sorted kernel copies a segment of one row, its unsorted sum starts from 0 (the -Ptf oracle found it):
    // tf.math.segment_sum([-0., 1.], [0, 1]) -> [-0., 1.]; tf.math.unsorted_segment_sum([-0., 1.], [0, 1], 2) -> [0., 1.]
    Value zeros = g.constant(Tensor.ofFloats(-0f, 1f));
    assertEquals("[-0.0, 1.0]", runFirst(g, tf.math.segmentSum(zeros, g.constant(Tensor.ofInts(0, 1)))));
    assertEquals("[0.0, 1.0]", runFirst(g, tf.math.unsortedSegmentSum(zeros, g.constant(Tensor.ofInts(0, 1)), g.scalar(DType.INT32, 2))));
    // tf.math.segment_min([inf, 2.], [0, 1]) -> [inf, 2.]: the sorted kernel copies a one-row segment (-Ptf oracle)
    Value inf = g.constant(Tensor.ofFloats(Float.POSITIVE_INFINITY, 2f));
    assertEquals("[inf, 2.0]", runFirst(g, tf.math.segmentMin(inf, g.constant(Tensor.ofInts(0, 1)))));
    // tf.math.segment_max([-inf, -inf], [1, 1]) -> [0., -inf] (segment 0 is empty; Eigen's max starts from -inf)
    Value minusInf = g.constant(Tensor.ofFloats(Float.NEGATIVE_INFINITY, Float.NEGATIVE_INFINITY));
    assertEquals("[0.0, -inf]", runFirst(g, tf.math.segmentMax(minusInf, g.constant(Tensor.ofInts(1, 1)))));
    // tf.math.segment_sum(tf.zeros([0]), tf.zeros([0], tf.int32)) -> []
    assertEquals("[]", runFirst(g, tf.math.segmentSum(g.constant(Tensor.ofFloats()), g.constant(Tensor.ofInts()))));
  }

  @Test
  void errors() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value data = g.constant(Tensor.ofInts(1, 2, 3));
    // tf.math.unsorted_segment_sum([1, 2, 3], [0, 3, 1], 2) -> segment_ids[1] = 3 is out of range [0, 2)
    Value high = tf.math.unsortedSegmentSum(data, g.constant(Tensor.ofInts(0, 3, 1)), g.scalar(DType.INT32, 2));
    InvalidArgumentException range = assertThrows(InvalidArgumentException.class, () -> Harness.runEverywhere(g.build(high), Map.of()));
    assertTrue(range.getMessage().contains("segment_ids[1] = 3 is out of range [0, 2)"), range.getMessage());
    // tf.math.segment_sum([1, 2, 3], [0, 2, 1]) -> InvalidArgumentError: segment ids are not increasing
    GraphBuilder g2 = new GraphBuilder();
    Ops g2Tf = g2.ops();
    Value unsorted = g2Tf.math.segmentSum(g2.constant(Tensor.ofInts(1, 2, 3)), g2.constant(Tensor.ofInts(0, 2, 1)));
    InvalidArgumentException order = assertThrows(InvalidArgumentException.class, () -> Harness.runEverywhere(g2.build(unsorted), Map.of()));
    assertTrue(order.getMessage().contains("segment ids are not increasing: segment_ids[2] = 1 follows 2"), order.getMessage());
    GraphBuilder g3 = new GraphBuilder();
    Ops g3Tf = g3.ops();
    Value negative = g3Tf.math.segmentSum(g3.constant(Tensor.ofInts(1, 2)), g3.constant(Tensor.ofInts(-1, 0)));
    InvalidArgumentException neg = assertThrows(InvalidArgumentException.class, () -> Harness.runEverywhere(g3.build(negative), Map.of()));
    assertTrue(neg.getMessage().contains("segment_ids[0] = -1 must be >= 0"), neg.getMessage());
    // tf.math.unsorted_segment_sum([1, 2, 3], [0, 1], 2) -> data.shape = [3] does not start with segment_ids.shape = [2]
    GraphBuildException prefix = assertThrows(GraphBuildException.class,
        () -> tf.math.unsortedSegmentSum(data, g.constant(Tensor.ofInts(0, 1)), g.scalar(DType.INT32, 2)));
    assertTrue(prefix.getMessage().contains("does not start with segment_ids.shape"), prefix.getMessage());
    // tf.math.unsorted_segment_sqrt_n on int32 data: TF's Python divides by Sqrt(N), which has no int32 kernel
    GraphBuildException ints = assertThrows(GraphBuildException.class,
        () -> tf.math.unsortedSegmentSqrtN(g.constant(Tensor.ofInts(1, 2, 3)), g.constant(Tensor.ofInts(0, 1, 0)), g.scalar(DType.INT32, 2)));
    assertTrue(ints.getMessage().contains("unsorted_segment_sqrt_n is not defined on int32"), ints.getMessage());
    GraphBuildException n = assertThrows(GraphBuildException.class,
        () -> tf.math.unsortedSegmentSum(data, g.constant(Tensor.ofInts(0, 1, 0)), g.scalar(DType.INT32, -2)));
    assertTrue(n.getMessage().contains("num_segments must be >= 0, got -2"), n.getMessage());
  }

  @Test
  void integerMeans_areTfsTruncatingKernelSortedAndPythonsTrueDivisionUnsorted() {
    GraphBuilder g = new GraphBuilder();
    Value ids = g.constant(Tensor.ofInts(0, 0, 1, 3, 3));
    // tf.math.segment_mean(tf.constant([7, -8, 3, 4, 5]), [0, 0, 1, 3, 3]) -> [0, 3, 0, 4] (Eigen's MeanReducer: C++'s
    // truncating sum / T(count); an empty segment is 0)
    Value sorted = g.ops().math.segmentMean(g.constant(Tensor.ofInts(7, -8, 3, 4, 5)), ids);
    assertEquals("tensor<int32>[None]", sorted.type().toString());
    assertEquals("[0, 3, 0, 4]", runFirst(g, sorted));
    // tf.math.segment_mean(tf.constant([7, -8, 3, 4, 5], tf.int64), [0, 0, 1, 3, 3]) -> [0, 3, 0, 4]
    assertEquals("[0, 3, 0, 4]", runFirst(g, g.ops().math.segmentMean(g.constant(Tensor.ofLongs(7, -8, 3, 4, 5)), ids)));
    // tf.math.segment_mean(tf.constant([7, 250, 3, 4, 5], tf.uint8), [0, 0, 1, 3, 3]) -> [0, 3, 0, 4] (7 + 250 wraps to 1)
    assertEquals("[0, 3, 0, 4]", runFirst(g, g.ops().math.segmentMean(g.constant(Tensor.ofUint8(7, 250, 3, 4, 5)), ids)));
    // tf.math.segment_mean(tf.constant([-7, -8, 9], tf.int16), [0, 0, 0]) -> [-2] (-6 / 3, toward zero)
    assertEquals("[-2]", runFirst(g, g.ops().math.segmentMean(g.constant(Tensor.ofShorts((short) -7, (short) -8, (short) 9)),
        g.constant(Tensor.ofInts(0, 0, 0)))));

    // tf.math.unsorted_segment_mean(tf.constant([7, -8, 3, 4, 5]), [0, 0, 1, 3, 3], 4): TF's Python computes
    // unsorted_segment_sum(data) / maximum(N, 1) with `/`, which divides int32 as float64 -> [-0.5, 3., 0., 4.5]
    Value unsorted = g.ops().math.unsortedSegmentMean(g.constant(Tensor.ofInts(7, -8, 3, 4, 5)), ids, g.scalar(DType.INT32, 4));
    assertEquals("tensor<float64>[4]", unsorted.type().toString());
    assertEquals("[-0.5, 3.0, 0.0, 4.5]", runFirst(g, unsorted));
    // the same on int8 data: `/` divides int8 as float32 -> [-0.5, 3., 0., 4.5] (float32)
    Value bytes = g.ops().math.unsortedSegmentMean(g.constant(Tensor.ofBytes((byte) 7, (byte) -8, (byte) 3, (byte) 4, (byte) 5)), ids,
        g.scalar(DType.INT32, 4));
    assertEquals("tensor<float32>[4]", bytes.type().toString());
    assertEquals("[-0.5, 3.0, 0.0, 4.5]", runFirst(g, bytes));
  }
}
