package dev.tatter.arrow;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.FieldType;

/** The leaf vectors of a list: Arrow's value buffers to and from a tensor's flat array, in bulk. */
final class ArrowValues {
  private ArrowValues() {}

  /** Values [start, start + count) of a leaf vector as a vector tensor; refuses nulls. */
  static Tensor read(FieldVector v, int start, int count, String path) {
    DType dtype = v instanceof BitVector ? DType.BOOL : ArrowStrings.isStrings(v) ? DType.STRING
        : v instanceof StructVector ? null : dtypeOf(v, path);
    long available = v.getValueCount();
    if ((long) start + count > available) {
      throw new InvalidArgumentException("arrow: " + path + " holds " + available + " values but the offsets above it"
          + " reach value " + ((long) start + count));
    }
    checkValidity(v.getValidityBuffer(), start, count, path, "values");
    long firstNull = Validity.firstNull(v.getValidityBuffer(), start, (long) start + count);
    if (firstNull >= 0) {
      throw new InvalidArgumentException("arrow: " + path + " value " + (firstNull - start)
          + " is null (a tensor has no null values)");
    }
    if (v instanceof StructVector struct) {
      return ArrowComplex.read(struct, start, count, path);
    }
    if (v instanceof BitVector bits) {
      checkCapacity(bits.getDataBuffer(), ((long) start + count + 7) / 8, path, "data buffer", count + " bool values");
      boolean[] out = new boolean[count];
      for (int i = 0; i < count; i++) {
        out[i] = bits.get(start + i) != 0;
      }
      return Tensor.wrap(DType.BOOL, new int[] {count}, out);
    }
    if (dtype == DType.STRING) {
      return ArrowStrings.read(v, start, count, path);
    }
    int width = dtype.bits() / 8;
    ArrowBuf data = ((BaseFixedWidthVector) v).getDataBuffer();
    checkCapacity(data, ((long) start + count) * width, path, "data buffer", count + " values of " + dtype);
    Object out = java.lang.reflect.Array.newInstance(dtype.arrayClass().getComponentType(), count);
    copy(data, (long) start * width, out, dtype, count, false);
    return Tensor.wrap(dtype, new int[] {count}, out);
  }

  /**
   * Refuses a buffer shorter than {@code needed} bytes, naming the vector ({@code path}), the buffer
   * and what it should hold: a vector loaded from untrusted bytes may claim more than its buffers hold.
   */
  static void checkCapacity(ArrowBuf buf, long needed, String path, String buffer, String holding) {
    if (buf.capacity() < needed) {
      throw new InvalidArgumentException("arrow: " + path + " " + buffer + " holds " + buf.capacity() + " bytes, too few for "
          + holding + " (" + needed + " bytes)");
    }
  }

  /** Refuses a validity bitmap without a bit for each of slots {@code [start, start + count)}. */
  static void checkValidity(ArrowBuf validity, long start, long count, String path, String slots) {
    if (count > 0) {
      checkCapacity(validity, (start + count + 7) / 8, path, "validity buffer", count + " " + slots);
    }
  }

  /** Bytes per view: {@code ArrowBuf.nioBuffer} takes an int length, so larger copies go in chunks. */
  private static final int CHUNK_BYTES = 1 << 26;

  /**
   * Copies {@code count} fixed-width values between {@code buf} (from byte {@code offset}) and the
   * heap array {@code array}: one bulk {@code get}/{@code put} of a little-endian view per chunk,
   * straight from Arrow's memory to the array, no intermediate buffer.
   */
  static void copy(ArrowBuf buf, long offset, Object array, DType dtype, int count, boolean toArrow) {
    int width = dtype.bits() / 8;
    int perChunk = CHUNK_BYTES / width;
    for (int at = 0; at < count; at += perChunk) {
      int n = Math.min(perChunk, count - at);
      ByteBuffer b = buf.nioBuffer(offset + (long) at * width, n * width).order(ByteOrder.LITTLE_ENDIAN);
      // by the storage array, not the dtype: uint8..64 and float16 are raw bits in byte[]..long[] and short[]
      if (array instanceof byte[] a) {
        if (toArrow) b.put(a, at, n); else b.get(a, at, n);
      } else if (array instanceof short[] a) {
        if (toArrow) b.asShortBuffer().put(a, at, n); else b.asShortBuffer().get(a, at, n);
      } else if (array instanceof int[] a) {
        if (toArrow) b.asIntBuffer().put(a, at, n); else b.asIntBuffer().get(a, at, n);
      } else if (array instanceof long[] a) {
        if (toArrow) b.asLongBuffer().put(a, at, n); else b.asLongBuffer().get(a, at, n);
      } else if (array instanceof float[] a) {
        if (toArrow) b.asFloatBuffer().put(a, at, n); else b.asFloatBuffer().get(a, at, n);
      } else if (array instanceof double[] a) {
        if (toArrow) b.asDoubleBuffer().put(a, at, n); else b.asDoubleBuffer().get(a, at, n);
      } else {
        throw new AssertionError(dtype);
      }
    }
  }

  /** Offsets {@code [start, start + out.length)} of an int32 offset buffer, widened, in one pass per chunk. */
  static void readInt32Offsets(ArrowBuf buf, int start, long[] out) {
    int perChunk = CHUNK_BYTES / 4;
    for (int at = 0; at < out.length; at += perChunk) {
      int n = Math.min(perChunk, out.length - at);
      IntBuffer b = buf.nioBuffer((start + (long) at) * 4, n * 4).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer();
      for (int k = 0; k < n; k++) {
        out[at + k] = b.get(k);
      }
    }
  }

  /** Writes int32 row splits (which fit: {@code RowPartition} checks it) as an int32 offset buffer. */
  static void writeInt32Offsets(ArrowBuf buf, long[] splits) {
    int perChunk = CHUNK_BYTES / 4;
    for (int at = 0; at < splits.length; at += perChunk) {
      int n = Math.min(perChunk, splits.length - at);
      IntBuffer b = buf.nioBuffer((long) at * 4, n * 4).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer();
      for (int k = 0; k < n; k++) {
        b.put(k, (int) splits[at + k]);
      }
    }
  }

  /**
   * The dtype each fixed-width Arrow vector class reads as, tried in this order by instanceof (so a
   * subclass reads as its parent). Arrow's unsigned vectors hold the raw bits Tatter's unsigned
   * storage holds (UInt2Vector's char is 16 bits); Float2Vector holds IEEE binary16 bits, as
   * float16's short storage.
   */
  private static final List<Map.Entry<Class<? extends FieldVector>, DType>> DTYPES = List.of(
      Map.entry(TinyIntVector.class, DType.INT8),
      Map.entry(SmallIntVector.class, DType.INT16),
      Map.entry(IntVector.class, DType.INT32),
      Map.entry(BigIntVector.class, DType.INT64),
      Map.entry(Float4Vector.class, DType.FLOAT32),
      Map.entry(Float8Vector.class, DType.FLOAT64),
      Map.entry(UInt1Vector.class, DType.UINT8),
      Map.entry(UInt2Vector.class, DType.UINT16),
      Map.entry(UInt4Vector.class, DType.UINT32),
      Map.entry(UInt8Vector.class, DType.UINT64),
      Map.entry(Float2Vector.class, DType.FLOAT16));

  private static DType dtypeOf(FieldVector v, String path) {
    for (Map.Entry<Class<? extends FieldVector>, DType> e : DTYPES) {
      if (e.getKey().isInstance(v)) {
        return e.getValue();
      }
    }
    throw new InvalidArgumentException("arrow: " + path + " holds " + v.getField().getType() + " values; Tatter reads "
        + "Int(8, 16, 32, 64, signed or unsigned), FloatingPoint(HALF, SINGLE, DOUBLE), Bool, Utf8, LargeUtf8, Binary, LargeBinary and "
        + "Struct<real, imag> (complex)");
  }

  /**
   * Adds to {@code parent} the child holding {@code flat} (FixedSizeLists for its inner dimensions);
   * strings as {@code strings} says; {@code path} names the values in a refusal, as {@code toRagged}
   * names them ({@code out.values}).
   */
  static FieldVector addValuesChild(FieldVector parent, Tensor flat, ArrowStrings.Kind strings, String path) {
    int[] shape = flat.shape();
    FieldVector v = parent;
    String leafPath = path + ".values".repeat(shape.length - 1); // as toRagged names a leaf under fixed-size lists
    int rows = shape[0];
    for (int axis = 1; axis < shape.length; axis++) {
      FixedSizeListVector fixed = (FixedSizeListVector) ArrowRagged.addChild(v,
          FieldType.notNullable(new ArrowType.FixedSizeList(shape[axis])));
      fixed.setInitialCapacity(rows);
      fixed.allocateNew(); // a validity buffer for rows slots (the child is allocated when it is added)
      Validity.setAllValid(fixed.getValidityBuffer(), rows);
      fixed.setValueCount(rows);
      rows *= shape[axis];
      v = fixed;
    }
    if (flat.dtype().isComplex()) {
      return ArrowComplex.addChild(v, flat.reshape(flat.size()));
    }
    FieldVector leaf = ArrowRagged.addChild(v, FieldType.notNullable(flat.dtype() == DType.STRING ? strings.type
        : arrowType(flat.dtype())));
    if (flat.dtype() == DType.STRING) {
      ArrowStrings.write(leaf, flat.reshape(flat.size()), strings, leafPath);
    } else {
      write(leaf, flat);
    }
    return leaf;
  }

  static ArrowType arrowType(DType d) {
    return switch (d) {
      case BOOL -> ArrowType.Bool.INSTANCE;
      case INT8, INT16, INT32, INT64 -> new ArrowType.Int(d.bits(), true);
      case UINT8, UINT16, UINT32, UINT64 -> new ArrowType.Int(d.bits(), false);
      case FLOAT16 -> new ArrowType.FloatingPoint(FloatingPointPrecision.HALF);
      case BFLOAT16 -> throw new InvalidArgumentException("arrow: bfloat16 values have no Arrow type (Arrow's floats are"
          + " HALF, SINGLE and DOUBLE; cast to float32, which holds every bfloat16 exactly)");
      case FLOAT32 -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
      case FLOAT64 -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
      case STRING -> ArrowType.Utf8.INSTANCE; // or another ArrowStrings.Kind's, as the caller asks
      case COMPLEX64, COMPLEX128 ->
          throw new InvalidArgumentException("arrow: " + d + " values have no Arrow type Tatter writes");
    };
  }

  static void write(FieldVector leaf, Tensor flat) {
    int n = flat.size();
    Object data = flat.unsafeData(); // only read
    if (leaf instanceof BitVector bits) {
      bits.allocateNew(n);
      boolean[] b = (boolean[]) data;
      for (int i = 0; i < n; i++) {
        bits.set(i, b[i] ? 1 : 0);
      }
      bits.setValueCount(n);
      return;
    }
    // The buffers are allocated here and handed to the vector, not by allocateNew: allocateNew
    // zeroes the data buffer, a pass as long as the copy that then overwrites every byte of it.
    BaseFixedWidthVector fixed = (BaseFixedWidthVector) leaf;
    BufferAllocator allocator = fixed.getAllocator();
    int validityBytes = BitVectorHelper.getValidityBufferSizeFromCount(n);
    try (ArrowBuf values = allocator.buffer((long) n * (flat.dtype().bits() / 8));
         ArrowBuf validity = allocator.buffer(validityBytes)) {
      copy(values, 0, data, flat.dtype(), n, true);
      validity.setZero(0, validityBytes);
      Validity.setAllValid(validity, n);
      fixed.loadFieldBuffers(new ArrowFieldNode(n, 0), List.of(validity, values)); // the vector keeps its own references
    }
  }
}
