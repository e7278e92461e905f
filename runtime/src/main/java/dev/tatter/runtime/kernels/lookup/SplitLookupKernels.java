package dev.tatter.runtime.kernels.lookup;

import dev.tatter.runtime.ByteStrings;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.DTypeLayout;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.strings.StringSplitKernels;

/**
 * The fused {@code string_split} then table lookup: each string is split as {@code string_split}
 * splits it and each piece, a byte range of the input, is hashed and looked up where it lies, so
 * no piece is stored — the ragged result holds only the values found. The ids are those the
 * unfused {@link LookupKernels} gives for the same pieces, from the same table.
 */
public final class SplitLookupKernels {
  private SplitLookupKernels() {}

  /** {@code string_split_lookup}: the split's pieces' values in a static hash table, {@code defaultValue} where missing. */
  public static RaggedTensor splitFind(Tensor input, String sep, long maxsplit, Tensor tableKeys, Tensor tableValues, Tensor defaultValue) {
    LookupTable table = LookupTable.of(tableKeys);
    if (tableValues.dtype() == DType.INT64) {
      long[] values = (long[]) tableValues.unsafeData();
      long fallback = ((long[]) defaultValue.unsafeData())[0];
      return splitLookup(input, sep, maxsplit, (b, from, to) -> {
        int at = table.findBytes(b, from, to);
        return at >= 0 ? values[at] : fallback;
      });
    }
    // other value dtypes: the positions found (-1 missing), then one copy of the values they name
    RaggedTensor positions = splitLookup(input, sep, maxsplit, table::findBytes);
    long[] at = (long[]) positions.flatValues().unsafeData();
    DTypeLayout layout = tableValues.dtype().layout();
    Object values = tableValues.unsafeData();
    Object fallback = defaultValue.unsafeData();
    Object out = layout.newArray(at.length);
    for (int i = 0; i < at.length; i++) {
      if (at[i] >= 0) {
        layout.copy(values, (int) at[i], out, i, 1);
      } else {
        layout.copy(fallback, 0, out, i, 1);
      }
    }
    return RaggedTensor.of(Tensor.wrap(tableValues.dtype(), new int[] {at.length}, layout.seal(out)), positions.partition());
  }

  /** {@code string_split_vocab_lookup}: the split's pieces' ids in a vocabulary table, or their out-of-vocabulary bucket. */
  public static RaggedTensor splitVocabularyFind(Tensor input, String sep, long maxsplit, Tensor tableKeys, Tensor tableValues,
      long numOovBuckets) {
    LookupTable table = LookupTable.of(tableKeys);
    long[] values = (long[]) tableValues.unsafeData();
    long size = tableKeys.size();
    return splitLookup(input, sep, maxsplit, (b, from, to) -> LookupKernels.vocabularyId(table, values, size, numOovBuckets, b, from, to));
  }

  /** What a piece {@code b[from, to)} becomes. */
  @FunctionalInterface
  private interface PieceValue {
    long of(byte[] b, int from, int to);
  }

  /**
   * Two passes over the bytes: the first counts each row's pieces (the row splits, and an ids
   * array of the exact size: a grown one would allocate twice what it keeps), the second looks
   * each piece up where it lies.
   */
  private static RaggedTensor splitLookup(Tensor input, String sep, long maxsplit, PieceValue value) {
    StringColumn in = input.stringColumn();
    byte[] b = in.unsafeBytes();
    byte[] separator = ByteStrings.bytes(sep);
    int n = in.size();
    long[] splits = new long[n + 1];
    Count count = new Count();
    for (int i = 0; i < n; i++) {
      StringSplitKernels.splitRow(b, in.start(i), in.end(i), separator, maxsplit, count);
      splits[i + 1] = count.pieces;
    }
    Ids ids = new Ids(new long[Sizes.toIntSize(count.pieces, "the pieces of string_split")], b, value);
    for (int i = 0; i < n; i++) {
      StringSplitKernels.splitRow(b, in.start(i), in.end(i), separator, maxsplit, ids);
    }
    return RaggedTensor.of(Tensor.wrap(DType.INT64, new int[] {ids.ids.length}, ids.ids),
        RowPartition.adoptingRowSplits(splits, DType.INT64));
  }

  /** Counts the pieces a split finds. */
  private static final class Count implements StringSplitKernels.Pieces {
    long pieces;

    @Override
    public void piece(int from, int to) {
      pieces++;
    }
  }

  /** Writes the value of each piece a split finds, in order. */
  private static final class Ids implements StringSplitKernels.Pieces {
    final long[] ids;
    private final byte[] bytes;
    private final PieceValue value;
    private int size;

    Ids(long[] ids, byte[] bytes, PieceValue value) {
      this.ids = ids;
      this.bytes = bytes;
      this.value = value;
    }

    @Override
    public void piece(int from, int to) {
      ids[size++] = value.of(bytes, from, to);
    }
  }
}
