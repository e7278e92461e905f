package dev.tatter.runtime;

import java.util.Arrays;

/**
 * A string tensor's storage while a kernel fills it in any order: what {@link DTypeLayout#newArray}
 * gives for strings, so the kernels that only move elements (gather, concat, masks, {@code to_tensor},
 * the sparse ops) copy strings with the same {@link DTypeLayout#copy} calls they copy numbers with.
 * A slot records which buffer its bytes are in and where, never copying them; bytes set one element
 * at a time ({@link #set}) go to a buffer of its own. {@link #seal} makes the column: a view of the
 * one buffer every slot reads when {@link StringColumn.Selection} finds that cheaper, else one
 * packed copy. Starts as {@code n} empty strings (TF's zero); kernel internal, not API.
 */
final class StringSlots {
  private static final int OWN = 0;

  private final int size;
  /** Buffer {@code OWN} is {@link #own}; the others are the buffers of the columns copied from. */
  private byte[][] buffers = new byte[4][];
  private int buffersUsed = 1;
  private byte[] own = new byte[0];
  private int ownLength;
  private final int[] buffer;
  private final int[] starts;
  private final int[] ends;

  StringSlots(int size) {
    this.size = size;
    this.buffer = new int[size];
    this.starts = new int[size];
    this.ends = new int[size];
  }

  int size() {
    return size;
  }

  /** Copies {@code n} elements of {@code src} (a column or slots) from {@code srcPos} to slots {@code dstPos..}. */
  void copy(Object src, int srcPos, int dstPos, int n) {
    if (src instanceof StringColumn c) {
      int id = idOf(c.unsafeBytes());
      for (int k = 0; k < n; k++) {
        buffer[dstPos + k] = id;
        starts[dstPos + k] = c.start(srcPos + k);
        ends[dstPos + k] = c.end(srcPos + k);
      }
      return;
    }
    StringSlots s = (StringSlots) src;
    if (s == this) {
      System.arraycopy(buffer, srcPos, buffer, dstPos, n); // overlapping ranges, as System.arraycopy allows them
      System.arraycopy(starts, srcPos, starts, dstPos, n);
      System.arraycopy(ends, srcPos, ends, dstPos, n);
      return;
    }
    for (int k = 0; k < n; k++) {
      int from = srcPos + k;
      buffer[dstPos + k] = idOf(s.bufferOf(s.buffer[from]));
      starts[dstPos + k] = s.starts[from];
      ends[dstPos + k] = s.ends[from];
    }
  }

  /** Sets slot {@code i} to a copy of {@code b[from, to)}. */
  void set(int i, byte[] b, int from, int to) {
    int n = to - from;
    if (own.length - ownLength < n) {
      own = Arrays.copyOf(own, StringColumn.checkedBytes(Math.max((long) ownLength + n, 2L * own.length + 16), "a string tensor"));
    }
    System.arraycopy(b, from, own, ownLength, n);
    buffer[i] = OWN;
    starts[i] = ownLength;
    ends[i] = ownLength + n;
    ownLength += n;
  }

  private byte[] bufferOf(int id) {
    return id == OWN ? own : buffers[id];
  }

  /**
   * The id of buffer {@code b}, added if new. A split loop may copy into disjoint slot ranges from
   * several threads: the unlocked scan can miss a buffer another thread just added (never find a
   * wrong one: an entry, once set, never changes), and then the locked one decides.
   */
  private int idOf(byte[] b) {
    byte[][] known = buffers;
    for (int id = Math.min(buffersUsed, known.length) - 1; id > OWN; id--) {
      if (known[id] == b) {
        return id;
      }
    }
    synchronized (this) {
      for (int id = buffersUsed - 1; id > OWN; id--) {
        if (buffers[id] == b) {
          return id;
        }
      }
      if (buffersUsed == buffers.length) {
        buffers = Arrays.copyOf(buffers, buffers.length * 2);
      }
      buffers[buffersUsed] = b;
      return buffersUsed++;
    }
  }

  /** Slot {@code i}'s bytes (a new array). */
  byte[] get(int i) {
    return Arrays.copyOfRange(bufferOf(buffer[i]), starts[i], ends[i]);
  }

  /** The column of the slots as they are now. */
  StringColumn seal() {
    if (size == 0) {
      return StringColumn.empty();
    }
    int id = buffer[0];
    boolean one = true;
    long total = 0;
    for (int i = 0; i < size; i++) {
      one &= buffer[i] == id;
      total += ends[i] - starts[i];
    }
    if (one) {
      StringColumn.Selection s = StringColumn.selection(bufferOf(id), size);
      for (int i = 0; i < size; i++) {
        s.select(starts[i], ends[i]);
      }
      return s.build();
    }
    StringColumn.Builder b = StringColumn.builder(size, StringColumn.checkedBytes(total, "a string tensor"));
    for (int i = 0; i < size; i++) {
      b.append(bufferOf(buffer[i]), starts[i], ends[i]);
    }
    return b.build();
  }

  // ---- the string dtype's element handles (DTypeLayout's getter and setter), on a column or slots ----

  /** Element {@code i} of a column or slots, as its bytes (the string dtype's compute type). */
  static byte[] element(Object data, int i) {
    return data instanceof StringColumn c ? c.bytes(i) : ((StringSlots) data).get(i);
  }

  /** Stores {@code value}'s bytes at slot {@code i}. */
  static void setElement(Object data, int i, byte[] value) {
    ((StringSlots) data).set(i, value, 0, value.length);
  }
}
