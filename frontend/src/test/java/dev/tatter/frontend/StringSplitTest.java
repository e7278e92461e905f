package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.ByteStrings;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code tf.strings.split} and {@code tf.strings.bytes_split}: TF's examples, edge cases, bad input. */
class StringSplitTest {
  private static Value strings(GraphBuilder g, String... text) {
    return g.constant(Tensor.ofStrings(text));
  }

  @Test
  void split_onWhitespace_tfDocExamples() {
    GraphBuilder g = new GraphBuilder();
    // tf.strings.split('hello world').numpy() -> [b'hello', b'world']
    Value scalar = Strings.split(g.constant(Tensor.scalar(DType.STRING, "hello world")));
    assertEquals("tensor<string>[None]", scalar.type().toString());
    assertEquals("[b'hello', b'world']", runFirst(g, scalar));
    // tf.strings.split(['hello world', 'a b c']) -> [[b'hello', b'world'], [b'a', b'b', b'c']]
    Value batch = Strings.split(strings(g, "hello world", "a b c"));
    assertEquals("ragged<string>[2, (None)]", batch.type().toString());
    assertEquals("[[b'hello', b'world'], [b'a', b'b', b'c']]", runFirst(g, batch));
  }

  @Test
  void split_onWhitespace_runsOfAnyAsciiSpaceAreOneSeparator() {
    GraphBuilder g = new GraphBuilder();
    // tf.strings.split(["", "   ", " 1  2   3  ", "\ta\nb\x0bc\x0cd\re"]) -> [[], [], [b'1', b'2', b'3'], [b'a', ..., b'e']]
    assertEquals("[[], [], [b'1', b'2', b'3'], [b'a', b'b', b'c', b'd', b'e']]",
        runFirst(g, Strings.split(strings(g, "", "   ", " 1  2   3  ", "\ta\nb\u000bc\u000cd\re"))));
  }

  @Test
  void split_withMaxsplit_keepsTheRestWhole() {
    GraphBuilder g = new GraphBuilder();
    // tf.strings.split(["  1  2   3  "], maxsplit=1) -> [[b'1', b'2   3  ']] (Python's '  1  2   3  '.split(None, 1))
    assertEquals("[[b'1', b'2   3  ']]", runFirst(g, Strings.split(strings(g, "  1  2   3  "), null, 1)));
    // tf.strings.split(["1<>2<>3"], "<>", maxsplit=1) -> [[b'1', b'2<>3']]
    assertEquals("[[b'1', b'2<>3']]", runFirst(g, Strings.split(strings(g, "1<>2<>3"), "<>", 1)));
    // any negative maxsplit is no limit, as in Python: tf.strings.split(["a,b,c"], ",", maxsplit=-5)
    assertEquals("[[b'a', b'b', b'c']]", runFirst(g, Strings.split(strings(g, "a,b,c"), ",", -5)));
  }

  @Test
  void split_withSep_keepsEmptyPieces() {
    GraphBuilder g = new GraphBuilder();
    // tf.strings.split(["1,,2", "", ",", "1<>2<>3"], ...) as Python's bytes.split: [b'1', b'', b'2'], [b''], [b'', b'']
    assertEquals("[[b'1', b'', b'2'], [b''], [b'', b'']]", runFirst(g, Strings.split(strings(g, "1,,2", "", ","), ",")));
    // tf.strings.split(["1<>2<>3"], "<>") -> [[b'1', b'2', b'3']]
    assertEquals("[[b'1', b'2', b'3']]", runFirst(g, Strings.split(strings(g, "1<>2<>3"), "<>")));
  }

  @Test
  void split_ofRaggedInput_addsARaggedDimension() {
    GraphBuilder g = new GraphBuilder();
    // tf.strings.split(tf.ragged.constant([["hello world", "a b c"], ["x y"], []]))
    //   -> [[[b'hello', b'world'], [b'a', b'b', b'c']], [[b'x', b'y']], []]
    Value rt = g.raggedFromRowSplits(strings(g, "hello world", "a b c", "x y"), g.constant(Tensor.ofLongs(0, 2, 3, 3)));
    Value out = Strings.split(rt);
    assertEquals(2, out.raggedRank());
    assertEquals("[[[b'hello', b'world'], [b'a', b'b', b'c']], [[b'x', b'y']], []]", runFirst(g, out));
  }

  @Test
  void split_ofADenseMatrix_isRaggedRank2() {
    GraphBuilder g = new GraphBuilder();
    // tf.strings.split([["a b", "c"], ["d", ""]]) -> [[[b'a', b'b'], [b'c']], [[b'd'], []]]
    Value m = g.constant(Tensor.of(DType.STRING, new String[] {"a b", "c", "d", ""}, 2, 2));
    Value out = Strings.split(m);
    assertEquals(2, out.raggedRank());
    assertEquals("[[[b'a', b'b'], [b'c']], [[b'd'], []]]", runFirst(g, out));
  }

  @Test
  void split_isOnBytes_invalidUtf8AndMultiByteCharactersPassThrough() {
    GraphBuilder g = new GraphBuilder();
    // tf.strings.split([b"\xff \xfe", "é b"]) -> [[b'\xff', b'\xfe'], [b'\xc3\xa9', b'b']]
    Tensor input = Tensor.ofByteStrings(ByteStrings.bytes("\u00ff \u00fe"), ByteStrings.utf8("é b"));
    assertEquals("[[b'\\xff', b'\\xfe'], [b'\\xc3\\xa9', b'b']]", runFirst(g, Strings.split(g.constant(input))));
  }

  @Test
  void split_ofAFedPlaceholder_runsOnEveryBackend() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", new dev.tatter.ir.types.DenseType(DType.STRING, com.google.common.collect.ImmutableList.of(-1L)));
    List<Object> out = Harness.runEverywhere(g.build(Strings.split(x, " ")), Map.of("x", Tensor.ofStrings("a b", "c")));
    // tf.strings.split(["a b", "c"], " ") -> [[b'a', b'b'], [b'c']]
    assertEquals("[[b'a', b'b'], [b'c']]", out.get(0).toString());
  }

  @Test
  void bytesSplit_tfDocExamples() {
    GraphBuilder g = new GraphBuilder();
    // tf.strings.bytes_split('hello').numpy() -> [b'h', b'e', b'l', b'l', b'o']
    assertEquals("[b'h', b'e', b'l', b'l', b'o']", runFirst(g, Strings.bytesSplit(g.constant(Tensor.scalar(DType.STRING, "hello")))));
    // tf.strings.bytes_split(['hello', '123']) -> [[b'h', b'e', b'l', b'l', b'o'], [b'1', b'2', b'3']]
    assertEquals("[[b'h', b'e', b'l', b'l', b'o'], [b'1', b'2', b'3']]", runFirst(g, Strings.bytesSplit(strings(g, "hello", "123"))));
    // tf.strings.bytes_split(["", "é"]) -> [[], [b'\xc3', b'\xa9']]: bytes, not characters
    assertEquals("[[], [b'\\xc3', b'\\xa9']]", runFirst(g, Strings.bytesSplit(strings(g, "", "é"))));
  }

  @Test
  void badInput_isABuildError() {
    GraphBuilder g = new GraphBuilder();
    Value ints = g.constant(Tensor.ofInts(1, 2));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> Strings.split(ints));
    assertTrue(e.getMessage().contains("takes a string tensor"), e.getMessage());
    e = assertThrows(GraphBuildException.class, () -> Strings.split(strings(g, "a"), ""));
    assertTrue(e.getMessage().contains("sep must not be empty"), e.getMessage());
    e = assertThrows(GraphBuildException.class, () -> Strings.bytesSplit(ints));
    assertTrue(e.getMessage().contains("takes a string tensor"), e.getMessage());
  }

  @Test
  void textualIr_roundTripsRawBytesAndEscapes() {
    // a byte that is not UTF-8 prints as \xNN, valid UTF-8 as its character
    String ir = """
        %s = constant() {value = tensor<string>[2] ["a\\xff b", "é\\n\\u001b"]} : tensor<string>[2]
        %0 = string_split(%s) {sep = " "} : ragged<string>[2, (None)]
        return %0
        """;
    dev.tatter.ir.Graph graph = dev.tatter.ir.text.GraphParser.parse(ir, "split.tat");
    String printed = dev.tatter.ir.text.GraphPrinter.print(graph);
    assertTrue(printed.contains("[\"a\\xff b\", \"é\\n\\u001b\"]"), printed);
    assertEquals(printed, dev.tatter.ir.text.GraphPrinter.print(dev.tatter.ir.text.GraphParser.parse(printed, "split.tat")));
    assertEquals("[[b'a\\xff', b'b'], [b'\\xc3\\xa9\\n\\x1b']]", Harness.runEverywhere(graph, Map.of()).get(0).toString());
  }
}
