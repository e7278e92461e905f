package dev.tatter.runtime.kernels.strings;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;

/**
 * TF's {@code tf.strings.to_hash_bucket_fast}, {@code _strong} and {@code to_hash_bucket}: each
 * string's hash modulo {@code numBuckets}, as unsigned 64-bit integers, into int64. Each element
 * is hashed in place in its column's buffer.
 */
public final class StringHashKernels {
  private StringHashKernels() {}

  public static Tensor toHashBucketFast(Tensor input, long numBuckets) {
    StringColumn in = input.stringColumn();
    byte[] b = in.unsafeBytes();
    long[] out = new long[in.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = Long.remainderUnsigned(FarmHash.fingerprint64(b, in.start(i), in.end(i)), numBuckets);
    }
    return Tensor.wrap(DType.INT64, input.shape(), out);
  }

  public static Tensor toHashBucketStrong(Tensor input, long numBuckets, long[] key) {
    StringColumn in = input.stringColumn();
    byte[] b = in.unsafeBytes();
    long[] out = new long[in.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = Long.remainderUnsigned(KeyedHashes.sipHash24(key[0], key[1], b, in.start(i), in.length(i)), numBuckets);
    }
    return Tensor.wrap(DType.INT64, input.shape(), out);
  }

  public static Tensor toHashBucket(Tensor input, long numBuckets) {
    StringColumn in = input.stringColumn();
    byte[] b = in.unsafeBytes();
    long[] out = new long[in.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = Long.remainderUnsigned(KeyedHashes.tfHash64(b, in.start(i), in.length(i)), numBuckets);
    }
    return Tensor.wrap(DType.INT64, input.shape(), out);
  }
}
