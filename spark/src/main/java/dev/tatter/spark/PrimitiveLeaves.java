package dev.tatter.spark;

import dev.tatter.runtime.DType;
import java.lang.reflect.Array;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeArrayData;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.unsafe.Platform;

/**
 * The leaves of the dtypes Spark stores as they are (bool, int8, int16, int32, int64, float32,
 * float64): Spark lays such an array out as a header and then the elements, each as wide as the
 * JVM's primitive, which is also a Java primitive array's layout. So reading an
 * {@code UnsafeArrayData} is one {@code Platform.copyMemory} from its buffer into the leaf's array,
 * and writing one the same copy back; only the generic paths (another {@code ArrayData}, a scalar
 * column) go through the typed getters and setters, which is all a subclass adds.
 */
final class PrimitiveLeaves {
  private PrimitiveLeaves() {}

  static Leaf of(DType dtype) {
    return switch (dtype) {
      case BOOL -> new Bools();
      case INT8 -> new Bytes();
      case INT16 -> new Shorts();
      case INT32 -> new Ints();
      case INT64 -> new Longs();
      case FLOAT32 -> new Floats();
      case FLOAT64 -> new Doubles();
      default -> throw new AssertionError(dtype + " is not stored as a Java primitive by Spark");
    };
  }

  /** A primitive array ({@code boolean[]} .. {@code double[]}), addressed through its base offset and element width. */
  private abstract static class Primitive extends Leaf {
    private final Class<?> component;
    /** {@code Platform.INT_ARRAY_OFFSET} and the like: where element 0 is. */
    private final long arrayOffset;
    /** Bytes per element, in Java's arrays and in Spark's. */
    private final int width;
    Object values;

    Primitive(DType dtype, Class<?> component, int arrayOffset, int width) {
      super(dtype);
      this.component = component;
      this.arrayOffset = arrayOffset;
      this.width = width;
      this.values = Array.newInstance(component, 0);
    }

    @Override int capacity() {
      return Array.getLength(values);
    }

    @Override void grow(int capacity) {
      values = copy(values, size, capacity);
    }

    private Object copy(Object from, int length, int capacity) {
      Object to = Array.newInstance(component, capacity);
      System.arraycopy(from, 0, to, 0, length);
      return to;
    }

    @Override void moveTail(int at, int by) {
      System.arraycopy(values, at, values, at + by, size - at);
    }

    @Override void fillZeros(int at, int n) {
      Platform.setMemory(values, arrayOffset + (long) width * at, (long) width * n, (byte) 0);
    }

    @Override Object trimmed() {
      return copy(values, size, size);
    }

    @Override int appendUnsafe(UnsafeArrayData array) {
      int n = array.numElements();
      int nullAt = firstNull(array, n);
      int count = nullAt < 0 ? n : nullAt;
      reserve(count);
      Platform.copyMemory(array.getBaseObject(), elementsOffset(array, n), values, arrayOffset + (long) width * size,
          (long) width * count);
      size += count;
      return nullAt;
    }

    @Override ArrayData slice(Object data, int from, int to) {
      // the generic path is never taken for these (unsafeElementBytes says so); kept for completeness
      return fits((int) arrayOffset, width, to)
          ? UnsafeArrayData.fromPrimitiveArray(data, (int) arrayOffset + width * from, to - from, width)
          : UnsafeArrayData.fromPrimitiveArray(copyRange(data, from, to), (int) arrayOffset, to - from, width);
    }

    private Object copyRange(Object data, int from, int to) {
      Object range = Array.newInstance(component, to - from);
      System.arraycopy(data, from, range, 0, to - from);
      return range;
    }

    @Override int unsafeElementBytes() {
      return width;
    }

    @Override void writeUnsafe(Object data, int from, int to, byte[] target, long arrayStart, long fixedStart) {
      Platform.copyMemory(data, arrayOffset + (long) width * from, target, fixedStart, (long) width * (to - from));
    }
  }

  private static final class Bools extends Primitive {
    Bools() { super(DType.BOOL, boolean.class, Platform.BOOLEAN_ARRAY_OFFSET, 1); }

    @Override void take(ArrayData array, int i) { ((boolean[]) values)[size++] = array.getBoolean(i); }
    @Override void takeScalar(InternalRow row, int ordinal) { ((boolean[]) values)[size++] = row.getBoolean(ordinal); }
    @Override void setScalar(InternalRow row, int ordinal, Object data, int index) {
      row.setBoolean(ordinal, ((boolean[]) data)[index]);
    }
  }

  private static final class Bytes extends Primitive {
    Bytes() { super(DType.INT8, byte.class, Platform.BYTE_ARRAY_OFFSET, 1); }

    @Override void take(ArrayData array, int i) { ((byte[]) values)[size++] = array.getByte(i); }
    @Override void takeScalar(InternalRow row, int ordinal) { ((byte[]) values)[size++] = row.getByte(ordinal); }
    @Override void setScalar(InternalRow row, int ordinal, Object data, int index) {
      row.setByte(ordinal, ((byte[]) data)[index]);
    }
  }

  private static final class Shorts extends Primitive {
    Shorts() { super(DType.INT16, short.class, Platform.SHORT_ARRAY_OFFSET, 2); }

    @Override void take(ArrayData array, int i) { ((short[]) values)[size++] = array.getShort(i); }
    @Override void takeScalar(InternalRow row, int ordinal) { ((short[]) values)[size++] = row.getShort(ordinal); }
    @Override void setScalar(InternalRow row, int ordinal, Object data, int index) {
      row.setShort(ordinal, ((short[]) data)[index]);
    }
  }

  private static final class Ints extends Primitive {
    Ints() { super(DType.INT32, int.class, Platform.INT_ARRAY_OFFSET, 4); }

    @Override void take(ArrayData array, int i) { ((int[]) values)[size++] = array.getInt(i); }
    @Override void takeScalar(InternalRow row, int ordinal) { ((int[]) values)[size++] = row.getInt(ordinal); }
    @Override void setScalar(InternalRow row, int ordinal, Object data, int index) {
      row.setInt(ordinal, ((int[]) data)[index]);
    }
  }

  private static final class Longs extends Primitive {
    Longs() { super(DType.INT64, long.class, Platform.LONG_ARRAY_OFFSET, 8); }

    @Override void take(ArrayData array, int i) { ((long[]) values)[size++] = array.getLong(i); }
    @Override void takeScalar(InternalRow row, int ordinal) { ((long[]) values)[size++] = row.getLong(ordinal); }
    @Override void setScalar(InternalRow row, int ordinal, Object data, int index) {
      row.setLong(ordinal, ((long[]) data)[index]);
    }
  }

  private static final class Floats extends Primitive {
    Floats() { super(DType.FLOAT32, float.class, Platform.FLOAT_ARRAY_OFFSET, 4); }

    @Override void take(ArrayData array, int i) { ((float[]) values)[size++] = array.getFloat(i); }
    @Override void takeScalar(InternalRow row, int ordinal) { ((float[]) values)[size++] = row.getFloat(ordinal); }
    @Override void setScalar(InternalRow row, int ordinal, Object data, int index) {
      row.setFloat(ordinal, ((float[]) data)[index]);
    }
  }

  private static final class Doubles extends Primitive {
    Doubles() { super(DType.FLOAT64, double.class, Platform.DOUBLE_ARRAY_OFFSET, 8); }

    @Override void take(ArrayData array, int i) { ((double[]) values)[size++] = array.getDouble(i); }
    @Override void takeScalar(InternalRow row, int ordinal) { ((double[]) values)[size++] = row.getDouble(ordinal); }
    @Override void setScalar(InternalRow row, int ordinal, Object data, int index) {
      row.setDouble(ordinal, ((double[]) data)[index]);
    }
  }
}
