package dev.tatter.runtime.kernels.text;

import dev.tatter.runtime.Utf8;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A batch of byte strings as the text engines read and write them: one byte buffer and {@code
 * size() + 1} offsets, string {@code i} being {@code bytes[offsets[i], offsets[i + 1])} (Arrow's
 * {@code Binary} layout). Immutable by convention: the engines never write into a batch they were
 * given, and a batch never escapes its builder before {@link Builder#build}.
 */
public final class TextBatch {
  private final byte[] bytes;
  private final int[] offsets;

  private TextBatch(byte[] bytes, int[] offsets) {
    this.bytes = bytes;
    this.offsets = offsets;
  }

  /** The batch over {@code bytes} with these offsets (not copied; {@code offsets[0]} need not be 0). */
  public static TextBatch wrap(byte[] bytes, int[] offsets) {
    if (offsets.length == 0) {
      throw new IllegalArgumentException("a batch needs size + 1 offsets, got none");
    }
    for (int i = 1; i < offsets.length; i++) {
      if (offsets[i] < offsets[i - 1]) {
        throw new IllegalArgumentException("offsets must not decrease: " + offsets[i - 1] + " then " + offsets[i]);
      }
    }
    if (offsets[0] < 0 || offsets[offsets.length - 1] > bytes.length) {
      throw new IllegalArgumentException("offsets outside the buffer of " + bytes.length + " bytes");
    }
    return new TextBatch(bytes, offsets);
  }

  /** A batch of Java strings, each encoded as UTF-8 (for tests and tools). */
  public static TextBatch ofUtf8(String... texts) {
    Builder b = new Builder(texts.length, 16 * texts.length);
    for (String t : texts) {
      byte[] u = t.getBytes(StandardCharsets.UTF_8);
      b.append(u, 0, u.length);
      b.endString();
    }
    return b.build();
  }

  /** A batch of raw byte strings. */
  public static TextBatch ofBytes(byte[]... strings) {
    Builder b = new Builder(strings.length, 16 * strings.length);
    for (byte[] s : strings) {
      b.append(s, 0, s.length);
      b.endString();
    }
    return b.build();
  }

  public int size() {
    return offsets.length - 1;
  }

  /** The shared buffer (not a copy: never write into it). */
  public byte[] bytes() {
    return bytes;
  }

  public int start(int i) {
    return offsets[i];
  }

  public int end(int i) {
    return offsets[i + 1];
  }

  public int length(int i) {
    return offsets[i + 1] - offsets[i];
  }

  /** The bytes of string {@code i} (a copy). */
  public byte[] get(int i) {
    return Arrays.copyOfRange(bytes, offsets[i], offsets[i + 1]);
  }

  /** String {@code i} decoded as UTF-8 (ill-formed bytes become U+FFFD), for messages and tests. */
  public String text(int i) {
    return new String(bytes, offsets[i], offsets[i + 1] - offsets[i], StandardCharsets.UTF_8);
  }

  /** The total number of bytes of the strings. */
  public long totalBytes() {
    return (long) offsets[offsets.length - 1] - offsets[0];
  }

  /**
   * Builds a batch string by string: append bytes, then {@link #endString}. The buffer grows by
   * doubling; {@link #build} trims nothing (the offsets say where the strings are).
   */
  public static final class Builder {
    private byte[] bytes;
    private int length;
    private int[] offsets;
    private int count;

    public Builder(int expectedStrings, int expectedBytes) {
      bytes = new byte[Math.max(16, expectedBytes)];
      offsets = new int[Math.max(2, expectedStrings + 1)];
    }

    public Builder append(byte[] src, int from, int to) {
      int n = to - from;
      ensure(n);
      System.arraycopy(src, from, bytes, length, n);
      length += n;
      return this;
    }

    public Builder append(byte b) {
      ensure(1);
      bytes[length++] = b;
      return this;
    }

    /** Appends one code point (a scalar value) as UTF-8. */
    public Builder appendCodePoint(int codePoint) {
      ensure(4);
      length = Utf8.encode(codePoint, bytes, length);
      return this;
    }

    /** The number of bytes of the string being built so far. */
    public int currentLength() {
      return length - offsets[count];
    }

    /** Drops the last {@code n} bytes of the string being built. */
    public void truncate(int n) {
      length -= n;
    }

    /** Drops every string after the first {@code keepStrings} (and the unfinished one). */
    public void dropTo(int keepStrings) {
      count = keepStrings;
      length = offsets[keepStrings];
    }

    public void endString() {
      if (count + 2 > offsets.length) {
        offsets = Arrays.copyOf(offsets, Math.max(offsets.length * 2, count + 2));
      }
      offsets[++count] = length;
    }

    /** The bytes written so far (the live buffer: read only). */
    byte[] buffer() {
      return bytes;
    }

    int position() {
      return length;
    }

    private void ensure(int n) {
      if (length + n > bytes.length) {
        long want = Math.max((long) bytes.length * 2, (long) length + n);
        if (want > Integer.MAX_VALUE - 8) {
          if ((long) length + n > Integer.MAX_VALUE - 8) {
            throw new dev.tatter.runtime.InvalidArgumentException(
                "a string tensor's bytes exceed 2^31 - 9, the most one Java array holds");
          }
          want = Integer.MAX_VALUE - 8;
        }
        bytes = Arrays.copyOf(bytes, (int) want);
      }
    }

    public TextBatch build() {
      return new TextBatch(bytes, Arrays.copyOf(offsets, count + 1));
    }
  }
}
