package dev.tatter.frontend.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tatter.frontend.cli.TatterCommand.CliException;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import org.junit.jupiter.api.Test;

/**
 * JSON feeds at the edges of the floating dtypes' ranges: a feed is what {@code json.loads} then
 * {@code tf.constant(value, dtype)} make of the same text (py_seq_tensor.cc): for float16,
 * float32, float64 a JSON float that is finite as a double and inf in the dtype is refused, a
 * JSON integer is narrowed unchecked; bfloat16 goes through a float64 (or int64) tensor and a
 * cast, so its overflow is inf. The boundary values are derived in FloatLiteralRangeTest.
 */
class JsonFloatRangeTest {

  private static double[] feed(String json, DType dtype) {
    Tensor t = (Tensor) JsonFeeds.parse(json, DenseType.of(dtype, Dims.UNKNOWN), "x.json");
    double[] out = new double[t.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = t.getDouble(i);
    }
    return out;
  }

  private static String refusal(String json, DType dtype) {
    return assertThrows(CliException.class, () -> feed(json, dtype)).getMessage();
  }

  private static final double INF = Double.POSITIVE_INFINITY;

  @Test
  void float16_jsonFloatsRefusedPastTheEdge_jsonIntegersRoundToInf() {
    // tf.constant([65504.0, 65519.99804687499, 65519, 65520], tf.float16) with the ints as ints
    assertEquals(java.util.Arrays.toString(new double[] {65504, 65504, 65504, INF}),
        java.util.Arrays.toString(feed("[65504.0, 65519.99804687499, 65519, 65520]", DType.FLOAT16)));
    // tf.constant(65519.998046875, tf.float16): ValueError (a value out of range)
    assertEquals("x.json: literal 65519.998046875 is out of range for float16: finite as a float64, it rounds to inf,"
        + " which tf.constant refuses (write inf or -inf for an infinity)", refusal("[65519.998046875]", DType.FLOAT16));
    // json.loads("Infinity") is float('inf'), which tf.constant keeps
    assertEquals(INF, feed("[Infinity]", DType.FLOAT16)[0]);
  }

  @Test
  void float32_jsonFloatRefusedPastTheEdge() {
    assertEquals(java.util.Arrays.toString(new double[] {Float.MAX_VALUE, Float.MAX_VALUE, 0x1p64}),
        java.util.Arrays.toString(feed("[3.4028234663852886e38, 3.4028235677973362e38, 18446744073709551615]",
            DType.FLOAT32)));
    assertEquals("x.json: literal 3.4028235677973366e38 is out of range for float32: finite as a float64, it rounds"
        + " to inf, which tf.constant refuses (write inf or -inf for an infinity)",
        refusal("[3.4028235677973366e38]", DType.FLOAT32));
    assertEquals("x.json: literal 1e39 is out of range for float32: finite as a float64, it rounds to inf, which"
        + " tf.constant refuses (write inf or -inf for an infinity)", refusal("[1e39]", DType.FLOAT32));
  }

  @Test
  void float64_jsonNumberNoDoubleHolds_isRefused() {
    assertEquals(java.util.Arrays.toString(new double[] {Double.MAX_VALUE, Double.MAX_VALUE}),
        java.util.Arrays.toString(feed("[1.7976931348623157e308, 1.7976931348623158e308]", DType.FLOAT64)));
    assertEquals("x.json: literal 1.7976931348623159e308 is out of range for float64: no float64 holds it"
        + " (write inf or -inf for an infinity)", refusal("[1.7976931348623159e308]", DType.FLOAT64));
  }

  @Test
  void bfloat16_overflowIsInf_anIntegerBeyondInt64IsRefused() {
    double max = Float.intBitsToFloat(0x7F7F0000);
    assertEquals(java.util.Arrays.toString(new double[] {max, max, INF, INF, 65536}),
        java.util.Arrays.toString(feed("[3.3895313892515355e38, 3.3961774278184117e38, 3.396177427818412e38, 1e39, 65520]",
            DType.BFLOAT16)));
    // tf.constant(2**63, tf.bfloat16): "Can't convert Python sequence with out-of-range integer to Tensor."
    assertEquals("x.json: literal 9223372036854775808 does not fit int64, through which tf.constant converts an"
        + " integer to bfloat16", refusal("[9223372036854775808]", DType.BFLOAT16));
  }
}
