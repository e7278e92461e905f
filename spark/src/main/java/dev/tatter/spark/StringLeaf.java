package dev.tatter.spark;

import dev.tatter.runtime.DType;
import java.util.Arrays;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeArrayData;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * A string column's values as Spark and Arrow hold strings: all their UTF-8 bytes in one array and
 * where each element ends. Reading copies each string's bytes from Spark's buffer (an
 * {@code UnsafeArrayData} keeps an offset and a size per element, then the bytes), never through a
 * {@code UTF8String} object or Java text; {@link Utf8Elements} makes the tensor's elements of them.
 * Writing lays strings out as Spark's binary array does: an offset and size per element, then each
 * string's bytes rounded up to 8.
 */
final class StringLeaf extends Leaf {
  private byte[] bytes = new byte[0];
  private int byteCount;
  /** {@code ends[i]}: where element i's bytes end in {@link #bytes}. */
  private int[] ends = new int[0];

  StringLeaf() {
    super(DType.STRING);
  }

  private void append(Object base, long offset, int length) {
    if (byteCount + (long) length > MAX_VALUES) {
      throw new IllegalStateException("more than " + MAX_VALUES + " bytes");
    }
    if (byteCount + length > bytes.length) {
      bytes = Arrays.copyOf(bytes, (int) Math.min(MAX_VALUES, Math.max(byteCount + (long) length, 2L * bytes.length + 64)));
    }
    Platform.copyMemory(base, offset, bytes, Platform.BYTE_ARRAY_OFFSET + byteCount, length);
    byteCount += length;
    ends[size++] = byteCount;
  }

  private void append(UTF8String s) {
    append(s.getBaseObject(), s.getBaseOffset(), s.numBytes());
  }

  @Override int appendUnsafe(UnsafeArrayData array) {
    int n = array.numElements();
    int nullAt = firstNull(array, n);
    int count = nullAt < 0 ? n : nullAt;
    reserve(count);
    Object base = array.getBaseObject();
    long start = array.getBaseOffset();
    long slots = elementsOffset(array, n);
    for (int i = 0; i < count; i++) {
      long offsetAndSize = Platform.getLong(base, slots + 8L * i);
      append(base, start + (offsetAndSize >>> 32), (int) offsetAndSize);
    }
    return nullAt;
  }

  @Override int capacity() {
    return ends.length;
  }

  @Override void grow(int capacity) {
    ends = Arrays.copyOf(ends, capacity);
  }

  @Override void moveTail(int at, int by) {
    System.arraycopy(ends, at, ends, at + by, size - at);
  }

  @Override void fillZeros(int at, int n) {
    Arrays.fill(ends, at, at + n, at == 0 ? 0 : ends[at - 1]); // empty strings: each ends where the one before does
  }

  @Override void take(ArrayData array, int i) {
    append(array.getUTF8String(i));
  }

  @Override void takeScalar(InternalRow row, int ordinal) {
    append(row.getUTF8String(ordinal));
  }

  @Override Object trimmed() {
    return Utf8Elements.elements(bytes, ends, size);
  }

  @Override void clear() {
    super.clear();
    byteCount = 0;
  }

  @Override ArrayData slice(Object data, int from, int to) {
    Object[] out = new Object[to - from];
    for (int i = from; i < to; i++) {
      out[i - from] = Utf8Elements.toUtf8String(data, i);
    }
    return new GenericArrayData(out);
  }

  @Override void setScalar(InternalRow row, int ordinal, Object data, int index) {
    row.update(ordinal, Utf8Elements.toUtf8String(data, index));
  }

  @Override int unsafeElementBytes() {
    return 8; // an offset (from the array's start) and a size, in one long
  }

  @Override long unsafeVariableBytes(Object data, int from, int to) {
    long total = 0;
    for (int i = from; i < to; i++) {
      total += roundToWord(Utf8Elements.byteLength(data, i));
    }
    return total;
  }

  @Override void writeUnsafe(Object data, int from, int to, byte[] target, long arrayStart, long fixedStart) {
    long cursor = fixedStart + 8L * (to - from);
    for (int i = from; i < to; i++) {
      int length = Utf8Elements.byteLength(data, i);
      Utf8Elements.writeBytes(data, i, target, cursor);
      Platform.putLong(target, fixedStart + 8L * (i - from), ((cursor - arrayStart) << 32) | length);
      cursor += roundToWord(length);
    }
  }
}
