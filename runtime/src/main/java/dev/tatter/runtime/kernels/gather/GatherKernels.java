package dev.tatter.runtime.kernels.gather;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Dense gathers with TF's general index maps: {@code GatherV2} ({@code tf.gather} with
 * {@code axis} and {@code batch_dims}), {@code GatherNd} ({@code tf.gather_nd}, partial index
 * tuples giving slices) and {@code DynamicPartition} (one partition per call). Slices are
 * copied from the params' storage array as they are, so every dtype is gathered the same way.
 * Indices are checked before anything is copied; a bad one is named by its position and value
 * with TF's CPU wording (negative indices included: TF's CPU kernels refuse them too).
 */
public final class GatherKernels {
  private GatherKernels() {}

  /**
   * {@code tf.gather(params, indices, axis, batch_dims)} with {@code 0 <= batch_dims <= axis <
   * rank(params)} and {@code batch_dims <= rank(indices)} (resolved by the builder): the result is
   * {@code params.shape[:axis] + indices.shape[batch_dims:] + params.shape[axis + 1:]}, and
   * {@code out[b..., o..., i..., n...] = params[b..., o..., indices[b..., i...], n...]}.
   */
  public static Tensor gather(Tensor params, Tensor indices, long axis, long batchDims) {
    int[] p = params.shape();
    int[] q = indices.shape();
    if (batchDims < 0 || batchDims > axis || axis >= p.length || batchDims > q.length) {
      throw new InvalidArgumentException("gather needs 0 <= batch_dims <= axis < rank(params) and batch_dims <= rank(indices), "
          + "got batch_dims " + batchDims + ", axis " + axis + " for params of shape " + Arrays.toString(p)
          + " and indices of shape " + Arrays.toString(q));
    }
    int b = (int) batchDims;
    int a = (int) axis;
    for (int i = 0; i < b; i++) {
      if (p[i] != q[i]) {
        throw new InvalidArgumentException("params.shape[" + i + "]: " + p[i] + " should be equal to indices.shape[" + i + "]: " + q[i]);
      }
    }
    int[] outShape = new int[a + q.length - b + p.length - a - 1];
    System.arraycopy(p, 0, outShape, 0, a);
    System.arraycopy(q, b, outShape, a, q.length - b);
    System.arraycopy(p, a + 1, outShape, a + q.length - b, p.length - a - 1);
    int count = Sizes.elementCount(outShape);
    int batch = product(p, 0, b);
    int outer = product(p, b, a);
    int limit = p[a];
    int inner = product(p, a + 1, p.length);
    int perBatch = product(q, b, q.length);
    Object out = params.dtype().layout().newArray(count);
    if (count == 0) {
      // TF's GatherV2 returns an empty result before looking at any index (it copies no slice, so
      // it checks none): gathering from params with an empty outer or inner dim accepts any index
      return Tensor.wrap(params.dtype(), outShape, out);
    }
    long[] idx = checkedIndices(indices, limit);
    Object in = params.unsafeData();
    {
      int at = 0;
      for (int bt = 0; bt < batch; bt++) {
        for (int o = 0; o < outer; o++) {
          int base = (bt * outer + o) * limit;
          for (int k = 0; k < perBatch; k++) {
            params.dtype().layout().copy(in, (base + (int) idx[bt * perBatch + k]) * inner, out, at, inner);
            at += inner;
          }
        }
      }
    }
    return Tensor.wrap(params.dtype(), outShape, out);
  }

  /**
   * {@code tf.gather_nd(params, indices, batch_dims)}: each index tuple (the last dim of
   * {@code indices}, of length {@code m <= rank(params) - batch_dims}) picks the slice
   * {@code params[b..., t_0, ..., t_{m-1}]}; the result is
   * {@code indices.shape[:-1] + params.shape[batch_dims + m:]}. With {@code batch_dims > 0} the
   * leading dims of indices (without its last) are the batch, as TF's {@code batch_gather_nd}
   * prepends each position's batch coordinates to its tuple.
   */
  public static Tensor gatherNd(Tensor params, Tensor indices, long batchDims) {
    int[] p = params.shape();
    int[] q = indices.shape();
    if (q.length == 0) {
      throw new InvalidArgumentException("indices must be at least a vector, got a scalar");
    }
    int m = q[q.length - 1];
    if (batchDims < 0 || batchDims >= q.length || batchDims > p.length) {
      throw new InvalidArgumentException("batch_dims " + batchDims + " must be in [0, rank(indices) - 1 = " + (q.length - 1)
          + "] and at most rank(params) = " + p.length);
    }
    int b = (int) batchDims;
    if (m > p.length - b) {
      throw new InvalidArgumentException("index innermost dimension length must be <= params rank; saw: " + m + " vs. " + (p.length - b));
    }
    for (int i = 0; i < b; i++) {
      if (p[i] != q[i]) {
        throw new InvalidArgumentException("params.shape[" + i + "]: " + p[i] + " should be equal to indices.shape[" + i + "]: " + q[i]);
      }
    }
    int[] outShape = new int[q.length - 1 + p.length - b - m];
    System.arraycopy(q, 0, outShape, 0, q.length - 1);
    System.arraycopy(p, b + m, outShape, q.length - 1, p.length - b - m);
    int count = Sizes.elementCount(outShape);
    int batch = product(p, 0, b);
    int perBatchParams = product(p, b, p.length);
    int tuples = product(q, b, q.length - 1);
    int slice = product(p, b + m, p.length);
    int[] tupleShape = Arrays.copyOf(q, q.length - 1);
    if (batch * tuples > 0 && params.size() == 0) {
      // TF's GatherNd refuses any tuple into empty params, even one naming an empty slice
      throw new InvalidArgumentException("Requested more than 0 entries, but params is empty.  Params shape: "
          + shapeString(p));
    }
    Object in = params.unsafeData();
    Object out = params.dtype().layout().newArray(count);
    int[] offsets = new int[batch * tuples];
    for (int bt = 0; bt < batch; bt++) {
      for (int t = 0; t < tuples; t++) {
        int row = bt * tuples + t;
        long offset = 0;
        for (int k = 0; k < m; k++) {
          long v = indices.getLong(row * m + k);
          int size = p[b + k];
          if (v < 0 || v >= size) {
            throw badTuple(indices, tupleShape, row, m, p);
          }
          offset = offset * size + v;
        }
        offsets[row] = (int) (bt * (long) perBatchParams + offset * slice);
      }
    }
    if (slice > 0) {
      for (int row = 0; row < offsets.length; row++) {
        params.dtype().layout().copy(in, offsets[row], out, row * slice, slice);
      }
    }
    return Tensor.wrap(params.dtype(), outShape, out);
  }

  /**
   * Partition {@code index} of {@code tf.dynamic_partition(data, partitions, num_partitions)}:
   * the slices {@code data[i...]} (in row-major order of {@code partitions}' positions) whose
   * {@code partitions[i...] == index}; the result is {@code [count] + data.shape[rank(partitions):]}.
   * Every partition value is checked, not only those equal to {@code index}, so each of the
   * partitions fails on a bad value as TF's one kernel does.
   */
  public static Tensor dynamicPartition(Tensor data, Tensor partitions, long numPartitions, long index) {
    int[] d = data.shape();
    int[] q = partitions.shape();
    if (q.length > d.length || !Arrays.equals(q, Arrays.copyOf(d, q.length))) {
      throw new InvalidArgumentException("data.shape must start with partitions.shape, got data.shape = "
          + Arrays.toString(d) + ", partitions.shape = " + Arrays.toString(q));
    }
    if (index < 0 || index >= numPartitions) {
      throw new InvalidArgumentException("partition index " + index + " is not in [0, " + numPartitions + ")");
    }
    int n = partitions.size();
    int kept = 0;
    for (int i = 0; i < n; i++) {
      long v = partitions.getLong(i);
      if (v < 0 || v >= numPartitions) {
        throw new InvalidArgumentException("partitions" + sliceDebugString(q, i) + " = " + v + " is not in [0, " + numPartitions + ")");
      }
      if (v == index) {
        kept++;
      }
    }
    int slice = product(d, q.length, d.length);
    int[] outShape = new int[1 + d.length - q.length];
    outShape[0] = kept;
    System.arraycopy(d, q.length, outShape, 1, d.length - q.length);
    Object out = data.dtype().layout().newArray(Sizes.elementCount(outShape));
    Object in = data.unsafeData();
    if (slice > 0) {
      int at = 0;
      for (int i = 0; i < n; i++) {
        if (partitions.getLong(i) == index) {
          data.dtype().layout().copy(in, i * slice, out, at, slice);
          at += slice;
        }
      }
    }
    return Tensor.wrap(data.dtype(), outShape, out);
  }

  /**
   * The flat positions {@code tf.gather(rt, indices, axis=1[, batch_dims=1])} reads in
   * {@code rt.values}: {@code row_start(b) + indices[...]} per row {@code b} of {@code partition}
   * (for every row, or with {@code batched} for row {@code b}'s own indices {@code indices[b, ...]}),
   * shape {@code [nrows] + indices.shape} (batched: {@code indices.shape}). TF's {@code _axis_gather}
   * and {@code _batch_gather} add the offsets unchecked, so an index past its row's end reads the
   * next row; here each index must lie inside its row, else an error names it, the row and its length.
   * Ragged indices give a ragged result: batched, with their own partitions; otherwise repeated
   * for every row under a uniform partition (the shape TF's broadcast of the row starts gives).
   */
  public static Object rowOffsetIndices(RowPartition partition, Object indices, boolean batched) {
    if (indices instanceof RaggedTensor ragged) {
      return batched ? batchedRaggedOffsets(partition, ragged) : tiledRaggedOffsets(partition, ragged);
    }
    return denseOffsets(partition, (Tensor) indices, batched);
  }

  private static Tensor denseOffsets(RowPartition partition, Tensor indices, boolean batched) {
    int nrows = partition.nrows();
    int[] q = indices.shape();
    if (batched && (q.length == 0 || q[0] != nrows)) {
      throw new InvalidArgumentException("params.shape[0]: " + nrows + " should be equal to indices.shape[0]: "
          + (q.length == 0 ? "(a scalar)" : q[0]));
    }
    int[] outShape = q;
    if (!batched) {
      outShape = new int[q.length + 1];
      outShape[0] = nrows;
      System.arraycopy(q, 0, outShape, 1, q.length);
    }
    long[] out = new long[Sizes.elementCount(outShape)];
    int n = indices.size();
    int perRow = batched ? (nrows == 0 ? 0 : n / nrows) : n;
    for (int b = 0; b < nrows; b++) {
      int start = partition.rowStart(b);
      int length = partition.rowLength(b);
      for (int k = 0; k < perRow; k++) {
        int at = batched ? b * perRow + k : k;
        long v = indices.getLong(at);
        if (v < 0 || v >= length) {
          throw new InvalidArgumentException("indices" + sliceDebugString(q, at) + " = " + v + " is not in [0, " + length
              + ") (row " + b + " of params has " + length + " values along the gathered ragged axis)");
        }
        out[b * perRow + k] = start + v;
      }
    }
    return Tensor.wrap(dev.tatter.runtime.DType.INT64, outShape, out);
  }

  /**
   * Ragged indices whose row b belongs to row b of the partition (TF's broadcast of row starts
   * into ragged indices): the same nested partitions, each flat index offset by its batch row's
   * start and checked against that row's length.
   */
  private static RaggedTensor batchedRaggedOffsets(RowPartition partition, RaggedTensor indices) {
    int nrows = partition.nrows();
    if (indices.nrows() != nrows) {
      throw new InvalidArgumentException("params.shape[0]: " + nrows + " should be equal to indices.shape[0]: "
          + indices.nrows());
    }
    List<RowPartition> nested = indices.nestedPartitions();
    Tensor flat = indices.flatValues();
    int inner = flat.rank() == 0 || flat.shape()[0] == 0 ? 1 : flat.size() / flat.shape()[0];
    long[] out = new long[flat.size()];
    for (int b = 0; b < nrows; b++) {
      int lo = b;
      int hi = b + 1;
      for (RowPartition q : nested) {
        lo = q.rowStart(lo);
        hi = q.rowStart(hi);
      }
      offsetRange(flat, lo * inner, hi * inner, 0, partition, b, out);
    }
    return RaggedTensor.ofNested(Tensor.wrap(DType.INT64, flat.shape(), out), nested);
  }

  /**
   * Ragged indices applied to every row of the partition (TF's {@code indices + row_starts}
   * broadcast to {@code [nrows, indices...]}): a uniform outer partition of {@code nrows} rows of
   * {@code indices.nrows()}, the indices' own partitions repeated once per row, and each copy's
   * flat indices offset by its row's start and checked against its length.
   */
  private static RaggedTensor tiledRaggedOffsets(RowPartition partition, RaggedTensor indices) {
    int nrows = partition.nrows();
    Tensor flat = indices.flatValues();
    int n = flat.size();
    int[] outShape = flat.shape().clone();
    outShape[0] = Sizes.toIntSize(Sizes.checkedProduct(nrows, outShape[0]), "nrows * indices' flat rows");
    long[] out = new long[Sizes.elementCount(outShape)];
    for (int b = 0; b < nrows; b++) {
      offsetRange(flat, 0, n, b * n, partition, b, out);
    }
    List<RowPartition> tiled = new ArrayList<>();
    DType splits = indices.nestedPartitions().get(0).splitsDType();
    tiled.add(RowPartition.uniform(indices.nrows(), nrows, splits));
    for (RowPartition q : indices.nestedPartitions()) {
      long[] s = q.unsafeRowSplits();
      int rows = s.length - 1;
      long[] t = new long[Sizes.toIntSize(Sizes.checkedProduct(nrows, rows) + 1, "nrows * indices' rows + 1")];
      for (int c = 0; c < nrows; c++) {
        for (int i = 1; i <= rows; i++) {
          t[c * rows + i] = c * s[rows] + s[i];
        }
      }
      tiled.add(RowPartition.adoptingRowSplits(t, q.splitsDType()));
    }
    return RaggedTensor.ofNested(Tensor.wrap(DType.INT64, outShape, out), tiled);
  }

  /** out[to + k] = start(b) + flat[k] for k in [from, limit), each index checked against row b's length. */
  private static void offsetRange(Tensor flat, int from, int limit, int to, RowPartition partition, int b, long[] out) {
    int start = partition.rowStart(b);
    int length = partition.rowLength(b);
    for (int k = from; k < limit; k++) {
      long v = flat.getLong(k);
      if (v < 0 || v >= length) {
        throw new InvalidArgumentException("indices.flat_values" + sliceDebugString(flat.shape(), k) + " = " + v
            + " is not in [0, " + length + ") (row " + b + " of params has " + length
            + " values along the gathered ragged axis)");
      }
      out[to + k] = start + v;
    }
  }

  /** The flat indices, each checked against {@code [0, limit)} in order (TF's message names the first bad one). */
  private static long[] checkedIndices(Tensor indices, int limit) {
    int n = indices.size();
    long[] idx = new long[n];
    for (int i = 0; i < n; i++) {
      long v = indices.getLong(i);
      if (v < 0 || v >= limit) {
        throw new InvalidArgumentException("indices" + sliceDebugString(indices.shape(), i) + " = " + v + " is not in [0, " + limit + ")");
      }
      idx[i] = v;
    }
    return idx;
  }

  private static InvalidArgumentException badTuple(Tensor indices, int[] tupleShape, int row, int m, int[] params) {
    StringBuilder tuple = new StringBuilder();
    for (int k = 0; k < m; k++) {
      tuple.append(k == 0 ? "" : ", ").append(indices.getLong(row * m + k));
    }
    return new InvalidArgumentException("indices" + sliceDebugString(tupleShape, row) + " = [" + tuple
        + "] does not index into param shape " + shapeString(params));
  }

  /** TF's {@code TensorShape::DebugString}: "[2,0,1]". */
  private static String shapeString(int[] shape) {
    StringBuilder s = new StringBuilder("[");
    for (int i = 0; i < shape.length; i++) {
      s.append(i == 0 ? "" : ",").append(shape[i]);
    }
    return s.append(']').toString();
  }

  /** TF's {@code SliceDebugString}: "" for rank 0, "[i]" for rank 1, else "[i,j,...]" of the flat position. */
  static String sliceDebugString(int[] shape, long flat) {
    if (shape.length == 0) {
      return "";
    }
    if (shape.length == 1) {
      return "[" + flat + "]";
    }
    long[] position = new long[shape.length];
    for (int i = shape.length - 1; i >= 0; i--) {
      position[i] = shape[i] == 0 ? 0 : flat % shape[i];
      flat = shape[i] == 0 ? 0 : flat / shape[i];
    }
    StringBuilder s = new StringBuilder("[");
    for (int i = 0; i < position.length; i++) {
      s.append(i == 0 ? "" : ",").append(position[i]);
    }
    return s.append(']').toString();
  }

  private static int product(int[] shape, int from, int to) {
    int n = 1;
    for (int i = from; i < to; i++) {
      n *= shape[i];
    }
    return n;
  }
}
