package dev.tatter.bench;

import dev.tatter.runtime.kernels.strings.FarmHash;

/** FarmHash's Fingerprint64 of a byte range, for the hand loops (what TF's bucketing ops hash). */
final class Fingerprints {
  private Fingerprints() {}

  static long of(byte[] b, int from, int to) {
    return FarmHash.fingerprint64(b, from, to);
  }
}
