package dev.tatter.runtime.kernels.strings;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.Utf8;

/**
 * TF's UTF-8 ops ({@code UnicodeDecodeWithOffsets}, {@code UnicodeEncode}, and
 * {@code tf.strings.unicode_split} built on them). {@code errors} is TF's: {@code strict} fails on
 * ill-formed input, {@code replace} puts {@code replacementChar} in place of each maximal ill-formed
 * subpart (ICU's rule), {@code ignore} drops it. With {@code replaceControlCharacters} the C0
 * controls are replaced too. The encoding is UTF-8 (the type rule refuses others). The input is
 * read in place, twice: once to count the characters, once to write them into arrays of that size.
 */
public final class UnicodeKernels {
  private UnicodeKernels() {}

  /** What one pass over the input does with each decoded character. */
  private interface CharSink {
    /** Character {@code k} (counted over all strings) of string {@code row}: code point {@code c} at byte {@code at} (into the buffer). */
    void accept(int row, int k, int c, int at);
  }

  /** Decodes every string, calling {@code sink} per character; fills {@code splits} and returns the character count. */
  private static int decodeAll(StringColumn in, String errors, long replacementChar, boolean replaceControl, long[] splits,
      CharSink sink) {
    byte[] b = in.unsafeBytes();
    boolean strict = errors.equals("strict");
    boolean ignore = errors.equals("ignore");
    int k = 0;
    for (int i = 0; i < in.size(); i++) {
      int end = in.end(i);
      for (int at = in.start(i); at < end; ) {
        int c = b[at] >= 0 ? b[at] : Utf8.decode(b, at, end);
        int width = c < 0 ? -c : Utf8.width(c);
        if (c < 0 || (replaceControl && c < 0x20)) {
          if (strict && c < 0) {
            throw new InvalidArgumentException("Invalid formatting on input string: input[" + i + "] is not valid UTF-8 at byte "
                + (at - in.start(i)));
          }
          if (ignore && c < 0) {
            at += width;
            continue;
          }
          c = (int) replacementChar;
        }
        if (sink != null) {
          sink.accept(i, k, c, at);
        }
        k++;
        at += width;
      }
      splits[i + 1] = k;
    }
    return k;
  }

  /** The character count, checked by a first pass (which also raises a strict decode's error). */
  private static int count(StringColumn in, String errors, long replacementChar, boolean replaceControl, long[] splits) {
    return decodeAll(in, errors, replacementChar, replaceControl, splits, null);
  }

  /** {@code unicode_decode}: each string's code points, ragged int32 with int64 row splits. */
  public static RaggedTensor decode(Tensor input, String inputEncoding, String errors, long replacementChar, boolean replaceControlCharacters) {
    StringColumn in = input.stringColumn();
    long[] splits = new long[in.size() + 1];
    int[] cps = new int[count(in, errors, replacementChar, replaceControlCharacters, splits)];
    decodeAll(in, errors, replacementChar, replaceControlCharacters, splits, (row, k, c, at) -> cps[k] = c);
    return RaggedTensor.of(Tensor.wrap(DType.INT32, new int[] {cps.length}, cps), RowPartition.adoptingRowSplits(splits, DType.INT64));
  }

  /** {@code unicode_decode_offsets}: the byte offset (in its string) where each decoded code point starts, ragged int64. */
  public static RaggedTensor decodeOffsets(Tensor input, String inputEncoding, String errors, long replacementChar, boolean replaceControlCharacters) {
    StringColumn in = input.stringColumn();
    long[] splits = new long[in.size() + 1];
    long[] starts = new long[count(in, errors, replacementChar, replaceControlCharacters, splits)];
    decodeAll(in, errors, replacementChar, replaceControlCharacters, splits, (row, k, c, at) -> starts[k] = at - in.start(row));
    return RaggedTensor.of(Tensor.wrap(DType.INT64, new int[] {starts.length}, starts), RowPartition.adoptingRowSplits(splits, DType.INT64));
  }

  /**
   * {@code unicode_split}: each string cut where each decoded character starts; a piece runs to
   * the next character's start (so bytes {@code ignore} dropped stay with the character before).
   * The pieces are byte ranges of the input, so they share its buffer (see {@link StringColumn.Selection}).
   */
  public static RaggedTensor split(Tensor input, String inputEncoding, String errors, long replacementChar, boolean replaceControlCharacters) {
    StringColumn in = input.stringColumn();
    long[] splits = new long[in.size() + 1];
    int n = count(in, errors, replacementChar, replaceControlCharacters, splits);
    StringColumn.Selection pieces = StringColumn.selection(in.unsafeBytes(), n);
    int[] previous = {-1, -1}; // the row and the start of the character before
    decodeAll(in, errors, replacementChar, replaceControlCharacters, splits, (row, k, c, at) -> {
      if (previous[0] >= 0) {
        pieces.select(previous[1], previous[0] == row ? at : in.end(previous[0]));
      }
      previous[0] = row;
      previous[1] = at;
    });
    if (previous[0] >= 0) {
      pieces.select(previous[1], in.end(previous[0]));
    }
    return RaggedTensor.of(Tensor.wrap(DType.STRING, new int[] {n}, pieces.build()), RowPartition.adoptingRowSplits(splits, DType.INT64));
  }

  /** {@code unicode_encode}: each row of code points as one UTF-8 string; surrogates, noncharacters and values past U+10FFFF are invalid, as in TF. */
  public static Tensor encode(RaggedTensor codePoints, String outputEncoding, String errors, long replacementChar) {
    Tensor flat = (Tensor) codePoints.values();
    RowPartition rows = codePoints.partition();
    StringColumn.Builder out = StringColumn.builder(rows.nrows(), flat.size());
    for (int r = 0; r < rows.nrows(); r++) {
      for (int j = rows.rowStart(r); j < rows.rowLimit(r); j++) {
        long c = flat.getLong(j);
        if (!Utf8.isUnicodeChar(c)) {
          if (errors.equals("strict")) {
            throw new InvalidArgumentException("Code point " + c + " is not valid (row " + r + ")");
          }
          if (errors.equals("ignore")) {
            // TF appends the code point unchecked and lets ICU write it: a noncharacter as itself,
            // a lone surrogate as U+FFFD, a value outside 0..0x10FFFF not at all (found by the TF oracle)
            if (c < 0 || c > 0x10FFFF) {
              continue;
            }
            c = Utf8.isScalarValue(c) ? c : 0xFFFD;
          } else {
            c = replacementChar;
          }
        }
        out.putCodePoint((int) c);
      }
      out.endElement();
    }
    return Tensor.wrap(DType.STRING, new int[] {rows.nrows()}, out.build());
  }
}
