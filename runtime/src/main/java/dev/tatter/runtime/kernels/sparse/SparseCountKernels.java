package dev.tatter.runtime.kernels.sparse;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;
import java.util.TreeMap;
import java.util.function.IntUnaryOperator;

/**
 * {@code tf.sparse.bincount} of a dense or ragged tensor (TF's {@code DenseCountSparseOutput} and
 * {@code RaggedCountSparseOutput}), and the counting all three inputs share with the sparse one
 * ({@link SparseValueKernels#bincount}): per batch, the count of each value (or its summed
 * weights, or 1 with {@code binary_output}), as a sparse result whose entries come per batch in
 * increasing value order.
 */
public final class SparseCountKernels {
  private SparseCountKernels() {}

  /**
   * {@code dense_count_sparse_output {axis, minlength, maxlength, binary_output}}: axis 0 counts
   * every value (TF's Python flattens the values and the weights first); axis -1 counts each row of
   * a matrix (a vector is one batch with a 1-D result). {@code weights} empty (a count of 1 in the
   * values' dtype) or of the values' shape.
   */
  public static SparseTensor denseCount(Tensor values, Tensor weights, long minlength, long maxlength, boolean binaryOutput,
      long axis) {
    boolean flat = axis == 0;
    int[] shape = values.shape();
    if (!flat && shape.length != 1 && shape.length != 2) {
      throw new InvalidArgumentException("Input must be a 1 or 2-dimensional tensor. Got: " + tfShape(shape));
    }
    int[] dataShape = flat ? new int[] {values.size()} : shape;
    if (weights.size() > 0) {
      int[] weightShape = flat ? new int[] {weights.size()} : weights.shape();
      if (!Arrays.equals(weightShape, dataShape)) {
        throw new InvalidArgumentException("Weights and data must have the same shape. Weight shape: " + tfShape(weightShape)
            + "; data shape: " + tfShape(dataShape));
      }
    }
    boolean perRow = dataShape.length == 2;
    if (perRow && dataShape[0] == 0) {
      throw new InvalidArgumentException("Invalid input: Shapes dimension cannot be 0.");
    }
    int rowLength = perRow ? dataShape[1] : 0;
    return counts(values.unsafeData(), values.size(), perRow ? i -> i / rowLength : null, perRow ? dataShape[0] : 1,
        weights, minlength, maxlength, binaryOutput);
  }

  /**
   * {@code ragged_count_sparse_output {axis, minlength, maxlength, binary_output}} of a ragged
   * tensor of ragged rank 1: axis -1 counts each row ({@code [nrows, bins]}), axis 0 every value
   * ({@code [bins]}). {@code weights} empty, or ragged with the same row splits (TF's
   * {@code validate_ragged_weights}), its flat values weighing the values.
   */
  public static SparseTensor raggedCount(RaggedTensor values, Object weights, long minlength, long maxlength, boolean binaryOutput,
      long axis) {
    if (values.raggedRank() != 1 || values.flatValues().shape().length != 1) {
      throw new InvalidArgumentException("tf.sparse.bincount takes a ragged tensor of ragged rank 1 with 1-D flat values, got "
          + "ragged rank " + values.raggedRank());
    }
    RowPartition rows = values.partition();
    Tensor w;
    if (weights instanceof RaggedTensor rw) {
      if (!Arrays.equals(rows.unsafeRowSplits(), rw.partition().unsafeRowSplits()) || rw.raggedRank() != 1) {
        throw new InvalidArgumentException("'weights' and 'values' must have the same row splits.");
      }
      w = rw.flatValues();
    } else {
      w = (Tensor) weights;
      if (w.size() > 0) {
        throw new InvalidArgumentException("weights of a ragged tensor must be ragged with its row splits, or empty");
      }
    }
    Tensor flat = values.flatValues();
    if (axis == 0) {
      return counts(flat.unsafeData(), flat.size(), null, 1, w, minlength, maxlength, binaryOutput);
    }
    int nrows = rows.nrows();
    if (nrows == 0) {
      throw new InvalidArgumentException("Must provide at least 2 elements for the splits argument");
    }
    long[] splits = rows.unsafeRowSplits();
    int[] rowOf = new int[flat.size()];
    for (int r = 0; r < nrows; r++) {
      Arrays.fill(rowOf, (int) splits[r], (int) splits[r + 1], r);
    }
    return counts(flat.unsafeData(), flat.size(), i -> rowOf[i], nrows, w, minlength, maxlength, binaryOutput);
  }

  /**
   * The counting of TF's count kernels: value {@code i} of {@code values} (int32 or int64) falls
   * in batch {@code batchOf(i)} (null: one batch and a 1-D result); a negative value is an error
   * (TF 2.18's kernels); values at or above a positive maxlength are skipped; the number of bins is
   * maxlength if positive, else max(largest counted value + 1, minlength), so 1 when nothing is
   * counted. Weights empty (count 1 in the values' dtype) or one per value, summed in their dtype
   * from 0, in value order.
   */
  static SparseTensor counts(Object values, int n, IntUnaryOperator batchOf, int batches, Tensor weights, long minlength,
      long maxlength, boolean binaryOutput) {
    for (int i = 0; i < n; i++) {
      if (value(values, i) < 0) {
        throw new InvalidArgumentException("Input values must all be non-negative (values[" + i + "] is negative)");
      }
    }
    boolean weighted = weights.size() > 0;
    if (weighted && weights.size() != n) {
      throw new InvalidArgumentException("Weights and values must have the same shape. Weight shape: "
          + Arrays.toString(weights.shape()) + "; values shape: [" + n + "]");
    }
    DType outType = weights.dtype(); // TF's output_type: the weights' dtype, the values' when none are given
    @SuppressWarnings("unchecked")
    TreeMap<Long, Number>[] counts = new TreeMap[batches];
    long maxSeen = 0;
    for (int i = 0; i < n; i++) {
      long v = value(values, i);
      if (maxlength > 0 && v >= maxlength) {
        continue;
      }
      int b = batchOf == null ? 0 : batchOf.applyAsInt(i);
      if (counts[b] == null) {
        counts[b] = new TreeMap<>();
      }
      Number w = binaryOutput || !weighted ? one(outType) : (Number) weights.get(i);
      Number before = counts[b].get(v);
      // TF's map entry starts at 0 and adds each weight, so a lone -0.0 weight counts 0.0
      counts[b].put(v, binaryOutput ? w : add(before == null ? zero(outType) : before, w, outType));
      maxSeen = Math.max(maxSeen, v);
    }
    long bins = maxlength > 0 ? maxlength : Math.max(maxSeen + 1, minlength);
    int total = 0;
    for (TreeMap<Long, Number> m : counts) {
      total += m == null ? 0 : m.size();
    }
    boolean perBatch = batchOf != null;
    int outRank = perBatch ? 2 : 1;
    long[] outIdx = new long[Sizes.toIntSize((long) total * outRank, "the result's indices")];
    Object outValues = java.lang.reflect.Array.newInstance(outType.arrayClass().getComponentType(), total);
    int at = 0;
    for (int b = 0; b < counts.length; b++) {
      if (counts[b] == null) {
        continue;
      }
      for (var e : counts[b].entrySet()) {
        if (perBatch) {
          outIdx[at * 2] = b;
          outIdx[at * 2 + 1] = e.getKey();
        } else {
          outIdx[at] = e.getKey();
        }
        outType.layout().set(outValues, at, e.getValue());
        at++;
      }
    }
    long[] outShape = perBatch ? new long[] {batches, bins} : new long[] {bins};
    return SparseTensor.of(Tensor.wrap(DType.INT64, new int[] {total, outRank}, outIdx),
        Tensor.wrap(outType, new int[] {total}, outValues), Tensor.ofLongs(outShape));
  }

  private static long value(Object values, int i) {
    return values instanceof int[] a ? a[i] : ((long[]) values)[i];
  }

  /** A shape as TF's {@code TensorShape::DebugString} prints it: {@code [2,3]}. */
  private static String tfShape(int[] shape) {
    return "[" + String.join(",", Arrays.stream(shape).mapToObj(Integer::toString).toList()) + "]";
  }

  private static Number zero(DType t) {
    return switch (t) {
      case INT32 -> 0;
      case INT64 -> 0L;
      case FLOAT32 -> 0f;
      case FLOAT64 -> 0d;
      case BOOL, INT8, INT16, STRING, UINT8, UINT16, UINT32, UINT64, FLOAT16, BFLOAT16, COMPLEX64, COMPLEX128 ->
          throw notACountDType(t);
    };
  }

  private static Number one(DType t) {
    return switch (t) {
      case INT32 -> 1;
      case INT64 -> 1L;
      case FLOAT32 -> 1f;
      case FLOAT64 -> 1d;
      case BOOL, INT8, INT16, STRING, UINT8, UINT16, UINT32, UINT64, FLOAT16, BFLOAT16, COMPLEX64, COMPLEX128 ->
          throw notACountDType(t);
    };
  }

  private static Number add(Number a, Number b, DType t) {
    return switch (t) {
      case INT32 -> a.intValue() + b.intValue();
      case INT64 -> a.longValue() + b.longValue();
      case FLOAT32 -> a.floatValue() + b.floatValue();
      case FLOAT64 -> a.doubleValue() + b.doubleValue();
      case BOOL, INT8, INT16, STRING, UINT8, UINT16, UINT32, UINT64, FLOAT16, BFLOAT16, COMPLEX64, COMPLEX128 ->
          throw notACountDType(t);
    };
  }

  /** The counts' dtype is the weights' (TF's output_type), which the type rule keeps to int32, int64, float32 and float64. */
  private static IllegalStateException notACountDType(DType t) {
    return new IllegalStateException(t + " is not a count dtype");
  }
}
