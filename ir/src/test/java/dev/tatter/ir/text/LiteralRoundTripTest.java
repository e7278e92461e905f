package dev.tatter.ir.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.Graph;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Constants of every dtype and width print and parse back to the identical tensor: extreme
 * integers, NaN, infinities, -0.0, subnormals, the shortest float32 digits, and strings with
 * quotes, backslashes, control characters and characters outside the BMP.
 */
class LiteralRoundTripTest {

  /** The constant {@code t} printed as a one-node graph, parsed back, and its value. */
  private static Tensor roundTrip(Tensor t) {
    Graph g = GraphParser.parse("%c = constant() {value = " + TextSyntax.formatTensor(t) + "} : "
        + new DenseType(t.dtype(), com.google.common.collect.ImmutableList.copyOf(
            Arrays.stream(t.shape()).mapToObj(d -> (long) d).toList())) + "\nreturn %c\n", "c.tat");
    String printed = GraphPrinter.print(g);
    assertEquals(printed, GraphPrinter.print(GraphParser.parse(printed, "again.tat")));
    return g.nodes().get(0).attributes().getTensor("value");
  }

  @Test
  void integerExtremes_ofEveryWidth_roundTrip() {
    for (Tensor t : List.of(
        Tensor.ofBytes(Byte.MIN_VALUE, (byte) -1, (byte) 0, Byte.MAX_VALUE),
        Tensor.ofShorts(Short.MIN_VALUE, (short) -1, (short) 0, Short.MAX_VALUE),
        Tensor.ofInts(Integer.MIN_VALUE, -1, 0, Integer.MAX_VALUE),
        Tensor.ofLongs(Long.MIN_VALUE, -1, 0, Long.MAX_VALUE),
        Tensor.ofBools(true, false))) {
      assertEquals(t, roundTrip(t));
    }
  }

  @Test
  void specialFloats_roundTripBitForBit() {
    Tensor f32 = Tensor.ofFloats(Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0.0f, 0.0f,
        Float.MIN_VALUE, Float.MIN_NORMAL, Float.MAX_VALUE, -Float.MAX_VALUE, 0.1f, 1f / 3, 16777217f, 1e-40f);
    Tensor f64 = Tensor.ofDoubles(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -0.0, 0.0,
        Double.MIN_VALUE, Double.MIN_NORMAL, Double.MAX_VALUE, 0.1, 1.0 / 3, 2e-3, 1e23, 9007199254740993.0);
    assertEquals(f32, roundTrip(f32));
    assertEquals(f64, roundTrip(f64));
    assertEquals("tensor<float32>[3] [nan, -inf, -0.0]",
        TextSyntax.formatTensor(Tensor.ofFloats(Float.NaN, Float.NEGATIVE_INFINITY, -0.0f)));
  }

  @Test
  void strings_withEscapesAndControlCharacters_roundTrip() {
    Tensor t = Tensor.ofStrings("", "a\"b", "back\\slash", "line\nbreak\r\ttab", "\0\u0001\u001f\u007f",
        "Ünïcödé — 日本語", "\uD83D\uDE00 emoji", "%x = return // # not a comment");
    assertEquals(t, roundTrip(t));
    // bytes that are not UTF-8 print as \xNN and read back as those bytes
    Tensor bytes = Tensor.ofByteStrings(new byte[] {(byte) 0xff, 'a', (byte) 0xc3}, new byte[] {(byte) 0xed, (byte) 0xa0, (byte) 0x80});
    assertEquals(bytes, roundTrip(bytes));
    assertEquals("tensor<string>[2] [\"\\xffa\\xc3\", \"\\xed\\xa0\\x80\"]", TextSyntax.formatTensor(bytes));
    // Java text with a lone surrogate has no UTF-8: refused where it enters, naming the element and the char
    IllegalArgumentException lone = assertThrows(IllegalArgumentException.class, () -> Tensor.ofStrings("ok", "lone \uD800 surrogate"));
    assertEquals("element 1 of the strings holds a lone surrogate U+D800 at char 5, which UTF-8 cannot encode", lone.getMessage());
    assertEquals("\"\\u0000\\\"\\\\\\n\"", TextSyntax.quote("\0\"\\\n"));
  }

  @Test
  void jsonEscapes_areReadToo() {
    Tensor t = (Tensor) GraphParser.parseValue("[\"a\\/b\", \"\\b\\f\", \"\\u00e9\\u0041\"]",
        DenseType.of(DType.STRING, -1), "feed");
    assertEquals(Tensor.ofStrings("a/b", "\b\f", "éA"), t);
  }

  @Test
  void float32_isReadFromTheDigits_notRoundedTwice() {
    // 1.00000005960464477539062500000001 lies just above the midpoint between 1 and the next
    // float; rounding first to double lands exactly on the midpoint and then rounds to even (1.0).
    String digits = "1.00000005960464477539062500000001";
    Tensor t = (Tensor) GraphParser.parseValue("[" + digits + "]", DenseType.of(DType.FLOAT32, 1), "feed");
    assertEquals(Float.parseFloat(digits), t.getDouble(0), 0.0);
    assertEquals(Math.nextUp(1.0f), (float) t.getDouble(0));
  }

  @Test
  void outOfRangeLiterals_areErrorsNotTruncations() {
    IrParseException e = assertThrows(IrParseException.class,
        () -> GraphParser.parse("%c = constant() {value = tensor<int8>[1] [128]} : tensor<int8>[1]\n", "c.tat"));
    assertEquals("c.tat:1:26: literal 128 does not fit int8 [-128, 127]", e.getMessage());
    e = assertThrows(IrParseException.class,
        () -> GraphParser.parse("%c = constant() {value = tensor<float32>[] 1e39} : tensor<float32>[]\n", "c.tat"));
    assertEquals("c.tat:1:26: literal 1e39 is out of range for float32: finite as a float64, it rounds to inf, which tf.constant refuses"
        + " (write inf or -inf for an infinity)", e.getMessage());
    e = assertThrows(IrParseException.class,
        () -> GraphParser.parse("%c = constant() {value = tensor<int64>[] 9223372036854775808} : tensor<int64>[]\n", "c.tat"));
    assertEquals("c.tat:1:26: literal 9223372036854775808 does not fit int64 [-9223372036854775808, 9223372036854775807]",
        e.getMessage());
  }

  @Test
  void raggedFeedLiteral_withOrWithoutItsType_buildsTheRaggedTensor() {
    Type type = GraphParser.parseType("ragged<float32>[None, (None)]");
    RaggedTensor expected = RaggedTensor.of(Tensor.ofFloats(1, 2, 3),
        RowPartition.fromRowSplits(new long[] {0, 2, 2, 3}, DType.INT64, true));
    assertEquals(expected, GraphParser.parseValue("[[1.0, 2], [], [3.0]]", type, "feed"));
    assertEquals(expected, GraphParser.parseValue("ragged<float32>[None, (None)] [[1.0, 2], [], [3.0]]", type, "feed"));
    IrParseException e = assertThrows(IrParseException.class,
        () -> GraphParser.parseValue("ragged<float64>[None, (None)] [[1.0]]", type, "x"));
    assertEquals("x:1:1: the value's type ragged<float64>[None, (None)] differs from the expected type "
        + "ragged<float32>[None, (None)]", e.getMessage());
  }

  @Test
  void raggedFeedLiteral_ofRaggedRankTwoWithUniformInnerDim_checksTheUniformLength() {
    Type type = GraphParser.parseType("ragged<int32>[2, (None), (None), 2]");
    RaggedTensor rt = (RaggedTensor) GraphParser.parseValue("[[[[1, 2]], []], [[[3, 4], [5, 6]]]]", type, "feed");
    assertEquals("[[[[1, 2]], []], [[[3, 4], [5, 6]]]]", rt.toString());
    IrParseException e = assertThrows(IrParseException.class,
        () -> GraphParser.parseValue("[[1, 2], [3]]", GraphParser.parseType("ragged<int32, ragged_rank=1>[2, 2]"), "f"));
    assertTrue(e.getMessage().contains("literal[1] has 1 elements but dimension 1 is uniform with length 2"), e.getMessage());
  }

  @Property(tries = 300, seed = "7")
  void anyTensor_printsAndParsesBackIdentically(@ForAll("tensors") Tensor t) {
    assertEquals(t, roundTrip(t));
  }

  @Provide
  Arbitrary<Tensor> tensors() {
    return Arbitraries.oneOf(
        Arbitraries.integers().between(Byte.MIN_VALUE, Byte.MAX_VALUE).list().ofMaxSize(6)
            .map(l -> { byte[] a = new byte[l.size()]; for (int i = 0; i < a.length; i++) a[i] = l.get(i).byteValue(); return Tensor.ofBytes(a); }),
        Arbitraries.shorts().list().ofMaxSize(6)
            .map(l -> { short[] a = new short[l.size()]; for (int i = 0; i < a.length; i++) a[i] = l.get(i); return Tensor.ofShorts(a); }),
        Arbitraries.integers().list().ofMaxSize(6).map(l -> Tensor.ofInts(l.stream().mapToInt(Integer::intValue).toArray())),
        Arbitraries.longs().list().ofMaxSize(6).map(l -> Tensor.ofLongs(l.stream().mapToLong(Long::longValue).toArray())),
        Arbitraries.integers().map(Float::intBitsToFloat).list().ofMaxSize(6)
            .map(l -> { float[] a = new float[l.size()]; for (int i = 0; i < a.length; i++) a[i] = l.get(i); return Tensor.ofFloats(a); }),
        Arbitraries.longs().map(Double::longBitsToDouble).list().ofMaxSize(6)
            .map(l -> Tensor.ofDoubles(l.stream().mapToDouble(Double::doubleValue).toArray())),
        Arbitraries.strings().all().ofMaxLength(8).filter(LiteralRoundTripTest::isText).list().ofMaxSize(4)
            .map(l -> Tensor.ofStrings(l.toArray(String[]::new))),
        Arbitraries.bytes().array(byte[].class).ofMaxSize(6).list().ofMaxSize(4)
            .map(l -> Tensor.ofByteStrings(l.toArray(byte[][]::new))),
        Arbitraries.of(true, false).list().ofMaxSize(6)
            .map(l -> { boolean[] a = new boolean[l.size()]; for (int i = 0; i < a.length; i++) a[i] = l.get(i); return Tensor.ofBools(a); }))
        .flatMap(t -> t.size() % 2 == 0 && t.size() > 0
            ? Arbitraries.of(t, t.reshape(2, t.size() / 2), t.reshape(1, t.size(), 1))
            : Arbitraries.just(t.size() == 1 ? t.reshape() : t));
  }

  /** Whether Java text has a UTF-8 encoding: no lone surrogate. */
  static boolean isText(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(c)) {
        return false;
      }
    }
    return true;
  }
}
