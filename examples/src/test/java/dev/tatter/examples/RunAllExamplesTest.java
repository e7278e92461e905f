package dev.tatter.examples;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The README's main job runs every example; these are the results each must print, worked out
 * by hand from the example's data (TF gives the same: see each example's comments).
 */
class RunAllExamplesTest {
  private static String output;

  @BeforeAll
  static void runAll() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    RunAllExamples.runAll(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    output = bytes.toString(StandardCharsets.UTF_8);
  }

  private static void assertPrints(String line) {
    assertTrue(output.contains(line + "\n"), () -> "missing: " + line + "\nin:\n" + output);
  }

  @Test
  void everyExample_printsItsIrBeforeAndAfterOptimization() {
    for (String title : new String[] {"Ragged basics", "Tokenized sentences", "Bag of words", "Ragged embedding pooling"}) {
      int at = output.indexOf("### " + title);
      assertTrue(at >= 0, title);
      int next = output.indexOf("### ", at + 4);
      String section = output.substring(at, next < 0 ? output.length() : next);
      assertTrue(section.contains("== IR as built ==") && section.contains("== IR after optimization"), section);
    }
  }

  @Test
  void tokenizedSentences_countsPadsAndMasks() {
    assertPrints("words per sentence = [6, 0, 7, 2]");
    assertPrints("chars per word     = [[3, 3, 3, 2, 3, 3], [], [6, 7, 4, 4, 2, 3, 6], [5, 5]]");
    assertPrints("padded ids         = [[1, 2, 3, 4, 1, 5, 0], [0, 0, 0, 0, 0, 0, 0], [6, 7, 8, 9, 10, 11, 12], [13, 14, 0, 0, 0, 0, 0]]");
    assertPrints("mask               = [[1, 1, 1, 1, 1, 1, 0], [0, 0, 0, 0, 0, 0, 0], [1, 1, 1, 1, 1, 1, 1], [1, 1, 0, 0, 0, 0, 0]]");
    assertPrints("padded chars shape = [4, 7, 7]");
  }

  @Test
  void graphFile_isRunByTheTool() {
    assertPrints("$ bin/tatter run examples/src/main/resources/graphs/padding.tat --feed 'tokens=[[5, 2, 9], [], [7], [4, 4]]'");
    assertPrints("%padded = [[5, 2, 9], [0, 0, 0], [7, 0, 0], [4, 4, 0]]");
    assertPrints("%mask = [[1, 1, 1], [0, 0, 0], [1, 0, 0], [1, 1, 0]]");
  }

  @Test
  void bagOfWords_countsEachWordPerDocument() {
    assertPrints("counts             = SparseTensor(indices=[[0, 1], [0, 2], [0, 3], [0, 4], [0, 5], [1, 1], [1, 6], [1, 7], "
        + "[1, 8], [1, 9], [3, 5]], values=[2, 1, 1, 1, 1, 2, 1, 1, 1, 1, 3], dense_shape=[4, 10])");
  }

  @Test
  void embeddingPooling_averagesTheRowsOfEachExample_andEmptyIsNan() {
    assertPrints("mean embedding     = [[0.625, 0.3125, -0.625, 0.25], [1.0, 0.5, -1.0, 0.25], [nan, nan, nan, nan], [0.5, 0.25, -0.5, 0.25]]");
  }

  @Test
  void textTokenizer_splitsLooksUpAndPads() {
    // tokens = tf.strings.split(sentences); table = tf.lookup.StaticVocabularyTable(
    //     KeyValueTensorInitializer(VOCABULARY, tf.range(8, dtype=tf.int64)), num_oov_buckets=2)
    // "zebra" is out of the vocabulary: 8 + Fingerprint64("zebra") % 2 = 8 (tf.strings.to_hash_bucket_fast(["zebra"], 2) -> [0])
    assertPrints("tokens    = [[b'the', b'cat', b'sat', b'on', b'the', b'mat'], [], [b'a', b'dog', b'sat'], "
        + "[b'the', b'zebra', b'sat', b'on', b'a', b'mat']]");
    assertPrints("ids       = [[1, 2, 3, 4, 1, 5], [], [6, 7, 3], [1, 8, 3, 4, 6, 5]]");
    assertPrints("padded    = [[1, 2, 3, 4, 1, 5], [0, 0, 0, 0, 0, 0], [6, 7, 3, 0, 0, 0], [1, 8, 3, 4, 6, 5]]");
    assertPrints("mask      = [[True, True, True, True, True, True], [False, False, False, False, False, False], "
        + "[True, True, True, False, False, False], [True, True, True, True, True, True]]");
    assertPrints("lengths   = [6, 0, 3, 6]");
    // tf.strings.ngrams(tokens, 2)
    assertPrints("bigrams   = [[b'the cat', b'cat sat', b'sat on', b'on the', b'the mat'], [], [b'a dog', b'dog sat'], "
        + "[b'the zebra', b'zebra sat', b'sat on', b'on a', b'a mat']]");
  }

  @Test
  void bertFromRawText_tokenizesTrimsCombinesAndPadsTo128() {
    // tokenizer = tf_text.BertTokenizer(lookup_table(VOCABULARY), lower_case=True)
    // a = tokenizer.tokenize(first).merge_dims(-2, -1): "the cat sat on the mat ." -> [4, 5, 6, 7, 4, 8, 1] ("." is [UNK]),
    //   "dogs run !" -> [9, 10, 11, 13] (dog ##s); b: "a dog ' s mat" -> [12, 9, 14, 15, 8], "" -> []
    // tf_text.combine_segments(tf_text.RoundRobinTrimmer(125).trim([a, b]), 2, 3), then tf_text.pad_model_inputs(..., 128)
    assertPrints("shape          = [2, 128]");
    assertPrints("input_word_ids = [[2, 4, 5, 6, 7, 4, 8, 1, 3, 12, 9, 14, 15, 8, 3, 0, ...], [2, 9, 10, 11, 13, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0, ...]]");
    assertPrints("input_mask     = [[1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, ...], [1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, ...]]");
    assertPrints("input_type_ids = [[0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 0, ...], [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, ...]]");
    assertPrints("%0 = bert_tokenize(%first) {vocab = tensor<string>[16] [\"[PAD]\", \"[UNK]\", \"[CLS]\", \"[SEP]\", \"the\", \"cat\", "
        + "\"sat\", \"on\", \"mat\", \"dog\", \"##s\", \"run\", \"a\", \"!\", \"'\", \"s\"], lower_case = true} : ragged<int64>[None, (None), (None)]");
  }
}
