package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runEverywhere;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * tensorflow_text's {@code WordpieceTokenizer} ({@code tokenize}, {@code tokenize_with_offsets},
 * {@code detokenize}, {@code vocab_size}) through every backend and the textual IR; expected values
 * are TF Text's docstring examples and its wordpiece_tokenizer_test cases, each call written beside
 * it (the test's {@code _CreateTable(vocab)} is a table of one OOV bucket, as a vocab.txt gives).
 */
class WordpieceTokenizerTest {
  static final List<String> DOC_VOCAB = List.of("they", "##'", "##re", "the", "great", "##est");
  static final List<String> ENGLISH = List.of("don", "##'", "##t", "tread", "##ness", "hel", "##lo", "there", "my", "na",
      "##me", "is", "ter", "##ry", "what", "##cha", "##ma", "##call", "##it?", "you", "said");
  static final List<String> CHINESE = List.of("貿", "易", "戰", "最", "大", "受", "益", "者", "越", "南", "總", "理", "阮", "春", "福");
  static final List<String> DEATH = List.of("क", "##र", "##े", "##ं", "##*", "##👇");

  @TempDir
  Path dir;

  static String all(GraphBuilder g, List<Value> outs) {
    List<String> texts = new ArrayList<>();
    for (Object o : runEverywhere(g.build(outs.toArray(Value[]::new)), Map.of())) {
      texts.add(o.toString());
    }
    return String.join(" | ", texts);
  }

  static String one(GraphBuilder g, Value out) {
    return all(g, List.of(out));
  }

  static Value words(GraphBuilder g, List<? extends List<?>> rows) {
    return g.ops().ragged.constant(rows);
  }

  static WordpieceTokenizer strings(GraphBuilder g, List<String> vocab) {
    return g.ops().text.wordpieceTokenizer(vocab, "##", 100, null, DType.STRING, "[UNK]", false);
  }

  @Test
  void docstring_tokenize_strings() throws Exception {
    Path file = Files.writeString(dir.resolve("tok_vocab.txt"), String.join("\n", DOC_VOCAB));
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    WordpieceTokenizer tokenizer = tf.text.wordpieceTokenizer(file, "##", 100, null, DType.STRING, "[UNK]", false);
    // tokenizer.tokenize(["they're", "the", "greatest"]) -> [[b'they', b"##'", b'##re'], [b'the'], [b'great', b'##est']]
    assertEquals("[[b'they', b\"##'\", b'##re'], [b'the'], [b'great', b'##est']]",
        one(g, tokenizer.tokenize(g.constant(Tensor.ofStrings("they're", "the", "greatest")))));
    // tokenizer.tokenize(["they", "are", "great"]) -> [[b'they'], [b'[UNK]'], [b'great']]
    assertEquals("[[b'they'], [b'[UNK]'], [b'great']]", one(g, tokenizer.tokenize(g.constant(Tensor.ofStrings("they", "are", "great")))));
    // tokenizer.tokenize("they're") -> [b'they', b"##'", b'##re'] (a scalar gives a vector)
    assertEquals("[b'they', b\"##'\", b'##re']", one(g, tokenizer.tokenize(g.constant(Tensor.scalar(DType.STRING, "they're")))));
    // tokenizer.tokenize(tf.ragged.constant([["they're"]])) -> [[[b'they', b"##'", b'##re']]]
    assertEquals("[[[b'they', b\"##'\", b'##re']]]", one(g, tokenizer.tokenize(words(g, List.of(List.of("they're"))))));
    // tokenizer.tokenize([""]) -> [[]]
    assertEquals("[[]]", one(g, tokenizer.tokenize(g.constant(Tensor.ofStrings("")))));
  }

  @Test
  void docstring_tokenize_ids() {
    GraphBuilder g = new GraphBuilder();
    WordpieceTokenizer ints = g.ops().text.wordpieceTokenizer(DOC_VOCAB, "##", 100, null, DType.INT32, "[UNK]", false);
    // WordpieceTokenizer('/tmp/tok_vocab.txt', token_out_type=tf.int32).tokenize(["the", "greatest"]) -> [[3], [4, 5]]
    Value a = ints.tokenize(g.constant(Tensor.ofStrings("the", "greatest")));
    // int_tokenizer.tokenize(["really", "the", "greatest"]) -> [[6], [3], [4, 5]] ([UNK] is not in the vocabulary: its OOV id, 6)
    Value b = ints.tokenize(g.constant(Tensor.ofStrings("really", "the", "greatest")));
    assertEquals(DType.INT32, a.dtype());
    assertEquals("[[3], [4, 5]] | [[6], [3], [4, 5]]", all(g, List.of(a, b)));
  }

  @Test
  void docstring_tokenizeWithOffsets() {
    GraphBuilder g = new GraphBuilder();
    // subtokens, starts, ends = WordpieceTokenizer(vocab, token_out_type=tf.string).tokenize_with_offsets([["they're", 'the', 'greatest']])
    //   -> [[[b'they', b"##'", b'##re'], [b'the'], [b'great', b'##est']]], [[[0, 4, 5], [0], [0, 5]]], [[[4, 5, 7], [3], [5, 8]]]
    List<Value> out = strings(g, DOC_VOCAB).tokenizeWithOffsets(g.constant(Tensor.of(DType.STRING, new String[] {"they're", "the", "greatest"}, 1, 3)));
    assertEquals("[[[b'they', b\"##'\", b'##re'], [b'the'], [b'great', b'##est']]] | [[[0, 4, 5], [0], [0, 5]]] | [[[4, 5, 7], [3], [5, 8]]]",
        all(g, out));
  }

  @Test
  void testCases_unknownTokens() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value in = words(g, List.of(List.of("don't", "tread", "cantfindme", "treadcantfindme")));
    // wordpiece_tokenizer_test: tokenize_with_offsets([[b"don't", b"tread", b"cantfindme", b"treadcantfindme"]])
    //   -> [[[b"don", b"##'", b"##t"], [b"tread"], [b"[UNK]"], [b"[UNK]"]]]
    Value unk = strings(g, ENGLISH).tokenize(in);
    // ... unknown_token=None -> [[[b"don", b"##'", b"##t"], [b"tread"], [b"cantfindme"], [b"treadcantfindme"]]]
    Value none = tf.text.wordpieceTokenizer(ENGLISH, "##", 100, null, DType.STRING, null, false).tokenize(in);
    // ... token_out_type=dtypes.int64 -> [[[0, 1, 2], [3], [21], [21]]]
    Value ids = tf.text.wordpieceTokenizer(ENGLISH).tokenize(in);
    assertEquals("[[[b'don', b\"##'\", b'##t'], [b'tread'], [b'[UNK]'], [b'[UNK]']]]"
        + " | [[[b'don', b\"##'\", b'##t'], [b'tread'], [b'cantfindme'], [b'treadcantfindme']]]"
        + " | [[[0, 1, 2], [3], [21], [21]]]", all(g, List.of(unk, none, ids)));
  }

  @Test
  void testCases_maxBytesPerWord_offsetsOfTheUnknownToken() {
    GraphBuilder g = new GraphBuilder();
    // WordpieceTokenizer(table, max_bytes_per_word=5).tokenize_with_offsets([[b"don't", b"treadness"]])
    //   -> [[[b"don", b"##'", b"##t"], [b"[UNK]"]]], starts [[[0, 3, 4], [0]]], ends [[[3, 4, 5], [5]]]
    WordpieceTokenizer t = g.ops().text.wordpieceTokenizer(ENGLISH, "##", 5, null, DType.STRING, "[UNK]", false);
    assertEquals("[[[b'don', b\"##'\", b'##t'], [b'[UNK]']]] | [[[0, 3, 4], [0]]] | [[[3, 4, 5], [5]]]",
        all(g, t.tokenizeWithOffsets(words(g, List.of(List.of("don't", "treadness"))))));
  }

  @Test
  void testCases_tokenOfDeath_andSplitUnknownCharacters() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // WordpieceTokenizer(table, max_bytes_per_word=40, token_out_type=tf.string).tokenize([["करें*👇👇"]])
    //   -> [[["क", "##र", "##े", "##ं", b"##*", "##👇", "##👇"]]]
    Value death = tf.text.wordpieceTokenizer(DEATH, "##", 40, null, DType.STRING, "[UNK]", false)
        .tokenize(words(g, List.of(List.of("करें*👇👇"))));
    Value in = words(g, List.of(List.of("nap", "hello!me")));
    // tokenize([[b"nap", b"hello!me"]]) -> [[[b"[UNK]"], [b"[UNK]"]]] (p and ! are unknown)
    Value whole = strings(g, ENGLISH).tokenize(in);
    // ... split_unknown_characters=True -> [[[b"na", b"##[UNK]"], [b"hel", b"##lo", b"##[UNK]", b"##me"]]]
    Value split = tf.text.wordpieceTokenizer(ENGLISH, "##", 100, null, DType.STRING, "[UNK]", true).tokenize(in);
    // ... split_unknown_characters=True, unknown_token=None -> [[[b"na", b"##p"], [b"hel", b"##lo", b"##!", b"##me"]]]
    Value splitNone = tf.text.wordpieceTokenizer(ENGLISH, "##", 100, null, DType.STRING, null, true).tokenize(in);
    assertEquals("[[[b'\\xe0\\xa4\\x95', b'##\\xe0\\xa4\\xb0', b'##\\xe0\\xa5\\x87', b'##\\xe0\\xa4\\x82', b'##*',"
        + " b'##\\xf0\\x9f\\x91\\x87', b'##\\xf0\\x9f\\x91\\x87']]]"
        + " | [[[b'[UNK]'], [b'[UNK]']]]"
        + " | [[[b'na', b'##[UNK]'], [b'hel', b'##lo', b'##[UNK]', b'##me']]]"
        + " | [[[b'na', b'##p'], [b'hel', b'##lo', b'##!', b'##me']]]", all(g, List.of(death, whole, split, splitNone)));
  }

  @Test
  void testCases_maxCharsPerToken_raggedRanks_andChinese() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    List<String> vocab = new ArrayList<>(ENGLISH);
    vocab.addAll(List.of("trea", "##d"));
    Value in = words(g, List.of(List.of("don't", "treadness")));
    // WordpieceTokenizer(table, max_chars_per_token=5).tokenize([[b"don't", b"treadness"]]) -> [[[b"don", b"##'", b"##t"], [b"tread", b"##ness"]]]
    Value five = tf.text.wordpieceTokenizer(vocab, "##", 100, 5, DType.STRING, "[UNK]", false).tokenize(in);
    // ... max_chars_per_token=4 -> [[[b"don", b"##'", b"##t"], [b"trea", b"##d", b"##ness"]]]
    Value four = tf.text.wordpieceTokenizer(vocab, "##", 100, 4, DType.STRING, "[UNK]", false).tokenize(in);
    // testWordPieceOpWithMultipleRaggedRank: tokenize([[[b"don't"], [b"treadness"], [b"whatchamacallit?", b"you", b"hello"]], [[b"treadness"]]])
    //   -> [[[[b"don", b"##'", b"##t"]], [[b"tread", b"##ness"]], [[b"what", b"##cha", b"##ma", b"##call", b"##it?"], [b"you"], [b"hel", b"##lo"]]],
    //       [[[b"tread", b"##ness"]]]]
    Value deep = strings(g, ENGLISH).tokenize(g.ops().ragged.constant(List.of(
        List.of(List.of("don't"), List.of("treadness"), List.of("whatchamacallit?", "you", "hello")), List.of(List.of("treadness")))));
    // tokenize with max_chars_per_token=1 of [[u"大", u"易"]] -> [[[u"大"], [u"易"]]] (ids here: 4 and 1)
    Value chinese = tf.text.wordpieceTokenizer(CHINESE, "##", 100, 1, DType.INT64, "[UNK]", false)
        .tokenize(words(g, List.of(List.of("大", "易"))));
    assertEquals("[[[b'don', b\"##'\", b'##t'], [b'tread', b'##ness']]]"
        + " | [[[b'don', b\"##'\", b'##t'], [b'trea', b'##d', b'##ness']]]"
        + " | [[[[b'don', b\"##'\", b'##t']], [[b'tread', b'##ness']], [[b'what', b'##cha', b'##ma', b'##call', b'##it?'], [b'you'],"
        + " [b'hel', b'##lo']]], [[[b'tread', b'##ness']]]]"
        + " | [[[4], [1]]]", all(g, List.of(five, four, deep, chinese)));
  }

  @Test
  void denseMatrix_int32RowSplits_andEmptyRows() {
    GraphBuilder g = new GraphBuilder();
    WordpieceTokenizer t = g.ops().text.wordpieceTokenizer(ENGLISH);
    // tokenize(tf.constant([[b"don't", b""], [b"you", b"said"]])) -> [[[0, 1, 2], []], [[19], [20]]] (dense input made ragged)
    Value dense = t.tokenize(g.constant(Tensor.of(DType.STRING, new String[] {"don't", "", "you", "said"}, 2, 2)));
    // tokenize(tf.ragged.constant([[b"my"], [], [b"is"]], row_splits_dtype=tf.int32)) -> [[[8]], [], [[11]]] with int32 splits
    Value int32 = t.tokenize(g.ops().ragged.constant(List.of(List.of("my"), List.of(), List.of("is"))).withRowSplitsDType(DType.INT32));
    assertEquals(DType.INT32, ((dev.tatter.ir.types.RaggedType) int32.type()).splitsDType());
    assertEquals("[[[0, 1, 2], []], [[19], [20]]] | [[[8]], [], [[11]]]", all(g, List.of(dense, int32)));
  }

  @Test
  void invalidUtf8_isOneUnknownCharacterPerIllFormedByte() {
    GraphBuilder g = new GraphBuilder();
    // ICU's U8_NEXT (TF's kernel) steps over the ill-formed byte 0xFF as one character:
    // WordpieceTokenizer(["a", "##b"], unknown_token=None, split_unknown_characters=True, token_out_type=tf.string)
    //   .tokenize_with_offsets([b"a\xffb"]) -> [[b'a', b'##\xff', b'##b']], [[0, 1, 2]], [[1, 2, 3]]
    WordpieceTokenizer t = g.ops().text.wordpieceTokenizer(List.of("a", "##b"), "##", 100, null, DType.STRING, null, true);
    Value in = g.constant(Tensor.ofStrings(StringColumn.ofBytes(new byte[] {'a', (byte) 0xFF, 'b'}), 1));
    assertEquals("[[b'a', b'##\\xff', b'##b']] | [[0, 1, 2]] | [[1, 2, 3]]", all(g, t.tokenizeWithOffsets(in)));
  }

  @Test
  void docstring_detokenize() {
    GraphBuilder g = new GraphBuilder();
    // WordpieceTokenizer('/tmp/detok_vocab.txt').detokenize([[0, 4, 5, 2, 5, 5, 5]]) with vocab a b c ##a ##b ##c -> [[b'abc', b'cccc']]
    WordpieceTokenizer t = g.ops().text.wordpieceTokenizer(List.of("a", "b", "c", "##a", "##b", "##c"));
    assertEquals("[[b'abc', b'cccc']]", one(g, t.detokenize(g.constant(Tensor.of(DType.INT32, new int[] {0, 4, 5, 2, 5, 5, 5}, 1, 7)))));
  }

  @Test
  void testDetokenizeIsReversable() {
    GraphBuilder g = new GraphBuilder();
    List<String> vocab = new ArrayList<>(ENGLISH);
    vocab.addAll(CHINESE);
    vocab.add("");
    WordpieceTokenizer t = g.ops().text.wordpieceTokenizer(vocab);
    Value words = words(g, List.of(List.of("hello", "there", "my", "name", "is", "treadness"),
        List.of("whatchamacallit?", "you", "said"), List.of("大", "易")));
    Value ids = t.tokenize(words);
    // words_output = tokenizer.detokenize(subwords_ids) -> words with a trailing [1] axis (squeezed in TF's test)
    Value perWord = t.detokenize(ids).mergeDims(-2, -1);
    // tokenizer.detokenize(subwords_ids.merge_dims(-2, -1)) -> words
    Value merged = t.detokenize(ids.mergeDims(-2, -1));
    // tokenizer.detokenize(subwords_ids.merge_dims(-2, -1).to_tensor(default_value=len(_MIXED_LANG_VOCAB))) -> words ("" pads)
    Value padded = t.detokenize(ids.mergeDims(-2, -1).toTensor((long) (vocab.size() - 1)));
    String expected = "[[b'hello', b'there', b'my', b'name', b'is', b'treadness'], [b'whatchamacallit?', b'you', b'said'],"
        + " [b'\\xe5\\xa4\\xa7', b'\\xe6\\x98\\x93']]";
    assertEquals(expected + " | " + expected + " | " + expected, all(g, List.of(perWord, merged, padded)));
  }

  @Test
  void vocabSize_isTheTokensAndTheOovBucket() {
    GraphBuilder g = new GraphBuilder();
    // testVocabSize: _CreateTable(_ENGLISH_VOCAB, 100) gives 121 (21 tokens + 100 OOV buckets); a vocab.txt's table has one bucket: 22
    assertEquals("22", one(g, g.ops().text.wordpieceTokenizer(ENGLISH).vocabSize(g)));
  }

  @Test
  void readmeIrBlock_parsesAndRunsAsTheReadmeSays() throws Exception {
    String readme = Files.readString(Path.of("../README.md"));
    int at = readme.indexOf("%0 = bert_tokenize(%text)");
    String block = readme.substring(readme.lastIndexOf("```\n", at) + 4, readme.indexOf("```", at));
    dev.tatter.ir.Graph graph = dev.tatter.ir.text.GraphParser.parse(block, "README.md");
    // tf_text.BertTokenizer(table of the block's vocabulary, lower_case=True).tokenize(["The cat sat.", "Dogs!"]).merge_dims(-2, -1)
    //   -> [[1, 2, 3, 0], [6, 7, 0]] ("." and "!" are not in the vocabulary: [UNK], 0)
    List<Object> out = runEverywhere(graph, Map.of("text", Tensor.ofStrings("The cat sat.", "Dogs!")));
    assertEquals("[[1, 2, 3, 0], [6, 7, 0]]", out.get(0).toString());
    assertEquals(true, readme.contains("Fed `[\"The cat sat.\", \"Dogs!\"]` it gives `[[1, 2, 3, 0], [6, 7, 0]]`"));
  }
}
