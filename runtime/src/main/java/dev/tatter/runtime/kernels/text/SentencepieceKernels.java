package dev.tatter.runtime.kernels.text;

import com.google.common.collect.MapMaker;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;
import java.util.Base64;
import java.util.concurrent.ConcurrentMap;

/**
 * The kernels of TF Text's SentencePiece ops over {@link SentencepieceProcessor}. A model travels
 * through a graph as a scalar string tensor holding its serialized {@code ModelProto} (TF's
 * {@code SentencepieceOp} resource handle): {@link #model} makes it from the node's attribute, and
 * every other kernel takes it as its first operand. The model is parsed once per tensor that holds
 * it, not per run: the processor is kept, weakly, beside the byte buffer of the tensor (the same
 * object every run of a graph, since it comes from the attribute or a constant).
 */
public final class SentencepieceKernels {
  private SentencepieceKernels() {}

  /** The largest model an op takes (SentencePiece's published models are under 10 MB). */
  public static final int MAX_MODEL_BYTES = 64 << 20;

  /** The model tensor made from an attribute's base64 text, kept while that attribute lives. */
  private static final ConcurrentMap<String, Tensor> FROM_ATTRIBUTE = new MapMaker().weakKeys().makeMap();
  /** The processor of a model tensor, by the identity of the tensor's byte buffer. */
  private static final ConcurrentMap<byte[], Loaded> BY_BUFFER = new MapMaker().weakKeys().makeMap();

  private record Loaded(int start, int end, SentencepieceProcessor processor) {}

  /**
   * The model of a {@code sentencepiece_model} node: its attribute is the base64 text (RFC 4648) of
   * the serialized {@code ModelProto}. Refuses text that is not base64, too large or not a model.
   */
  public static Tensor model(String base64) {
    Tensor t = FROM_ATTRIBUTE.get(base64);
    if (t != null) {
      return t;
    }
    byte[] bytes = decodeAttribute(base64);
    SentencepieceProcessor p = new SentencepieceProcessor(SentencepieceModel.parse(bytes, "in the attribute model"));
    t = Tensor.ofStrings(StringColumn.fromOffsets(new int[] {0, bytes.length}, bytes));
    BY_BUFFER.put(bytes, new Loaded(0, bytes.length, p));
    Tensor raced = FROM_ATTRIBUTE.putIfAbsent(base64, t);
    return raced == null ? t : raced;
  }

  /** The attribute's bytes, checked: base64 and at most {@link #MAX_MODEL_BYTES}. */
  public static byte[] decodeAttribute(String base64) {
    if ((long) base64.length() / 4 * 3 > MAX_MODEL_BYTES) {
      throw new InvalidArgumentException("the SentencePiece model attribute holds about " + (base64.length() / 4 * 3)
          + " bytes, more than the " + MAX_MODEL_BYTES + " a model may have");
    }
    try {
      return Base64.getDecoder().decode(base64);
    } catch (IllegalArgumentException e) {
      throw new InvalidArgumentException("the SentencePiece model attribute is not base64 text (RFC 4648): " + e.getMessage());
    }
  }

  /** The processor of a model tensor (a scalar string holding a serialized {@code ModelProto}), parsed once per buffer. */
  public static SentencepieceProcessor processor(Tensor model) {
    if (model.dtype() != DType.STRING || model.size() != 1) {
      throw new InvalidArgumentException("a SentencePiece model is one string (a serialized ModelProto), got a "
          + model.dtype() + " tensor of shape " + Arrays.toString(model.shape()));
    }
    StringColumn c = model.stringColumn();
    byte[] buffer = c.unsafeBytes();
    Loaded l = BY_BUFFER.get(buffer);
    if (l != null && l.start == c.start(0) && l.end == c.end(0)) {
      return l.processor;
    }
    if (c.length(0) > MAX_MODEL_BYTES) {
      throw new InvalidArgumentException("the SentencePiece model operand has " + c.length(0) + " bytes, more than the "
          + MAX_MODEL_BYTES + " a model may have");
    }
    SentencepieceProcessor p = new SentencepieceProcessor(SentencepieceModel.parse(c.bytes(0), "in operand model"));
    BY_BUFFER.put(buffer, new Loaded(c.start(0), c.end(0), p));
    return p;
  }

  private static SentencepieceProcessor.Options options(boolean addBos, boolean addEos, boolean reverse) {
    return new SentencepieceProcessor.Options(addBos, addEos, reverse);
  }

  /** Refuses what TF Text's kernel would sample (nbest_size other than 0 and 1). */
  public static void checkNoSampling(long nbestSize, double alpha) {
    if (nbestSize != 0 && nbestSize != 1) {
      throw new InvalidArgumentException("nbest_size = " + nbestSize + " (alpha = " + alpha + ") asks for sampled "
          + "tokenizations, which TF Text draws from an unseeded random generator; only nbest_size 0 or 1 "
          + "(the best tokenization) is supported");
    }
  }

  private static TokenSink encode(Tensor model, Tensor input, boolean addBos, boolean addEos, boolean reverse,
      long nbestSize, double alpha, boolean keepPieces) {
    checkNoSampling(nbestSize, alpha);
    SentencepieceProcessor p = processor(model);
    return p.encode(batch(input.stringColumn()), options(addBos, addEos, reverse), keepPieces);
  }

  /** A string column as the engines' batch: its own buffer when it is packed, else a packed copy. */
  private static TextBatch batch(StringColumn c) {
    int n = c.size();
    int[] offsets = new int[n + 1];
    byte[] bytes;
    if (c.isPacked()) {
      bytes = c.unsafeBytes();
      for (int i = 0; i <= n; i++) {
        offsets[i] = i < n ? c.start(i) : (n == 0 ? 0 : c.end(n - 1));
      }
    } else {
      StringColumn packed = c.packed();
      bytes = packed.unsafeBytes();
      System.arraycopy(packed.offsets(), 0, offsets, 0, n + 1);
    }
    return TextBatch.wrap(bytes, offsets);
  }

  /**
   * {@code SentencepieceTokenizeOp}: each string of a vector encoded, as a row of int32 ids or of
   * pieces ({@code out_type}), with int64 row splits.
   */
  public static RaggedTensor tokenize(Tensor model, Tensor input, DType outType, boolean addBos, boolean addEos,
      boolean reverse, long nbestSize, double alpha) {
    boolean pieces = outType == DType.STRING;
    TokenSink s = encode(model, input, addBos, addEos, reverse, nbestSize, alpha, pieces);
    Tensor values;
    if (pieces) {
      TextBatch b = s.pieces();
      int[] offsets = new int[b.size() + 1];
      for (int i = 0; i < b.size(); i++) {
        offsets[i] = b.start(i);
      }
      offsets[b.size()] = b.size() == 0 ? 0 : b.end(b.size() - 1);
      values = Tensor.ofStrings(StringColumn.fromOffsets(offsets, b.bytes()), b.size());
    } else {
      values = Tensor.ofInts(s.ids());
    }
    return RaggedTensor.of(values, RowPartition.fromRowSplits(s.rowSplits(), DType.INT64, false));
  }

  /**
   * {@code SentencepieceTokenizeWithOffsetsOp}'s start offsets ({@code ends} false) or end offsets
   * ({@code ends} true): int64 byte offsets into each input string, rows as {@link #tokenize}'s.
   */
  public static RaggedTensor offsets(Tensor model, Tensor input, boolean addBos, boolean addEos, boolean reverse,
      long nbestSize, double alpha, boolean ends) {
    TokenSink s = encode(model, input, addBos, addEos, reverse, nbestSize, alpha, false);
    int[] o = ends ? s.ends() : s.starts();
    long[] values = new long[o.length];
    for (int i = 0; i < o.length; i++) {
      values[i] = o[i];
    }
    return RaggedTensor.of(Tensor.ofLongs(values), RowPartition.fromRowSplits(s.rowSplits(), DType.INT64, false));
  }

  /** {@code SentencepieceDetokenizeOp}: each row of int32 ids, or of string pieces, decoded into one string. */
  public static Tensor detokenize(Tensor model, RaggedTensor input, boolean addBos, boolean addEos, boolean reverse) {
    SentencepieceProcessor p = processor(model);
    Tensor flat = (Tensor) input.values();
    RowPartition rows = input.partition();
    int nrows = rows.nrows();
    StringColumn.Builder out = StringColumn.builder(nrows, flat.size() * 4);
    SentencepieceProcessor.Options o = options(addBos, addEos, reverse);
    if (flat.dtype() == DType.STRING) {
      TextBatch pieces = batch(flat.stringColumn());
      for (int r = 0; r < nrows; r++) {
        byte[] text = p.decodePieces(pieces, rows.rowStart(r), rows.rowLimit(r), o);
        out.put(text, 0, text.length).endElement();
      }
      return Tensor.ofStrings(out.build(), nrows);
    }
    long[] ids = new long[flat.size()];
    for (int i = 0; i < ids.length; i++) {
      ids[i] = ((Number) flat.get(i)).longValue();
    }
    for (int r = 0; r < nrows; r++) {
      byte[] text = p.decode(ids, rows.rowStart(r), rows.rowLimit(r), o);
      out.put(text, 0, text.length).endElement();
    }
    return Tensor.ofStrings(out.build(), nrows);
  }

  /** {@code SentencepieceVocabSizeOp}: the number of pieces, an int32 scalar. */
  public static Tensor vocabSize(Tensor model) {
    return Tensor.scalar(DType.INT32, processor(model).model().size());
  }

  /**
   * {@code SentencepieceIdToStringOp}: each id's piece. An id outside the model is refused (TF
   * Text's kernel indexes the model's pieces with it unchecked; SentencePiece's Python binding
   * says "piece id is out of range").
   */
  public static Tensor idToString(Tensor model, Tensor ids) {
    SentencepieceModel m = processor(model).model();
    int n = ids.size();
    StringColumn.Builder out = StringColumn.builder(n, n * 4);
    for (int i = 0; i < n; i++) {
      long id = ((Number) ids.get(i)).longValue();
      if (id < 0 || id >= m.size()) {
        throw new InvalidArgumentException("id_to_string: id " + id + " (element " + i + ") is out of range: the "
            + "SentencePiece model has " + m.size() + " pieces, ids 0 to " + (m.size() - 1));
      }
      byte[] piece = m.piece((int) id);
      out.put(piece, 0, piece.length).endElement();
    }
    return Tensor.ofStrings(out.build(), ids.shape());
  }

  /** {@code SentencepieceStringToIdOp}: each piece's id, the unknown piece's id for a string that is no piece. */
  public static Tensor stringToId(Tensor model, Tensor pieces) {
    SentencepieceModel m = processor(model).model();
    StringColumn c = pieces.stringColumn();
    int n = c.size();
    int[] ids = new int[n];
    for (int i = 0; i < n; i++) {
      ids[i] = m.pieceToId(c.bytes(i));
    }
    return Tensor.wrap(DType.INT32, pieces.shape(), ids);
  }
}
