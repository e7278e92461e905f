package dev.tatter.frontend;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.SentencepieceOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.kernels.text.SentencepieceKernels;
import dev.tatter.runtime.kernels.text.SentencepieceModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;

/**
 * tensorflow_text's {@code SentencepieceTokenizer(model, out_type, nbest_size, alpha, reverse,
 * add_bos, add_eos)}: the model is one {@code sentencepiece_model} node of the graph (made when the
 * tokenizer is, as TF makes its {@code SentencepieceOp} resource), which each method's op takes as
 * its first operand. Dense input of any rank and ragged input are handled as TF Text's Python layer
 * does: a ragged tensor through its flat values, a dense one of rank 2 or more made ragged first, a
 * scalar as a vector of one. Sampling ({@code nbest_size} other than 0 and 1) is refused when an op
 * is built: TF Text samples with an unseeded generator, so no result could be checked.
 */
@BuilderApi
public final class SentencepieceTokenizer {
  private final GraphBuilder builder;
  private final Value model;
  private final DType outType;
  private final long nbestSize;
  private final double alpha;
  private final boolean reverse;
  private final boolean addBos;
  private final boolean addEos;

  private SentencepieceTokenizer(GraphBuilder builder, Value model, DType outType, long nbestSize, double alpha,
      boolean reverse, boolean addBos, boolean addEos) {
    this.builder = builder;
    this.model = model;
    this.outType = outType;
    this.nbestSize = nbestSize;
    this.alpha = alpha;
    this.reverse = reverse;
    this.addBos = addBos;
    this.addEos = addEos;
  }

  /** What {@code tokenize_with_offsets} returns: the tokens and each token's start and end byte offsets (int64). */
  public record TokensWithOffsets(Value tokens, Value startOffsets, Value endOffsets) {}

  /** {@code text.SentencepieceTokenizer(model)}: {@code model} is the serialized model proto (a {@code .model} file's bytes); int32 ids out. */
  @TfApi("text.SentencepieceTokenizer")
  static SentencepieceTokenizer sentencepieceTokenizer(GraphBuilder builder, byte[] model) {
    return sentencepieceTokenizer(builder, model, DType.INT32, 0, 1.0f, false, false, false);
  }

  /**
   * {@code text.SentencepieceTokenizer(model, out_type, nbest_size, alpha, reverse, add_bos,
   * add_eos)}; {@code out_type} is int32 (ids) or string (pieces).
   */
  @TfApi("text.SentencepieceTokenizer")
  static SentencepieceTokenizer sentencepieceTokenizer(GraphBuilder builder, byte[] model, DType outType, int nbestSize,
      float alpha, boolean reverse, boolean addBos, boolean addEos) {
    NullArguments.check(model, "model");
    NullArguments.check(outType, "outType");
    if (model.length == 0) {
      // TF Text's SentencepieceOp: "Model argument must be specified."
      throw new GraphBuildException("text.SentencepieceTokenizer at " + CallSite.find()
          + ": the model must be specified (a serialized SentencePiece model proto), got 0 bytes");
    }
    if (model.length > SentencepieceKernels.MAX_MODEL_BYTES) {
      throw new GraphBuildException("text.SentencepieceTokenizer at " + CallSite.find() + ": the model has "
          + model.length + " bytes, more than the " + SentencepieceKernels.MAX_MODEL_BYTES + " a model may have");
    }
    if (outType != DType.INT32 && outType != DType.STRING) {
      throw new GraphBuildException("text.SentencepieceTokenizer at " + CallSite.find()
          + ": out_type must be int32 or string, got " + outType);
    }
    Value node = builder.op(SentencepieceOps.SENTENCEPIECE_MODEL,
        Map.of("model", Base64.getEncoder().encodeToString(model)));
    return new SentencepieceTokenizer(builder, node, outType, nbestSize, alpha, reverse, addBos, addEos);
  }

  /**
   * {@code text.SentencepieceTokenizer(model)} of a {@code .model} file, read now (at most
   * {@link SentencepieceKernels#MAX_MODEL_BYTES}): a missing, unreadable, too large or malformed
   * file is refused naming it, and the graph holds the model's bytes, not the path.
   */
  @TfApi("text.SentencepieceTokenizer")
  static SentencepieceTokenizer sentencepieceTokenizer(GraphBuilder builder, Path modelFile) {
    NullArguments.check(modelFile, "modelFile");
    return sentencepieceTokenizer(builder, readModel(modelFile), DType.INT32, 0, 1.0f, false, false, false);
  }

  private static byte[] readModel(Path file) {
    String where = "text.SentencepieceTokenizer at " + CallSite.find() + ": ";
    byte[] bytes;
    try {
      long size = Files.size(file);
      if (size > SentencepieceKernels.MAX_MODEL_BYTES) {
        throw new GraphBuildException(where + "the SentencePiece model file " + file + " has " + size
            + " bytes, more than the " + SentencepieceKernels.MAX_MODEL_BYTES + " a model may have");
      }
      bytes = Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new GraphBuildException(where + "the SentencePiece model file " + file + " does not exist");
    } catch (IOException e) {
      throw new GraphBuildException(where + "the SentencePiece model file " + file + " cannot be read: " + e);
    }
    try {
      SentencepieceModel.parse(bytes, "file " + file);
    } catch (InvalidArgumentException e) {
      throw new GraphBuildException(where + e.getMessage());
    }
    return bytes;
  }

  /** The model node the ops of this tokenizer take. */
  public Value model() {
    return model;
  }

  /** {@code tokenizer.tokenize(input)}: the input's shape with one more ragged dimension of ids or pieces. */
  public Value tokenize(Value input) {
    Map<String, Object> attrs = encodeAttributes();
    attrs.put("out_type", outType);
    return perString("tokenize", SentencepieceOps.SENTENCEPIECE_TOKENIZE, attrs, builder.own(input));
  }

  /** {@code tokenizer.tokenize_with_offsets(input)}: the tokens and their byte offsets into each string. */
  public TokensWithOffsets tokenizeWithOffsets(Value input) {
    Value tokens = tokenize(input);
    Map<String, Object> starts = encodeAttributes();
    Map<String, Object> ends = encodeAttributes();
    ends.put("ends", true);
    return new TokensWithOffsets(tokens,
        perString("tokenize_with_offsets", SentencepieceOps.SENTENCEPIECE_OFFSETS, starts, builder.own(input)),
        perString("tokenize_with_offsets", SentencepieceOps.SENTENCEPIECE_OFFSETS, ends, builder.own(input)));
  }

  /**
   * {@code tokenizer.detokenize(input)}: each innermost row of int32 ids or of string pieces decoded
   * into a string (one dimension less; a vector is one string). A string that is no piece of the
   * model decodes to itself, as SentencePiece's {@code Decode} of pieces does.
   */
  public Value detokenize(Value input) {
    builder.own(input);
    String where = "SentencepieceTokenizer.detokenize"; // misuse adds the call site
    if (input.type() instanceof RaggedType rt) {
      if (rt.flatValuesShape().size() > 1) {
        return input.withFlatValues(detokenize(input.flatValues()));
      }
      if (rt.raggedRank() > 1) {
        return input.withValues(detokenize(input.values()));
      }
      if (rt.dtype() != DType.INT32 && rt.dtype() != DType.STRING) {
        throw GraphBuilder.misuse(where + ": takes int32 ids or string pieces, got " + rt.dtype(), input);
      }
      return builder.op(SentencepieceOps.SENTENCEPIECE_DETOKENIZE,
          Map.of("add_bos", addBos, "add_eos", addEos, "reverse", reverse), model, input);
    }
    DenseType dense = (DenseType) input.type();
    if (dense.rank() == 0) {
      throw GraphBuilder.misuse(where + ": the rank of the input must be at least 1", input);
    }
    if (dense.rank() > 1) {
      return detokenize(Conversions.fromTensor(input, null, null, 1));
    }
    return Shapes.reshape(detokenize(ArrayFunctions.expandDims(input, 0)), new long[0]);
  }

  /** {@code tokenizer.vocab_size()}: the number of pieces, an int32 scalar. */
  public Value vocabSize() {
    return builder.op(SentencepieceOps.SENTENCEPIECE_VOCAB_SIZE, Map.of(), model);
  }

  /** {@code tokenizer.id_to_string(input)}: each int32 id's piece, in the input's shape. */
  public Value idToString(Value input) {
    return perElement(SentencepieceOps.SENTENCEPIECE_ID_TO_STRING, builder.own(input));
  }

  /** {@code tokenizer.string_to_id(input)}: each piece's int32 id (the unknown piece's for any other string). */
  public Value stringToId(Value input) {
    return perElement(SentencepieceOps.SENTENCEPIECE_STRING_TO_ID, builder.own(input));
  }

  private Map<String, Object> encodeAttributes() {
    Map<String, Object> attrs = new HashMap<>();
    attrs.put("add_bos", addBos);
    attrs.put("add_eos", addEos);
    attrs.put("reverse", reverse);
    attrs.put("nbest_size", nbestSize);
    attrs.put("alpha", alpha);
    return attrs;
  }

  /** A per-string op applied as TF Text's tokenize is: ragged through its flat values, other ranks made a vector. */
  private Value perString(String what, OpDef op, Map<String, Object> attrs, Value input) {
    String where = "SentencepieceTokenizer." + what; // misuse adds the call site
    if (input.type() instanceof RaggedType rt) {
      if (rt.flatValuesShape().size() != 1) {
        throw GraphBuilder.misuse(where + ": ragged input needs flat values of rank 1", input);
      }
      GraphBuilder.Decomposed d = builder.decompose(input);
      return builder.rebuild(builder.op(op, attrs, model, d.flatValues()), d.partitions());
    }
    DenseType dense = (DenseType) input.type();
    return switch (dense.rank()) {
      case 0 -> builder.op(op, attrs, model, ArrayFunctions.expandDims(input, 0)).values();
      case 1 -> builder.op(op, attrs, model, input);
      default -> perString(what, op, attrs, Conversions.fromTensor(input, null, null, dense.rank() - 1));
    };
  }

  /** An elementwise op on ids or pieces: a ragged input through its flat values, a dense one as it is. */
  private Value perElement(OpDef op, Value input) {
    if (input.type() instanceof RaggedType) {
      return input.withFlatValues(builder.op(op, Map.of(), model, input.flatValues()));
    }
    return builder.op(op, Map.of(), model, input);
  }
}
