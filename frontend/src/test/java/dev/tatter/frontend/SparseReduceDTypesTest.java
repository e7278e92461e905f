package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.ElementStorage;
import dev.tatter.runtime.Tensor;
import org.junit.jupiter.api.Test;

/**
 * tf.sparse.reduce_sum / reduce_max on the unsigned and 16-bit float dtypes TF registers them for:
 * unsigned values compare unsigned (uint64 above 2^63 included), sums wrap in their width.
 */
class SparseReduceDTypesTest {
  private final GraphBuilder g = new GraphBuilder();
  private final Ops tf = g.ops();

  private String run(Value out) {
    return Harness.runEverywhere(g.build(out), java.util.Map.of()).get(0).toString();
  }

  private Value vector(DType dtype, Object values, int n) {
    long[][] idx = new long[n][];
    for (int i = 0; i < n; i++) {
      idx[i] = new long[] {0, i};
    }
    return g.sparseTensor(idx, Tensor.of(dtype, values, n), 1, n);
  }

  @Test
  void reduceMax_ofUint64AboveTwoToThe63_comparesUnsigned() {
    // tf.sparse.reduce_max(tf.sparse.SparseTensor([[0, 0], [0, 1], [0, 2]], tf.constant([7, 2**63 + 5, 2**64 - 1], tf.uint64), [1, 3]), 1)
    //   -> [18446744073709551615]; with [7, 2**63 + 5] alone -> [9223372036854775813]
    Value all = vector(DType.UINT64, new long[] {7, Long.MIN_VALUE + 5, -1L}, 3);
    assertEquals("[18446744073709551615]", run(tf.sparse.reduceMax(all, new long[] {1}, false)));
    Value two = vector(DType.UINT64, new long[] {7, Long.MIN_VALUE + 5}, 2);
    assertEquals("[9223372036854775813]", run(tf.sparse.reduceMax(two, new long[] {1}, false)));
    // reduce_max(..., output_is_sparse=True) reads the same loop
    assertEquals("SparseTensor(indices=[[0]], values=[9223372036854775813], dense_shape=[1])",
        run(tf.sparse.reduceMax(two, new long[] {1}, false, true)));
  }

  @Test
  void reduceMaxAndSum_ofNarrowUnsigned_zeroExtendAndWrap() {
    // tf.sparse.reduce_max(SparseTensor(..., tf.constant([200, 3], tf.uint8), [1, 2]), 1) -> [200]; reduce_sum -> [203]
    Value u8 = vector(DType.UINT8, new byte[] {(byte) 200, 3}, 2);
    assertEquals("[200]", run(tf.sparse.reduceMax(u8, new long[] {1}, false)));
    assertEquals("[203]", run(tf.sparse.reduceSum(u8, new long[] {1}, false)));
    // uint8 200 + 100 wraps to 44, as TF's uint8 sum does
    assertEquals("[44]", run(tf.sparse.reduceSum(vector(DType.UINT8, new byte[] {(byte) 200, 100}, 2), new long[] {1}, false)));
    // tf.constant([65535, 1], tf.uint16) max -> 65535; tf.constant([4294967295, 1], tf.uint32) max -> 4294967295
    assertEquals("[65535]", run(tf.sparse.reduceMax(vector(DType.UINT16, new short[] {-1, 1}, 2), new long[] {1}, false)));
    assertEquals("[4294967295]", run(tf.sparse.reduceMax(vector(DType.UINT32, new int[] {-1, 1}, 2), new long[] {1}, false)));
    // int8 keeps its sign: max([-100, -3]) -> -3, sum([100, 100]) wraps to -56
    assertEquals("[-3]", run(tf.sparse.reduceMax(vector(DType.INT8, new byte[] {-100, -3}, 2), new long[] {1}, false)));
    assertEquals("[-56]", run(tf.sparse.reduceSum(vector(DType.INT8, new byte[] {100, 100}, 2), new long[] {1}, false)));
  }

  @Test
  void reduceSum_ofFloat16_roundsEachStep() {
    short[] bits = {ElementStorage.toFloat16(2048f), ElementStorage.toFloat16(1f), ElementStorage.toFloat16(1f)};
    // float16: 2048 + 1 rounds (to even) back to 2048 at each step, so the sum is 2048 (in float it would be 2050);
    // tf.sparse.reduce_sum(SparseTensor(..., tf.constant([2048, 1, 1], tf.float16), [1, 3]), 1) -> [2048.]
    assertEquals("[2048.0]", run(tf.sparse.reduceSum(vector(DType.FLOAT16, bits, 3), new long[] {1}, false)));
    short[] small = {ElementStorage.toFloat16(1.5f), ElementStorage.toFloat16(-0.5f)};
    assertEquals("[1.5]", run(tf.sparse.reduceMax(vector(DType.FLOAT16, small, 2), new long[] {1}, false)));
    assertEquals("[1.0]", run(tf.sparse.reduceSum(vector(DType.FLOAT16, small, 2), new long[] {1}, false)));
  }

  @Test
  void reductions_ofBoolOrString_areRefusedAtBuildTime() {
    Value b = g.sparseTensor(new long[][] {{0}}, Tensor.ofBools(true), 2);
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> tf.sparse.reduceSum(b, new long[] {0}, false));
    assertTrue(e.getMessage().contains("sparse_reduce_sum is defined on floating and integer, not on bool"), e.getMessage());
  }
}
