package dev.tatter.runtime.kernels.reduce;

import dev.tatter.runtime.Complex128;
import dev.tatter.runtime.Complex64;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.DTypeLayout;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.scalar.ComplexFunctions;
import dev.tatter.runtime.kernels.scalar.UnsignedFunctions;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;

/** The two halves of {@code reduce_mean}: TF's dense mean, and its ragged {@code sum / count}. */
final class MeanKernels {
  private MeanKernels() {}

  /**
   * TF's dense {@code Mean} kernel: int8, int16 and int32 are summed in int64 (TF's
   * {@code CASTING_SPECIALIZATION}), int64 in int64 (wrapping), then divided by the count with
   * truncation; floats are summed in their own dtype and divided by the count in that dtype,
   * so an empty float mean is NaN. An empty integer mean is 0 (TF's {@code MeanReducer}
   * starts at 0 and an empty reduction is never divided).
   */
  static Tensor denseMean(Tensor t, int[] axes, boolean keepdims) {
    DType dtype = t.dtype();
    long count = axes.length == t.rank() ? t.size() : t.shape()[axes[0]];
    long[] axis = Arrays.stream(axes).asLongStream().toArray();
    return switch (dtype) {
      case FLOAT16, BFLOAT16 -> narrowFloatMean(t, axis, keepdims, count);
      case COMPLEX64, COMPLEX128 ->
          complexQuotient((Tensor) ReductionKernels.reduce(Reducer.SUM, t, axis, keepdims), count, null);
      case FLOAT32, FLOAT64 -> floatMean(t, axis, keepdims, count);
      case INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64 -> integerMean(t, axis, keepdims, count);
      case BOOL, STRING -> throw new IllegalStateException("reduce_mean is not defined on " + dtype);
    };
  }

  /**
   * The 16-bit floats whose TF mean sums in float and rounds once (measured by the -Ptf oracle,
   * see docs/SEMANTICS.md). Every other one takes the path of Eigen's {@code MeanReducer}: the sum
   * in the dtype, rounded every step, over the count as the dtype, rounded.
   */
  private static final Set<DType> MEAN_SUMS_IN_FLOAT = EnumSet.of(DType.BFLOAT16);

  /** The mean of a float stored narrower than it computes: each rounding through its layout. */
  private static Tensor narrowFloatMean(Tensor t, long[] axis, boolean keepdims, long count) {
    DType dtype = t.dtype();
    if (MEAN_SUMS_IN_FLOAT.contains(dtype)) {
      Tensor wide = Tensor.wrap(DType.FLOAT32, t.shape(), UnsignedReductions.widenHalf(t));
      Tensor sum = (Tensor) ReductionKernels.reduce(Reducer.SUM, wide, axis, keepdims);
      float[] s = ((float[]) sum.unsafeData()).clone();
      for (int i = 0; i < s.length; i++) {
        s[i] = s[i] / (float) count;
      }
      return Tensor.wrap(dtype, sum.shape(), UnsignedReductions.half(dtype, s));
    }
    Tensor sum = (Tensor) ReductionKernels.reduce(Reducer.SUM, t, axis, keepdims);
    float[] s = UnsignedReductions.widenHalf(sum);
    float k = dtype.layout().roundTrip((float) count);
    for (int i = 0; i < s.length; i++) {
      s[i] = s[i] / k;
    }
    return Tensor.wrap(dtype, sum.shape(), UnsignedReductions.half(dtype, s));
  }

  private static Tensor floatMean(Tensor t, long[] axis, boolean keepdims, long count) {
    DType dtype = t.dtype();
    Tensor sum = (Tensor) ReductionKernels.reduce(Reducer.SUM, t, axis, keepdims);
    if (dtype == DType.FLOAT32) {
      float[] s = ((float[]) sum.unsafeData()).clone();
      for (int i = 0; i < s.length; i++) {
        s[i] = s[i] / (float) count;
      }
      return Tensor.wrap(dtype, sum.shape(), s);
    }
    double[] s = ((double[]) sum.unsafeData()).clone();
    for (int i = 0; i < s.length; i++) {
      s[i] = s[i] / (double) count;
    }
    return Tensor.wrap(dtype, sum.shape(), s);
  }

  private static Tensor integerMean(Tensor t, long[] axis, boolean keepdims, long count) {
    DType dtype = t.dtype();
    int[] shape = t.shape();
    long[] wide;
    if (dtype.isUnsigned()) {
      wide = UnsignedReductions.widen(t); // TF sums uint8/16/32 in uint64 and divides unsigned
    } else {
      wide = new long[t.size()];
      for (int i = 0; i < wide.length; i++) {
        wide[i] = t.getLong(i);
      }
    }
    Tensor sum = (Tensor) ReductionKernels.reduce(Reducer.SUM, Tensor.wrap(DType.INT64, shape, wide), axis, keepdims);
    long[] s = (long[]) sum.unsafeData();
    long[] mean = new long[s.length];
    for (int i = 0; i < s.length; i++) {
      mean[i] = count == 0 ? 0 : dtype.isUnsigned() ? Long.divideUnsigned(s[i], count) : s[i] / count;
    }
    if (dtype.isUnsigned()) {
      return Tensor.wrap(dtype, sum.shape(), UnsignedReductions.narrow(dtype, mean));
    }
    return narrowLongs(dtype, sum.shape(), mean);
  }

  /** int64 ones in the shape of {@code rt}'s flat values, under its partitions. */
  static RaggedTensor onesLike(RaggedTensor rt) {
    Tensor flat = rt.flatValues();
    long[] ones = new long[flat.size()];
    Arrays.fill(ones, 1L);
    return RaggedTensor.ofNested(Tensor.wrap(DType.INT64, flat.shape(), ones), rt.nestedPartitions());
  }

  /**
   * {@code sum / count} as TF's ragged mean computes it: the count (exact here, an int64) is
   * first taken in the sum's dtype — TF sums ones of that dtype, so an int8 count wraps — then
   * both are cast to the true-division dtype (float32 for int8/int16, float64 for int32/int64,
   * the float itself otherwise) and divided.
   */
  static Tensor trueDivide(Tensor sum, Tensor count) {
    DType dtype = sum.dtype();
    long[] c = (long[]) count.unsafeData();
    return switch (dtype) {
      case UINT8, UINT16, UINT32, UINT64 -> unsignedTrueDivide(sum, c);
      case COMPLEX64, COMPLEX128 -> complexQuotient(sum, 0, c);
      case FLOAT16, BFLOAT16 -> narrowFloatTrueDivide(sum, c);
      case INT8, INT16, INT32, INT64, FLOAT32, FLOAT64 -> realTrueDivide(sum, c);
      case BOOL, STRING -> throw new IllegalStateException("reduce_mean is not defined on " + dtype);
    };
  }

  /** TF's sum / count in a float stored narrower than it computes: the count becomes that dtype too (rounded through its layout). */
  private static Tensor narrowFloatTrueDivide(Tensor sum, long[] c) {
    DType dtype = sum.dtype();
    DTypeLayout layout = dtype.layout();
    float[] s = UnsignedReductions.widenHalf(sum);
    for (int i = 0; i < s.length; i++) {
      s[i] = s[i] / layout.roundTrip((float) c[i]);
    }
    return Tensor.wrap(dtype, sum.shape(), UnsignedReductions.half(dtype, s));
  }

  /** The true division of a signed integer or float32/float64 sum, in float32 or float64. */
  private static Tensor realTrueDivide(Tensor sum, long[] c) {
    DType dtype = sum.dtype();
    int n = sum.size();
    if (dtype == DType.FLOAT32 || dtype == DType.INT8 || dtype == DType.INT16) {
      float[] out = new float[n];
      for (int i = 0; i < n; i++) {
        float s = dtype == DType.FLOAT32 ? ((float[]) sum.unsafeData())[i] : (float) sum.getLong(i);
        float k = dtype == DType.INT8 ? (float) (byte) c[i] : dtype == DType.INT16 ? (float) (short) c[i] : (float) c[i];
        out[i] = s / k;
      }
      return Tensor.wrap(DType.FLOAT32, sum.shape(), out);
    }
    double[] out = new double[n];
    for (int i = 0; i < n; i++) {
      double s = dtype == DType.FLOAT64 ? ((double[]) sum.unsafeData())[i] : (double) sum.getLong(i);
      double k = dtype == DType.INT32 ? (double) (int) c[i] : (double) c[i];
      out[i] = s / k;
    }
    return Tensor.wrap(DType.FLOAT64, sum.shape(), out);
  }

  /**
   * A complex sum over its count ({@code counts[i]}, or {@code count} for every element when
   * counts is null), as TF divides both its dense Mean ({@code sum / static_cast<T>(n)}) and its
   * ragged {@code sum / count}: by the complex number {@code (n, 0)} with Eigen's complex division,
   * which divides each part by n once for finite sums; an empty mean is 0j / 0j, NaN+NaNj.
   */
  private static Tensor complexQuotient(Tensor sum, long count, long[] counts) {
    Object[] s = (Object[]) sum.unsafeData();
    Object out = sum.dtype().layout().newArray(s.length);
    Object[] o = (Object[]) out;
    for (int i = 0; i < s.length; i++) {
      long n = counts == null ? count : counts[i];
      o[i] = s[i] instanceof Complex64 c
          ? ComplexFunctions.truediv(c, new Complex64((float) n, 0f))
          : ComplexFunctions.truediv((Complex128) s[i], new Complex128((double) n, 0.0));
    }
    return Tensor.wrap(sum.dtype(), sum.shape(), out);
  }

  /** {@link #trueDivide} of an unsigned sum: the count wraps to the dtype, both are cast as {@code cast} casts them. */
  private static Tensor unsignedTrueDivide(Tensor sum, long[] c) {
    DType dtype = sum.dtype();
    long[] s = UnsignedReductions.widen(sum);
    long[] k = UnsignedReductions.widen(Tensor.wrap(dtype, new int[] {c.length}, UnsignedReductions.narrow(dtype, c)));
    if (dtype.trueDivDType() == DType.FLOAT32) {
      float[] out = new float[s.length];
      for (int i = 0; i < out.length; i++) {
        out[i] = (float) s[i] / (float) k[i];
      }
      return Tensor.wrap(DType.FLOAT32, sum.shape(), out);
    }
    double[] out = new double[s.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = UnsignedFunctions.toFloat64Unsigned(s[i]) / UnsignedFunctions.toFloat64Unsigned(k[i]);
    }
    return Tensor.wrap(DType.FLOAT64, sum.shape(), out);
  }

  private static Tensor narrowLongs(DType dtype, int[] shape, long[] values) {
    Object out = switch (dtype) {
      case INT8 -> {
        byte[] a = new byte[values.length];
        for (int i = 0; i < a.length; i++) {
          a[i] = (byte) values[i];
        }
        yield a;
      }
      case INT16 -> {
        short[] a = new short[values.length];
        for (int i = 0; i < a.length; i++) {
          a[i] = (short) values[i];
        }
        yield a;
      }
      case INT32 -> {
        int[] a = new int[values.length];
        for (int i = 0; i < a.length; i++) {
          a[i] = (int) values[i];
        }
        yield a;
      }
      case INT64 -> values;
      case BOOL, FLOAT32, FLOAT64, STRING, UINT8, UINT16, UINT32, UINT64, FLOAT16, BFLOAT16, COMPLEX64, COMPLEX128 ->
          throw new IllegalStateException(dtype + " is not a signed integer");
    };
    return Tensor.wrap(dtype, shape, out);
  }
}
