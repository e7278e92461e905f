package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static dev.tatter.frontend.TextSplitTest.bytes;
import static dev.tatter.frontend.TextSplitTest.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * tensorflow_text's normalizers through {@code tf.text}: TF Text's documented examples and its
 * normalize_ops_test.py cases (the call beside each), then edge cases (combining marks, Hangul,
 * compatibility characters, ill-formed UTF-8, empty strings and rows).
 */
class TextNormalizeTest {
  @Test
  void normalizeUtf8_tfTextExamplesAndTests() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // text.normalize_utf8(["株式会社", "ＫＡＤＯＫＡＷＡ"]) -> ['株式会社', 'KADOKAWA']
    assertEquals("[b'\\xe6\\xa0\\xaa\\xe5\\xbc\\x8f\\xe4\\xbc\\x9a\\xe7\\xa4\\xbe', b'KADOKAWA']",
        runFirst(g, tf.text.normalizeUtf8(strings(g, "株式会社", "ＫＡＤＯＫＡＷＡ"))));
    Value s = strings(g, "\u1e9b\u0323", "\ufb01");
    // normalize_ops_test.py: normalize_utf8([u"\u1e9b\u0323", u"\ufb01"], "NFKC") -> [b"\xe1\xb9\xa9", b"fi"] (also "nfkc")
    assertEquals("[b'\\xe1\\xb9\\xa9', b'fi']", runFirst(g, tf.text.normalizeUtf8(s, "nfkc")));
    // normalize_utf8([u"\u1e9b\u0323"], "NFC") -> u"\u1e9b\u0323" unchanged; "\ufb01" too (NFC keeps compatibility characters)
    assertEquals("[b'\\xe1\\xba\\x9b\\xcc\\xa3', b'\\xef\\xac\\x81']", runFirst(g, tf.text.normalizeUtf8(s, "NFC")));
    // normalize_utf8([u"\u1e9b\u0323"], "NFD") -> u"\u017f\u0323\u0307"
    assertEquals("[b'\\xc5\\xbf\\xcc\\xa3\\xcc\\x87', b'\\xef\\xac\\x81']", runFirst(g, tf.text.normalizeUtf8(s, "NFD")));
    // normalize_utf8([u"\u1e9b\u0323"], "NFKD") -> u"\u0073\u0323\u0307"
    assertEquals("[b's\\xcc\\xa3\\xcc\\x87', b'fi']", runFirst(g, tf.text.normalizeUtf8(s, "nfkd")));
    // test_normalize_nfkc_ragged: [[[u"\u1e9b\u0323 \ufb01"], []], [[u"\u1e9b\u0323", u"\ufb01"]]] -> [[[b"ṩ fi"], []], [[b"ṩ", b"fi"]]]
    Value rt = g.ops().ragged.constant(List.of(List.of(List.of("\u1e9b\u0323 \ufb01"), List.of()),
        List.of(List.of("\u1e9b\u0323", "\ufb01"))));
    assertEquals("[[[b'\\xe1\\xb9\\xa9 fi'], []], [[b'\\xe1\\xb9\\xa9', b'fi']]]", runFirst(g, tf.text.normalizeUtf8(rt)));
  }

  @Test
  void normalizeUtf8_composesAndDecomposes_keepsIllFormedBytes() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // UnicodeData.txt: U+00E9 = U+0065 U+0301; U+D55C (한) = U+1112 U+1161 U+11AB (Hangul syllable arithmetic);
    // text.normalize_utf8(["e\u0301", "\ud55c", "①", ""], "NFC") -> [b'\xc3\xa9', b'\xed\x95\x9c', b'\xe2\x91\xa0', b'']
    Value s = strings(g, "e\u0301", "\ud55c", "①", "");
    assertEquals("[b'\\xc3\\xa9', b'\\xed\\x95\\x9c', b'\\xe2\\x91\\xa0', b'']", runFirst(g, tf.text.normalizeUtf8(s, "NFC")));
    // NFD: [b'e\xcc\x81', b'\xe1\x84\x92\xe1\x85\xa1\xe1\x86\xab', b'\xe2\x91\xa0', b'']; NFKC maps ① (U+2460) to 1
    assertEquals("[b'e\\xcc\\x81', b'\\xe1\\x84\\x92\\xe1\\x85\\xa1\\xe1\\x86\\xab', b'\\xe2\\x91\\xa0', b'']",
        runFirst(g, tf.text.normalizeUtf8(s, "NFD")));
    assertEquals("[b'\\xc3\\xa9', b'\\xed\\x95\\x9c', b'1', b'']", runFirst(g, tf.text.normalizeUtf8(s, "NFKC")));
    // ICU's normalizeUTF8 copies an ill-formed byte and normalizes around it: text.normalize_utf8([b"e\xcc\x81\xff"], "NFC")
    assertEquals("[b'\\xc3\\xa9\\xff']", runFirst(g, tf.text.normalizeUtf8(bytes(g, "e\u00cc\u0081\u00ff"), "NFC")));
  }

  @Test
  void caseFoldUtf8_tfTextExamplesAndTests() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // text.case_fold_utf8(['The   Quick-Brown', 'CAT jumped over', 'the lazy dog  !!  '])
    assertEquals("[b'the   quick-brown', b'cat jumped over', b'the lazy dog  !!  ']",
        runFirst(g, tf.text.caseFoldUtf8(strings(g, "The   Quick-Brown", "CAT jumped over", "the lazy dog  !!  "))));
    // normalize_ops_test.py test_lowercase_text: "Non-latin UTF8 chars: ΘͽʦȺЩ" -> u"non-latin utf8 chars: θͽʦⱥщ",
    // "Folded: ßς" -> u"folded: ssσ", "" -> b""
    assertEquals("[b'non-latin utf8 chars: \\xce\\xb8\\xcd\\xbd\\xca\\xa6\\xe2\\xb1\\xa5\\xd1\\x89', b'folded: ss\\xcf\\x83', b'']",
        runFirst(g, tf.text.caseFoldUtf8(strings(g, "Non-latin UTF8 chars: ΘͽʦȺЩ", "Folded: ßς", ""))));
    // test_lowercase_one_string_ragged: [[" TExt ", "to", " loWERcase! "], [" TExt to loWERcase! "]]
    Value rt = g.ops().ragged.constant(List.of(List.of(" TExt ", "to", " loWERcase! "), List.of(" TExt to loWERcase! ")));
    assertEquals("[[b' text ', b'to', b' lowercase! '], [b' text to lowercase! ']]", runFirst(g, tf.text.caseFoldUtf8(rt)));
    // NFKC_Casefold removes default ignorables (DerivedNormalizationProps.txt: U+200B, U+00AD map to nothing)
    // and folds compatibility forms: text.case_fold_utf8(["Ａ\u00adB\u200bC", "ﬁ"]) -> [b'abc', b'fi']
    assertEquals("[b'abc', b'fi']", runFirst(g, tf.text.caseFoldUtf8(strings(g, "Ａ\u00adB\u200bC", "ﬁ"))));
  }

  @Test
  void coerceToStructurallyValidUtf8_replacesEachMaximalSubpart() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // text.coerce_to_structurally_valid_utf8([b"a\xffb", b"\xe3\x81", b"\xf0\x9f\x98\x80", b""]): one U+FFFD per
    // maximal subpart (Unicode 16, 3.9 "U+FFFD substitution of maximal subparts"): \xe3\x81 is one
    assertEquals("[b'a\\xef\\xbf\\xbdb', b'\\xef\\xbf\\xbd', b'\\xf0\\x9f\\x98\\x80', b'']",
        runFirst(g, tf.text.coerceToStructurallyValidUtf8(bytes(g, "a\u00ffb", "\u00e3\u0081", "\u00f0\u009f\u0098\u0080", ""))));
    // text.coerce_to_structurally_valid_utf8([b"\xc0\xaf"], replacement_char=ord("?")) -> [b'??'] (\xc0 never starts a sequence)
    assertEquals("[b'??']", runFirst(g, tf.text.coerceToStructurallyValidUtf8(bytes(g, "\u00c0\u00af"), '?')));
  }

  @Test
  void findSourceOffsets_tfTextTests() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // normalize_ops_test.py test_tensor_input: ["株式会社", "ＫＡＤＯＫＡＷＡ"], [[0, 1, 2], [0, 1, 2]] -> [[0, 1, 2], [0, 3, 6]]
    List<Value> normalized = tf.text.normalizeUtf8WithOffsetsMap(strings(g, "株式会社", "ＫＡＤＯＫＡＷＡ"));
    Value found = tf.text.findSourceOffsets(normalized.get(1), g.constant(Tensor.of(DType.INT64, new long[] {0, 1, 2, 0, 1, 2}, 2, 3)));
    assertEquals("[[0, 1, 2], [0, 3, 6]]", runFirst(g, found));
    // rank > 2: [["株式会社"], ["ＫＡＤＯＫＡＷＡ"]], [[[0, 1, 2]], [[0, 1, 2]]] -> [[[0, 1, 2]], [[0, 3, 6]]]
    List<Value> nested = tf.text.normalizeUtf8WithOffsetsMap(g.constant(Tensor.of(DType.STRING, new String[] {"株式会社", "ＫＡＤＯＫＡＷＡ"}, 2, 1)));
    Value deep = tf.text.findSourceOffsets(nested.get(1), g.constant(Tensor.of(DType.INT64, new long[] {0, 1, 2, 0, 1, 2}, 2, 1, 3)));
    assertEquals("[[[0, 1, 2]], [[0, 3, 6]]]", runFirst(g, deep));
    // test_one_string: "株式会社ＫＡＤＯＫＡＷＡ" (NFKC "株式会社KADOKAWA"): starts [0, 3, ..., 12, 13, ..., 20] map to each
    // source character's start, [0, 3, 6, 9, 12, 15, ..., 33, 36]; an offset past the end gives the source length
    // (test_tensor_input: offset 22 -> 36), and offsets into "" give 0 ([[0, 1, 2]] -> [[0, 0, 0]])
    List<Value> one = tf.text.normalizeUtf8WithOffsetsMap(strings(g, "株式会社ＫＡＤＯＫＡＷＡ", ""));
    Value starts = g.ops().ragged.constant(List.of(List.of(0L, 3L, 6L, 9L, 12L, 13L, 14L, 15L, 16L, 17L, 18L, 19L, 20L, 22L),
        List.of(0L, 1L, 2L)));
    assertEquals("[[0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36, 36], [0, 0, 0]]",
        runFirst(g, tf.text.findSourceOffsets(one.get(1), starts)));
    assertEquals("[b'\\xe6\\xa0\\xaa\\xe5\\xbc\\x8f\\xe4\\xbc\\x9a\\xe7\\xa4\\xbeKADOKAWA', b'']", runFirst(g, one.get(0)));
  }

  @Test
  void offsetsMap_insideAChangedSegment_pointsPastItsSource() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // ICU's Edits::Iterator::sourceIndexFromDestinationIndex: inside a change (not at its start) -> the end of its source.
    // "ﬁ" (U+FB01, 3 bytes) NFKC -> "fi": offsets 0, 1, 2 -> 0, 3, 3; "e\u0301x" NFC -> "\u00e9x": 0, 1, 2, 3 -> 0, 3, 3, 4
    List<Value> m = tf.text.normalizeUtf8WithOffsetsMap(strings(g, "ﬁ", "e\u0301x"), "NFC");
    assertEquals("[b'\\xef\\xac\\x81', b'\\xc3\\xa9x']", runFirst(g, m.get(0)));
    List<Value> k = tf.text.normalizeUtf8WithOffsetsMap(strings(g, "ﬁ", "e\u0301x"), "NFKC");
    Value offsets = g.ops().ragged.constant(List.of(List.of(0L, 1L, 2L), List.of(0L, 1L, 2L, 3L)));
    assertEquals("[[0, 3, 3], [0, 3, 3, 4]]", runFirst(g, tf.text.findSourceOffsets(k.get(1), offsets)));
  }

  @Test
  void badForms_areRefusedWhereTheGraphIsBuilt() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // normalize_ops_test.py test_unknown_normalization_form: normalize_utf8(txt, "NFKD2") raises InvalidArgumentError
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> tf.text.normalizeUtf8(strings(g, "x"), "NFKD2"));
    assertTrue(e.getMessage().contains("Unknown normalization form requested: NFKD2"), e.getMessage());
    GraphBuildException r = assertThrows(GraphBuildException.class,
        () -> tf.text.coerceToStructurallyValidUtf8(strings(g, "x"), 0xD800));
    assertTrue(r.getMessage().contains("replacement_char must be a Unicode scalar value"), r.getMessage());
  }
}
