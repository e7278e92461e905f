package dev.tatter.runtime.kernels.strings;

import dev.tatter.runtime.ByteStrings;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.StringColumn;
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
    StringColumn tokens = flat.stringColumn();
    RowPartition rows = data.partition();
    int nrows = rows.nrows();
    long[] outSplits = new long[nrows + 1];
    if (tokens.size() == 0) {
      // TF's kernel returns empty rows for empty data, whatever the padding
      return RaggedTensor.of(Tensor.wrap(DType.STRING, new int[] {0}, StringColumn.empty()),
          RowPartition.adoptingRowSplits(outSplits, rows.splitsDType()));
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
    Ctx ctx = new Ctx(tokens, null, ByteStrings.bytes(separator), ByteStrings.bytes(leftPad), ByteStrings.bytes(rightPad), padWidth);
    // a first pass sums the n-grams' bytes (and refuses one too long), so the builder is allocated once
    long[] total = {0};
    forEachNgram(rows, outSplits, widths, padWidth, preserveShortSequences, (start, n, w) -> total[0] += ctx.size(start, n, w));
    StringColumn.Builder out = StringColumn.builder((int) outSplits[nrows], StringColumn.checkedBytes(total[0], "the ngrams"));
    Ctx writer = new Ctx(tokens, out, ctx.separator, ctx.leftPad, ctx.rightPad, padWidth);
    forEachNgram(rows, outSplits, widths, padWidth, preserveShortSequences, writer::create);
    return RaggedTensor.of(Tensor.wrap(DType.STRING, new int[] {out.size()}, out.build()),
        RowPartition.adoptingRowSplits(outSplits, rows.splitsDType()));
  }

  /** What is done with each run of {@code n} n-grams of width {@code w} from token {@code start}. */
  private interface NgramRun {
    void run(int start, int n, long width);
  }

  private static void forEachNgram(RowPartition rows, long[] outSplits, long[] widths, long padWidth,
      boolean preserveShortSequences, NgramRun f) {
    int nrows = rows.nrows();
    for (int r = 0; r < nrows; r++) {
      int start = rows.rowStart(r);
      long length = rows.rowLength(r);
      int next = (int) outSplits[r];
      for (long w : widths) {
        int n = (int) numNgrams(length, w, padWidth);
        f.run(start, n, w);
        next += n;
      }
      if (preserveShortSequences && next == outSplits[r] && length > 0) {
        // no width fit: the whole row, with the fixed padding, is the one n-gram (TF's rule;
        // dynamic padding always yields one, so padWidth >= 0 here)
        f.run(start, 1, length + 2 * padWidth);
      }
    }
  }

  private static long effectivePad(long width, long padWidth) {
    return Math.min(padWidth < 0 ? width - 1 : padWidth, width - 1);
  }

  private static long numNgrams(long length, long width, long padWidth) {
    return Math.max(0, length + 2 * effectivePad(width, padWidth) - width + 1);
  }

  private record Ctx(StringColumn tokens, StringColumn.Builder out, byte[] separator, byte[] leftPad, byte[] rightPad,
      long padWidth) {
    /** The bytes of the {@code numNgrams} n-grams of {@code width} from token {@code dataStart}; refuses one past a string's size. */
    long size(int dataStart, int numNgrams, long width) {
      long pad = effectivePad(width, padWidth);
      long total = 0;
      for (int g = 0; g < numNgrams; g++) {
        long left = Math.max(0, pad - g);
        long right = Math.max(0, pad - (numNgrams - (g + 1)));
        long numTokens = width - (left + right);
        int first = dataStart + (left > 0 ? 0 : (int) (g - pad));
        long size = left * leftPad.length + right * rightPad.length + (left + right + numTokens - 1) * (long) separator.length;
        for (int n = 0; n < numTokens; n++) {
          size += tokens.length(first + n);
        }
        if (size > MAX_NGRAM_BYTES) {
          throw new InvalidArgumentException("an ngram of width " + width + " would hold " + size
              + " bytes, more than a string can (" + MAX_NGRAM_BYTES + ")");
        }
        total += size;
      }
      return total;
    }

    void create(int dataStart, int numNgrams, long width) {
      long pad = effectivePad(width, padWidth);
      for (int g = 0; g < numNgrams; g++) {
        long left = Math.max(0, pad - g);
        long right = Math.max(0, pad - (numNgrams - (g + 1)));
        long numTokens = width - (left + right);
        int first = dataStart + (left > 0 ? 0 : (int) (g - pad));
        for (long n = 0; n < left; n++) {
          out.put(leftPad, 0, leftPad.length).put(separator, 0, separator.length);
        }
        for (int n = 0; n < numTokens - 1; n++) {
          out.put(tokens, first + n).put(separator, 0, separator.length);
        }
        if (numTokens > 0) {
          out.put(tokens, first + (int) numTokens - 1);
          for (long n = 0; n < right; n++) {
            out.put(separator, 0, separator.length).put(rightPad, 0, rightPad.length);
          }
        } else {
          for (long n = 0; n < right - 1; n++) {
            out.put(rightPad, 0, rightPad.length).put(separator, 0, separator.length);
          }
          out.put(rightPad, 0, rightPad.length);
        }
        out.endElement();
      }
    }
  }
}
