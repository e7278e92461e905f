package dev.tatter.frontend;

import static dev.tatter.frontend.WordpieceTokenizerTest.all;
import static dev.tatter.frontend.WordpieceTokenizerTest.one;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.ir.types.RaggedType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * tensorflow_text's {@code FastWordpieceTokenizer} and {@code BertTokenizer} through every backend
 * and the textual IR; expected values are TF Text's docstring examples and its
 * fast_wordpiece_tokenizer / bert_tokenizer test cases, each call written beside it. Where an
 * expected value has non-ASCII tokens it is written as TF's nested list and printed by a ragged
 * constant of it, run beside the tokenizer.
 */
class FastWordpieceAndBertTest {
  static final List<String> DOC = List.of("they", "##'", "##re", "the", "great", "##est", "[UNK]");
  static final List<String> DOC_E2E = List.of("they", "##'", "##re", "the", "great", "##est", "[UNK]", "'", "re");
  /** bert_tokenizer_test's _VOCAB. */
  static final List<String> BERT = List.of("[unused1]", "[unused23]", "'", "##%", "##af", "##book", "##c", "##fr", "##hey", "##is",
      "##o", "##ost", "##s", "##tri", "##y", "$", "%", "&", "(", ")", "*", "-", ".", "20", ":", "?", "[CLS]", "[SEP]", "國", "暐", "瀚",
      "韓", "食", "黃", "🤔", "🤣", "^", "a", "ago", "among", "an", "and", "are", "aren", "awesome", "between", "candy", "china",
      "companies", "company", "crushed", "dug", "earnings", "engaged", "even", "few", "forecast", "getting", "had", "han", "has",
      "hers", "high", "hit", "hs", "hurting", "in", "indie", "is", "isn", "ka", "ku", "major", "maker", "moth", "nearly", "new",
      "now", "president", "record", "regulators", "reported", "rift", "rust", "sales", "shares", "slightly", "sprint", "states",
      "stock", "t", "taste", "tension", "that", "the", "this", "today", "told", "topped", "trade", "trump", "united", "up", "weeks",
      "what", "why", "with", "year", "yo", "yu", "\u7231", "\u4e0a", "\u4e00", "\u4e2a", "\u4e0d", "\u56de", "\u5bb6", "\u7684",
      "\u4eba");

  @Test
  void fast_docstring_singleWords() {
    GraphBuilder g = new GraphBuilder();
    // FastWordpieceTokenizer(vocab, token_out_type=tf.string, no_pretokenization=True).tokenize_with_offsets([["they're", "the", "greatest"]])
    //   -> [[[b'they', b"##'", b'##re'], [b'the'], [b'great', b'##est']]], [[[0, 4, 5], [0], [0, 5]]], [[[4, 5, 7], [3], [5, 8]]]
    FastWordpieceTokenizer t = g.ops().text.fastWordpieceTokenizer(DOC, "##", 100, DType.STRING, "[UNK]", true, false);
    assertEquals("[[[b'they', b\"##'\", b'##re'], [b'the'], [b'great', b'##est']]] | [[[0, 4, 5], [0], [0, 5]]] | [[[4, 5, 7], [3], [5, 8]]]",
        all(g, t.tokenizeWithOffsets(g.ops().ragged.constant(List.of(List.of("they're", "the", "greatest"))))));
  }

  @Test
  void fast_docstring_endToEnd_andIds() {
    GraphBuilder g = new GraphBuilder();
    // FastWordpieceTokenizer(vocab, token_out_type=tf.string).tokenize_with_offsets([["they're the greatest", "the greatest"]])
    //   -> [[[b'they', b"'", b're', b'the', b'great', b'##est'], [b'the', b'great', b'##est']]],
    //      [[[0, 4, 5, 8, 12, 17], [0, 4, 9]]], [[[4, 5, 7, 11, 17, 20], [3, 9, 12]]]
    Value in = g.constant(Tensor.of(DType.STRING, new String[] {"they're the greatest", "the greatest"}, 1, 2));
    List<Value> out = g.ops().text.fastWordpieceTokenizer(DOC_E2E, "##", 100, DType.STRING, "[UNK]", false, false).tokenizeWithOffsets(in);
    // the same with token_out_type=tf.int64 (the default): each piece's line -> [[[0, 7, 8, 3, 4, 5], [3, 4, 5]]]
    Value ids = g.ops().text.fastWordpieceTokenizer(DOC_E2E).tokenize(in);
    assertEquals("[[[b'they', b\"'\", b're', b'the', b'great', b'##est'], [b'the', b'great', b'##est']]]"
        + " | [[[0, 4, 5, 8, 12, 17], [0, 4, 9]]] | [[[4, 5, 7, 11, 17, 20], [3, 9, 12]]] | [[[0, 7, 8, 3, 4, 5], [3, 4, 5]]]",
        all(g, List.of(out.get(0), out.get(1), out.get(2), ids)));
  }

  @Test
  void fast_docstring_detokenize() {
    GraphBuilder g = new GraphBuilder();
    List<String> vocab = new java.util.ArrayList<>(DOC_E2E);
    vocab.add("ok");
    FastWordpieceTokenizer t = g.ops().text.fastWordpieceTokenizer(vocab, "##", 100, DType.INT64, "[UNK]", false, true);
    // tokenizer.detokenize(tf.ragged.constant([[0, 1, 2, 3, 4, 5], [9]])) -> [b"they're the greatest", b'ok']
    Value flat = t.detokenize(g.ops().ragged.constant(List.of(List.of(0, 1, 2, 3, 4, 5), List.of(9))));
    // tokenizer.detokenize(tf.ragged.constant([[[0, 1, 2, 3, 4, 5], [9]], [[4, 5]]])) -> [[b"they're the greatest", b'ok'], [b'greatest']]
    Value nested = t.detokenize(g.ops().ragged.constant(List.of(List.of(List.of(0, 1, 2, 3, 4, 5), List.of(9)), List.of(List.of(4, 5)))));
    // a vector of ids is one string: tokenizer.detokenize([4, 5]) -> b'greatest'
    Value vector = t.detokenize(g.constant(Tensor.ofInts(4, 5)));
    assertEquals("[b\"they're the greatest\", b'ok'] | [[b\"they're the greatest\", b'ok'], [b'greatest']] | b'greatest'",
        all(g, List.of(flat, nested, vector)));
  }

  @Test
  void bert_docstring() {
    GraphBuilder g = new GraphBuilder();
    List<String> vocab = List.of("they", "##'", "##re", "the", "great", "##est");
    BertTokenizer t = g.ops().text.bertTokenizer(vocab);
    Value in = g.constant(Tensor.ofStrings("greatest"));
    // BertTokenizer(vocab_lookup_table='/tmp/tok_vocab.txt').tokenize_with_offsets(tf.constant(['greatest'])) -> [[[4, 5]]], [[[0, 5]]], [[[5, 8]]]
    List<Value> out = t.tokenizeWithOffsets(in);
    // tokenizer.detokenize([[4, 5]]) -> [[b'greatest']]
    Value words = t.detokenize(g.constant(Tensor.of(DType.INT64, new long[] {4, 5}, 1, 2)));
    assertEquals("[[[4, 5]]] | [[[0, 5]]] | [[[5, 8]]] | [[b'greatest']]", all(g, List.of(out.get(0), out.get(1), out.get(2), words)));
  }

  @Test
  void bert_testCases_lowerCase() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    BertTokenizer t = tf.text.bertTokenizer(BERT, "##", 100, null, DType.STRING, "[UNK]", false, true, false, null, false);
    // bert_tokenizer_test: BertTokenizer(table, token_out_type=tf.string, lower_case=True).tokenize([...]) -> expected
    Value in = g.constant(Tensor.ofStrings("taste the rustisc indiefrost", "Han Kuo-yu (韓國食)🤔", "dugtrio had an awesome 🤣 dugbook",
        "yo^what$is*up?", "mothaf*&%ka"));
    Value expected = tf.ragged.constant(List.of(
        List.of(List.of("taste"), List.of("the"), List.of("rust", "##is", "##c"), List.of("indie", "##fr", "##ost")),
        List.of(List.of("han"), List.of("ku", "##o"), List.of("-"), List.of("yu"), List.of("("), List.of("韓"), List.of("國"),
            List.of("食"), List.of(")"), List.of("🤔")),
        List.of(List.of("dug", "##tri", "##o"), List.of("had"), List.of("an"), List.of("awesome"), List.of("🤣"), List.of("dug", "##book")),
        List.of(List.of("yo"), List.of("^"), List.of("what"), List.of("$"), List.of("is"), List.of("*"), List.of("up"), List.of("?")),
        List.of(List.of("moth", "##af"), List.of("*"), List.of("&"), List.of("%"), List.of("ka"))));
    List<Value> withOffsets = t.tokenizeWithOffsets(in);
    String[] printed = all(g, List.of(t.tokenize(in), expected, withOffsets.get(1), withOffsets.get(2))).split(" \\| ");
    assertEquals(printed[1], printed[0]);
    // expected_extracted of the first string: taste, the, rust is c, indie fr ost -> these byte ranges of 'taste the rustisc indiefrost'
    assertEquals("[[0], [6], [10, 14, 16], [18, 23, 25]]", printed[2].substring(1, printed[2].indexOf("]], [") + 2));
    assertEquals("[[5], [9], [14, 16, 17], [23, 25, 28]]", printed[3].substring(1, printed[3].indexOf("]], [") + 2));
  }

  @Test
  void bert_testCases_unknownIds_cjk_preserveUnusedToken_int32Splits() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // BertTokenizer(table, token_out_type=tf.string, lower_case=True).tokenize([b'mothaf*&%ka cantfindme whodis'])
    //   -> [[[b'moth', b'##af'], [b'*'], [b'&'], [b'%'], [b'ka'], [b'[UNK]'], [b'[UNK]']]]
    Value unk = tf.text.bertTokenizer(BERT, "##", 100, null, DType.STRING, "[UNK]", false, true, false, null, false)
        .tokenize(g.constant(Tensor.ofStrings("mothaf*&%ka cantfindme whodis")));
    // ... preserve_unused_token=True (lower_case=True): [b'taste the rustisc indiefrost [unused1]', u'爱上一个不回家的人[unused23]']
    //   -> [[..., [b'[unused1]']], [[u'爱'], [u'上'], [u'一'], [u'个'], [u'不'], [u'回'], [u'家'], [u'的'], [u'人'], [b'[unused23]']]]
    Value unused = tf.text.bertTokenizer(BERT, "##", 100, null, DType.STRING, "[UNK]", false, true, false, null, true)
        .tokenize(g.constant(Tensor.ofStrings("taste the rustisc indiefrost [unused1]", "爱上一个不回家的人[unused23]")));
    Value expectedUnused = tf.ragged.constant(List.of(
        List.of(List.of("taste"), List.of("the"), List.of("rust", "##is", "##c"), List.of("indie", "##fr", "##ost"), List.of("[unused1]")),
        List.of(List.of("爱"), List.of("上"), List.of("一"), List.of("个"), List.of("不"), List.of("回"), List.of("家"), List.of("的"),
            List.of("人"), List.of("[unused23]"))));
    // test_int32_row_splits: tokenize(RaggedTensor.from_row_lengths([b'candybook'], [1]).with_row_splits_dtype(int32))
    //   -> flat values [b'candy', b'##book'], row splits int32
    Value int32 = tf.text.bertTokenizer(BERT, "##", 100, null, DType.STRING, "[UNK]", false, true, false, null, false)
        .tokenize(tf.ragged.constant(List.of(List.of("candybook"))).withRowSplitsDType(DType.INT32));
    assertEquals(DType.INT32, ((RaggedType) int32.type()).splitsDType());
    String[] printed = all(g, List.of(unk, unused, expectedUnused, int32)).split(" \\| ");
    assertEquals("[[[b'moth', b'##af'], [b'*'], [b'&'], [b'%'], [b'ka'], [b'[UNK]'], [b'[UNK]']]]", printed[0]);
    assertEquals(printed[2], printed[1]);
    assertEquals("[[[[b'candy', b'##book']]]]", printed[3]);
  }

  @Test
  void bert_basicTokenizer_normalizationForms_keepWhitespace_andEmptyStrings() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    List<String> vocab = List.of("[UNK]", "la", "del", "y", "tus", "formulario", "preguntas", "anade", "informacion", " ");
    // BasicTokenizer(lower_case=True).tokenize([u'Añade la información del formulario y tus preguntas'])
    //   -> [[b'anade', b'la', b'informacion', b'del', b'formulario', b'y', b'tus', b'preguntas']] (bert_tokenizer_test), as ids here
    Value lower = tf.text.bertTokenizer(vocab, "##", 100, null, DType.INT64, "[UNK]", false, true, false, null, false)
        .tokenize(g.constant(Tensor.ofStrings("Añade la información del formulario y tus preguntas")));
    // BasicTokenizer(normalization_form='NFD'): [b'An\xcc\x83ade', b'la', b'informacio\xcc\x81n', ...]: the NFD words are not in the
    // vocabulary (the combining marks stay): [[[0], [1], [0], [2], [5], [3], [4], [6]]]
    Value nfd = tf.text.bertTokenizer(vocab, "##", 100, null, DType.INT64, "[UNK]", false, false, false, "NFD", false)
        .tokenize(g.constant(Tensor.ofStrings("Añade la información del formulario y tus preguntas")));
    // keep_whitespace=True keeps each whitespace run as a word (TF Text's _DELIM_REGEX with \s+ kept): "y  tus" -> y, "  ", tus
    //   ("  " is not in the vocabulary, [UNK]); empty strings give empty rows
    Value keep = tf.text.bertTokenizer(vocab, "##", 100, null, DType.INT64, "[UNK]", false, false, true, null, false)
        .tokenize(g.constant(Tensor.ofStrings("y  tus", "", " ")));
    assertEquals("[[[7], [1], [8], [2], [5], [3], [4], [6]]] | [[[0], [1], [0], [2], [5], [3], [4], [6]]]"
        + " | [[[3], [0], [4]], [], [[9]]]", all(g, List.of(lower, nfd, keep)));
  }
}
