package dev.tatter.bench.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.djl.huggingface.tokenizers.jni.CharSpan;
import dev.tatter.runtime.kernels.text.BertBasicTokenizer;
import dev.tatter.runtime.kernels.text.BertTokenizer;
import dev.tatter.runtime.kernels.text.FastWordpieceTokenizer;
import dev.tatter.runtime.kernels.text.NormalizationForm;
import dev.tatter.runtime.kernels.text.TextBatch;
import dev.tatter.runtime.kernels.text.TokenSink;
import dev.tatter.runtime.kernels.text.WordpieceOptions;
import dev.tatter.runtime.kernels.text.WordpieceTokenizer;
import dev.tatter.runtime.kernels.text.WordpieceVocabulary;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tatter's BERT tokenization against Hugging Face's tokenizers (Rust, through DJL), bit for bit on
 * ids, tokens and offsets, with the real uncased BERT vocabulary, over the multilingual oracle corpus.
 * HF runs TF Text's pipeline spelled in HF's building blocks ({@link HfTokenizers#tfBert}); where TF
 * Text and HF's own BERT differ by design, {@link BertDifferencesTest} pins each difference.
 */
class BertOracleTest {
  @TempDir
  static Path dir;

  static List<String> vocab;
  static WordpieceVocabulary tatterVocab;

  @BeforeAll
  static void load() throws Exception {
    vocab = HfTokenizers.bertVocabulary();
    tatterVocab = WordpieceVocabulary.read(HfTokenizers.bertVocabularyFile(dir));
    assertEquals(30522, tatterVocab.size());
    assertEquals(100, tatterVocab.id("[UNK]".getBytes(StandardCharsets.UTF_8)));
    assertEquals(101, tatterVocab.id("[CLS]".getBytes(StandardCharsets.UTF_8)));
  }

  /** One tokenization: ids, token texts and code point offsets into the text the tokenizer's offsets refer to. */
  record Tokens(List<Long> ids, List<String> tokens, List<Integer> starts, List<Integer> ends) {}

  static Tokens hf(HuggingFaceTokenizer t, String text) {
    Encoding e = t.encode(text, false, false);
    List<Long> ids = new ArrayList<>();
    List<Integer> starts = new ArrayList<>();
    List<Integer> ends = new ArrayList<>();
    for (long id : e.getIds()) {
      ids.add(id);
    }
    for (CharSpan s : e.getCharTokenSpans()) {
      starts.add(s.getStart());
      ends.add(s.getEnd());
    }
    return new Tokens(ids, Arrays.asList(e.getTokens()), starts, ends);
  }

  /** Tatter's BertTokenizer on one string; offsets as code point indices into its normalized text. */
  static Tokens tatter(BertBasicTokenizer basic, WordpieceTokenizer wp, String text) {
    TextBatch in = TextBatch.ofUtf8(text);
    BertTokenizer.Result r = new BertTokenizer(basic, wp).tokenize(in, true, true);
    byte[] normalized = basic.normalize(in).get(0);
    TokenSink s = r.pieces();
    int[] ids = s.ids();
    int[] st = s.starts();
    int[] en = s.ends();
    TextBatch pieces = s.pieces();
    List<Long> idList = new ArrayList<>();
    List<String> tokens = new ArrayList<>();
    List<Integer> starts = new ArrayList<>();
    List<Integer> ends = new ArrayList<>();
    for (int k = 0; k < ids.length; k++) {
      idList.add((long) ids[k]);
      tokens.add(pieces.text(k));
      starts.add(codePoints(normalized, st[k]));
      ends.add(codePoints(normalized, en[k]));
    }
    return new Tokens(idList, tokens, starts, ends);
  }

  static int codePoints(byte[] utf8, int byteOffset) {
    return new String(utf8, 0, Math.min(byteOffset, utf8.length), StandardCharsets.UTF_8).codePointCount(0,
        new String(utf8, 0, Math.min(byteOffset, utf8.length), StandardCharsets.UTF_8).length());
  }

  static String show(String s) {
    StringBuilder b = new StringBuilder();
    s.codePoints().forEach(c -> b.append(c >= 0x20 && c < 0x7F ? String.valueOf((char) c) : String.format("\\u{%X}", c)));
    return b.toString();
  }

  /** Cased: TF's BertTokenizer(lower_case=False) and HF's spelling of it agree on ids, tokens and offsets. */
  @Test
  void cased_idsTokensAndOffsets_equalHfsBitForBit() throws Exception {
    try (HuggingFaceTokenizer hf = HfTokenizers.tfBert(dir, vocab, false)) {
      BertBasicTokenizer basic = new BertBasicTokenizer(false, false, null, false);
      WordpieceTokenizer wp = new WordpieceTokenizer(tatterVocab, WordpieceOptions.defaults());
      int compared = 0;
      long tokens = 0;
      for (String line : OracleCorpus.oracleInputs()) {
        if (longWord(line)) {
          continue; // TF: max_bytes_per_word in bytes and its [UNK]'s end; HF: characters: BertDifferencesTest
        }
        Tokens expected = hf(hf, line);
        Tokens actual = tatter(basic, wp, line);
        assertEquals(expected, actual, () -> "input: " + show(line));
        compared++;
        tokens += expected.ids().size();
      }
      assertTrue(compared > 150, "compared " + compared + " lines");
      System.out.println("cased BERT: " + compared + " lines, " + tokens + " tokens equal to HF's");
    }
  }

  /**
   * Uncased: TF's lower_case (NFKC_Casefold, NFD, no Mn) against HF given ICU's NFKC_Casefold of the
   * input and doing the rest itself (NFD, StripAccents, the same splits): ids and tokens.
   */
  @Test
  void uncased_idsAndTokens_equalHfsOnCaseFoldedInput() throws Exception {
    try (HuggingFaceTokenizer hf = HfTokenizers.tfBert(dir, vocab, true)) {
      BertBasicTokenizer basic = new BertBasicTokenizer(true, false, null, false);
      WordpieceTokenizer wp = new WordpieceTokenizer(tatterVocab, WordpieceOptions.defaults());
      int compared = 0;
      for (String line : OracleCorpus.oracleInputs()) {
        String folded = NormalizationForm.NFKC_CF.icu().normalize(line);
        if (longWord(folded)) {
          continue;
        }
        Tokens expected = hf(hf, folded);
        Tokens actual = tatter(basic, wp, line);
        assertEquals(expected.ids(), actual.ids(), () -> "input: " + show(line));
        assertEquals(expected.tokens(), actual.tokens(), () -> "input: " + show(line));
        compared++;
      }
      assertTrue(compared > 150, "compared " + compared + " lines");
    }
  }

  /** WordpieceTokenizer and FastWordpieceTokenizer on single words against HF's WordPiece model alone. */
  @Test
  void wordpieceAndFastWordpiece_onSingleWords_equalHfsWordPiece() throws Exception {
    try (HuggingFaceTokenizer hf = HfTokenizers.wordpieceOnly(dir, vocab, 100)) {
      WordpieceTokenizer wp = new WordpieceTokenizer(tatterVocab, WordpieceOptions.defaults());
      FastWordpieceTokenizer fast = new FastWordpieceTokenizer(tatterVocab, "##", 100, "[UNK]");
      List<String> words = new ArrayList<>();
      for (String line : OracleCorpus.oracleInputs()) {
        for (String w : line.split("[\\s\\u0085\\u00A0\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\u1680]+")) {
          if (!w.isEmpty() && w.getBytes(StandardCharsets.UTF_8).length <= 100) {
            words.add(w);
          }
        }
      }
      for (String w : words) {
        Tokens expected = hf(hf, w);
        TextBatch in = TextBatch.ofUtf8(w);
        for (TokenSink s : List.of(wp.tokenize(in, true, true), fast.tokenizeWords(in, true))) {
          byte[] bytes = w.getBytes(StandardCharsets.UTF_8);
          List<Long> ids = new ArrayList<>();
          List<String> tokens = new ArrayList<>();
          List<Integer> starts = new ArrayList<>();
          List<Integer> ends = new ArrayList<>();
          for (int k = 0; k < s.count(); k++) {
            ids.add((long) s.ids()[k]);
            tokens.add(s.pieces().text(k));
            starts.add(codePoints(bytes, s.starts()[k]));
            ends.add(codePoints(bytes, s.ends()[k]));
          }
          assertEquals(expected, new Tokens(ids, tokens, starts, ends), () -> "word: " + show(w));
        }
      }
      assertTrue(words.size() > 1000, "compared " + words.size() + " words");
      System.out.println("WordPiece: " + words.size() + " words equal to HF's, greedy and LinMaxMatch");
    }
  }

  /** Whether a word (between spaces) of {@code s} has more than 100 bytes. */
  static boolean longWord(String s) {
    for (String w : s.split("[ \\t\\n\\r\\f\\u000B\\u0085\\u0001\\u007F\\u200B\\u00AD\\uFEFF\\u200D\\u2060\\u180E]+")) {
      int bytes = w.getBytes(StandardCharsets.UTF_8).length;
      if (bytes > 100) {
        return true;
      }
    }
    return false;
  }
}
