package dev.tatter.runtime.kernels.text;

import com.google.common.collect.MapMaker;
import dev.tatter.runtime.ByteStrings;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The kernels of the FastWordpiece ops: TF Text's {@code FastWordpieceTokenizeWithOffsets} (one op
 * per result) and {@code FastWordpieceDetokenize}, by the {@link FastWordpieceTokenizer} engine.
 * TF Text compiles its model (trie, failure links and pops) once, in Python, into a flatbuffer the
 * op holds; here the engine is built once per vocabulary attribute and options, on first use, and
 * kept while the attribute tensor (the graph constant) lives.
 */
public final class FastWordpieceKernels {
  private FastWordpieceKernels() {}

  /** The options that, with the vocabulary, make one engine. */
  private record Options(String suffixIndicator, long maxBytesPerWord, String unknownToken) {}

  // weak keys compare by identity: engines per attribute tensor, dropped with its graph
  private static final ConcurrentMap<Tensor, Map<Options, FastWordpieceTokenizer>> BUILT = new MapMaker().weakKeys().makeMap();

  /** The engine of these attributes, built on first use (refusals: an unknown token not in the vocabulary). */
  public static FastWordpieceTokenizer tokenizer(Tensor vocab, String suffixIndicator, long maxBytesPerWord, String unknownToken) {
    Options o = new Options(suffixIndicator, maxBytesPerWord, unknownToken);
    return BUILT.computeIfAbsent(vocab, v -> new ConcurrentHashMap<>()).computeIfAbsent(o, x -> new FastWordpieceTokenizer(
        WordpieceKernels.vocabulary(vocab), ByteStrings.toText(suffixIndicator), (int) maxBytesPerWord, ByteStrings.toText(unknownToken)));
  }

  private static TokenSink run(Tensor input, Tensor vocab, String suffixIndicator, long maxBytesPerWord, String unknownToken,
      boolean noPretokenization, boolean keepPieces) {
    FastWordpieceTokenizer t = tokenizer(vocab, suffixIndicator, maxBytesPerWord, unknownToken);
    TextBatch in = TokenTensors.batch(input);
    return noPretokenization ? t.tokenizeWords(in, keepPieces) : t.tokenizeText(in, keepPieces);
  }

  /** {@code fast_wordpiece_tokenize}: each string's pieces as a row, strings or int32/int64 ids. */
  public static RaggedTensor tokenize(Tensor input, Tensor vocab, String suffixIndicator, long maxBytesPerWord,
      String unknownToken, boolean noPretokenization, boolean supportDetokenization, DType outType) {
    TokenSink sink = run(input, vocab, suffixIndicator, maxBytesPerWord, unknownToken, noPretokenization, outType == DType.STRING);
    return TokenTensors.rows(TokenTensors.values(sink, outType), sink);
  }

  /** {@code fast_wordpiece_token_starts}: each piece's first byte in its string. */
  public static RaggedTensor tokenStarts(Tensor input, Tensor vocab, String suffixIndicator, long maxBytesPerWord,
      String unknownToken, boolean noPretokenization, boolean supportDetokenization) {
    TokenSink sink = run(input, vocab, suffixIndicator, maxBytesPerWord, unknownToken, noPretokenization, false);
    return TokenTensors.rows(TokenTensors.longs(sink.starts()), sink);
  }

  /** {@code fast_wordpiece_token_limits}: the byte after each piece's last in its string. */
  public static RaggedTensor tokenLimits(Tensor input, Tensor vocab, String suffixIndicator, long maxBytesPerWord,
      String unknownToken, boolean noPretokenization, boolean supportDetokenization) {
    TokenSink sink = run(input, vocab, suffixIndicator, maxBytesPerWord, unknownToken, noPretokenization, false);
    return TokenTensors.rows(TokenTensors.longs(sink.ends()), sink);
  }

  /** {@code fast_wordpiece_detokenize}: each row of ids as one string (an id outside the vocabulary is refused). */
  public static Tensor detokenize(RaggedTensor ids, Tensor vocab, String suffixIndicator, long maxBytesPerWord,
      String unknownToken, boolean noPretokenization, boolean supportDetokenization) {
    FastWordpieceTokenizer t = tokenizer(vocab, suffixIndicator, maxBytesPerWord, unknownToken);
    Tensor flat = ids.flatValues();
    long[] values = new long[flat.size()];
    for (int k = 0; k < values.length; k++) {
      values[k] = ((Number) flat.get(k)).longValue();
    }
    long[] splits = ids.partition().unsafeRowSplits();
    int rows = splits.length - 1;
    StringColumn.Builder out = StringColumn.builder(rows, 16 * rows);
    for (int r = 0; r < rows; r++) {
      byte[] text = t.detokenize(values, (int) splits[r], (int) splits[r + 1]);
      out.append(text, 0, text.length);
    }
    return Tensor.ofStrings(out.build(), rows);
  }
}
