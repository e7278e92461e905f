package dev.tatter.arrow;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BitVectorHelper;

/**
 * Arrow validity bitmaps (bit {@code i} of byte {@code i / 8}, least significant first, set when
 * the slot is valid) read and written a 64-bit word at a time: a converted vector of millions of
 * values is almost always all valid, and one comparison per 64 slots says so, where a call per
 * slot ({@code isNull}, {@code setIndexDefined}) cost more than copying the values.
 */
final class Validity {
  private Validity() {}

  /** The first slot in {@code [from, to)} whose bit is clear, or -1 when all are set. */
  static long firstNull(ArrowBuf validity, long from, long to) {
    long i = from;
    for (; i < to && (i & 63) != 0; i++) { // up to a word boundary of the bitmap
      if (!isSet(validity, i)) {
        return i;
      }
    }
    for (; i + 64 <= to; i += 64) {
      long word = validity.getLong(i >>> 3); // little-endian, as Arrow's buffers: bit k is slot i + k
      if (word != -1L) {
        return i + Long.numberOfTrailingZeros(~word);
      }
    }
    for (; i < to; i++) { // the last partial word, bit by bit: bits past the vector's end are unspecified
      if (!isSet(validity, i)) {
        return i;
      }
    }
    return -1;
  }

  private static boolean isSet(ArrowBuf validity, long i) {
    return (validity.getByte(i >>> 3) >> (i & 7) & 1) != 0;
  }

  /** Marks slots {@code [0, n)} valid: whole bytes filled, the last partial byte bit by bit. */
  static void setAllValid(ArrowBuf validity, int n) {
    long wholeBytes = n >>> 3;
    if (wholeBytes > 0) {
      validity.setOne(0L, wholeBytes);
    }
    for (long i = wholeBytes << 3; i < n; i++) {
      BitVectorHelper.setBit(validity, i);
    }
  }
}
