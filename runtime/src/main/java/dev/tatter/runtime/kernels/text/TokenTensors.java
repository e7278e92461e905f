package dev.tatter.runtime.kernels.text;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;

/**
 * What the tokenizer ops' kernels share: a string vector as the engines' {@link TextBatch} (the
 * column's bytes, packed first if it is a view), and a {@link TokenSink}'s tokens as the ops'
 * results: the pieces (strings, or int32/int64 ids) or their offsets, one row per input string.
 */
final class TokenTensors {
  private TokenTensors() {}

  /** The strings of a string vector as a batch, sharing the column's bytes when it is packed. */
  static TextBatch batch(Tensor input) {
    StringColumn c = input.stringColumn().packed(); // packed: from byte 0, end to end
    int[] offsets = c.offsets();
    return TextBatch.wrap(c.unsafeBytes(), offsets);
  }

  /** The sink's tokens as a flat tensor: their bytes ({@code outType} string) or ids. */
  static Tensor values(TokenSink sink, DType outType) {
    if (outType == DType.STRING) {
      TextBatch pieces = sink.pieces();
      int[] offsets = new int[pieces.size() + 1];
      for (int k = 0; k < pieces.size(); k++) {
        offsets[k] = pieces.start(k);
      }
      offsets[pieces.size()] = pieces.size() == 0 ? 0 : pieces.end(pieces.size() - 1);
      return Tensor.ofStrings(StringColumn.fromOffsets(offsets, pieces.bytes()), pieces.size());
    }
    int[] ids = sink.ids();
    if (outType == DType.INT32) {
      return Tensor.wrap(DType.INT32, new int[] {ids.length}, ids);
    }
    return longs(ids);
  }

  static Tensor longs(int[] at) {
    long[] wide = new long[at.length];
    for (int k = 0; k < at.length; k++) {
      wide[k] = at[k];
    }
    return Tensor.wrap(DType.INT64, new int[] {wide.length}, wide);
  }

  /** {@code values} split into the sink's rows (int64 row splits). */
  static RaggedTensor rows(Tensor values, TokenSink sink) {
    return RaggedTensor.of(values, RowPartition.fromRowSplits(sink.rowSplits(), DType.INT64, false));
  }
}
