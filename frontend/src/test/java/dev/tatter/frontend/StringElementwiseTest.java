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
  void badArguments() {
    GraphBuilder g = new GraphBuilder();
    Value s = g.constant(Tensor.ofStrings("a"));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> Strings.length(s, "WORD"));
    assertTrue(e.getMessage().contains("unit must be BYTE or UTF8_CHAR, got WORD"), e.getMessage());
    e = assertThrows(GraphBuildException.class, () -> Strings.lower(s, "latin-1"));
    assertTrue(e.getMessage().contains("encoding must be \"\" (ASCII) or \"utf-8\", got latin-1"), e.getMessage());
    // tf.strings.regex_replace(["a"], "a", r"\1") raises: the pattern has no group 1
    Value noGroup = Strings.regexReplace(s, "a", "\\1", true);
    InvalidArgumentException r1 = assertThrows(InvalidArgumentException.class, () -> new Session(g.build(noGroup)).run(Map.of(), noGroup));
    assertTrue(r1.getMessage().contains("Invalid rewrite pattern: \\1 asks for group \\1 but the pattern has 0"), r1.getMessage());
    Value bad = Strings.regexFullMatch(s, "(");
    InvalidArgumentException r = assertThrows(InvalidArgumentException.class, () -> new Session(g.build(bad)).run(Map.of(), bad));
    assertTrue(r.getMessage().contains("Invalid pattern: (, error: "), r.getMessage());
  }
}
