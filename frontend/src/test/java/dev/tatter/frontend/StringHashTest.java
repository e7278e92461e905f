package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.ByteStrings;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.strings.FarmHash;
import dev.tatter.runtime.kernels.strings.KeyedHashes;
import org.junit.jupiter.api.Test;

/** The bucketing hashes against TF's documented outputs, published test vectors, ragged input and bad arguments. */
class StringHashTest {
  @Test
  void docExamples() {
    GraphBuilder g = new GraphBuilder();
    Value s = g.constant(Tensor.ofStrings("Hello", "TensorFlow", "2.x"));
    // tf.strings.to_hash_bucket_fast(["Hello", "TensorFlow", "2.x"], 3) -> [0, 2, 2]
    assertEquals("[0, 2, 2]", runFirst(g, Strings.toHashBucketFast(s, 3)));
    // tf.strings.to_hash_bucket(["Hello", "TensorFlow", "2.x"], 3) -> [2, 0, 1]
    assertEquals("[2, 0, 1]", runFirst(g, Strings.toHashBucket(s, 3)));
    // tf.strings.to_hash_bucket_strong(["Hello", "TF"], 3, [1, 2]) -> [2, 0]
    assertEquals("[2, 0]", runFirst(g, Strings.toHashBucketStrong(g.constant(Tensor.ofStrings("Hello", "TF")), 3, 1, 2)));
  }

  @Test
  void hashes_matchPublishedValues() {
    // farmhash: Fingerprint64 of the empty string is its constant k2 (farmhashna::HashLen0to16)
    assertEquals(0x9ae16a3b2f90404fL, FarmHash.fingerprint64(new byte[0]));
    // SipHash-2-4 reference vectors (Aumasson & Bernstein): key 00..0f, message 00..0e -> a129ca6149be45e5,
    // empty message -> 726fdb47dd0e0e31
    long k0 = 0x0706050403020100L;
    long k1 = 0x0f0e0d0c0b0a0908L;
    byte[] m = new byte[15];
    for (int i = 0; i < 15; i++) {
      m[i] = (byte) i;
    }
    assertEquals(0xa129ca6149be45e5L, KeyedHashes.sipHash24(k0, k1, m, 0, 15));
    assertEquals(0x726fdb47dd0e0e31L, KeyedHashes.sipHash24(k0, k1, new byte[0], 0, 0));
  }

  @Test
  void raggedInput_keepsItsPartition_andBucketsAreUnsigned() {
    GraphBuilder g = new GraphBuilder();
    Value rt = g.raggedFromRowSplits(g.constant(Tensor.ofStrings("Hello", "TensorFlow", "2.x")), g.constant(Tensor.ofLongs(0, 2, 2, 3)));
    // tf.strings.to_hash_bucket_fast(tf.ragged.constant([["Hello", "TensorFlow"], [], ["2.x"]]), 3) -> [[0, 2], [], [2]]
    assertEquals("[[0, 2], [], [2]]", runFirst(g, Strings.toHashBucketFast(rt, 3)));
    // with 2**63 - 1 buckets every bucket is the fingerprint taken as uint64 modulo that count, never negative
    String out = runFirst(g, Strings.toHashBucketFast(g.constant(Tensor.ofByteStrings(ByteStrings.bytes("\u00ff\u00fe"))), Long.MAX_VALUE));
    long expected = Long.remainderUnsigned(FarmHash.fingerprint64(new byte[] {(byte) 0xff, (byte) 0xfe}), Long.MAX_VALUE);
    assertEquals("[" + expected + "]", out);
    assertTrue(expected >= 0);
  }

  @Test
  void badArguments_areBuildErrors() {
    GraphBuilder g = new GraphBuilder();
    Value s = g.constant(Tensor.ofStrings("a"));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> Strings.toHashBucketFast(s, 0));
    assertTrue(e.getMessage().contains("num_buckets must be >= 1, got 0"), e.getMessage());
    e = assertThrows(GraphBuildException.class, () -> Strings.toHashBucketStrong(s, 3, 1));
    assertTrue(e.getMessage().contains("key must have 2 elements, got 1"), e.getMessage());
    e = assertThrows(GraphBuildException.class, () -> Strings.toHashBucket(g.constant(Tensor.ofInts(1)), 3));
    assertTrue(e.getMessage().contains("takes a string tensor"), e.getMessage());
  }
}
