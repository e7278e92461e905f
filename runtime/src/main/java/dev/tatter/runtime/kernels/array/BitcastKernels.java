package dev.tatter.runtime.kernels.array;

import dev.tatter.runtime.Complex128;
import dev.tatter.runtime.Complex64;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * TF's {@code tf.bitcast}: the same bytes read as another dtype, in the little-endian order of
 * TF's x86 memory. Elements keep their raw bits (NaN payloads, -0.0, a uint64 above 2^63). A wider
 * source gains a last dimension of {@code source width / target width}; a narrower one must have a
 * last dimension of {@code target width / source width}, which goes away.
 */
public final class BitcastKernels {
  private BitcastKernels() {}

  public static Tensor bitcast(Tensor x, DType type) {
    DType from = x.dtype();
    int[] outShape = outShape(from, type, x.shape());
    int count = Sizes.elementCount(outShape);
    Object out = type.layout().newArray(count);
    // a block of the wider width holds whole elements of both dtypes (every width is a power of 2)
    int in = from.bits() / 8, width = type.bits() / 8;
    int block = Math.max(in, width);
    ByteBuffer bytes = ByteBuffer.allocate(block).order(ByteOrder.LITTLE_ENDIAN);
    Object data = x.unsafeData();
    for (int blocks = (int) ((long) x.size() * in / block), b = 0; b < blocks; b++) {
      bytes.clear();
      for (int k = 0, i = b * (block / in); k < block / in; k++, i++) {
        write(bytes, data, i);
      }
      bytes.flip();
      for (int k = 0, o = b * (block / width); k < block / width; k++, o++) {
        read(bytes, out, o);
      }
    }
    return Tensor.wrap(type, outShape, out);
  }

  /** The result shape, or TF's error when the last dimension does not hold whole target elements. */
  static int[] outShape(DType from, DType to, int[] shape) {
    int in = from.bits() / 8, out = to.bits() / 8;
    if (in == out) {
      return shape;
    }
    if (in > out) {
      int[] s = Arrays.copyOf(shape, shape.length + 1);
      s[shape.length] = in / out;
      return s;
    }
    if (shape.length == 0 || shape[shape.length - 1] != out / in) {
      throw new InvalidArgumentException("Cannot bitcast from " + from + " to " + to + ": shape "
          + Arrays.toString(shape) + " (the last dimension must be " + out / in + ")");
    }
    return Arrays.copyOf(shape, shape.length - 1);
  }

  /**
   * The elements' bytes as they lie in memory, little-endian (what TF's {@code Fingerprint} reads):
   * a bool is one byte 0 or 1, a complex number its real then its imaginary part. Kernel internal,
   * not API.
   */
  public static byte[] littleEndianBytes(Tensor x) {
    Object data = x.unsafeData();
    int width = Math.max(x.dtype().bits() / 8, 1);
    ByteBuffer bytes = ByteBuffer.allocate(Math.multiplyExact(x.size(), width)).order(ByteOrder.LITTLE_ENDIAN);
    if (data instanceof boolean[] a) {
      for (boolean v : a) {
        bytes.put((byte) (v ? 1 : 0));
      }
    } else {
      for (int i = 0; i < x.size(); i++) {
        write(bytes, data, i);
      }
    }
    return bytes.array();
  }

  /** Element {@code i}'s bytes; a complex element is its real part, then its imaginary part (TF's layout). */
  private static void write(ByteBuffer b, Object data, int i) {
    if (data instanceof byte[] a) {
      b.put(a[i]);
    } else if (data instanceof short[] a) {
      b.putShort(a[i]);
    } else if (data instanceof int[] a) {
      b.putInt(a[i]);
    } else if (data instanceof long[] a) {
      b.putLong(a[i]);
    } else if (data instanceof float[] a) {
      b.putInt(Float.floatToRawIntBits(a[i]));
    } else if (data instanceof double[] a) {
      b.putLong(Double.doubleToRawLongBits(a[i]));
    } else if (data instanceof Complex64[] a) {
      b.putInt(Float.floatToRawIntBits(a[i].re())).putInt(Float.floatToRawIntBits(a[i].im()));
    } else {
      Complex128 c = ((Complex128[]) data)[i];
      b.putLong(Double.doubleToRawLongBits(c.re())).putLong(Double.doubleToRawLongBits(c.im()));
    }
  }

  private static void read(ByteBuffer b, Object out, int i) {
    if (out instanceof byte[] a) {
      a[i] = b.get();
    } else if (out instanceof short[] a) {
      a[i] = b.getShort();
    } else if (out instanceof int[] a) {
      a[i] = b.getInt();
    } else if (out instanceof long[] a) {
      a[i] = b.getLong();
    } else if (out instanceof float[] a) {
      a[i] = Float.intBitsToFloat(b.getInt());
    } else if (out instanceof double[] a) {
      a[i] = Double.longBitsToDouble(b.getLong());
    } else if (out instanceof Complex64[] a) {
      a[i] = new Complex64(Float.intBitsToFloat(b.getInt()), Float.intBitsToFloat(b.getInt()));
    } else {
      ((Complex128[]) out)[i] = new Complex128(Double.longBitsToDouble(b.getLong()), Double.longBitsToDouble(b.getLong()));
    }
  }
}
