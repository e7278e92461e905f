package dev.tatter.runtime.kernels.text;

import com.ibm.icu.lang.UScript;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.Utf8;
import dev.tatter.runtime.kernels.strings.RegexSubject;
import dev.tatter.runtime.kernels.strings.StringElementwiseKernels;
import java.util.Arrays;

/**
 * The kernels of tensorflow_text's splitters over a string vector's UTF-8 bytes: each string
 * becomes a row of tokens, and each token's start and end byte offsets into that string (the
 * {@code result} attribute says which of the three an op gives). Ill-formed UTF-8 is read as
 * {@link Utf8#decode} reads it: one maximal subpart at a time, a character of no class.
 */
public final class TextSplitKernels {
  private TextSplitKernels() {}

  /**
   * {@code WhitespaceTokenizer}: the maximal runs of characters that are not Unicode White_Space
   * (ICU's {@code u_isUWhiteSpace}, TF Text's whitespace table). An ill-formed byte is not
   * whitespace, so it stays inside a token, unchanged.
   */
  public static RaggedTensor whitespaceTokenize(Tensor input, String result) {
    StringColumn in = input.stringColumn();
    byte[] b = in.unsafeBytes();
    SplitRows out = new SplitRows(result, in.size(), (int) Math.min(Integer.MAX_VALUE - 8, in.byteCount()));
    for (int s = 0; s < in.size(); s++) {
      int from = in.start(s);
      int to = in.end(s);
      int tokenStart = -1;
      int i = from;
      while (i < to) {
        int c = b[i] >= 0 ? b[i] : Utf8.decode(b, i, to);
        int width = c >= 0 ? Utf8.width(c) : -c;
        boolean space = (CharClasses.of(c) & CharClasses.WHITE_SPACE) != 0;
        if (space && tokenStart >= 0) {
          out.add(b, tokenStart, i, tokenStart - from, i - from);
          tokenStart = -1;
        } else if (!space && tokenStart < 0) {
          tokenStart = i;
        }
        i += width;
      }
      if (tokenStart >= 0) {
        out.add(b, tokenStart, to, tokenStart - from, to - from);
      }
      out.endRow();
    }
    return out.build();
  }

  /**
   * {@code UnicodeScriptTokenizer}: TF Text's {@code UnicodeScriptTokenizeWithOffsets} over the
   * characters {@code unicode_decode_with_offsets} gives (an ill-formed subpart is one U+FFFD,
   * written so in the token, script Common). A token ends where the ICU script changes (and,
   * keeping whitespace, where whitespace starts or stops); whitespace is dropped otherwise, and a
   * run of one script may hold whitespace inside it, which the token's bytes skip and its offsets
   * span (as TF Text's kernel does). Offsets are bytes of the original string.
   */
  public static RaggedTensor unicodeScriptTokenize(Tensor input, String result, boolean keepWhitespace) {
    StringColumn in = input.stringColumn();
    byte[] b = in.unsafeBytes();
    SplitRows out = new SplitRows(result, in.size(), (int) Math.min(Integer.MAX_VALUE - 8, in.byteCount()));
    StringColumn.Builder token = out.tokenBytes();
    for (int s = 0; s < in.size(); s++) {
      int from = in.start(s);
      int to = in.end(s);
      int prevScript = UScript.INVALID_CODE;
      boolean open = false;
      boolean wasSpace = false;
      int start = 0;
      int end = 0; // the end of the token's last character that is not skipped whitespace
      for (int i = from; i < to; ) {
        int c = b[i] >= 0 ? b[i] : Utf8.decode(b, i, to);
        int width = c >= 0 ? Utf8.width(c) : -c;
        int ch = c >= 0 ? c : 0xFFFD;
        boolean space = (CharClasses.of(ch) & CharClasses.WHITE_SPACE) != 0;
        int script = UScript.getScript(ch);
        if (script != prevScript || (keepWhitespace && space != wasSpace)) {
          if (open) {
            out.addBuilt(start - from, end - from);
          }
          prevScript = script;
          open = false;
        }
        if (!space || keepWhitespace) {
          if (!open) {
            start = i;
            open = true;
          }
          if (token != null) {
            if (c >= 0) {
              token.put(b, i, i + width);
            } else {
              token.putCodePoint(0xFFFD);
            }
          }
          end = i + width;
        }
        wasSpace = space;
        i += width;
      }
      if (open) {
        out.addBuilt(start - from, end - from);
      }
      out.endRow();
    }
    return out.build();
  }

  /**
   * {@code regex_split}: TF Text's {@code RegexSplitWithOffsets}. Each match of {@code
   * delimPattern} (RE2 syntax, re2j over the bytes through {@link RegexSubject}) ends the token before it (if not empty) and,
   * when it fully matches {@code keepDelimPattern}, is a token itself; the rest after the last
   * match is the last token. A delimiter that matches the empty string is refused: TF Text's
   * kernel would search again from the same place forever.
   */
  public static RaggedTensor regexSplit(Tensor input, String result, String delimPattern, String keepDelimPattern) {
    RegexSubject delim = new RegexSubject(StringElementwiseKernels.compile(delimPattern));
    RegexSubject keep = keepDelimPattern.isEmpty() ? null : new RegexSubject(StringElementwiseKernels.compile(keepDelimPattern));
    StringColumn in = input.stringColumn();
    byte[] b = in.unsafeBytes();
    SplitRows out = new SplitRows(result, in.size(), (int) Math.min(Integer.MAX_VALUE - 8, in.byteCount()));
    for (int s = 0; s < in.size(); s++) {
      int from = in.start(s);
      int length = in.length(s);
      // positions are relative to the element; tokens are appended from the column's buffer
      RegexSubject m = delim.of(b, from, from + length);
      int last = 0;
      while (last <= length && m.find(last)) {
        int at = m.start();
        int end = m.end();
        if (end == at) {
          throw new InvalidArgumentException("regex_split: delim_regex_pattern " + printable(delimPattern)
              + " matches the empty string (at byte " + at + " of string " + s
              + "); a delimiter must match at least one byte");
        }
        if (at > last) {
          out.add(b, from + last, from + at, last, at);
        }
        if (keep != null && keep.of(b, from + at, from + end).matches()) {
          out.add(b, from + at, from + end, at, end);
        }
        last = end;
      }
      if (last < length) {
        out.add(b, from + last, from + length, last, length);
      }
      out.endRow();
    }
    return out.build();
  }

  /** {@code ByteSplitter.split}: each string's bytes as uint8 values, a row per string. */
  public static RaggedTensor byteSplit(Tensor input) {
    StringColumn in = input.stringColumn();
    int total = StringColumn.checkedBytes(in.byteCount(), "byte_split output size");
    byte[] values = new byte[total];
    long[] splits = new long[in.size() + 1];
    int k = 0;
    for (int s = 0; s < in.size(); s++) {
      System.arraycopy(in.unsafeBytes(), in.start(s), values, k, in.length(s));
      k += in.length(s);
      splits[s + 1] = k;
    }
    return RaggedTensor.of(Tensor.wrap(DType.UINT8, new int[] {total}, values),
        RowPartition.adoptingRowSplits(splits, DType.INT64));
  }

  /**
   * {@code ByteSplitter.split_with_offsets}' offsets: byte {@code k} of each string starts at
   * {@code k} and ends at {@code k + 1}, int32 as TF Text's kernel gives them.
   */
  public static RaggedTensor byteSplitOffsets(Tensor input, boolean ends) {
    StringColumn in = input.stringColumn();
    int total = StringColumn.checkedBytes(in.byteCount(), "byte_split output size");
    int[] values = new int[total];
    long[] splits = new long[in.size() + 1];
    int k = 0;
    for (int s = 0; s < in.size(); s++) {
      for (int j = 0; j < in.length(s); j++) {
        values[k++] = ends ? j + 1 : j;
      }
      splits[s + 1] = k;
    }
    return RaggedTensor.of(Tensor.wrap(DType.INT32, new int[] {total}, values),
        RowPartition.adoptingRowSplits(splits, DType.INT64));
  }

  /**
   * {@code ByteSplitter.split_by_offsets}: per string, the substrings {@code [start, end)} its row
   * of offsets names (TF Text's {@code ByteSplitByOffsets}): an offset outside the string, or a
   * start after its end, is TF Text's error. Starts and ends share one row partition.
   */
  public static RaggedTensor byteSplitByOffsets(Tensor input, RaggedTensor starts, RaggedTensor ends) {
    StringColumn in = input.stringColumn();
    long[] rows = starts.partition().rowSplitsArray();
    long[] endRows = ends.partition().rowSplitsArray();
    if (rows.length != in.size() + 1 || !Arrays.equals(rows, endRows)) {
      throw new InvalidArgumentException("split_by_offsets: start_offsets and end_offsets need one row per input string ("
          + in.size() + "), with the same row lengths; got " + (rows.length - 1) + " and " + (endRows.length - 1) + " rows");
    }
    Tensor sv = starts.flatValues();
    Tensor ev = ends.flatValues();
    StringColumn.Selection out = StringColumn.selection(in.unsafeBytes(), (int) rows[rows.length - 1]);
    for (int s = 0; s < in.size(); s++) {
      int len = in.length(s);
      for (long k = rows[s]; k < rows[s + 1]; k++) {
        long a = sv.getLong((int) k);
        long z = ev.getLong((int) k);
        if (a < 0 || a > len) {
          throw new InvalidArgumentException("split_by_offsets: Start offsets out of range: " + a + " for string " + s + " of " + len + " bytes");
        }
        if (z < 0 || z > len) {
          throw new InvalidArgumentException("split_by_offsets: End offsets out of range: " + z + " for string " + s + " of " + len + " bytes");
        }
        if (a > z) {
          throw new InvalidArgumentException("split_by_offsets: Start offset after end offset: " + a + " > " + z + " in string " + s);
        }
        out.select(in.start(s) + (int) a, in.start(s) + (int) z);
      }
    }
    return RaggedTensor.of(Tensor.wrap(DType.STRING, new int[] {out.size()}, out.build()),
        RowPartition.adoptingRowSplits(rows, DType.INT64));
  }

  /**
   * {@code SplitMergeTokenizer}: TF Text's {@code SplitMergeTokenizeWithOffsets}. Label 0 starts a
   * new token at its character, 1 merges it into the previous one; White_Space characters are
   * dropped and, with {@code forceSplitAtBreakCharacter}, the next character starts a token. A
   * string needs at least as many labels as characters (extra labels are ignored), and must be
   * well-formed UTF-8 (TF Text's kernel says so, though its own check cannot fire).
   */
  public static RaggedTensor splitMergeTokenize(Tensor input, RaggedTensor labels, boolean forceSplitAtBreakCharacter,
      String result) {
    StringColumn in = input.stringColumn();
    byte[] b = in.unsafeBytes();
    long[] rows = labels.partition().rowSplitsArray();
    if (rows.length != in.size() + 1) {
      throw new InvalidArgumentException("SplitMergeTokenizer: labels need one row per input string (" + in.size()
          + "), got " + (rows.length - 1));
    }
    Tensor lv = labels.flatValues();
    SplitRows out = new SplitRows(result, in.size(), (int) Math.min(Integer.MAX_VALUE - 8, in.byteCount()));
    StringColumn.Builder token = out.tokenBytes();
    for (int s = 0; s < in.size(); s++) {
      int from = in.start(s);
      int to = in.end(s);
      if (!Utf8.isValid(b, from, to)) {
        throw new InvalidArgumentException("SplitMergeTokenizer: Input string is not utf8 valid: string " + s + " " + in.repr(s));
      }
      int chars = Utf8.countCodePoints(b, from, to);
      if (chars > rows[s + 1] - rows[s]) {
        throw new InvalidArgumentException("SplitMergeTokenizer: Number of labels " + (rows[s + 1] - rows[s])
            + " is insufficient for text " + in.repr(s) + " (string " + s + ", " + chars + " characters)");
      }
      boolean open = false;
      boolean lastBreak = false;
      int start = 0;
      int end = 0;
      int j = 0;
      for (int i = from; i < to; j++) {
        int c = Utf8.decode(b, i, to);
        int width = Utf8.width(c);
        boolean isBreak = (CharClasses.of(c) & CharClasses.WHITE_SPACE) != 0;
        if (!isBreak) {
          long label = lv.getLong((int) (rows[s] + j));
          if (label == 0 || !open || (lastBreak && forceSplitAtBreakCharacter)) {
            if (open) {
              out.addBuilt(start - from, end - from);
            }
            open = true;
            start = i;
          }
          if (token != null) {
            token.put(b, i, i + width);
          }
          end = i + width;
        }
        lastBreak = isBreak;
        i += width;
      }
      if (open) {
        out.addBuilt(start - from, end - from);
      }
      out.endRow();
    }
    return out.build();
  }

  /**
   * TF's {@code UnicodeScript}: each code point's ICU script code ({@code UScriptCode}), -1 for a
   * value that is not a code point (negative or above U+10FFFF).
   */
  public static Tensor unicodeScript(Tensor input) {
    int n = input.size();
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      long c = input.getLong(i);
      out[i] = c < 0 || c > 0x10FFFF ? -1 : UScript.getScript((int) c);
    }
    return Tensor.wrap(DType.INT32, input.shape(), out);
  }

  private static String printable(String byteString) {
    return dev.tatter.runtime.ByteStrings.toText(byteString);
  }
}
