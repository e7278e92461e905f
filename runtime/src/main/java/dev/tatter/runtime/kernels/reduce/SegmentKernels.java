package dev.tatter.runtime.kernels.reduce;

import dev.tatter.runtime.Complex128;
import dev.tatter.runtime.Complex64;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.DTypeLayout;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Scalars;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.gather.RaggedGatherKernels;
import dev.tatter.runtime.kernels.scalar.ComplexFunctions;
import java.lang.reflect.Array;
import java.util.Arrays;

/**
 * TF's segment reductions of dense data: {@code tf.math.unsorted_segment_*} (any order; a
 * negative id drops its row, as in TF; an empty segment holds the reduction's start value, for
 * max the dtype's lowest) and {@code tf.math.segment_*} (ids sorted; a one-row segment is its
 * row, an empty one 0, or 1 for prod). {@code mean} and {@code sqrt_n} divide the sum by the count
 * (or its square root), at least 1.
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
   * The one reduction behind both families. Unsorted ({@code sorted} false): every segment folds
   * from {@link Reducer.Mode#SEGMENT}'s start, an empty one keeps it, and mean and sqrt_n divide by
   * the count, at least 1. Sorted: {@link Reducer.Mode#SORTED_SEGMENT}, TF's {@code
   * SegmentReductionOp} — a segment of one row is that row, copied; a longer one folds from the
   * reducer's start; an empty one is TF's default value, 1 for prod and 0 otherwise.
   */
  private static Tensor reduce(String op, Tensor data, int idRank, int inner, int[] ids, int nseg, boolean sorted) {
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
    Reducer.Mode mode = sorted ? Reducer.Mode.SORTED_SEGMENT : Reducer.Mode.SEGMENT;
    Tensor reduced = ReductionKernels.segments(reducer, mode, flat, inner, ids, nseg + 1, withTrash);
    long[] counts = new long[nseg + 1];
    for (int id : ids) {
      counts[id]++;
    }
    Object out = dtype.layout().newArray(Sizes.elementCount(outShape));
    dtype.layout().copy(reduced.unsafeData(), 0, out, 0, nseg * inner);
    boolean divides = op.equals("mean") || op.equals("sqrt_n");
    if (divides && dtype.isInteger() && !sorted) {
      return trueDivisionMean(dtype, out, inner, counts, outShape);
    }
    for (int s = 0; s < nseg; s++) {
      if (sorted && counts[s] == 0) {
        // TF's sorted kernels fill an empty segment with their default value: 1 for prod, 0 otherwise
        long empty = reducer == Reducer.PROD ? 1 : 0;
        for (int k = s * inner; k < (s + 1) * inner; k++) {
          Scalars.store(dtype, out, k, dtype.isFloating() || dtype.isComplex() ? (Object) (double) empty : (Object) empty);
        }
      } else if (divides && !(sorted && counts[s] == 1)) {
        for (int k = s * inner; k < (s + 1) * inner; k++) {
          divide(op, dtype, out, k, Math.max(counts[s], 1));
        }
      }
    }
    if (sorted) {
      // a segment of one row is that row: TF copies it (so -0.0 stays -0.0, and a complex row is not multiplied by 1+0j)
      for (int v = 0; v < ids.length; v++) {
        if (counts[ids[v]] == 1) {
          dtype.layout().copy(flat.unsafeData(), v * inner, out, ids[v] * inner, inner);
        }
      }
    }
    return Tensor.wrap(dtype, outShape, out);
  }

  /**
   * TF's {@code unsorted_segment_mean} of integers, which its Python layer computes as {@code
   * unsorted_segment_sum(data) / maximum(N, 1)}: the sums wrap in the data's dtype, the counts
   * {@code N} are an {@code unsorted_segment_sum} of ones in that dtype too (so they wrap as well),
   * and {@code /} is true division, both operands cast to float32 (8- and 16-bit integers) or
   * float64 first.
   */
  private static Tensor trueDivisionMean(DType dtype, Object sums, int inner, long[] counts, int[] outShape) {
    DType to = dtype.trueDivDType();
    Object out = to.layout().newArray(Sizes.elementCount(outShape));
    for (int s = 0; s < outShape[0]; s++) {
      double n = Math.max(Scalars.loadDouble(dtype, inDType(dtype, counts[s]), 0), 1);
      for (int k = s * inner; k < (s + 1) * inner; k++) {
        double sum = Scalars.loadDouble(dtype, sums, k);
        if (to == DType.FLOAT32) {
          ((float[]) out)[k] = (float) sum / (float) n;
        } else {
          ((double[]) out)[k] = sum / n;
        }
      }
    }
    return Tensor.wrap(to, outShape, out);
  }

  /** A one-element array of {@code dtype} holding {@code count} as TF's {@code T(count)} converts it (wrapping). */
  private static Object inDType(DType dtype, long count) {
    Object one = dtype.layout().newArray(1);
    Scalars.store(dtype, one, 0, count);
    return one;
  }

  /** {@code out[k]}, a sum, over the count (mean) or its square root (sqrt_n). */
  private static void divide(String op, DType dtype, Object out, int k, long count) {
    if (dtype.isInteger()) {
      // Eigen's MeanReducer on integers: sum / T(count), C++'s division (toward zero; unsigned for
      // unsigned dtypes), the count converted to the data's dtype first
      Object n = inDType(dtype, count);
      long divisor = ((Number) dtype.layout().get(n, 0)).longValue(); // zero-extended, or uint64's raw bits
      if (divisor == 0) {
        throw new InvalidArgumentException("segment_mean of " + dtype + ": a segment of " + count + " rows, a count that is 0 as "
            + dtype + " (TF's kernel divides by the count in the data's dtype)");
      }
      long sum = ((Number) dtype.layout().get(out, k)).longValue();
      Scalars.store(dtype, out, k, dtype.isUnsigned() ? Long.divideUnsigned(sum, divisor) : sum / divisor);
      return;
    }
    switch (dtype) {
      case COMPLEX64, COMPLEX128 -> {
        // TF's complex SegmentMean: the sum over complex(n, 0) by Eigen's complex division
        Object[] o = (Object[]) out;
        o[k] = o[k] instanceof Complex64 c
            ? ComplexFunctions.truediv(c, new Complex64((float) count, 0f))
            : ComplexFunctions.truediv((Complex128) o[k], new Complex128((double) count, 0.0));
      }
      case FLOAT16, BFLOAT16 -> {
        // 16-bit arithmetic as TF's: the count cast to the dtype, its square root and the quotient each
        // computed in float and rounded to the dtype (through its layout)
        DTypeLayout layout = dtype.layout();
        float n = layout.roundTrip((float) count);
        float sum = layout.getFloat(out, k);
        layout.setFloat(out, k, sum / (op.equals("mean") ? n : layout.roundTrip((float) Math.sqrt(n))));
      }
      case FLOAT32 -> {
        float sum = ((float[]) out)[k];
        ((float[]) out)[k] = op.equals("mean") ? sum / (float) count : sum / (float) Math.sqrt(count);
      }
      case FLOAT64 -> {
        double sum = ((double[]) out)[k];
        ((double[]) out)[k] = op.equals("mean") ? sum / count : sum / Math.sqrt(count);
      }
      default -> throw new IllegalStateException("segment_" + op + " divides integer, float and complex sums only, not " + dtype);
    }
  }
}
