package dev.tatter.runtime.kernels.text;

import dev.tatter.runtime.ByteStrings;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.List;

/**
 * The kernels of the BERT ops: TF Text's {@code BertTokenizer.tokenize_with_offsets} (its
 * BasicTokenizer's normalizers and split, then WordpieceTokenizeWithOffsets on each word), one op
 * per result, by the fused {@link BertTokenizer} engine: per string a row of words, per word a row
 * of pieces, {@code [strings, (words), (pieces)]}; offsets are into the string's normalized text, as
 * TF's {@code begin + wp_begin} are.
 */
public final class BertKernels {
  private BertKernels() {}

  /** The engine for these attributes: the BasicTokenizer's options and the WordPiece tokenizer's. */
  static BertTokenizer tokenizer(Tensor vocab, String suffixIndicator, long maxBytesPerWord, long maxCharsPerToken,
      boolean useUnknownToken, String unknownToken, boolean splitUnknownCharacters, boolean lowerCase, boolean keepWhitespace,
      String normalizationForm, boolean preserveUnusedToken) {
    BertBasicTokenizer basic = new BertBasicTokenizer(lowerCase, keepWhitespace, normalization(normalizationForm),
        preserveUnusedToken);
    return new BertTokenizer(basic, WordpieceKernels.tokenizer(vocab, suffixIndicator, maxBytesPerWord, maxCharsPerToken,
        useUnknownToken, unknownToken, splitUnknownCharacters));
  }

  /** {@code normalization_form}: empty for none, else NFC, NFKC, NFD or NFKD. */
  public static NormalizationForm normalization(String form) {
    String f = ByteStrings.toText(form);
    if (f.isEmpty()) {
      return null;
    }
    return switch (f) {
      case "NFC" -> NormalizationForm.NFC;
      case "NFKC" -> NormalizationForm.NFKC;
      case "NFD" -> NormalizationForm.NFD;
      case "NFKD" -> NormalizationForm.NFKD;
      default -> throw new InvalidArgumentException("normalization_form must be empty, NFC, NFKC, NFD or NFKD, got " + f);
    };
  }

  private static RaggedTensor nested(Tensor values, BertTokenizer.Result r) {
    return RaggedTensor.ofNested(values, List.of(RowPartition.fromRowSplits(r.wordRowSplits(), DType.INT64, false),
        RowPartition.fromRowSplits(r.pieces().rowSplits(), DType.INT64, false)));
  }

  /** {@code bert_tokenize}: per string its words, per word its pieces, as strings or int32/int64 ids. */
  public static RaggedTensor tokenize(Tensor input, Tensor vocab, String suffixIndicator, long maxBytesPerWord,
      long maxCharsPerToken, boolean useUnknownToken, String unknownToken, boolean splitUnknownCharacters, boolean lowerCase,
      boolean keepWhitespace, String normalizationForm, boolean preserveUnusedToken, DType outType) {
    boolean strings = outType == DType.STRING;
    BertTokenizer.Result r = tokenizer(vocab, suffixIndicator, maxBytesPerWord, maxCharsPerToken, useUnknownToken, unknownToken,
        splitUnknownCharacters, lowerCase, keepWhitespace, normalizationForm, preserveUnusedToken)
        .tokenize(TokenTensors.batch(input), strings, !strings);
    return nested(TokenTensors.values(r.pieces(), outType), r);
  }

  /** {@code bert_token_starts}: each piece's first byte in its string's normalized text. */
  public static RaggedTensor tokenStarts(Tensor input, Tensor vocab, String suffixIndicator, long maxBytesPerWord,
      long maxCharsPerToken, boolean useUnknownToken, String unknownToken, boolean splitUnknownCharacters, boolean lowerCase,
      boolean keepWhitespace, String normalizationForm, boolean preserveUnusedToken) {
    BertTokenizer.Result r = tokenizer(vocab, suffixIndicator, maxBytesPerWord, maxCharsPerToken, useUnknownToken, unknownToken,
        splitUnknownCharacters, lowerCase, keepWhitespace, normalizationForm, preserveUnusedToken)
        .tokenize(TokenTensors.batch(input), false, false);
    return nested(TokenTensors.longs(r.pieces().starts()), r);
  }

  /** {@code bert_token_limits}: the byte after each piece's last in its string's normalized text. */
  public static RaggedTensor tokenLimits(Tensor input, Tensor vocab, String suffixIndicator, long maxBytesPerWord,
      long maxCharsPerToken, boolean useUnknownToken, String unknownToken, boolean splitUnknownCharacters, boolean lowerCase,
      boolean keepWhitespace, String normalizationForm, boolean preserveUnusedToken) {
    BertTokenizer.Result r = tokenizer(vocab, suffixIndicator, maxBytesPerWord, maxCharsPerToken, useUnknownToken, unknownToken,
        splitUnknownCharacters, lowerCase, keepWhitespace, normalizationForm, preserveUnusedToken)
        .tokenize(TokenTensors.batch(input), false, false);
    return nested(TokenTensors.longs(r.pieces().ends()), r);
  }
}
