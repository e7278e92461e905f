package dev.tatter.runtime.kernels.text;

import dev.tatter.runtime.Utf8;
import dev.tatter.runtime.InvalidArgumentException;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;

/**
 * SentencePiece's {@code SentencePieceProcessor} for what TF Text's {@code SentencepieceOp} kernels
 * ask of it: {@code Encode} (normalize, then the unigram model's optimized Viterbi or BPE's merges,
 * then unknown pieces merged or split into byte pieces, then the {@code bos:eos:reverse} options) and
 * {@code DecodeIds}, each as SentencePiece 0.1.97's sources define it (scores summed in float and
 * double exactly where its C++ does). Immutable; one instance serves any number of threads.
 */
public final class SentencepieceProcessor {
  private static final float UNK_PENALTY = 10.0f;
  private static final byte[] SPACE_SYMBOL = {(byte) 0xE2, (byte) 0x96, (byte) 0x81};
  private static final byte[] REPLACEMENT = {(byte) 0xEF, (byte) 0xBF, (byte) 0xBD};

  private final SentencepieceModel model;
  private final ByteTrie pieces; // NORMAL, USER_DEFINED and UNUSED pieces
  private final float minScore;
  private final float maxScore;

  public SentencepieceProcessor(SentencepieceModel model) {
    this.model = model;
    ByteTrie.Builder b = new ByteTrie.Builder();
    float min = Float.MAX_VALUE;
    float max = Float.MIN_NORMAL; // SentencePiece starts from FLT_MIN, the smallest positive normal float
    for (int i = 0; i < model.size(); i++) {
      SentencepieceModel.PieceType t = model.type(i);
      if (t == SentencepieceModel.PieceType.NORMAL || t == SentencepieceModel.PieceType.USER_DEFINED
          || t == SentencepieceModel.PieceType.UNUSED) {
        byte[] p = model.piece(i);
        b.put(p, 0, p.length, i);
      }
      if (t == SentencepieceModel.PieceType.NORMAL) {
        min = Math.min(min, model.scores[i]);
        max = Math.max(max, model.scores[i]);
      }
    }
    this.pieces = b.build();
    this.minScore = min;
    this.maxScore = max;
    new SentencepieceNormalizer(model); // checks the character map once, where the model is loaded
  }

  public SentencepieceModel model() {
    return model;
  }

  /** The options TF Text's kernels pass as {@code SetEncodeExtraOptions("bos:eos:reverse")}. */
  public record Options(boolean addBos, boolean addEos, boolean reverse) {
    public static final Options NONE = new Options(false, false, false);
  }

  /**
   * Encodes each string: per string a row of pieces with their ids, bytes (as {@code sp.piece()}) and
   * offsets into the original string ({@code sp.begin()}, {@code sp.end()}).
   */
  public TokenSink encode(TextBatch in, Options options, boolean keepPieces) {
    TokenSink sink = new TokenSink(in.size(), (int) Math.min(Integer.MAX_VALUE - 8, in.totalBytes() / 3 + 16), keepPieces, true);
    SentencepieceNormalizer normalizer = new SentencepieceNormalizer(model);
    List<Piece> row = new ArrayList<>();
    for (int s = 0; s < in.size(); s++) {
      row.clear();
      encodeOne(normalizer, in.bytes(), in.start(s), in.end(s), options, row);
      for (Piece p : row) {
        sink.add(p.begin, p.end, p.id, p.bytes, 0, p.bytes.length);
      }
      sink.endRow();
    }
    return sink;
  }

  /** One piece of an encoding. */
  record Piece(byte[] bytes, int id, int begin, int end) {}

  void encodeOne(SentencepieceNormalizer normalizer, byte[] b, int from, int to, Options options, List<Piece> out) {
    SentencepieceNormalizer.Normalized n = normalizer.normalize(b, from, to);
    List<int[]> result = model.modelType == SentencepieceModel.ModelType.BPE
        ? encodeBpe(n.text(), n.length()) : encodeUnigram(n.text(), n.length());
    int consumed = 0;
    boolean prevUnk = false;
    int[] map = n.normToOrig();
    for (int[] r : result) {
      int start = r[0];
      int end = r[1];
      int id = r[2];
      boolean isUnk = model.type(id) == SentencepieceModel.PieceType.UNKNOWN;
      int origBegin = map[consumed];
      int origEnd = map[consumed + (end - start)];
      if (model.type(id) == SentencepieceModel.PieceType.CONTROL) {
        out.add(new Piece(Arrays.copyOfRange(n.text(), start, end), id, map[consumed], map[consumed]));
        prevUnk = false;
        continue;
      }
      if (isUnk && model.byteFallback) {
        for (int k = start; k < end; k++) {
          byte[] piece = String.format("<0x%02X>", n.text()[k] & 0xFF).getBytes(java.nio.charset.StandardCharsets.US_ASCII);
          int pid = model.pieceToId(piece);
          out.add(new Piece(piece, pid, origBegin, k == end - 1 ? origEnd : origBegin));
        }
      } else if (prevUnk && isUnk) {
        Piece last = out.remove(out.size() - 1);
        byte[] merged = Arrays.copyOf(last.bytes, last.bytes.length + end - start);
        System.arraycopy(n.text(), start, merged, last.bytes.length, end - start);
        out.add(new Piece(merged, last.id, last.begin, origEnd));
      } else {
        out.add(new Piece(Arrays.copyOfRange(n.text(), start, end), id, origBegin, origEnd));
      }
      consumed += end - start;
      prevUnk = isUnk;
    }
    if (options.addBos) {
      out.add(0, new Piece(model.bosPiece, model.pieceToId(model.bosPiece), 0, 0));
    }
    if (options.addEos) {
      out.add(new Piece(model.eosPiece, model.pieceToId(model.eosPiece), 0, 0));
    }
    if (options.reverse) {
      java.util.Collections.reverse(out);
    }
  }

  private static int oneCharLen(byte lead) {
    int hi = (lead & 0xFF) >> 4;
    return hi < 12 ? 1 : hi < 14 ? 2 : hi == 14 ? 3 : 4;
  }

  /** The unigram model's {@code EncodeOptimized}: per piece {start, end, id} in the normalized text. */
  private List<int[]> encodeUnigram(byte[] text, int size) {
    List<int[]> out = new ArrayList<>();
    if (size == 0) {
      return out;
    }
    float unkScore = minScore - UNK_PENALTY;
    float[] best = new float[size + 1];
    int[] startsAt = new int[size + 1];
    int[] ids = new int[size + 1];
    Arrays.fill(startsAt, -1);
    int start = 0;
    while (start < size) {
      float tillHere = best[start];
      boolean hasSingleNode = false;
      int mblen = Math.min(oneCharLen(text[start]), size - start);
      int node = ByteTrie.ROOT;
      for (int keyPos = start; keyPos < size; ) {
        node = pieces.child(node, text[keyPos]);
        keyPos++;
        if (node < 0) {
          break;
        }
        int ret = pieces.value(node);
        if (ret < 0 || model.type(ret) == SentencepieceModel.PieceType.UNUSED) {
          continue;
        }
        int length = keyPos - start;
        double score = model.type(ret) == SentencepieceModel.PieceType.USER_DEFINED
            ? (double) ((float) length * maxScore) - 0.1 : (double) model.scores[ret];
        double candidate = score + (double) tillHere;
        if (startsAt[keyPos] == -1 || candidate > (double) best[keyPos]) {
          best[keyPos] = (float) candidate;
          startsAt[keyPos] = start;
          ids[keyPos] = ret;
        }
        if (!hasSingleNode && length == mblen) {
          hasSingleNode = true;
        }
      }
      if (!hasSingleNode) {
        int target = start + mblen;
        float candidate = unkScore + tillHere;
        if (startsAt[target] == -1 || candidate > best[target]) {
          best[target] = candidate;
          startsAt[target] = start;
          ids[target] = model.unkId();
        }
      }
      start += mblen;
    }
    for (int end = size; end > 0; end = startsAt[end]) {
      out.add(new int[] {startsAt[end], end, ids[end]});
    }
    java.util.Collections.reverse(out);
    return out;
  }

  /** BPE's {@code Encode}: the highest-scoring adjacent pair merged first (the leftmost among equals). */
  private List<int[]> encodeBpe(byte[] text, int size) {
    List<int[]> out = new ArrayList<>();
    if (size == 0) {
      return out;
    }
    int[] symStart = new int[size];
    int[] symEnd = new int[size];
    int[] prev = new int[size];
    int[] next = new int[size];
    boolean[] freeze = new boolean[size];
    int count = 0;
    for (int pos = 0; pos < size; ) {
      int len = userSymbolLength(text, pos, size);
      boolean frozen = len > 0;
      if (!frozen) {
        len = Math.min(size - pos, oneCharLen(text[pos]));
      }
      symStart[count] = pos;
      symEnd[count] = pos + len;
      freeze[count] = frozen;
      prev[count] = count - 1;
      pos += len;
      next[count] = pos >= size ? -1 : count + 1;
      count++;
    }
    // agenda entries: {left, right, size, order}, score beside
    PriorityQueue<long[]> agenda = new PriorityQueue<>((x, y) -> {
      float sx = Float.intBitsToFloat((int) x[3]);
      float sy = Float.intBitsToFloat((int) y[3]);
      if (sx != sy) {
        return sx > sy ? -1 : 1;
      }
      return Long.compare(x[0], y[0]);
    });
    java.util.Map<Long, int[]> revMerge = new java.util.HashMap<>();
    for (int i = 1; i < count; i++) {
      addPair(text, i - 1, i, symStart, symEnd, freeze, agenda, revMerge);
    }
    while (!agenda.isEmpty()) {
      long[] top = agenda.poll();
      int left = (int) top[0];
      int right = (int) top[1];
      if (symEnd[left] == symStart[left] || symEnd[right] == symStart[right]
          || (symEnd[left] - symStart[left]) + (symEnd[right] - symStart[right]) != top[2]) {
        continue;
      }
      symEnd[left] = symEnd[right];
      next[left] = next[right];
      if (next[right] >= 0) {
        prev[next[right]] = left;
      }
      symEnd[right] = symStart[right]; // empty: merged away
      if (prev[left] >= 0) {
        addPair(text, prev[left], left, symStart, symEnd, freeze, agenda, revMerge);
      }
      if (next[left] >= 0) {
        addPair(text, left, next[left], symStart, symEnd, freeze, agenda, revMerge);
      }
    }
    for (int i = 0; i != -1; i = next[i]) {
      resegment(text, symStart[i], symEnd[i], revMerge, out);
    }
    return out;
  }

  private void addPair(byte[] text, int left, int right, int[] symStart, int[] symEnd, boolean[] freeze,
      PriorityQueue<long[]> agenda, java.util.Map<Long, int[]> revMerge) {
    if (left == -1 || right == -1 || freeze[left] || freeze[right]) {
      return;
    }
    int from = symStart[left];
    int to = symEnd[right];
    int id = pieces.get(text, from, to);
    if (id < 0) {
      return;
    }
    agenda.add(new long[] {left, right, to - from, Float.floatToRawIntBits(model.scores[id]) & 0xFFFFFFFFL});
    if (model.type(id) == SentencepieceModel.PieceType.UNUSED) {
      revMerge.put(((long) from << 32) | to, new int[] {from, symEnd[left], to});
    }
  }

  private void resegment(byte[] text, int from, int to, java.util.Map<Long, int[]> revMerge, List<int[]> out) {
    int id = pieceToId(text, from, to);
    if (model.type(id) != SentencepieceModel.PieceType.UNUSED) {
      out.add(new int[] {from, to, id});
      return;
    }
    int[] split = revMerge.get(((long) from << 32) | to);
    if (split == null) {
      out.add(new int[] {from, to, id});
      return;
    }
    resegment(text, split[0], split[1], revMerge, out);
    resegment(text, split[1], split[2], revMerge, out);
  }

  /** {@code PieceToId} of a slice of the normalized text. */
  private int pieceToId(byte[] text, int from, int to) {
    return model.pieceToId(Arrays.copyOfRange(text, from, to));
  }

  private int userSymbolLength(byte[] text, int pos, int size) {
    int node = ByteTrie.ROOT;
    int longest = 0;
    for (int i = pos; i < size; i++) {
      node = pieces.child(node, text[i]);
      if (node < 0) {
        break;
      }
      int v = pieces.value(node);
      if (v >= 0 && model.type(v) == SentencepieceModel.PieceType.USER_DEFINED) {
        longest = i + 1 - pos;
      }
    }
    return longest;
  }

  /**
   * {@code DecodeIds} of one row, with the same extra options (bos and eos decode to nothing, reverse
   * reverses the ids first): control pieces vanish, the unknown piece becomes {@code unk_surface},
   * byte pieces are joined into UTF-8 (an ill-formed byte becomes U+FFFD), U+2581 becomes a space and
   * the first piece's leading one is dropped. An id outside the model is SentencePiece's "Invalid id".
   */
  public byte[] decode(long[] ids, int from, int to, Options options) {
    checkNoDenormalizer();
    List<Integer> row = new ArrayList<>();
    List<byte[]> pieces = new ArrayList<>();
    for (int k = from; k < to; k++) {
      long id = ids[k];
      if (id < 0 || id >= model.size()) {
        throw new InvalidArgumentException("Invalid id: " + id + " (the SentencePiece model has " + model.size() + " pieces)");
      }
      row.add((int) id);
      pieces.add(model.piece((int) id));
    }
    return decodeRow(row, pieces, options);
  }

  /**
   * SentencePiece's {@code Decode} of pieces, strings {@code from} to {@code to} of {@code batch}:
   * each piece's id is {@code PieceToId}'s, and a string that is no piece (its id the unknown
   * piece's) decodes to itself, as it is; otherwise as {@link #decode}.
   */
  public byte[] decodePieces(TextBatch batch, int from, int to, Options options) {
    checkNoDenormalizer();
    List<Integer> row = new ArrayList<>();
    List<byte[]> pieces = new ArrayList<>();
    for (int k = from; k < to; k++) {
      byte[] piece = batch.get(k);
      row.add(model.pieceToId(piece));
      pieces.add(piece);
    }
    return decodeRow(row, pieces, options);
  }

  private void checkNoDenormalizer() {
    if (model.hasDenormalizer) {
      throw new InvalidArgumentException("the SentencePiece model " + model.source()
          + " has a denormalizer_spec with a character map, which detokenize does not apply");
    }
  }

  /** The decoding of a row of ids, each with the piece it was given as ({@code Decode(pieces)}). */
  private byte[] decodeRow(List<Integer> row, List<byte[]> pieces, Options options) {
    if (options.addBos) {
      row.add(0, model.pieceToId(model.bosPiece));
      pieces.add(0, model.bosPiece);
    }
    if (options.addEos) {
      row.add(model.pieceToId(model.eosPiece));
      pieces.add(model.eosPiece);
    }
    if (options.reverse) {
      java.util.Collections.reverse(row);
      java.util.Collections.reverse(pieces);
    }
    ByteArrayOutputStream text = new ByteArrayOutputStream();
    boolean isBosWs = true;
    boolean bosWsSeen = false;
    int byteStart = 0;
    for (int i = 0; i < row.size(); i++) {
      int id = row.get(i);
      if (model.type(id) == SentencepieceModel.PieceType.BYTE) {
        continue;
      }
      flushBytes(row, byteStart, i, text);
      if (bosWsSeen || text.size() > 0) {
        isBosWs = false;
      }
      byteStart = i + 1;
      byte[] piece = pieces.get(i);
      bosWsSeen = false;
      if (model.type(id) == SentencepieceModel.PieceType.CONTROL) {
        continue;
      }
      if (model.type(id) == SentencepieceModel.PieceType.UNKNOWN) {
        // the unknown piece itself is unk_surface; any other string that is no piece is itself
        byte[] surface = Arrays.equals(piece, model.piece(id)) ? model.unkSurface : piece;
        text.write(surface, 0, surface.length);
        continue;
      }
      int p = 0;
      if (isBosWs && (model.addDummyPrefix || model.removeExtraWhitespaces)) {
        if (startsWith(piece, 0, SPACE_SYMBOL)) {
          p = SPACE_SYMBOL.length;
          bosWsSeen = !model.removeExtraWhitespaces;
        }
      }
      while (p < piece.length) {
        if (startsWith(piece, p, SPACE_SYMBOL)) {
          text.write(' ');
          p += SPACE_SYMBOL.length;
        } else {
          text.write(piece[p++]);
        }
      }
    }
    flushBytes(row, byteStart, row.size(), text);
    return text.toByteArray();
  }

  private void flushBytes(List<Integer> row, int from, int to, ByteArrayOutputStream text) {
    if (from >= to) {
      return;
    }
    byte[] bytes = new byte[to - from];
    for (int i = from; i < to; i++) {
      bytes[i - from] = (byte) SentencepieceModel.pieceToByte(model.piece(row.get(i)));
    }
    int i = 0;
    while (i < bytes.length) {
      int c = Utf8.decode(bytes, i, bytes.length);
      if (c < 0) {
        text.write(REPLACEMENT, 0, 3);
        i++;
      } else {
        int w = Utf8.width(c);
        text.write(bytes, i, w);
        i += w;
      }
    }
  }

  private static boolean startsWith(byte[] piece, int at, byte[] prefix) {
    if (piece.length - at < prefix.length) {
      return false;
    }
    for (int k = 0; k < prefix.length; k++) {
      if (piece[at + k] != prefix[k]) {
        return false;
      }
    }
    return true;
  }
}
