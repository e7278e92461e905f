package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import org.junit.jupiter.api.Test;

/** {@code tf.math.cumsum}/{@code cumprod} on float32 (exclusive), float64 and the narrow integers (each has its own loop). */
class ScanDTypesTest {
  @Test
  void float32Exclusive() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.math.cumsum([1., 2., 3.], exclusive=True) -> [0., 1., 3.]
    assertEquals("[0.0, 1.0, 3.0]", runFirst(g, tf.math.cumsum(g.constant(Tensor.ofFloats(1, 2, 3)), 0, true, false)));
    // tf.math.cumprod([2., 3., 4.], exclusive=True) -> [1., 2., 6.]
    assertEquals("[1.0, 2.0, 6.0]", runFirst(g, tf.math.cumprod(g.constant(Tensor.ofFloats(2, 3, 4)), 0, true, false)));
  }

  @Test
  void float64_everyMode_andAnInnerAxis() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value x = g.constant(Tensor.ofDoubles(1, 2, 3));
    // tf.math.cumsum(tf.constant([1., 2., 3.], tf.float64)) -> [1., 3., 6.]; reverse=True -> [6., 5., 3.];
    // exclusive=True, reverse=True -> [5., 3., 0.]
    assertEquals("[1.0, 3.0, 6.0]", runFirst(g, tf.math.cumsum(x, 0)));
    assertEquals("[6.0, 5.0, 3.0]", runFirst(g, tf.math.cumsum(x, 0, false, true)));
    assertEquals("[5.0, 3.0, 0.0]", runFirst(g, tf.math.cumsum(x, 0, true, true)));
    // tf.math.cumprod(tf.constant([1., 2., 3.], tf.float64)) -> [1., 2., 6.]; exclusive=True -> [1., 1., 2.]
    assertEquals("[1.0, 2.0, 6.0]", runFirst(g, tf.math.cumprod(x, 0)));
    assertEquals("[1.0, 1.0, 2.0]", runFirst(g, tf.math.cumprod(x, 0, true, false)));
    // tf.math.cumsum(tf.constant([[1., 2.], [3., 4.]], tf.float64), axis=1) -> [[1., 3.], [3., 7.]]
    assertEquals("[[1.0, 3.0], [3.0, 7.0]]", runFirst(g, tf.math.cumsum(g.constant(Tensor.of(DType.FLOAT64, new double[] {1, 2, 3, 4}, 2, 2)), 1)));
  }

  @Test
  void narrowIntegers_wrapAsTheirDtype() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.math.cumsum(tf.constant([100, 100], tf.int8)) -> [100, -56]
    assertEquals("[100, -56]", runFirst(g, tf.math.cumsum(g.constant(Tensor.ofBytes((byte) 100, (byte) 100)), 0)));
    // tf.math.cumprod(tf.constant([300, 300], tf.int16)) -> [300, 24464] (90000 wraps to 90000 - 65536)
    assertEquals("[300, 24464]", runFirst(g, tf.math.cumprod(g.constant(Tensor.ofShorts((short) 300, (short) 300)), 0)));
  }

  @Test
  void unsignedIntegers_wrapAsTheirDtype() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.math.cumsum(tf.constant([200, 100, 3], tf.uint8)) -> [200, 44, 47]
    assertEquals("[200, 44, 47]", runFirst(g, tf.math.cumsum(g.constant(Tensor.ofUint8(200, 100, 3)), 0)));
    // tf.math.cumprod(tf.constant([300, 300], tf.uint16)) -> [300, 24464]
    assertEquals("[300, 24464]", runFirst(g, tf.math.cumprod(g.constant(Tensor.ofUint16(300, 300)), 0)));
    // tf.math.cumsum(tf.constant([4000000000, 400000000], tf.uint32), exclusive=True, reverse=True) -> [400000000, 0]
    assertEquals("[400000000, 0]", runFirst(g, tf.math.cumsum(g.constant(Tensor.ofUint32(4_000_000_000L, 400_000_000L)), 0, true, true)));
    // tf.math.cumsum(tf.constant([4000000000, 400000000], tf.uint32)) -> [4000000000, 105032704]
    assertEquals("[4000000000, 105032704]", runFirst(g, tf.math.cumsum(g.constant(Tensor.ofUint32(4_000_000_000L, 400_000_000L)), 0)));
    // tf.math.cumsum(tf.constant([2**64 - 1, 2, 2**63], tf.uint64)) -> [18446744073709551615, 1, 9223372036854775809]
    assertEquals("[18446744073709551615, 1, 9223372036854775809]",
        runFirst(g, tf.math.cumsum(g.constant(Tensor.ofUint64(-1L, 2L, Long.MIN_VALUE)), 0)));
    // tf.math.cumprod(tf.constant([2**32, 2**32], tf.uint64)) -> [4294967296, 0]
    assertEquals("[4294967296, 0]", runFirst(g, tf.math.cumprod(g.constant(Tensor.ofUint64(1L << 32, 1L << 32)), 0)));
  }

  @Test
  void sixteenBitFloats_roundEachStep() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // Eigen's scan accumulates in the element type, so 2048 + 1 rounds back to 2048 every step:
    // tf.math.cumsum(tf.constant([2048., 1., 1.], tf.float16)) -> [2048., 2048., 2048.]
    assertEquals("[2048.0, 2048.0, 2048.0]", runFirst(g, tf.math.cumsum(g.constant(Tensor.ofFloat16(2048, 1, 1)), 0)));
    // tf.math.cumsum(tf.constant([256., 1., 1.], tf.bfloat16)) -> [256., 256., 256.]
    assertEquals("[256.0, 256.0, 256.0]", runFirst(g, tf.math.cumsum(g.constant(Tensor.ofBfloat16(256, 1, 1)), 0)));
    // tf.math.cumprod(tf.constant([300., 300., 0.], tf.float16)) -> [300., inf, nan]
    assertEquals("[300.0, inf, nan]", runFirst(g, tf.math.cumprod(g.constant(Tensor.ofFloat16(300, 300, 0)), 0)));
    // tf.math.cumsum(tf.constant([[0.5, 1.5], [0.25, 2.]], tf.float16), axis=0, exclusive=True) -> [[0., 0.], [0.5, 1.5]]
    assertEquals("[[0.0, 0.0], [0.5, 1.5]]", runFirst(g, tf.math.cumsum(g.constant(Tensor.ofFloat16(0.5f, 1.5f, 0.25f, 2f).reshape(2, 2)), 0, true, false)));
  }

  @Test
  void raggedAxis_onUnsignedAndHalfDtypes_fusedWithItsProducer() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value u8 = g.raggedFromRowSplits(g.constant(Tensor.ofUint8(200, 100, 255, 1, 3)), g.constant(Tensor.ofLongs(0, 2, 2, 5)));
    // rt = tf.RaggedTensor.from_row_splits(tf.constant([200, 100, 255, 1, 3], tf.uint8), [0, 2, 2, 5])
    // tf.math.cumsum(rt, axis=1) -> [[200, 44], [], [255, 0, 3]]
    assertEquals("[[200, 44], [], [255, 0, 3]]", runFirst(g, tf.math.cumsum(u8, 1)));
    // tf.math.cumsum(rt + rt, axis=1) -> [[144, 88], [], [254, 0, 6]]
    assertEquals("[[144, 88], [], [254, 0, 6]]", runFirst(g, tf.math.cumsum(u8.add(u8), 1)));
    Value h = g.raggedFromRowSplits(g.constant(Tensor.ofFloat16(1024, 0.5f, 0.5f, 3)), g.constant(Tensor.ofLongs(0, 3, 4)));
    // rt = tf.RaggedTensor.from_row_splits(tf.constant([1024., .5, .5, 3.], tf.float16), [0, 3, 4])
    // tf.math.cumsum(rt * 2, axis=1) -> [[2048., 2048., 2048.], [6.]] (2048 + 1 rounds to 2048 each step)
    assertEquals("[[2048.0, 2048.0, 2048.0], [6.0]]", runFirst(g, tf.math.cumsum(h.mul(g.scalar(DType.FLOAT16, 2)), 1)));
    // tf.math.cumprod(rt, axis=1, reverse=True) -> [[256., 0.25, 0.5], [3.]]
    assertEquals("[[256.0, 0.25, 0.5], [3.0]]", runFirst(g, tf.math.cumprod(h, 1, false, true)));
  }
}
