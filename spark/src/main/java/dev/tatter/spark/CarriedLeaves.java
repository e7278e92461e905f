package dev.tatter.spark;

import dev.tatter.runtime.Complex128;
import dev.tatter.runtime.Complex64;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.DTypeLayout;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import org.apache.spark.sql.catalyst.InternalRow;
import org.apache.spark.sql.catalyst.expressions.GenericInternalRow;
import org.apache.spark.sql.catalyst.expressions.UnsafeArrayData;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.GenericArrayData;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.unsafe.Platform;

/**
 * The leaves of the dtypes Spark has no type for, each carried in a Spark type that holds every
 * value of it (the mapping and its reasons are {@link SparkTypes}'s): uint8, uint16 and uint32
 * widened into smallint, int and bigint (read back with a range check), uint64 as decimal(20,0),
 * float16 and bfloat16 widened exactly into float (a float read into them is rounded to nearest even,
 * as TF's {@code cast} rounds), complex as {@code struct<real, imag>} of floats or doubles. The
 * primitive ones keep {@link Leaf}'s unboxed reads and write Spark's binary arrays (each element
 * widened as it is written); a decimal and a struct are objects in Spark itself, one per element,
 * and go through {@link Leaf#slice}.
 */
final class CarriedLeaves {
  private CarriedLeaves() {}

  static Leaf of(DType dtype) {
    return switch (dtype) {
      case UINT8 -> new Uint8();
      case UINT16 -> new Uint16();
      case UINT32 -> new Uint32();
      case UINT64 -> new Uint64();
      case FLOAT16, BFLOAT16 -> new Half(dtype);
      case COMPLEX64, COMPLEX128 -> new Complex(dtype);
      case BOOL, INT8, INT16, INT32, INT64, FLOAT32, FLOAT64, STRING -> throw new AssertionError(dtype);
    };
  }

  static Leaf.Refused outOfRange(int index, String value, DType dtype) {
    return new Leaf.Refused(index, value, ", which " + dtype + " does not hold: [0, "
        + Long.toUnsignedString(dtype.maxInteger()) + "]");
  }

  /** uint8 in smallint. */
  private static final class Uint8 extends Leaf {
    private byte[] values = new byte[0];

    Uint8() { super(DType.UINT8); }

    private void put(int index, short v) {
      if (v < 0 || v > 0xFF) {
        throw outOfRange(index, Short.toString(v), dtype);
      }
      values[size++] = (byte) v;
    }

    @Override int capacity() { return values.length; }
    @Override void grow(int capacity) { values = Arrays.copyOf(values, capacity); }
    @Override void moveTail(int at, int by) { System.arraycopy(values, at, values, at + by, size - at); }
    @Override void fillZeros(int at, int n) { Arrays.fill(values, at, at + n, (byte) 0); }
    @Override int unsafeElementBytes() { return 2; }

    @Override void writeUnsafe(Object data, int from, int to, byte[] target, long arrayStart, long fixedStart) {
      byte[] b = (byte[]) data;
      for (int i = from; i < to; i++) {
        Platform.putShort(target, fixedStart + 2L * (i - from), (short) (b[i] & 0xFF));
      }
    }

    @Override void take(ArrayData array, int i) { put(i, array.getShort(i)); }
    @Override void takeScalar(InternalRow row, int ordinal) { put(-1, row.getShort(ordinal)); }
    @Override Object trimmed() { return Arrays.copyOf(values, size); }

    @Override ArrayData slice(Object data, int from, int to) {
      byte[] b = (byte[]) data;
      short[] wide = new short[to - from];
      for (int i = from; i < to; i++) {
        wide[i - from] = (short) (b[i] & 0xFF);
      }
      return UnsafeArrayData.fromPrimitiveArray(wide);
    }

    @Override void setScalar(InternalRow row, int ordinal, Object data, int index) {
      row.setShort(ordinal, (short) (((byte[]) data)[index] & 0xFF));
    }
  }

  /** uint16 in int. */
  private static final class Uint16 extends Leaf {
    private short[] values = new short[0];

    Uint16() { super(DType.UINT16); }

    private void put(int index, int v) {
      if (v < 0 || v > 0xFFFF) {
        throw outOfRange(index, Integer.toString(v), dtype);
      }
      values[size++] = (short) v;
    }

    @Override int capacity() { return values.length; }
    @Override void grow(int capacity) { values = Arrays.copyOf(values, capacity); }
    @Override void moveTail(int at, int by) { System.arraycopy(values, at, values, at + by, size - at); }
    @Override void fillZeros(int at, int n) { Arrays.fill(values, at, at + n, (short) 0); }
    @Override int unsafeElementBytes() { return 4; }

    @Override void writeUnsafe(Object data, int from, int to, byte[] target, long arrayStart, long fixedStart) {
      short[] v = (short[]) data;
      for (int i = from; i < to; i++) {
        Platform.putInt(target, fixedStart + 4L * (i - from), v[i] & 0xFFFF);
      }
    }

    @Override void take(ArrayData array, int i) { put(i, array.getInt(i)); }
    @Override void takeScalar(InternalRow row, int ordinal) { put(-1, row.getInt(ordinal)); }
    @Override Object trimmed() { return Arrays.copyOf(values, size); }

    @Override ArrayData slice(Object data, int from, int to) {
      short[] s = (short[]) data;
      int[] wide = new int[to - from];
      for (int i = from; i < to; i++) {
        wide[i - from] = s[i] & 0xFFFF;
      }
      return UnsafeArrayData.fromPrimitiveArray(wide);
    }

    @Override void setScalar(InternalRow row, int ordinal, Object data, int index) {
      row.setInt(ordinal, ((short[]) data)[index] & 0xFFFF);
    }
  }

  /** uint32 in bigint. */
  private static final class Uint32 extends Leaf {
    private int[] values = new int[0];

    Uint32() { super(DType.UINT32); }

    private void put(int index, long v) {
      if (v < 0 || v > 0xFFFF_FFFFL) {
        throw outOfRange(index, Long.toString(v), dtype);
      }
      values[size++] = (int) v;
    }

    @Override int capacity() { return values.length; }
    @Override void grow(int capacity) { values = Arrays.copyOf(values, capacity); }
    @Override void moveTail(int at, int by) { System.arraycopy(values, at, values, at + by, size - at); }
    @Override void fillZeros(int at, int n) { Arrays.fill(values, at, at + n, 0); }
    @Override int unsafeElementBytes() { return 8; }

    @Override void writeUnsafe(Object data, int from, int to, byte[] target, long arrayStart, long fixedStart) {
      int[] v = (int[]) data;
      for (int i = from; i < to; i++) {
        Platform.putLong(target, fixedStart + 8L * (i - from), v[i] & 0xFFFF_FFFFL);
      }
    }

    @Override void take(ArrayData array, int i) { put(i, array.getLong(i)); }
    @Override void takeScalar(InternalRow row, int ordinal) { put(-1, row.getLong(ordinal)); }
    @Override Object trimmed() { return Arrays.copyOf(values, size); }

    @Override ArrayData slice(Object data, int from, int to) {
      int[] v = (int[]) data;
      long[] wide = new long[to - from];
      for (int i = from; i < to; i++) {
        wide[i - from] = v[i] & 0xFFFF_FFFFL;
      }
      return UnsafeArrayData.fromPrimitiveArray(wide);
    }

    @Override void setScalar(InternalRow row, int ordinal, Object data, int index) {
      row.setLong(ordinal, ((int[]) data)[index] & 0xFFFF_FFFFL);
    }
  }

  /** uint64 in decimal(20,0), the narrowest decimal that holds 2^64 - 1 (20 digits). */
  private static final class Uint64 extends Leaf {
    static final int PRECISION = 20;
    private static final BigInteger MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);
    private long[] values = new long[0];

    Uint64() { super(DType.UINT64); }

    private void put(int index, Decimal d) {
      BigDecimal exact = d.toJavaBigDecimal();
      BigInteger v;
      try {
        v = exact.toBigIntegerExact();
      } catch (ArithmeticException fraction) {
        throw outOfRange(index, exact.toPlainString(), dtype);
      }
      if (v.signum() < 0 || v.compareTo(MAX) > 0) {
        throw outOfRange(index, v.toString(), dtype);
      }
      values[size++] = v.longValue(); // the low 64 bits: uint64's raw bits
    }

    static Decimal decimal(long rawBits) {
      return rawBits >= 0 ? Decimal.apply(rawBits)
          : Decimal.apply(new BigDecimal(new BigInteger(Long.toUnsignedString(rawBits))), PRECISION, 0);
    }

    @Override int capacity() { return values.length; }
    @Override void grow(int capacity) { values = Arrays.copyOf(values, capacity); }
    @Override void moveTail(int at, int by) { System.arraycopy(values, at, values, at + by, size - at); }
    @Override void fillZeros(int at, int n) { Arrays.fill(values, at, at + n, 0L); }
    @Override void take(ArrayData array, int i) { put(i, array.getDecimal(i, PRECISION, 0)); }
    @Override void takeScalar(InternalRow row, int ordinal) { put(-1, row.getDecimal(ordinal, PRECISION, 0)); }
    @Override Object trimmed() { return Arrays.copyOf(values, size); }

    @Override ArrayData slice(Object data, int from, int to) {
      long[] v = (long[]) data;
      Object[] out = new Object[to - from];
      for (int i = from; i < to; i++) {
        out[i - from] = decimal(v[i]);
      }
      return new GenericArrayData(out);
    }

    @Override void setScalar(InternalRow row, int ordinal, Object data, int index) {
      row.setDecimal(ordinal, decimal(((long[]) data)[index]), PRECISION);
    }
  }

  /**
   * float16 or bfloat16 in float: widened exactly, and a float read rounded to nearest even — both
   * through the dtype's layout, which holds the 16 bits in its storage array.
   */
  private static final class Half extends Leaf {
    private final DTypeLayout layout;
    private Object values;

    Half(DType dtype) {
      super(dtype);
      this.layout = dtype.layout();
      this.values = layout.newArray(0);
    }

    private Object copy(int length) {
      Object out = layout.newArray(length);
      System.arraycopy(values, 0, out, 0, Math.min(length, capacity()));
      return out;
    }

    @Override int capacity() { return java.lang.reflect.Array.getLength(values); }
    @Override void grow(int capacity) { values = copy(capacity); }
    @Override void moveTail(int at, int by) { System.arraycopy(values, at, values, at + by, size - at); }
    @Override void fillZeros(int at, int n) {
      for (int i = at; i < at + n; i++) {
        layout.setFloat(values, i, 0f); // +0.0 in every 16-bit format
      }
    }
    @Override int unsafeElementBytes() { return 4; }

    @Override void writeUnsafe(Object data, int from, int to, byte[] target, long arrayStart, long fixedStart) {
      for (int i = from; i < to; i++) {
        Platform.putFloat(target, fixedStart + 4L * (i - from), layout.getFloat(data, i));
      }
    }

    @Override void take(ArrayData array, int i) { layout.setFloat(values, size++, array.getFloat(i)); }
    @Override void takeScalar(InternalRow row, int ordinal) { layout.setFloat(values, size++, row.getFloat(ordinal)); }
    @Override Object trimmed() { return copy(size); }

    @Override ArrayData slice(Object data, int from, int to) {
      float[] wide = new float[to - from];
      for (int i = from; i < to; i++) {
        wide[i - from] = layout.getFloat(data, i);
      }
      return UnsafeArrayData.fromPrimitiveArray(wide);
    }

    @Override void setScalar(InternalRow row, int ordinal, Object data, int index) {
      row.setFloat(ordinal, layout.getFloat(data, index));
    }
  }

  /** complex64 or complex128 as {@code struct<real, imag>} of floats or doubles. */
  private static final class Complex extends Leaf {
    private final boolean single;
    private Object[] values;

    Complex(DType dtype) {
      super(dtype);
      this.single = dtype == DType.COMPLEX64;
      this.values = single ? new Complex64[0] : new Complex128[0];
    }

    private void put(int index, InternalRow parts) {
      for (int p = 0; p < 2; p++) {
        if (parts.isNullAt(p)) {
          throw new Leaf.Refused(index, "a complex number whose " + (p == 0 ? "real" : "imag") + " part is null",
              "; a tensor has no null values");
        }
      }
      values[size++] = single ? new Complex64(parts.getFloat(0), parts.getFloat(1))
          : new Complex128(parts.getDouble(0), parts.getDouble(1));
    }

    private InternalRow struct(Object element) {
      return single
          ? new GenericInternalRow(new Object[] {((Complex64) element).re(), ((Complex64) element).im()})
          : new GenericInternalRow(new Object[] {((Complex128) element).re(), ((Complex128) element).im()});
    }

    @Override int capacity() { return values.length; }
    @Override void grow(int capacity) { values = Arrays.copyOf(values, capacity); }
    @Override void moveTail(int at, int by) { System.arraycopy(values, at, values, at + by, size - at); }
    @Override void fillZeros(int at, int n) { Arrays.fill(values, at, at + n, single ? Complex64.ZERO : Complex128.ZERO); }
    @Override void take(ArrayData array, int i) { put(i, array.getStruct(i, 2)); }
    @Override void takeScalar(InternalRow row, int ordinal) { put(-1, row.getStruct(ordinal, 2)); }
    @Override Object trimmed() { return Arrays.copyOf(values, size); }

    @Override ArrayData slice(Object data, int from, int to) {
      Object[] c = (Object[]) data;
      Object[] out = new Object[to - from];
      for (int i = from; i < to; i++) {
        out[i - from] = struct(c[i]);
      }
      return new GenericArrayData(out);
    }

    @Override void setScalar(InternalRow row, int ordinal, Object data, int index) {
      row.update(ordinal, struct(((Object[]) data)[index]));
    }
  }
}
