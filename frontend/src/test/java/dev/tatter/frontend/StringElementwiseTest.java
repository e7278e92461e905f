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
import java.util.Map;
import org.junit.jupiter.api.Test;

/** length, lower, upper, strip and the RE2 ops: TF's docstring examples, ragged input, ill-formed bytes, errors. */
class StringElementwiseTest {
  @Test
  void length_inBytesAndCharacters() {
    GraphBuilder g = new GraphBuilder();
    Value s = g.constant(Tensor.ofStrings("hello", "\ud83d\ude0a", ""));
    // tf.strings.length(["hello", "😊", ""]) -> [5, 4, 0]; unit="UTF8_CHAR" -> [5, 1, 0]
    assertEquals("[5, 4, 0]", runFirst(g, Strings.length(s, "BYTE")));
    assertEquals("[5, 1, 0]", runFirst(g, Strings.length(s, "UTF8_CHAR")));
    // TF counts the bytes that do not continue a sequence: tf.strings.length([b"\xff\x80a"], unit="UTF8_CHAR") -> [2]
    Value bad = g.constant(Tensor.ofByteStrings(ByteStrings.bytes("\u00ff\u0080a")));
    assertEquals("[2]", runFirst(g, Strings.length(bad, "UTF8_CHAR")));
  }

  @Test
  void caseAndStrip_onRaggedInput() {
    GraphBuilder g = new GraphBuilder();
    Value rt = g.raggedFromRowSplits(g.constant(Tensor.ofStrings(" CamelCase\n", "ÉtÉ", "\tx ")), g.constant(Tensor.ofLongs(0, 2, 2, 3)));
    // tf.strings.lower / upper / strip on tf.ragged.constant([[" CamelCase\n", "ÉtÉ"], [], ["\tx "]])
    assertEquals("[[b' camelcase\\n', b'\\xc3\\x89t\\xc3\\x89'], [], [b'\\tx ']]", runFirst(g, Strings.lower(rt, "")));
    assertEquals("[[b' CAMELCASE\\n', b'\\xc3\\x89T\\xc3\\x89'], [], [b'\\tX ']]", runFirst(g, Strings.upper(rt, "")));
    // tf.strings.lower("ÉtÉ", encoding="utf-8") -> b'\xc3\xa9t\xc3\xa9'
    assertEquals("[[b' camelcase\\n', b'\\xc3\\xa9t\\xc3\\xa9'], [], [b'\\tx ']]", runFirst(g, Strings.lower(rt, "utf-8")));
    assertEquals("[[b'CamelCase', b'\\xc3\\x89t\\xc3\\x89'], [], [b'x']]", runFirst(g, Strings.strip(rt)));
  }

  @Test
  void regex_docExamples() {
    GraphBuilder g = new GraphBuilder();
    // tf.strings.regex_full_match(["TF lib", "lib TF"], ".*lib$") -> [True, False]
    assertEquals("[True, False]", runFirst(g, Strings.regexFullMatch(g.constant(Tensor.ofStrings("TF lib", "lib TF")), ".*lib$")));
    // tf.strings.regex_replace("Text with tags.<br /><b>contains html</b>", "<[^>]+>", " ") -> b'Text with tags.  contains html '
    Value html = g.constant(Tensor.ofStrings("Text with tags.<br /><b>contains html</b>"));
    assertEquals("[b'Text with tags.  contains html ']", runFirst(g, Strings.regexReplace(html, "<[^>]+>", " ", true)));
    // RE2 rewrites: tf.strings.regex_replace(["ab-cd"], r"(\w+)-(\w+)", r"\2-\1 $") -> [b'cd-ab $']
    assertEquals("[b'cd-ab $']", runFirst(g, Strings.regexReplace(g.constant(Tensor.ofStrings("ab-cd")), "(\\w+)-(\\w+)", "\\2-\\1 $", true)));
    // replace_global=False replaces the first match only: tf.strings.regex_replace(["aaa"], "a", "b", False) -> [b'baa']
    assertEquals("[b'baa']", runFirst(g, Strings.regexReplace(g.constant(Tensor.ofStrings("aaa")), "a", "b", false)));
  }

  @Test
  void regexPrograms_pastRe2sLimits_areRefusedBeforeCompiling() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value s = g.constant(Tensor.ofStrings("a"));
    // tf.strings.regex_full_match("a", "(((a{100}){100}){100}){100}") -> InvalidArgumentError: Invalid pattern:
    // (((a{100}){100}){100}){100}, error: bad repetition operator: {100} (RE2's product of nested counts past 1000);
    // re2j alone expanded it for seconds until the heap ran out
    Value nested = tf.strings.regexFullMatch(s, "(((a{100}){100}){100}){100}");
    InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> new Session(g.build(nested)).run(Map.of(), nested));
    assertTrue(e.getMessage().endsWith("Invalid pattern: b'(((a{100}){100}){100}){100}', error: bad repetition operator: {100}"),
        e.getMessage());
    // 10 * 100 is RE2's largest product: accepted
    Value thousand = tf.strings.regexFullMatch(s, "(a{10}){100}");
    assertEquals("[False]", Harness.runEverywhere(g.build(thousand), Map.of()).get(0).toString());
    Value pastProduct = tf.strings.regexFullMatch(s, "(a{10}){101}");
    e = assertThrows(InvalidArgumentException.class, () -> new Session(g.build(pastProduct)).run(Map.of(), pastProduct));
    assertTrue(e.getMessage().endsWith("error: bad repetition operator: {101}"), e.getMessage());
    // each a{1000} passes the product check, 200 of them are 200,000 instructions: past RE2's 174,762
    Value long200 = tf.strings.regexFullMatch(s, "a{1000}".repeat(200));
    e = assertThrows(InvalidArgumentException.class, () -> new Session(g.build(long200)).run(Map.of(), long200));
    assertTrue(e.getMessage().endsWith("error: pattern too large - compile failed"), e.getMessage());
    Value long100 = tf.strings.regexFullMatch(s, "a{1000}".repeat(100));
    assertEquals("[False]", Harness.runEverywhere(g.build(long100), Map.of()).get(0).toString());
  }

  @Test
  void badArguments() {
    GraphBuilder g = new GraphBuilder();
    Value s = g.constant(Tensor.ofStrings("a"));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> Strings.length(s, "WORD"));
    assertTrue(e.getMessage().contains("unit must be BYTE or UTF8_CHAR, got WORD"), e.getMessage());
    e = assertThrows(GraphBuildException.class, () -> Strings.lower(s, "latin-1"));
    assertTrue(e.getMessage().contains("encoding must be \"\" (ASCII) or \"utf-8\", got latin-1"), e.getMessage());
    Value bad = Strings.regexFullMatch(s, "(");
    InvalidArgumentException r = assertThrows(InvalidArgumentException.class, () -> new Session(g.build(bad)).run(Map.of(), bad));
    assertTrue(r.getMessage().contains("Invalid pattern: b'(', error: "), r.getMessage());
  }

  @Test
  void regexReplace_badRewrites_areRe2s() {
    GraphBuilder g = new GraphBuilder();
    Value s = g.constant(Tensor.ofStrings("abcbd", "xyz"));
    // a rewrite naming a group the pattern lacks: RE2's Replace and GlobalReplace refuse it and leave the text as it is
    // tf.strings.regex_replace(["abcbd", "xyz"], "b", r"\1") -> [b'abcbd', b'xyz'] (replace_global True or False)
    assertEquals("[b'abcbd', b'xyz']", runFirst(g, Strings.regexReplace(s, "b", "\\1", true)));
    assertEquals("[b'abcbd', b'xyz']", runFirst(g, Strings.regexReplace(s, "b", "\\1", false)));
    // tf.strings.regex_replace(["abcbd", "xyz"], "(b)", r"<\2>") -> [b'abcbd', b'xyz']
    assertEquals("[b'abcbd', b'xyz']", runFirst(g, Strings.regexReplace(s, "(b)", "<\\2>", true)));
    // an escape RE2 does not know (\x, a trailing \): its Rewrite stops there; GlobalReplace keeps what it wrote of each
    // match, Replace leaves the text as it is
    // tf.strings.regex_replace(["abcbd", "xyz"], "b", r"X\xY") -> [b'aXcXd', b'xyz']; replace_global=False -> [b'abcbd', b'xyz']
    assertEquals("[b'aXcXd', b'xyz']", runFirst(g, Strings.regexReplace(s, "b", "X\\xY", true)));
    assertEquals("[b'abcbd', b'xyz']", runFirst(g, Strings.regexReplace(s, "b", "X\\xY", false)));
    // tf.strings.regex_replace(["abcbd", "xyz"], "b", "X\\") -> [b'aXcXd', b'xyz']; replace_global=False -> unchanged
    assertEquals("[b'aXcXd', b'xyz']", runFirst(g, Strings.regexReplace(s, "b", "X\\", true)));
    assertEquals("[b'abcbd', b'xyz']", runFirst(g, Strings.regexReplace(s, "b", "X\\", false)));
    // \0 is the whole match and \\\\ a backslash: tf.strings.regex_replace(["abcbd", "xyz"], "(b)", r"[\1\\\0]", False)
    //   -> [b'a[b\\b]cbd', b'xyz']
    assertEquals("[b'a[b\\\\b]cbd', b'xyz']", runFirst(g, Strings.regexReplace(s, "(b)", "[\\1\\\\\\0]", false)));
  }
}
