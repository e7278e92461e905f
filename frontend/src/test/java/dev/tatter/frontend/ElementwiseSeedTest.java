package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every elementwise and broadcasting example printed in seed 000 (tf.RaggedTensor's operator
 * docs), built with the builder and run through the interpreter, the optimizer, verified
 * bytecode and the text round trip ({@link Harness#runEverywhere}). Expected values are the
 * seed's printed results.
 */
class ElementwiseSeedTest {
  private final GraphBuilder g = new GraphBuilder();
  private final Ops tf = g.ops();

  private List<Object> run(Value... outputs) {
    return Harness.runEverywhere(g.build(outputs), Map.of());
  }

  private String one(Value v) {
    return run(v).get(0).toString();
  }

  private Value ints(int... v) {
    return g.constant(Tensor.ofInts(v));
  }

  private Value bools(boolean... v) {
    return g.constant(Tensor.ofBools(v));
  }

  private Value ones(DType dtype, int... shape) {
    int n = Arrays.stream(shape).reduce(1, (a, b) -> a * b);
    Object data = dtype == DType.FLOAT64 ? filled(new double[n]) : filledF(new float[n]);
    return g.constant(Tensor.of(dtype, data, shape));
  }

  private static double[] filled(double[] a) {
    Arrays.fill(a, 1.0);
    return a;
  }

  private static float[] filledF(float[] a) {
    Arrays.fill(a, 1.0f);
    return a;
  }

  @Test
  void abs_ofFloats_dropsTheSign() {
    assertEquals("[2.25, 3.25]", one(g.constant(Tensor.ofFloats(-2.25f, 3.25f)).abs()));
  }

  @Test
  void add_ofListAndScalar_andOfTwoLists() {
    List<Object> out = run(ints(1, 2, 3, 4, 5).add(1), ints(1, 2, 3, 4, 5).add(ints(1, 2, 3, 4, 5)),
        tf.math.add(1, ints(1, 2, 3, 4, 5)));
    assertEquals("[2, 3, 4, 5, 6]", out.get(0).toString());
    assertEquals("[2, 4, 6, 8, 10]", out.get(1).toString());
    assertEquals("[2, 3, 4, 5, 6]", out.get(2).toString());
  }

  @Test
  void add_int8WithAListOverItsRange_wrapsWhenConverted() {
    // x = tf.constant([1, 2], dtype=tf.int8); y = [2**7 + 1, 2**7 + 2]; tf.add(x, y)
    Value x = g.constant(Tensor.ofBytes((byte) 1, (byte) 2));
    Value sum = x.add(new long[] {(1 << 7) + 1, (1 << 7) + 2});
    assertEquals("tensor<int8>[2]", sum.type().toString());
    assertEquals("[-126, -124]", one(sum));
  }

  @Test
  void add_broadcastsAsNumPy() {
    Value a = ones(DType.FLOAT64, 1, 2, 1, 3).add(ones(DType.FLOAT64, 2, 1, 3, 1));
    Value b = ones(DType.FLOAT64, 1, 2, 1, 4).add(ones(DType.FLOAT64, 3, 4));
    assertEquals("(2, 2, 3, 3)", a.shape());
    assertEquals("(1, 2, 3, 4)", b.shape());
    List<Object> out = run(a, b);
    assertEquals(List.of(2, 2, 3, 3), shapeOf(out.get(0)));
    assertEquals(List.of(1, 2, 3, 4), shapeOf(out.get(1)));
    assertAll(out.get(0), 2.0);
    assertAll(out.get(1), 2.0);
  }

  @Test
  void and_allTheSeedsExamples() {
    List<Object> out = run(bools(true).and(bools(false)), bools(true).and(bools(false, true, true, false)),
        bools(false, false, true, true).and(bools(false, true, false, true)),
        g.constant(Tensor.of(DType.BOOL, new boolean[] {true, false}, 1, 2))
            .and(g.constant(Tensor.of(DType.BOOL, new boolean[] {true, false}, 2, 1))),
        tf.math.logicalAnd(bools(false), bools(true)));
    assertEquals("[False]", out.get(0).toString());
    assertEquals("[False, True, True, False]", out.get(1).toString());
    assertEquals("[False, False, False, True]", out.get(2).toString());
    assertEquals("[[True, False], [False, False]]", out.get(3).toString());
    assertEquals("[False]", out.get(4).toString());
  }

  @Test
  void floordiv_roundsTowardNegativeInfinity() {
    Value x = g.constant(Tensor.ofDoubles(8.4, -8.4));
    assertEquals("[2.0, -3.0]", one(x.floordiv(4.0)));
  }

  @Test
  void comparisons_allTheSeedsExamples() {
    List<Object> out = run(
        ints(5, 4, 6, 7).ge(ints(5, 2, 5, 10)), ints(5, 4, 6, 7).ge(ints(5)),
        ints(5, 4, 6).gt(ints(5, 2, 5)), ints(5, 4, 6).gt(ints(5)),
        ints(5, 4, 6).le(ints(5)), ints(5, 4, 6).le(ints(5, 6, 6)),
        ints(5, 4, 6).lt(ints(5)), ints(5, 4, 6).lt(ints(5, 6, 7)));
    assertEquals("[True, True, True, False]", out.get(0).toString());
    assertEquals("[True, False, True, True]", out.get(1).toString());
    assertEquals("[False, True, True]", out.get(2).toString());
    assertEquals("[False, False, True]", out.get(3).toString());
    assertEquals("[True, True, False]", out.get(4).toString());
    assertEquals("[True, True, True]", out.get(5).toString());
    assertEquals("[False, True, False]", out.get(6).toString());
    assertEquals("[False, True, True]", out.get(7).toString());
  }

  @Test
  void mod_satisfiesTheSeedsIdentityWithFloordiv() {
    // "floor(x / y) * y + mod(x, y) = x", with mod taking the divisor's sign
    int[] xs = new int[7 * 6];
    int[] ys = new int[7 * 6];
    int k = 0;
    for (int x = -3; x <= 3; x++) {
      for (int y : new int[] {-3, -2, -1, 1, 2, 3}) {
        xs[k] = x;
        ys[k++] = y;
      }
    }
    Value x = ints(xs);
    Value y = ints(ys);
    List<Object> out = run(x.floordiv(y).mul(y).add(x.mod(y)), x.mod(y).mul(y).ge(0));
    assertEquals(Tensor.ofInts(xs), out.get(0));
    boolean[] sameSignOrZero = new boolean[xs.length];
    Arrays.fill(sameSignOrZero, true);
    assertEquals(Tensor.ofBools(sameSignOrZero), out.get(1));
  }

  @Test
  void invert_isLogicalNot() {
    assertEquals("[False, True]", one(bools(true, false).invert()));
  }

  @Test
  void mul_ofAListByItself_ofScalars_andBroadcasting() {
    List<Object> out = run(ints(1, 2, 3, 4).mul(ints(1, 2, 3, 4)),
        g.scalar(DType.INT32, 7).mul(6), ones(DType.FLOAT32, 1, 2).mul(ones(DType.FLOAT32, 2, 1)),
        tf.math.multiply(6, g.scalar(DType.INT32, 7)));
    assertEquals("[1, 4, 9, 16]", out.get(0).toString());
    assertEquals("42", out.get(1).toString());
    assertEquals("[[1.0, 1.0], [1.0, 1.0]]", out.get(2).toString());
    assertEquals("42", out.get(3).toString());
  }

  @Test
  void or_allTheSeedsExamples() {
    Value row = g.constant(Tensor.of(DType.BOOL, new boolean[] {true, false}, 1, 2));
    Value column = g.constant(Tensor.of(DType.BOOL, new boolean[] {true, false}, 2, 1));
    List<Object> out = run(bools(true).or(bools(false)), row.or(column),
        bools(false).or(bools(false, true, true, false)), bools(false, false, true, true).or(bools(false, true, false, true)),
        tf.math.logicalOr(bools(false, true, true, false), bools(false)));
    assertEquals("[True]", out.get(0).toString());
    assertEquals("[[True, True], [True, False]]", out.get(1).toString());
    assertEquals("[False, True, True, False]", out.get(2).toString());
    assertEquals("[False, True, True, True]", out.get(3).toString());
    assertEquals("[False, True, True, False]", out.get(4).toString());
  }

  @Test
  void pow_ofIntegers() {
    Value x = g.constant(Tensor.of(DType.INT32, new int[] {2, 2, 3, 3}, 2, 2));
    Value y = g.constant(Tensor.of(DType.INT32, new int[] {8, 16, 2, 3}, 2, 2));
    assertEquals("[[256, 65536], [9, 27]]", one(x.pow(y)));
  }

  @Test
  void sub_andReflectedSub_allTheSeedsExamples() {
    List<Object> out = run(ints(1, 2, 3, 4, 5).sub(1), tf.math.subtract(1, ints(1, 2, 3, 4, 5)),
        ints(5, 4, 3, 2, 1).sub(ints(1, 2, 3, 4, 5)));
    assertEquals("[0, 1, 2, 3, 4]", out.get(0).toString());
    assertEquals("[0, -1, -2, -3, -4]", out.get(1).toString());
    assertEquals("[4, 2, 0, -2, -4]", out.get(2).toString());
  }

  @Test
  void sub_int8WithAListOverItsRange_wrapsWhenConverted() {
    // x = tf.constant([1, 2], dtype=tf.int8); y = [2**8 + 1, 2**8 + 2]; tf.subtract(x, y)
    Value x = g.constant(Tensor.ofBytes((byte) 1, (byte) 2));
    assertEquals("[0, 0]", one(x.sub(new long[] {(1 << 8) + 1, (1 << 8) + 2})));
  }

  @Test
  void sub_broadcastsAsNumPy() {
    Value a = ones(DType.FLOAT64, 2, 3, 1).sub(ones(DType.FLOAT64, 2, 1, 3));
    Value b = ones(DType.FLOAT64, 2, 3, 1).sub(ones(DType.FLOAT64, 1, 6));
    List<Object> out = run(a, b);
    assertEquals("[[[0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]], [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]]",
        out.get(0).toString());
    assertEquals(List.of(2, 3, 6), shapeOf(out.get(1)));
    assertAll(out.get(1), 0.0);
  }

  @Test
  void xor_allTheSeedsExamples() {
    List<Object> out = run(bools(true).xor(bools(false)), bools(true).xor(bools(false, true, true, false)),
        bools(false, false, true, true).xor(bools(false, true, false, true)), tf.math.logicalXor(bools(true), bools(false)));
    assertEquals("[True]", out.get(0).toString());
    assertEquals("[True, False, False, True]", out.get(1).toString());
    assertEquals("[False, True, True, False]", out.get(2).toString());
    assertEquals("[True]", out.get(3).toString());
  }

  @Test
  void truediv_castsIntegersAsTheSeedSays() {
    Value i8 = g.constant(Tensor.ofBytes((byte) 7)).truediv(2);
    Value i16 = g.constant(Tensor.ofShorts((short) 7)).truediv(2);
    Value i32 = ints(7).truediv(2);
    Value i64 = g.constant(Tensor.ofLongs(7)).truediv(2);
    Value f32 = g.constant(Tensor.ofFloats(7)).truediv(2);
    assertEquals(DType.FLOAT32, i8.dtype());
    assertEquals(DType.FLOAT32, i16.dtype());
    assertEquals(DType.FLOAT64, i32.dtype());
    assertEquals(DType.FLOAT64, i64.dtype());
    assertEquals(DType.FLOAT32, f32.dtype());
    List<Object> out = run(i8, i16, i32, i64, f32, tf.math.truediv(2, ints(7)));
    assertEquals(Tensor.ofFloats(3.5f), out.get(0));
    assertEquals(Tensor.ofFloats(3.5f), out.get(1));
    assertEquals(Tensor.ofDoubles(3.5), out.get(2));
    assertEquals(Tensor.ofDoubles(3.5), out.get(3));
    assertEquals(Tensor.ofFloats(3.5f), out.get(4));
    assertEquals(Tensor.ofDoubles(2.0 / 7.0), out.get(5));
  }

  @Test
  void div_isPython2Division() {
    List<Object> out = run(ints(7, -7).div(2), g.constant(Tensor.ofDoubles(7, -7)).div(2), tf.compat.v1.div(20, ints(7, -7)));
    assertEquals("[3, -4]", out.get(0).toString());
    assertEquals("[3.5, -3.5]", out.get(1).toString());
    assertEquals("[2, -3]", out.get(2).toString());
  }

  private static List<Integer> shapeOf(Object t) {
    return Arrays.stream(((Tensor) t).shape()).boxed().toList();
  }

  private static void assertAll(Object t, double value) {
    Tensor tensor = (Tensor) t;
    for (int i = 0; i < tensor.size(); i++) {
      assertEquals(value, tensor.getDouble(i), "element " + i);
    }
  }
}
