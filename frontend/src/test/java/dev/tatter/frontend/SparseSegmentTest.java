package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** tf.sparse.segment_sum, segment_mean and segment_sqrt_n through every backend ({@link Harness}). */
class SparseSegmentTest {
  private final GraphBuilder g = new GraphBuilder();
  private final Ops tf = g.ops();

  /** The docstring's c = [[1, 2, 3, 4], [-1, -2, -3, -4], [5, 6, 7, 8]]. */
  private Value c() {
    return g.constant(Tensor.of(DType.FLOAT32, new float[] {1, 2, 3, 4, -1, -2, -3, -4, 5, 6, 7, 8}, 3, 4));
  }

  private Value ints(int... v) {
    return g.constant(Tensor.ofInts(v));
  }

  @Test
  void segmentSum_docstringExamples() {
    // tf.sparse.segment_sum(c, [0, 1], [0, 0]) -> [[0, 0, 0, 0]]
    assertEquals("[[0.0, 0.0, 0.0, 0.0]]", runFirst(g, tf.sparse.segmentSum(c(), ints(0, 1), ints(0, 0), -1)));
    // tf.sparse.segment_sum(c, [0, 1], [0, 1]) -> [[1, 2, 3, 4], [-1, -2, -3, -4]]
    assertEquals("[[1.0, 2.0, 3.0, 4.0], [-1.0, -2.0, -3.0, -4.0]]", runFirst(g, tf.sparse.segmentSum(c(), ints(0, 1), ints(0, 1), -1)));
    // tf.sparse.segment_sum(c, [0, 2], [0, 0]) -> [[6, 8, 10, 12]]
    assertEquals("[[6.0, 8.0, 10.0, 12.0]]", runFirst(g, tf.sparse.segmentSum(c(), ints(0, 2), ints(0, 0), -1)));
    // tf.sparse.segment_sum(c, [0, 1], [0, 2], num_segments=4) -> [[1, 2, 3, 4], [0...], [-1, ...], [0...]]
    assertEquals("[[1.0, 2.0, 3.0, 4.0], [0.0, 0.0, 0.0, 0.0], [-1.0, -2.0, -3.0, -4.0], [0.0, 0.0, 0.0, 0.0]]",
        runFirst(g, tf.sparse.segmentSum(c(), ints(0, 1), ints(0, 2), 4)));
    // tf.sparse.segment_sum(c, [], []) of no rows -> shape [0, 4]
    assertEquals("[]", runFirst(g, tf.sparse.segmentSum(c(), ints(), ints(), -1)));
  }

  @Test
  void segmentMeanAndSqrtN() {
    // tf.sparse.segment_mean(c, [0, 2], [0, 0]) -> [[3, 4, 5, 6]]; [0, 1, 2] in segments [0, 0, 1] -> [[0...], [5, 6, 7, 8]]
    assertEquals("[[3.0, 4.0, 5.0, 6.0]]", runFirst(g, tf.sparse.segmentMean(c(), ints(0, 2), ints(0, 0), -1)));
    assertEquals("[[0.0, 0.0, 0.0, 0.0], [5.0, 6.0, 7.0, 8.0]]", runFirst(g, tf.sparse.segmentMean(c(), ints(0, 1, 2), ints(0, 0, 1), -1)));
    // tf.sparse.segment_sqrt_n(c, [0, 2], [0, 0]) -> [[6, 8, 10, 12]] * (1 / sqrt(2)) in float32 (TF's scaling factor)
    Value out = tf.sparse.segmentSqrtN(c(), ints(0, 2), ints(0, 0), 3);
    float r2 = 1f / (float) Math.sqrt(2);
    assertEquals("[[" + 6f * r2 + ", " + 8f * r2 + ", " + 10f * r2 + ", " + 12f * r2 + "], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]]",
        runFirst(g, out));
  }

  @Test
  void badSegments_areRefused() {
    Value ids = g.placeholder("ids", Types.dense(DType.INT32, -1));
    Value idx = g.placeholder("idx", Types.dense(DType.INT32, -1));
    Value sum = tf.sparse.segmentSum(c(), idx, ids, -1);
    try (Session s = new Session(g.build(sum))) {
      assertTrue(assertThrows(InvalidArgumentException.class, () -> s.run(Map.of("idx", Tensor.ofInts(0, 1), "ids", Tensor.ofInts(1, 0)), sum))
          .getMessage().endsWith("segment ids are not increasing: segment_ids[1]=0 < 1"));
      assertTrue(assertThrows(InvalidArgumentException.class, () -> s.run(Map.of("idx", Tensor.ofInts(0, 3), "ids", Tensor.ofInts(0, 0)), sum))
          .getMessage().endsWith("Bad: indices[1] == 3 out of range [0, 3)"));
      assertTrue(assertThrows(InvalidArgumentException.class, () -> s.run(Map.of("idx", Tensor.ofInts(0), "ids", Tensor.ofInts(0, 0)), sum))
          .getMessage().endsWith("segment_ids and indices should have same size, got 2 and 1"));
    }
    Value four = tf.sparse.segmentSum(c(), idx, ids, 1);
    try (Session s = new Session(g.build(four))) {
      assertTrue(assertThrows(InvalidArgumentException.class, () -> s.run(Map.of("idx", Tensor.ofInts(0), "ids", Tensor.ofInts(2)), four))
          .getMessage().endsWith("segment ids must be < num_segments: segment_ids[0]=2 but num_segments=1"));
    }
    assertTrue(assertThrows(GraphBuildException.class, () -> tf.sparse.segmentMean(ints(1, 2), ints(0), ints(0), -1)).getMessage()
        .contains("sparse_segment_mean is defined on"));
  }

  @Test
  void meanAndSqrtN_ofFewRowsMultiplyByTheReciprocal_ofTenOrMoreDivide() {
    // TF's SparseSegmentReductionOpBase::Reduce: fewer than 10 rows -> (sum of the block) * (T(1) / m),
    // 10 rows or more -> sum / m, with m = T(num) for a mean and T(sqrt(num)) for sqrt_n
    float third = 1f / 3f;
    float x = 0.1f;
    // tf.sparse.segment_mean([[0.1]], [0, 0, 0], [0, 0, 0]) -> (0.1 + 0.1 + 0.1) * (1 / 3) in float32
    Value d = g.constant(Tensor.of(DType.FLOAT32, new float[] {x}, 1, 1));
    assertEquals("[[" + (x + x + x) * third + "]]", runFirst(g, tf.sparse.segmentMean(d, ints(0, 0, 0), ints(0, 0, 0), -1)));
    // tf.sparse.segment_sqrt_n of the same 3 rows -> (0.1 + 0.1 + 0.1) * (1 / float32(sqrt(3)))
    assertEquals("[[" + (x + x + x) * (1f / (float) Math.sqrt(3)) + "]]", runFirst(g, tf.sparse.segmentSqrtN(d, ints(0, 0, 0), ints(0, 0, 0), -1)));
    // (a correctly rounded quotient would give 0.1 and 0.17320509: TF's product by the reciprocal is 1 ulp away)
    assertEquals("[[0.10000001]]", runFirst(g, tf.sparse.segmentMean(d, ints(0, 0, 0), ints(0, 0, 0), -1)));
    // 10 rows of 0.1 (10 % 8 == 2 rows first, then a block of 8): the sum divided by 10
    int[] ten = new int[10];
    assertEquals("[[" + ((x + x) + (x + x + x + x + x + x + x + x)) / 10f + "]]", runFirst(g, tf.sparse.segmentMean(d, ints(ten), ints(ten), -1)));
  }

  @Test
  void segmentOfNineRows_addsAllNineLeftToRight() {
    // TF's case num % 8 == 1: the first block is 9 rows, L(0) + L(1) + ... + L(8) left to right:
    // tf.sparse.segment_sum([[1], [1e-8] * 8], range(9), [0] * 9) -> [[1.0]] (each 1e-8 is lost against 1;
    // 1 + (the eight 1e-8 summed first) would round to 1.0000001)
    Value v = g.constant(Tensor.of(DType.FLOAT32, new float[] {1f, 1e-8f, 1e-8f, 1e-8f, 1e-8f, 1e-8f, 1e-8f, 1e-8f, 1e-8f}, 9, 1));
    assertEquals("[[1.0]]", runFirst(g, tf.sparse.segmentSum(v, ints(0, 1, 2, 3, 4, 5, 6, 7, 8), ints(new int[9]), -1)));
  }

  @Test
  void complexData_refusedAtBuildTime() {
    // TF's op definitions: SparseSegmentSum takes T: realnumbertype, SparseSegmentMean/SqrtN T: {bfloat16, half,
    // float, double}; tf.sparse.segment_sum of complex64 data fails on the attr T
    Value d = g.constant(Tensor.ofComplex64(1, 2, 3, -1));
    Value z = ints(0, 0);
    GraphBuildException sum = assertThrows(GraphBuildException.class, () -> tf.sparse.segmentSum(d, z, z, -1));
    assertTrue(sum.getMessage().contains("sparse_segment_sum is defined on") && sum.getMessage().contains("not on complex64"),
        sum.getMessage());
    GraphBuildException sqrt = assertThrows(GraphBuildException.class, () -> tf.sparse.segmentSqrtN(d, z, z, 2));
    assertTrue(sqrt.getMessage().contains("not on complex64"), sqrt.getMessage());
  }

  @Test
  void sixteenBitFloats_accumulateInFloat_andUnsignedSumsWrap() {
    // TF's SparseSegmentReductionOpBase casts float16 and bfloat16 rows to float, reduces in float and rounds once:
    // tf.sparse.segment_sum(tf.constant([2048, 1, 1], tf.float16), [0, 1, 2], [0, 0, 0]) -> [2050] (stepwise: 2048)
    Value h = g.constant(Tensor.ofFloat16(2048f, 1f, 1f));
    assertEquals(Tensor.ofFloat16(2050f).toString(), runFirst(g, g.ops().sparse.segmentSum(h, ints(0, 1, 2), ints(0, 0, 0))));
    // tf.sparse.segment_sum(tf.constant([256, 1, 1], tf.bfloat16), [0, 1, 2], [0, 0, 0]) -> [258]
    Value b = g.constant(Tensor.ofBfloat16(256f, 1f, 1f));
    assertEquals(Tensor.ofBfloat16(258f).toString(), runFirst(g, g.ops().sparse.segmentSum(b, ints(0, 1, 2), ints(0, 0, 0))));
    // tf.sparse.segment_mean(tf.constant([1.5, 2, 3], tf.float16), [0, 1, 2], [0, 0, 1]) -> [1.75, 3]
    Value m = g.constant(Tensor.ofFloat16(1.5f, 2f, 3f));
    assertEquals(Tensor.ofFloat16(1.75f, 3f).toString(), runFirst(g, g.ops().sparse.segmentMean(m, ints(0, 1, 2), ints(0, 0, 1))));
    // tf.sparse.segment_sqrt_n(tf.constant([3, 4], tf.bfloat16), [0, 1], [0, 0]) -> [4.9375] (7 * (1 / float(sqrt(2)))
    // in float, 4.9497476, rounded once)
    Value q = g.constant(Tensor.ofBfloat16(3f, 4f));
    assertEquals(Tensor.ofBfloat16(4.9375f).toString(), runFirst(g, g.ops().sparse.segmentSqrtN(q, ints(0, 1), ints(0, 0))));
    // tf.sparse.segment_sum(tf.constant([200, 100, 3], tf.uint8), [0, 1, 2], [0, 0, 1]) -> [44, 3] (300 wraps)
    Value u = g.constant(Tensor.ofUint8(200, 100, 3));
    assertEquals("[44, 3]", runFirst(g, g.ops().sparse.segmentSum(u, ints(0, 1, 2), ints(0, 0, 1))));
  }
}
