package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tatter.codegen.testing.BitExact;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.reduce.Reducer;
import dev.tatter.runtime.kernels.reduce.ReductionKernels;
import dev.tatter.runtime.kernels.reduce.RowReductionKernels;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Reductions at the edges of their dtypes: the ragged mean's count taken in int8/int16 (where
 * TF's {@code ones_like} count wraps), sums and maxima of uint16/uint32/uint64 (widened and
 * narrowed by their width), and the kernels' own dtype checks, which the type rules normally
 * make unreachable. Expected values are TF's, written out; compared bit for bit.
 */
class ReductionDTypeEdgesTest {
  private static Object run(Object input, Function<Value, Value> op) {
    GraphBuilder g = new GraphBuilder();
    Value x = input instanceof RaggedTensor rt
        ? g.raggedFromRowSplits(g.constant(rt.flatValues()), g.constant(Tensor.ofLongs(rt.partition().rowSplitsArray())))
        : g.constant((Tensor) input);
    return Harness.runEverywhere(g.build(op.apply(x)), Map.of()).get(0);
  }

  /** One ragged row of {@code n} values, all 1 but the last, which is 0: sum n - 1, count n. */
  private static RaggedTensor oneRowOfOnes(DType dtype, int n) {
    Object values = dtype == DType.INT8 ? new byte[n] : new short[n];
    for (int i = 0; i < n - 1; i++) {
      java.lang.reflect.Array.setByte(values, i, (byte) 1);
    }
    return RaggedTensor.of(Tensor.of(dtype, values, n), RowPartition.fromRowSplits(new long[] {0, n}, DType.INT64, true));
  }

  @Test
  void raggedMean_int8_countWrapsInTheDtype() {
    // tf.reduce_mean(tf.ragged.constant([[1] * 127 + [0]], tf.int8), axis=1): ragged reduce_mean is
    // reduce_sum(rt) / reduce_sum(ones_like(rt)); the int8 count 128 wraps to -128, so 127 / -128 -> [-0.9921875]
    BitExact.assertSameBits(Tensor.ofFloats(127f / -128f), run(oneRowOfOnes(DType.INT8, 128), x -> x.reduceMean(1)), "int8");
  }

  @Test
  void raggedMean_int16_countWrapsInTheDtype() {
    // tf.reduce_mean(tf.ragged.constant([[1] * 32767 + [0]], tf.int16), axis=1) -> 32767 / -32768 = [-0.9999695]
    BitExact.assertSameBits(Tensor.ofFloats(32767f / -32768f), run(oneRowOfOnes(DType.INT16, 32768), x -> x.reduceMean(1)),
        "int16");
  }

  @Test
  void unsigned16And32And64_sumWrapsMaxIsUnsigned() {
    // tf.reduce_sum(tf.constant([65535, 2], tf.uint16)) -> 1; tf.reduce_max(...) -> 65535
    Tensor u16 = Tensor.of(DType.UINT16, new short[] {(short) 65535, 2}, 2);
    BitExact.assertSameBits(Tensor.of(DType.UINT16, new short[] {1}), run(u16, Value::reduceSum), "uint16 sum");
    BitExact.assertSameBits(Tensor.of(DType.UINT16, new short[] {(short) 65535}), run(u16, Value::reduceMax), "uint16 max");
    // tf.reduce_sum(tf.constant([4294967295, 3], tf.uint32)) -> 2; tf.reduce_max(...) -> 4294967295
    Tensor u32 = Tensor.of(DType.UINT32, new int[] {-1, 3}, 2);
    BitExact.assertSameBits(Tensor.of(DType.UINT32, new int[] {2}), run(u32, Value::reduceSum), "uint32 sum");
    BitExact.assertSameBits(Tensor.of(DType.UINT32, new int[] {-1}), run(u32, Value::reduceMax), "uint32 max");
    // tf.reduce_max(tf.constant([2**64 - 1, 3], tf.uint64)) -> 18446744073709551615; reduce_min -> 3
    Tensor u64 = Tensor.of(DType.UINT64, new long[] {-1L, 3}, 2);
    BitExact.assertSameBits(Tensor.of(DType.UINT64, new long[] {-1L}), run(u64, Value::reduceMax), "uint64 max");
    BitExact.assertSameBits(Tensor.of(DType.UINT64, new long[] {3}), run(u64, Value::reduceMin), "uint64 min");
  }

  @Test
  void kernels_refuseDtypesTheyAreNotDefinedOn() {
    // the type rules refuse these at build time; the kernels, public for constant folding, check too
    Tensor strings = Tensor.ofStrings("a", "b");
    assertEquals("reduce_mean is not defined on string", assertThrows(InvalidArgumentException.class,
        () -> ReductionKernels.reduceMean(strings, new long[] {0}, false)).getMessage());
    assertEquals("reduce_sum is not defined on string", assertThrows(InvalidArgumentException.class,
        () -> RowReductionKernels.rows(Reducer.SUM, strings, RowPartition.fromRowSplits(new long[] {0, 2}, DType.INT64, true),
            false)).getMessage());
  }
}
