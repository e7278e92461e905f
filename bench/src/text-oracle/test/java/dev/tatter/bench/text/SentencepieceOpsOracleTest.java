package dev.tatter.bench.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Result;
import dev.tatter.frontend.SentencepieceTokenizer;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.optimizer.PassManager;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The SentencePiece ops ({@code tf.text.SentencepieceTokenizer}) run through a {@link Session},
 * compiled and interpreted, against SentencePiece's own library (Debian's 0.1.97 through its Python
 * binding, {@link SentencepieceLibrary}) over the oracle corpus: ids, pieces, byte offsets and
 * decoded text (of the ids and of the pieces) bit for bit, on models {@code spm_train} trains here with the default
 * {@code nmt_nfkc} character map (unigram and BPE, one with byte fallback and user symbols).
 */
class SentencepieceOpsOracleTest {
  @TempDir
  static Path dir;

  static List<String> inputs;
  static List<String> training;

  @BeforeAll
  static void corpus() {
    inputs = OracleCorpus.oracleInputs();
    training = new ArrayList<>(OracleCorpus.benchmarkText(300_000));
    training.addAll(OracleCorpus.lines());
  }

  /** One graph: ids, pieces with their offsets, and the ids decoded; run compiled and interpreted. */
  static void compare(Path model, boolean bos, boolean eos, boolean reverse) throws Exception {
    String extra = String.join(":", (bos ? "bos" : ""), (eos ? "eos" : ""), (reverse ? "reverse" : ""))
        .replaceAll("^:+|:+$", "").replaceAll(":+", ":");
    SentencepieceLibrary.Run expected = SentencepieceLibrary.encode(dir, model, inputs, extra, 1);
    byte[] bytes = Files.readAllBytes(model);
    GraphBuilder g = new GraphBuilder();
    SentencepieceTokenizer ids = g.ops().text.sentencepieceTokenizer(bytes, DType.INT32, 0, 1.0f, reverse, bos, eos);
    SentencepieceTokenizer pieces = g.ops().text.sentencepieceTokenizer(bytes, DType.STRING, 0, 1.0f, reverse, bos, eos);
    Value s = g.placeholder("s", Types.dense(DType.STRING, -1));
    Value tokenIds = ids.tokenize(s);
    SentencepieceTokenizer.TokensWithOffsets t = pieces.tokenizeWithOffsets(s);
    Value decoded = ids.detokenize(tokenIds);
    Value decodedPieces = pieces.detokenize(t.tokens());
    Value[] fetches = {tokenIds, t.tokens(), t.startOffsets(), t.endOffsets(), decoded, decodedPieces};
    Map<String, Object> feeds = Map.of("s", Tensor.ofStrings(inputs.toArray(new String[0])));
    for (Session.Backend backend : List.of(Session.Backend.COMPILED, Session.Backend.INTERPRETED)) {
      try (Session session = new Session(g.build(fetches), PassManager.DEFAULT_PIPELINE, backend)) {
        Result r = session.run(feeds, fetches);
        check(model.getFileName() + " [" + extra + "] " + backend, expected, r);
      }
    }
  }

  private static void check(String what, SentencepieceLibrary.Run expected, Result r) {
    RaggedTensor ids = r.ragged(0);
    RaggedTensor pieces = r.ragged(1);
    RaggedTensor starts = r.ragged(2);
    RaggedTensor ends = r.ragged(3);
    Tensor decoded = r.tensor(4);
    Tensor decodedPieces = r.tensor(5);
    long[] splits = ids.partition().rowSplitsArray();
    assertEquals(inputs.size(), ids.nrows(), what);
    int tokens = 0;
    for (int i = 0; i < inputs.size(); i++) {
      SentencepieceLibrary.Encoded want = expected.results().get(i);
      List<Integer> gotIds = new ArrayList<>();
      List<String> gotPieces = new ArrayList<>();
      List<Integer> gotBegin = new ArrayList<>();
      List<Integer> gotEnd = new ArrayList<>();
      for (int k = (int) splits[i]; k < splits[i + 1]; k++) {
        gotIds.add(((Number) ids.flatValues().get(k)).intValue());
        gotPieces.add(pieces.flatValues().getText(k));
        gotBegin.add((int) starts.flatValues().getLong(k));
        gotEnd.add((int) ends.flatValues().getLong(k));
      }
      String input = BertOracleTest.show(inputs.get(i));
      assertEquals(want.ids(), gotIds, () -> what + " ids of " + input);
      assertEquals(want.pieces(), gotPieces, () -> what + " pieces of " + input);
      assertEquals(want.begin(), gotBegin, () -> what + " begin offsets of " + input);
      assertEquals(want.end(), gotEnd, () -> what + " end offsets of " + input);
      assertEquals(want.decoded(), decoded.getText(i), () -> what + " detokenize of " + input);
      assertEquals(want.decodedPieces(), decodedPieces.getText(i), () -> what + " detokenize of the pieces of " + input);
      tokens += gotIds.size();
    }
    assertEquals(splits.length, pieces.partition().rowSplitsArray().length, what);
    assertTrue(tokens > 1000, tokens + " tokens");
    System.out.println(what + ": " + inputs.size() + " inputs, " + tokens + " tokens equal to SentencePiece's");
  }

  @Test
  void unigram_opsEqualTheLibrary() throws Exception {
    Path model = SentencepieceLibrary.train(dir, "ops_unigram", training, "--vocab_size=2000", "--model_type=unigram",
        "--hard_vocab_limit=false");
    compare(model, false, false, false);
    compare(model, true, true, true);
  }

  @Test
  void bpeWithByteFallback_opsEqualTheLibrary() throws Exception {
    Path model = SentencepieceLibrary.train(dir, "ops_bpe_bytes", training, "--vocab_size=1200", "--model_type=bpe",
        "--byte_fallback=true", "--character_coverage=0.98", "--user_defined_symbols=[CLS],[SEP],@@,東京");
    compare(model, false, false, false);
    compare(model, true, false, false);
  }
}
