package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.kernels.text.BertKernels;
import java.util.List;

/**
 * tensorflow_text's {@code BertTokenizer.tokenize_with_offsets}, one op per result:
 * {@code bert_tokenize} (the pieces, as strings or ids), {@code bert_token_starts} and
 * {@code bert_token_limits}. TF Text composes it in Python (its BasicTokenizer's
 * {@code case_fold_utf8}/{@code normalize_utf8}, {@code regex_replace} and
 * {@code regex_split_with_offsets}, then {@code WordpieceTokenizeWithOffsets} on each word, the
 * word's start added to its pieces' offsets); here it is one kernel, one pass per string, with the
 * attributes of both halves. A vector of strings in, {@code [strings, (words), (pieces)]} out;
 * offsets are into each string's normalized text, as TF's are.
 */
public final class BertTokenizerOps {
  private BertTokenizerOps() {}

  private static final String VOCAB = "tensor<string>[6] [\"they\", \"##'\", \"##re\", \"the\", \"great\", \"##est\"]";
  private static final String PYTHON = "BertTokenizer.tokenize_with_offsets: BasicTokenizer (case_fold_utf8 or normalize_utf8, "
      + "regex_replace, RegexSplitWithOffsets), then WordpieceTokenizeWithOffsets on the words, offsets added";

  public static final OpDef BERT_TOKENIZE =
      options(OpDef.builder("bert_tokenize"))
          .attribute(AttrSpec.optional("out_type", AttrKind.DTYPE, DType.INT64))
          .summary("each string's words (BERT's basic split) and each word's WordPiece pieces or ids (TF Text's BertTokenizer)")
          .type(ctx -> nested(ctx, WordpieceOps.outType(ctx)))
          .kernel(BertKernels.class, "tokenize")
          // BertTokenizer('/tmp/tok_vocab.txt').tokenize(tf.constant(['greatest'.encode('utf-8')])) -> [[[4, 5]]] (TF Text's docstring)
          .example("""
              %s = constant() {value = tensor<string>[2] ["greatest", "They're  the\\tGREAT!"]} : tensor<string>[2]
              %0 = bert_tokenize(%s) {lower_case = true, vocab = VOCAB} : ragged<int64>[2, (None), (None)]
              return %0
              """.replace("VOCAB", VOCAB), "[[[4, 5]], [[0], [6], [6], [3], [4], [6]]]")
          // the second string by TF Text's documented steps: case folded, split at whitespace and punctuation
          // ["they", "'", "re", "the", "great", "!"]: "'", "re" and "!" are not words of the vocabulary ([UNK], id 6)
          .tfApi("text.BertTokenizer.tokenize")
          .tfPythonLevel(PYTHON)
          .build();

  public static final OpDef BERT_TOKEN_STARTS =
      options(OpDef.builder("bert_token_starts"))
          .summary("the byte where each BERT piece starts in its string's normalized text (tokenize_with_offsets' second result)")
          .type(ctx -> nested(ctx, DType.INT64))
          .kernel(BertKernels.class, "tokenStarts")
          // BertTokenizer('/tmp/tok_vocab.txt').tokenize_with_offsets(tf.constant(['greatest'.encode('utf-8')]))[1] -> [[[0, 5]]]
          .example("""
              %s = constant() {value = tensor<string>[1] ["greatest"]} : tensor<string>[1]
              %0 = bert_token_starts(%s) {vocab = VOCAB} : ragged<int64>[1, (None), (None)]
              return %0
              """.replace("VOCAB", VOCAB), "[[[0, 5]]]")
          .tfApi("text.BertTokenizer.tokenize_with_offsets")
          .tfPythonLevel(PYTHON)
          .build();

  public static final OpDef BERT_TOKEN_LIMITS =
      options(OpDef.builder("bert_token_limits"))
          .summary("the byte after each BERT piece's last in its string's normalized text (tokenize_with_offsets' third result)")
          .type(ctx -> nested(ctx, DType.INT64))
          .kernel(BertKernels.class, "tokenLimits")
          // BertTokenizer('/tmp/tok_vocab.txt').tokenize_with_offsets(tf.constant(['greatest'.encode('utf-8')]))[2] -> [[[5, 8]]]
          .example("""
              %s = constant() {value = tensor<string>[1] ["greatest"]} : tensor<string>[1]
              %0 = bert_token_limits(%s) {vocab = VOCAB} : ragged<int64>[1, (None), (None)]
              return %0
              """.replace("VOCAB", VOCAB), "[[[5, 8]]]")
          .tfApi("text.BertTokenizer.tokenize_with_offsets")
          .tfPythonLevel(PYTHON)
          .build();

  /** The WordPiece attributes, then the BasicTokenizer's, in the kernels' parameter order. */
  private static OpDef.Builder options(OpDef.Builder b) {
    return WordpieceOps.options(b)
        .attribute(AttrSpec.optional("lower_case", AttrKind.BOOL, false))
        .attribute(AttrSpec.optional("keep_whitespace", AttrKind.BOOL, false))
        .attribute(AttrSpec.optional("normalization_form", AttrKind.STRING, ""))
        .attribute(AttrSpec.optional("preserve_unused_token", AttrKind.BOOL, false));
  }

  /** A vector of strings in, {@code [strings, (words), (pieces)]} out, the options checked. */
  private static Type nested(OpContext ctx, DType out) {
    DenseType input = ctx.dense(0, DType.STRING);
    if (input.rank() != 1) {
      throw ctx.fail("input must be a vector of strings, got %s (the builder tokenizes other ranks' flat values)", input);
    }
    WordpieceOps.checkVocabulary(ctx);
    WordpieceOps.checkLimits(ctx);
    try {
      var form = BertKernels.normalization((String) ctx.attributes().get("normalization_form"));
      if (ctx.attributes().getBool("lower_case") && form != null && form != dev.tatter.runtime.kernels.text.NormalizationForm.NFD) {
        // TF Text's BasicTokenizer refuses it when it is made
        throw ctx.fail("`lower_case` strips accents. When `lower_case` is set, `normalization_form` is 'NFD' (got %s)", form);
      }
    } catch (InvalidArgumentException e) {
      throw ctx.fail("%s", e.getMessage());
    }
    return RaggedType.of(out, List.of(PartitionType.ragged(DType.INT64, input.dim(0), Dims.UNKNOWN),
        PartitionType.ragged(DType.INT64, Dims.UNKNOWN, Dims.UNKNOWN)), ImmutableList.of(Dims.UNKNOWN));
  }
}
