package dev.tatter.frontend.cli;

import static dev.tatter.frontend.cli.CliRuns.json;
import static dev.tatter.frontend.cli.CliRuns.tatter;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.frontend.cli.CliRuns.Run;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every dtype through {@code --feed x=@FILE.json} and {@code --output json}: unsigned integers at
 * their bounds, float16 and bfloat16 read with round-to-nearest-even and written in their shortest
 * digits, complex numbers as {@code {"real": ..., "imag": ...}}. Expected values come from the
 * dtypes' definitions (IEEE 754 binary16, bfloat16's 8-bit significand, uintN's 2^N - 1).
 */
class JsonDTypesTest {
  @TempDir
  Path dir;

  private Path write(String name, String text) throws IOException {
    return CliRuns.write(dir, name, text);
  }

  /** The one member's value of a single-fetch output, as a feed file reads it back. */
  private static String member(String out) {
    String line = out.lines().toList().get(1);
    return line.substring(line.indexOf(": ") + 2);
  }

  private static short[] bits(String text, DType dtype) {
    Tensor t = (Tensor) JsonFeeds.parse(text, DenseType.of(dtype, Dims.UNKNOWN), "h.json");
    return (short[]) t.unsafeData();
  }

  @Test
  void float16_readWithRoundToNearestEven_atItsEdges() {
    // binary16: 0x7bff = 65504 (max); 65519 < 65520, the midpoint to 2^16, rounds down to it;
    // 2^-24 = 0x0001 (smallest subnormal); 2^-25, the midpoint between 0 and 2^-24, ties to even 0;
    // 3 * 2^-25, the midpoint between 0x0001 and 0x0002, ties to even 0x0002; 2^-14 = 0x0400
    // (smallest normal); 0.1 -> 0x2e66; NaN 0x7e00 (the quiet NaN); -inf 0xfc00; -0.0 0x8000
    short[] h = bits("[65504, 65519, 5.9604644775390625e-08, 2.98023223876953125e-08, 8.94069671630859375e-08,"
        + " 6.103515625e-05, 0.1, NaN, -Infinity, -0.0]", DType.FLOAT16);
    short[] expected = {0x7bff, 0x7bff, 0x0001, 0x0000, 0x0002, 0x0400, 0x2e66, 0x7e00, (short) 0xfc00, (short) 0x8000};
    assertEquals(Arrays.toString(expected), Arrays.toString(h));
  }

  @Test
  void bfloat16_readWithRoundToNearestEven_atItsEdges() {
    // bfloat16 keeps float32's top 16 bits: 0.1 -> 0x3dcd; 0x7f7f = 3.3895313892515355e38 (max);
    // 1 + 2^-8 is the midpoint between 1.0 (0x3f80) and 1 + 2^-7 (0x3f81): ties to even 0x3f80;
    // 1 + 3 * 2^-8 between 0x3f81 and 0x3f82: ties to even 0x3f82; 2^-133 (smallest subnormal) 0x0001
    short[] b = bits("[0.1, 3.3895313892515355e38, 1.00390625, 1.01171875, 9.183549615799121e-41]", DType.BFLOAT16);
    short[] expected = {0x3dcd, 0x7f7f, 0x3f80, 0x3f82, 0x0001};
    assertEquals(Arrays.toString(expected), Arrays.toString(b));
  }

  @Test
  void halfFloats_printTheShortestDigitsThatReadBack_andReadBackToTheSameBits() throws IOException {
    Path graph = write("h.tat", """
        %h = placeholder() : tensor<float16>[None]
        %b = placeholder() : tensor<bfloat16>[None]
        return %h, %b
        """);
    Path h = write("h.json", "[65504, 5.9604644775390625e-08, 1.1920928955078125e-07, 6.103515625e-05, 0.1,"
        + " NaN, -Infinity, -0.0]");
    Path b = write("b.json", "[0.1, 3.3895313892515355e38, 1.015625]");
    // NumPy: repr(np.float16(65504)) == '65500.0' (65500's nearest float16 is 65504), np.float16(2**-24) -> 6e-08,
    // np.float16(2**-14) -> 6.104e-05, np.float16(0.1) -> 0.1;
    // each is the fewest digits whose nearest float16 (bfloat16) is the value
    String out = json("run", graph, "--feed", "h=@" + h, "--feed", "b=@" + b);
    assertEquals("""
        {
          "h": {"dtype": "float16", "shape": [8], "values": [65500.0, 6e-08, 1e-07, 6.104e-05, 0.1, NaN, -Infinity, -0.0]},
          "b": {"dtype": "bfloat16", "shape": [3], "values": [0.1, 3.39e+38, 1.016]}
        }
        """, out);
    String written = out.lines().toList().get(1);
    short[] back = bits(written.substring(written.indexOf(": ") + 2).replaceAll(",$", ""), DType.FLOAT16);
    assertEquals(Arrays.toString(new short[] {0x7bff, 0x0001, 0x0002, 0x0400, 0x2e66, 0x7e00, (short) 0xfc00,
        (short) 0x8000}), Arrays.toString(back));
  }

  @Test
  void unsignedIntegers_atTheirBounds_bothWays() throws IOException {
    Path graph = write("u.tat", """
        %a = placeholder() : tensor<uint8>[None]
        %b = placeholder() : tensor<uint16>[None]
        %c = placeholder() : tensor<uint32>[None]
        %d = placeholder() : tensor<uint64>[None]
        return %a, %b, %c, %d
        """);
    // 2^8 - 1, 2^16 - 1, 2^32 - 1, 2^64 - 1 and 2^63 (above int64's range)
    assertEquals("""
        {
          "a": {"dtype": "uint8", "shape": [2], "values": [0, 255]},
          "b": {"dtype": "uint16", "shape": [1], "values": [65535]},
          "c": {"dtype": "uint32", "shape": [1], "values": [4294967295]},
          "d": {"dtype": "uint64", "shape": [2], "values": [18446744073709551615, 9223372036854775808]}
        }
        """, json("run", graph, "--feed", "a=@" + write("a.json", "[0, 255]"),
        "--feed", "b=@" + write("b.json", "[65535]"), "--feed", "c=@" + write("c.json", "[4294967295]"),
        "--feed", "d=@" + write("d.json", "[18446744073709551615, 9223372036854775808]")));
    // tf.constant(256, tf.uint8) raises: 256 is out of range for uint8
    Run r = tatter("run", graph, "--feed", "a=@" + write("a2.json", "[256]"), "--feed", "b=[1]", "--feed", "c=[1]",
        "--feed", "d=[1]");
    assertEquals(1, r.code());
    assertEquals("error: a2.json: literal 256 does not fit uint8 [0, 255]\n",
        r.err().replace(dir + "/", ""));
  }

  @Test
  void complexNumbers_asRealAndImagObjects_aBareNumberReadAsReal_bothWays() throws IOException {
    Path graph = write("c.tat", """
        %c = placeholder() : tensor<complex64>[None]
        %sq = mul(%c, %c) : tensor<complex64>[None]
        %re = real(%c) : tensor<float32>[None]
        %z = placeholder() : tensor<complex128>[2]
        return %sq, %re, %z
        """);
    Path c = write("c.json", "[{\"real\": 1.0, \"imag\": 2}, 3, {\"real\": 0.5, \"imag\": -0.25}]");
    Path z = write("z.json", "[{\"real\": NaN, \"imag\": -Infinity}, {\"real\": 0.1, \"imag\": 1e-300}]");
    // np.square([1+2j, 3, 0.5-0.25j]) -> [-3+4j, 9+0j, 0.1875-0.25j]; np.real -> [1, 3, 0.5]
    String out = json("run", graph, "--feed", "c=@" + c, "--feed", "z=@" + z);
    assertEquals("""
        {
          "sq": {"dtype": "complex64", "shape": [3], "values": [{"real": -3.0, "imag": 4.0}, {"real": 9.0, "imag": 0.0}, \
        {"real": 0.1875, "imag": -0.25}]},
          "re": {"dtype": "float32", "shape": [3], "values": [1.0, 3.0, 0.5]},
          "z": {"dtype": "complex128", "shape": [2], "values": [{"real": NaN, "imag": -Infinity}, \
        {"real": 0.1, "imag": 1.0E-300}]}
        }
        """, out);
    // the written object feeds the placeholder again, to the same value
    String zWritten = out.lines().toList().get(3);
    Path again = write("z2.json", zWritten.substring(zWritten.indexOf(": ") + 2));
    Path zOnly = write("z.tat", """
        %z = placeholder() : tensor<complex128>[2]
        return %z
        """);
    assertEquals("{\"dtype\": \"complex128\", \"shape\": [2], \"values\": [{\"real\": NaN, \"imag\": -Infinity},"
        + " {\"real\": 0.1, \"imag\": 1.0E-300}]}", member(json("run", zOnly, "--feed", "z=@" + again)));
  }
}
