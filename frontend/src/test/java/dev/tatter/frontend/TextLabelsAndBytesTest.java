package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static dev.tatter.frontend.Harness.runtimeError;
import static dev.tatter.frontend.TextSplitTest.bytes;
import static dev.tatter.frontend.TextSplitTest.run3;
import static dev.tatter.frontend.TextSplitTest.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * tensorflow_text's {@code ByteSplitter} and {@code SplitMergeTokenizer} through {@code tf.text}:
 * TF Text's documented examples (the call beside each), multi-byte text, and bad offsets and labels.
 */
class TextLabelsAndBytesTest {
  @Test
  void byteSplitter_tfTextDocExamples() {
    GraphBuilder g = new GraphBuilder();
    ByteSplitter bs = g.ops().text.byteSplitter();
    Value hello = g.constant(Tensor.scalar(DType.STRING, "hello"));
    // text.ByteSplitter().split("hello") -> [104, 101, 108, 108, 111] (uint8)
    Value split = bs.split(hello);
    assertEquals(DType.UINT8, split.dtype());
    assertEquals("[104, 101, 108, 108, 111]", runFirst(g, split));
    // text.ByteSplitter().split_with_offsets("hello") -> [104 101 108 108 111] [0 1 2 3 4] [1 2 3 4 5]
    assertEquals(List.of("[104, 101, 108, 108, 111]", "[0, 1, 2, 3, 4]", "[1, 2, 3, 4, 5]"), run3(g, bs.splitWithOffsets(hello)));
    // text.ByteSplitter().split_by_offsets("hello", [0, 4], [4, 5]) -> [b'hell' b'o']
    assertEquals("[b'hell', b'o']", runFirst(g, bs.splitByOffsets(hello, g.constant(Tensor.ofInts(0, 4)), g.constant(Tensor.ofInts(4, 5)))));
  }

  @Test
  void byteSplitter_multiByteText_emptyStrings_raggedInput() {
    GraphBuilder g = new GraphBuilder();
    ByteSplitter bs = g.ops().text.byteSplitter();
    // UTF-8 of é is C3 A9, of 😀 F0 9F 98 80: text.ByteSplitter().split(["é", "", "😀"]) -> [[195, 169], [], [240, 159, 152, 128]]
    assertEquals("[[195, 169], [], [240, 159, 152, 128]]", runFirst(g, bs.split(TextSplitTest.strings(g, "é", "", "😀"))));
    // invalid UTF-8 is bytes like any other: text.ByteSplitter().split([b"\xff"]) -> [[255]]
    assertEquals("[[255]]", runFirst(g, bs.split(bytes(g, "\u00ff"))));
    // text.ByteSplitter().split_by_offsets(tf.ragged.constant([["日本", "x"], []]), tf.ragged.constant([[[0, 3], [0]], []]),
    //   tf.ragged.constant([[[3, 6], [1]], []])) -> [[[b'日', b'本'], [b'x']], []]
    Value input = g.ops().ragged.constant(List.of(List.of("日本", "x"), List.of()));
    Value starts = g.ops().ragged.constant(List.of(List.of(List.of(0L, 3L), List.of(0L)), List.of()));
    Value ends = g.ops().ragged.constant(List.of(List.of(List.of(3L, 6L), List.of(1L)), List.of()));
    assertEquals("[[[b'\\xe6\\x97\\xa5', b'\\xe6\\x9c\\xac'], [b'x']], []]", runFirst(g, bs.splitByOffsets(input, starts, ends)));
  }

  @Test
  void byteSplitter_splitByOffsets_refusesOffsetsOutsideTheString() {
    GraphBuilder g = new GraphBuilder();
    ByteSplitter bs = g.ops().text.byteSplitter();
    Value hello = strings(g, "hello");
    // byte_splitter.cc SplitByOffsets: "Start offsets out of range.", "End offsets out of range.", "Start offset after end offset."
    String start = runtimeError(g, bs.splitByOffsets(hello, g.constant(Tensor.of(DType.INT32, new int[] {6}, 1, 1)), g.constant(Tensor.of(DType.INT32, new int[] {6}, 1, 1))));
    assertTrue(start.contains("Start offsets out of range"), start);
    String end = runtimeError(g, bs.splitByOffsets(hello, g.constant(Tensor.of(DType.INT32, new int[] {0}, 1, 1)), g.constant(Tensor.of(DType.INT32, new int[] {-1}, 1, 1))));
    assertTrue(end.contains("End offsets out of range"), end);
    String order = runtimeError(g, bs.splitByOffsets(hello, g.constant(Tensor.of(DType.INT32, new int[] {3}, 1, 1)), g.constant(Tensor.of(DType.INT32, new int[] {2}, 1, 1))));
    assertTrue(order.contains("Start offset after end offset"), order);
  }

  @Test
  void splitMergeTokenizer_tfTextDocExamples() {
    GraphBuilder g = new GraphBuilder();
    SplitMergeTokenizer t = g.ops().text.splitMergeTokenizer();
    // text.SplitMergeTokenizer().tokenize_with_offsets(["HelloMonday", "DearFriday"],
    //   [[0, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1], [0, 1, 1, 1, 0, 1, 1, 1, 1, 1, 0]])
    //   -> [[b'Hello', b'Monday'], [b'Dear', b'Friday']], [[0, 5], [0, 4]], [[5, 11], [4, 10]]
    Value labels = g.ops().ragged.constant(List.of(List.of(0, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1), List.of(0, 1, 1, 1, 0, 1, 1, 1, 1, 1, 0)));
    assertEquals(List.of("[[b'Hello', b'Monday'], [b'Dear', b'Friday']]", "[[0, 5], [0, 4]]", "[[5, 11], [4, 10]]"),
        run3(g, t.tokenizeWithOffsets(strings(g, "HelloMonday", "DearFriday"), labels)));
    // the docstring's force_split_at_break_character cases on "New York":
    // [0,1,1,0,1,1,1,1] and [0,1,1,1,1,1,1,1] -> ["New", "York"] (forced); False: [0,1,1,1,0,1,1,1] -> ["New", "York"],
    // [0,1,1,0,1,1,1,1] -> ["NewYork"], [0,1,1,1,1,1,1,1] -> ["NewYork"]
    Value newYork = g.constant(Tensor.ofStrings("New York", "New York"));
    Value l = g.constant(Tensor.of(DType.INT32, new int[] {0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1}, 2, 8));
    assertEquals("[[b'New', b'York'], [b'New', b'York']]", runFirst(g, t.tokenize(newYork, l)));
    assertEquals("[[b'NewYork'], [b'NewYork']]", runFirst(g, t.tokenize(newYork, l, false)));
    Value l2 = g.constant(Tensor.of(DType.INT32, new int[] {0, 1, 1, 1, 0, 1, 1, 1}, 1, 8));
    assertEquals("[[b'New', b'York']]", runFirst(g, t.tokenize(g.constant(Tensor.ofStrings("New York")), l2, false)));
  }

  @Test
  void splitMergeTokenizer_labelsCountCharacters_notBytes() {
    GraphBuilder g = new GraphBuilder();
    SplitMergeTokenizer t = g.ops().text.splitMergeTokenizer();
    // one label per character: "東京タワー" is 5 characters, 15 bytes; U+3000 IDEOGRAPHIC SPACE is White_Space (dropped)
    // text.SplitMergeTokenizer().tokenize_with_offsets(["東京\u3000タワー"], [[0, 1, 0, 0, 1, 1]])
    //   -> [[b'東京', b'タワー']], [[0, 9]], [[6, 18]]
    List<String> out = run3(g, t.tokenizeWithOffsets(strings(g, "東京\u3000タワー"), g.constant(Tensor.of(DType.INT32, new int[] {0, 1, 0, 0, 1, 1}, 1, 6))));
    assertEquals(List.of("[[b'\\xe6\\x9d\\xb1\\xe4\\xba\\xac', b'\\xe3\\x82\\xbf\\xe3\\x83\\xaf\\xe3\\x83\\xbc']]", "[[0, 9]]", "[[6, 18]]"), out);
    // an empty string needs no label: tokenize(["", "a"], [[], [0]]) -> [[], [b'a']]
    Value labels = g.ops().ragged.constant(List.of(List.of(), List.of(0)), DType.INT32, 1);
    assertEquals("[[], [b'a']]", runFirst(g, t.tokenize(strings(g, "", "a"), labels)));
  }

  @Test
  void splitMergeTokenizer_refusesTooFewLabelsAndInvalidUtf8() {
    GraphBuilder g = new GraphBuilder();
    SplitMergeTokenizer t = g.ops().text.splitMergeTokenizer();
    // split_merge_tokenize_kernel.cc: "Number of labels 2 is insufficient for text abc"
    String few = runtimeError(g, t.tokenize(strings(g, "abc"), g.constant(Tensor.of(DType.INT32, new int[] {0, 1}, 1, 2))));
    assertTrue(few.contains("Number of labels 2 is insufficient"), few);
    // "Input string is not utf8 valid"
    String invalid = runtimeError(g, t.tokenize(bytes(g, "a\u00ff"), g.constant(Tensor.of(DType.INT32, new int[] {0, 0}, 1, 2))));
    assertTrue(invalid.contains("Input string is not utf8 valid"), invalid);
  }

  @Test
  void rowsOperands_ofScalarAndDenseMatrixInput() {
    GraphBuilder g = new GraphBuilder();
    // text.ByteSplitter().split_by_offsets("hello", [0, 4], [4, 5]) -> [b'hell' b'o'] (a scalar: a vector out)
    Value scalar = g.constant(Tensor.scalar(DType.STRING, "hello"));
    Value pieces = g.ops().text.byteSplitter().splitByOffsets(scalar, g.constant(Tensor.ofInts(0, 4)), g.constant(Tensor.ofInts(4, 5)));
    assertEquals("tensor<string>[None]", pieces.type().toString());
    assertEquals("[b'hell', b'o']", runFirst(g, pieces));
    // a dense [2, 1] of strings with dense [2, 1, 4] labels:
    // text.SplitMergeTokenizer().tokenize([["abcd"], ["wxyz"]], [[[0, 1, 0, 1]], [[0, 0, 1, 1]]])
    //   -> [[[b'ab', b'cd']], [[b'w', b'xyz']]]
    Value m = g.constant(Tensor.of(DType.STRING, new String[] {"abcd", "wxyz"}, 2, 1));
    Value labels = g.constant(Tensor.of(DType.INT32, new int[] {0, 1, 0, 1, 0, 0, 1, 1}, 2, 1, 4));
    assertEquals("[[[b'ab', b'cd']], [[b'w', b'xyz']]]", runFirst(g, g.ops().text.splitMergeTokenizer().tokenize(m, labels)));
  }
}
