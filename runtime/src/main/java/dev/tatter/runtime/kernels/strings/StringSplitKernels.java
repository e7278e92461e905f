package dev.tatter.runtime.kernels.strings;

import dev.tatter.runtime.ByteStrings;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;

/**
 * Kernels that split each string of a vector into a row of pieces, giving a ragged tensor with
 * int64 row splits: TF's {@code StringSplitV2} ({@code tf.strings.split}) and {@code bytes_split}.
 * The pieces are byte ranges of the input: a {@link StringColumn.Selection} shares the input's
 * buffer where that is cheaper than copying (the words of a split are a view, the single bytes of
 * {@code bytes_split} offsets over the same buffer), else copies them once.
 */
public final class StringSplitKernels {
  private StringSplitKernels() {}

  /**
   * {@code string_split}: Python's {@code bytes.split(sep, maxsplit)} per element, as TF's
   * StringSplitV2: an empty {@code sep} splits on runs of ASCII whitespace and drops empty
   * pieces; {@code maxsplit} of 0 keeps each string whole, a negative one splits everywhere.
   * After {@code maxsplit} splits on whitespace the rest is one piece, possibly empty, as in TF
   * ({@code "a "} with maxsplit 1 is {@code [b'a', b'']}, where Python drops the empty rest).
   */
  public static RaggedTensor split(Tensor input, String sep, long maxsplit) {
    StringColumn in = input.stringColumn();
    byte[] b = in.unsafeBytes();
    byte[] separator = ByteStrings.bytes(sep);
    int n = in.size();
    StringColumn.Selection pieces = StringColumn.selection(b, Math.max(16, (int) Math.min(Integer.MAX_VALUE - 8, in.byteCount() / 6)));
    long[] splits = new long[n + 1];
    Pieces selected = pieces::select;
    for (int i = 0; i < n; i++) {
      splitRow(b, in.start(i), in.end(i), separator, maxsplit, selected);
      splits[i + 1] = pieces.size();
    }
    return RaggedTensor.of(Tensor.wrap(DType.STRING, new int[] {pieces.size()}, pieces.build()),
        RowPartition.adoptingRowSplits(splits, DType.INT64));
  }

  /** Where a split puts each piece it finds: a byte range of the string split. */
  @FunctionalInterface
  public interface Pieces {
    void piece(int from, int to);
  }

  /**
   * The pieces of {@code b[from, to)} as {@code string_split} finds them, each handed to {@code
   * out} in order (kernel internal, not API: the fused split-and-lookup kernel reads the pieces
   * here without storing them).
   */
  public static void splitRow(byte[] b, int from, int to, byte[] sep, long maxsplit, Pieces out) {
    if (sep.length == 0) {
      splitWhitespace(b, from, to, maxsplit, out);
    } else {
      splitOn(b, from, to, sep, maxsplit, out);
    }
  }

  private static void splitOn(byte[] b, int from, int to, byte[] sep, long maxsplit, Pieces out) {
    int start = from;
    long done = 0;
    while (maxsplit < 0 || done < maxsplit) {
      int at = indexOf(b, start, to, sep);
      if (at < 0) {
        break;
      }
      out.piece(start, at);
      start = at + sep.length;
      done++;
    }
    out.piece(start, to);
  }

  /** The first position of {@code sep} in {@code b[from, to)}, or -1. */
  static int indexOf(byte[] b, int from, int to, byte[] sep) {
    byte first = sep[0];
    for (int i = from; i <= to - sep.length; i++) {
      if (b[i] == first && java.util.Arrays.equals(b, i, i + sep.length, sep, 0, sep.length)) {
        return i;
      }
    }
    return -1;
  }

  private static void splitWhitespace(byte[] b, int from, int to, long maxsplit, Pieces out) {
    if (maxsplit == 0) {
      out.piece(from, to);
      return;
    }
    int i = skipSpace(b, from, to);
    long done = 0;
    while (i < to) {
      int end = i;
      while (end < to && !isSpace(b[end])) {
        end++;
      }
      out.piece(i, end);
      i = skipSpace(b, end, to);
      done++;
      if (maxsplit > 0 && done == maxsplit) {
        out.piece(i, to);
        return;
      }
    }
  }

  private static int skipSpace(byte[] b, int i, int to) {
    while (i < to && isSpace(b[i])) {
      i++;
    }
    return i;
  }

  /** C's {@code isspace} in the C locale, which TF's whitespace split uses. */
  public static boolean isSpace(byte c) {
    return c == ' ' || (c >= '\t' && c <= '\r');
  }

  /** {@code bytes_split}: each string as a row of its single bytes. */
  public static RaggedTensor bytesSplit(Tensor input) {
    StringColumn in = input.stringColumn();
    int total = Sizes.toIntSize(in.byteCount(), "bytes_split output size");
    StringColumn.Selection pieces = StringColumn.selection(in.unsafeBytes(), total);
    long[] splits = new long[in.size() + 1];
    for (int i = 0; i < in.size(); i++) {
      for (int k = in.start(i); k < in.end(i); k++) {
        pieces.select(k, k + 1);
      }
      splits[i + 1] = pieces.size();
    }
    return RaggedTensor.of(Tensor.wrap(DType.STRING, new int[] {pieces.size()}, pieces.build()),
        RowPartition.adoptingRowSplits(splits, DType.INT64));
  }
}
