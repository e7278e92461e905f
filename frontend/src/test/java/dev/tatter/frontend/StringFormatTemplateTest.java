package dev.tatter.frontend;

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

/**
 * tf.strings.format: TF's StringFormat kernel (Tensor::SummarizeValue with print_v2) on dense
 * inputs, ragged_tensor_to_string on ragged ones, the template cut as absl::StrSplit cuts it. The
 * expected strings are TF's documented results or, where marked, what TF's printing code gives.
 */
class StringFormatTemplateTest {
  /** The one scalar string the graph returns, byte for byte (one char per byte). */
  private static String run(Value out) {
    Object v = Harness.runEverywhere(out.builder().build(out), Map.of()).get(0);
    Tensor t = (Tensor) v;
    assertEquals(0, t.rank(), "a scalar string");
    return ByteStrings.of(t.getBytes(0)); // its bytes, one char each
  }

  private static Value ints(GraphBuilder g, int[] values, int... shape) {
    return g.constant(Tensor.of(DType.INT32, values, shape));
  }

  private static int[] range(int n) {
    return java.util.stream.IntStream.range(0, n).toArray();
  }

  @Test
  void dense_isSummarisedAsTfsKernelPrintsIt() {
    GraphBuilder g = new GraphBuilder();
    // tf.strings.format("tensor: {}, suffix", tf.range(5)) -> b'tensor: [0 1 2 3 4], suffix'
    assertEquals("tensor: [0 1 2 3 4], suffix", run(Strings.format("tensor: {}, suffix", ints(g, range(5), 5))));
    // tf.strings.format("{}", tf.range(10)) -> b'[0 1 2 ... 7 8 9]' (summarize=3: three at each end)
    assertEquals("[0 1 2 ... 7 8 9]", run(Strings.format("{}", ints(g, range(10), 10))));
    // tf.strings.format("{}", tf.range(10), summarize=-1) -> b'[0 1 2 3 4 5 6 7 8 9]'
    assertEquals("[0 1 2 3 4 5 6 7 8 9]", run(Strings.format("{}", List.of(ints(g, range(10), 10)), "{}", -1)));
    // tf.strings.format("{}", tf.reshape(tf.range(12), [3, 4])) -> b'[[0 1 2 3]\n [4 5 6 7]\n [8 9 10 11]]'
    assertEquals("[[0 1 2 3]\n [4 5 6 7]\n [8 9 10 11]]", run(Strings.format("{}", ints(g, range(12), 3, 4))));
    // tf.strings.format("{}", tf.reshape(tf.range(12), [3, 2, 2]), summarize=1): PrintDimSpacing puts two newlines
    // between the outer rows and indents by depth -> b'[[[0 1]\n  [2 3]]\n\n ...\n\n [[8 9]\n  [10 11]]]'
    assertEquals("[[[0 1]\n  [2 3]]\n\n ...\n\n [[8 9]\n  [10 11]]]",
        run(Strings.format("{}", List.of(ints(g, range(12), 3, 2, 2)), "{}", 1)));
  }

  @Test
  void dense_elementsPrintAsStrCat() {
    GraphBuilder g = new GraphBuilder();
    // tf.strings.format("{}", tf.constant([0.1, 1/3, 1e20, -0.0, nan, -inf], tf.float32)):
    //   FloatToBuffer, %.6g unless it does not read back (1/3 -> %.9g) -> b'[0.1 0.333333343 1e+20 -0 nan -inf]'
    Value f = g.constant(Tensor.ofFloats(0.1f, 1f / 3, 1e20f, -0f, Float.NaN, Float.NEGATIVE_INFINITY));
    assertEquals("[0.1 0.333333343 ... nan -inf]", run(Strings.format("{}", List.of(f), "{}", 2)));
    assertEquals("[0.1 0.333333343 1e+20 -0 nan -inf]", run(Strings.format("{}", List.of(f), "{}", -1)));
    // float64: DoubleToBuffer, %.15g else %.17g: tf.strings.format("{}", tf.constant([0.1, 1/3, 2.5e-300], tf.float64))
    //   -> b'[0.1 0.33333333333333331 2.5e-300]'
    assertEquals("[0.1 0.33333333333333331 2.5e-300]", run(Strings.format("{}", g.constant(Tensor.ofDoubles(0.1, 1.0 / 3, 2.5e-300)))));
    // bools print as 1 and 0: tf.strings.format("{}", [True, False]) -> b'[1 0]'
    assertEquals("[1 0]", run(Strings.format("{}", g.constant(Tensor.ofBools(true, false)))));
    // uint64 unsigned: tf.strings.format("{}", tf.constant([2**64 - 1], tf.uint64)) -> b'[18446744073709551615]'
    assertEquals("[18446744073709551615]", run(Strings.format("{}", g.constant(Tensor.ofUint64(-1L)))));
    // a scalar has no brackets: tf.strings.format("x={}", 3.5) -> b'x=3.5'
    assertEquals("x=3.5", run(Strings.format("x={}", g.scalar(DType.FLOAT32, 3.5f))));
  }

  @Test
  void dense_stringsAreQuotedAndEscapedUtf8Safe() {
    GraphBuilder g = new GraphBuilder();
    // tf.strings.format("{}", ['a"b', 'c\nd', 'é', '\x01\x7f', "it's\\"]) -> absl::Utf8SafeCEscape in double quotes:
    //   b'["a\\"b" "c\\nd" "\xc3\xa9" "\\001\\177" "it\\\'s\\\\"]' (é's bytes kept)
    Value s = g.constant(Tensor.ofStrings("a\"b", "c\nd", "é", "\u0001\u007f", "it's\\"));
    assertEquals("[\"a\\\"b\" \"c\\nd\" \"\u00c3\u00a9\" \"\\001\\177\" \"it\\'s\\\\\"]",
        run(Strings.format("{}", List.of(s), "{}", -1)));
    // a scalar string is quoted too: tf.strings.format("<{}>", "") -> b'<"">'
    assertEquals("<\"\">", run(Strings.format("<{}>", g.scalar(DType.STRING, ""))));
  }

  @Test
  void dense_emptyAndZeroSummarize_asTfsKernel() {
    GraphBuilder g = new GraphBuilder();
    // tf.strings.format("{}", tf.zeros([0], tf.int32)) -> b'[]'
    assertEquals("[]", run(Strings.format("{}", ints(g, new int[0], 0))));
    // tf.strings.format("{}", tf.zeros([2, 0], tf.int32)): no entries, so 0 at each end; 2 rows > 0 -> b'[\n ...]'
    assertEquals("[\n ...]", run(Strings.format("{}", ints(g, new int[0], 2, 0))));
    // summarize=0: tf.strings.format("{}", [1, 2, 3], summarize=0) -> b'[ ...]'; of a scalar -> b'...'
    assertEquals("[ ...]", run(Strings.format("{}", List.of(ints(g, range(3), 3)), "{}", 0)));
    assertEquals("...", run(Strings.format("{}", List.of(g.scalar(DType.INT32, 7)), "{}", 0)));
    // TF's bool printer returns "" when it gets no entries: tf.strings.format("[{}]", [True], summarize=0) -> b'[]'
    assertEquals("[]", run(Strings.format("[{}]", List.of(g.constant(Tensor.ofBools(true))), "{}", 0)));
  }

  @Test
  void ragged_printsAsRaggedTensorToString() {
    GraphBuilder g = new GraphBuilder();
    // ragged_tensor_to_string(tf.ragged.constant([[1, 2, 3], [4, 5]])) -> b'[[1, 2, 3], [4, 5]]' (its docstring)
    Value rt1 = g.raggedFromRowSplits(g.constant(Tensor.ofInts(1, 2, 3, 4, 5)), g.constant(Tensor.ofLongs(0, 3, 5)));
    assertEquals("[[1, 2, 3], [4, 5]]", run(Strings.format("{}", rt1)));
    // rt2 = tf.ragged.constant([[['a'], ['b', 'c']], [['d', 'e', 'f'], []]]) -> b"[[['a'], ['b', 'c']], [['d', 'e', 'f'], []]]"
    Value inner = g.raggedFromRowSplits(g.constant(Tensor.ofStrings("a", "b", "c", "d", "e", "f")), g.constant(Tensor.ofLongs(0, 1, 3, 6, 6)));
    Value rt2 = g.raggedFromRowSplits(inner, g.constant(Tensor.ofLongs(0, 2, 4)));
    assertEquals("[[['a'], ['b', 'c']], [['d', 'e', 'f'], []]]", run(Strings.format("{}", rt2)));
    // rt3 = tf.ragged.constant([[1], [2, 3, 4, 5, 6], [], [], [7], [8, 9]]), summarize=2
    //   -> b'[[1], [2, 3, ..., 5, 6], ..., [7], [8, 9]]' (its docstring)
    Value rt3 = g.raggedFromRowSplits(g.constant(Tensor.ofInts(1, 2, 3, 4, 5, 6, 7, 8, 9)), g.constant(Tensor.ofLongs(0, 1, 6, 6, 6, 7, 9)));
    assertEquals("[[1], [2, 3, ..., 5, 6], ..., [7], [8, 9]]", run(Strings.format("{}", List.of(rt3), "{}", 2)));
  }

  @Test
  void ragged_elementsAsAsString_quotesEscaped_uniformInnerDims_noRows() {
    GraphBuilder g = new GraphBuilder();
    // as_string's defaults: tf.strings.format("{}", tf.ragged.constant([[1.5], []])) -> b'[[1.500000], []]'
    Value f = g.raggedFromRowSplits(g.constant(Tensor.ofFloats(1.5f)), g.constant(Tensor.ofLongs(0, 1, 1)));
    assertEquals("[[1.500000], []]", run(Strings.format("{}", f)));
    // bools through as_string: tf.strings.format("{}", tf.ragged.constant([[True, False]])) -> b'[[true, false]]'
    Value b = g.raggedFromRowSplits(g.constant(Tensor.ofBools(true, false)), g.constant(Tensor.ofLongs(0, 2)));
    assertEquals("[[true, false]]", run(Strings.format("{}", b)));
    // strings: regex_replace(r"(['\\])", r"\\\1") then single quotes; other bytes as they are:
    //   tf.strings.format("{}", tf.ragged.constant([["it's", "a\\b", "é\n"]])) -> b"[['it\\'s', 'a\\\\b', '\xc3\xa9\n']]"
    Value s = g.raggedFromRowSplits(g.constant(Tensor.ofStrings("it's", "a\\b", "é\n")), g.constant(Tensor.ofLongs(0, 3)));
    assertEquals("[['it\\'s', 'a\\\\b', '\u00c3\u00a9\n']]", run(Strings.format("{}", s)));
    // uniform inner dims print as lists too: tf.ragged.constant([[[0, 1]], [[1, 2], [3, 4]]], ragged_rank=1)
    //   -> b'[[[0, 1]], [[1, 2], [3, 4]]]'
    Value u = g.raggedFromRowSplits(ints(g, new int[] {0, 1, 1, 2, 3, 4}, 3, 2), g.constant(Tensor.ofLongs(0, 1, 3)));
    assertEquals("[[[0, 1]], [[1, 2], [3, 4]]]", run(Strings.format("{}", u)));
    // no rows: tf.strings.format("{}", tf.ragged.constant([], tf.int32)) -> b'[]'
    Value none = g.raggedFromRowSplits(g.constant(Tensor.ofInts()), g.constant(Tensor.ofLongs(0)));
    assertEquals("[]", run(Strings.format("{}", none)));
  }

  @Test
  void severalInputs_mixedDenseAndRagged_customPlaceholder() {
    GraphBuilder g = new GraphBuilder();
    Value rt = g.raggedFromRowSplits(g.constant(Tensor.ofInts(1, 2, 3)), g.constant(Tensor.ofLongs(0, 2, 3)));
    // tf.strings.format("{} | {}!", ([1, 2], rt)) -> b'[1 2] | [[1, 2], [3]]!' (the ragged dispatch joins the pieces)
    assertEquals("[1 2] | [[1, 2], [3]]!", run(Strings.format("{} | {}!", ints(g, new int[] {1, 2}, 2), rt)));
    // tf.strings.format("a=%s b=%s", (1, [2.5]), placeholder="%s") -> b'a=1 b=[2.5]'
    Value two = g.constant(Tensor.ofFloats(2.5f));
    assertEquals("a=1 b=[2.5]", run(Strings.format("a=%s b=%s", List.of(g.scalar(DType.INT32, 1), two), "%s", 3)));
    // placeholders back to back and at both ends: tf.strings.format("{}{}", (1, 2)) -> b'12'
    assertEquals("12", run(Strings.format("{}{}", g.scalar(DType.INT32, 1), g.scalar(DType.INT32, 2))));
    // absl::StrSplit with an empty delimiter cuts between bytes: StringFormat(template="ab", placeholder="") of 7 -> b'a7b'
    assertEquals("a7b", run(Strings.format("ab", List.of(g.scalar(DType.INT32, 7)), "", 3)));
    // a multi-byte template and placeholder are UTF-8 bytes: tf.strings.format("é→{}", 1) -> b'\xc3\xa9\xe2\x86\x921'
    assertEquals("\u00c3\u00a9\u00e2\u0086\u00921", run(Strings.format("é→{}", g.scalar(DType.INT32, 1))));
  }

  @Test
  void badInputs_areRefusedNamingTheCounts() {
    GraphBuilder g = new GraphBuilder();
    Value x = ints(g, range(3), 3);
    // TF: "num placeholders in template and num inputs must match: 2 vs. 1"
    GraphBuildException two = assertThrows(GraphBuildException.class, () -> Strings.format("{} {}", x));
    assertTrue(two.getMessage().contains("num placeholders in template and num inputs must match: 2 vs. 1"), two.getMessage());
    GraphBuildException none = assertThrows(GraphBuildException.class, () -> Strings.format("no placeholder", x, x));
    assertTrue(none.getMessage().contains("must match: 0 vs. 2"), none.getMessage());
    // ragged_tensor_to_string: "Expected summarize to be -1 or a positive int, got 0"
    Value rt = g.raggedFromRowSplits(g.constant(Tensor.ofInts(1)), g.constant(Tensor.ofLongs(0, 1)));
    GraphBuildException zero = assertThrows(GraphBuildException.class, () -> Strings.format("{}", List.of(rt), "{}", 0));
    assertTrue(zero.getMessage().contains("Expected summarize to be -1 or a positive int, got 0"), zero.getMessage());
    GraphBuildException negative = assertThrows(GraphBuildException.class, () -> Strings.format("{}", List.of(rt), "{}", -2));
    assertTrue(negative.getMessage().contains("got -2"), negative.getMessage());
    // the IR op itself takes one input: a template with two placeholders is refused there too
    GraphBuildException ir = assertThrows(GraphBuildException.class, () -> dev.tatter.ir.text.GraphParser.parse("""
        %x = constant() {value = tensor<int32>[1] [1]} : tensor<int32>[1]
        %0 = string_format(%x) {template = "{} {}"} : tensor<string>[]
        return %0
        """, "two.tat"));
    assertTrue(ir.getMessage().contains("must match: 2 vs. 1"), ir.getMessage());
  }
}
