package dev.tatter.bench.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.runtime.kernels.text.SentencepieceModel;
import dev.tatter.runtime.kernels.text.SentencepieceProcessor;
import dev.tatter.runtime.kernels.text.TextBatch;
import dev.tatter.runtime.kernels.text.TokenSink;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tatter's SentencePiece against SentencePiece's own library (Debian's 0.1.97, through its Python
 * binding), on models {@code spm_train} trains in this set-up from the oracle corpus: unigram and BPE,
 * with the default {@code nmt_nfkc} character map, with byte fallback, with user-defined symbols,
 * without dummy prefix or whitespace removal, with whitespace as suffix. Ids, pieces, byte offsets and
 * decoded text, bit for bit, and with {@code bos:eos:reverse}.
 */
class SentencepieceOracleTest {
  @TempDir
  static Path dir;

  static List<String> inputs;
  static List<String> training;

  @BeforeAll
  static void corpus() {
    inputs = OracleCorpus.oracleInputs();
    training = new ArrayList<>(OracleCorpus.benchmarkText(400_000));
    training.addAll(OracleCorpus.lines());
  }

  static void compare(Path model, String extraOptions) throws Exception {
    SentencepieceLibrary.Run expected = SentencepieceLibrary.encode(dir, model, inputs, extraOptions, 1);
    SentencepieceModel m = SentencepieceModel.read(model);
    SentencepieceProcessor sp = new SentencepieceProcessor(m);
    SentencepieceProcessor.Options options = new SentencepieceProcessor.Options(extraOptions.contains("bos"),
        extraOptions.contains("eos"), extraOptions.contains("reverse"));
    TextBatch in = TextBatch.ofUtf8(inputs.toArray(new String[0]));
    TokenSink s = sp.encode(in, options, true);
    long[] rows = s.rowSplits();
    int[] ids = s.ids();
    int tokens = 0;
    for (int i = 0; i < inputs.size(); i++) {
      List<Integer> actualIds = new ArrayList<>();
      List<String> pieces = new ArrayList<>();
      List<Integer> begin = new ArrayList<>();
      List<Integer> end = new ArrayList<>();
      long[] idRow = new long[(int) (rows[i + 1] - rows[i])];
      for (int k = (int) rows[i]; k < rows[i + 1]; k++) {
        actualIds.add(ids[k]);
        idRow[k - (int) rows[i]] = ids[k];
        pieces.add(s.pieces().text(k));
        begin.add(s.starts()[k]);
        end.add(s.ends()[k]);
      }
      String decoded = new String(sp.decode(idRow, 0, idRow.length, options), StandardCharsets.UTF_8);
      SentencepieceLibrary.Encoded want = expected.results().get(i);
      String input = BertOracleTest.show(inputs.get(i));
      assertEquals(want.ids(), actualIds, () -> model.getFileName() + " ids of " + input);
      assertEquals(want.pieces(), pieces, () -> model.getFileName() + " pieces of " + input);
      assertEquals(want.begin(), begin, () -> model.getFileName() + " begin offsets of " + input);
      assertEquals(want.end(), end, () -> model.getFileName() + " end offsets of " + input);
      assertEquals(want.decoded(), decoded, () -> model.getFileName() + " decode of " + input);
      tokens += actualIds.size();
    }
    assertTrue(tokens > 1000, tokens + " tokens");
    System.out.println(model.getFileName() + " [" + extraOptions + "]: " + inputs.size() + " inputs, " + tokens
        + " pieces equal to SentencePiece's");
  }

  @Test
  void unigram_equalsTheLibrary() throws Exception {
    Path model = SentencepieceLibrary.train(dir, "unigram", training, "--vocab_size=2000", "--model_type=unigram",
        "--hard_vocab_limit=false");
    compare(model, "");
    compare(model, "bos:eos");
    compare(model, "bos:eos:reverse");
  }

  @Test
  void bpe_equalsTheLibrary() throws Exception {
    Path model = SentencepieceLibrary.train(dir, "bpe", training, "--vocab_size=2000", "--model_type=bpe",
        "--hard_vocab_limit=false");
    compare(model, "");
    compare(model, "reverse");
  }

  @Test
  void byteFallbackAndUserSymbols_equalTheLibrary() throws Exception {
    compare(SentencepieceLibrary.train(dir, "unigram_bytes", training, "--vocab_size=1200", "--model_type=unigram",
        "--byte_fallback=true", "--character_coverage=0.98", "--user_defined_symbols=[CLS],[SEP],@@,東京"), "");
    compare(SentencepieceLibrary.train(dir, "bpe_bytes", training, "--vocab_size=1200", "--model_type=bpe",
        "--byte_fallback=true", "--character_coverage=0.98", "--user_defined_symbols=[CLS],[SEP],@@,東京"), "");
  }

  @Test
  void normalizerOptions_equalTheLibrary() throws Exception {
    compare(SentencepieceLibrary.train(dir, "unigram_raw", training, "--vocab_size=1500", "--model_type=unigram",
        "--add_dummy_prefix=false", "--remove_extra_whitespaces=false", "--normalization_rule_name=identity",
        "--hard_vocab_limit=false"), "");
    compare(SentencepieceLibrary.train(dir, "unigram_suffix", training, "--vocab_size=1500", "--model_type=unigram",
        "--treat_whitespace_as_suffix=true", "--normalization_rule_name=nfkc_cf", "--hard_vocab_limit=false"), "");
    compare(SentencepieceLibrary.train(dir, "bpe_noescape", training, "--vocab_size=1500", "--model_type=bpe",
        "--remove_extra_whitespaces=false", "--split_digits=true", "--hard_vocab_limit=false"), "");
  }
}
