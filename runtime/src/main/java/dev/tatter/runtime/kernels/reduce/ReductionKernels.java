package dev.tatter.runtime.kernels.reduce;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;

/**
 * {@code reduce_sum prod min max mean all any} over one axis or over every axis of a dense or
 * ragged tensor, with TF's semantics (TF's {@code ragged_math_ops.ragged_reduce_aggregate}):
 *
 * <ul>
 *   <li>axis 0 of a ragged tensor folds the rows together position by position: value {@code j}
 *       of every row lands in segment {@code j}, so the result has as many rows as the longest
 *       row, and missing values are skipped;
 *   <li>axis 1 folds each row into one value (the innermost ragged axis: a plain loop over the
 *       row splits when the values are dense, which is the hot path);
 *   <li>a deeper axis reduces the values and keeps the outer partition;
 *   <li>every axis at once reduces the flat values as a dense tensor (TF's {@code axis=None}).
 * </ul>
 *
 * An empty ragged row gives the segment ops' starting value, an empty uniform axis Eigen's (see
 * {@link Reducer}). {@code keepdims} keeps each reduced axis with length 1, as a uniform
 * partition where the result is ragged (TF's {@code expand_dims}).
 *
 * <p>{@code axis} lists one axis, or every axis; negative axes count from the end.
 */
public final class ReductionKernels {
  private ReductionKernels() {}

  public static Object reduceSum(Object input, long[] axis, boolean keepdims) {
    return reduce(Reducer.SUM, input, axis, keepdims);
  }

  public static Object reduceProd(Object input, long[] axis, boolean keepdims) {
    return reduce(Reducer.PROD, input, axis, keepdims);
  }

  public static Object reduceMin(Object input, long[] axis, boolean keepdims) {
    return reduce(Reducer.MIN, input, axis, keepdims);
  }

  public static Object reduceMax(Object input, long[] axis, boolean keepdims) {
    return reduce(Reducer.MAX, input, axis, keepdims);
  }

  public static Object reduceAll(Object input, long[] axis, boolean keepdims) {
    return reduce(Reducer.ALL, input, axis, keepdims);
  }

  public static Object reduceAny(Object input, long[] axis, boolean keepdims) {
    return reduce(Reducer.ANY, input, axis, keepdims);
  }

  /**
   * {@code reduce_mean}. Dense: the sum divided by the count in the input's dtype (integers
   * truncate, summed in int64 as TF does; an empty float mean is NaN, an empty integer mean 0).
   * Ragged: TF computes {@code sum / count} with Python's {@code /}, a true division, so an
   * integer mean is float64 (float32 for int8 and int16), the count is taken in the input's
   * dtype (so it wraps for int8 as TF's does) and an empty row gives NaN.
   */
  public static Object reduceMean(Object input, long[] axis, boolean keepdims) {
    DType dtype = dtypeOf(input);
    checkDtype("reduce_mean", dtype, !dtype.isNumeric() && !dtype.isComplex());
    if (input instanceof Tensor t) {
      return MeanKernels.denseMean(t, axes("reduce_mean", axis, t.rank()), keepdims);
    }
    RaggedTensor rt = (RaggedTensor) input;
    Object sum = reduce(Reducer.SUM, rt, axis, keepdims);
    Object count = reduce(Reducer.SUM, MeanKernels.onesLike(rt), axis, keepdims);
    return withFlatValues(sum, MeanKernels.trueDivide(flatOf(sum), flatOf(count)));
  }

  static Object reduce(Reducer op, Object input, long[] axis, boolean keepdims) {
    checkDtype(op, dtypeOf(input));
    int rank = rankOf(input);
    // reduce_all/reduce_any of a value whose rank the graph does not know (== of shapes that may not
    // broadcast) write every axis as []: reduced here over whatever rank the run gives
    boolean everyAxis = axis.length == 0 && (op == Reducer.ALL || op == Reducer.ANY);
    int[] axes = everyAxis ? java.util.stream.IntStream.range(0, rank).toArray() : axes(op.tfName(), axis, rank);
    if (axes.length == rank) {
      Tensor flat = flatOf(input);
      int[] shape = new int[keepdims ? rank : 0];
      Arrays.fill(shape, 1);
      return rows(op, Reducer.Mode.DENSE, flat, new long[] {0, flat.size()}, shape);
    }
    return reduceAxis(op, input, axes[0], keepdims);
  }

  private static Object reduceAxis(Reducer op, Object input, int axis, boolean keepdims) {
    if (input instanceof Tensor t) {
      return denseAxis(op, t, axis, keepdims);
    }
    RaggedTensor rt = (RaggedTensor) input;
    RowPartition p = rt.partition();
    if (axis == 0) {
      // Value j of every row goes to segment j: as many segments as the longest row.
      int longest = 0;
      int[] ids = new int[p.nvals()];
      for (int r = 0; r < p.nrows(); r++) {
        longest = Math.max(longest, p.rowLength(r));
        for (int v = p.rowStart(r); v < p.rowLimit(r); v++) {
          ids[v] = v - p.rowStart(r);
        }
      }
      Object result = segmentAggregate(op, rt.values(), ids, longest, p.splitsDType());
      return keepdims ? expandDims(result, 0, p.splitsDType()) : result;
    }
    if (axis == 1) {
      Object result;
      if (rt.values() instanceof Tensor values) {
        result = rowsOf(op, values, p.unsafeRowSplits());
      } else {
        int[] ids = new int[p.nvals()];
        for (int r = 0; r < p.nrows(); r++) {
          Arrays.fill(ids, p.rowStart(r), p.rowLimit(r), r);
        }
        result = segmentAggregate(op, rt.values(), ids, p.nrows(), p.splitsDType());
      }
      return keepdims ? expandDims(result, 1, p.splitsDType()) : result;
    }
    return RaggedTensor.of(reduceAxis(op, rt.values(), axis - 1, keepdims), p);
  }

  /** A uniform axis: the tensor seen as {@code [outer, n, inner]} reduces to {@code [outer, inner]}. */
  private static Tensor denseAxis(Reducer op, Tensor t, int axis, boolean keepdims) {
    int[] shape = t.shape();
    int outer = Sizes.elementCount(Arrays.copyOf(shape, axis));
    int n = shape[axis];
    int[] outShape = removeAxis(shape, axis, keepdims);
    long[] splits = new long[outer + 1];
    for (int o = 0; o <= outer; o++) {
      splits[o] = (long) o * n;
    }
    // [outer * n, inner...]: row o of the splits covers the n vectors of outer index o
    Tensor grouped = t.reshape(withFirst(shape, axis, Sizes.elementCount(new long[] {outer, n})));
    return (Tensor) rowsOf(op, Reducer.Mode.DENSE, grouped, splits, outShape);
  }

  /** Rows of a ragged rank 1 tensor: {@code values [nvals, inner...]} to {@code [nrows, inner...]}. */
  static Object rowsOf(Reducer op, Tensor values, long[] splits) {
    int[] shape = values.shape();
    shape[0] = splits.length - 1;
    return rowsOf(op, Reducer.Mode.SEGMENT, values, splits, shape);
  }

  private static Object rowsOf(Reducer op, Reducer.Mode mode, Tensor values, long[] splits, int[] outShape) {
    int inner = innerSize(values);
    if (inner == 1) {
      return rows(op, mode, values, splits, outShape);
    }
    int nrows = splits.length - 1;
    int[] ids = new int[(int) splits[nrows]];
    for (int r = 0; r < nrows; r++) {
      Arrays.fill(ids, (int) splits[r], (int) splits[r + 1], r);
    }
    return segments(op, mode, values, inner, ids, nrows, outShape);
  }

  /**
   * TF's {@code _ragged_segment_aggregate}: folds the rows of {@code data} into {@code nseg}
   * segments by {@code ids}. Ragged rows are folded position by position, so segment {@code s}
   * is as long as its longest row, recursively.
   */
  private static Object segmentAggregate(Reducer op, Object data, int[] ids, int nseg, DType splitsDType) {
    if (data instanceof Tensor t) {
      int[] shape = t.shape();
      shape[0] = nseg;
      return segments(op, Reducer.Mode.SEGMENT, t, innerSize(t), ids, nseg, shape);
    }
    RaggedTensor rt = (RaggedTensor) data;
    RaggedSegmentLayout layout = RaggedSegmentLayout.of(rt.partition(), ids, nseg, "values after reduction");
    Object values = segmentAggregate(op, rt.values(), layout.valueIds(), layout.total(), splitsDType);
    return RaggedTensor.of(values, RowPartition.adoptingRowSplits(layout.splits(), splitsDType));
  }

  /** Kernel internal, not API: TF's {@code expand_dims} at axis 0 or 1; a ragged value gets a uniform partition. */
  public static Object expandDims(Object value, int axis, DType splitsDType) {
    if (value instanceof Tensor t) {
      int[] shape = t.shape();
      int[] out = new int[shape.length + 1];
      System.arraycopy(shape, 0, out, 0, axis);
      out[axis] = 1;
      System.arraycopy(shape, axis, out, axis + 1, shape.length - axis);
      return t.reshape(out);
    }
    RaggedTensor rt = (RaggedTensor) value;
    RowPartition p = axis == 0
        ? RowPartition.uniform(rt.nrows(), 1, splitsDType)
        : RowPartition.uniform(1, rt.nrows(), splitsDType);
    return RaggedTensor.of(rt, p);
  }

  // ---- typed dispatch onto ReduceLoops ----

  static Tensor rows(Reducer op, Reducer.Mode mode, Tensor data, long[] splits, int[] outShape) {
    DType dtype = data.dtype();
    Object out = switch (dtype) {
      case INT8, INT16, INT32 -> narrow(dtype, ReduceLoops.rows(op, ints(data), splits, (int) op.identityLong(dtype)));
      case INT64 -> ReduceLoops.rows(op, (long[]) data.unsafeData(), splits, op.identityLong(dtype));
      case FLOAT32 -> ReduceLoops.rows(op, mode, (float[]) data.unsafeData(), splits, (float) op.identityDouble(dtype, mode));
      case FLOAT64 -> ReduceLoops.rows(op, mode, (double[]) data.unsafeData(), splits, op.identityDouble(dtype, mode));
      case BOOL -> ReduceLoops.rows(op, (boolean[]) data.unsafeData(), splits, op.identityBool());
      case UINT8, UINT16, UINT32, UINT64 -> UnsignedReductions.unsigned(op, data,
          (x, init) -> ReduceLoops.rows(op, x, splits, init));
      case FLOAT16, BFLOAT16 -> UnsignedReductions.halfRows(op, mode, data, splits, (float) op.identityDouble(dtype, mode));
      case COMPLEX64, COMPLEX128 -> ComplexReductions.rows(op, mode, data, splits);
      case STRING -> throw new InvalidArgumentException(op.tfName() + " is not defined on string");
    };
    return Tensor.wrap(dtype, outShape, out);
  }

  static Tensor segments(Reducer op, Reducer.Mode mode, Tensor data, int inner, int[] ids, int nseg, int[] outShape) {
    DType dtype = data.dtype();
    Object out = switch (dtype) {
      case INT8, INT16, INT32 -> narrow(dtype, ReduceLoops.segments(op, ints(data), inner, ids, nseg, (int) op.identityLong(dtype)));
      case INT64 -> ReduceLoops.segments(op, (long[]) data.unsafeData(), inner, ids, nseg, op.identityLong(dtype));
      case FLOAT32 -> ReduceLoops.segments(op, mode, (float[]) data.unsafeData(), inner, ids, nseg, (float) op.identityDouble(dtype, mode));
      case FLOAT64 -> ReduceLoops.segments(op, mode, (double[]) data.unsafeData(), inner, ids, nseg, op.identityDouble(dtype, mode));
      case BOOL -> ReduceLoops.segments(op, (boolean[]) data.unsafeData(), inner, ids, nseg, op.identityBool());
      case UINT8, UINT16, UINT32, UINT64 -> UnsignedReductions.unsigned(op, data,
          (x, init) -> ReduceLoops.segments(op, x, inner, ids, nseg, init));
      case FLOAT16, BFLOAT16 -> UnsignedReductions.halfSegments(op, mode, data, inner, ids, nseg,
          (float) op.identityDouble(dtype, mode));
      case COMPLEX64, COMPLEX128 -> ComplexReductions.segments(op, mode, data, inner, ids, nseg);
      case STRING -> throw new InvalidArgumentException(op.tfName() + " is not defined on string");
    };
    return Tensor.wrap(dtype, outShape, out);
  }

  /** int8, int16 and int32 data as ints (int32 shared, the others widened). */
  private static int[] ints(Tensor t) {
    if (t.unsafeData() instanceof int[] a) {
      return a;
    }
    int[] out = new int[t.size()];
    if (t.unsafeData() instanceof byte[] b) {
      for (int i = 0; i < out.length; i++) {
        out[i] = b[i];
      }
    } else {
      short[] s = (short[]) t.unsafeData();
      for (int i = 0; i < out.length; i++) {
        out[i] = s[i];
      }
    }
    return out;
  }

  /** Narrows int results to int8/int16 (wrapping, as the narrow arithmetic would). */
  private static Object narrow(DType dtype, int[] values) {
    return switch (dtype) {
      case INT8 -> {
        byte[] out = new byte[values.length];
        for (int i = 0; i < out.length; i++) {
          out[i] = (byte) values[i];
        }
        yield out;
      }
      case INT16 -> {
        short[] out = new short[values.length];
        for (int i = 0; i < out.length; i++) {
          out[i] = (short) values[i];
        }
        yield out;
      }
      case INT32 -> values;
      case BOOL, INT64, FLOAT32, FLOAT64, STRING, UINT8, UINT16, UINT32, UINT64, FLOAT16, BFLOAT16, COMPLEX64, COMPLEX128 ->
          throw new IllegalStateException(dtype + " is not computed as an int");
    };
  }

  // ---- shapes and structure ----

  /** Checks and normalizes {@code axis}: one axis in {@code [-rank, rank)}, or every axis once. */
  static int[] axes(String op, long[] axis, int rank) {
    int[] out = new int[axis.length];
    boolean[] seen = new boolean[rank];
    for (int i = 0; i < axis.length; i++) {
      long a = axis[i];
      if (a < -rank || a >= rank) {
        throw new InvalidArgumentException(op + ": axis " + a + " is out of range for rank " + rank
            + " (expected -" + rank + " <= axis < " + rank + ")");
      }
      out[i] = (int) (a < 0 ? a + rank : a);
      if (seen[out[i]]) {
        throw new InvalidArgumentException(op + ": axis " + out[i] + " is listed twice in " + Arrays.toString(axis));
      }
      seen[out[i]] = true;
    }
    if (out.length != 1 && out.length != rank) {
      throw new InvalidArgumentException(op + ": axis must list one axis or all " + rank + " axes, got " + Arrays.toString(axis));
    }
    return out;
  }

  static void checkDtype(Reducer op, DType dtype) {
    boolean logical = op == Reducer.ALL || op == Reducer.ANY;
    boolean complexFold = dtype.isComplex() && (op == Reducer.SUM || op == Reducer.PROD);
    checkDtype(op.tfName(), dtype, logical ? dtype != DType.BOOL : !dtype.isNumeric() && !complexFold);
  }

  private static void checkDtype(String op, DType dtype, boolean wrong) {
    if (wrong) {
      throw new InvalidArgumentException(op + " is not defined on " + dtype);
    }
  }

  static DType dtypeOf(Object value) {
    return value instanceof RaggedTensor rt ? rt.dtype() : ((Tensor) value).dtype();
  }

  /** Kernel internal, not API: the rank of a dense or ragged value. */
  public static int rankOf(Object value) {
    return value instanceof RaggedTensor rt ? rt.raggedRank() + rt.flatValues().rank() : ((Tensor) value).rank();
  }

  static Tensor flatOf(Object value) {
    return value instanceof RaggedTensor rt ? rt.flatValues() : (Tensor) value;
  }

  /** {@code structured} (dense or ragged) with {@code flat} as its flat values. */
  static Object withFlatValues(Object structured, Tensor flat) {
    if (structured instanceof RaggedTensor rt) {
      return RaggedTensor.ofNested(flat, rt.nestedPartitions());
    }
    return flat;
  }

  /** Elements per row of a tensor of rank >= 1: the product of its dimensions after the first. */
  private static int innerSize(Tensor t) {
    int inner = 1;
    for (int d = 1; d < t.rank(); d++) {
      inner *= t.dim(d);
    }
    return inner;
  }

  static int[] removeAxis(int[] shape, int axis, boolean keepdims) {
    if (keepdims) {
      int[] out = shape.clone();
      out[axis] = 1;
      return out;
    }
    int[] out = new int[shape.length - 1];
    System.arraycopy(shape, 0, out, 0, axis);
    System.arraycopy(shape, axis + 1, out, axis, shape.length - axis - 1);
    return out;
  }

  /** {@code shape} with the dimensions before and at {@code axis} merged into one of {@code size}. */
  private static int[] withFirst(int[] shape, int axis, int size) {
    int[] out = new int[shape.length - axis];
    out[0] = size;
    System.arraycopy(shape, axis + 1, out, 1, shape.length - axis - 1);
    return out;
  }
}
