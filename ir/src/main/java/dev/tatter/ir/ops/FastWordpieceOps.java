package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.kernels.text.FastWordpieceKernels;

/**
 * tensorflow_text's {@code FastWordpieceTokenizer} (LinMaxMatch): {@code fast_wordpiece_tokenize},
 * {@code fast_wordpiece_token_starts} and {@code fast_wordpiece_token_limits} are the three results
 * of its {@code FastWordpieceTokenizeWithOffsets}, {@code fast_wordpiece_detokenize} its
 * detokenizer. Each string is one word ({@code no_pretokenization}) or text cut at whitespace and
 * punctuation first (end to end, the default). TF Text compiles the vocabulary and options into a
 * model flatbuffer in Python; here they are the ops' attributes (the vocabulary a string vector, as
 * for {@code wordpiece_tokenize}) and the model is built once per graph, on first use. The unknown
 * token must be in the vocabulary, as TF Text's model builder requires.
 */
public final class FastWordpieceOps {
  private FastWordpieceOps() {}

  private static final String VOCAB =
      "tensor<string>[9] [\"they\", \"##'\", \"##re\", \"the\", \"great\", \"##est\", \"[UNK]\", \"'\", \"re\"]";

  public static final OpDef FAST_WORDPIECE_TOKENIZE =
      options(OpDef.builder("fast_wordpiece_tokenize"))
          .attribute(AttrSpec.optional("out_type", AttrKind.DTYPE, DType.INT64))
          .summary("each string's WordPiece pieces by LinMaxMatch, a row per string: the pieces or their ids (TF Text's FastWordpieceTokenizer)")
          .type(ctx -> check(ctx, WordpieceOps.outType(ctx)))
          .kernel(FastWordpieceKernels.class, "tokenize")
          // FastWordpieceTokenizer(vocab, token_out_type=tf.string).tokenize([["they're the greatest", "the greatest"]])
          //   -> [[[b'they', b"'", b're', b'the', b'great', b'##est'], [b'the', b'great', b'##est']]] (TF Text's docstring)
          .example("""
              %s = constant() {value = tensor<string>[2] ["they're the greatest", "the greatest"]} : tensor<string>[2]
              %0 = fast_wordpiece_tokenize(%s) {out_type = string, vocab = VOCAB} : ragged<string>[2, (None)]
              return %0
              """.replace("VOCAB", VOCAB), "[[b'they', b\"'\", b're', b'the', b'great', b'##est'], [b'the', b'great', b'##est']]")
          .tfRawOps("FastWordpieceTokenizeWithOffsets")
          .tfApi("text.FastWordpieceTokenizer.tokenize")
          .build();

  public static final OpDef FAST_WORDPIECE_TOKEN_STARTS =
      options(OpDef.builder("fast_wordpiece_token_starts"))
          .summary("the byte where each FastWordpiece piece starts in its string (tokenize_with_offsets' second result)")
          .type(ctx -> check(ctx, DType.INT64))
          .kernel(FastWordpieceKernels.class, "tokenStarts")
          // FastWordpieceTokenizer(vocab, token_out_type=tf.string).tokenize_with_offsets([["they're the greatest", "the greatest"]])[1]
          //   -> [[[0, 4, 5, 8, 12, 17], [0, 4, 9]]]
          .example("""
              %s = constant() {value = tensor<string>[2] ["they're the greatest", "the greatest"]} : tensor<string>[2]
              %0 = fast_wordpiece_token_starts(%s) {vocab = VOCAB} : ragged<int64>[2, (None)]
              return %0
              """.replace("VOCAB", VOCAB), "[[0, 4, 5, 8, 12, 17], [0, 4, 9]]")
          .tfRawOps("FastWordpieceTokenizeWithOffsets")
          .tfApi("text.FastWordpieceTokenizer.tokenize_with_offsets")
          .build();

  public static final OpDef FAST_WORDPIECE_TOKEN_LIMITS =
      options(OpDef.builder("fast_wordpiece_token_limits"))
          .summary("the byte after each FastWordpiece piece's last in its string (tokenize_with_offsets' third result)")
          .type(ctx -> check(ctx, DType.INT64))
          .kernel(FastWordpieceKernels.class, "tokenLimits")
          // FastWordpieceTokenizer(vocab, token_out_type=tf.string).tokenize_with_offsets([["they're the greatest", "the greatest"]])[2]
          //   -> [[[4, 5, 7, 11, 17, 20], [3, 9, 12]]]
          .example("""
              %s = constant() {value = tensor<string>[2] ["they're the greatest", "the greatest"]} : tensor<string>[2]
              %0 = fast_wordpiece_token_limits(%s) {vocab = VOCAB} : ragged<int64>[2, (None)]
              return %0
              """.replace("VOCAB", VOCAB), "[[4, 5, 7, 11, 17, 20], [3, 9, 12]]")
          .tfRawOps("FastWordpieceTokenizeWithOffsets")
          .tfApi("text.FastWordpieceTokenizer.tokenize_with_offsets")
          .build();

  public static final OpDef FAST_WORDPIECE_DETOKENIZE =
      options(OpDef.builder("fast_wordpiece_detokenize"))
          .summary("each row of FastWordpiece ids as one string: pieces joined into words, words by spaces")
          .type(ctx -> {
            RaggedType ids = ctx.ragged(0);
            if (ids.raggedRank() != 1 || ids.flatValuesShape().size() != 1 || (ids.dtype() != DType.INT32 && ids.dtype() != DType.INT64)) {
              throw ctx.fail("input must be ragged int32 or int64 ids of shape [nrows, (None)], got %s", ids);
            }
            checkModel(ctx);
            return new DenseType(DType.STRING, ImmutableList.of(ids.nrows()));
          })
          .kernel(FastWordpieceKernels.class, "detokenize")
          // FastWordpieceTokenizer(vocab + ["ok"], support_detokenization=True).detokenize(tf.ragged.constant([[0, 1, 2, 3, 4, 5], [9]]))
          //   -> [b"they're the greatest", b'ok'] (TF Text's docstring)
          .example("""
              %v = constant() {value = tensor<int64>[7] [0, 1, 2, 3, 4, 5, 9]} : tensor<int64>[7]
              %s = constant() {value = tensor<int64>[3] [0, 6, 7]} : tensor<int64>[3]
              %p = partition_from_row_splits(%s) : partition<int64>[2, (None)]
              %ids = ragged(%v, %p) : ragged<int64, nvals=[7]>[2, (None)]
              %0 = fast_wordpiece_detokenize(%ids) {vocab = VOCAB} : tensor<string>[2]
              return %0
              """.replace("VOCAB", VOCAB.replace("[9]", "[10]").replace("\"re\"]", "\"re\", \"ok\"]")),
              "[b\"they're the greatest\", b'ok']")
          .tfApi("text.FastWordpieceTokenizer.detokenize")
          .tfPythonLevel("FastWordpieceTokenizer.detokenize: TF Text's kernel TFText>FastWordpieceDetokenize on the ids' "
              + "flat values and innermost row splits (a name outside TF's raw-op syntax)")
          .build();

  /** The operand and the attributes of TF Text's model builder, in the kernels' parameter order. */
  private static OpDef.Builder options(OpDef.Builder b) {
    return b.operands("input")
        .attribute(AttrSpec.required("vocab", AttrKind.TENSOR))
        .attribute(AttrSpec.optional("suffix_indicator", AttrKind.STRING, "##"))
        .attribute(AttrSpec.optional("max_bytes_per_word", AttrKind.INT, 100L))
        .attribute(AttrSpec.optional("unknown_token", AttrKind.STRING, "[UNK]"))
        .attribute(AttrSpec.optional("no_pretokenization", AttrKind.BOOL, false))
        .attribute(AttrSpec.optional("support_detokenization", AttrKind.BOOL, false))
        .traits(Trait.PURE);
  }

  private static Type check(OpContext ctx, DType out) {
    Type t = WordpieceOps.rows(ctx, out);
    checkModel(ctx);
    return t;
  }

  /** The model TF Text's builder would make: the unknown token must be a vocabulary token. */
  private static void checkModel(OpContext ctx) {
    WordpieceOps.checkVocabulary(ctx);
    long maxBytes = ctx.attributes().getInt("max_bytes_per_word");
    if (maxBytes < 0 || maxBytes > Integer.MAX_VALUE) {
      throw ctx.fail("max_bytes_per_word must be a non-negative int32, got %s", maxBytes);
    }
    try {
      FastWordpieceKernels.tokenizer(ctx.attributes().getTensor("vocab"), (String) ctx.attributes().get("suffix_indicator"),
          maxBytes, (String) ctx.attributes().get("unknown_token"));
    } catch (InvalidArgumentException e) {
      throw ctx.fail("%s", e.getMessage());
    }
  }
}
