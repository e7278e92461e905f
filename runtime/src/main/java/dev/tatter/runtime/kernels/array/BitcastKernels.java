package dev.tatter.runtime.kernels.array;

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
    int[] shape = x.shape();
    int[] outShape = outShape(from, type, shape);
    ByteBuffer bytes = ByteBuffer.allocate(Math.multiplyExact(x.size(), from.bits() / 8)).order(ByteOrder.LITTLE_ENDIAN);
    write(bytes, x.unsafeData());
    bytes.flip();
    int count = Sizes.elementCount(outShape);
    Object out = type.layout().newArray(count);
    read(bytes, out);
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

  private static void write(ByteBuffer b, Object data) {
    if (data instanceof byte[] a) {
      b.put(a);
    } else if (data instanceof short[] a) {
      b.asShortBuffer().put(a);
      b.position(b.position() + 2 * a.length);
    } else if (data instanceof int[] a) {
      b.asIntBuffer().put(a);
      b.position(b.position() + 4 * a.length);
    } else if (data instanceof long[] a) {
      b.asLongBuffer().put(a);
      b.position(b.position() + 8 * a.length);
    } else if (data instanceof float[] a) {
      for (float f : a) {
        b.putInt(Float.floatToRawIntBits(f));
      }
    } else {
      for (double d : (double[]) data) {
        b.putLong(Double.doubleToRawLongBits(d));
      }
    }
  }

  private static void read(ByteBuffer b, Object out) {
    if (out instanceof byte[] a) {
      b.get(a);
    } else if (out instanceof short[] a) {
      b.asShortBuffer().get(a);
    } else if (out instanceof int[] a) {
      b.asIntBuffer().get(a);
    } else if (out instanceof long[] a) {
      b.asLongBuffer().get(a);
    } else if (out instanceof float[] a) {
      for (int i = 0; i < a.length; i++) {
        a[i] = Float.intBitsToFloat(b.getInt());
      }
    } else {
      double[] a = (double[]) out;
      for (int i = 0; i < a.length; i++) {
        a[i] = Double.longBitsToDouble(b.getLong());
      }
    }
  }
}
