package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static dev.tatter.frontend.Harness.runtimeError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * tensorflow_text's whitespace, Unicode-script and regex splitters through {@code tf.text}: TF
 * Text's documented examples and test cases (the call beside each), then multilingual edge cases
 * whose expected values follow from the documented rule and Unicode's data (named beside each).
 */
class TextSplitTest {
  static Value strings(GraphBuilder g, String... text) {
    return g.constant(Tensor.ofStrings(text));
  }

  static Value bytes(GraphBuilder g, String... latin1) {
    byte[][] b = new byte[latin1.length][];
    for (int i = 0; i < b.length; i++) {
      b[i] = latin1[i].getBytes(StandardCharsets.ISO_8859_1);
    }
    return g.constant(Tensor.ofByteStrings(b));
  }

  /** The three results of a {@code _with_offsets} call, run everywhere, as text. */
  static List<String> run3(GraphBuilder g, List<Value> results) {
    return Harness.runEverywhere(g.build(results.toArray(Value[]::new)), Map.of()).stream().map(String::valueOf).toList();
  }

  @Test
  void whitespaceTokenizer_tfTextDocExamples() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // text.WhitespaceTokenizer().tokenize("small medium large") -> [b'small', b'medium', b'large']
    Value scalar = tf.text.whitespaceTokenizer().tokenize(g.constant(Tensor.scalar(DType.STRING, "small medium large")));
    assertEquals("[b'small', b'medium', b'large']", runFirst(g, scalar));
    // text.WhitespaceTokenizer().tokenize_with_offsets("a bb ccc") -> [b'a' b'bb' b'ccc'] [0 2 5] [1 4 8]
    assertEquals(List.of("[b'a', b'bb', b'ccc']", "[0, 2, 5]", "[1, 4, 8]"),
        run3(g, tf.text.whitespaceTokenizer().tokenizeWithOffsets(g.constant(Tensor.scalar(DType.STRING, "a bb ccc")))));
  }

  @Test
  void whitespaceTokenizer_tfTextTestCases() {
    GraphBuilder g = new GraphBuilder();
    Splitter ws = g.ops().text.whitespaceTokenizer();
    // whitespace_tokenizer_test.py testInternationalization: [u"J'adore la灯", u'¡Escríbeme!']
    assertEquals(List.of("[[b\"J'adore\", b'la\\xe7\\x81\\xaf'], [b'\\xc2\\xa1Escr\\xc3\\xadbeme!']]", "[[0, 8], [0]]", "[[7, 13], [13]]"),
        run3(g, ws.tokenizeWithOffsets(strings(g, "J'adore la灯", "¡Escríbeme!"))));
    // testSpaceBoundaries: [b' Hook em! ', b' .Ok.   Go  '] -> [[b'Hook', b'em!'], [b'.Ok.', b'Go']], [[1, 6], [1, 8]], [[5, 9], [5, 10]]
    assertEquals(List.of("[[b'Hook', b'em!'], [b'.Ok.', b'Go']]", "[[1, 6], [1, 8]]", "[[5, 9], [5, 10]]"),
        run3(g, ws.tokenizeWithOffsets(strings(g, " Hook em! ", " .Ok.   Go  "))));
    // whitespace_tokenizer_test.cc InvalidCodepoint: "\xE3" -> start 0, end 1
    assertEquals(List.of("[[b'\\xe3']]", "[[0]]", "[[1]]"), run3(g, ws.tokenizeWithOffsets(bytes(g, "\u00e3"))));
  }

  @Test
  void whitespaceTokenizer_splitsAtEveryUnicodeWhiteSpace_notAtZeroWidthSpaceOrControls() {
    GraphBuilder g = new GraphBuilder();
    Splitter ws = g.ops().text.whitespaceTokenizer();
    // PropList.txt White_Space: U+00A0 (2 bytes), U+3000 (3), U+2028 (3), U+0085 (2), U+1680, U+202F;
    // not U+200B ZERO WIDTH SPACE, nor the controls U+0001 / U+001F.
    // text.WhitespaceTokenizer().tokenize_with_offsets(["a\u00a0b\u3000c\u2028d\u0085e\u200bf", "\u0001x\u001fy\u1680z\u202f"])
    List<String> out = run3(g, ws.tokenizeWithOffsets(
        strings(g, "a\u00a0b\u3000c\u2028d\u0085e\u200bf", "\u0001x\u001fy\u1680z\u202f")));
    assertEquals("[[b'a', b'b', b'c', b'd', b'e\\xe2\\x80\\x8bf'], [b'\\x01x\\x1fy', b'z']]", out.get(0));
    assertEquals("[[0, 3, 7, 11, 14], [0, 7]]", out.get(1));
    assertEquals("[[1, 4, 8, 12, 19], [4, 8]]", out.get(2));
  }

  @Test
  void whitespaceTokenizer_emptyStringsAndRows_raggedAndDenseInput() {
    GraphBuilder g = new GraphBuilder();
    Splitter ws = g.ops().text.whitespaceTokenizer();
    // text.WhitespaceTokenizer().tokenize(["", "   ", "x"]) -> [[], [], [b'x']]
    assertEquals("[[], [], [b'x']]", runFirst(g, ws.tokenize(strings(g, "", "   ", "x"))));
    // text.WhitespaceTokenizer().tokenize(tf.ragged.constant([["hello world", "中文 テキスト"], []]))
    Value rt = g.raggedFromRowSplits(strings(g, "hello world", "中文 テキスト"), g.constant(Tensor.ofLongs(0, 2, 2)));
    Value tokens = ws.tokenize(rt);
    assertEquals(2, tokens.raggedRank());
    assertEquals("[[[b'hello', b'world'], [b'\\xe4\\xb8\\xad\\xe6\\x96\\x87', b'\\xe3\\x83\\x86\\xe3\\x82\\xad\\xe3\\x82\\xb9\\xe3\\x83\\x88']], []]",
        runFirst(g, tokens));
    // text.WhitespaceTokenizer().tokenize_with_offsets([["a b", ""], ["c", " d"]])[1] -> [[[0, 2], []], [[0], [1]]]
    Value m = g.constant(Tensor.of(DType.STRING, new String[] {"a b", "", "c", " d"}, 2, 2));
    assertEquals("[[[0, 2], []], [[0], [1]]]", runFirst(g, ws.tokenizeWithOffsets(m).get(1)));
  }

  @Test
  void unicodeScriptTokenizer_tfTextDocExamples() {
    GraphBuilder g = new GraphBuilder();
    Splitter us = g.ops().text.unicodeScriptTokenizer();
    // text.UnicodeScriptTokenizer().tokenize(["xy.,z de", "fg?h", "abαβ"])
    assertEquals("[[b'xy', b'.,', b'z', b'de'], [b'fg', b'?', b'h'], [b'ab', b'\\xce\\xb1\\xce\\xb2']]",
        runFirst(g, us.tokenize(strings(g, "xy.,z de", "fg?h", "abαβ"))));
    // text.UnicodeScriptTokenizer().tokenize_with_offsets(["xy.,z de", "abαβ"]) -> starts [[0, 2, 4, 6], [0, 2]], ends [[2, 4, 5, 8], [2, 6]]
    List<String> out = run3(g, us.tokenizeWithOffsets(strings(g, "xy.,z de", "abαβ")));
    assertEquals("[[0, 2, 4, 6], [0, 2]]", out.get(1));
    assertEquals("[[2, 4, 5, 8], [2, 6]]", out.get(2));
    // text.UnicodeScriptTokenizer().tokenize_with_offsets(u"累計7239人") -> [b'累計' b'7239' b'人'], [0 6 10], [6 10 13]
    assertEquals(List.of("[b'\\xe7\\xb4\\xaf\\xe8\\xa8\\x88', b'7239', b'\\xe4\\xba\\xba']", "[0, 6, 10]", "[6, 10, 13]"),
        run3(g, us.tokenizeWithOffsets(g.constant(Tensor.scalar(DType.STRING, "累計7239人")))));
  }

  @Test
  void unicodeScriptTokenizer_tfTextTestCases() {
    GraphBuilder g = new GraphBuilder();
    // unicode_script_tokenizer_test.py testInternationalization
    assertEquals(List.of("[[b'J', b\"'\", b'adore', b'la', b'\\xe7\\x81\\xaf'], [b'\\xc2\\xa1', b'Escr\\xc3\\xadbeme', b'!']]",
            "[[0, 1, 2, 8, 10], [0, 2, 12]]", "[[1, 2, 7, 10, 13], [2, 12, 13]]"),
        run3(g, g.ops().text.unicodeScriptTokenizer().tokenizeWithOffsets(strings(g, "J'adore la灯", "¡Escríbeme!"))));
    // testKeepWhitespace: UnicodeScriptTokenizer(keep_whitespace=True) on [b' .Ok.   Go  ']
    assertEquals(List.of("[[b' ', b'.', b'Ok', b'.', b'   ', b'Go', b'  ']]", "[[0, 1, 2, 4, 5, 8, 10]]", "[[1, 2, 4, 5, 8, 10, 12]]"),
        run3(g, g.ops().text.unicodeScriptTokenizer(true).tokenizeWithOffsets(strings(g, " .Ok.   Go  "))));
    // testOnlySpaces: [b' ', b'     '] -> [[], []]
    assertEquals("[[], []]", runFirst(g, g.ops().text.unicodeScriptTokenizer().tokenize(strings(g, " ", "     "))));
  }

  @Test
  void unicodeScriptTokenizer_multilingual() {
    GraphBuilder g = new GraphBuilder();
    Splitter us = g.ops().text.unicodeScriptTokenizer();
    // Scripts.txt: Arabic letters Arab; Devanagari letters, virama U+094D and vowel signs Deva; Thai Thai;
    // U+1F469/U+1F4BB Zyyy (Common) and U+200D ZWJ Zinh (Inherited); U+0301 Zinh; U+FFFD Zyyy.
    // text.UnicodeScriptTokenizer().tokenize(["مرحبا بالعالم", "नमस्ते दुनिया", "สวัสดีครับ", "👩\u200d💻", "e\u0301", ""])
    assertEquals("[[b'\\xd9\\x85\\xd8\\xb1\\xd8\\xad\\xd8\\xa8\\xd8\\xa7', b'\\xd8\\xa8\\xd8\\xa7\\xd9\\x84\\xd8\\xb9\\xd8\\xa7\\xd9\\x84\\xd9\\x85'], "
            + "[b'\\xe0\\xa4\\xa8\\xe0\\xa4\\xae\\xe0\\xa4\\xb8\\xe0\\xa5\\x8d\\xe0\\xa4\\xa4\\xe0\\xa5\\x87', b'\\xe0\\xa4\\xa6\\xe0\\xa5\\x81\\xe0\\xa4\\xa8\\xe0\\xa4\\xbf\\xe0\\xa4\\xaf\\xe0\\xa4\\xbe'], "
            + "[b'\\xe0\\xb8\\xaa\\xe0\\xb8\\xa7\\xe0\\xb8\\xb1\\xe0\\xb8\\xaa\\xe0\\xb8\\x94\\xe0\\xb8\\xb5\\xe0\\xb8\\x84\\xe0\\xb8\\xa3\\xe0\\xb8\\xb1\\xe0\\xb8\\x9a'], "
            + "[b'\\xf0\\x9f\\x91\\xa9', b'\\xe2\\x80\\x8d', b'\\xf0\\x9f\\x92\\xbb'], [b'e', b'\\xcc\\x81'], []]",
        runFirst(g, us.tokenize(strings(g, "مرحبا بالعالم", "नमस्ते दुनिया", "สวัสดีครับ", "👩\u200d💻", "e\u0301", ""))));
    // an ill-formed byte is decoded as U+FFFD (unicode_decode_with_offsets' errors="replace") and encoded so;
    // its offsets are the original bytes': text.UnicodeScriptTokenizer().tokenize_with_offsets([b"ab\xffcd"])
    assertEquals(List.of("[[b'ab', b'\\xef\\xbf\\xbd', b'cd']]", "[[0, 2, 3]]", "[[2, 3, 5]]"),
        run3(g, us.tokenizeWithOffsets(bytes(g, "ab\u00ffcd"))));
    // whitespace inside a run of one script is skipped in the token, spanned by its offsets (the kernel's rule):
    // text.UnicodeScriptTokenizer().tokenize_with_offsets(["a . , b"]) -> [[b'a', b'.,', b'b']], [[0, 2, 6]], [[1, 5, 7]]
    assertEquals(List.of("[[b'a', b'.,', b'b']]", "[[0, 2, 6]]", "[[1, 5, 7]]"),
        run3(g, us.tokenizeWithOffsets(strings(g, "a . , b"))));
  }

  @Test
  void unicodeScript_isIcusScriptCode() {
    GraphBuilder g = new GraphBuilder();
    // tf.strings.unicode_script([72, 1041, 20540, 1575, 2344, 3626, 769, 128105, 0x110000]) ->
    // uscript.h: LATIN 25, CYRILLIC 8, HAN 17, ARABIC 2, DEVANAGARI 10, THAI 38, INHERITED 1, COMMON 0, -1 (no code point)
    Value codes = g.ops().strings.unicodeScript(g.constant(Tensor.ofInts(72, 1041, 20540, 1575, 2344, 3626, 769, 128105, 0x110000)));
    assertEquals("[25, 8, 17, 2, 10, 38, 1, 0, -1]", runFirst(g, codes));
  }

  @Test
  void regexSplit_tfTextDocExamples() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // text.regex_split_with_offsets(["hello there"], "\s") -> [[b'hello', b'there']], [[0, 6]], [[5, 11]]
    assertEquals(List.of("[[b'hello', b'there']]", "[[0, 6]]", "[[5, 11]]"),
        run3(g, tf.text.regexSplitWithOffsets(strings(g, "hello there"), "\\s")));
    // text.regex_split_with_offsets(["hello there"], "\s", "\s") -> [[b'hello', b' ', b'there']], [[0, 5, 6]], [[5, 6, 11]]
    assertEquals(List.of("[[b'hello', b' ', b'there']]", "[[0, 5, 6]]", "[[5, 6, 11]]"),
        run3(g, tf.text.regexSplitWithOffsets(strings(g, "hello there"), "\\s", "\\s")));
    // anchors after non-ASCII text (re2j's UTF-8 input took the position after é for the text's beginning):
    // text.regex_split_with_offsets(["éb,b"], "^b|,") -> [[b'\xc3\xa9b', b'b']], [[0, 4]], [[3, 5]]
    assertEquals(List.of("[[b'\\xc3\\xa9b', b'b']]", "[[0, 4]]", "[[3, 5]]"),
        run3(g, tf.text.regexSplitWithOffsets(strings(g, "éb,b"), "^b|,")));
    // text.regex_split_with_offsets(["hello  there"], "\s") -> [[b'hello', b'there']], [[0, 7]], [[5, 12]]
    assertEquals(List.of("[[b'hello', b'there']]", "[[0, 7]]", "[[5, 12]]"),
        run3(g, tf.text.regexSplitWithOffsets(strings(g, "hello  there"), "\\s")));
    // text.RegexSplitter().split([b"Hi there.\nWhat time is it?\nIt is gametime.", b"Who let the dogs out?\nWho?\nWho?\nWho?\n\n"])
    String expected = "[[b'Hi there.', b'What time is it?', b'It is gametime.'], [b'Who let the dogs out?', b'Who?', b'Who?', b'Who?']]";
    assertEquals(expected, runFirst(g, tf.text.regexSplitter().split(
        strings(g, "Hi there.\nWhat time is it?\nIt is gametime.", "Who let the dogs out?\nWho?\nWho?\nWho?\n\n"))));
    // text.RegexSplitter(split_regex='\t').split([...tab-separated...])
    assertEquals(expected, runFirst(g, tf.text.regexSplitter("\t").split(
        strings(g, "Hi there.\tWhat time is it?\tIt is gametime.", "Who let the dogs out?\tWho?\tWho?\tWho?\t\t"))));
  }

  @Test
  void regexSplit_multilingualBytesOffsets_raggedInput() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // offsets are bytes: text.regex_split_with_offsets(["東京、大阪。", "مرحبا، عالم"], "[、。،]", "[、。،]")
    // 東 京 are 3 bytes each, 、 (U+3001) 3 bytes; the Arabic comma U+060C 2 bytes, Arabic letters 2 bytes each
    List<String> out = run3(g, tf.text.regexSplitWithOffsets(strings(g, "東京、大阪。", "مرحبا، عالم"), "[、。،]", "[、。،]"));
    assertEquals("[[0, 6, 9, 15], [0, 10, 12]]", out.get(1));
    assertEquals("[[6, 9, 15, 18], [10, 12, 21]]", out.get(2));
    // \p{Zs} in RE2 is Unicode's space separators: text.regex_split(["a\u00a0b\u3000c"], "\p{Zs}") -> [[b'a', b'b', b'c']]
    assertEquals("[[b'a', b'b', b'c']]", runFirst(g, tf.text.regexSplit(strings(g, "a\u00a0b\u3000c"), "\\p{Zs}")));
    // ragged input keeps its rows: text.regex_split(tf.ragged.constant([["a-b", ""], []]), "-") -> [[[b'a', b'b'], []], []]
    Value rt = g.raggedFromRowSplits(strings(g, "a-b", ""), g.constant(Tensor.ofLongs(0, 2, 2)));
    assertEquals("[[[b'a', b'b'], []], []]", runFirst(g, tf.text.regexSplit(rt, "-")));
  }

  @Test
  void regexSplit_delimiterMatchingEmpty_isRefused() {
    GraphBuilder g = new GraphBuilder();
    // TF Text's kernel loops forever on a pattern that matches the empty string (RE2::FindAndConsume does not advance)
    String message = runtimeError(g, g.ops().text.regexSplit(strings(g, "ab"), "\\s*"));
    assertTrue(message.contains("matches the empty string"), message);
  }
}
