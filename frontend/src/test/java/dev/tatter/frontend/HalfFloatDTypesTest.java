package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.text.GraphParser;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.HalfFloats;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * float16 and bfloat16 through the builder, the text IR, the interpreter, the optimizer and
 * verified bytecode ({@link Harness#runEverywhere}). Expected values are TF's (Eigen's half and
 * bfloat16: computed in float, rounded to nearest even when stored), printed as NumPy prints the
 * 16-bit value (its shortest digits: {@code 0.1}).
 */
class HalfFloatDTypesTest {
  private final GraphBuilder g = new GraphBuilder();
  private final Ops tf = g.ops();

  private List<Object> run(Map<String, ?> feeds, Value... outputs) {
    return Harness.runEverywhere(g.build(outputs), feeds);
  }

  @Test
  void arithmetic_roundsEveryResultToTheFormat() {
    Value a = g.placeholder("a", Types.dense(DType.FLOAT16, -1));
    Value b = g.placeholder("b", Types.dense(DType.FLOAT16, -1));
    Map<String, Tensor> feeds = Map.of("a", Tensor.ofFloat16(65504f, 1f, 1f, 0.1f),
        "b", Tensor.ofFloat16(16f, 0.00048828125f, 0.00146484375f, 0.2f));
    List<Object> out = run(feeds, a.add(b), a.mul(b), a.truediv(b), tf.math.maximum(a, b), a.gt(b));
    // tf.constant([65504, 1, 1, 0.1], tf.float16) + tf.constant([16, 2**-11, 3 * 2**-11, 0.2], tf.float16)
    //   -> [inf, 1.0, 1.002, 0.2998]: 65520 is past the largest float16; 1 + 2**-11 ties to even (1.0),
    //   1 + 3 * 2**-11 ties to 1 + 2**-9 (1.001953125, printed 1.002)
    assertEquals("[inf, 1.0, 1.002, 0.2998]", out.get(0).toString());
    // a * b -> [inf, 0.0004883, 0.001465, 0.01999]
    assertEquals("[inf, 0.0004883, 0.001465, 0.01999]", out.get(1).toString());
    // a / b -> [4094.0, 2048.0, 682.5, 0.5]
    assertEquals("[4094.0, 2048.0, 682.5, 0.5]", out.get(2).toString());
    // tf.maximum(a, b) -> [65500.0, 1.0, 1.0, 0.2] (NumPy's shortest digits for float16 65504 are 6.55e+04)
    assertEquals("[65500.0, 1.0, 1.0, 0.2]", out.get(3).toString());
    // a > b -> [True, True, True, False]
    assertEquals("[True, True, True, False]", out.get(4).toString());

    Value c = g.constant(Tensor.ofBfloat16(1f, 1f, 3e38f));
    Value d = g.constant(Tensor.ofBfloat16(0.00390625f, 0.01171875f, 3e38f));
    out = run(Map.of(), c.add(d), c.sub(d));
    // tf.constant([1, 1, 3e38], tf.bfloat16) + tf.constant([2**-8, 3 * 2**-8, 3e38], tf.bfloat16)
    //   -> [1.0, 1.016, inf]: 1 + 2**-8 ties to even (1.0), 1 + 3 * 2**-8 ties to 1 + 2**-6 (1.015625)
    assertEquals("[1.0, 1.016, inf]", out.get(0).toString());
    // c - d -> [0.996, 0.99, 0.0] (255/256 and 253/256, each printed in its shortest digits)
    assertEquals("[0.996, 0.99, 0.0]", out.get(1).toString());
  }

  @Test
  void casts_roundToNearestEven_andGoThroughFloat() {
    Value f = g.constant(Tensor.ofFloats(65519f, 65520f, 1e-8f, 3.14159f, -0f, Float.NaN, 3e-8f));
    Value h = g.constant(Tensor.ofFloat16(2.5f, -2.5f, Float.POSITIVE_INFINITY, 65504f));
    Value d = g.constant(Tensor.ofDoubles(1.00048828125 + 1e-12));
    List<Object> out = run(Map.of(), f.cast(DType.FLOAT16), f.cast(DType.BFLOAT16), h.cast(DType.INT32),
        h.cast(DType.UINT8), h.cast(DType.FLOAT64), h.cast(DType.BFLOAT16), d.cast(DType.FLOAT16));
    // tf.cast(tf.constant([65519., 65520., 1e-8, 3.14159, -0., nan, 3e-8]), tf.float16)
    //   -> [65500.0, inf, 0.0, 3.14, -0.0, nan, 6e-08] (3e-8 is above 2**-25, so it rounds up to 2**-24)
    assertEquals("[65500.0, inf, 0.0, 3.14, -0.0, nan, 6e-08]", out.get(0).toString());
    // tf.cast(..., tf.bfloat16) -> [65500.0, 65500.0, 1e-08, 3.14, -0.0, nan, 3e-08] (65536 printed shortest)
    assertEquals("[65500.0, 65500.0, 1e-08, 3.14, -0.0, nan, 3e-08]", out.get(1).toString());
    // tf.cast(tf.constant([2.5, -2.5, inf, 65504], tf.float16), tf.int32) -> [2, -2, -2147483648, 65504]
    assertEquals("[2, -2, -2147483648, 65504]", out.get(2).toString());
    // tf.cast(..., tf.uint8) -> [2, 0, 0, 255] (TF on x86: saturated, see docs/SEMANTICS.md)
    assertEquals("[2, 0, 0, 255]", out.get(3).toString());
    assertEquals("[2.5, -2.5, inf, 65504.0]", out.get(4).toString());
    // tf.cast(float16 65504, tf.bfloat16) -> 65536.0 (bfloat16 has 8 significant bits)
    assertEquals("[2.5, -2.5, inf, 65500.0]", out.get(5).toString());
    // tf.cast(tf.constant([1.00048828125 + 1e-12], tf.float64), tf.float16) -> [1.0]: Eigen's half(double)
    // rounds to float first (1.00048828125, a tie for float16), then to even; one rounding would give 1.001
    assertEquals("[1.0]", out.get(6).toString());
  }

  @Test
  void reductions_roundEveryPartialSum() {
    Value a = g.constant(Tensor.ofFloat16(0.1f, 0.2f, 0.3f));
    Value rt = tf.ragged.constant(List.of(List.of(1.0, 2.0), List.of()), DType.FLOAT16, 1);
    List<Object> out = run(Map.of(), a.reduceSum(), a.reduceMax(), a.reduceMean(), rt.reduceSum(1), rt.reduceMax(1));
    // tf.reduce_sum(tf.constant([0.1, 0.2, 0.3], tf.float16)) -> 0.5996 (each partial sum rounded to float16,
    // as TF's reducer on Eigen::half adds; a float accumulator would give 0.6)
    assertEquals("0.5996", out.get(0).toString());
    assertEquals("0.3", out.get(1).toString());
    // tf.reduce_mean(...) -> 0.1998 (the float16 sum 0.5996 over float16 3, rounded; -Ptf oracle)
    assertEquals("0.1998", out.get(2).toString());
    assertEquals("[3.0, 0.0]", out.get(3).toString());
    // tf.reduce_max(tf.ragged.constant([[1., 2.], []], dtype=tf.float16), axis=1) -> [2.0, -65500.0] (float16's lowest)
    assertEquals("[2.0, -65500.0]", out.get(4).toString());
  }

  @Test
  void literals_printShortest_roundTrip_andRefuseOverflow() {
    String ir = """
        %a = constant() {value = tensor<float16>[5] [0.1, 65504.0, -0.0, nan, 6e-08]} : tensor<float16>[5]
        %b = constant() {value = tensor<bfloat16>[3] [0.1, 3.39e+38, -inf]} : tensor<bfloat16>[3]
        return %a, %b
        """;
    String printed = GraphPrinter.print(GraphParser.parse(ir, "h.tat"));
    assertEquals(printed, GraphPrinter.print(GraphParser.parse(printed, "h.tat")));
    assertTrue(printed.contains("[0.1, 65500.0, -0.0, nan, 6e-08]"), printed);
    List<Object> out = Harness.runEverywhere(GraphParser.parse(ir, "h.tat"), Map.of());
    assertEquals(Tensor.ofFloat16(0.1f, 65504f, -0f, Float.NaN, 6e-8f), out.get(0));
    // np.float16(0.1) is 0.0999755859375, printed 0.1; bfloat16(0.1) is 0.10009765625
    assertEquals(0.0999755859375f, ((Tensor) out.get(0)).get(0));
    assertEquals(0.10009765625f, ((Tensor) out.get(1)).get(0));
    assertEquals("[0.1, 3.39e+38, -inf]", out.get(1).toString());
    Exception e = assertThrows(Exception.class, () -> GraphParser.parse(
        "%a = constant() {value = tensor<float16>[1] [65520.0]} : tensor<float16>[1]\nreturn %a\n", "h.tat"));
    assertTrue(e.getMessage().contains("literal 65520.0 is out of range for float16"), e.getMessage());
  }

  @Test
  void javaValues_bitsInAShort_valuesAsFloats() {
    Tensor t = Tensor.ofFloat16(0.1f, 1e6f);
    assertEquals((short) 0x2E66, ((short[]) t.data())[0]);
    assertEquals(0.0999755859375f, t.get(0));
    assertEquals(Float.POSITIVE_INFINITY, t.get(1));
    assertEquals(0.0999755859375, t.getDouble(0));
    assertEquals(Tensor.of(DType.BFLOAT16, new short[] {HalfFloats.floatToBfloat16(0.1f)}, 1), Tensor.ofBfloat16(0.1f));
    // NaNs are equal whatever their payload, -0.0 is not 0.0 (as for float tensors)
    assertEquals(Tensor.of(DType.FLOAT16, new short[] {0x7E00}, 1), Tensor.of(DType.FLOAT16, new short[] {0x7C01}, 1));
    assertTrue(!Tensor.ofFloat16(0f).equals(Tensor.ofFloat16(-0f)));
  }

  @Test
  void softplus_usesTheOperandDtypesEpsilonAndRoundsEveryStep() {
    // TF's Softplus functor in Eigen's 16-bit arithmetic: threshold = log(epsilon) + 2 in the dtype (Eigen's bfloat16
    // epsilon 2^-7 gives -2.84375, its float16 epsilon 2^-13 gives -7.0078125); x above -threshold is x, below
    // threshold exp(x), else log1p(exp(x)), exp(x) rounded to the dtype first
    Value b = g.placeholder("b", Types.dense(DType.BFLOAT16, -1));
    Value h = g.placeholder("h", Types.dense(DType.FLOAT16, -1));
    // float16 4.93359375 is above float16's own log(2^-10) + 2 but below Eigen's threshold: log1p(exp(x)) -> 4.94140625
    List<Object> out = Harness.runEverywhere(g.build(g.ops().math.softplus(b), g.ops().math.softplus(h)), Map.of(
        "b", Tensor.ofBfloat16(3f, -3f, 1f, 8f, -8f, 20f, 0.5f),
        "h", Tensor.ofFloat16(3f, -3f, 1f, 8f, -8f, 20f, 0.5f, 10f, -10f, 4.93359375f)));
    // tf.math.softplus(tf.constant([3, -3, 1, 8, -8, 20, 0.5], tf.bfloat16))
    //   -> [3, 0.049804688, 1.3125, 8, 0.00033569336, 20, 0.97265625]
    assertEquals(Tensor.ofBfloat16(3f, 0.049804688f, 1.3125f, 8f, 0.00033569336f, 20f, 0.97265625f), out.get(0));
    // tf.math.softplus(tf.constant([3, -3, 1, 8, -8, 20, 0.5, 10, -10], tf.float16))
    //   -> [3.0488281, 0.048583984, 1.3134766, 8, 0.00033545494, 20, 0.9741211, 10, 4.541874e-05, 4.94140625]
    assertEquals(Tensor.ofFloat16(3.0488281f, 0.048583984f, 1.3134766f, 8f, 0.00033545494f, 20f, 0.9741211f, 10f, 4.541874e-05f,
        4.94140625f),
        out.get(1));
  }
}
