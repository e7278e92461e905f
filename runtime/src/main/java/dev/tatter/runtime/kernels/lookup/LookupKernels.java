package dev.tatter.runtime.kernels.lookup;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.DTypeLayout;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.strings.FarmHash;
import java.nio.charset.StandardCharsets;

/**
 * Lookups in static tables: TF's {@code LookupTableFindV2} on a {@code StaticHashTable}, and
 * {@code StaticVocabularyTable.lookup}, whose keys missing from the vocabulary go to one of
 * {@code numOovBuckets} buckets after the vocabulary: {@code size + Fingerprint64(key) % buckets},
 * an integer key hashed as its decimal string, as TF's {@code as_string} writes it. String keys
 * are hashed once, in place, for both the table and the bucket.
 */
public final class LookupKernels {
  private LookupKernels() {}

  /** {@code hash_table_lookup}: each key's value, or {@code defaultValue} (a scalar) where it is missing. */
  public static Tensor find(Tensor keys, Tensor tableKeys, Tensor tableValues, Tensor defaultValue) {
    LookupTable table = LookupTable.of(tableKeys);
    DTypeLayout layout = tableValues.dtype().layout();
    Object values = tableValues.unsafeData();
    Object out = layout.newArray(keys.size());
    Object fallback = defaultValue.unsafeData();
    for (int i = 0; i < keys.size(); i++) {
      int at = table.find(keys, i);
      if (at >= 0) {
        layout.copy(values, at, out, i, 1);
      } else {
        layout.copy(fallback, 0, out, i, 1);
      }
    }
    return Tensor.wrap(tableValues.dtype(), keys.shape(), out);
  }

  /** {@code vocab_table_lookup}: int64 ids, in-vocabulary keys their value, others an OOV bucket. */
  public static Tensor vocabularyFind(Tensor keys, Tensor tableKeys, Tensor tableValues, long numOovBuckets) {
    LookupTable table = LookupTable.of(tableKeys);
    long[] values = (long[]) tableValues.unsafeData();
    long size = tableKeys.size();
    long[] out = new long[keys.size()];
    if (keys.unsafeData() instanceof StringColumn c) {
      byte[] b = c.unsafeBytes();
      for (int i = 0; i < out.length; i++) {
        out[i] = vocabularyId(table, values, size, numOovBuckets, b, c.start(i), c.end(i));
      }
      return Tensor.wrap(DType.INT64, keys.shape(), out);
    }
    for (int i = 0; i < out.length; i++) {
      int at = table.find(keys, i);
      if (at >= 0) {
        out[i] = values[at];
      } else {
        byte[] decimal = String.valueOf(keys.get(i)).getBytes(StandardCharsets.US_ASCII);
        out[i] = size + Long.remainderUnsigned(FarmHash.fingerprint64(decimal), numOovBuckets);
      }
    }
    return Tensor.wrap(DType.INT64, keys.shape(), out);
  }

  /**
   * The id of the string key {@code b[from, to)} in a vocabulary table: its value, or its
   * out-of-vocabulary bucket after the {@code size} keys (kernel internal, not API: the fused text
   * loops call it per token).
   */
  public static long vocabularyId(LookupTable table, long[] values, long size, long numOovBuckets, byte[] b, int from, int to) {
    long h = FarmHash.fingerprint64(b, from, to);
    int at = table.findBytes(b, from, to, h);
    return at >= 0 ? values[at] : size + Long.remainderUnsigned(h, numOovBuckets);
  }
}
