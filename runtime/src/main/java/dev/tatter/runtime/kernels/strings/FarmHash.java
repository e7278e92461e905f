package dev.tatter.runtime.kernels.strings;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * FarmHash's 64-bit fingerprint ({@code farmhash::Fingerprint64}, the {@code farmhashna} variant
 * of {@code Hash64}), which TF's {@code StringToHashBucketFast}, {@code Fingerprint} and the
 * out-of-vocabulary buckets of {@code StaticVocabularyTable} hash with. A fingerprint is fixed
 * forever, so this must agree with TF bit for bit: bytes are read little-endian and every
 * operation is on unsigned 64-bit words (Java's wrapping long arithmetic is the same).
 */
public final class FarmHash {
  private FarmHash() {}

  private static final long K0 = 0xc3a5c85c97cb3127L;
  private static final long K1 = 0xb492b66fbe98f273L;
  private static final long K2 = 0x9ae16a3b2f90404fL;

  private static final long CAT_MUL = 0xc6a4a7935bd1e995L;

  /**
   * TF's {@code FingerprintCat64(fp1, fp2)}: a fingerprint of two fingerprints (not commutative),
   * how TF's feature crosses combine their features' fingerprints.
   */
  public static long fingerprintCat64(long fp1, long fp2) {
    long result = fp1 ^ CAT_MUL;
    result ^= shiftMix(fp2 * CAT_MUL) * CAT_MUL;
    result *= CAT_MUL;
    result = shiftMix(result) * CAT_MUL;
    return shiftMix(result);
  }

  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

  /** The fingerprint of {@code b[from, to)}, read in place. */
  public static long fingerprint64(byte[] b, int from, int to) {
    int len = to - from;
    if (len <= 32) {
      return len <= 16 ? hashLen0to16(b, from, len) : hashLen17to32(b, from, len);
    }
    if (len <= 64) {
      return hashLen33to64(b, from, len);
    }
    return hashLong(b, from, len);
  }

  /** The fingerprint of all of {@code b}. */
  public static long fingerprint64(byte[] b) {
    return fingerprint64(b, 0, b.length);
  }

  private static long fetch64(byte[] s, int i) {
    return (long) LONGS.get(s, i);
  }

  private static long fetch32(byte[] s, int i) {
    return (int) INTS.get(s, i) & 0xFFFFFFFFL;
  }

  private static long shiftMix(long v) {
    return v ^ (v >>> 47);
  }

  private static long hashLen16(long u, long v, long mul) {
    long a = (u ^ v) * mul;
    a ^= a >>> 47;
    long b = (v ^ a) * mul;
    b ^= b >>> 47;
    return b * mul;
  }

  private static long hashLen0to16(byte[] s, int o, int len) {
    if (len >= 8) {
      long mul = K2 + len * 2L;
      long a = fetch64(s, o + 0) + K2;
      long b = fetch64(s, o + len - 8);
      long c = Long.rotateRight(b, 37) * mul + a;
      long d = (Long.rotateRight(a, 25) + b) * mul;
      return hashLen16(c, d, mul);
    }
    if (len >= 4) {
      long mul = K2 + len * 2L;
      long a = fetch32(s, o + 0);
      return hashLen16(len + (a << 3), fetch32(s, o + len - 4), mul);
    }
    if (len > 0) {
      int a = s[o + 0] & 0xFF;
      int b = s[o + (len >> 1)] & 0xFF;
      int c = s[o + len - 1] & 0xFF;
      long y = (a + (b << 8)) & 0xFFFFFFFFL; // uint32 in the reference
      long z = (len + (c << 2)) & 0xFFFFFFFFL;
      return shiftMix(y * K2 ^ z * K0) * K2;
    }
    return K2;
  }

  private static long hashLen17to32(byte[] s, int o, int len) {
    long mul = K2 + len * 2L;
    long a = fetch64(s, o + 0) * K1;
    long b = fetch64(s, o + 8);
    long c = fetch64(s, o + len - 8) * mul;
    long d = fetch64(s, o + len - 16) * K2;
    return hashLen16(Long.rotateRight(a + b, 43) + Long.rotateRight(c, 30) + d,
        a + Long.rotateRight(b + K2, 18) + c, mul);
  }

  private static long hashLen33to64(byte[] s, int o, int len) {
    long mul = K2 + len * 2L;
    long a = fetch64(s, o + 0) * K2;
    long b = fetch64(s, o + 8);
    long c = fetch64(s, o + len - 8) * mul;
    long d = fetch64(s, o + len - 16) * K2;
    long y = Long.rotateRight(a + b, 43) + Long.rotateRight(c, 30) + d;
    long z = hashLen16(y, a + Long.rotateRight(b + K2, 18) + c, mul);
    long e = fetch64(s, o + 16) * mul;
    long f = fetch64(s, o + 24);
    long g = (y + fetch64(s, o + len - 32)) * mul;
    long h = (z + fetch64(s, o + len - 24)) * mul;
    return hashLen16(Long.rotateRight(e + f, 43) + Long.rotateRight(g, 30) + h,
        e + Long.rotateRight(f + a, 18) + g, mul);
  }

  /** Strings over 64 bytes: 64-byte blocks into a 56-byte state, then the last 64 bytes. */
  private static long hashLong(byte[] s, int o, int len) {
    final long seed = 81;
    long x = seed;
    long y = seed * K1 + 113;
    long z = shiftMix(y * K2 + 113) * K2;
    long[] v = new long[2];
    long[] w = new long[2];
    x = x * K2 + fetch64(s, o + 0);
    int end = ((len - 1) / 64) * 64;
    int last64 = end + ((len - 1) & 63) - 63;
    int p = 0;
    do {
      x = Long.rotateRight(x + y + v[0] + fetch64(s, o + p + 8), 37) * K1;
      y = Long.rotateRight(y + v[1] + fetch64(s, o + p + 48), 42) * K1;
      x ^= w[1];
      y += v[0] + fetch64(s, o + p + 40);
      z = Long.rotateRight(z + w[0], 33) * K1;
      weakHashLen32WithSeeds(s, o, p, v[1] * K1, x + w[0], v);
      weakHashLen32WithSeeds(s, o, p + 32, z + w[1], y + fetch64(s, o + p + 16), w);
      long t = z;
      z = x;
      x = t;
      p += 64;
    } while (p != end);
    long mul = K1 + ((z & 0xff) << 1);
    p = last64;
    w[0] += ((len - 1) & 63);
    v[0] += w[0];
    w[0] += v[0];
    x = Long.rotateRight(x + y + v[0] + fetch64(s, o + p + 8), 37) * mul;
    y = Long.rotateRight(y + v[1] + fetch64(s, o + p + 48), 42) * mul;
    x ^= w[1] * 9;
    y += v[0] * 9 + fetch64(s, o + p + 40);
    z = Long.rotateRight(z + w[0], 33) * mul;
    weakHashLen32WithSeeds(s, o, p, v[1] * mul, x + w[0], v);
    weakHashLen32WithSeeds(s, o, p + 32, z + w[1], y + fetch64(s, o + p + 16), w);
    long t = z;
    z = x;
    x = t;
    return hashLen16(hashLen16(v[0], w[0], mul) + shiftMix(y) * K0 + z, hashLen16(v[1], w[1], mul) + x, mul);
  }

  /** Writes the pair (first, second) into {@code out}, which may be one of the seeds' sources. */
  private static void weakHashLen32WithSeeds(byte[] s, int o, int p, long a, long b, long[] out) {
    long w = fetch64(s, o + p);
    long x = fetch64(s, o + p + 8);
    long y = fetch64(s, o + p + 16);
    long z = fetch64(s, o + p + 24);
    a += w;
    b = Long.rotateRight(b + a + z, 21);
    long c = a;
    a += x;
    a += y;
    b += Long.rotateRight(a, 44);
    out[0] = a + z;
    out[1] = b + c;
  }
}
