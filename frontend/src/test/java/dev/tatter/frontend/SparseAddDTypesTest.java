package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code tf.sparse.add} of two sparse tensors on each dtype its kernel takes, through every
 * backend: entries of one operand alone, of both (summed, wrapping in the dtype), and a sum the
 * threshold drops.
 */
class SparseAddDTypesTest {
  // a = SparseTensor([[0, 0], [0, 2], [1, 1]], [100, 3, 7], [2, 3]); b = SparseTensor([[0, 0], [1, 0], [1, 1]], [100, 5, -7], [2, 3])
  private static final long[][] A = {{0, 0}, {0, 2}, {1, 1}};
  private static final long[][] B = {{0, 0}, {1, 0}, {1, 1}};

  private String add(Tensor av, Tensor bv, double threshold) {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value a = g.placeholder("a", SparseType.of(av.dtype(), -1, -1));
    Value b = g.placeholder("b", SparseType.of(av.dtype(), -1, -1));
    Value out = tf.sparse.add(a, b, threshold);
    return Harness.runEverywhere(g.build(out), Map.of("a", SparseTensor.of(A, av, 2, 3), "b", SparseTensor.of(B, bv, 2, 3)))
        .get(0).toString();
  }

  @Test
  void add_everyDType_mergesSumsAndThresholds() {
    // tf.sparse.add(a, b) -> indices [[0, 0], [0, 2], [1, 0], [1, 1]], values [200, 3, 5, 0]
    String all = "SparseTensor(indices=[[0, 0], [0, 2], [1, 0], [1, 1]], values=%s, dense_shape=[2, 3])";
    assertEquals(String.format(all, "[200, 3, 5, 0]"), add(Tensor.ofInts(100, 3, 7), Tensor.ofInts(100, 5, -7), 0));
    assertEquals(String.format(all, "[200, 3, 5, 0]"), add(Tensor.ofLongs(100, 3, 7), Tensor.ofLongs(100, 5, -7), 0));
    assertEquals(String.format(all, "[200, 3, 5, 0]"),
        add(Tensor.ofShorts((short) 100, (short) 3, (short) 7), Tensor.ofShorts((short) 100, (short) 5, (short) -7), 0));
    // int8: 100 + 100 wraps to -56, as TF's sum in the dtype
    assertEquals(String.format(all, "[-56, 3, 5, 0]"),
        add(Tensor.ofBytes((byte) 100, (byte) 3, (byte) 7), Tensor.ofBytes((byte) 100, (byte) 5, (byte) -7), 0));
    assertEquals(String.format(all, "[200.0, 3.0, 5.0, 0.0]"), add(Tensor.ofDoubles(100, 3, 7), Tensor.ofDoubles(100, 5, -7), 0));
    assertEquals(String.format(all, "[200.0, 3.0, 5.0, 0.0]"), add(Tensor.ofFloats(100, 3, 7), Tensor.ofFloats(100, 5, -7), 0));
    // tf.sparse.add(a, b, threshold=1) drops the zero sum at [1, 1]; entries of one operand stay
    assertEquals("SparseTensor(indices=[[0, 0], [0, 2], [1, 0]], values=[200, 3, 5], dense_shape=[2, 3])",
        add(Tensor.ofLongs(100, 3, 7), Tensor.ofLongs(100, 5, -7), 1));
    assertEquals("SparseTensor(indices=[[0, 0], [0, 2], [1, 0]], values=[200.0, 3.0, 5.0], dense_shape=[2, 3])",
        add(Tensor.ofDoubles(100, 3, 7), Tensor.ofDoubles(100, 5, -7), 1));
  }

  @Test
  void add_complex_sumsAndThresholdsByMagnitude() {
    String all = "SparseTensor(indices=[[0, 0], [0, 2], [1, 0], [1, 1]], values=%s, dense_shape=[2, 3])";
    // tf.sparse.add(a, b) with a's values [1+2j, 3j, 7-1j] and b's [1+2j, 5, -7+1j] (complex64 and complex128)
    //   -> values [(2+4j), 3j, (5+0j), 0j]
    Tensor a64 = Tensor.ofComplex64(1, 2, 0, 3, 7, -1);
    Tensor b64 = Tensor.ofComplex64(1, 2, 5, 0, -7, 1);
    assertEquals(String.format(all, "[(2+4j), 3j, (5+0j), 0j]"), add(a64, b64, 0));
    assertEquals(String.format(all, "[(2+4j), 3j, (5+0j), 0j]"),
        add(Tensor.ofComplex128(1, 2, 0, 3, 7, -1), Tensor.ofComplex128(1, 2, 5, 0, -7, 1), 0));
    // tf.sparse.add(a, b, threshold=4.5): |2+4j| = 4.47 < 4.5 and |0j| are dropped -> [3j, (5+0j)]
    assertEquals("SparseTensor(indices=[[0, 2], [1, 0]], values=[3j, (5+0j)], dense_shape=[2, 3])", add(a64, b64, 4.5));
    // tf.sparse.add(a, tf.ones([2, 3], tf.complex64)) -> [[(2+2j), (1+0j), (1+3j)], [(1+0j), (8-1j), (1+0j)]]
    GraphBuilder g = new GraphBuilder();
    Value a = g.placeholder("a", SparseType.of(DType.COMPLEX64, -1, -1));
    Value dense = g.constant(Tensor.ofComplex64(1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0).reshape(2, 3));
    assertEquals("[[(2+2j), (1+0j), (1+3j)], [(1+0j), (8-1j), (1+0j)]]",
        Harness.runEverywhere(g.build(g.ops().sparse.add(a, dense)), Map.of("a", SparseTensor.of(A, a64, 2, 3))).get(0).toString());
  }
}
