package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The integer vocabulary on uint8..uint64 (bitwise ops, shifts, truncatediv, raw Div, square,
 * zeros_like/ones_like, round) through builder, text IR, interpreter, optimizer and bytecode
 * ({@link Harness#runEverywhere}), on each dtype's edge values. Expected values are what TF 2.18's
 * kernels give for the call written above each (C++ unsigned arithmetic modulo 2^bits; a shift
 * amount above width - 1 shifts by width - 1; the -Ptf NewDTypesOracleTest compares the same
 * kernels on random and extreme inputs bit for bit).
 */
class UnsignedElementwiseOpsTest {
  private static final long U64_MAX = -1L; // 18446744073709551615
  private static final long U64_TOP = Long.MIN_VALUE; // 9223372036854775808
  private final GraphBuilder g = new GraphBuilder();
  private final Ops tf = g.ops();

  private List<Object> run(Map<String, ?> feeds, Value... outputs) {
    return Harness.runEverywhere(g.build(outputs), feeds);
  }

  @Test
  void uint8_bitwiseShiftsDivisionAndSquare() {
    Value a = g.placeholder("a", Types.dense(DType.UINT8, -1));
    Value b = g.placeholder("b", Types.dense(DType.UINT8, -1));
    Map<String, Tensor> feeds = Map.of("a", Tensor.ofUint8(240, 255, 1, 3, 128), "b", Tensor.ofUint8(60, 255, 8, 255, 9));
    List<Object> out = run(feeds, tf.bitwise.bitwiseAnd(a, b), tf.bitwise.bitwiseOr(a, b), tf.bitwise.bitwiseXor(a, b), tf.bitwise.invert(a), tf.bitwise.leftShift(a, b),
        tf.bitwise.rightShift(a, b), tf.truncatediv(a, b), tf.rawOps.div(a, b), tf.math.square(a), tf.zerosLike(a), tf.onesLike(a), tf.math.round(a));
    // tf.bitwise.bitwise_and(tf.constant([240, 255, 1, 3, 128], tf.uint8), tf.constant([60, 255, 8, 255, 9], tf.uint8)) -> [48, 255, 0, 3, 0]
    assertEquals("[48, 255, 0, 3, 0]", out.get(0).toString());
    // tf.bitwise.bitwise_or(same) -> [252, 255, 9, 255, 137]
    assertEquals("[252, 255, 9, 255, 137]", out.get(1).toString());
    // tf.bitwise.bitwise_xor(same) -> [204, 0, 9, 252, 137]
    assertEquals("[204, 0, 9, 252, 137]", out.get(2).toString());
    // tf.bitwise.invert(tf.constant([240, 255, 1, 3, 128], tf.uint8)) -> [15, 0, 254, 252, 127]
    assertEquals("[15, 0, 254, 252, 127]", out.get(3).toString());
    // tf.bitwise.left_shift(same) -> [0, 128, 128, 128, 0]: 8, 255 and 9 shift by 7; 240 << 60 is 240 << 7
    assertEquals("[0, 128, 128, 128, 0]", out.get(4).toString());
    // tf.bitwise.right_shift(same) -> [1, 1, 0, 0, 1]: 128 >> 9 is 128 >> 7
    assertEquals("[1, 1, 0, 0, 1]", out.get(5).toString());
    // tf.truncatediv(same) -> [4, 1, 0, 0, 14]; tf.raw_ops.Div(x=..., y=...) -> the same
    assertEquals("[4, 1, 0, 0, 14]", out.get(6).toString());
    assertEquals("[4, 1, 0, 0, 14]", out.get(7).toString());
    // tf.math.square(tf.constant([240, 255, 1, 3, 128], tf.uint8)) -> [0, 1, 1, 9, 0]
    assertEquals("[0, 1, 1, 9, 0]", out.get(8).toString());
    // tf.zeros_like(...) -> [0, 0, 0, 0, 0]; tf.ones_like(...) -> [1, 1, 1, 1, 1]; tf.math.round(...) -> unchanged
    assertEquals("[0, 0, 0, 0, 0]", out.get(9).toString());
    assertEquals("[1, 1, 1, 1, 1]", out.get(10).toString());
    assertEquals("[240, 255, 1, 3, 128]", out.get(11).toString());
    for (Object o : out) {
      assertEquals(DType.UINT8, ((Tensor) o).dtype());
    }
  }

  @Test
  void uint16AndUint32_shiftsClampAtTheirOwnWidth() {
    Value a = g.placeholder("a", Types.dense(DType.UINT16, -1));
    Value b = g.placeholder("b", Types.dense(DType.UINT16, -1));
    Value c = g.placeholder("c", Types.dense(DType.UINT32, -1));
    Value d = g.placeholder("d", Types.dense(DType.UINT32, -1));
    Map<String, Tensor> feeds = Map.of("a", Tensor.ofUint16(1, 65535, 32768), "b", Tensor.ofUint16(16, 1, 65535),
        "c", Tensor.ofUint32(1L, 4294967295L, 2147483648L), "d", Tensor.ofUint32(40L, 4L, 4294967295L));
    List<Object> out = run(feeds, tf.bitwise.leftShift(a, b), tf.bitwise.rightShift(a, b), tf.bitwise.leftShift(c, d), tf.bitwise.rightShift(c, d), tf.bitwise.invert(c));
    // tf.bitwise.left_shift(tf.constant([1, 65535, 32768], tf.uint16), tf.constant([16, 1, 65535], tf.uint16)) -> [32768, 65534, 0]
    assertEquals("[32768, 65534, 0]", out.get(0).toString());
    // tf.bitwise.right_shift(same) -> [0, 32767, 1]
    assertEquals("[0, 32767, 1]", out.get(1).toString());
    // tf.bitwise.left_shift(tf.constant([1, 4294967295, 2147483648], tf.uint32), tf.constant([40, 4, 4294967295], tf.uint32)) -> [2147483648, 4294967280, 0]
    assertEquals("[2147483648, 4294967280, 0]", out.get(2).toString());
    // tf.bitwise.right_shift(same) -> [0, 268435455, 1]
    assertEquals("[0, 268435455, 1]", out.get(3).toString());
    // tf.bitwise.invert(tf.constant([1, 4294967295, 2147483648], tf.uint32)) -> [4294967294, 0, 2147483647]
    assertEquals("[4294967294, 0, 2147483647]", out.get(4).toString());
  }

  @Test
  void uint64_aboveTwoToThe63_isUnsignedEverywhere() {
    Value a = g.placeholder("a", Types.dense(DType.UINT64, -1));
    Value b = g.placeholder("b", Types.dense(DType.UINT64, -1));
    Map<String, Tensor> feeds = Map.of("a", Tensor.ofUint64(U64_MAX, U64_TOP, 3, 4294967296L),
        "b", Tensor.ofUint64(2, U64_MAX, 63, U64_TOP));
    List<Object> out = run(feeds, tf.bitwise.bitwiseAnd(a, b), tf.bitwise.invert(a), tf.bitwise.leftShift(a, b), tf.bitwise.rightShift(a, b), tf.truncatediv(a, b),
        tf.rawOps.div(a, b), tf.math.square(a));
    // tf.bitwise.bitwise_and(tf.constant([18446744073709551615, 9223372036854775808, 3, 4294967296], tf.uint64),
    //                        tf.constant([2, 18446744073709551615, 63, 9223372036854775808], tf.uint64)) -> [2, 9223372036854775808, 3, 0]
    assertEquals("[2, 9223372036854775808, 3, 0]", out.get(0).toString());
    // tf.bitwise.invert(tf.constant([18446744073709551615, 9223372036854775808, 3, 4294967296], tf.uint64))
    //   -> [0, 9223372036854775807, 18446744073709551612, 18446744069414584319]
    assertEquals("[0, 9223372036854775807, 18446744073709551612, 18446744069414584319]", out.get(1).toString());
    // tf.bitwise.left_shift(same) -> [18446744073709551612, 0, 9223372036854775808, 0]: a shift by 2^64-1 or 2^63 is one by 63
    assertEquals("[18446744073709551612, 0, 9223372036854775808, 0]", out.get(2).toString());
    // tf.bitwise.right_shift(same) -> [4611686018427387903, 1, 0, 0]
    assertEquals("[4611686018427387903, 1, 0, 0]", out.get(3).toString());
    // tf.truncatediv(same) -> [9223372036854775807, 0, 0, 0]; tf.raw_ops.Div -> the same
    assertEquals("[9223372036854775807, 0, 0, 0]", out.get(4).toString());
    assertEquals("[9223372036854775807, 0, 0, 0]", out.get(5).toString());
    // tf.math.square(tf.constant([18446744073709551615, 9223372036854775808, 3, 4294967296], tf.uint64)) -> [1, 0, 9, 0]
    assertEquals("[1, 0, 9, 0]", out.get(6).toString());
  }

  @Test
  void raggedUnsignedOperands_mapOverFlatValues() {
    Value r = g.placeholder("r", Types.ragged(DType.UINT8, 1));
    Value s = g.placeholder("s", Types.dense(DType.UINT8, -1, 1));
    RaggedTensor rt = RaggedTensor.of(Tensor.ofUint8(1, 2, 255), RowPartition.fromRowSplits(new long[] {0, 2, 3}, DType.INT64, true));
    List<Object> out = run(Map.of("r", rt, "s", Tensor.wrap(DType.UINT8, new int[] {2, 1}, new byte[] {7, (byte) 200})),
        tf.bitwise.leftShift(r, s), tf.bitwise.bitwiseXor(r, s));
    // tf.bitwise.left_shift(tf.ragged.constant([[1, 2], [255]], tf.uint8), tf.constant([[7], [200]], tf.uint8)) -> [[128, 0], [128]]
    assertEquals("[[128, 0], [128]]", out.get(0).toString());
    // tf.bitwise.bitwise_xor(tf.ragged.constant([[1, 2], [255]], tf.uint8), tf.constant([[7], [200]], tf.uint8)) -> [[6, 5], [55]]
    assertEquals("[[6, 5], [55]]", out.get(1).toString());
  }

  @Test
  void unsignedTruncatingDivisionByZero_failsAsTf() {
    Value a = g.placeholder("a", Types.dense(DType.UINT32, -1));
    Value b = g.placeholder("b", Types.dense(DType.UINT32, -1));
    Value q = tf.truncatediv(a, b);
    Session session = new Session(g.build(q));
    // tf.truncatediv(tf.constant([1], tf.uint32), tf.constant([0], tf.uint32)) -> InvalidArgumentError: Integer division by zero
    InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
        () -> session.run(Map.of("a", Tensor.ofUint32(1L), "b", Tensor.ofUint32(0L)), q));
    assertTrue(e.getMessage().endsWith("Integer division by zero"), e.getMessage());
  }
}
