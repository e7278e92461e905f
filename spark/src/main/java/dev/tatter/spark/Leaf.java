package dev.tatter.spark;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeArrayData;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.unsafe.Platform;

/**
 * The innermost values of a column, one subclass per element type, so the per-element loops are
 * monomorphic. Reading, a leaf is a growable buffer that becomes a tensor's data: an array in
 * Spark's binary form ({@code UnsafeArrayData}) is copied in bulk ({@link #appendUnsafe}), any
 * other through its primitive getters ({@link #appendAll}, no boxing). Writing, it lays a range
 * of a fetched tensor's data out as the elements of an {@code UnsafeArrayData} ({@link
 * #writeUnsafe}), or, for the element types Spark holds as objects (decimal, struct), as one
 * generic array ({@link #slice}). The primitive dtypes are {@link PrimitiveLeaves}, strings
 * {@link StringLeaf}, the dtypes Spark has no type for {@link CarriedLeaves}.
 */
abstract class Leaf {
  /** The largest Java array the JVM allocates reliably. */
  static final int MAX_VALUES = Integer.MAX_VALUE - 8;

  final DType dtype;
  int size;

  Leaf(DType dtype) {
    this.dtype = dtype;
  }

  static Leaf of(DType dtype) {
    return switch (dtype) {
      case BOOL, INT8, INT16, INT32, INT64, FLOAT32, FLOAT64 -> PrimitiveLeaves.of(dtype);
      case STRING -> new StringLeaf();
      // the dtypes Spark has no type for, carried in one that holds them (see SparkTypes)
      case UINT8, UINT16, UINT32, UINT64, FLOAT16, BFLOAT16, COMPLEX64, COMPLEX128 -> CarriedLeaves.of(dtype);
    };
  }

  /**
   * An element the placeholder's dtype cannot take (an unsigned value out of its range, a complex
   * value with a null part), thrown by {@link #take}/{@link #takeScalar}; the column names the row.
   */
  static final class Refused extends RuntimeException {
    /** The element's index in its array, or -1 for a scalar column. */
    final int index;
    /** What the element is ({@code 256}). */
    final String element;
    /** Why it is refused ({@code ", which uint8 does not hold: [0, 255]"}). */
    final String why;

    Refused(int index, String element, String why) {
      super(element + why, null, false, false); // a message for the column to place, no stack trace
      this.index = index;
      this.element = element;
      this.why = why;
    }
  }

  /**
   * Appends the elements of {@code array}; returns the index of its first null element (nothing
   * appended past it), or -1 when it had none.
   */
  final int appendAll(ArrayData array) {
    int n = array.numElements();
    reserve(n);
    for (int i = 0; i < n; i++) {
      if (array.isNullAt(i)) {
        return i;
      }
      take(array, i);
    }
    return -1;
  }

  /**
   * {@link #appendAll} of an array in Spark's binary form; a leaf whose elements Spark lays out as
   * its own buffer's copies them in one move.
   */
  int appendUnsafe(UnsafeArrayData array) {
    return appendAll(array);
  }

  /** Appends a row's scalar at {@code ordinal} (the caller has checked it is not null). */
  final void appendScalar(InternalRow row, int ordinal) {
    reserve(1);
    takeScalar(row, ordinal);
  }

  /** Appends {@code n} zeros (false, 0, "", 0j): the stand-in for a null row's values. */
  final void appendZeros(int n) {
    insertZeros(size, n);
  }

  /** Inserts {@code n} zeros before value {@code at}, moving the values from there on. */
  final void insertZeros(int at, int n) {
    reserve(n);
    moveTail(at, n);
    fillZeros(at, n);
    size += n;
  }

  /** Makes room for {@code more} values, refusing a batch that no Java array holds. */
  final void reserve(int more) {
    long needed = (long) size + more;
    if (needed > MAX_VALUES) {
      throw new IllegalStateException("more than " + MAX_VALUES + " values");
    }
    int capacity = capacity();
    if (needed > capacity) {
      grow((int) Math.min(MAX_VALUES, Math.max(needed, Math.max(16L, capacity * 2L))));
    }
  }

  /** The values read so far as a tensor of {@code shape} (whose element count the caller made {@link #size}). */
  final Tensor toTensor(int[] shape) {
    return Tensor.wrap(dtype, shape, trimmed());
  }

  /** Starts over for the next batch; the buffer is kept, since {@link #trimmed} handed out a copy. */
  void clear() {
    size = 0;
  }

  /** Whether Spark's int byte offset reaches element {@code to} of a primitive array (else the range is copied first). */
  static boolean fits(int base, int scale, int to) {
    return base + (long) scale * to <= Integer.MAX_VALUE;
  }

  /**
   * The index of the first null element of {@code array} of {@code n} elements, or -1: its null
   * bits, a 64-bit word at a time, follow the element count in its header.
   */
  static int firstNull(UnsafeArrayData array, int n) {
    Object base = array.getBaseObject();
    long bits = array.getBaseOffset() + 8;
    for (int w = 0; w < (n + 63) >>> 6; w++) {
      long word = Platform.getLong(base, bits + 8L * w);
      if (word != 0) {
        return (w << 6) + Long.numberOfTrailingZeros(word);
      }
    }
    return -1;
  }

  /** {@code bytes} rounded up to a multiple of 8: Spark aligns every variable-length part to a word. */
  static long roundToWord(long bytes) {
    return (bytes + 7) & ~7L;
  }

  /** Where the elements of {@code array} of {@code n} elements start: after its header (count and null bits). */
  static long elementsOffset(UnsafeArrayData array, int n) {
    return array.getBaseOffset() + UnsafeArrayData.calculateHeaderPortionInBytes(n);
  }

  abstract int capacity();

  abstract void grow(int capacity);

  /** Moves values {@code [at, size)} {@code by} places up (the caller reserved the room). */
  abstract void moveTail(int at, int by);

  /** Sets values {@code [at, at + n)} to zero. */
  abstract void fillZeros(int at, int n);

  abstract void take(ArrayData array, int i);

  abstract void takeScalar(InternalRow row, int ordinal);

  /** A copy of the first {@link #size} values: the tensor owns it, the buffer is refilled by the next batch. */
  abstract Object trimmed();

  /** Elements {@code [from, to)} of a fetched tensor's {@code data} as one Spark array (the generic path). */
  abstract ArrayData slice(Object data, int from, int to);

  /** Element {@code index} of {@code data} into {@code row}'s field {@code ordinal}. */
  abstract void setScalar(InternalRow row, int ordinal, Object data, int index);

  /**
   * The bytes one element takes in the fixed part of an {@code UnsafeArrayData} (its value, or for a
   * variable-length element its offset and size), or -1 when the elements are written through
   * {@link #slice} instead.
   */
  int unsafeElementBytes() {
    return -1;
  }

  /** The bytes elements {@code [from, to)} take after the fixed part (a string's bytes, each rounded up to 8). */
  long unsafeVariableBytes(Object data, int from, int to) {
    return 0;
  }

  /**
   * Writes elements {@code [from, to)} of {@code data} as the elements of the {@code UnsafeArrayData}
   * starting at {@code arrayStart} in {@code target}: the fixed part at {@code fixedStart}, any
   * variable-length part after it ({@link #unsafeVariableBytes} bytes). The header is the caller's;
   * offsets are {@code Platform}'s (from the array object, {@code Platform.BYTE_ARRAY_OFFSET} first).
   */
  void writeUnsafe(Object data, int from, int to, byte[] target, long arrayStart, long fixedStart) {
    throw new UnsupportedOperationException(dtype + " is written through slice");
  }
}
