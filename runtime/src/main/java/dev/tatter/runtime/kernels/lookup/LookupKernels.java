package dev.tatter.runtime.kernels.lookup;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.strings.FarmHash;
import java.lang.reflect.Array;

/**
 * Lookups in static tables: TF's {@code LookupTableFindV2} on a {@code StaticHashTable}, and
 * {@code StaticVocabularyTable.lookup}, whose keys missing from the vocabulary go to one of
 * {@code numOovBuckets} buckets after the vocabulary: {@code size + Fingerprint64(key) % buckets},
 * an integer key hashed as its decimal string, as TF's {@code as_string} writes it.
 */
public final class LookupKernels {
  private LookupKernels() {}

  /** {@code hash_table_lookup}: each key's value, or {@code defaultValue} (a scalar) where it is missing. */
  public static Tensor find(Tensor keys, Tensor tableKeys, Tensor tableValues, Tensor defaultValue) {
    LookupTable table = LookupTable.of(tableKeys);
    Object values = tableValues.unsafeData();
    Object out = Array.newInstance(values.getClass().getComponentType(), keys.size());
    Object fallback = defaultValue.unsafeData();
    for (int i = 0; i < keys.size(); i++) {
      int at = table.find(keys.get(i));
      if (at >= 0) {
        System.arraycopy(values, at, out, i, 1);
      } else {
        System.arraycopy(fallback, 0, out, i, 1);
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
    boolean strings = keys.dtype() == DType.STRING;
    for (int i = 0; i < out.length; i++) {
      Object key = keys.get(i);
      int at = table.find(key);
      if (at >= 0) {
        out[i] = values[at];
      } else {
        String bytes = strings ? (String) key : String.valueOf(key);
        out[i] = size + Long.remainderUnsigned(FarmHash.fingerprint64(bytes), numOovBuckets);
      }
    }
    return Tensor.wrap(DType.INT64, keys.shape(), out);
  }
}
