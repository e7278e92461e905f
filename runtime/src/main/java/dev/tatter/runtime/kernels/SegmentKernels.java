package dev.tatter.runtime.kernels;

import dev.tatter.runtime.Complex128;
import dev.tatter.runtime.Complex64;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Scalars;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import java.lang.reflect.Array;
import java.util.Arrays;

/**
 * TF's segment reductions of dense data: {@code tf.math.unsorted_segment_*} (any order; a
 * negative id drops its row, as in TF; an empty segment holds the reduction's start value, for
 * max the dtype's lowest) and {@code tf.math.segment_*} (ids sorted; an empty segment is 0).
 * {@code mean} and {@code sqrt_n} divide the sum by the count (or its square root), at least 1.
 */
public final class SegmentKernels {
  private SegmentKernels() {}

  public static Tensor unsortedSegment(String op, Tensor data, Tensor segmentIds, Tensor numSegments) {
    if (numSegments.rank() != 0) {
      throw new InvalidArgumentException("num_segments should be a scalar, not shape " + Arrays.toString(numSegments.shape()));
    }
    long n = numSegments.getLong(0);
    if (n < 0) {
      throw new InvalidArgumentException("num_segments must be >= 0, got " + n);
    }
    int nseg = Sizes.toIntSize(n, "num_segments");
    int inner = checkPrefix(data, segmentIds);
    int[] ids = new int[segmentIds.size()];
    for (int i = 0; i < ids.length; i++) {
      long id = segmentIds.getLong(i);
      if (id >= nseg) {
        throw new InvalidArgumentException("segment_ids" + RaggedGatherKernels.position(segmentIds.shape(), i) + " = " + id
            + " is out of range [0, " + nseg + ")");
      }
      // a negative id drops the row: it goes to one extra segment, cut off below
      ids[i] = id < 0 ? nseg : (int) id;
    }
    return reduce(op, data, segmentIds.rank(), inner, ids, nseg, false);
  }

  public static Tensor segment(String op, Tensor data, Tensor segmentIds) {
    if (segmentIds.rank() != 1) {
      throw new InvalidArgumentException("segment_ids should be a vector, not shape " + Arrays.toString(segmentIds.shape()));
    }
    int inner = checkPrefix(data, segmentIds);
    int[] ids = new int[segmentIds.size()];
    long previous = 0;
    for (int i = 0; i < ids.length; i++) {
      long id = segmentIds.getLong(i);
      if (id < 0) {
        throw new InvalidArgumentException("segment_ids[" + i + "] = " + id + " must be >= 0");
      }
      if (id < previous) {
        throw new InvalidArgumentException("segment ids are not increasing: segment_ids[" + i + "] = " + id
            + " follows " + previous);
      }
      previous = id;
      ids[i] = Sizes.toIntSize(id, "segment_ids[" + i + "]");
    }
    int nseg = ids.length == 0 ? 0 : Sizes.toIntSize(ids[ids.length - 1] + 1L, "the number of segments");
    return reduce(op, data, 1, inner, ids, nseg, true);
  }

  private static int checkPrefix(Tensor data, Tensor ids) {
    int[] ds = data.shape();
    int[] is = ids.shape();
    if (is.length > ds.length || !Arrays.equals(is, Arrays.copyOf(ds, is.length))) {
      throw new InvalidArgumentException("data.shape = " + Arrays.toString(ds) + " does not start with segment_ids.shape = "
          + Arrays.toString(is));
    }
    int inner = 1;
    for (int a = is.length; a < ds.length; a++) {
      inner *= ds[a];
    }
    return inner;
  }

  /**
   * TF's sorted segment sum starts from a segment's first row, not from 0, so a segment of only
   * {@code -0.0} sums to {@code -0.0} (the -Ptf oracle showed it); {@code 0 + s} differs from
   * {@code s} for no other {@code s}.
   */
  private static void keepNegativeZero(Tensor flat, int[] ids, int inner, int nseg, Object out) {
    boolean[] allNegativeZero = new boolean[nseg * inner];
    java.util.Arrays.fill(allNegativeZero, true);
    for (int v = 0; v < ids.length; v++) {
      for (int i = 0; i < inner; i++) {
        double x = flat.getDouble(v * inner + i);
        if (x != 0 || Double.doubleToRawLongBits(x) == 0) {
          allNegativeZero[ids[v] * inner + i] = false;
        }
      }
    }
    for (int k = 0; k < allNegativeZero.length; k++) {
      if (allNegativeZero[k] && Array.getDouble(out, k) == 0) {
        if (out instanceof float[] f) {
          f[k] = -0f;
        } else {
          ((double[]) out)[k] = -0.0;
        }
      }
    }
  }

  /** {@link #keepNegativeZero} for each part of a complex sum: TF's complex sum also starts from the segment's first row. */
  private static void keepNegativeZeroParts(Tensor flat, int[] ids, int inner, int nseg, Object[] out) {
    boolean[] reAllNegativeZero = new boolean[nseg * inner];
    boolean[] imAllNegativeZero = new boolean[nseg * inner];
    java.util.Arrays.fill(reAllNegativeZero, true);
    java.util.Arrays.fill(imAllNegativeZero, true);
    for (int v = 0; v < ids.length; v++) {
      for (int i = 0; i < inner; i++) {
        int k = ids[v] * inner + i;
        reAllNegativeZero[k] &= isNegativeZero(flat.real(v * inner + i));
        imAllNegativeZero[k] &= isNegativeZero(flat.imag(v * inner + i));
      }
    }
    boolean single = flat.dtype() == DType.COMPLEX64;
    for (int k = 0; k < out.length; k++) {
      if (reAllNegativeZero[k] || imAllNegativeZero[k]) {
        double re = single ? ((Complex64) out[k]).re() : ((Complex128) out[k]).re();
        double im = single ? ((Complex64) out[k]).im() : ((Complex128) out[k]).im();
        re = reAllNegativeZero[k] && re == 0 ? -0.0 : re;
        im = imAllNegativeZero[k] && im == 0 ? -0.0 : im;
        out[k] = single ? new Complex64((float) re, (float) im) : new Complex128(re, im);
      }
    }
  }

  /**
   * The fold starts from the dtype's largest finite value (TF's unsorted kernels' start, shared with
   * them), but TF's sorted min/max start from a segment's first row: a segment of only +inf has the
   * min +inf, not the largest float (the -Ptf oracle showed it). Only such segments differ.
   */
  private static void keepInfinities(Reducer reducer, Tensor flat, int[] ids, int inner, long[] counts, Object out) {
    double infinity = reducer == Reducer.MIN ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
    DType dtype = flat.dtype();
    double start = reducer == Reducer.MIN ? dtype.maxFloat() : -dtype.maxFloat();
    int n = Array.getLength(out);
    boolean[] candidate = new boolean[n];
    boolean any = false;
    for (int k = 0; k < n; k++) {
      // only an element still at the fold's start can be a segment of infinities
      candidate[k] = counts[k / inner] > 0 && ((Number) dtype.layout().get(out, k)).doubleValue() == start;
      any |= candidate[k];
    }
    if (!any) {
      return;
    }
    for (int v = 0; v < ids.length; v++) {
      for (int i = 0; i < inner; i++) {
        int k = ids[v] * inner + i;
        candidate[k] &= flat.getDouble(v * inner + i) == infinity;
      }
    }
    for (int k = 0; k < n; k++) {
      if (candidate[k]) {
        Scalars.store(dtype, out, k, infinity);
      }
    }
  }

  private static boolean isNegativeZero(double x) {
    return x == 0 && Double.doubleToRawLongBits(x) != 0;
  }

  private static Tensor reduce(String op, Tensor data, int idRank, int inner, int[] ids, int nseg, boolean emptyIsZero) {
    DType dtype = data.dtype();
    if (!dtype.isNumeric() && !dtype.isComplex()) {
      throw new InvalidArgumentException("segment reductions take numeric data, got " + dtype);
    }
    Reducer reducer = switch (op) {
      case "sum", "mean", "sqrt_n" -> Reducer.SUM;
      case "prod" -> Reducer.PROD;
      case "min" -> Reducer.MIN;
      case "max" -> Reducer.MAX;
      default -> throw new IllegalArgumentException("unknown segment reduction " + op);
    };
    int[] dataShape = data.shape();
    int[] outShape = new int[dataShape.length - idRank + 1];
    outShape[0] = nseg;
    System.arraycopy(dataShape, idRank, outShape, 1, outShape.length - 1);
    int[] withTrash = outShape.clone();
    withTrash[0] = nseg + 1;
    int[] flatShape = {ids.length * inner};
    Tensor flat = data.reshape(flatShape);
    Tensor reduced = ReductionKernels.segments(reducer, Reducer.Mode.SEGMENT, flat, inner, ids, nseg + 1, withTrash);
    long[] counts = new long[nseg + 1];
    for (int id : ids) {
      counts[id]++;
    }
    Object out = java.lang.reflect.Array.newInstance(reduced.unsafeData().getClass().getComponentType(), Sizes.elementCount(outShape));
    System.arraycopy(reduced.unsafeData(), 0, out, 0, nseg * inner);
    if (emptyIsZero && reducer == Reducer.SUM && dtype.isFloating()) {
      keepNegativeZero(flat, ids, inner, nseg, out);
    } else if (emptyIsZero && reducer == Reducer.SUM && dtype.isComplex()) {
      keepNegativeZeroParts(flat, ids, inner, nseg, (Object[]) out);
    } else if (emptyIsZero && (reducer == Reducer.MIN || reducer == Reducer.MAX) && dtype.isFloating()) {
      keepInfinities(reducer, flat, ids, inner, counts, out);
    }
    for (int s = 0; s < nseg; s++) {
      for (int i = 0; i < inner; i++) {
        int k = s * inner + i;
        if (emptyIsZero && counts[s] == 0) {
          // TF's sorted kernels fill an empty segment with their default value: 1 for prod, 0 otherwise
          long empty = reducer == Reducer.PROD ? 1 : 0;
          Scalars.store(dtype, out, k, dtype.isFloating() || dtype.isComplex() ? (Object) (double) empty : (Object) empty);
        } else if (op.equals("mean") || op.equals("sqrt_n")) {
          long count = Math.max(counts[s], 1);
          if (dtype.isComplex()) {
            // TF's complex SegmentMean: the sum over complex(n, 0) by Eigen's complex division
            Object[] o = (Object[]) out;
            o[k] = o[k] instanceof Complex64 c
                ? ComplexFunctions.truediv(c, new Complex64((float) count, 0f))
                : ComplexFunctions.truediv((Complex128) o[k], new Complex128((double) count, 0.0));
          } else if (dtype == DType.FLOAT32) {
            float sum = ((float[]) out)[k];
            ((float[]) out)[k] = op.equals("mean") ? sum / (float) count : sum / (float) Math.sqrt(count);
          } else {
            double sum = ((double[]) out)[k];
            ((double[]) out)[k] = op.equals("mean") ? sum / count : sum / Math.sqrt(count);
          }
        }
      }
    }
    return Tensor.wrap(dtype, outShape, out);
  }
}
