package dev.tatter.runtime.kernels.strings;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;

/**
 * TF's {@code StringNGrams} ({@code tf.strings.ngrams}) on a ragged tensor of tokens: per row,
 * for each width in turn, the n-grams of the row padded by {@code padWidth} pads on each side
 * ({@code -1}: width - 1), each pad width capped at width - 1, joined by {@code separator}.
 */
public final class StringNGramsKernels {
  private StringNGramsKernels() {}

  /** The row's longest piece of text this kernel builds; Java strings hold at most this. */
  private static final long MAX_NGRAM_BYTES = Integer.MAX_VALUE - 8L;

  public static RaggedTensor ngrams(RaggedTensor data, long[] widths, String separator, String leftPad,
      String rightPad, long padWidth, boolean preserveShortSequences) {
    for (long w : widths) {
      if (w <= 0 || w > Integer.MAX_VALUE) {
        throw new InvalidArgumentException("ngram_widths must contain positive int32 values, got " + w);
      }
    }
    Tensor flat = (Tensor) data.values();
    String[] tokens = (String[]) flat.unsafeData();
    RowPartition rows = data.partition();
    int nrows = rows.nrows();
    long[] outSplits = new long[nrows + 1];
    if (tokens.length == 0) {
      // TF's kernel returns empty rows for empty data, whatever the padding
      return RaggedTensor.of(Tensor.wrap(DType.STRING, new int[] {0}, new String[0]),
          RowPartition.fromRowSplits(outSplits, rows.splitsDType(), false));
    }
    for (int r = 0; r < nrows; r++) {
      long length = rows.rowLength(r);
      long count = 0;
      for (long w : widths) {
        count += numNgrams(length, w, padWidth);
      }
      if (preserveShortSequences && length > 0 && count == 0) {
        count = 1;
      }
      outSplits[r + 1] = outSplits[r] + count;
      Sizes.toIntSize(outSplits[r + 1], "the number of ngrams");
    }
    String[] out = new String[(int) outSplits[nrows]];
    Ctx ctx = new Ctx(tokens, out, separator, leftPad, rightPad, padWidth);
    for (int r = 0; r < nrows; r++) {
      int start = rows.rowStart(r);
      long length = rows.rowLength(r);
      int next = (int) outSplits[r];
      for (long w : widths) {
        int n = (int) numNgrams(length, w, padWidth);
        ctx.create(start, next, n, w);
        next += n;
      }
      if (preserveShortSequences && next == outSplits[r] && length > 0) {
        // no width fit: the whole row, with the fixed padding, is the one n-gram (TF's rule;
        // dynamic padding always yields one, so padWidth >= 0 here)
        ctx.create(start, next, 1, length + 2 * padWidth);
      }
    }
    return RaggedTensor.of(Tensor.wrap(DType.STRING, new int[] {out.length}, out),
        RowPartition.fromRowSplits(outSplits, rows.splitsDType(), false));
  }

  private static long effectivePad(long width, long padWidth) {
    return Math.min(padWidth < 0 ? width - 1 : padWidth, width - 1);
  }

  private static long numNgrams(long length, long width, long padWidth) {
    return Math.max(0, length + 2 * effectivePad(width, padWidth) - width + 1);
  }

  private record Ctx(String[] tokens, String[] out, String separator, String leftPad, String rightPad, long padWidth) {
    void create(int dataStart, int outStart, int numNgrams, long width) {
      long pad = effectivePad(width, padWidth);
      for (int g = 0; g < numNgrams; g++) {
        long left = Math.max(0, pad - g);
        long right = Math.max(0, pad - (numNgrams - (g + 1)));
        long numTokens = width - (left + right);
        int first = dataStart + (left > 0 ? 0 : (int) (g - pad));
        long size = left * leftPad.length() + right * rightPad.length()
            + (left + right + numTokens - 1) * (long) separator.length();
        for (int n = 0; n < numTokens; n++) {
          size += tokens[first + n].length();
        }
        if (size > MAX_NGRAM_BYTES) {
          throw new InvalidArgumentException("an ngram of width " + width + " would hold " + size
              + " bytes, more than a string can (" + MAX_NGRAM_BYTES + ")");
        }
        StringBuilder b = new StringBuilder((int) size);
        for (long n = 0; n < left; n++) {
          b.append(leftPad).append(separator);
        }
        for (int n = 0; n < numTokens - 1; n++) {
          b.append(tokens[first + n]).append(separator);
        }
        if (numTokens > 0) {
          b.append(tokens[first + (int) numTokens - 1]);
          for (long n = 0; n < right; n++) {
            b.append(separator).append(rightPad);
          }
        } else {
          for (long n = 0; n < right - 1; n++) {
            b.append(rightPad).append(separator);
          }
          b.append(rightPad);
        }
        out[outStart + g] = b.toString();
      }
    }
  }
}
