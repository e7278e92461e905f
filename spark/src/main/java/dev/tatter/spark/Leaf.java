package dev.tatter.spark;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeArrayData;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * The innermost values of a column, one subclass per element type, so the per-element loops
 * ({@link #appendAll}, {@link #slice}) are monomorphic and read Spark's arrays with its primitive
 * getters ({@code ArrayData.getInt}, no boxing). Reading, a leaf is a growable primitive array
 * that becomes a tensor's data; writing, it turns a range of a fetched tensor's data into one
 * Spark array ({@code UnsafeArrayData} copied straight from the primitive array). The dtypes Spark
 * has no type for are {@link CarriedLeaves}.
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
      case BOOL -> new Bools();
      case INT8 -> new Bytes();
      case INT16 -> new Shorts();
      case INT32 -> new Ints();
      case INT64 -> new Longs();
      case FLOAT32 -> new Floats();
      case FLOAT64 -> new Doubles();
      case STRING -> new Strings();
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

  /** Appends a row's scalar at {@code ordinal} (the caller has checked it is not null). */
  final void appendScalar(InternalRow row, int ordinal) {
    reserve(1);
    takeScalar(row, ordinal);
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

  /** Starts over for the next batch; the array is kept, since {@link #trimmed} handed out a copy. */
  final void clear() {
    size = 0;
  }

  /** Whether Spark's int byte offset reaches element {@code to} of a primitive array (else the range is copied first). */
  static boolean fits(int base, int scale, int to) {
    return base + (long) scale * to <= Integer.MAX_VALUE;
  }

  abstract int capacity();

  abstract void grow(int capacity);

  abstract void take(ArrayData array, int i);

  abstract void takeScalar(InternalRow row, int ordinal);

  /** A copy of the first {@link #size} values: the tensor owns it, the buffer is refilled by the next batch. */
  abstract Object trimmed();

  /** Elements {@code [from, to)} of a fetched tensor's {@code data} as one Spark array. */
  abstract ArrayData slice(Object data, int from, int to);

  /** Element {@code index} of {@code data} into {@code row}'s field {@code ordinal}. */
  abstract void setScalar(InternalRow row, int ordinal, Object data, int index);

  private static final class Bools extends Leaf {
    private boolean[] values = new boolean[0];

    Bools() { super(DType.BOOL); }

    @Override int capacity() { return values.length; }
    @Override void grow(int capacity) { values = Arrays.copyOf(values, capacity); }
    @Override void take(ArrayData array, int i) { values[size++] = array.getBoolean(i); }
    @Override void takeScalar(InternalRow row, int ordinal) { values[size++] = row.getBoolean(ordinal); }
    @Override Object trimmed() { return Arrays.copyOf(values, size); }

    @Override ArrayData slice(Object data, int from, int to) {
      return fits(Platform.BOOLEAN_ARRAY_OFFSET, 1, to)
          ? UnsafeArrayData.fromPrimitiveArray(data, Platform.BOOLEAN_ARRAY_OFFSET + from, to - from, 1)
          : UnsafeArrayData.fromPrimitiveArray(Arrays.copyOfRange((boolean[]) data, from, to));
    }

    @Override void setScalar(InternalRow row, int ordinal, Object data, int index) {
      row.setBoolean(ordinal, ((boolean[]) data)[index]);
    }
  }

  private static final class Bytes extends Leaf {
    private byte[] values = new byte[0];

    Bytes() { super(DType.INT8); }

    @Override int capacity() { return values.length; }
    @Override void grow(int capacity) { values = Arrays.copyOf(values, capacity); }
    @Override void take(ArrayData array, int i) { values[size++] = array.getByte(i); }
    @Override void takeScalar(InternalRow row, int ordinal) { values[size++] = row.getByte(ordinal); }
    @Override Object trimmed() { return Arrays.copyOf(values, size); }

    @Override ArrayData slice(Object data, int from, int to) {
      return fits(Platform.BYTE_ARRAY_OFFSET, 1, to)
          ? UnsafeArrayData.fromPrimitiveArray(data, Platform.BYTE_ARRAY_OFFSET + from, to - from, 1)
          : UnsafeArrayData.fromPrimitiveArray(Arrays.copyOfRange((byte[]) data, from, to));
    }

    @Override void setScalar(InternalRow row, int ordinal, Object data, int index) {
      row.setByte(ordinal, ((byte[]) data)[index]);
    }
  }

  private static final class Shorts extends Leaf {
    private short[] values = new short[0];

    Shorts() { super(DType.INT16); }

    @Override int capacity() { return values.length; }
    @Override void grow(int capacity) { values = Arrays.copyOf(values, capacity); }
    @Override void take(ArrayData array, int i) { values[size++] = array.getShort(i); }
    @Override void takeScalar(InternalRow row, int ordinal) { values[size++] = row.getShort(ordinal); }
    @Override Object trimmed() { return Arrays.copyOf(values, size); }

    @Override ArrayData slice(Object data, int from, int to) {
      return fits(Platform.SHORT_ARRAY_OFFSET, 2, to)
          ? UnsafeArrayData.fromPrimitiveArray(data, Platform.SHORT_ARRAY_OFFSET + 2 * from, to - from, 2)
          : UnsafeArrayData.fromPrimitiveArray(Arrays.copyOfRange((short[]) data, from, to));
    }

    @Override void setScalar(InternalRow row, int ordinal, Object data, int index) {
      row.setShort(ordinal, ((short[]) data)[index]);
    }
  }

  private static final class Ints extends Leaf {
    private int[] values = new int[0];

    Ints() { super(DType.INT32); }

    @Override int capacity() { return values.length; }
    @Override void grow(int capacity) { values = Arrays.copyOf(values, capacity); }
    @Override void take(ArrayData array, int i) { values[size++] = array.getInt(i); }
    @Override void takeScalar(InternalRow row, int ordinal) { values[size++] = row.getInt(ordinal); }
    @Override Object trimmed() { return Arrays.copyOf(values, size); }

    @Override ArrayData slice(Object data, int from, int to) {
      return fits(Platform.INT_ARRAY_OFFSET, 4, to)
          ? UnsafeArrayData.fromPrimitiveArray(data, Platform.INT_ARRAY_OFFSET + 4 * from, to - from, 4)
          : UnsafeArrayData.fromPrimitiveArray(Arrays.copyOfRange((int[]) data, from, to));
    }

    @Override void setScalar(InternalRow row, int ordinal, Object data, int index) {
      row.setInt(ordinal, ((int[]) data)[index]);
    }
  }

  private static final class Longs extends Leaf {
    private long[] values = new long[0];

    Longs() { super(DType.INT64); }

    @Override int capacity() { return values.length; }
    @Override void grow(int capacity) { values = Arrays.copyOf(values, capacity); }
    @Override void take(ArrayData array, int i) { values[size++] = array.getLong(i); }
    @Override void takeScalar(InternalRow row, int ordinal) { values[size++] = row.getLong(ordinal); }
    @Override Object trimmed() { return Arrays.copyOf(values, size); }

    @Override ArrayData slice(Object data, int from, int to) {
      return fits(Platform.LONG_ARRAY_OFFSET, 8, to)
          ? UnsafeArrayData.fromPrimitiveArray(data, Platform.LONG_ARRAY_OFFSET + 8 * from, to - from, 8)
          : UnsafeArrayData.fromPrimitiveArray(Arrays.copyOfRange((long[]) data, from, to));
    }

    @Override void setScalar(InternalRow row, int ordinal, Object data, int index) {
      row.setLong(ordinal, ((long[]) data)[index]);
    }
  }

  private static final class Floats extends Leaf {
    private float[] values = new float[0];

    Floats() { super(DType.FLOAT32); }

    @Override int capacity() { return values.length; }
    @Override void grow(int capacity) { values = Arrays.copyOf(values, capacity); }
    @Override void take(ArrayData array, int i) { values[size++] = array.getFloat(i); }
    @Override void takeScalar(InternalRow row, int ordinal) { values[size++] = row.getFloat(ordinal); }
    @Override Object trimmed() { return Arrays.copyOf(values, size); }

    @Override ArrayData slice(Object data, int from, int to) {
      return fits(Platform.FLOAT_ARRAY_OFFSET, 4, to)
          ? UnsafeArrayData.fromPrimitiveArray(data, Platform.FLOAT_ARRAY_OFFSET + 4 * from, to - from, 4)
          : UnsafeArrayData.fromPrimitiveArray(Arrays.copyOfRange((float[]) data, from, to));
    }

    @Override void setScalar(InternalRow row, int ordinal, Object data, int index) {
      row.setFloat(ordinal, ((float[]) data)[index]);
    }
  }

  private static final class Doubles extends Leaf {
    private double[] values = new double[0];

    Doubles() { super(DType.FLOAT64); }

    @Override int capacity() { return values.length; }
    @Override void grow(int capacity) { values = Arrays.copyOf(values, capacity); }
    @Override void take(ArrayData array, int i) { values[size++] = array.getDouble(i); }
    @Override void takeScalar(InternalRow row, int ordinal) { values[size++] = row.getDouble(ordinal); }
    @Override Object trimmed() { return Arrays.copyOf(values, size); }

    @Override ArrayData slice(Object data, int from, int to) {
      return fits(Platform.DOUBLE_ARRAY_OFFSET, 8, to)
          ? UnsafeArrayData.fromPrimitiveArray(data, Platform.DOUBLE_ARRAY_OFFSET + 8 * from, to - from, 8)
          : UnsafeArrayData.fromPrimitiveArray(Arrays.copyOfRange((double[]) data, from, to));
    }

    @Override void setScalar(InternalRow row, int ordinal, Object data, int index) {
      row.setDouble(ordinal, ((double[]) data)[index]);
    }
  }

  /**
   * Spark's strings are UTF-8 bytes, as a string tensor's elements are bytes: reading, each
   * {@code UTF8String}'s bytes are copied straight into one growing buffer with its end offset
   * beside it (no Java string, no decoding), which becomes the tensor's {@link StringColumn};
   * writing, each element is a {@code UTF8String} over the column's own buffer (no copy: the column
   * is immutable).
   */
  private static final class Strings extends Leaf {
    private int[] offsets = new int[1]; // element k is bytes[offsets[k], offsets[k + 1])
    private byte[] bytes = new byte[0];

    Strings() { super(DType.STRING); }

    @Override int capacity() { return offsets.length - 1; }
    @Override void grow(int capacity) { offsets = Arrays.copyOf(offsets, capacity + 1); }
    @Override void take(ArrayData array, int i) { append(array.getUTF8String(i)); }
    @Override void takeScalar(InternalRow row, int ordinal) { append(row.getUTF8String(ordinal)); }

    private void append(UTF8String s) {
      int n = s.numBytes();
      int at = offsets[size];
      if (bytes.length - at < n) {
        bytes = Arrays.copyOf(bytes, StringColumn.checkedBytes(Math.max((long) at + n, 2L * bytes.length + 16), "a string column"));
      }
      s.writeToMemory(bytes, Platform.BYTE_ARRAY_OFFSET + at);
      offsets[++size] = at + n;
    }

    @Override Object trimmed() {
      return StringColumn.fromOffsets(Arrays.copyOf(offsets, size + 1), Arrays.copyOf(bytes, offsets[size]));
    }

    @Override ArrayData slice(Object data, int from, int to) {
      StringColumn strings = (StringColumn) data;
      Object[] out = new Object[to - from];
      for (int i = from; i < to; i++) {
        out[i - from] = UTF8String.fromBytes(strings.unsafeBytes(), strings.start(i), strings.length(i));
      }
      return new GenericArrayData(out);
    }

    @Override void setScalar(InternalRow row, int ordinal, Object data, int index) {
      StringColumn strings = (StringColumn) data;
      row.update(ordinal, UTF8String.fromBytes(strings.unsafeBytes(), strings.start(index), strings.length(index)));
    }
  }
}
