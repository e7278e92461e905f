package dev.tatter.ir.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.types.DenseType;
import dev.tatter.runtime.Complex64;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import org.junit.jupiter.api.Test;

/**
 * Literals at the edges of the floating dtypes' ranges, converted as {@code tf.constant(x,
 * dtype)} converts a Python int or float (tensorflow/python/lib/core/py_seq_tensor.cc): for
 * float16, float32, float64 a float is refused when it is finite as a double and inf in the dtype
 * ({@code CheckForOverflow}), an int is narrowed unchecked ({@code PyLong_AsDouble}, then a C++
 * cast); bfloat16 and complex64 have no converter of their own, TF builds a float64 (or int64)
 * tensor and casts it, which rounds an overflow to inf. float16 and bfloat16 round through
 * float32, as Eigen's {@code half(double)} and {@code bfloat16(double)} do.
 *
 * <p>The edges: float16's max finite is 65504 and the float32 midpoint 65520 rounds to inf
 * (ties to even); a double rounds first to float32, so 65519.998046875 (the midpoint between the
 * float32 values 65519.99609375 and 65520) ties up to 65520f and then to inf. float32's max finite
 * is (2 - 2^-23) * 2^127 and the midpoint (2 - 2^-24) * 2^127 ties to 2^128 = inf. bfloat16's max
 * finite is 0x7F7F (2^127 * (2 - 2^-7)); its midpoint to 2^128 is the float32 0x7F7F8000.
 */
class FloatLiteralRangeTest {

  private static Tensor parse(String literal, DType dtype) {
    return (Tensor) GraphParser.parseValue("[" + literal + "]", DenseType.of(dtype, 1), "c.tat");
  }

  private static double one(String literal, DType dtype) {
    return parse(literal, dtype).getDouble(0);
  }

  private static String refusal(String literal, DType dtype) {
    return assertThrows(IrParseException.class, () -> parse(literal, dtype)).getMessage();
  }

  private static final double F32_MAX = Float.MAX_VALUE;
  private static final double BF16_MAX = Float.intBitsToFloat(0x7F7F0000);

  @Test
  void float16_finiteFloatThatRoundsToInf_isRefused_anIntRoundsToInf() {
    // tf.constant(65504.0, tf.float16) -> 65504; tf.constant(65519.99804687499, tf.float16) -> 65504
    assertEquals(65504.0, one("65504.0", DType.FLOAT16));
    assertEquals(65504.0, one("65519.99804687499", DType.FLOAT16));
    // tf.constant(65519.998046875, tf.float16) and tf.constant(65520.0, tf.float16): ValueError
    // "Can't convert Python sequence with a value out of range for a double-precision float."
    assertEquals("c.tat:1:1: literal 65519.998046875 is out of range for float16: finite as a float64, it rounds to"
        + " inf, which tf.constant refuses (write inf or -inf for an infinity)", refusal("65519.998046875", DType.FLOAT16));
    assertTrue(refusal("65520.0", DType.FLOAT16).contains("literal 65520.0 is out of range for float16"));
    assertTrue(refusal("-1e5", DType.FLOAT16).contains("literal -1e5 is out of range for float16"));
    // tf.constant(65519, tf.float16) -> 65504; tf.constant(65520, tf.float16) -> inf (the int path has no check)
    assertEquals(65504.0, one("65504", DType.FLOAT16));
    assertEquals(65504.0, one("65519", DType.FLOAT16));
    assertEquals(Double.POSITIVE_INFINITY, one("65520", DType.FLOAT16));
    assertEquals(Double.NEGATIVE_INFINITY, one("-100000", DType.FLOAT16));
    assertEquals(Double.POSITIVE_INFINITY, one("18446744073709551615", DType.FLOAT16)); // 2**64 - 1
  }

  @Test
  void float32_finiteFloatThatRoundsToInf_isRefused() {
    // tf.constant(3.4028234663852886e38, tf.float32) and tf.constant(3.4028235677973362e38, tf.float32)
    // -> max finite float32
    assertEquals(F32_MAX, one("3.4028234663852886e38", DType.FLOAT32));
    assertEquals(F32_MAX, one("3.4028235677973362e38", DType.FLOAT32));
    // 3.4028235677973366e38 reads as the double that is exactly the midpoint: TF refuses it (the
    // digits alone lie a little below the midpoint; the overflow is decided from the double, as TF does)
    assertTrue(refusal("3.4028235677973366e38", DType.FLOAT32)
        .contains("literal 3.4028235677973366e38 is out of range for float32: finite as a float64, it rounds to inf"));
    assertTrue(refusal("3.40282356779733661637539395458142568448e38", DType.FLOAT32).contains("is out of range for float32"));
    // tf.constant(1e39, tf.float32): refused
    assertTrue(refusal("1e39", DType.FLOAT32).contains("literal 1e39 is out of range for float32"));
    // tf.constant(2**64 - 1, tf.float32) -> 1.8446744e19 (an int never overflows float32 below 2**128,
    // and Tatter's integer literals end at 2**64 - 1)
    assertEquals(0x1p64, one("18446744073709551615", DType.FLOAT32));
  }

  @Test
  void float64_decimalNoDoubleHolds_isRefused() {
    // tf.constant(1.7976931348623157e308, tf.float64) -> max finite; 1.7976931348623158e308 rounds to it
    assertEquals(Double.MAX_VALUE, one("1.7976931348623157e308", DType.FLOAT64));
    assertEquals(Double.MAX_VALUE, one("1.7976931348623158e308", DType.FLOAT64));
    // 1.7976931348623159e308 lies past the midpoint to 2^1024: no double holds it, as
    // PyLong_AsDouble refuses an int so large ("out of range for a double-precision float")
    assertEquals("c.tat:1:1: literal 1.7976931348623159e308 is out of range for float64: no float64 holds it"
        + " (write inf or -inf for an infinity)", refusal("1.7976931348623159e308", DType.FLOAT64));
    assertEquals(0x1p64, one("18446744073709551615", DType.FLOAT64));
    assertEquals(Double.POSITIVE_INFINITY, one("inf", DType.FLOAT64));
  }

  @Test
  void bfloat16_overflowRoundsToInf_asTfsCastDoes() {
    // tf.constant(x, tf.bfloat16) converts to float64 and casts: no refusal, an overflow is inf
    assertEquals(BF16_MAX, one("3.3895313892515355e38", DType.BFLOAT16));
    assertEquals(BF16_MAX, one("3.3961774278184117e38", DType.BFLOAT16));
    // the double 3.396177427818412e38 is the midpoint between two float32s: it ties up to the
    // float32 0x7F7F8000, which ties up to inf
    assertEquals(Double.POSITIVE_INFINITY, one("3.396177427818412e38", DType.BFLOAT16));
    assertEquals(Double.POSITIVE_INFINITY, one("1e39", DType.BFLOAT16));
    assertEquals(Double.NEGATIVE_INFINITY, one("-3.4028235677973366e38", DType.BFLOAT16));
    // an int goes through int64: tf.constant(65520, tf.bfloat16) -> 65536, tf.constant(2**63, tf.bfloat16)
    // -> ValueError "Can't convert Python sequence with out-of-range integer to Tensor."
    assertEquals(65536.0, one("65520", DType.BFLOAT16));
    assertEquals("c.tat:1:1: literal 9223372036854775808 does not fit int64, through which tf.constant converts an"
        + " integer to bfloat16", refusal("9223372036854775808", DType.BFLOAT16));
    // a decimal no double holds is refused whatever the dtype
    assertTrue(refusal("1e309", DType.BFLOAT16).contains("no float64 holds it"));
  }

  @Test
  void complex64Parts_overflowRoundsToInf_complex128PartsAreChecked() {
    // tf.constant(1e39, tf.complex64) builds float64 and casts: inf + 0j
    Tensor c = parse("1e39", DType.COMPLEX64);
    assertEquals(new Complex64(Float.POSITIVE_INFINITY, 0f), c.get(0));
    c = parse("complex(re=1.0, im=-1e39)", DType.COMPLEX64);
    assertEquals(new Complex64(1f, Float.NEGATIVE_INFINITY), c.get(0));
    // complex128 parts are float64: only a decimal no double holds is refused
    assertTrue(assertThrows(IrParseException.class, () -> parse("complex(re=1e309, im=0.0)", DType.COMPLEX128))
        .getMessage().contains("literal 1e309 is out of range for float64"));
  }
}
