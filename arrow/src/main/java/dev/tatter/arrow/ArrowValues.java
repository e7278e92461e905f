package dev.tatter.arrow;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.FieldType;

/** The leaf vectors of a list: Arrow's value buffers to and from a tensor's flat array, in bulk. */
final class ArrowValues {
  private ArrowValues() {}

  /** Values [start, start + count) of a leaf vector as a vector tensor; refuses nulls. */
  static Tensor read(FieldVector v, int start, int count, String path) {
    for (int i = 0; i < count; i++) {
      if (v.isNull(start + i)) {
        throw new InvalidArgumentException("arrow: " + path + " value " + i + " is null (a tensor has no null values)");
      }
    }
    if (v instanceof BitVector bits) {
      boolean[] out = new boolean[count];
      for (int i = 0; i < count; i++) {
        out[i] = bits.get(start + i) != 0;
      }
      return Tensor.wrap(DType.BOOL, new int[] {count}, out);
    }
    if (v instanceof VarCharVector strings) {
      String[] out = new String[count];
      ArrowBuf offsets = strings.getOffsetBuffer();
      ArrowBuf data = strings.getDataBuffer();
      for (int i = 0; i < count; i++) {
        int from = offsets.getInt((long) (start + i) * 4);
        int to = offsets.getInt((long) (start + i + 1) * 4);
        byte[] utf8 = new byte[to - from];
        data.getBytes(from, utf8);
        out[i] = new String(utf8, StandardCharsets.UTF_8);
      }
      return Tensor.wrap(DType.STRING, new int[] {count}, out);
    }
    DType dtype = dtypeOf(v, path);
    int width = dtype.bits() / 8;
    ByteBuffer bytes = ((BaseFixedWidthVector) v).getDataBuffer().nioBuffer((long) start * width, count * width)
        .order(ByteOrder.LITTLE_ENDIAN);
    Object out = switch (dtype) {
      case INT8 -> {
        byte[] a = new byte[count];
        bytes.get(a);
        yield a;
      }
      case INT16 -> {
        short[] a = new short[count];
        bytes.asShortBuffer().get(a);
        yield a;
      }
      case INT32 -> {
        int[] a = new int[count];
        bytes.asIntBuffer().get(a);
        yield a;
      }
      case INT64 -> {
        long[] a = new long[count];
        bytes.asLongBuffer().get(a);
        yield a;
      }
      case FLOAT32 -> {
        float[] a = new float[count];
        bytes.asFloatBuffer().get(a);
        yield a;
      }
      case FLOAT64 -> {
        double[] a = new double[count];
        bytes.asDoubleBuffer().get(a);
        yield a;
      }
      default -> throw new AssertionError(dtype);
    };
    return Tensor.wrap(dtype, new int[] {count}, out);
  }

  private static DType dtypeOf(FieldVector v, String path) {
    if (v instanceof TinyIntVector) {
      return DType.INT8;
    }
    if (v instanceof SmallIntVector) {
      return DType.INT16;
    }
    if (v instanceof IntVector) {
      return DType.INT32;
    }
    if (v instanceof BigIntVector) {
      return DType.INT64;
    }
    if (v instanceof Float4Vector) {
      return DType.FLOAT32;
    }
    if (v instanceof Float8Vector) {
      return DType.FLOAT64;
    }
    throw new InvalidArgumentException("arrow: " + path + " holds " + v.getField().getType() + " values; Tatter reads "
        + "Int(8, 16, 32, 64, signed), FloatingPoint(SINGLE, DOUBLE), Bool and Utf8");
  }

  /** Adds to {@code parent} the child holding {@code flat} (FixedSizeLists for its inner dimensions). */
  static FieldVector addValuesChild(FieldVector parent, Tensor flat) {
    int[] shape = flat.shape();
    FieldVector v = parent;
    int rows = shape[0];
    for (int axis = 1; axis < shape.length; axis++) {
      FixedSizeListVector fixed = (FixedSizeListVector) ArrowRagged.addChild(v,
          FieldType.notNullable(new ArrowType.FixedSizeList(shape[axis])));
      fixed.allocateNew();
      for (int i = 0; i < rows; i++) {
        fixed.setNotNull(i);
      }
      fixed.setValueCount(rows);
      rows *= shape[axis];
      v = fixed;
    }
    FieldVector leaf = ArrowRagged.addChild(v, FieldType.notNullable(arrowType(flat.dtype())));
    write(leaf, flat);
    return leaf;
  }

  private static ArrowType arrowType(DType d) {
    return switch (d) {
      case BOOL -> ArrowType.Bool.INSTANCE;
      case INT8, INT16, INT32, INT64 -> new ArrowType.Int(d.bits(), true);
      case FLOAT32 -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
      case FLOAT64 -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
      case STRING -> ArrowType.Utf8.INSTANCE;
      default -> throw new InvalidArgumentException("arrow: " + d + " values have no Arrow type Tatter writes");
    };
  }

  private static void write(FieldVector leaf, Tensor flat) {
    int n = flat.size();
    Object data = flat.data();
    if (leaf instanceof BitVector bits) {
      bits.allocateNew(n);
      boolean[] b = (boolean[]) data;
      for (int i = 0; i < n; i++) {
        bits.set(i, b[i] ? 1 : 0);
      }
      bits.setValueCount(n);
      return;
    }
    if (leaf instanceof VarCharVector strings) {
      strings.allocateNew(n);
      String[] s = (String[]) data;
      for (int i = 0; i < n; i++) {
        strings.setSafe(i, s[i].getBytes(StandardCharsets.UTF_8));
      }
      strings.setValueCount(n);
      return;
    }
    BaseFixedWidthVector fixed = (BaseFixedWidthVector) leaf;
    fixed.allocateNew(n);
    int width = flat.dtype().bits() / 8;
    ByteBuffer bytes = ByteBuffer.allocate(n * width).order(ByteOrder.LITTLE_ENDIAN);
    switch (flat.dtype()) {
      case INT8 -> bytes.put((byte[]) data);
      case INT16 -> bytes.asShortBuffer().put((short[]) data);
      case INT32 -> bytes.asIntBuffer().put((int[]) data);
      case INT64 -> bytes.asLongBuffer().put((long[]) data);
      case FLOAT32 -> bytes.asFloatBuffer().put((float[]) data);
      case FLOAT64 -> bytes.asDoubleBuffer().put((double[]) data);
      default -> throw new AssertionError(flat.dtype());
    }
    fixed.getDataBuffer().setBytes(0, bytes.array());
    for (int i = 0; i < n; i++) {
      fixed.setIndexDefined(i);
    }
    fixed.setValueCount(n);
  }
}
