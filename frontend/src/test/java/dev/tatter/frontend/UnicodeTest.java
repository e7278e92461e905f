package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.ByteStrings;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code tf.strings.unicode_decode / _with_offsets / unicode_split / unicode_encode}: TF's examples, ill-formed input, errors. */
class UnicodeTest {
  /** TF's docstring input: [u'G\xf6\xf6dnight'.encode('utf8'), u'\U0001f60a'.encode('utf8')]. */
  private static Value goodnight(GraphBuilder g) {
    return g.constant(Tensor.ofStrings("G\u00f6\u00f6dnight", "\ud83d\ude0a"));
  }

  /** Raw bytes: "a\xffb", a truncated 3-byte sequence, an overlong NUL, an encoded surrogate. */
  private static Value illFormed(GraphBuilder g) {
    return g.constant(Tensor.ofByteStrings(ByteStrings.bytes("a\u00ffb"), ByteStrings.bytes("\u00e2\u0082"), ByteStrings.bytes("\u00c0\u0080"),
        ByteStrings.bytes("\u00ed\u00a0\u0080")));
  }

  @Test
  void docExamples() {
    GraphBuilder g = new GraphBuilder();
    // tf.strings.unicode_decode(input, 'UTF-8').to_list() -> [[71, 246, 246, 100, 110, 105, 103, 104, 116], [128522]]
    assertEquals("[[71, 246, 246, 100, 110, 105, 103, 104, 116], [128522]]", runFirst(g, Strings.unicodeDecode(goodnight(g))));
    // tf.strings.unicode_decode_with_offsets(input, 'UTF-8')[1].to_list() -> [[0, 1, 3, 5, 6, 7, 8, 9, 10], [0]]
    List<Value> both = Strings.unicodeDecodeWithOffsets(goodnight(g), "replace", 0xFFFD);
    assertEquals("[[0, 1, 3, 5, 6, 7, 8, 9, 10], [0]]", runFirst(g, both.get(1)));
    // tf.strings.unicode_split(input, 'UTF-8').to_list()
    //   -> [[b'G', b'\xc3\xb6', b'\xc3\xb6', b'd', b'n', b'i', b'g', b'h', b't'], [b'\xf0\x9f\x98\x8a']]
    assertEquals("[[b'G', b'\\xc3\\xb6', b'\\xc3\\xb6', b'd', b'n', b'i', b'g', b'h', b't'], [b'\\xf0\\x9f\\x98\\x8a']]",
        runFirst(g, Strings.unicodeSplit(goodnight(g))));
    // tf.strings.unicode_encode(tf.ragged.constant([[71, 246, 246, 100, 110, 105, 103, 104, 116], [128522]]), 'UTF-8')
    //   -> [b'G\xc3\xb6\xc3\xb6dnight', b'\xf0\x9f\x98\x8a']
    assertEquals("[b'G\\xc3\\xb6\\xc3\\xb6dnight', b'\\xf0\\x9f\\x98\\x8a']", runFirst(g, Strings.unicodeEncode(Strings.unicodeDecode(goodnight(g)))));
  }

  @Test
  void illFormedInput_replaceIgnoreStrict() {
    GraphBuilder g = new GraphBuilder();
    // tf.strings.unicode_decode([b"a\xffb", b"\xe2\x82", b"\xc0\x80", b"\xed\xa0\x80"], 'UTF-8', errors='replace')
    //   -> one U+FFFD per maximal ill-formed subpart, as ICU: [[97, 65533, 98], [65533], [65533, 65533], [65533, 65533, 65533]]
    assertEquals("[[97, 65533, 98], [65533], [65533, 65533], [65533, 65533, 65533]]", runFirst(g, Strings.unicodeDecode(illFormed(g))));
    // ..., errors='replace', replacement_char=63 -> [[97, 63, 98], [63], [63, 63], [63, 63, 63]]
    assertEquals("[[97, 63, 98], [63], [63, 63], [63, 63, 63]]", runFirst(g, Strings.unicodeDecode(illFormed(g), "replace", 63)));
    // ..., errors='ignore' -> [[97, 98], [], [], []]
    assertEquals("[[97, 98], [], [], []]", runFirst(g, Strings.unicodeDecode(illFormed(g), "ignore", 0xFFFD)));
    // ..., offsets with errors='replace' -> [[0, 1, 2], [0], [0, 1], [0, 1, 2]]
    assertEquals("[[0, 1, 2], [0], [0, 1], [0, 1, 2]]", runFirst(g, Strings.unicodeDecodeWithOffsets(illFormed(g), "replace", 0xFFFD).get(1)));
    // tf.strings.unicode_split([b"a\xffb"], 'UTF-8', errors='ignore') -> [[b'a\xff', b'b']]: a piece runs to the next start
    Value one = g.constant(Tensor.ofByteStrings(ByteStrings.bytes("a\u00ffb")));
    assertEquals("[[b'a\\xff', b'b']]", runFirst(g, Strings.unicodeSplit(one, "ignore", 0xFFFD)));
    // errors='strict' raises InvalidArgumentError
    Value strict = Strings.unicodeDecode(illFormed(g), "strict", 0xFFFD);
    InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> new Session(g.build(strict)).run(Map.of(), strict));
    assertTrue(e.getMessage().contains("Invalid formatting on input string: input[0] is not valid UTF-8 at byte 1"), e.getMessage());
  }

  @Test
  void combiningAndFourByteCharacters_andEmptyStrings() {
    GraphBuilder g = new GraphBuilder();
    // tf.strings.unicode_decode(["e\u0301", "", "\U00010348"], 'UTF-8') -> [[101, 769], [], [66376]]
    Value s = g.constant(Tensor.ofStrings("e\u0301", "", "\ud800\udf48"));
    assertEquals("[[101, 769], [], [66376]]", runFirst(g, Strings.unicodeDecode(s)));
    // tf.strings.unicode_decode("ab", 'UTF-8') on a scalar -> [97, 98]
    assertEquals("[97, 98]", runFirst(g, Strings.unicodeDecode(g.constant(Tensor.scalar(DType.STRING, "ab")))));
  }

  @Test
  void encode_invalidCodePoints_andDenseInput() {
    GraphBuilder g = new GraphBuilder();
    Value cps = g.raggedFromRowSplits(g.constant(Tensor.ofInts(72, -1, 0xD800, 0x110000, 105)), g.constant(Tensor.ofLongs(0, 5)));
    // tf.strings.unicode_encode(tf.ragged.constant([[72, -1, 0xD800, 0x110000, 105]]), 'UTF-8') -> [b'H\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbdi']
    assertEquals("[b'H\\xef\\xbf\\xbd\\xef\\xbf\\xbd\\xef\\xbf\\xbdi']", runFirst(g, Strings.unicodeEncode(cps)));
    // ..., errors='ignore' -> [b'H\xef\xbf\xbdi']: TF drops -1 and 0x110000 but ICU writes the lone surrogate as U+FFFD
    assertEquals("[b'H\\xef\\xbf\\xbdi']", runFirst(g, Strings.unicodeEncode(cps, "ignore", 0xFFFD)));
    Value strict = Strings.unicodeEncode(cps, "strict", 0xFFFD);
    InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> new Session(g.build(strict)).run(Map.of(), strict));
    assertTrue(e.getMessage().contains("Code point -1 is not valid (row 0)"), e.getMessage());
    // noncharacters are invalid to TF's UnicodeEncode (ICU's U_IS_UNICODE_CHAR; found by the TF oracle):
    // tf.strings.unicode_encode([0xFFFF, 0xFDD0, 0xFFFD], 'UTF-8') -> b'\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd'
    assertEquals("b'\\xef\\xbf\\xbd\\xef\\xbf\\xbd\\xef\\xbf\\xbd'",
        runFirst(g, Strings.unicodeEncode(g.constant(Tensor.ofInts(0xFFFF, 0xFDD0, 0xFFFD)))));
    // tf.strings.unicode_encode([72, 105], 'UTF-8') -> b'Hi' (a vector of code points is one string)
    assertEquals("b'Hi'", runFirst(g, Strings.unicodeEncode(g.constant(Tensor.ofInts(72, 105)))));
  }

  @Test
  void badOptions_areBuildErrors() {
    GraphBuilder g = new GraphBuilder();
    Value s = g.constant(Tensor.ofStrings("a"));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> Strings.unicodeDecode(s, "loud", 0xFFFD));
    assertTrue(e.getMessage().contains("errors must be one of strict, replace, ignore, got loud"), e.getMessage());
    e = assertThrows(GraphBuildException.class, () -> Strings.unicodeDecode(s, "replace", 0xD800));
    assertTrue(e.getMessage().contains("replacement_char must be a Unicode scalar value"), e.getMessage());
    e = assertThrows(GraphBuildException.class, () -> Strings.unicodeEncode(g.constant(Tensor.ofInts(1, 2, 3).reshape(1, 1, 3))));
    assertTrue(e.getMessage().contains("takes ragged code points, or a dense tensor of rank 1 or 2"), e.getMessage());
  }
}
