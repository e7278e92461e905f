package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code saturate_cast} through builder, text IR, interpreter, optimizer and bytecode ({@link
 * Harness#runEverywhere}). Expected values follow TF 2.18's {@code tf.dtypes.saturate_cast}
 * (math_ops.py: clip to the target's finite min/max held in the input dtype, a bound that rounds
 * out of the target's range moved one step toward zero with {@code np.nextafter}, then Cast with
 * TF's x86 conversion rules, measured for {@code cast} by NewDTypesOracleTest).
 */
class SaturateCastTest {
  private static String run(Tensor x, DType to) {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value out = tf.dtypes.saturateCast(g.placeholder("x", Types.dense(x.dtype(), -1)), to);
    assertEquals(to, out.dtype());
    Tensor t = (Tensor) Harness.runEverywhere(g.build(out), Map.of("x", x)).get(0);
    List<String> values = new ArrayList<>();
    for (int i = 0; i < t.shape()[0]; i++) {
      Object v = t.get(i);
      values.add(to == DType.UINT64 ? Long.toUnsignedString((Long) v) : to.isInteger() ? v.toString() : Double.toString(t.getDouble(i)));
    }
    return values.toString();
  }

  private static final float INF = Float.POSITIVE_INFINITY;

  @Test
  void floatToInteger_clampsAtTheLargestBoundTheInputDtypeHoldsInRange() {
    // tf.dtypes.saturate_cast(tf.constant([-1e10, -1.5, 0.5, 3e9, inf, -inf]), tf.int32)
    //   -> [-2147483648, -1, 0, 2147483520, 2147483520, -2147483648]  (float32(2^31-1) is 2^31: nudged to 2147483520)
    assertEquals("[-2147483648, -1, 0, 2147483520, 2147483520, -2147483648]",
        run(Tensor.ofFloats(-1e10f, -1.5f, 0.5f, 3e9f, INF, -INF), DType.INT32));
    // tf.dtypes.saturate_cast(tf.constant([-5., 0.9, 255.9, 300., inf, nan]), tf.uint8) -> [0, 0, 255, 255, 255, 0]
    assertEquals("[0, 0, 255, 255, 255, 0]", run(Tensor.ofFloats(-5f, 0.9f, 255.9f, 300f, INF, Float.NaN), DType.UINT8));
    // tf.dtypes.saturate_cast(tf.constant([5e9, -1., inf]), tf.uint32) -> [4294967040, 0, 4294967040]
    assertEquals("[4294967040, 0, 4294967040]", run(Tensor.ofFloats(5e9f, -1f, INF), DType.UINT32));
    // tf.dtypes.saturate_cast(tf.constant([1e19, -1e19]), tf.int64) -> [9223371487098961920, -9223372036854775808]
    assertEquals("[9223371487098961920, -9223372036854775808]", run(Tensor.ofFloats(1e19f, -1e19f), DType.INT64));
    // tf.dtypes.saturate_cast(tf.constant([1e19, -1e19], tf.float64), tf.int64) -> [9223372036854774784, -9223372036854775808]
    assertEquals("[9223372036854774784, -9223372036854775808]", run(Tensor.ofDoubles(1e19, -1e19), DType.INT64));
    // tf.dtypes.saturate_cast(tf.constant([1e20, 7.]), tf.uint64) -> [18446742974197923840, 7]
    assertEquals("[18446742974197923840, 7]", run(Tensor.ofFloats(1e20f, 7f), DType.UINT64));
    // tf.dtypes.saturate_cast(tf.constant([300., -300., inf], tf.float16), tf.int8) -> [127, -128, 127]
    assertEquals("[127, -128, 127]", run(Tensor.ofFloat16(300f, -300f, INF), DType.INT8));
    // float16's finite range fits int32, so TF clamps nothing and Cast(inf) gives x86's integer indefinite:
    // tf.dtypes.saturate_cast(tf.constant([inf, 65504., nan], tf.float16), tf.int32) -> [-2147483648, 65504, -2147483648]
    assertEquals("[-2147483648, 65504, -2147483648]", run(Tensor.ofFloat16(INF, 65504f, Float.NaN), DType.INT32));
  }

  @Test
  void integerToInteger_clampsToTheCommonRange() {
    // tf.dtypes.saturate_cast(tf.constant([-1, 0, 255, 256, 2147483647, -2147483648]), tf.uint8) -> [0, 0, 255, 255, 255, 0]
    assertEquals("[0, 0, 255, 255, 255, 0]", run(Tensor.ofInts(-1, 0, 255, 256, Integer.MAX_VALUE, Integer.MIN_VALUE), DType.UINT8));
    // tf.dtypes.saturate_cast(tf.constant([-2**63, 2**40, -5], tf.int64), tf.int32) -> [-2147483648, 2147483647, -5]
    assertEquals("[-2147483648, 2147483647, -5]", run(Tensor.ofLongs(Long.MIN_VALUE, 1L << 40, -5), DType.INT32));
    // tf.dtypes.saturate_cast(tf.constant([2**64 - 1, 2**63, 5], tf.uint64), tf.int64) -> [9223372036854775807, 9223372036854775807, 5]
    assertEquals("[9223372036854775807, 9223372036854775807, 5]", run(Tensor.ofUint64(-1L, Long.MIN_VALUE, 5), DType.INT64));
    // tf.dtypes.saturate_cast(tf.constant([70000, 65535, 3], tf.uint32), tf.int16) -> [32767, 32767, 3]
    assertEquals("[32767, 32767, 3]", run(Tensor.ofUint32(70000L, 65535L, 3L), DType.INT16));
    // Tatter clamps only the side the target cuts (see docs/SEMANTICS.md): int64 -> uint64 clamps negatives to 0
    assertEquals("[0, 5, 9223372036854775807]", run(Tensor.ofLongs(-1, 5, Long.MAX_VALUE), DType.UINT64));
    // tf.dtypes.saturate_cast(tf.constant([-3, 100], tf.int8), tf.int64) -> [-3, 100]: a wider target is a plain cast
    assertEquals("[-3, 100]", run(Tensor.ofBytes((byte) -3, (byte) 100), DType.INT64));
  }

  @Test
  void floatToNarrowerFloat_clampsInfinitiesToTheLargestFinite() {
    // tf.dtypes.saturate_cast(tf.constant([1e300, -1e300, inf, 1.5], tf.float64), tf.float32)
    //   -> [3.4028235e+38, -3.4028235e+38, 3.4028235e+38, 1.5]
    assertEquals("[3.4028234663852886E38, -3.4028234663852886E38, 3.4028234663852886E38, 1.5]",
        run(Tensor.ofDoubles(1e300, -1e300, Double.POSITIVE_INFINITY, 1.5), DType.FLOAT32));
    // tf.dtypes.saturate_cast(tf.constant([1e5, -inf, 65519., 0.5]), tf.float16) -> [65504., -65504., 65504., 0.5]
    assertEquals("[65504.0, -65504.0, 65504.0, 0.5]", run(Tensor.ofFloats(1e5f, -INF, 65519f, 0.5f), DType.FLOAT16));
    // bfloat16(65504) rounds to 65536, above float16's max, so the bound is the next bfloat16 toward 0:
    // tf.dtypes.saturate_cast(tf.constant([inf, 1e5, -3e38], tf.bfloat16), tf.float16) -> [65280., 65280., -65280.]
    assertEquals("[65280.0, 65280.0, -65280.0]", run(Tensor.ofBfloat16(INF, 1e5f, -3e38f), DType.FLOAT16));
    // tf.dtypes.saturate_cast(tf.constant([nan], tf.float64), tf.float32) -> [nan]
    assertEquals("[NaN]", run(Tensor.ofDoubles(Double.NaN), DType.FLOAT32));
  }

  @Test
  void integerToFloat16_clampsAtItsLargestFinite() {
    // tf.dtypes.saturate_cast(tf.constant([100000, -100000, 7]), tf.float16) -> [65504., -65504., 7.]
    assertEquals("[65504.0, -65504.0, 7.0]", run(Tensor.ofInts(100000, -100000, 7), DType.FLOAT16));
    // tf.dtypes.saturate_cast(tf.constant([2**63 - 1], tf.int64), tf.float32) -> [9.223372e+18]: no clamp, int64 fits float32's range
    assertEquals("[9.223372036854776E18]", run(Tensor.ofLongs(Long.MAX_VALUE), DType.FLOAT32));
  }

  @Test
  void raggedOperand_castsItsFlatValues() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value out = tf.dtypes.saturateCast(g.placeholder("r", Types.ragged(DType.FLOAT32, 1)), DType.UINT8);
    RaggedTensor rt = RaggedTensor.of(Tensor.ofFloats(-1f, 256f, 7.5f), RowPartition.fromRowSplits(new long[] {0, 2, 3}, DType.INT64, true));
    // tf.dtypes.saturate_cast(tf.ragged.constant([[-1., 256.], [7.5]]), tf.uint8) -> [[0, 255], [7]]
    assertEquals("[[0, 255], [7]]", Harness.runEverywhere(g.build(out), Map.of("r", rt)).get(0).toString());
  }

  @Test
  void boolOrString_isRefusedAsTfRefusesTheirRange() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value b = g.placeholder("b", Types.dense(DType.BOOL, -1));
    Value i = g.placeholder("i", Types.dense(DType.INT32, -1));
    // tf.dtypes.saturate_cast(tf.constant([True]), tf.int32) -> TypeError: Cannot find minimum value of <dtype: 'bool'>.
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> tf.dtypes.saturateCast(b, DType.INT32));
    assertTrue(e.getMessage().startsWith("saturate_cast is not defined on bool"), e.getMessage());
    assertThrows(GraphBuildException.class, () -> tf.dtypes.saturateCast(i, DType.STRING));
  }
  /**
   * Every ordered pair of numeric dtypes on each source's extremes: a non-NaN result lies in the
   * target's finite range, and a value the target holds exactly comes through unchanged.
   */
  @Test
  void everyNumericPair_staysInTheTargetRange_andKeepsValuesItHolds() {
    double[] extremes = {0, -0.0, 1, -1, 0.5, 127, 128, -129, 255, 256, 65504, 65535, 65536, 1e5, -1e5, 2147483647, 2147483648.0,
        -2147483649.0, 4294967295.0, 1e19, -1e19, 1e20, 3.4e38, -3.4e38, 1e300, -1e300, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, Double.NaN};
    List<DType> numeric = java.util.Arrays.stream(DType.values()).filter(DType::isNumeric).toList();
    for (DType from : numeric) {
      Object data = from.layout().newArray(extremes.length);
      for (int i = 0; i < extremes.length; i++) {
        double v = extremes[i];
        if (from.isInteger()) {
          double lo = from.minInteger();
          double hi = from.isUnsigned() && from.bits() == 64 ? 0x1p64 : from.maxInteger();
          v = Double.isNaN(v) ? 0 : Math.max(lo, Math.min(hi, v));
          dev.tatter.runtime.Scalars.store(from, data, i, from.isUnsigned() && from.bits() == 64 && v >= 0x1p63
              ? (Object) (long) -1L : (Object) (long) v);
        } else {
          dev.tatter.runtime.Scalars.store(from, data, i, v);
        }
      }
      Tensor x = Tensor.wrap(from, new int[] {extremes.length}, data);
      for (DType to : numeric) {
        GraphBuilder g = new GraphBuilder();
        Ops tf = g.ops();
        Value out = tf.dtypes.saturateCast(g.placeholder("x", Types.dense(from, -1)), to);
        Tensor t = new Session(g.build(out)).run(Map.of("x", x), out).tensor(0);
        for (int i = 0; i < extremes.length; i++) {
          double in = x.getDouble(i);
          double got = t.getDouble(i);
          String what = from + " " + in + " -> " + to + ": " + got;
          if (Double.isNaN(in)) {
            continue; // cast's NaN rule, tested above
          }
          double lo = to.isInteger() ? to.minInteger() : -maxFinite(to);
          double hi = to.isInteger() ? (to.isUnsigned() && to.bits() == 64 ? 0x1p64 : to.maxInteger()) : maxFinite(to);
          if (Double.isInfinite(in) && maxFinite(from) <= hi) {
            // x's finite range fits the target's, so nothing is clamped (as TF): a float keeps the infinity,
            // an integer gets cast's rule for it
            if (to.isFloating()) {
              assertEquals(in, got, 0.0, what);
            }
            continue;
          }
          assertTrue(got >= lo && got <= hi, what);
          boolean held = in >= lo && in <= hi && (to.isFloating() ? castsExactly(in, to) : in == Math.rint(in));
          if (held) {
            assertEquals(in, got, 0.0, what);
          }
        }
      }
    }
  }

  private static double maxFinite(DType d) {
    return switch (d) {
      case FLOAT16 -> 65504;
      case BFLOAT16 -> dev.tatter.runtime.HalfFloats.bfloat16ToFloat((short) 0x7F7F);
      case FLOAT32 -> Float.MAX_VALUE;
      default -> Double.MAX_VALUE;
    };
  }

  private static boolean castsExactly(double v, DType to) {
    return switch (to) {
      case FLOAT16 -> dev.tatter.runtime.HalfFloats.float16ToFloat(dev.tatter.runtime.HalfFloats.doubleToFloat16(v)) == v;
      case BFLOAT16 -> dev.tatter.runtime.HalfFloats.bfloat16ToFloat(dev.tatter.runtime.HalfFloats.doubleToBfloat16(v)) == v;
      case FLOAT32 -> (float) v == v;
      default -> true;
    };
  }
}
