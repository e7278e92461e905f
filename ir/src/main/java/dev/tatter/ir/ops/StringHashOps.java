package dev.tatter.ir.ops;

import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.strings.StringHashKernels;
import java.util.List;

/**
 * TF's string bucketing: each string's hash modulo {@code num_buckets}, int64 of the input's
 * shape, bit-equal to TF ({@code StringToHashBucketFast}: FarmHash Fingerprint64;
 * {@code StringToHashBucketStrong}: keyed SipHash-2-4; {@code StringToHashBucket}: TF's Hash64).
 * Ragged input is bucketed through its flat values by the builder.
 */
public final class StringHashOps {
  private StringHashOps() {}

  public static final OpDef TO_HASH_BUCKET_FAST =
      OpDef.builder("to_hash_bucket_fast")
          .summary("Fingerprint64(s) % num_buckets per string, int64 (tf.strings.to_hash_bucket_fast)")
          .operands("input")
          .attribute(AttrSpec.required("num_buckets", AttrKind.INT))
          .traits(Trait.PURE)
          .type(StringHashOps::infer)
          .kernel(StringHashKernels.class, "toHashBucketFast")
          .example("""
              %s = constant() {value = tensor<string>[3] ["Hello", "TensorFlow", "2.x"]} : tensor<string>[3]
              %0 = to_hash_bucket_fast(%s) {num_buckets = 3} : tensor<int64>[3]
              return %0
              """, "[0, 2, 2]") // tf.strings.to_hash_bucket_fast(["Hello", "TensorFlow", "2.x"], 3) (TF's docstring)
          .tfRawOps("StringToHashBucketFast").tfApi("tf.strings.to_hash_bucket_fast")
          .build();

  public static final OpDef TO_HASH_BUCKET_STRONG =
      OpDef.builder("to_hash_bucket_strong")
          .summary("SipHash-2-4 under key [k0, k1] % num_buckets per string, int64 (tf.strings.to_hash_bucket_strong)")
          .operands("input")
          .attribute(AttrSpec.required("num_buckets", AttrKind.INT))
          .attribute(AttrSpec.required("key", AttrKind.INTS))
          .traits(Trait.PURE)
          .type(ctx -> {
            @SuppressWarnings("unchecked")
            List<Long> key = (List<Long>) ctx.attributes().get("key");
            if (key.size() != 2) {
              throw ctx.fail("key must have 2 elements, got %s", key.size());
            }
            return infer(ctx);
          })
          .kernel(StringHashKernels.class, "toHashBucketStrong")
          .example("""
              %s = constant() {value = tensor<string>[2] ["Hello", "TF"]} : tensor<string>[2]
              %0 = to_hash_bucket_strong(%s) {key = [1, 2], num_buckets = 3} : tensor<int64>[2]
              return %0
              """, "[2, 0]") // tf.strings.to_hash_bucket_strong(["Hello", "TF"], 3, [1, 2]) (TF's docstring)
          .tfRawOps("StringToHashBucketStrong").tfApi("tf.strings.to_hash_bucket_strong")
          .build();

  public static final OpDef TO_HASH_BUCKET =
      OpDef.builder("to_hash_bucket")
          .summary("TF's Hash64(s) % num_buckets per string, int64 (tf.strings.to_hash_bucket, deprecated in TF)")
          .operands("input")
          .attribute(AttrSpec.required("num_buckets", AttrKind.INT))
          .traits(Trait.PURE)
          .type(StringHashOps::infer)
          .kernel(StringHashKernels.class, "toHashBucket")
          .example("""
              %s = constant() {value = tensor<string>[3] ["Hello", "TensorFlow", "2.x"]} : tensor<string>[3]
              %0 = to_hash_bucket(%s) {num_buckets = 3} : tensor<int64>[3]
              return %0
              """, "[2, 0, 1]") // tf.strings.to_hash_bucket(["Hello", "TensorFlow", "2.x"], 3) (TF's docstring)
          .tfRawOps("StringToHashBucket").tfApi("tf.strings.to_hash_bucket")
          .build();

  private static Type infer(OpContext ctx) {
    DenseType input = ctx.dense(0, DType.STRING);
    long buckets = ctx.attributes().getInt("num_buckets");
    if (buckets < 1) {
      throw ctx.fail("num_buckets must be >= 1, got %s", buckets);
    }
    return new DenseType(DType.INT64, input.shape());
  }
}
