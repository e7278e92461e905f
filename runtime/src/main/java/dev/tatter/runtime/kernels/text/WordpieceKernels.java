package dev.tatter.runtime.kernels.text;

import com.google.common.collect.MapMaker;
import dev.tatter.runtime.ByteStrings;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;
import java.util.concurrent.ConcurrentMap;

/**
 * The kernels of the WordPiece ops ({@code wordpiece_tokenize}, {@code wordpiece_token_starts},
 * {@code wordpiece_token_limits}): TF Text's {@code WordpieceTokenizeWithOffsets} over a string
 * vector of words, each word a row of pieces, by the {@link WordpieceTokenizer} engine. The
 * vocabulary is the op's string-vector attribute; its trie is built once per attribute tensor (the
 * graph constant) and kept while that constant lives, as {@code LookupTable} keeps a table, so
 * repeated runs do not rebuild it. Ids are what TF's {@code StaticVocabularyTable} with one OOV
 * bucket gives a piece: its line, or the vocabulary's size.
 */
public final class WordpieceKernels {
  private WordpieceKernels() {}

  // weak keys compare by identity: one trie per attribute tensor, dropped with its graph
  private static final ConcurrentMap<Tensor, WordpieceVocabulary> BUILT = new MapMaker().weakKeys().makeMap();

  /** The vocabulary of a string-vector attribute, built on first use (refusals name the attribute). */
  public static WordpieceVocabulary vocabulary(Tensor vocab) {
    return BUILT.computeIfAbsent(vocab, WordpieceKernels::build);
  }

  private static WordpieceVocabulary build(Tensor vocab) {
    if (vocab.dtype() != DType.STRING || vocab.rank() != 1) {
      throw new InvalidArgumentException("the vocabulary must be a vector of strings");
    }
    if (vocab.size() > WordpieceVocabulary.MAX_TOKENS) {
      throw new InvalidArgumentException("the vocabulary has " + vocab.size() + " tokens, more than " + WordpieceVocabulary.MAX_TOKENS);
    }
    StringColumn c = vocab.stringColumn();
    byte[][] tokens = new byte[c.size()][];
    for (int i = 0; i < tokens.length; i++) {
      tokens[i] = c.bytes(i);
    }
    return WordpieceVocabulary.of(tokens, "attribute");
  }

  /** The engine for these attributes (cheap: the trie is the vocabulary's). */
  public static WordpieceTokenizer tokenizer(Tensor vocab, String suffixIndicator, long maxBytesPerWord, long maxCharsPerToken,
      boolean useUnknownToken, String unknownToken, boolean splitUnknownCharacters) {
    WordpieceOptions options = new WordpieceOptions(ByteStrings.bytes(suffixIndicator), (int) maxBytesPerWord,
        (int) maxCharsPerToken, useUnknownToken, ByteStrings.bytes(unknownToken), splitUnknownCharacters);
    return new WordpieceTokenizer(vocabulary(vocab), options);
  }

  /** {@code wordpiece_tokenize}: each word's pieces as a row, as strings or as int32/int64 ids. */
  public static RaggedTensor tokenize(Tensor input, Tensor vocab, String suffixIndicator, long maxBytesPerWord,
      long maxCharsPerToken, boolean useUnknownToken, String unknownToken, boolean splitUnknownCharacters, DType outType) {
    boolean strings = outType == DType.STRING;
    TokenSink sink = run(input, tokenizer(vocab, suffixIndicator, maxBytesPerWord, maxCharsPerToken, useUnknownToken,
        unknownToken, splitUnknownCharacters), strings, !strings);
    return TokenTensors.rows(TokenTensors.values(sink, outType), sink);
  }

  /** {@code wordpiece_token_starts}: each piece's first byte in its word, int64. */
  public static RaggedTensor tokenStarts(Tensor input, Tensor vocab, String suffixIndicator, long maxBytesPerWord,
      long maxCharsPerToken, boolean useUnknownToken, String unknownToken, boolean splitUnknownCharacters) {
    TokenSink sink = run(input, tokenizer(vocab, suffixIndicator, maxBytesPerWord, maxCharsPerToken, useUnknownToken,
        unknownToken, splitUnknownCharacters), false, false);
    return TokenTensors.rows(TokenTensors.longs(sink.starts()), sink);
  }

  /** {@code wordpiece_token_limits}: the byte after each piece's last in its word, int64. */
  public static RaggedTensor tokenLimits(Tensor input, Tensor vocab, String suffixIndicator, long maxBytesPerWord,
      long maxCharsPerToken, boolean useUnknownToken, String unknownToken, boolean splitUnknownCharacters) {
    TokenSink sink = run(input, tokenizer(vocab, suffixIndicator, maxBytesPerWord, maxCharsPerToken, useUnknownToken,
        unknownToken, splitUnknownCharacters), false, false);
    return TokenTensors.rows(TokenTensors.longs(sink.ends()), sink);
  }

  /** Each element of the string vector {@code input} tokenized as one word, read in place. */
  static TokenSink run(Tensor input, WordpieceTokenizer tokenizer, boolean keepPieces, boolean keepIds) {
    StringColumn words = input.stringColumn();
    byte[] b = words.unsafeBytes();
    TokenSink sink = new TokenSink(words.size(), words.size() * 2, keepPieces, keepIds);
    for (int i = 0; i < words.size(); i++) {
      tokenizer.tokenizeWord(b, words.start(i), words.end(i), 0, sink);
      sink.endRow();
    }
    return sink;
  }
}
