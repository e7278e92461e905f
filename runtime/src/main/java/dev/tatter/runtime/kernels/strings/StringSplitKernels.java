package dev.tatter.runtime.kernels.strings;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.List;

/**
 * Kernels that split each string of a vector into a row of pieces, giving a ragged tensor with
 * int64 row splits: TF's {@code StringSplitV2} ({@code tf.strings.split}), {@code bytes_split}
 * and {@code unicode_split}. Strings are byte strings (see {@code ByteStrings}).
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
    String[] in = (String[]) input.unsafeData();
    List<String> pieces = new ArrayList<>(in.length * 4);
    long[] splits = new long[in.length + 1];
    for (int i = 0; i < in.length; i++) {
      if (sep.isEmpty()) {
        splitWhitespace(in[i], maxsplit, pieces);
      } else {
        splitOn(in[i], sep, maxsplit, pieces);
      }
      splits[i + 1] = pieces.size();
    }
    return result(pieces, splits);
  }

  private static void splitOn(String s, String sep, long maxsplit, List<String> out) {
    int start = 0;
    long done = 0;
    while (maxsplit < 0 || done < maxsplit) {
      int at = s.indexOf(sep, start);
      if (at < 0) {
        break;
      }
      out.add(s.substring(start, at));
      start = at + sep.length();
      done++;
    }
    out.add(s.substring(start));
  }

  private static void splitWhitespace(String s, long maxsplit, List<String> out) {
    if (maxsplit == 0) {
      out.add(s);
      return;
    }
    int i = skipSpace(s, 0);
    long done = 0;
    while (i < s.length()) {
      int end = i;
      while (end < s.length() && !isSpace(s.charAt(end))) {
        end++;
      }
      out.add(s.substring(i, end));
      i = skipSpace(s, end);
      done++;
      if (maxsplit > 0 && done == maxsplit) {
        out.add(s.substring(i));
        return;
      }
    }
  }

  private static int skipSpace(String s, int i) {
    while (i < s.length() && isSpace(s.charAt(i))) {
      i++;
    }
    return i;
  }

  /** C's {@code isspace} in the C locale, which TF's whitespace split uses. */
  static boolean isSpace(char c) {
    return c == ' ' || (c >= '\t' && c <= '\r');
  }

  /** {@code bytes_split}: each string as a row of its single bytes. */
  public static RaggedTensor bytesSplit(Tensor input) {
    String[] in = (String[]) input.unsafeData();
    long total = 0;
    for (String s : in) {
      total += s.length();
    }
    String[] pieces = new String[Sizes.toIntSize(total, "bytes_split output size")];
    long[] splits = new long[in.length + 1];
    int k = 0;
    for (int i = 0; i < in.length; i++) {
      for (int j = 0; j < in[i].length(); j++) {
        pieces[k++] = String.valueOf(in[i].charAt(j));
      }
      splits[i + 1] = k;
    }
    return RaggedTensor.of(Tensor.wrap(DType.STRING, new int[] {pieces.length}, pieces),
        RowPartition.fromRowSplits(splits, DType.INT64, false));
  }

  static RaggedTensor result(List<String> pieces, long[] splits) {
    String[] values = pieces.toArray(new String[0]);
    return RaggedTensor.of(Tensor.wrap(DType.STRING, new int[] {values.length}, values),
        RowPartition.fromRowSplits(splits, DType.INT64, false));
  }
}
