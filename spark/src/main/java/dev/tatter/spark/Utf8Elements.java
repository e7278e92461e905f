package dev.tatter.spark;

import java.nio.charset.StandardCharsets;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The one place where Spark's strings meet the elements of a Tatter string tensor. Spark holds a
 * string as its UTF-8 bytes ({@code UTF8String}), and so does TF: the bytes pass through
 * unchanged, never decoded into Java text. Columns are read as bytes and offsets ({@link
 * StringLeaf}: one {@code byte[]} and the end of each element), the form Arrow and Spark use;
 * this class turns that form into the tensor's elements and an element back into bytes. Today an
 * element is a byte string (a {@code String} whose chars are the bytes, {@code ByteStrings}), so
 * {@link #elements} makes one object per element and {@link #byteLength}/{@link #writeBytes} read
 * its chars as bytes; when a string tensor becomes offsets and bytes itself, these methods become
 * the identity and a bulk copy, and nothing else here changes.
 */
final class Utf8Elements {
  private Utf8Elements() {}

  /** The tensor data of {@code count} strings whose bytes are {@code bytes}, element i ending at {@code ends[i]}. */
  static Object elements(byte[] bytes, int[] ends, int count) {
    String[] out = new String[count];
    int start = 0;
    for (int i = 0; i < count; i++) {
      // ISO-8859-1 maps each byte to the char of its value: a byte string, and Java's compact
      // strings store it as the same bytes, so this is a copy, not a decode
      out[i] = new String(bytes, start, ends[i] - start, StandardCharsets.ISO_8859_1);
      start = ends[i];
    }
    return out;
  }

  /** The number of UTF-8 bytes of element {@code index} of string tensor data. */
  static int byteLength(Object data, int index) {
    return ((String[]) data)[index].length();
  }

  /**
   * Writes the bytes of element {@code index} of string tensor data into {@code target} at
   * {@code offset} ({@code Platform}'s offset: {@code Platform.BYTE_ARRAY_OFFSET} is index 0).
   */
  @SuppressWarnings("deprecation") // String.getBytes(int, int, byte[], int) copies each char's low byte: exactly a byte string's bytes
  static void writeBytes(Object data, int index, byte[] target, long offset) {
    String s = ((String[]) data)[index];
    s.getBytes(0, s.length(), target, (int) (offset - Platform.BYTE_ARRAY_OFFSET));
  }

  /** Element {@code index} of string tensor data as Spark's string (a scalar column, or the generic path). */
  static UTF8String toUtf8String(Object data, int index) {
    return UTF8String.fromBytes(((String[]) data)[index].getBytes(StandardCharsets.ISO_8859_1));
  }
}
