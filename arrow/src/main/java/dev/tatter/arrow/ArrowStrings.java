package dev.tatter.arrow;

import dev.tatter.runtime.ByteStrings;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.pojo.ArrowType;

/**
 * String leaves: Arrow's variable-width vectors to and from a string tensor's {@link StringColumn},
 * in bulk and without decoding. Both are an offsets buffer and one data buffer, so a read is one
 * copy of the data range into a {@code byte[]} and of the offsets (rebased to 0, int64 ones
 * narrowed, checked) into an {@code int[]}, and a write one copy back; no element is ever a Java
 * string. Arrow's {@code Utf8} promises UTF-8 text: a value that is not UTF-8 is refused on the way
 * out, naming it ({@link Kind#BINARY} writes any bytes), and read as the bytes it is.
 */
public final class ArrowStrings {
  private ArrowStrings() {}

  /** The Arrow type a string leaf is written as. */
  public enum Kind {
    /** {@code Utf8} (int32 offsets): every value must be valid UTF-8. */
    UTF8(ArrowType.Utf8.INSTANCE, false, true),
    /** {@code LargeUtf8} (int64 offsets): every value must be valid UTF-8. */
    LARGE_UTF8(ArrowType.LargeUtf8.INSTANCE, true, true),
    /** {@code Binary} (int32 offsets): any bytes. */
    BINARY(ArrowType.Binary.INSTANCE, false, false),
    /** {@code LargeBinary} (int64 offsets): any bytes. */
    LARGE_BINARY(ArrowType.LargeBinary.INSTANCE, true, false);

    final ArrowType type;
    final boolean large;
    final boolean utf8;

    Kind(ArrowType type, boolean large, boolean utf8) {
      this.type = type;
      this.large = large;
      this.utf8 = utf8;
    }
  }

  /** Whether a leaf vector holds strings Tatter reads: {@code Utf8}, {@code LargeUtf8}, {@code Binary}, {@code LargeBinary}. */
  static boolean isStrings(FieldVector v) {
    return v instanceof BaseVariableWidthVector || v instanceof BaseLargeVariableWidthVector;
  }

  /** Values [start, start + count) of a variable-width vector as a string vector (its nulls refused by the caller). */
  static Tensor read(FieldVector v, int start, int count, String path) {
    boolean large = v instanceof BaseLargeVariableWidthVector;
    int[] offsets = new int[count + 1];
    ArrowBuf buf = v.getOffsetBuffer();
    long first = 0;
    if (count > 0) {
      ArrowValues.checkCapacity(buf, ((long) start + count + 1) * (large ? 8 : 4), path, "string offset buffer",
          "the offsets of " + count + " strings");
      if (large) {
        LongBuffer b = buf.nioBuffer((long) start * 8, (count + 1) * 8).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer();
        first = b.get(0);
        for (int i = 0; i <= count; i++) {
          long o = b.get(i) - first;
          if (o < 0 || o > StringColumn.MAX_BYTES) {
            throw badOffset(path, i, b.get(i), first);
          }
          offsets[i] = (int) o;
        }
      } else {
        IntBuffer b = buf.nioBuffer((long) start * 4, (count + 1) * 4).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer();
        first = b.get(0);
        for (int i = 0; i <= count; i++) {
          offsets[i] = b.get(i) - (int) first;
        }
      }
    }
    int bytes = offsets[count];
    long available = v.getDataBuffer().capacity();
    if (first < 0) {
      throw new InvalidArgumentException("arrow: " + path + " offset 0 is " + first + " (offsets are positions in the data, never negative)");
    }
    if (first + bytes > available) {
      throw new InvalidArgumentException("arrow: " + path + " offsets reach byte " + (first + bytes) + " but its data buffer holds "
          + available);
    }
    byte[] data = new byte[bytes];
    v.getDataBuffer().getBytes(first, data, 0, bytes);
    try {
      return Tensor.ofStrings(StringColumn.fromOffsets(offsets, data), count);
    } catch (IllegalArgumentException e) {
      throw new InvalidArgumentException("arrow: " + path + " " + e.getMessage()); // decreasing offsets
    }
  }

  private static InvalidArgumentException badOffset(String path, int i, long offset, long first) {
    return new InvalidArgumentException("arrow: " + path + " offset " + i + " is " + offset + ", " + (offset < first
        ? "below the first (" + first + ")" : "more bytes from the first than a string tensor holds (" + StringColumn.MAX_BYTES + ")"));
  }

  /**
   * Writes {@code flat}'s strings into {@code leaf} (a new vector of {@code kind}'s type): the
   * packed bytes in one copy, the offsets rebased to 0, an all-valid bitmap.
   *
   * @throws InvalidArgumentException for a value that is not UTF-8 when {@code kind} is a Utf8 kind
   */
  static void write(FieldVector leaf, Tensor flat, Kind kind, String path) {
    StringColumn column = flat.stringColumn();
    int n = column.size();
    if (kind.utf8) {
      for (int i = 0; i < n; i++) {
        if (!column.isValidUtf8(i)) {
          throw new InvalidArgumentException("arrow: " + path + " value " + i + " is not UTF-8 (" + ByteStrings.quoted(column.unsafeBytes(), column.start(i), column.end(i)) + "); an Arrow "
              + kind.type + " holds text only: write it as Binary (ArrowStrings.Kind.BINARY)");
        }
      }
    }
    StringColumn packed = column.packed();
    int bytes = (int) packed.byteCount();
    BufferAllocator allocator = leaf.getAllocator();
    int validityBytes = BitVectorHelper.getValidityBufferSizeFromCount(n);
    int width = kind.large ? 8 : 4;
    try (ArrowBuf validity = allocator.buffer(validityBytes);
         ArrowBuf offsets = allocator.buffer((long) (n + 1) * width);
         ArrowBuf data = allocator.buffer(Math.max(1, bytes))) {
      validity.setZero(0, validityBytes);
      Validity.setAllValid(validity, n);
      int base = n == 0 ? 0 : packed.start(0);
      if (kind.large) {
        LongBuffer o = offsets.nioBuffer(0, (n + 1) * 8).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer();
        o.put(0, 0);
        for (int i = 0; i < n; i++) {
          o.put(i + 1, packed.end(i) - base);
        }
      } else {
        IntBuffer o = offsets.nioBuffer(0, (n + 1) * 4).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer();
        o.put(0, 0);
        for (int i = 0; i < n; i++) {
          o.put(i + 1, packed.end(i) - base);
        }
      }
      data.setBytes(0, packed.unsafeBytes(), base, bytes);
      leaf.loadFieldBuffers(new ArrowFieldNode(n, 0), List.of(validity, offsets, data)); // the vector keeps its own references
    }
  }

  /** The kind a leaf vector of this class is (for a vector the caller made). */
  static Kind kindOf(FieldVector leaf) {
    if (leaf instanceof VarCharVector) {
      return Kind.UTF8;
    }
    if (leaf instanceof LargeVarCharVector) {
      return Kind.LARGE_UTF8;
    }
    return leaf instanceof BaseLargeVariableWidthVector ? Kind.LARGE_BINARY : Kind.BINARY;
  }
}
