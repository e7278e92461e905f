package dev.tatter.frontend;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.ops.FastWordpieceOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * tensorflow_text's {@code FastWordpieceTokenizer}: WordPiece by LinMaxMatch, on single words
 * ({@code no_pretokenization}) or end to end on text cut at whitespace and punctuation, by the
 * {@code fast_wordpiece_*} ops on the flat values of dense or ragged input; {@code detokenize}
 * joins rows of ids back into text. The vocabulary is given as for {@link WordpieceTokenizer} and
 * must hold the unknown token (TF Text's model builder refuses it otherwise).
 */
@BuilderApi
public final class FastWordpieceTokenizer {
  private final Map<String, Object> attrs;
  private final DType tokenOutType;

  private FastWordpieceTokenizer(Map<String, Object> attrs, DType tokenOutType) {
    this.attrs = attrs;
    this.tokenOutType = tokenOutType;
  }

  /** {@code text.FastWordpieceTokenizer(vocab)}: {@code ##}, 100 bytes, int64 ids, {@code [UNK]}, end to end. */
  @TfApi("text.FastWordpieceTokenizer")
  public static FastWordpieceTokenizer fastWordpieceTokenizer(Object vocab) {
    return fastWordpieceTokenizer(vocab, "##", 100, DType.INT64, "[UNK]", false, false);
  }

  /**
   * {@code text.FastWordpieceTokenizer(vocab, suffix_indicator, max_bytes_per_word, token_out_type,
   * unknown_token, no_pretokenization, support_detokenization)} ({@code model_buffer}, TF Text's
   * compiled model, has no counterpart: the model is built from these when the graph first runs).
   */
  @TfApi("text.FastWordpieceTokenizer")
  public static FastWordpieceTokenizer fastWordpieceTokenizer(Object vocab, String suffixIndicator, int maxBytesPerWord,
      DType tokenOutType, String unknownToken, boolean noPretokenization, boolean supportDetokenization) {
    String where = "text.FastWordpieceTokenizer at " + CallSite.find();
    if (tokenOutType != DType.STRING && tokenOutType != DType.INT32 && tokenOutType != DType.INT64) {
      throw new GraphBuildException(where + ": token_out_type must be string, int32 or int64, got " + tokenOutType);
    }
    if (suffixIndicator == null || unknownToken == null || unknownToken.isEmpty()) {
      throw new GraphBuildException(where + ": suffix_indicator and unknown_token must be given (unknown_token cannot be "
          + "None or empty for FastWordpieceTokenizer)");
    }
    if (maxBytesPerWord < 0) {
      throw new GraphBuildException(where + ": max_bytes_per_word must not be negative, got " + maxBytesPerWord);
    }
    Tensor table = WordpieceTokenizer.vocabulary(vocab, where);
    if (!WordpieceTokenizer.contains(table, unknownToken)) {
      throw new GraphBuildException(where + ": the unknown token " + unknownToken + " is not in the vocabulary "
          + "(FastWordpieceTokenizer needs it there, as TF Text's model builder does)");
    }
    Map<String, Object> attrs = new HashMap<>();
    attrs.put("vocab", table);
    attrs.put("suffix_indicator", Strings.bytesOf(suffixIndicator));
    attrs.put("max_bytes_per_word", (long) maxBytesPerWord);
    attrs.put("unknown_token", Strings.bytesOf(unknownToken));
    attrs.put("no_pretokenization", noPretokenization);
    attrs.put("support_detokenization", supportDetokenization);
    return new FastWordpieceTokenizer(Map.copyOf(attrs), tokenOutType);
  }

  /** {@code tokenizer.tokenize(input)}: each string's pieces (strings or ids), one more ragged dimension. */
  public Value tokenize(Value input) {
    Map<String, Object> a = new HashMap<>(attrs);
    a.put("out_type", tokenOutType);
    return WordpieceTokenizer.applyToFlatValues("FastWordpieceTokenizer.tokenize", FastWordpieceOps.FAST_WORDPIECE_TOKENIZE, a, input);
  }

  /** {@code tokenizer.tokenize_with_offsets(input)}: the pieces, and each piece's start and end byte in its string. */
  public List<Value> tokenizeWithOffsets(Value input) {
    String what = "FastWordpieceTokenizer.tokenize_with_offsets";
    Map<String, Object> a = new HashMap<>(attrs);
    a.put("out_type", tokenOutType);
    return List.of(WordpieceTokenizer.applyToFlatValues(what, FastWordpieceOps.FAST_WORDPIECE_TOKENIZE, a, input),
        WordpieceTokenizer.applyToFlatValues(what, FastWordpieceOps.FAST_WORDPIECE_TOKEN_STARTS, attrs, input),
        WordpieceTokenizer.applyToFlatValues(what, FastWordpieceOps.FAST_WORDPIECE_TOKEN_LIMITS, attrs, input));
  }

  /**
   * {@code tokenizer.detokenize(input)}: each innermost row of int32/int64 ids as one string, so
   * {@code [..., (ids)]} gives {@code [...]}; a vector of ids gives one string (a scalar). An id
   * outside the vocabulary fails the run ({@code Token ID out of bounds}).
   */
  public Value detokenize(Value ids) {
    String where = "FastWordpieceTokenizer.detokenize at " + CallSite.find();
    NullArguments.check(ids, "the input of " + where);
    if (ids.dtype() != DType.INT32 && ids.dtype() != DType.INT64) {
      throw GraphBuilder.misuse(where + " takes int32 or int64 ids", ids);
    }
    GraphBuilder b = ids.builder();
    if (ids.type() instanceof DenseType d) {
      if (d.rank() == 0) {
        throw GraphBuilder.misuse(where + " takes ids of rank 1 or more", ids);
      }
      if (d.rank() == 1) {
        return Shapes.squeeze(detokenize(ArrayFunctions.expandDims(ids, 0)), 0);
      }
      return detokenize(Conversions.fromTensor(ids, null, null, d.rank() - 1));
    }
    RaggedType rt = (RaggedType) ids.type();
    if (rt.flatValuesShape().size() != 1) {
      throw GraphBuilder.misuse(where + ": ragged ids need flat values of rank 1", ids);
    }
    if (rt.raggedRank() == 1) {
      return b.op(FastWordpieceOps.FAST_WORDPIECE_DETOKENIZE, attrs, rt.splitsDType() == DType.INT64 ? ids : ids.withRowSplitsDType(DType.INT64));
    }
    return ids.withValues(detokenize(ids.values()));
  }
}
