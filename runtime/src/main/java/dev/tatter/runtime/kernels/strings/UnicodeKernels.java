package dev.tatter.runtime.kernels.strings;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;

/**
 * TF's UTF-8 ops ({@code UnicodeDecodeWithOffsets}, {@code UnicodeEncode}, and
 * {@code tf.strings.unicode_split} built on them). {@code errors} is TF's: {@code strict} fails on
 * ill-formed input, {@code replace} puts {@code replacementChar} in place of each maximal ill-formed
 * subpart (ICU's rule), {@code ignore} drops it. With {@code replaceControlCharacters} the C0
 * controls are replaced too. The encoding is UTF-8 (the type rule refuses others).
 */
public final class UnicodeKernels {
  private UnicodeKernels() {}

  /** One decoded string vector: code points, their byte offsets, row splits. */
  private record Decoded(int[] codePoints, long[] starts, long[] splits) {}

  private static Decoded decodeAll(Tensor input, String errors, long replacementChar, boolean replaceControl) {
    String[] in = (String[]) input.unsafeData();
    long total = 0;
    for (String s : in) {
      total += s.length();
    }
    int capacity = Sizes.toIntSize(total, "unicode_decode output size");
    int[] cps = new int[capacity];
    long[] starts = new long[capacity];
    long[] splits = new long[in.length + 1];
    int k = 0;
    for (int i = 0; i < in.length; i++) {
      String s = in[i];
      int at = 0;
      while (at < s.length()) {
        int c = Utf8.decode(s, at, s.length());
        int width = c < 0 ? -c : Utf8.width(c);
        if (c < 0 || (replaceControl && c < 0x20)) {
          if (errors.equals("strict") && c < 0) {
            throw new InvalidArgumentException("Invalid formatting on input string: input[" + i + "] is not valid UTF-8 at byte " + at);
          }
          if (errors.equals("ignore") && c < 0) {
            at += width;
            continue;
          }
          c = (int) replacementChar;
        }
        cps[k] = c;
        starts[k] = at;
        k++;
        at += width;
      }
      splits[i + 1] = k;
    }
    return new Decoded(Arrays.copyOf(cps, k), Arrays.copyOf(starts, k), splits);
  }

  /** {@code unicode_decode}: each string's code points, ragged int32 with int64 row splits. */
  public static RaggedTensor decode(Tensor input, String inputEncoding, String errors, long replacementChar, boolean replaceControlCharacters) {
    Decoded d = decodeAll(input, errors, replacementChar, replaceControlCharacters);
    return RaggedTensor.of(Tensor.wrap(DType.INT32, new int[] {d.codePoints.length}, d.codePoints),
        RowPartition.fromRowSplits(d.splits, DType.INT64, false));
  }

  /** {@code unicode_decode_offsets}: the byte offset where each decoded code point starts, ragged int64. */
  public static RaggedTensor decodeOffsets(Tensor input, String inputEncoding, String errors, long replacementChar, boolean replaceControlCharacters) {
    Decoded d = decodeAll(input, errors, replacementChar, replaceControlCharacters);
    return RaggedTensor.of(Tensor.wrap(DType.INT64, new int[] {d.starts.length}, d.starts),
        RowPartition.fromRowSplits(d.splits, DType.INT64, false));
  }

  /**
   * {@code unicode_split}: each string cut where each decoded character starts; a piece runs to
   * the next character's start (so bytes {@code ignore} dropped stay with the character before).
   */
  public static RaggedTensor split(Tensor input, String inputEncoding, String errors, long replacementChar, boolean replaceControlCharacters) {
    String[] in = (String[]) input.unsafeData();
    Decoded d = decodeAll(input, errors, replacementChar, replaceControlCharacters);
    String[] pieces = new String[d.starts.length];
    for (int i = 0; i < in.length; i++) {
      int from = (int) d.splits[i];
      int to = (int) d.splits[i + 1];
      for (int k = from; k < to; k++) {
        int end = k + 1 < to ? (int) d.starts[k + 1] : in[i].length();
        pieces[k] = in[i].substring((int) d.starts[k], end);
      }
    }
    return RaggedTensor.of(Tensor.wrap(DType.STRING, new int[] {pieces.length}, pieces),
        RowPartition.fromRowSplits(d.splits, DType.INT64, false));
  }

  /** {@code unicode_encode}: each row of code points as one UTF-8 string; surrogates, noncharacters and values past U+10FFFF are invalid, as in TF. */
  public static Tensor encode(RaggedTensor codePoints, String outputEncoding, String errors, long replacementChar) {
    Tensor flat = (Tensor) codePoints.values();
    RowPartition rows = codePoints.partition();
    String[] out = new String[rows.nrows()];
    StringBuilder b = new StringBuilder();
    for (int r = 0; r < out.length; r++) {
      b.setLength(0);
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
        Utf8.encode((int) c, b);
      }
      out[r] = b.toString();
    }
    return Tensor.wrap(DType.STRING, new int[] {out.length}, out);
  }
}
