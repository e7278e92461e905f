package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.text.WordpieceKernels;
import dev.tatter.runtime.kernels.text.WordpieceVocabulary;
import java.util.List;

/**
 * tensorflow_text's {@code WordpieceTokenizeWithOffsets}, one op per result (a node has one):
 * {@code wordpiece_tokenize} (the pieces, as strings or ids), {@code wordpiece_token_starts} and
 * {@code wordpiece_token_limits} (each piece's byte offsets in its word). Each takes a vector of
 * words and gives one row per word; the builder's {@code text.WordpieceTokenizer} applies them to
 * the flat values of dense or ragged input, as TF Text's Python does.
 *
 * <p>The vocabulary is the {@code vocab} attribute, a string vector whose element {@code i} is
 * token {@code i} (TF Text takes a lookup table or a {@code vocab.txt}; here, as for the
 * {@code hash_table_lookup} keys, the table is a graph constant, so the IR prints and parses it and
 * a file is read when the graph is built). It is checked when the graph is built: not empty, at most
 * {@link WordpieceVocabulary#MAX_TOKENS} tokens, no token twice (TF's table initializer refuses a
 * key with two values).
 */
public final class WordpieceOps {
  private WordpieceOps() {}

  private static final String VOCAB = "tensor<string>[6] [\"they\", \"##'\", \"##re\", \"the\", \"great\", \"##est\"]";

  public static final OpDef WORDPIECE_TOKENIZE =
      options(OpDef.builder("wordpiece_tokenize"))
          .attribute(AttrSpec.optional("out_type", AttrKind.DTYPE, DType.INT64))
          .summary("each word split into its longest vocabulary pieces, a row per word: the pieces or their ids (TF Text's WordpieceTokenizer)")
          .type(ctx -> wordRows(ctx, outType(ctx)))
          .kernel(WordpieceKernels.class, "tokenize")
          // WordpieceTokenizer('/tmp/tok_vocab.txt', token_out_type=tf.string).tokenize(["they're", "the", "greatest"])
          //   -> [[b'they', b"##'", b'##re'], [b'the'], [b'great', b'##est']] (TF Text's docstring)
          .example("""
              %s = constant() {value = tensor<string>[3] ["they're", "the", "greatest"]} : tensor<string>[3]
              %0 = wordpiece_tokenize(%s) {out_type = string, vocab = VOCAB} : ragged<string>[3, (None)]
              return %0
              """.replace("VOCAB", VOCAB), "[[b'they', b\"##'\", b'##re'], [b'the'], [b'great', b'##est']]")
          // WordpieceTokenizer('/tmp/tok_vocab.txt', token_out_type=tf.int32).tokenize(["really", "the", "greatest"])
          //   -> [[6], [3], [4, 5]] (TF Text's docstring; int64 here)
          .example("""
              %s = constant() {value = tensor<string>[3] ["really", "the", "greatest"]} : tensor<string>[3]
              %0 = wordpiece_tokenize(%s) {vocab = VOCAB} : ragged<int64>[3, (None)]
              return %0
              """.replace("VOCAB", VOCAB), "[[6], [3], [4, 5]]")
          .tfRawOps("WordpieceTokenizeWithOffsets")
          .tfApi("text.WordpieceTokenizer.tokenize")
          .build();

  public static final OpDef WORDPIECE_TOKEN_STARTS =
      options(OpDef.builder("wordpiece_token_starts"))
          .summary("the byte where each WordPiece piece starts in its word (tokenize_with_offsets' second result)")
          .type(ctx -> wordRows(ctx, DType.INT64))
          .kernel(WordpieceKernels.class, "tokenStarts")
          // WordpieceTokenizer(...).tokenize_with_offsets([["they're", 'the', 'greatest']])[1] -> [[[0, 4, 5], [0], [0, 5]]]
          .example("""
              %s = constant() {value = tensor<string>[3] ["they're", "the", "greatest"]} : tensor<string>[3]
              %0 = wordpiece_token_starts(%s) {vocab = VOCAB} : ragged<int64>[3, (None)]
              return %0
              """.replace("VOCAB", VOCAB), "[[0, 4, 5], [0], [0, 5]]")
          .tfRawOps("WordpieceTokenizeWithOffsets")
          .tfApi("text.WordpieceTokenizer.tokenize_with_offsets")
          .build();

  public static final OpDef WORDPIECE_TOKEN_LIMITS =
      options(OpDef.builder("wordpiece_token_limits"))
          .summary("the byte after each WordPiece piece's last in its word (tokenize_with_offsets' third result)")
          .type(ctx -> wordRows(ctx, DType.INT64))
          .kernel(WordpieceKernels.class, "tokenLimits")
          // WordpieceTokenizer(...).tokenize_with_offsets([["they're", 'the', 'greatest']])[2] -> [[[4, 5, 7], [3], [5, 8]]]
          .example("""
              %s = constant() {value = tensor<string>[3] ["they're", "the", "greatest"]} : tensor<string>[3]
              %0 = wordpiece_token_limits(%s) {vocab = VOCAB} : ragged<int64>[3, (None)]
              return %0
              """.replace("VOCAB", VOCAB), "[[4, 5, 7], [3], [5, 8]]")
          .tfRawOps("WordpieceTokenizeWithOffsets")
          .tfApi("text.WordpieceTokenizer.tokenize_with_offsets")
          .build();

  /** The {@code out_type} attribute: string pieces, or int32/int64 ids. */
  static DType outType(OpContext ctx) {
    DType out = ctx.attributes().getDType("out_type");
    if (out != DType.STRING && out != DType.INT32 && out != DType.INT64) {
      throw ctx.fail("out_type must be string, int32 or int64 (TF Text's token_out_type), got %s", out);
    }
    return out;
  }

  /** The operand and the attributes of TF's kernel, in the kernels' parameter order. */
  static OpDef.Builder options(OpDef.Builder b) {
    return b.operands("input")
        .attribute(AttrSpec.required("vocab", AttrKind.TENSOR))
        .attribute(AttrSpec.optional("suffix_indicator", AttrKind.STRING, "##"))
        .attribute(AttrSpec.optional("max_bytes_per_word", AttrKind.INT, 100L))
        .attribute(AttrSpec.optional("max_chars_per_token", AttrKind.INT, 0L))
        .attribute(AttrSpec.optional("use_unknown_token", AttrKind.BOOL, true))
        .attribute(AttrSpec.optional("unknown_token", AttrKind.STRING, "[UNK]"))
        .attribute(AttrSpec.optional("split_unknown_characters", AttrKind.BOOL, false))
        .traits(Trait.PURE);
  }

  /** A vector of strings in, a row of pieces per string out (int64 row splits), the vocabulary checked. */
  static Type rows(OpContext ctx, DType out) {
    DenseType input = ctx.dense(0, DType.STRING);
    if (input.rank() != 1) {
      throw ctx.fail("input must be a vector of strings, got %s (the builder tokenizes other ranks' flat values)", input);
    }
    checkVocabulary(ctx);
    return RaggedType.of(out, List.of(PartitionType.ragged(DType.INT64, input.dim(0), Dims.UNKNOWN)),
        ImmutableList.of(Dims.UNKNOWN));
  }

  /** {@link #rows} with the WordPiece limits checked. */
  static Type wordRows(OpContext ctx, DType out) {
    Type t = rows(ctx, out);
    checkLimits(ctx);
    return t;
  }

  /** {@code max_bytes_per_word} and {@code max_chars_per_token}: non-negative int32s. */
  static void checkLimits(OpContext ctx) {
    long maxBytes = ctx.attributes().getInt("max_bytes_per_word");
    if (maxBytes < 0 || maxBytes > Integer.MAX_VALUE) {
      throw ctx.fail("max_bytes_per_word must be a non-negative int32, got %s", maxBytes);
    }
    long maxChars = ctx.attributes().getInt("max_chars_per_token");
    if (maxChars < 0 || maxChars > Integer.MAX_VALUE) {
      throw ctx.fail("max_chars_per_token must be a non-negative int32 (0 for no limit), got %s", maxChars);
    }
  }

  /** The {@code vocab} attribute: a string vector TF's table initializer would take (shared by the FastWordpiece and BERT ops). */
  static void checkVocabulary(OpContext ctx) {
    Tensor vocab = ctx.attributes().getTensor("vocab");
    if (vocab.dtype() != DType.STRING || vocab.rank() != 1) {
      throw ctx.fail("vocab must be a vector of strings (token i is element i), got %s of shape %s", vocab.dtype(),
          java.util.Arrays.toString(vocab.shape()));
    }
    try {
      WordpieceKernels.vocabulary(vocab);
    } catch (InvalidArgumentException e) {
      throw ctx.fail("vocab: %s", e.getMessage());
    }
  }
}
