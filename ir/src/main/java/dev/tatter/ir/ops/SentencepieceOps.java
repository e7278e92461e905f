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
import dev.tatter.runtime.kernels.text.SentencepieceKernels;
import java.util.List;

/**
 * TF Text's SentencePiece ops ({@code text.SentencepieceTokenizer}). As in TF, where
 * {@code SentencepieceOp} makes a resource from the serialized model and every other op takes that
 * handle, {@code sentencepiece_model} holds the model once per graph (its attribute, as base64: the
 * IR's string literals would spell the proto's binary bytes as {@code \xNN}, about 4 characters a
 * byte, base64 takes 4 per 3) and gives it as a scalar string; the other ops take it as their first
 * operand and parse it once per model tensor (see {@link SentencepieceKernels}), not per run. A
 * model that is not one is refused when the graph is built, naming the field.
 */
public final class SentencepieceOps {
  private SentencepieceOps() {}

  private static final String TINY_MODEL = "Cg4KBTx1bms+FQAAAAAYAgoMCgM8cz4VAAAAABgDCg0KBDwvcz4VAAAAABgDCgoKA+KWgRUAAADACggKAWEVAABAwAoICgFiFQAAQMAKCAoBYxUAAEDACgsKBOKWgWEVAACAvwoJCgJhYhUAAMC/Cg0KBuKWgWFiYxUAAAC/CgsKBOKWgWIVZmbmvwoJCgJiYxUAACDAEgIYARoKCghpZGVudGl0eQ==";
  // TINY_MODEL is frontend/src/test/resources/dev/tatter/frontend/sentencepiece/tiny.model (made by
  // make_tiny.py beside it): pieces <unk> <s> </s> ▁ a b c ▁a ab ▁abc ▁b bc, no character map.
  private static final String MODEL = "%m = sentencepiece_model() {model = \"" + TINY_MODEL + "\"} : tensor<string>[]\n";

  public static final OpDef SENTENCEPIECE_MODEL =
      OpDef.builder("sentencepiece_model")
          .summary("a SentencePiece model (its serialized ModelProto, given as base64) as a scalar string for the sentencepiece_* ops")
          .attribute(AttrSpec.required("model", AttrKind.STRING))
          .traits(Trait.PURE)
          .type(ctx -> {
            try {
              SentencepieceKernels.model((String) ctx.attributes().get("model"));
            } catch (InvalidArgumentException e) {
              throw ctx.fail("%s", e.getMessage());
            }
            return DenseType.scalar(DType.STRING);
          })
          .kernel(SentencepieceKernels.class, "model")
          .example(MODEL + """
              %0 = sentencepiece_vocab_size(%m) : tensor<int32>[]
              return %0
              """, "12") // text.SentencepieceTokenizer(model).vocab_size() -> 12 (sp.get_piece_size())
          .tfRawOps("SentencepieceOp").tfApi("text.SentencepieceTokenizer")
          .tfPythonLevel("text.SentencepieceTokenizer(model) makes the SentencepieceOp resource from the model's serialized proto; "
              + "here the model node holds it and the other ops take it as their first operand")
          .build();

  public static final OpDef SENTENCEPIECE_TOKENIZE =
      OpDef.builder("sentencepiece_tokenize")
          .summary("each string of a vector encoded by the model: a row of int32 ids or of string pieces (out_type)")
          .operands("model", "input")
          .attribute(AttrSpec.optional("out_type", AttrKind.DTYPE, DType.INT32))
          .attribute(AttrSpec.optional("add_bos", AttrKind.BOOL, false))
          .attribute(AttrSpec.optional("add_eos", AttrKind.BOOL, false))
          .attribute(AttrSpec.optional("reverse", AttrKind.BOOL, false))
          .attribute(AttrSpec.optional("nbest_size", AttrKind.INT, 0L))
          .attribute(AttrSpec.optional("alpha", AttrKind.FLOAT, 1.0))
          .traits(Trait.PURE)
          .type(ctx -> {
            DType out = ctx.attributes().getDType("out_type");
            if (out != DType.INT32 && out != DType.STRING) {
              throw ctx.fail("out_type must be int32 or string, got %s", out);
            }
            return rows(ctx, out);
          })
          .kernel(SentencepieceKernels.class, "tokenize")
          .example(MODEL + """
              %s = constant() {value = tensor<string>[3] ["ab cab", "abc", ""]} : tensor<string>[3]
              %0 = sentencepiece_tokenize(%m, %s) : ragged<int32>[3, (None)]
              return %0
              """, "[[3, 8, 3, 6, 8], [9], []]") // sp.encode(['ab cab', 'abc', '']) (SentencePiece 0.1.97, tiny.model)
          .example(MODEL + """
              %s = constant() {value = tensor<string>[2] ["ab cab", "abc"]} : tensor<string>[2]
              %0 = sentencepiece_tokenize(%m, %s) {add_bos = true, add_eos = true, out_type = string} : ragged<string>[2, (None)]
              return %0
              """, "[[b'<s>', b'\\xe2\\x96\\x81', b'ab', b'\\xe2\\x96\\x81', b'c', b'ab', b'</s>'], [b'<s>', b'\\xe2\\x96\\x81abc', b'</s>']]")
          // sp.set_encode_extra_options('bos:eos'); sp.encode(['ab cab', 'abc'], out_type=str)
          .tfRawOps("SentencepieceTokenizeOp").tfApi("text.SentencepieceTokenizer.tokenize")
          .build();

  public static final OpDef SENTENCEPIECE_OFFSETS =
      OpDef.builder("sentencepiece_offsets")
          .summary("the byte offsets into each input string of its pieces: starts, or ends when ends = true (int64 rows)")
          .operands("model", "input")
          .attribute(AttrSpec.optional("add_bos", AttrKind.BOOL, false))
          .attribute(AttrSpec.optional("add_eos", AttrKind.BOOL, false))
          .attribute(AttrSpec.optional("reverse", AttrKind.BOOL, false))
          .attribute(AttrSpec.optional("nbest_size", AttrKind.INT, 0L))
          .attribute(AttrSpec.optional("alpha", AttrKind.FLOAT, 1.0))
          .attribute(AttrSpec.optional("ends", AttrKind.BOOL, false))
          .traits(Trait.PURE)
          .type(ctx -> rows(ctx, DType.INT64))
          .kernel(SentencepieceKernels.class, "offsets")
          .example(MODEL + """
              %s = constant() {value = tensor<string>[2] ["ab cab", "a  b"]} : tensor<string>[2]
              %0 = sentencepiece_offsets(%m, %s) : ragged<int64>[2, (None)]
              return %0
              """, "[[0, 0, 2, 3, 4], [0, 1]]")
          .example(MODEL + """
              %s = constant() {value = tensor<string>[2] ["ab cab", "a  b"]} : tensor<string>[2]
              %0 = sentencepiece_offsets(%m, %s) {ends = true} : ragged<int64>[2, (None)]
              return %0
              """, "[[0, 2, 3, 4, 6], [1, 4]]")
          // sp.encode_as_serialized_proto('ab cab'): pieces ▁ ab ▁ c ab, begin 0 0 2 3 4, end 0 2 3 4 6;
          // 'a  b': ▁a ▁b, begin 0 1, end 1 4 (SentencePieceText.SentencePiece's begin and end)
          .tfRawOps("SentencepieceTokenizeWithOffsetsOp").tfApi("text.SentencepieceTokenizer.tokenize_with_offsets")
          .build();

  public static final OpDef SENTENCEPIECE_DETOKENIZE =
      OpDef.builder("sentencepiece_detokenize")
          .summary("each row of int32 ids, or of string pieces, decoded by the model into one string")
          .operands("model", "input")
          .attribute(AttrSpec.optional("add_bos", AttrKind.BOOL, false))
          .attribute(AttrSpec.optional("add_eos", AttrKind.BOOL, false))
          .attribute(AttrSpec.optional("reverse", AttrKind.BOOL, false))
          .traits(Trait.PURE)
          .type(ctx -> {
            checkModel(ctx);
            RaggedType in = ctx.ragged(1);
            if ((in.dtype() != DType.INT32 && in.dtype() != DType.STRING) || in.raggedRank() != 1
                || in.flatValuesShape().size() != 1) {
              throw ctx.fail("input must be int32 ids or string pieces of shape [nrows, (None)], got %s (the builder detokenizes other "
                  + "shapes through their values)", in);
            }
            return DenseType.of(DType.STRING, in.outerPartition().nrows());
          })
          .kernel(SentencepieceKernels.class, "detokenize")
          .example(MODEL + """
              %v = constant() {value = tensor<int32>[7] [3, 8, 3, 6, 8, 0, 9]} : tensor<int32>[7]
              %s = constant() {value = tensor<int64>[4] [0, 5, 7, 7]} : tensor<int64>[4]
              %p = partition_from_row_splits(%s) : partition<int64>[3, (None)]
              %rt = ragged(%v, %p) : ragged<int32, nvals=[7]>[3, (None)]
              %0 = sentencepiece_detokenize(%m, %rt) : tensor<string>[3]
              return %0
              """, "[b'ab cab', b' \\xe2\\x81\\x87  abc', b'']") // sp.decode([[3, 8, 3, 6, 8], [0, 9], []])
          .tfRawOps("SentencepieceDetokenizeOp").tfApi("text.SentencepieceTokenizer.detokenize")
          .build();

  public static final OpDef SENTENCEPIECE_VOCAB_SIZE =
      OpDef.builder("sentencepiece_vocab_size")
          .summary("the number of pieces of the model, an int32 scalar")
          .operands("model")
          .traits(Trait.PURE)
          .type(ctx -> {
            checkModel(ctx);
            return DenseType.scalar(DType.INT32);
          })
          .kernel(SentencepieceKernels.class, "vocabSize")
          .example(MODEL + """
              %0 = sentencepiece_vocab_size(%m) : tensor<int32>[]
              return %0
              """, "12") // sp.get_piece_size()
          .tfRawOps("SentencepieceVocabSizeOp").tfApi("text.SentencepieceTokenizer.vocab_size")
          .build();

  public static final OpDef SENTENCEPIECE_ID_TO_STRING =
      OpDef.builder("sentencepiece_id_to_string")
          .summary("each int32 id's piece (an id outside the model is refused)")
          .operands("model", "input")
          .traits(Trait.PURE)
          .type(ctx -> {
            checkModel(ctx);
            DenseType ids = ctx.dense(1, DType.INT32);
            return new DenseType(DType.STRING, ids.shape());
          })
          .kernel(SentencepieceKernels.class, "idToString")
          .example(MODEL + """
              %i = constant() {value = tensor<int32>[2, 2] [[0, 1], [8, 9]]} : tensor<int32>[2, 2]
              %0 = sentencepiece_id_to_string(%m, %i) : tensor<string>[2, 2]
              return %0
              """, "[[b'<unk>', b'<s>'], [b'ab', b'\\xe2\\x96\\x81abc']]") // sp.id_to_piece([[0, 1], [8, 9]])
          .tfRawOps("SentencepieceIdToStringOp").tfApi("text.SentencepieceTokenizer.id_to_string")
          .build();

  public static final OpDef SENTENCEPIECE_STRING_TO_ID =
      OpDef.builder("sentencepiece_string_to_id")
          .summary("each piece's int32 id, the unknown piece's id for a string that is no piece")
          .operands("model", "input")
          .traits(Trait.PURE)
          .type(ctx -> {
            checkModel(ctx);
            DenseType pieces = ctx.dense(1, DType.STRING);
            return new DenseType(DType.INT32, pieces.shape());
          })
          .kernel(SentencepieceKernels.class, "stringToId")
          .example(MODEL + """
              %i = constant() {value = tensor<string>[4] ["ab", "<s>", "xyz", "\u2581abc"]} : tensor<string>[4]
              %0 = sentencepiece_string_to_id(%m, %i) : tensor<int32>[4]
              return %0
              """, "[8, 1, 0, 9]") // sp.piece_to_id(['ab', '<s>', 'xyz', '▁abc'])
          .tfRawOps("SentencepieceStringToIdOp").tfApi("text.SentencepieceTokenizer.string_to_id")
          .build();

  /** The model operand: a string scalar, parsed now when it is a constant. */
  private static void checkModel(OpContext ctx) {
    DenseType m = ctx.dense(0, DType.STRING);
    if (m.rank() != 0) {
      throw ctx.fail("model must be a string scalar (a sentencepiece_model), got %s", m);
    }
    ctx.constant(0).ifPresent(t -> {
      try {
        SentencepieceKernels.processor(t);
      } catch (InvalidArgumentException e) {
        throw ctx.fail("%s", e.getMessage());
      }
    });
  }

  /** Tokenize and offsets: a string vector in, a row per string out (int64 row splits). */
  private static Type rows(OpContext ctx, DType out) {
    checkModel(ctx);
    long nbest = ctx.attributes().getInt("nbest_size");
    if (nbest != 0 && nbest != 1) {
      throw ctx.fail("nbest_size = %s asks for sampled tokenizations (alpha = %s), which TF Text draws from an unseeded "
          + "random generator; only nbest_size 0 or 1 (the best tokenization) is supported", nbest,
          ctx.attributes().get("alpha"));
    }
    DenseType input = ctx.dense(1, DType.STRING);
    if (input.rank() != 1) {
      throw ctx.fail("input must be a vector of strings, got %s (the builder tokenizes other ranks' flat values)", input);
    }
    return RaggedType.of(out, List.of(PartitionType.ragged(DType.INT64, input.dim(0), Dims.UNKNOWN)),
        ImmutableList.of(Dims.UNKNOWN));
  }
}
