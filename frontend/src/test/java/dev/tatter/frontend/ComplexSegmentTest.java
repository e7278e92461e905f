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
 * {@code segment_sum}/{@code segment_prod} and their unsorted forms, and {@code sparse.reduce_sum}, on complex64 and complex128,
 * through {@link Harness#runEverywhere}: TF registers these complex kernels, and the sorted
 * {@code segment_mean} (and no complex min or max). An empty segment is the identity, 0j or (1+0j), sorted or not; a
 * sorted op copies a segment of one row, so a segment of (-0-0j) alone stays (-0-0j), and folds a longer one
 * from the identity, as Eigen's reducers do.
 */
class ComplexSegmentTest {
  private final GraphBuilder g = new GraphBuilder();
  private final Ops tf = g.ops();
  // data = [1+2j, 3-1j, 0.5j, -1+0j, 2+2j]
  private static final Tensor DATA = Tensor.ofComplex128(1, 2, 3, -1, 0, 0.5, -1, 0, 2, 2);

  private List<Object> run(Value... outputs) {
    return Harness.runEverywhere(g.build(outputs), Map.of());
  }

  @Test
  void sortedSumAndProd_emptySegmentIsTheIdentity() {
    Value d = g.constant(DATA);
    Value ids = g.constant(Tensor.ofLongs(0, 0, 2, 2, 2));
    List<Object> out = run(tf.math.segmentSum(d, ids), tf.math.segmentProd(d, ids));
    // tf.math.segment_sum(data, [0, 0, 2, 2, 2]) -> [(4+1j), 0j, (1+2.5j)]
    assertEquals("[(4+1j), 0j, (1+2.5j)]", out.get(0).toString());
    // tf.math.segment_prod(data, [0, 0, 2, 2, 2]): (1+2j)(3-1j) = (5+5j); 0.5j * (-1+0j) = (-0-0.5j),
    // times (2+2j) = (1-1j); the empty segment is SegmentProd's default value (1+0j) -> [(5+5j), (1+0j), (1-1j)]
    assertEquals("[(5+5j), (1+0j), (1-1j)]", out.get(1).toString());
    assertEquals(DType.COMPLEX128, ((Tensor) out.get(0)).dtype());
  }

  @Test
  void unsortedSumAndProd_negativeIdsDrop_emptySegmentIsIdentity_complex64() {
    Value d = g.constant(Tensor.ofComplex64(1, 2, 3, -1, 0, 0.5f, -1, 0, 2, 2));
    Value ids = g.constant(Tensor.ofLongs(2, -1, 0, 2, 0));
    Value n = g.scalar(DType.INT64, 4);
    List<Object> out = run(tf.math.unsortedSegmentSum(d, ids, n), tf.math.unsortedSegmentProd(d, ids, n));
    // tf.math.unsorted_segment_sum(data, [2, -1, 0, 2, 0], 4) -> [(2+2.5j), 0j, (0+2j), 0j]
    assertEquals("[(2+2.5j), 0j, 2j, 0j]", out.get(0).toString());
    // tf.math.unsorted_segment_prod(...): segment 0: 0.5j * (2+2j) = (-1+1j); segment 2: (1+2j)(-1+0j) = (-1-2j);
    // segments 1 and 3 are empty: (1+0j)
    assertEquals("[(-1+1j), (1+0j), (-1-2j), (1+0j)]", out.get(1).toString());
    assertEquals(DType.COMPLEX64, ((Tensor) out.get(0)).dtype());
  }

  @Test
  void sortedSum_keepsNegativeZeroPartsOfASegment_unsortedDoesNot() {
    // tf.math.segment_sum([-0-0j, 1-0j, -0+0j], [0, 1, 1]) -> [(-0-0j), (1+0j)]
    // (TF's sorted kernel copies a one-row segment; -0.0 + 0.0 is 0.0)
    Value d = g.constant(Tensor.ofComplex128(-0.0, -0.0, 1, -0.0, -0.0, 0));
    Value ids = g.constant(Tensor.ofLongs(0, 1, 1));
    Value n = g.scalar(DType.INT64, 2);
    List<Object> out = run(tf.math.segmentSum(d, ids), tf.math.unsortedSegmentSum(d, ids, n));
    Tensor sorted = (Tensor) out.get(0);
    assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(sorted.real(0)));
    assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(sorted.imag(0)));
    assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(sorted.imag(1)));
    // tf.math.unsorted_segment_sum starts every segment from 0j: 0 + -0 = 0 -> [0j, (1+0j)]
    Tensor unsorted = (Tensor) out.get(1);
    assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(unsorted.real(0)));
    assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(unsorted.imag(0)));
  }

  @Test
  void sortedOps_copyAOneRowSegment_foldALongerOneFromTheIdentity() {
    // tf.math.segment_prod([1+infj], [0]) -> [(1+infj)]: the row, not (1+0j) * (1+infj) = (nan+infj)
    Value inf = g.constant(Tensor.ofComplex128(1, Double.POSITIVE_INFINITY));
    // tf.math.segment_sum([-0-0j, -0-0j], [0, 0]) -> [0j]: Eigen's sum from 0j; a one-row mean is the row:
    // tf.math.segment_mean([-0-0j], [0]) -> [(-0-0j)] (dividing by (1+0j) would give (-0+0j))
    Value zeros = g.constant(Tensor.ofComplex128(-0.0, -0.0, -0.0, -0.0));
    Value zero = g.constant(Tensor.ofComplex128(-0.0, -0.0));
    List<Object> out = run(tf.math.segmentProd(inf, g.constant(Tensor.ofLongs(0))), tf.math.segmentSum(zeros, g.constant(Tensor.ofLongs(0, 0))),
        tf.math.segmentMean(zero, g.constant(Tensor.ofLongs(0))));
    assertEquals("[(1+infj)]", out.get(0).toString());
    Tensor sum = (Tensor) out.get(1);
    assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(sum.real(0)));
    assertEquals(Double.doubleToRawLongBits(0.0), Double.doubleToRawLongBits(sum.imag(0)));
    Tensor mean = (Tensor) out.get(2);
    assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(mean.real(0)));
    assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(mean.imag(0)));
  }

  @Test
  void matrixRows_reduceVectorByVector() {
    // tf.math.segment_sum([[1+1j, 2j], [3+0j, -1-1j], [5j, 1+0j]], [0, 0, 1]) -> [[(4+1j), (-1+1j)], [5j, (1+0j)]]
    Value d = g.constant(Tensor.ofComplex128(1, 1, 0, 2, 3, 0, -1, -1, 0, 5, 1, 0).reshape(3, 2));
    List<Object> out = run(tf.math.segmentSum(d, g.constant(Tensor.ofLongs(0, 0, 1))));
    assertEquals("[[(4+1j), (-1+1j)], [5j, (1+0j)]]", out.get(0).toString());
  }

  @Test
  void sortedMean_dividesByComplexCount_emptySegmentIsZero() {
    // tf.math.segment_mean([1+2j, 3-1j, 0.5j], [0, 0, 2]) -> [(2+0.5j), 0j, 0.5j]
    // ((4+1j) / (2+0j) by Eigen's complex division; SegmentMean fills an empty segment with 0)
    Value d = g.constant(Tensor.ofComplex128(1, 2, 3, -1, 0, 0.5));
    List<Object> out = run(tf.math.segmentMean(d, g.constant(Tensor.ofLongs(0, 0, 2))));
    assertEquals("[(2+0.5j), 0j, 0.5j]", out.get(0).toString());
  }

  @Test
  void sparseReduceSum_denseAndSparseResults_complex64() {
    // st = tf.sparse.SparseTensor([[0, 0], [0, 2], [2, 1]], tf.constant([1+2j, 3-1j, 0.5j], tf.complex64), [3, 3])
    Value st = g.sparseTensor(new long[][] {{0, 0}, {0, 2}, {2, 1}}, Tensor.ofComplex64(1, 2, 3, -1, 0, 0.5f), 3, 3);
    List<Object> out = run(tf.sparse.reduceSum(st, new long[] {1}, false), tf.sparse.reduceSum(st), tf.sparse.reduceSum(st, new long[] {1}, false, true));
    // tf.sparse.reduce_sum(st, axis=1) -> [(4+1j), 0j, 0.5j] (a row without entries is 0j)
    assertEquals("[(4+1j), 0j, 0.5j]", out.get(0).toString());
    // tf.sparse.reduce_sum(st) -> (4+1.5j)
    assertEquals("(4+1.5j)", out.get(1).toString());
    // tf.sparse.reduce_sum(st, axis=1, output_is_sparse=True): entries at rows 0 and 2 only
    dev.tatter.runtime.SparseTensor sparse = (dev.tatter.runtime.SparseTensor) out.get(2);
    assertEquals("[(4+1j), 0.5j]", sparse.values().toString());
    assertEquals(DType.COMPLEX64, sparse.dtype());
  }

  @Test
  void sparseReduceMax_onComplex_refusedAtBuildTime() {
    Value st = g.sparseTensor(new long[][] {{0}}, Tensor.ofComplex128(1, 2), 2);
    // TF registers SparseReduceMax for real types only
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> tf.sparse.reduceMax(st, new long[] {0}, false));
    assertTrue(e.getMessage().contains("not on complex128"), e.getMessage());
  }

  @Test
  void orderAndDivisionSegments_onComplex_refusedAtBuildTime() {
    Value d = g.constant(DATA);
    Value ids = g.constant(Tensor.ofLongs(0, 0, 1, 1, 1));
    // TF registers no complex SegmentMax/UnsortedSegmentMin (no order on complex numbers)
    GraphBuildException max = assertThrows(GraphBuildException.class, () -> tf.math.segmentMax(d, ids));
    assertTrue(max.getMessage().contains("segment_max is not defined on complex128"), max.getMessage());
    // tf.math.unsorted_segment_mean divides by maximum(count, 1), and TF has no complex Maximum
    GraphBuildException mean = assertThrows(GraphBuildException.class,
        () -> tf.math.unsortedSegmentMean(d, ids, g.scalar(DType.INT64, 2)));
    assertTrue(mean.getMessage().contains("unsorted_segment_mean is not defined on complex128"), mean.getMessage());
  }
}
