package dev.tatter.runtime;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The storage of a string tensor (dense, or the flat values of a ragged one): every element's bytes
 * in one {@code byte[]}, and where each element starts and ends in it — Arrow's {@code Utf8}
 * layout, TF's {@code tstring} buffers, Spark's {@code UTF8String} bytes. An element is a byte
 * string, as in TF: any bytes, valid UTF-8 or not; there is no per-element object and no null.
 *
 * <p>Two forms, read through the same accessors: <em>packed</em>, an offsets array of
 * {@code size + 1} entries (element {@code i} is {@code bytes[offsets[i], offsets[i + 1])}), and a
 * <em>view</em>, a start and an end per element into a buffer the elements need not cover in order
 * (what a split or a substring gives when selecting its input's bytes is cheaper than copying them,
 * see {@link Selection}). Offsets are ints: one {@code byte[]} holds at most 2^31 - 1 bytes, so
 * Arrow's int64 ({@code LargeUtf8}) offsets are narrowed, checked, at the boundary
 * ({@link #fromOffsets(long[], byte[])}, {@link #longOffsets()}).
 *
 * <p>Immutable: nothing writes the arrays after construction. {@link #unsafeBytes()} hands the
 * buffer to readers (kernels, a Spark {@code UTF8String.fromBytes} on the way out) that must never
 * write it. Java text enters through {@link #ofText} (UTF-8; a lone surrogate is refused, naming the
 * element) and leaves through {@link #text}, which says how it decodes ill-formed bytes.
 */
public final class StringColumn {
  /** The most bytes one column holds: a Java array's limit. */
  public static final int MAX_BYTES = Integer.MAX_VALUE - 8;

  private static final int[] NO_OFFSETS = {0};
  private static final byte[] NO_BYTES = new byte[0];
  private static final StringColumn EMPTY = new StringColumn(NO_BYTES, NO_OFFSETS, NO_OFFSETS, 1, 0, 0);

  private final byte[] bytes;
  private final int[] starts;
  private final int[] ends;
  /** 1 when packed ({@code ends == starts}: element i ends where i + 1 starts), 0 for a view. */
  private final int endShift;
  /** The first element's index in {@code starts} (a slice shares its parent's arrays). */
  private final int first;
  private final int size;

  private StringColumn(byte[] bytes, int[] starts, int[] ends, int endShift, int first, int size) {
    this.bytes = bytes;
    this.starts = starts;
    this.ends = ends;
    this.endShift = endShift;
    this.first = first;
    this.size = size;
  }

  // ---- construction ----

  /** No elements. */
  public static StringColumn empty() {
    return EMPTY;
  }

  /** {@code n} empty strings (what a new string tensor holds before it is written, TF's "" zero). */
  public static StringColumn ofEmpty(int n) {
    int[] offsets = new int[n + 1];
    return n == 0 ? EMPTY : new StringColumn(NO_BYTES, offsets, offsets, 1, 0, n);
  }

  /**
   * Java text, each element stored as its UTF-8 bytes ({@code tf.constant(["é"])} is
   * {@code [b'\xc3\xa9']}).
   *
   * @throws IllegalArgumentException for a null element, or one holding a lone surrogate (text
   *     UTF-8 cannot encode), naming the element and the char
   */
  public static StringColumn ofText(String... text) {
    Builder b = new Builder(text.length, text.length * 8);
    for (int i = 0; i < text.length; i++) {
      if (text[i] == null) {
        throw new IllegalArgumentException("element " + i + " of the strings is null (a string tensor has no null elements)");
      }
      b.appendText(text[i], i);
    }
    return b.build();
  }

  /** Raw byte strings, each element exactly the given bytes (copied). */
  public static StringColumn ofBytes(byte[]... values) {
    long total = 0;
    for (int i = 0; i < values.length; i++) {
      if (values[i] == null) {
        throw new IllegalArgumentException("element " + i + " of the byte strings is null (a string tensor has no null elements)");
      }
      total += values[i].length;
    }
    Builder b = new Builder(values.length, checkedBytes(total, "the byte strings"));
    for (byte[] v : values) {
      b.append(v, 0, v.length);
    }
    return b.build();
  }

  /**
   * The column of Arrow's {@code Utf8}/{@code Binary} layout, adopting both arrays (the caller
   * never writes them again): element {@code i} is {@code bytes[offsets[i], offsets[i + 1])}.
   *
   * @throws IllegalArgumentException when the offsets are empty, decrease, or leave the buffer,
   *     naming the first bad offset
   */
  public static StringColumn fromOffsets(int[] offsets, byte[] bytes) {
    checkOffsets(offsets.length, i -> offsets[i], bytes.length);
    return new StringColumn(bytes, offsets, offsets, 1, 0, offsets.length - 1);
  }

  /**
   * The column of Arrow's {@code LargeUtf8}/{@code LargeBinary} layout (int64 offsets, checked and
   * narrowed into a new int array), adopting {@code bytes}.
   */
  public static StringColumn fromOffsets(long[] offsets, byte[] bytes) {
    checkOffsets(offsets.length, i -> offsets[i], bytes.length);
    int[] narrow = new int[offsets.length];
    for (int i = 0; i < narrow.length; i++) {
      narrow[i] = (int) offsets[i];
    }
    return new StringColumn(bytes, narrow, narrow, 1, 0, narrow.length - 1);
  }

  private interface OffsetAt {
    long at(int i);
  }

  private static void checkOffsets(int n, OffsetAt offsets, int bytes) {
    if (n == 0) {
      throw new IllegalArgumentException("offsets need at least one entry (n elements have n + 1 offsets)");
    }
    long previous = offsets.at(0);
    if (previous < 0 || previous > bytes) {
      throw new IllegalArgumentException("offset 0 is " + previous + ", outside the " + bytes + " bytes");
    }
    for (int i = 1; i < n; i++) {
      long o = offsets.at(i);
      if (o < previous || o > bytes) {
        throw new IllegalArgumentException("offset " + i + " is " + o + (o < previous ? ", below offset " + (i - 1) + " (" + previous
            + ")" : ", past the " + bytes + " bytes"));
      }
      previous = o;
    }
  }

  /**
   * A view: element {@code i} is {@code bytes[starts[i], ends[i])}, arrays adopted (kernel
   * internal: {@link Selection} decides when a view is cheaper than a copy).
   */
  static StringColumn view(byte[] bytes, int[] starts, int[] ends, int size) {
    return new StringColumn(bytes, starts, ends, 0, 0, size);
  }

  /**
   * {@code total} as an int when a column can hold that many bytes; past {@link #MAX_BYTES}, an
   * {@link InvalidArgumentException} naming {@code what} (kernel internal, not API: a kernel sizing
   * its result asks this before allocating).
   */
  public static int checkedBytes(long total, String what) {
    if (total > MAX_BYTES) {
      throw new InvalidArgumentException(what + " would hold " + total + " bytes; a string tensor holds at most "
          + MAX_BYTES + " (one Java array)");
    }
    return (int) total;
  }

  /** A builder appending elements in order, with room for about {@code elements} elements of {@code bytes} bytes in all. */
  public static Builder builder(int elements, int bytes) {
    return new Builder(elements, bytes);
  }

  /** A selection of byte ranges of {@code buffer} (a view where cheaper than a copy), for about {@code elements} elements. */
  public static Selection selection(byte[] buffer, int elements) {
    return new Selection(buffer, elements);
  }

  // ---- reading ----

  public int size() {
    return size;
  }

  /** Where element {@code i} starts in {@link #unsafeBytes()}. */
  public int start(int i) {
    return starts[first + i];
  }

  /** Where element {@code i} ends (exclusive) in {@link #unsafeBytes()}. */
  public int end(int i) {
    return ends[first + i + endShift];
  }

  /** Element {@code i}'s length in bytes. */
  public int length(int i) {
    return end(i) - start(i);
  }

  /** Byte {@code k} of element {@code i}. */
  public byte byteAt(int i, int k) {
    return bytes[start(i) + k];
  }

  /** The buffer every element is a range of; never write it. */
  public byte[] unsafeBytes() {
    return bytes;
  }

  /** Element {@code i}'s bytes (a new array). */
  public byte[] bytes(int i) {
    return Arrays.copyOfRange(bytes, start(i), end(i));
  }

  /**
   * Element {@code i} decoded as UTF-8: well-formed UTF-8 gives its text exactly; each maximal
   * ill-formed subpart (the longest prefix of a byte sequence that could begin a well-formed one,
   * at least one byte — a stray continuation byte, a truncated sequence, an overlong form, a
   * surrogate's encoding, a byte above U+10FFFF's) becomes one U+FFFD REPLACEMENT CHARACTER, the
   * rule of ICU and of TF's {@code unicode_decode(errors='replace')}.
   * Use {@link #bytes(int)} for the exact bytes and {@link #isValidUtf8(int)} to tell the cases apart.
   */
  public String text(int i) {
    int from = start(i);
    int to = end(i);
    if (Utf8.isValid(bytes, from, to)) {
      return new String(bytes, from, to - from, StandardCharsets.UTF_8);
    }
    StringBuilder out = new StringBuilder(to - from);
    for (int at = from; at < to; ) {
      int c = Utf8.decode(bytes, at, to);
      if (c < 0) {
        out.append('\uFFFD');
        at -= c;
      } else {
        out.appendCodePoint(c);
        at += Utf8.width(c);
      }
    }
    return out.toString();
  }

  /** Whether element {@code i} is well-formed UTF-8. */
  public boolean isValidUtf8(int i) {
    return Utf8.isValid(bytes, start(i), end(i));
  }

  /** Element {@code i} as Python's {@code repr(bytes)} prints it, which is how TF prints string tensors. */
  public String repr(int i) {
    return ByteStrings.repr(bytes, start(i), end(i));
  }

  /** Element {@code i} as an error message quotes it: {@link #repr}, cut as {@link ByteStrings#quoted(byte[], int, int)} cuts a long value. */
  public String quoted(int i) {
    return ByteStrings.quoted(bytes, start(i), end(i));
  }

  /** Whether element {@code i} equals element {@code j} of {@code other}, byte for byte. */
  public boolean equals(int i, StringColumn other, int j) {
    return Arrays.equals(bytes, start(i), end(i), other.bytes, other.start(j), other.end(j));
  }

  /** Whether element {@code i} is exactly {@code b[from, to)}. */
  public boolean equals(int i, byte[] b, int from, int to) {
    return Arrays.equals(bytes, start(i), end(i), b, from, to);
  }

  /** The bytes of all the elements together. */
  public long byteCount() {
    long n = 0;
    if (endShift == 1) {
      return size == 0 ? 0 : (long) end(size - 1) - start(0);
    }
    for (int i = 0; i < size; i++) {
      n += length(i);
    }
    return n;
  }

  /** Elements {@code [from, to)}, sharing this column's arrays. */
  public StringColumn slice(int from, int to) {
    if (from < 0 || to < from || to > size) {
      throw new IndexOutOfBoundsException("slice [" + from + ", " + to + ") of " + size + " elements");
    }
    return from == 0 && to == size ? this : new StringColumn(bytes, starts, ends, endShift, first + from, to - from);
  }

  // ---- bulk out: Arrow's layouts, Spark ----

  /** Whether the elements are packed end to end from byte 0 (so {@link #unsafeBytes()} and {@link #offsets()} are Arrow's buffers). */
  public boolean isPacked() {
    return endShift == 1 && (size == 0 || start(0) == 0);
  }

  /** This column if {@link #isPacked()}, else a packed copy (one pass over the bytes). */
  public StringColumn packed() {
    if (isPacked()) {
      return this;
    }
    Builder b = new Builder(size, checkedBytes(byteCount(), "a packed copy"));
    for (int i = 0; i < size; i++) {
      b.append(bytes, start(i), end(i));
    }
    return b.build();
  }

  /** The packed offsets ({@code size + 1} of them, from 0; a new array), as Arrow's {@code Utf8} holds them. */
  public int[] offsets() {
    int[] out = new int[size + 1];
    for (int i = 0; i < size; i++) {
      out[i + 1] = out[i] + length(i);
    }
    return out;
  }

  /** The packed offsets as int64, as Arrow's {@code LargeUtf8} holds them. */
  public long[] longOffsets() {
    long[] out = new long[size + 1];
    for (int i = 0; i < size; i++) {
      out[i + 1] = out[i] + length(i);
    }
    return out;
  }

  /** Writes the elements' bytes end to end into {@code out} (which must have room for {@link #byteCount()}). */
  public void copyBytesTo(ByteBuffer out) {
    if (endShift == 1) {
      if (size > 0) {
        out.put(bytes, start(0), end(size - 1) - start(0));
      }
      return;
    }
    for (int i = 0; i < size; i++) {
      out.put(bytes, start(i), length(i));
    }
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof StringColumn that) || that.size != size) {
      return false;
    }
    for (int i = 0; i < size; i++) {
      if (!equals(i, that, i)) {
        return false;
      }
    }
    return true;
  }

  @Override
  public int hashCode() {
    int h = size;
    for (int i = 0; i < size; i++) {
      int e = 1;
      for (int k = start(i); k < end(i); k++) {
        e = 31 * e + bytes[k];
      }
      h = 31 * h + e;
    }
    return h;
  }

  @Override
  public String toString() {
    StringBuilder out = new StringBuilder("[");
    for (int i = 0; i < size; i++) {
      out.append(i > 0 ? ", " : "").append(repr(i));
    }
    return out.append(']').toString();
  }

  /**
   * Appends elements in order: whole ({@link #append}) or piece by piece ({@link #put} ... then
   * {@link #endElement}). Grows by doubling; {@link #build} trims only a buffer more than an eighth
   * unused.
   */
  public static final class Builder {
    private byte[] bytes;
    private int[] offsets;
    private int size;
    private int length;

    Builder(int elements, int bytes) {
      this.bytes = new byte[Math.max(0, bytes)];
      this.offsets = new int[Math.max(1, elements + 1)];
    }

    /** Appends {@code b[from, to)} as one element. */
    public Builder append(byte[] b, int from, int to) {
      put(b, from, to);
      return endElement();
    }

    /** Appends element {@code i} of {@code c}. */
    public Builder append(StringColumn c, int i) {
      return append(c.bytes, c.start(i), c.end(i));
    }

    /** Appends the remaining bytes of {@code src} as one element (a direct buffer too: Arrow's memory). */
    public Builder append(ByteBuffer src) {
      int n = src.remaining();
      reserve(n);
      src.get(bytes, length, n);
      length += n;
      return endElement();
    }

    /** Appends Java text as its UTF-8 bytes; {@code element} names it if it holds a lone surrogate. */
    public Builder appendText(String text, int element) {
      for (int k = 0; k < text.length(); k++) {
        char c = text.charAt(k);
        if (c < 0x80) {
          put((byte) c);
        } else if (!Character.isSurrogate(c)) {
          putCodePoint(c);
        } else if (Character.isHighSurrogate(c) && k + 1 < text.length() && Character.isLowSurrogate(text.charAt(k + 1))) {
          putCodePoint(Character.toCodePoint(c, text.charAt(++k)));
        } else {
          throw new IllegalArgumentException(String.format("element %d of the strings holds a lone surrogate U+%04X at char %d,"
              + " which UTF-8 cannot encode", element, (int) c, k));
        }
      }
      return endElement();
    }

    /** Adds one byte to the element being built. */
    public Builder put(byte b) {
      reserve(1);
      bytes[length++] = b;
      return this;
    }

    /** Adds {@code b[from, to)} to the element being built. */
    public Builder put(byte[] b, int from, int to) {
      int n = to - from;
      reserve(n);
      System.arraycopy(b, from, bytes, length, n);
      length += n;
      return this;
    }

    /** Adds element {@code i} of {@code c} to the element being built. */
    public Builder put(StringColumn c, int i) {
      return put(c.bytes, c.start(i), c.end(i));
    }

    /** Adds a byte string's chars (each 0..255, see {@link ByteStrings}) as bytes to the element being built. */
    public Builder putLatin1(CharSequence byteString) {
      int n = byteString.length();
      reserve(n);
      for (int k = 0; k < n; k++) {
        bytes[length++] = (byte) byteString.charAt(k);
      }
      return this;
    }

    /** Adds the UTF-8 encoding of a scalar value (no surrogate, at most U+10FFFF) to the element being built. */
    public Builder putCodePoint(int codePoint) {
      reserve(4);
      length = Utf8.encode(codePoint, bytes, length);
      return this;
    }

    /** Ends the element being built (possibly empty). */
    public Builder endElement() {
      if (size + 1 == offsets.length) {
        offsets = Arrays.copyOf(offsets, grown(offsets.length, 1, "the element count"));
      }
      offsets[++size] = length;
      return this;
    }

    /** The bytes put into the element being built so far. */
    public int elementLength() {
      return length - offsets[size];
    }

    /** The elements appended so far. */
    public int size() {
      return size;
    }

    private void reserve(int n) {
      if (bytes.length - length < n) {
        bytes = Arrays.copyOf(bytes, grown(bytes.length, (long) length + n - bytes.length, "a string tensor"));
      }
    }

    private static int grown(int capacity, long more, String what) {
      long needed = (long) capacity + more;
      return checkedBytes(Math.max(needed, Math.min((long) capacity * 2 + 16, MAX_BYTES)), what);
    }

    /** The column of the elements appended (the builder must not be used afterwards). */
    public StringColumn build() {
      byte[] b = bytes.length - length > bytes.length / 8 ? Arrays.copyOf(bytes, length) : bytes;
      int[] o = offsets.length - (size + 1) > offsets.length / 8 ? Arrays.copyOf(offsets, size + 1) : offsets;
      return new StringColumn(b, o, o, 1, 0, size);
    }
  }

  /**
   * Byte ranges of one buffer, appended in order: what a split, a substring or an n-gram of
   * adjacent pieces selects of its input. {@link #build} shares the buffer when that is cheaper
   * than copying it and the elements hold at least half of it (so a result never keeps alive a
   * buffer much larger than itself): when each element starts where the one before ends (the
   * characters of a {@code unicode_split}, the bytes of a {@code bytes_split}) as a packed column
   * over the buffer, 4 bytes of offset per element and no byte copied; otherwise as a view when its
   * 8 bytes per element (a start and an end) cost less than a packed copy's 4 bytes of offset plus
   * the element's bytes, i.e. when the elements average more than 4 bytes (the words of a split).
   * In every other case, one packed copy.
   */
  public static final class Selection {
    private final byte[] buffer;
    private int[] starts;
    private int[] ends;
    private int size;
    private long selected;
    private boolean contiguous = true;

    Selection(byte[] buffer, int elements) {
      this.buffer = buffer;
      this.starts = new int[Math.max(1, elements)];
      this.ends = new int[Math.max(1, elements)];
    }

    /** Appends the element {@code buffer[start, end)}. */
    public Selection select(int start, int end) {
      if (size == starts.length) {
        int n = Builder.grown(size, 1, "the element count");
        starts = Arrays.copyOf(starts, n);
        ends = Arrays.copyOf(ends, n);
      }
      contiguous &= size == 0 || ends[size - 1] == start;
      starts[size] = start;
      ends[size++] = end;
      selected += end - start;
      return this;
    }

    public int size() {
      return size;
    }

    public StringColumn build() {
      boolean shareable = 2 * selected >= buffer.length;
      if (shareable && contiguous && size > 0) {
        int[] offsets = starts.length > size ? starts : Arrays.copyOf(starts, size + 1);
        offsets[size] = ends[size - 1];
        return new StringColumn(buffer, offsets, offsets, 1, 0, size);
      }
      if (shareable && selected > 4L * size) {
        return view(buffer, trimmed(starts), trimmed(ends), size);
      }
      Builder b = new Builder(size, checkedBytes(selected, "a selection"));
      for (int i = 0; i < size; i++) {
        b.append(buffer, starts[i], ends[i]);
      }
      return b.build();
    }

    private int[] trimmed(int[] a) {
      return a.length - size > a.length / 8 ? Arrays.copyOf(a, size) : a;
    }
  }
}
