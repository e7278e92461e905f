package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * uint8, uint16, uint32 and uint64 through the builder, the text IR, the interpreter, the
 * optimizer and verified bytecode ({@link Harness#runEverywhere}). Expected values are TF's, each
 * after the TF call that gives it (C++'s unsigned arithmetic: wrapping modulo 2^bits, unsigned
 * division and order; TF prints uint64 values above 2^63 as they are).
 */
class UnsignedDTypesTest {
  private final GraphBuilder g = new GraphBuilder();
  private final Ops tf = g.ops();

  private List<Object> run(Map<String, ?> feeds, Value... outputs) {
    return Harness.runEverywhere(g.build(outputs), feeds);
  }

  @Test
  void arithmeticWrapsModuloTheWidth() {
    Value a = g.placeholder("a", Types.dense(DType.UINT8, -1));
    Value b = g.placeholder("b", Types.dense(DType.UINT8, -1));
    Map<String, Tensor> feeds = Map.of("a", Tensor.ofUint8(250, 3, 200, 255), "b", Tensor.ofUint8(10, 5, 2, 255));
    List<Object> out = run(feeds, a.add(b), a.sub(b), a.mul(b));
    // tf.constant([250, 3, 200, 255], tf.uint8) + tf.constant([10, 5, 2, 255], tf.uint8) -> [4, 8, 202, 254]
    assertEquals("[4, 8, 202, 254]", out.get(0).toString());
    // tf.constant([250, 3, 200, 255], tf.uint8) - tf.constant([10, 5, 2, 255], tf.uint8) -> [240, 254, 198, 0]
    assertEquals("[240, 254, 198, 0]", out.get(1).toString());
    // tf.constant([250, 3, 200, 255], tf.uint8) * tf.constant([10, 5, 2, 255], tf.uint8) -> [196, 15, 144, 1]
    assertEquals("[196, 15, 144, 1]", out.get(2).toString());

    Value c = g.placeholder("c", Types.dense(DType.UINT32, -1));
    Value d = g.placeholder("d", Types.dense(DType.UINT32, -1));
    out = run(Map.of("c", Tensor.ofUint32(4294967295L, 0), "d", Tensor.ofUint32(1, 1)), c.add(d), c.sub(d), c.mul(c));
    // tf.constant([4294967295, 0], tf.uint32) + 1 -> [0, 1]; - 1 -> [4294967294, 4294967295]
    assertEquals("[0, 1]", out.get(0).toString());
    assertEquals("[4294967294, 4294967295]", out.get(1).toString());
    // tf.constant([4294967295, 0], tf.uint32) ** 2 as a product: (2^32 - 1)^2 mod 2^32 -> [1, 0]
    assertEquals("[1, 0]", out.get(2).toString());
  }

  @Test
  void uint64_dividesComparesAndPrintsAsUnsigned() {
    Value a = g.placeholder("a", Types.dense(DType.UINT64, -1));
    Value b = g.placeholder("b", Types.dense(DType.UINT64, -1));
    long max = -1L; // 2^64 - 1
    Map<String, Tensor> feeds = Map.of("a", Tensor.ofUint64(max, Long.MIN_VALUE, 7), "b", Tensor.ofUint64(3, 1, max));
    List<Object> out = run(feeds, a, a.floordiv(b), a.mod(b), a.gt(b), a.lt(b), tf.math.maximum(a, b), tf.math.minimum(a, b), a.div(b));
    // tf.constant([2**64 - 1, 2**63, 7], tf.uint64) -> [18446744073709551615, 9223372036854775808, 7]
    assertEquals("[18446744073709551615, 9223372036854775808, 7]", out.get(0).toString());
    // tf.math.floordiv(a, tf.constant([3, 1, 2**64 - 1], tf.uint64)) -> [6148914691236517205, 9223372036854775808, 0]
    assertEquals("[6148914691236517205, 9223372036854775808, 0]", out.get(1).toString());
    // tf.math.floormod(a, b) -> [0, 0, 7]
    assertEquals("[0, 0, 7]", out.get(2).toString());
    // tf.greater(a, b) -> [True, True, False]; tf.less(a, b) -> [False, False, True]
    assertEquals("[True, True, False]", out.get(3).toString());
    assertEquals("[False, False, True]", out.get(4).toString());
    // tf.maximum(a, b) -> [18446744073709551615, 9223372036854775808, 18446744073709551615]
    assertEquals("[18446744073709551615, 9223372036854775808, 18446744073709551615]", out.get(5).toString());
    // tf.minimum(a, b) -> [3, 1, 7]
    assertEquals("[3, 1, 7]", out.get(6).toString());
    // tf.raw_ops.Div(x=a, y=b) (integers truncate; unsigned, so as floordiv) -> [6148914691236517205, 9223372036854775808, 0]
    assertEquals("[6148914691236517205, 9223372036854775808, 0]", out.get(7).toString());
  }

  @Test
  void divisionByZero_isTfsError() {
    Value a = g.placeholder("a", Types.dense(DType.UINT16, -1));
    dev.tatter.ir.Graph graph = g.build(a.floordiv(g.constant(Tensor.ofUint16(0))));
    InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
        () -> dev.tatter.codegen.BytecodeCompiler.compile(graph).run(Map.of("a", Tensor.ofUint16(1))));
    // tf.math.floordiv(tf.constant([1], tf.uint16), tf.constant([0], tf.uint16)) -> InvalidArgumentError: Integer division by zero
    assertTrue(e.getMessage().contains("Integer division by zero"), e.getMessage());
  }

  @Test
  void truediv_castsToTfsFloat() {
    Value a = g.constant(Tensor.ofUint8(7, 255));
    Value b = g.constant(Tensor.ofUint8(2, 0));
    Value c = g.constant(Tensor.ofUint64(-1L));
    List<Object> out = run(Map.of(), a.truediv(b), c.truediv(g.constant(Tensor.ofUint64(1))));
    // tf.constant([7, 255], tf.uint8) / tf.constant([2, 0], tf.uint8) -> float32 [3.5, inf]
    assertEquals(DType.FLOAT32, ((Tensor) out.get(0)).dtype());
    assertEquals("[3.5, inf]", out.get(0).toString());
    // tf.constant([2**64 - 1], tf.uint64) / tf.constant([1], tf.uint64) -> float64 [1.8446744073709552e+19]
    assertEquals(DType.FLOAT64, ((Tensor) out.get(1)).dtype());
    assertEquals("[1.8446744073709552e+19]", out.get(1).toString());
  }

  @Test
  void casts_followTfOnX86() {
    Value i = g.constant(Tensor.ofInts(-1, 256, 65537));
    Value f = g.constant(Tensor.ofFloats(300.7f, -1.5f, Float.NaN, 1e10f, 5e9f, 1.8e19f, 3e19f));
    Value u = g.constant(Tensor.ofUint64(-1L, Long.MIN_VALUE));
    List<Object> out = run(Map.of(), i.cast(DType.UINT8), i.cast(DType.UINT16), i.cast(DType.UINT64),
        f.cast(DType.UINT8), f.cast(DType.UINT32), f.cast(DType.UINT64),
        u.cast(DType.INT64), u.cast(DType.FLOAT32), u.cast(DType.FLOAT64), u.cast(DType.UINT8), u.cast(DType.BOOL));
    // tf.cast(tf.constant([-1, 256, 65537]), tf.uint8) -> [255, 0, 1]; tf.uint16 -> [65535, 256, 1]
    assertEquals("[255, 0, 1]", out.get(0).toString());
    assertEquals("[65535, 256, 1]", out.get(1).toString());
    // tf.cast(tf.constant([-1, 256, 65537]), tf.uint64) -> [18446744073709551615, 256, 65537] (sign-extended)
    assertEquals("[18446744073709551615, 256, 65537]", out.get(2).toString());
    // tf.cast(tf.constant([300.7, -1.5, nan, 1e10, 5e9, 1.8e19, 3e19]), tf.uint8) on x86 (TF 2.18, measured by the
    // -Ptf oracle): the int32 conversion (NaN and out of range -> INT_MIN), clamped to [0, 255]
    assertEquals("[255, 0, 0, 0, 0, 0, 0]", out.get(3).toString());
    // tf.cast(..., tf.uint32): exact in range, -1.5 -> -1 wraps, NaN and out of range -> 2^31
    assertEquals("[300, 4294967295, 2147483648, 2147483648, 2147483648, 2147483648, 2147483648]", out.get(4).toString());
    // tf.cast(..., tf.uint64) on x86: 300, -1 wraps to 2^64 - 1, NaN -> 2^63,
    // 1e10, 5e9 exact, 1.8e19 is 18000000404716257280 as a float, 3e19 (above 2^64) -> 2^63
    assertEquals("[300, 18446744073709551615, 9223372036854775808, 10000000000, 5000000000, 18000000404716257280,"
        + " 9223372036854775808]", out.get(5).toString());
    // tf.cast(tf.constant([2**64 - 1, 2**63], tf.uint64), tf.int64) -> [-1, -9223372036854775808]
    assertEquals("[-1, -9223372036854775808]", out.get(6).toString());
    // tf.cast(..., tf.float32) -> [1.8446744e+19, 9.223372e+18]; tf.float64 -> [1.8446744073709552e+19, 9.223372036854776e+18]
    assertEquals("[1.8446744e+19, 9.223372e+18]", out.get(7).toString());
    assertEquals("[1.8446744073709552e+19, 9.223372036854776e+18]", out.get(8).toString());
    // tf.cast(..., tf.uint8) -> [255, 0]; tf.cast(..., tf.bool) -> [True, True]
    assertEquals("[255, 0]", out.get(9).toString());
    assertEquals("[True, True]", out.get(10).toString());
  }

  @Test
  void reductions_denseAndRagged() {
    Value a = g.constant(Tensor.ofUint8(200, 100, 255));
    Value u = g.constant(Tensor.ofUint64(1, -1L, Long.MIN_VALUE));
    Value w = g.constant(Tensor.ofUint32(4294967295L, 7));
    List<Object> out = run(Map.of(), a.reduceSum(), a.reduceMean(), a.reduceMax(), u.reduceMax(), u.reduceMin(),
        w.reduceMin(), u.reduceSum(), g.constant(Tensor.ofUint16(256, 256)).reduceProd(), u.reduceMean());
    // tf.reduce_sum(tf.constant([200, 100, 255], tf.uint8)) -> 43 (555 mod 256)
    assertEquals("43", out.get(0).toString());
    // tf.reduce_mean(tf.constant([200, 100, 255], tf.uint8)) -> 185 (summed in uint64: 555 // 3)
    assertEquals("185", out.get(1).toString());
    // tf.reduce_max(...uint8) -> 255
    assertEquals("255", out.get(2).toString());
    // tf.reduce_max(tf.constant([1, 2**64 - 1, 2**63], tf.uint64)) -> 18446744073709551615; reduce_min -> 1
    assertEquals("18446744073709551615", out.get(3).toString());
    assertEquals("1", out.get(4).toString());
    // tf.reduce_min(tf.constant([4294967295, 7], tf.uint32)) -> 7
    assertEquals("7", out.get(5).toString());
    // tf.reduce_sum(tf.constant([1, 2**64 - 1, 2**63], tf.uint64)) -> 2^63 (wraps)
    assertEquals("9223372036854775808", out.get(6).toString());
    // tf.reduce_prod(tf.constant([256, 256], tf.uint16)) -> 0
    assertEquals("0", out.get(7).toString());
    // tf.reduce_mean(tf.constant([1, 2**64 - 1, 2**63], tf.uint64)): the sum wraps to 2^63, // 3 -> 3074457345618258602
    assertEquals("3074457345618258602", out.get(8).toString());
  }

  @Test
  void ragged_elementwiseAndRowReductions() {
    Value rt = tf.ragged.constant(List.of(List.of(250L, 1L), List.of(), List.of(7L)), DType.UINT8, 1);
    Value r64 = tf.ragged.constant(List.of(List.of(1L, -1L), List.of()), DType.UINT64, 1);
    List<Object> out = run(Map.of(), rt.add(g.scalar(DType.UINT8, 10)), rt.reduceMax(1), r64.reduceMax(1),
        r64.reduceMin(1), rt.reduceMean(1));
    // tf.ragged.constant([[250, 1], [], [7]], dtype=tf.uint8) + 10 -> [[4, 11], [], [17]]
    assertEquals("[[4, 11], [], [17]]", out.get(0).toString());
    // tf.reduce_max(rt, axis=1) -> [250, 0, 7] (an empty row starts at uint8's lowest, 0)
    assertEquals("[250, 0, 7]", out.get(1).toString());
    // tf.reduce_max(tf.ragged.constant([[1, 2**64 - 1], []], dtype=tf.uint64), axis=1) -> [18446744073709551615, 0]
    assertEquals("[18446744073709551615, 0]", out.get(2).toString());
    // tf.reduce_min(..., axis=1) -> [1, 18446744073709551615] (an empty row starts at uint64's highest)
    assertEquals("[1, 18446744073709551615]", out.get(3).toString());
    // tf.reduce_mean(rt, axis=1) -> float32 [125.5, nan, 7.0]
    assertEquals("[125.5, nan, 7.0]", out.get(4).toString());
  }

  @Test
  void opsTfHasNoUnsignedKernelFor_areRefusedAtBuildTime() {
    Value a = g.constant(Tensor.ofUint8(1));
    // tf.math.negative(tf.constant([1], tf.uint8)) -> NotFoundError: no Neg kernel for DT_UINT8
    GraphBuildException e = assertThrows(GraphBuildException.class, a::neg);
    assertTrue(e.getMessage().contains("neg is not defined on uint8"), e.getMessage());
    // tf.math.abs and tf.pow have no unsigned kernels either
    assertThrows(GraphBuildException.class, a::abs);
    assertThrows(GraphBuildException.class, () -> a.pow(a));
    // a row-splits dtype must be int32 or int64, as in TF
    assertThrows(RuntimeException.class, () -> g.indices(DType.UINT32, 1));
  }

  @Test
  void literals_roundTripAndRefuseOutOfRange() {
    String ir = """
        %a = constant() {value = tensor<uint64>[3] [18446744073709551615, 9223372036854775808, 0]} : tensor<uint64>[3]
        %b = constant() {value = tensor<uint8>[2] [255, 0]} : tensor<uint8>[2]
        %c = constant() {value = tensor<uint32>[1] [4294967295]} : tensor<uint32>[1]
        return %a, %b, %c
        """;
    String printed = GraphPrinter.print(GraphParser.parse(ir, "u.tat"));
    assertEquals(printed, GraphPrinter.print(GraphParser.parse(printed, "u.tat")));
    assertTrue(printed.contains("[18446744073709551615, 9223372036854775808, 0]"), printed);
    List<Object> out = Harness.runEverywhere(GraphParser.parse(ir, "u.tat"), Map.of());
    assertEquals("[18446744073709551615, 9223372036854775808, 0]", out.get(0).toString());
    assertEquals("[255, 0]", out.get(1).toString());
    assertEquals("[4294967295]", out.get(2).toString());
    for (String bad : List.of("tensor<uint8>[1] [256]", "tensor<uint8>[1] [-1]", "tensor<uint64>[1] [18446744073709551616]",
        "tensor<uint32>[1] [4294967296]")) {
      String type = bad.substring(0, bad.indexOf(' '));
      Exception e = assertThrows(Exception.class,
          () -> GraphParser.parse("%a = constant() {value = " + bad + "} : " + type + "\nreturn %a\n", "u.tat"));
      assertTrue(e.getMessage().contains("does not fit"), e.getMessage());
    }
  }

  @Test
  void javaValues_rawBitsInAndWidenedOut() {
    Tensor t = Tensor.of(DType.UINT8, new byte[] {(byte) 0xFF, 1}, 2);
    assertEquals(255, t.get(0));
    assertEquals(255L, t.getLong(0));
    assertEquals(Tensor.ofUint8(255, 1), t);
    assertEquals(4294967295L, Tensor.ofUint32(4294967295L).get(0));
    assertEquals(-1L, Tensor.ofUint64(-1L).get(0)); // raw bits
    assertEquals(1.8446744073709552e19, Tensor.ofUint64(-1L).getDouble(0));
    assertThrows(IllegalArgumentException.class, () -> Tensor.ofUint64(-1L).getLong(0));
    assertThrows(IllegalArgumentException.class, () -> Tensor.ofUint8(256));
    assertThrows(IllegalArgumentException.class, () -> Tensor.ofUint16(-1));
    assertThrows(IllegalArgumentException.class, () -> Tensor.ofUint32(1L << 32));
    // a feed of the wrong signedness is refused like any other dtype mismatch
    Value p = g.placeholder("p", Types.dense(DType.UINT8, -1));
    dev.tatter.codegen.CompiledGraph s = dev.tatter.codegen.BytecodeCompiler.compile(g.build(p.add(p)));
    assertThrows(InvalidArgumentException.class, () -> s.run(Map.of("p", Tensor.ofBytes((byte) 1))));
    assertEquals("[254]", s.run(Map.of("p", Tensor.ofUint8(255))).get(0).toString());
  }
  @Test
  void uint64ConstantsAbove2To63_surviveTheDefaultPipeline() {
    // the canonicalizer's `x + 0` / `x * 1` rules read every constant operand; a uint64 past 2^63
    // must be compared by its bits, not refused as a long
    Value a = g.placeholder("a", Types.dense(DType.UINT64, -1));
    Value big = g.constant(Tensor.ofUint64(Long.MIN_VALUE)); // 2^63
    Value bigPlusOne = g.constant(Tensor.ofUint64(Long.MIN_VALUE + 1)); // 2^63 + 1
    List<Object> out = run(Map.of("a", Tensor.ofUint64(1, Long.MIN_VALUE, -1L)), a.add(big), big.mul(a), a.mul(bigPlusOne));
    // tf.constant([1, 2**63, 2**64 - 1], tf.uint64) + tf.constant(2**63, tf.uint64)
    //   -> [9223372036854775809, 0, 9223372036854775807]
    assertEquals("[9223372036854775809, 0, 9223372036854775807]", out.get(0).toString());
    // tf.constant(2**63, tf.uint64) * a -> [9223372036854775808, 0, 9223372036854775808]
    assertEquals("[9223372036854775808, 0, 9223372036854775808]", out.get(1).toString());
    // a * tf.constant(2**63 + 1, tf.uint64) -> [9223372036854775809, 9223372036854775808, 9223372036854775807]
    assertEquals("[9223372036854775809, 9223372036854775808, 9223372036854775807]", out.get(2).toString());
    Value sum = a.add(big);
    try (Session s = new Session(g.build(sum))) {
      assertEquals("[9223372036854775809, 0, 9223372036854775807]",
          s.run(Map.of("a", Tensor.ofUint64(1, Long.MIN_VALUE, -1L)), sum).tensor(0).toString());
    }
  }
}
