package dev.tatter.bench.text;

import static dev.tatter.bench.text.BertOracleTest.codePoints;
import static dev.tatter.bench.text.BertOracleTest.hf;
import static dev.tatter.bench.text.BertOracleTest.longWord;
import static dev.tatter.bench.text.BertOracleTest.show;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import dev.tatter.bench.text.BertOracleTest.Tokens;
import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Result;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.text.BertBasicTokenizer;
import dev.tatter.runtime.kernels.text.TextBatch;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The WordPiece, FastWordpiece and BERT <em>ops</em> (built with {@code tf.text}, compiled and run by
 * a {@link Session} over a fed batch) against Hugging Face's tokenizers (Rust, through DJL), bit for
 * bit on ids and offsets, with the real uncased BERT vocabulary read from its {@code vocab.txt} by
 * the builder, over the multilingual oracle corpus: what {@link BertOracleTest} checks of the
 * engines, checked of what a user runs.
 */
class WordpieceOpsOracleTest {
  @TempDir
  static Path dir;

  static List<String> vocab;
  static Path vocabFile;

  @BeforeAll
  static void load() throws Exception {
    vocab = HfTokenizers.bertVocabulary();
    vocabFile = HfTokenizers.bertVocabularyFile(dir);
  }

  /** Row {@code r} of the three fetched results as ids and code point offsets into {@code frame[r]}. */
  static Tokens row(Result out, int r, byte[] frame, boolean nested) {
    RaggedTensor ids = out.ragged(0);
    RaggedTensor starts = out.ragged(1);
    RaggedTensor ends = out.ragged(2);
    long[] outer = ids.partition().unsafeRowSplits();
    long from = outer[r];
    long to = outer[r + 1];
    if (nested) { // [strings, (words), (pieces)]: the string's pieces are those of its words
      long[] inner = ((RaggedTensor) ids.values()).partition().unsafeRowSplits();
      from = inner[(int) from];
      to = inner[(int) to];
    }
    Tensor idValues = ids.flatValues();
    Tensor startValues = starts.flatValues();
    Tensor endValues = ends.flatValues();
    List<Long> idList = new ArrayList<>();
    List<Integer> s = new ArrayList<>();
    List<Integer> e = new ArrayList<>();
    List<String> tokens = new ArrayList<>();
    for (long k = from; k < to; k++) {
      long id = ((Number) idValues.get((int) k)).longValue();
      idList.add(id);
      tokens.add(vocab.get((int) id));
      s.add(codePoints(frame, (int) (long) (Long) startValues.get((int) k)));
      e.add(codePoints(frame, (int) (long) (Long) endValues.get((int) k)));
    }
    return new Tokens(idList, tokens, s, e);
  }

  static Result run(GraphBuilder g, Value in, List<Value> outs, List<String> batch) {
    try (Session s = new Session(g.build(outs.toArray(Value[]::new)))) {
      return s.run(Map.of("in", Tensor.ofStrings(batch.toArray(String[]::new))), outs.toArray(Value[]::new));
    }
  }

  /** WordpieceTokenizer and FastWordpieceTokenizer(no_pretokenization=True) ops on single words against HF's WordPiece model. */
  @Test
  void wordpieceAndFastWordpieceOps_onWords_equalHfsWordPiece() throws Exception {
    List<String> words = new ArrayList<>();
    for (String line : OracleCorpus.oracleInputs()) {
      for (String w : line.split("[\\s\\u0085\\u00A0\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\u1680]+")) {
        if (!w.isEmpty() && w.getBytes(StandardCharsets.UTF_8).length <= 100) {
          words.add(w);
        }
      }
    }
    GraphBuilder g = new GraphBuilder();
    Value in = g.placeholder("in", Types.dense(DType.STRING, -1));
    List<Value> wp = g.ops().text.wordpieceTokenizer(vocabFile).tokenizeWithOffsets(in);
    List<Value> fast = g.ops().text.fastWordpieceTokenizer(vocabFile, "##", 100, DType.INT64, "[UNK]", true, false).tokenizeWithOffsets(in);
    Result wpOut = run(g, in, wp, words);
    Result fastOut = run(g, in, fast, words);
    try (HuggingFaceTokenizer hf = HfTokenizers.wordpieceOnly(dir, vocab, 100)) {
      for (int r = 0; r < words.size(); r++) {
        String w = words.get(r);
        Tokens expected = hf(hf, w);
        byte[] bytes = w.getBytes(StandardCharsets.UTF_8);
        assertEquals(expected, row(wpOut, r, bytes, false), () -> "wordpiece_tokenize, word: " + show(w));
        assertEquals(expected, row(fastOut, r, bytes, false), () -> "fast_wordpiece_tokenize, word: " + show(w));
      }
    }
    assertTrue(words.size() > 1000, "compared " + words.size() + " words");
    System.out.println("WordPiece ops: " + words.size() + " words equal to HF's, wordpiece_tokenize and fast_wordpiece_tokenize");
  }

  /** BertTokenizer(lower_case=False) ops against HF's spelling of TF Text's pipeline: ids and offsets into the normalized text. */
  @Test
  void bertOps_cased_equalHfsBitForBit() throws Exception {
    List<String> lines = new ArrayList<>();
    for (String line : OracleCorpus.oracleInputs()) {
      if (!longWord(line)) { // TF: max_bytes_per_word in bytes and its [UNK]'s end; HF: characters (BertDifferencesTest)
        lines.add(line);
      }
    }
    GraphBuilder g = new GraphBuilder();
    Value in = g.placeholder("in", Types.dense(DType.STRING, -1));
    Result out = run(g, in, g.ops().text.bertTokenizer(vocabFile).tokenizeWithOffsets(in), lines);
    BertBasicTokenizer basic = new BertBasicTokenizer(false, false, null, false);
    long tokens = 0;
    try (HuggingFaceTokenizer hf = HfTokenizers.tfBert(dir, vocab, false)) {
      for (int r = 0; r < lines.size(); r++) {
        String line = lines.get(r);
        Tokens expected = hf(hf, line);
        byte[] normalized = basic.normalize(TextBatch.ofUtf8(line)).get(0);
        assertEquals(expected, row(out, r, normalized, true), () -> "bert_tokenize, input: " + show(line));
        tokens += expected.ids().size();
      }
    }
    assertTrue(lines.size() > 150, "compared " + lines.size() + " lines");
    System.out.println("BERT ops: " + lines.size() + " lines, " + tokens + " tokens equal to HF's");
  }
}
