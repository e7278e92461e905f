package dev.tatter.spark;

import dev.tatter.runtime.StringColumn;
import java.util.Arrays;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The one place where Spark's strings meet the elements of a Tatter string tensor. Spark holds a
 * string as its UTF-8 bytes ({@code UTF8String}), and so does TF: the bytes pass through
 * unchanged, never decoded into Java text. Columns are read as bytes and offsets ({@link
 * StringLeaf}: one {@code byte[]} and the end of each element), the form Arrow and Spark use, and a
 * string tensor's storage is that form too ({@link StringColumn}): reading, the leaf's bytes
 * become the column in one bulk copy; writing, an element's bytes are copied straight
 * from the column's buffer.
 */
final class Utf8Elements {
  private Utf8Elements() {}

  /**
   * The tensor data of {@code count} strings whose bytes are {@code bytes}, element i ending at
   * {@code ends[i]}: one bulk copy of the bytes (the leaf reuses its buffer for the next batch) and
   * the offsets, no object per element.
   */
  static Object elements(byte[] bytes, int[] ends, int count) {
    int[] offsets = new int[count + 1];
    System.arraycopy(ends, 0, offsets, 1, count);
    return StringColumn.fromOffsets(offsets, Arrays.copyOf(bytes, offsets[count]));
  }

  /** The number of UTF-8 bytes of element {@code index} of string tensor data. */
  static int byteLength(Object data, int index) {
    return ((StringColumn) data).length(index);
  }

  /**
   * Writes the bytes of element {@code index} of string tensor data into {@code target} at
   * {@code offset} ({@code Platform}'s offset: {@code Platform.BYTE_ARRAY_OFFSET} is index 0).
   */
  static void writeBytes(Object data, int index, byte[] target, long offset) {
    StringColumn strings = (StringColumn) data;
    System.arraycopy(strings.unsafeBytes(), strings.start(index), target,
        (int) (offset - Platform.BYTE_ARRAY_OFFSET), strings.length(index));
  }

  /**
   * Element {@code index} of string tensor data as Spark's string (a scalar column, or the generic
   * path): a {@code UTF8String} over the column's own buffer, no copy (a column is immutable).
   */
  static UTF8String toUtf8String(Object data, int index) {
    StringColumn strings = (StringColumn) data;
    return UTF8String.fromBytes(strings.unsafeBytes(), strings.start(index), strings.length(index));
  }
}
