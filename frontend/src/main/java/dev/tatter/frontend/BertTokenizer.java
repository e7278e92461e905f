package dev.tatter.frontend;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.ops.BertTokenizerOps;
import dev.tatter.runtime.DType;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * tensorflow_text's {@code BertTokenizer}: its BasicTokenizer (lower case or a Unicode
 * normalization, control characters to spaces, a split at whitespace, punctuation and CJK
 * characters) then its {@link WordpieceTokenizer} on each word, by the {@code bert_*} ops (one
 * fused kernel) on the flat values of dense or ragged text: {@code [..., (words), (pieces)]}.
 * Offsets are into each string's normalized text, as TF Text's are.
 */
@BuilderApi
public final class BertTokenizer {
  private final WordpieceTokenizer wordpiece;
  private final Map<String, Object> attrs;

  private BertTokenizer(WordpieceTokenizer wordpiece, Map<String, Object> attrs) {
    this.wordpiece = wordpiece;
    this.attrs = attrs;
  }

  /** {@code text.BertTokenizer(vocab_lookup_table)} with TF Text's defaults (cased, int64 ids). */
  @TfApi("text.BertTokenizer")
  public static BertTokenizer bertTokenizer(Object vocabLookupTable) {
    return bertTokenizer(vocabLookupTable, "##", 100, null, DType.INT64, "[UNK]", false, false, false, null, false);
  }

  /**
   * {@code text.BertTokenizer(vocab_lookup_table, suffix_indicator, max_bytes_per_word,
   * max_chars_per_token, token_out_type, unknown_token, split_unknown_characters, lower_case,
   * keep_whitespace, normalization_form, preserve_unused_token)}: the vocabulary and WordPiece
   * options as {@link WordpieceTokenizer#wordpieceTokenizer(Object, String, int, Integer, DType,
   * String, boolean)} takes them; {@code normalizationForm} null or NFC, NFKC, NFD, NFKD (with
   * {@code lowerCase} only null or NFD, as TF Text's BasicTokenizer requires).
   */
  @TfApi("text.BertTokenizer")
  public static BertTokenizer bertTokenizer(Object vocabLookupTable, String suffixIndicator, int maxBytesPerWord,
      @Nullable Integer maxCharsPerToken, DType tokenOutType, @Nullable String unknownToken, boolean splitUnknownCharacters, boolean lowerCase,
      boolean keepWhitespace, @Nullable String normalizationForm, boolean preserveUnusedToken) {
    String where = "text.BertTokenizer at " + CallSite.find();
    if (normalizationForm != null && !List.of("NFC", "NFKC", "NFD", "NFKD").contains(normalizationForm)) {
      throw new GraphBuildException(where + ": normalization_form must be null, NFC, NFKC, NFD or NFKD, got " + normalizationForm);
    }
    if (lowerCase && normalizationForm != null && !normalizationForm.equals("NFD")) {
      throw new GraphBuildException(where + ": `lower_case` strips accents. When `lower_case` is set, `normalization_form` "
          + "is 'NFD' (got " + normalizationForm + ")");
    }
    WordpieceTokenizer wp = WordpieceTokenizer.wordpieceTokenizer(vocabLookupTable, suffixIndicator, maxBytesPerWord,
        maxCharsPerToken, tokenOutType, unknownToken, splitUnknownCharacters);
    Map<String, Object> attrs = new HashMap<>(wp.attributes());
    attrs.put("lower_case", lowerCase);
    attrs.put("keep_whitespace", keepWhitespace);
    attrs.put("normalization_form", normalizationForm == null ? "" : normalizationForm);
    attrs.put("preserve_unused_token", preserveUnusedToken);
    return new BertTokenizer(wp, Map.copyOf(attrs));
  }

  /** {@code tokenizer.tokenize(text)}: {@code [..., (words), (pieces)]}, the pieces as strings or ids. */
  public Value tokenize(Value text) {
    Map<String, Object> a = new HashMap<>(attrs);
    a.put("out_type", wordpiece.tokenOutType());
    return WordpieceTokenizer.applyToFlatValues("BertTokenizer.tokenize", BertTokenizerOps.BERT_TOKENIZE, a, text);
  }

  /** {@code tokenizer.tokenize_with_offsets(text)}: the pieces, and each piece's start and end byte in its normalized string. */
  public List<Value> tokenizeWithOffsets(Value text) {
    String what = "BertTokenizer.tokenize_with_offsets";
    Map<String, Object> a = new HashMap<>(attrs);
    a.put("out_type", wordpiece.tokenOutType());
    return List.of(WordpieceTokenizer.applyToFlatValues(what, BertTokenizerOps.BERT_TOKENIZE, a, text),
        WordpieceTokenizer.applyToFlatValues(what, BertTokenizerOps.BERT_TOKEN_STARTS, attrs, text),
        WordpieceTokenizer.applyToFlatValues(what, BertTokenizerOps.BERT_TOKEN_LIMITS, attrs, text));
  }

  /** {@code tokenizer.detokenize(token_ids)}: the WordPiece tokenizer's ({@link WordpieceTokenizer#detokenize}). */
  public Value detokenize(Value tokenIds) {
    return wordpiece.detokenize(tokenIds);
  }
}
