package dev.tatter.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.codegen.testing.BitExact;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/** The bit-exact comparison catches what {@code ==} and {@link Tensor#equals} let through. */
class BitExactTest {
  private static final float OTHER_NAN = Float.intBitsToFloat(0x7fc00001);

  @Test
  void aSignFlippedZero_isADifference_namingTheIndexAndBothBitPatterns() {
    Tensor expected = Tensor.of(DType.FLOAT32, new float[] {1f, 2f, 0f, 4f}, 2, 2);
    Tensor flipped = Tensor.of(DType.FLOAT32, new float[] {1f, 2f, -0f, 4f}, 2, 2);
    AssertionFailedError e = assertThrows(AssertionFailedError.class,
        () -> BitExact.assertSameBits(expected, flipped, "interpreter vs bytecode"));
    assertEquals("interpreter vs bytecode: float32 element 2 (index [1, 0]): expected 0.0 (0x00000000), got -0.0 (0x80000000)",
        e.getMessage());
  }

  @Test
  void float64_comparesRawBits() {
    String d = BitExact.difference(Tensor.ofDoubles(-0.0), Tensor.ofDoubles(0.0));
    assertEquals("float64 element 0 (index [0]): expected -0.0 (0x8000000000000000), got 0.0 (0x0000000000000000)", d);
    assertNull(BitExact.difference(Tensor.ofDoubles(Double.NaN, -0.0), Tensor.ofDoubles(Double.NaN, -0.0)));
  }

  @Test
  void twoNaNsWithDifferentBits_areOneValue_butANaNIsNoNumber() {
    // the JVM does not specify which NaN an operation returns (HotSpot's interpreter and its
    // compiled SSE code give 0x7fc00000 and 0xffc00000 for inf - inf), so the sign and payload of
    // a NaN are not part of a result; that it is a NaN is
    assertNull(BitExact.difference(Tensor.ofFloats(Float.NaN), Tensor.ofFloats(OTHER_NAN)));
    assertNull(BitExact.difference(Tensor.ofFloats(Float.NaN), Tensor.ofFloats(Float.intBitsToFloat(0xffc00000))));
    assertTrue(BitExact.difference(Tensor.ofFloats(Float.NaN), Tensor.ofFloats(0f)).contains("expected NaN (0x7fc00000), got 0.0 (0x00000000)"));
    assertTrue(BitExact.difference(Tensor.ofDoubles(1.0), Tensor.ofDoubles(Double.NaN)).contains("expected 1.0"));
  }

  @Test
  void aDifferenceInsideARaggedValueOrASparseValue_namesWhereItIs() {
    RowPartition p = RowPartition.fromRowSplits(new long[] {0, 2, 3}, DType.INT64, true);
    RaggedTensor a = RaggedTensor.of(Tensor.ofFloats(1f, 0f, 3f), p);
    RaggedTensor b = RaggedTensor.of(Tensor.ofFloats(1f, -0f, 3f), p);
    assertEquals("[1].values: float32 element 1 (index [1]): expected 0.0 (0x00000000), got -0.0 (0x80000000)",
        BitExact.difference(List.of(a, a), List.of(a, b)));
    RaggedTensor otherSplits = RaggedTensor.of(Tensor.ofFloats(1f, 0f, 3f),
        RowPartition.fromRowSplits(new long[] {0, 1, 3}, DType.INT64, true));
    assertTrue(BitExact.difference(a, otherSplits).startsWith(".partition: expected "), BitExact.difference(a, otherSplits));

    SparseTensor s = SparseTensor.of(new long[][] {{0, 1}}, Tensor.ofDoubles(0.0), 2, 2);
    SparseTensor t = SparseTensor.of(new long[][] {{0, 1}}, Tensor.ofDoubles(-0.0), 2, 2);
    assertTrue(BitExact.difference(s, t).startsWith(".values: float64 element 0"), BitExact.difference(s, t));
  }

  @Test
  void dtypeShapeAndIntegerElements_areCompared() {
    assertEquals("expected dtype int32, got int64", BitExact.difference(Tensor.ofInts(1), Tensor.ofLongs(1)));
    assertEquals("expected shape [2], got [1, 2]",
        BitExact.difference(Tensor.ofInts(1, 2), Tensor.of(DType.INT32, new int[] {1, 2}, 1, 2)));
    assertEquals("int32 element 1 (index [1]): expected 2 (0x2), got -1 (0xffffffffffffffff)",
        BitExact.difference(Tensor.ofInts(1, 2), Tensor.ofInts(1, -1)));
    assertEquals("expected 2 values, got 1", BitExact.difference(List.of(1, 2), List.of(1)));
    assertNull(BitExact.difference(List.of(Tensor.ofStrings("a"), Tensor.ofBools(true)),
        List.of(Tensor.ofStrings("a"), Tensor.ofBools(true))));
    assertTrue(BitExact.difference(Tensor.ofBools(true), Tensor.ofBools(false)).contains("expected true, got false"));
  }

  @Test
  void boxedFloats_compareRawBits() {
    assertNull(BitExact.difference(0.0f, 0.0f));
    assertEquals("expected 0.0 (0x00000000), got -0.0 (0x80000000)", BitExact.difference(0.0f, -0.0f));
    assertTrue(BitExact.difference(1.0, 1.0f).startsWith("expected a Double (1.0), got a Float"));
  }
}
