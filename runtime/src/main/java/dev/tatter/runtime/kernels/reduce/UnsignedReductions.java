package dev.tatter.runtime.kernels.reduce;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.DTypeLayout;
import dev.tatter.runtime.Tensor;
import java.util.function.BiFunction;

/**
 * Reductions of the dtypes stored in another form than they compute in, on the loops of {@link
 * ReduceLoops}. float16 and bfloat16 sums and products round every step to the 16-bit format
 * through the dtype's layout ({@link dev.tatter.runtime.DTypeLayout#roundTrip(float)}), as TF's
 * reducers on {@code Eigen::half} do (and as a fused row fold does); min and max are exact.
 * Unsigned integers run on the signed {@code long} loops. The
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
    Object array = data.unsafeData();
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

  /** float16 or bfloat16 values as floats (exactly). */
  static float[] widenHalf(Tensor data) {
    DTypeLayout layout = data.dtype().layout();
    Object in = data.unsafeData();
    float[] out = new float[data.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = layout.getFloat(in, i);
    }
    return out;
  }

  /** Float results rounded to {@code dtype}'s bits. */
  static Object half(DType dtype, float[] values) {
    DTypeLayout layout = dtype.layout();
    Object out = layout.newArray(values.length);
    for (int i = 0; i < values.length; i++) {
      layout.setFloat(out, i, values[i]);
    }
    return out;
  }

  /** {@link ReduceLoops#rows} on 16-bit floats, rounding each sum or product step. */
  static Object halfRows(Reducer op, Reducer.Mode mode, Tensor data, long[] splits, float init) {
    DType dtype = data.dtype();
    DTypeLayout layout = dtype.layout();
    float[] x = widenHalf(data);
    if (op == Reducer.MIN || op == Reducer.MAX) {
      return half(dtype, ReduceLoops.rows(op, mode, x, splits, init));
    }
    float[] out = new float[splits.length - 1];
    for (int r = 0; r < out.length; r++) {
      float acc = init;
      for (int i = (int) splits[r]; i < (int) splits[r + 1]; i++) {
        acc = layout.roundTrip(op == Reducer.SUM ? acc + x[i] : acc * x[i]);
      }
      out[r] = acc;
    }
    return half(dtype, out);
  }

  /** {@link ReduceLoops#segments} on 16-bit floats, rounding each sum or product step. */
  static Object halfSegments(Reducer op, Reducer.Mode mode, Tensor data, int inner, int[] ids, int nseg, float init) {
    DType dtype = data.dtype();
    DTypeLayout layout = dtype.layout();
    float[] x = widenHalf(data);
    if (op == Reducer.MIN || op == Reducer.MAX) {
      return half(dtype, ReduceLoops.segments(op, mode, x, inner, ids, nseg, init));
    }
    float[] out = new float[dev.tatter.runtime.Sizes.elementCount(new long[] {nseg, inner})];
    java.util.Arrays.fill(out, init);
    for (int v = 0; v < ids.length; v++) {
      for (int k = 0; k < inner; k++) {
        int o = ids[v] * inner + k;
        float y = x[v * inner + k];
        out[o] = layout.roundTrip(op == Reducer.SUM ? out[o] + y : out[o] * y);
      }
    }
    return half(dtype, out);
  }
}
