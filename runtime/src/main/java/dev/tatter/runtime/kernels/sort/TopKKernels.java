package dev.tatter.runtime.kernels.sort;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.ParallelLoops;
import java.util.Arrays;

/**
 * {@code top_k} (TF's {@code TopKV2}) and {@code in_top_k} (TF's {@code InTopKV2}). top_k gives the
 * positions of each last-axis row's k largest elements, largest first, equal elements in
 * increasing position (TF's stable order, what its kernel guarantees: -0.0 equals 0.0); the values
 * are a gather of those positions. A NaN, which TF's comparator leaves unordered (its result then
 * depends on the sort it picks), is taken here as larger than every number. Small k keeps a heap
 * of the k best per row; larger k sorts the row's positions (a stable merge sort). Rows run in
 * parallel above {@link ParallelLoops}' threshold, each on one thread. A ragged tensor's rows are
 * its innermost partition's rows of the flat values ({@link #rowTopK}), each taking its min(k, row
 * length) largest.
 */
public final class TopKKernels {
  private TopKKernels() {}

  /** TF's TopKV2 indices: int32 {@code [..., k]} positions along the last axis of {@code input}. */
  public static Tensor topK(Tensor input, long k, boolean sorted) {
    if (k < 0) {
      throw new InvalidArgumentException("Need k >= 0, got " + k);
    }
    int[] shape = input.shape();
    if (shape.length < 1) {
      throw new InvalidArgumentException("input must be >= 1-D, got shape " + Arrays.toString(shape));
    }
    int n = shape[shape.length - 1];
    if (n < k) {
      throw new InvalidArgumentException("input must have at least k columns. Had " + n + ", needed " + k);
    }
    int kk = (int) k;
    int[] outShape = shape.clone();
    outShape[shape.length - 1] = kk;
    int count = Sizes.elementCount(outShape);
    int rows = n == 0 ? 0 : input.size() / n;
    long[] keys = OrderKeys.of(input, "top_k");
    int[] out = new int[count];
    ParallelLoops.forRange(rows, (long) rows * n, (from, to) -> {
      int[] scratch = new int[Math.max(2 * n, 1)];
      for (int r = from; r < to; r++) {
        best(keys, r * n, n, kk, out, r * kk, scratch);
      }
    });
    return Tensor.wrap(DType.INT32, outShape, out);
  }

  /**
   * top_k of each row of a ragged tensor's innermost partition over its flat values (rank 1):
   * the int64 positions within the row of its {@code min(k, length)} largest, as flat values
   * under the row splits {@link #rowTopKSplits} gives.
   */
  public static Tensor rowTopK(Tensor values, RowPartition partition, long k) {
    if (k < 0) {
      throw new InvalidArgumentException("Need k >= 0, got " + k);
    }
    long[] splits = partition.unsafeRowSplits();
    int rows = splits.length - 1;
    if (values.rank() != 1 || values.size() != splits[rows]) {
      throw new InvalidArgumentException("the values (shape " + Arrays.toString(values.shape())
          + ") must be a vector the partition splits (nvals " + splits[rows] + ")");
    }
    long[] outSplits = topKSplits(splits, k);
    long[] keys = OrderKeys.of(values, "top_k");
    int[] positions = new int[(int) outSplits[rows]];
    ParallelLoops.forRows(splits, (from, to) -> {
      int[] scratch = new int[2];
      for (int r = from; r < to; r++) {
        int start = (int) splits[r];
        int length = (int) (splits[r + 1] - start);
        if (scratch.length < 2 * length) {
          scratch = new int[2 * length];
        }
        best(keys, start, length, (int) Math.min(k, length), positions, (int) outSplits[r], scratch);
      }
    });
    long[] out = new long[positions.length];
    for (int r = 0; r < rows; r++) {
      for (int i = (int) outSplits[r]; i < outSplits[r + 1]; i++) {
        out[i] = positions[i] + splits[r];
      }
    }
    return Tensor.wrap(DType.INT64, new int[] {out.length}, out);
  }

  /** The row splits of a ragged top_k: row r keeps min(k, its length) values. */
  public static RowPartition rowTopKSplits(RowPartition partition, long k) {
    return RowPartition.adoptingRowSplits(topKSplits(partition.unsafeRowSplits(), k), partition.splitsDType());
  }

  private static long[] topKSplits(long[] splits, long k) {
    if (k < 0) {
      throw new InvalidArgumentException("Need k >= 0, got " + k);
    }
    long[] out = new long[splits.length];
    for (int r = 0; r + 1 < splits.length; r++) {
      out[r + 1] = out[r] + Math.min(k, splits[r + 1] - splits[r]);
    }
    return out;
  }

  /** Whether position {@code i} comes before {@code j}: a larger key, or an equal one earlier. */
  private static boolean before(long[] keys, int i, int j) {
    return keys[i] > keys[j] || (keys[i] == keys[j] && i < j);
  }

  /**
   * The positions (relative to {@code from}) of the {@code k} first of {@code keys[from, from + n)}
   * in {@link #before} order, into {@code out[at, at + k)}; {@code scratch} holds at least 2n ints.
   */
  static void best(long[] keys, int from, int n, int k, int[] out, int at, int[] scratch) {
    if (k == 0) {
      return;
    }
    int[] idx = scratch;
    int m;
    if ((long) k * 8 < n) {
      // a heap of the k best, its worst at the root
      m = 0;
      for (int i = from; i < from + n; i++) {
        if (m < k) {
          idx[m] = i;
          siftUp(keys, idx, m++);
        } else if (before(keys, i, idx[0])) {
          idx[0] = i;
          siftDown(keys, idx, 0, m);
        }
      }
    } else {
      m = n;
      for (int i = 0; i < n; i++) {
        idx[i] = from + i;
      }
    }
    mergeSort(keys, idx, 0, m, scratch, n);
    for (int i = 0; i < k; i++) {
      out[at + i] = idx[i] - from;
    }
  }

  private static void siftUp(long[] keys, int[] heap, int i) {
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (!before(keys, heap[parent], heap[i])) {
        return;
      }
      int t = heap[parent];
      heap[parent] = heap[i];
      heap[i] = t;
      i = parent;
    }
  }

  private static void siftDown(long[] keys, int[] heap, int i, int size) {
    while (true) {
      int worst = i;
      int l = 2 * i + 1;
      int r = l + 1;
      if (l < size && before(keys, heap[worst], heap[l])) {
        worst = l;
      }
      if (r < size && before(keys, heap[worst], heap[r])) {
        worst = r;
      }
      if (worst == i) {
        return;
      }
      int t = heap[worst];
      heap[worst] = heap[i];
      heap[i] = t;
      i = worst;
    }
  }

  /** Sorts {@code idx[lo, hi)} into {@link #before} order (a total order: ties break by position), using {@code buf[off...]}. */
  private static void mergeSort(long[] keys, int[] idx, int lo, int hi, int[] buf, int off) {
    if (hi - lo < 2) {
      return;
    }
    if (hi - lo <= 16) {
      for (int i = lo + 1; i < hi; i++) {
        int v = idx[i];
        int j = i - 1;
        while (j >= lo && before(keys, v, idx[j])) {
          idx[j + 1] = idx[j];
          j--;
        }
        idx[j + 1] = v;
      }
      return;
    }
    int mid = (lo + hi) >>> 1;
    mergeSort(keys, idx, lo, mid, buf, off);
    mergeSort(keys, idx, mid, hi, buf, off);
    int a = lo;
    int b = mid;
    int o = off;
    while (a < mid && b < hi) {
      buf[o++] = before(keys, idx[b], idx[a]) ? idx[b++] : idx[a++];
    }
    while (a < mid) {
      buf[o++] = idx[a++];
    }
    while (b < hi) {
      buf[o++] = idx[b++];
    }
    System.arraycopy(buf, off, idx, lo, hi - lo);
  }

  /**
   * TF's InTopKV2: whether each target's prediction is among the k largest of its row (fewer than
   * k predictions strictly larger); false when the target is out of range or its prediction is not
   * finite, or a prediction met before k + 1 larger ones were counted is not finite (TF's loop).
   */
  public static Tensor inTopK(Tensor targets, Tensor predictions, long k) {
    if (predictions.rank() != 2) {
      throw new InvalidArgumentException("predictions must be 2-dimensional, got shape " + Arrays.toString(predictions.shape()));
    }
    if (targets.rank() != 1) {
      throw new InvalidArgumentException("targets must be 1-dimensional, got shape " + Arrays.toString(targets.shape()));
    }
    int batch = predictions.dim(0);
    int classes = predictions.dim(1);
    if (targets.dim(0) != batch) {
      throw new InvalidArgumentException("First dimension of predictions " + batch + " must match length of targets "
          + targets.dim(0));
    }
    float[] p = (float[]) predictions.unsafeData();
    long[] t = targets.toLongArray();
    boolean[] out = new boolean[batch];
    for (int b = 0; b < batch; b++) {
      long target = t[b];
      boolean cannotSay = target < 0 || target >= classes || !Float.isFinite(p[b * classes + (int) target]);
      long larger = 0;
      if (!cannotSay) {
        float tp = p[b * classes + (int) target];
        for (int c = 0; c < classes; c++) {
          float v = p[b * classes + c];
          if (!Float.isFinite(v)) {
            cannotSay = true;
            break;
          } else if (v > tp) {
            if (++larger > k) {
              break;
            }
          }
        }
      }
      out[b] = !cannotSay && larger < k;
    }
    return Tensor.wrap(DType.BOOL, new int[] {batch}, out);
  }
}
