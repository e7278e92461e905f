package dev.tatter.runtime.kernels.strings;

/**
 * The two other string hashes of TF's bucketing ops, which, like a fingerprint, must agree with
 * TF bit for bit: SipHash-2-4 with a 128-bit key ({@code StringToHashBucketStrong}, through
 * highwayhash's {@code SipHash}) and TF's own {@code Hash64} ({@code StringToHashBucket}, a
 * MurmurHash2-64A with seed {@code 0xDECAFCAFFE}). Bytes are read little-endian; arithmetic is on
 * unsigned 64-bit words.
 */
public final class KeyedHashes {
  private KeyedHashes() {}

  private static final java.lang.invoke.VarHandle LONGS =
      java.lang.invoke.MethodHandles.byteArrayViewVarHandle(long[].class, java.nio.ByteOrder.LITTLE_ENDIAN);

  private static long fetch64(byte[] s, int i) {
    return (long) LONGS.get(s, i);
  }

  /** SipHash-2-4 of {@code s[o, o + len)} under the key (k0, k1). */
  public static long sipHash24(long k0, long k1, byte[] s, int o, int len) {
    long v0 = k0 ^ 0x736f6d6570736575L;
    long v1 = k1 ^ 0x646f72616e646f6dL;
    long v2 = k0 ^ 0x6c7967656e657261L;
    long v3 = k1 ^ 0x7465646279746573L;
    int blocks = len & ~7;
    long[] v = {v0, v1, v2, v3};
    for (int i = 0; i < blocks; i += 8) {
      long m = fetch64(s, o + i);
      v[3] ^= m;
      sipRound(v);
      sipRound(v);
      v[0] ^= m;
    }
    long last = ((long) len & 0xff) << 56;
    for (int k = len - blocks - 1; k >= 0; k--) {
      last |= (long) (s[o + blocks + k] & 0xFF) << (8 * k);
    }
    v[3] ^= last;
    sipRound(v);
    sipRound(v);
    v[0] ^= last;
    v[2] ^= 0xff;
    for (int r = 0; r < 4; r++) {
      sipRound(v);
    }
    return v[0] ^ v[1] ^ v[2] ^ v[3];
  }

  private static void sipRound(long[] v) {
    v[0] += v[1];
    v[1] = Long.rotateLeft(v[1], 13);
    v[1] ^= v[0];
    v[0] = Long.rotateLeft(v[0], 32);
    v[2] += v[3];
    v[3] = Long.rotateLeft(v[3], 16);
    v[3] ^= v[2];
    v[0] += v[3];
    v[3] = Long.rotateLeft(v[3], 21);
    v[3] ^= v[0];
    v[2] += v[1];
    v[1] = Long.rotateLeft(v[1], 17);
    v[1] ^= v[2];
    v[2] = Long.rotateLeft(v[2], 32);
  }

  /** TF's {@code Hash64(data, n)} of {@code s[o, o + n)} with its default seed. */
  public static long tfHash64(byte[] s, int o, int n) {
    final long m = 0xc6a4a7935bd1e995L;
    final int r = 47;
    long h = 0xDECAFCAFFEL ^ (n * m);
    int i = 0;
    for (; n - i >= 8; i += 8) {
      long k = fetch64(s, o + i);
      k *= m;
      k ^= k >>> r;
      k *= m;
      h ^= k;
      h *= m;
    }
    int rest = n - i;
    if (rest > 0) {
      for (int k = rest - 1; k >= 0; k--) {
        h ^= (long) (s[o + i + k] & 0xFF) << (8 * k);
      }
      h *= m;
    }
    h ^= h >>> r;
    h *= m;
    h ^= h >>> r;
    return h;
  }
}
