package dev.tatter.runtime.kernels;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.function.BiFunction;

/**
 * Reductions of unsigned integers on the signed {@code long} loops of {@link ReduceLoops}. The
 * values are widened to longs (uint8, uint16 and uint32 zero-extended, uint64 as raw bits): sums
 * and products modulo 2^64 narrow to the same bits as wrapping at every step, and zero-extended
 * values order as unsigned. uint64 is ordered through the order-preserving map {@code x ^ 2^63}
 * (unsigned order of x is the signed order of its image), applied before and after min and max.
 */
final class UnsignedReductions {
  private UnsignedReductions() {}

  /** {@code loop(values, init)} on {@code data} widened to longs, narrowed back to its dtype. */
  static Object unsigned(Reducer op, Tensor data, BiFunction<long[], Long, long[]> loop) {
    DType dtype = data.dtype();
    boolean flip = dtype == DType.UINT64 && (op == Reducer.MIN || op == Reducer.MAX);
    long[] wide = widen(data);
    long init = op.identityLong(dtype);
    if (flip) {
      for (int i = 0; i < wide.length; i++) {
        wide[i] ^= Long.MIN_VALUE;
      }
      init ^= Long.MIN_VALUE;
    }
    long[] out = loop.apply(wide, init);
    if (flip) {
      for (int i = 0; i < out.length; i++) {
        out[i] ^= Long.MIN_VALUE;
      }
    }
    return narrow(dtype, out);
  }

  /** The values as longs: zero-extended, or uint64's raw bits (always a fresh array). */
  static long[] widen(Tensor data) {
    long[] wide = new long[data.size()];
    Object array = data.data();
    if (array instanceof byte[] b) {
      for (int i = 0; i < wide.length; i++) {
        wide[i] = b[i] & 0xFF;
      }
    } else if (array instanceof short[] s) {
      for (int i = 0; i < wide.length; i++) {
        wide[i] = s[i] & 0xFFFF;
      }
    } else if (array instanceof int[] a) {
      for (int i = 0; i < wide.length; i++) {
        wide[i] = a[i] & 0xFFFFFFFFL;
      }
    } else {
      System.arraycopy((long[]) array, 0, wide, 0, wide.length);
    }
    return wide;
  }

  /** The low bits of each value, stored as {@code dtype}. */
  static Object narrow(DType dtype, long[] values) {
    Object out = dtype.layout().newArray(values.length);
    if (out instanceof byte[] b) {
      for (int i = 0; i < b.length; i++) {
        b[i] = (byte) values[i];
      }
    } else if (out instanceof short[] s) {
      for (int i = 0; i < s.length; i++) {
        s[i] = (short) values[i];
      }
    } else if (out instanceof int[] a) {
      for (int i = 0; i < a.length; i++) {
        a[i] = (int) values[i];
      }
    } else {
      return values;
    }
    return out;
  }
}
