package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code tf.bitcast}: TF's shape rules and little-endian bytes, through every backend. */
class BitcastTest {
  private final GraphBuilder g = new GraphBuilder();
  private final Ops tf = g.ops();

  @Test
  void sameWidth_widerAndNarrower_keepEveryBit() {
    // fed, not a constant: constant folding does not promise to keep a NaN's payload
    Value f = g.placeholder("f", Types.dense(DType.FLOAT32, 3));
    Value u = g.constant(Tensor.of(DType.UINT8, new byte[] {0, 0, (byte) 128, 63, 1, 0, 0, 0}, 2, 4));
    Value l = g.constant(Tensor.ofLongs(-1L));
    List<Object> out = Harness.runEverywhere(g.build(tf.bitcast(f, DType.INT32), tf.bitcast(f, DType.UINT16), tf.bitcast(u, DType.FLOAT32),
        tf.bitcast(u, DType.UINT32), tf.bitcast(l, DType.UINT64), tf.bitcast(l, DType.INT8), tf.bitcast(g.constant(Tensor.ofFloat16(1f)), DType.INT16)),
        Map.of("f", Tensor.ofFloats(1f, -0f, Float.intBitsToFloat(0x7FC00001))));
    // tf.bitcast(tf.constant([1.0, -0.0, <nan 0x7fc00001>]), tf.int32) -> [1065353216, -2147483648, 2143289345]
    assertEquals("[1065353216, -2147483648, 2143289345]", out.get(0).toString());
    // tf.bitcast(..., tf.uint16) -> [[0, 16256], [0, 32768], [1, 32704]] (low half first)
    assertEquals("[[0, 16256], [0, 32768], [1, 32704]]", out.get(1).toString());
    // tf.bitcast(tf.constant([[0, 0, 128, 63], [1, 0, 0, 0]], tf.uint8), tf.float32) -> [1.0, 1e-45]
    assertEquals("[1.0, 1e-45]", out.get(2).toString());
    assertEquals("[1065353216, 1]", out.get(3).toString());
    // tf.bitcast(tf.constant([-1], tf.int64), tf.uint64) -> [18446744073709551615]; tf.int8 -> [[-1, ..., -1]]
    assertEquals("[18446744073709551615]", out.get(4).toString());
    assertEquals("[[-1, -1, -1, -1, -1, -1, -1, -1]]", out.get(5).toString());
    // tf.bitcast(tf.constant([1.0], tf.float16), tf.int16) -> [15360]
    assertEquals("[15360]", out.get(6).toString());
  }

  @Test
  void narrowerInput_needsTheLastDimensionToHoldOneElement() {
    // tf.bitcast(tf.constant([1, 2, 3], tf.uint8), tf.int32) -> InvalidArgumentError: Cannot bitcast from uint8 to int32
    GraphBuildException e = assertThrows(GraphBuildException.class,
        () -> tf.bitcast(g.constant(Tensor.ofUint8(1, 2, 3)), DType.INT32));
    assertTrue(e.getMessage().contains("Cannot bitcast from uint8 to int32: shape (3,) (the last dimension must be 4)"),
        e.getMessage());
    assertThrows(GraphBuildException.class, () -> tf.bitcast(g.constant(Tensor.ofBools(true)), DType.INT8));
    // an unknown last dimension is checked when the graph runs
    Value p = g.placeholder("p", Types.dense(DType.UINT8, -1));
    dev.tatter.ir.Graph graph = g.build(tf.bitcast(p, DType.INT16));
    // tf.bitcast(tf.constant([1, 2], tf.uint8), tf.int16) -> 513, a scalar (the last dimension goes away)
    assertEquals("513", dev.tatter.codegen.Interpreter.run(graph, Map.of("p", Tensor.ofUint8(1, 2))).get(0).toString());
    InvalidArgumentException run = assertThrows(InvalidArgumentException.class,
        () -> dev.tatter.codegen.BytecodeCompiler.compile(graph).run(Map.of("p", Tensor.ofUint8(1, 2, 3))));
    assertTrue(run.getMessage().contains("Cannot bitcast from uint8 to int16: shape [3]"), run.getMessage());
  }

  @Test
  void complex_bothWays_partsInOrderRealFirst() {
    Value d = g.constant(Tensor.fromNested(new double[][] {{1.5, -2.0}}));
    Value c = g.constant(Tensor.ofComplex64(1.5f, -2f, 0f, -0f));
    Value i = g.constant(Tensor.fromNested(new long[][] {{4611686018427387904L, 0L}})); // 2.0 as a double, then 0
    List<Object> out = Harness.runEverywhere(g.build(g.ops().bitcast(d, DType.COMPLEX128), g.ops().bitcast(c, DType.FLOAT32), g.ops().bitcast(c, DType.INT64),
        g.ops().bitcast(c, DType.COMPLEX64), g.ops().bitcast(i, DType.COMPLEX128), g.ops().bitcast(c, DType.UINT8)), Map.of());
    // tf.bitcast(tf.constant([[1.5, -2.0]], tf.float64), tf.complex128) -> [(1.5-2j)]
    assertEquals("[(1.5-2j)]", out.get(0).toString());
    // tf.bitcast(tf.constant([1.5-2j, -0j], tf.complex64), tf.float32) -> [[1.5, -2.0], [0.0, -0.0]]
    assertEquals("[[1.5, -2.0], [0.0, -0.0]]", out.get(1).toString());
    // tf.bitcast(tf.constant([1.5-2j], tf.complex64), tf.int64) -> [-4611686017357840384] (re's bits low, im's high)
    assertEquals("[-4611686017357840384, -9223372036854775808]", out.get(2).toString());
    assertEquals("[(1.5-2j), -0j]", out.get(3).toString());
    // tf.bitcast(tf.constant([[2.0 bits, 0]], tf.int64), tf.complex128) -> [(2+0j)]
    assertEquals("[(2+0j)]", out.get(4).toString());
    // tf.bitcast(tf.constant([1.5-2j], tf.complex64), tf.uint8) -> [[0, 0, 192, 63, 0, 0, 0, 192], ...]
    assertEquals("[[0, 0, 192, 63, 0, 0, 0, 192], [0, 0, 0, 0, 0, 0, 0, 128]]", out.get(5).toString());
  }
}
