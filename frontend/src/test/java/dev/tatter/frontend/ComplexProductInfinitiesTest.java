package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Complex product folds whose values have infinite or NaN parts, through {@link
 * Harness#runEverywhere}. TF mixes two products: a scalar step is {@code std::complex}'s, the
 * compiler's C99 Annex G product (libgcc's {@code __mulsc3}/{@code __muldc3}: where the plain
 * {@code (ac - bd) + (ad + bc)i} is {@code nan+nanj}, the infinite parts become ±1, the NaN parts ±0,
 * and the product is taken again times infinity), while Eigen's packets ({@code Packet4cf}, {@code
 * Packet2cd}) multiply plainly. The segment ops, {@code cumprod} and the ragged reductions step
 * element by element; a dense {@code reduce_prod} uses packets for 4 (complex64) or 2 (complex128)
 * values at a time. Each expected value is TF 2's, as -Ptf {@code ComplexProductOracleTest} fetches it.
 */
class ComplexProductInfinitiesTest {
  private static final double INF = Double.POSITIVE_INFINITY;
  private static final double NAN = Double.NaN;
  private final GraphBuilder g = new GraphBuilder();
  private final Ops tf = g.ops();

  private List<Object> run(Value... outputs) {
    return Harness.runEverywhere(g.build(outputs), Map.of());
  }

  @Test
  void segmentProd_recoversTheInfinity_sortedAndUnsorted() {
    // tf.math.segment_prod([1+infj, 1+0j], [0, 0]) -> [(nan+infj)]: (1+0j)(1+infj) = (nan+infj), times
    // (1+0j) plainly (nan+nanj), which __muldc3 recovers: (0 + 1i)(1 + 0i) * inf = (nan+infj)
    Value d = g.constant(Tensor.ofComplex128(1, INF, 1, 0));
    Value ids = g.constant(Tensor.ofLongs(0, 0));
    // tf.math.unsorted_segment_prod([1+infj, 0.5+0.5j], [0, 0], 1) -> [(-inf+infj)] (complex64):
    // (nan+infj) * (0.5+0.5j) recovered as (0 + 1i)(0.5 + 0.5i) * inf = (-inf+infj)
    Value e = g.constant(Tensor.ofComplex64(1, Float.POSITIVE_INFINITY, 0.5f, 0.5f));
    List<Object> out = run(tf.math.segmentProd(d, ids), tf.math.unsortedSegmentProd(e, ids, g.scalar(DType.INT64, 1)));
    assertEquals("[(nan+infj)]", out.get(0).toString());
    assertEquals("[(-inf+infj)]", out.get(1).toString());
  }

  @Test
  void cumprod_stepsByTheAnnexGProduct() {
    // tf.math.cumprod([1+infj, 1+0j, 1+0j]) -> [(nan+infj), (nan+infj), (nan+infj)]: each step recovered as above
    // tf.math.cumprod([inf+nanj, 0j]) -> [(inf+nanj), ...]: (1+0j)(inf+nanj) is nan+nanj plainly,
    // recovered as (1 + 0i)(1 + 0i) * inf = (inf + inf*0 i) = (inf+nanj)
    Value a = g.constant(Tensor.ofComplex128(1, INF, 1, 0, 1, 0));
    Value b = g.constant(Tensor.ofComplex64(Float.POSITIVE_INFINITY, Float.NaN, 0, 0));
    List<Object> out = run(tf.math.cumprod(a, 0), tf.math.cumprod(b, 0));
    assertEquals("[(nan+infj), (nan+infj), (nan+infj)]", out.get(0).toString());
    Tensor first = (Tensor) out.get(1);
    assertEquals(INF, first.real(0));
    assertEquals(true, Double.isNaN(first.imag(0)));
  }

  @Test
  void reduceProd_oneValueIsCopied_packetsMultiplyPlainly() {
    // tf.reduce_prod([1+infj]) -> (1+infj): TF's reduction helper drops the axis of length 1
    Value one = g.constant(Tensor.ofComplex128(1, INF));
    // tf.reduce_prod([1+infj, 1+0j]): complex64, 2 values, shorter than a Packet4cf: a scalar fold
    // -> (nan+infj); complex128, one Packet2cd: lanes (nan+infj) and (1+0j) meet plainly -> (nan+nanj)
    Value two64 = g.constant(Tensor.ofComplex64(1, Float.POSITIVE_INFINITY, 1, 0));
    Value two128 = g.constant(Tensor.ofComplex128(1, INF, 1, 0));
    // tf.reduce_prod([1+0j, 3e38+3e38j, inf+nanj]) (complex128) -> (inf+infj): the packet (1+0j)(3e38+3e38j),
    // the tail (1+0j)(inf+nanj) = (inf+nanj) by __muldc3, and (inf+nanj)(3e38+3e38j) recovered to (inf+infj)
    Value three = g.constant(Tensor.ofComplex128(1, 0, 3e38, 3e38, INF, NAN));
    // tf.reduce_prod([3e38+3e38j, -inf+1j, 3e38+3e38j]) (complex128) -> (nan+nanj): the packet lane
    // (1+0j)(-inf+1j) is (-inf+nanj) plainly, so the lanes' product is nan+nanj, which has no infinity to recover
    Value three2 = g.constant(Tensor.ofComplex128(3e38, 3e38, -INF, 1, 3e38, 3e38));
    List<Object> out = run(one.reduceProd(), two64.reduceProd(), two128.reduceProd(), three.reduceProd(), three2.reduceProd());
    assertEquals("(1+infj)", out.get(0).toString());
    assertEquals("(nan+infj)", out.get(1).toString());
    assertEquals("(nan+nanj)", out.get(2).toString());
    assertEquals("(inf+infj)", out.get(3).toString());
    assertEquals("(nan+nanj)", out.get(4).toString());
  }

  @Test
  void reduceProd_outerAxis_packetColumnsPlain_remainderAnnexG() {
    // tf.reduce_prod([[1+infj, 1+infj, 1+infj], [1+0j, 1+0j, 1+0j]], axis=0) (complex128) ->
    // [(nan+nanj), (nan+nanj), (nan+infj)]: columns 0 and 1 are one Packet2cd, folded plainly from (1+0j);
    // column 2 is a scalar fold by __muldc3
    Value d = g.constant(Tensor.ofComplex128(1, INF, 1, INF, 1, INF, 1, 0, 1, 0, 1, 0).reshape(2, 3));
    List<Object> out = run(d.reduceProd(0));
    assertEquals("[(nan+nanj), (nan+nanj), (nan+infj)]", out.get(0).toString());
  }

  @Test
  void raggedRowProd_isUnsortedSegmentProd() {
    // tf.reduce_prod(tf.ragged.constant([[1+infj, 1+0j], [1+infj]]), axis=1) is
    // tf.math.unsorted_segment_prod(values, [0, 0, 1], 2) -> [(nan+infj), (nan+infj)]: every row from (1+0j),
    // by __muldc3, so a row of one value is (1+0j)(1+infj) = (nan+infj), not a copy
    Value r = g.raggedFromRowSplits(g.constant(Tensor.ofComplex128(1, INF, 1, 0, 1, INF)), g.constant(Tensor.ofLongs(0, 2, 3)));
    List<Object> out = run(r.reduceProd(1));
    assertEquals("[(nan+infj), (nan+infj)]", out.get(0).toString());
  }
}
