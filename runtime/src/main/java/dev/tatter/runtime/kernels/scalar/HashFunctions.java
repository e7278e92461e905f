package dev.tatter.runtime.kernels.scalar;

import dev.tatter.runtime.kernels.strings.FarmHash;

/**
 * Element functions that combine 64-bit fingerprints: {@code fingerprintCat} is TF's {@code
 * FingerprintCat64}, the step by which its hashed feature crosses ({@code SparseCross},
 * {@code RaggedCross}) fold each feature's fingerprint into the cross's, on the raw 64 bits
 * (held in an int64).
 */
public final class HashFunctions {
  private HashFunctions() {}

  public static long fingerprintCat(long a, long b) {
    return FarmHash.fingerprintCat64(a, b);
  }
}
