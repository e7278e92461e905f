package dev.tatter.runtime.kernels;

import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;

/**
 * {@code tf.sparse.segment_sum}, {@code segment_mean} and {@code segment_sqrt_n} (TF's kernels
 * {@code SparseSegmentSum/Mean/SqrtN[WithNumSegments]}): output row {@code s} reduces the rows
 * {@code data[indices[i]]} of every {@code i} with {@code segment_ids[i] == s}. Segment ids must
 * not decrease; a segment without rows is 0. Rows are added in TF's order: the first {@code n % 8}
 * (or 8) rows left to right, then each further block of 8 summed left to right and added, so
 * float sums are TF's bit for bit; a mean divides by the count and a sqrt_n by its square root,
 * correctly rounded (TF's mean and sqrt_n can differ by 1 ulp, see docs/SEMANTICS.md).
 */
public final class SparseSegmentKernels {
  private SparseSegmentKernels() {}

  /** How a segment's sum is finished. */
  public enum Kind {
    SUM,
    MEAN,
    SQRT_N
  }

  /** The op's kernel; {@code numSegments} -1 takes the last segment id + 1 (TF without num_segments). */
  public static Tensor segment(Kind kind, Tensor data, Tensor indices, Tensor segmentIds, long numSegments) {
    if (data.rank() < 1) {
      throw new InvalidArgumentException("data must be at least 1-D, got a scalar");
    }
    if (indices.rank() != 1 || segmentIds.rank() != 1) {
      throw new InvalidArgumentException("indices and segment_ids should be vectors, got shapes "
          + Arrays.toString(indices.shape()) + " and " + Arrays.toString(segmentIds.shape()));
    }
    int n = indices.dim(0);
    if (segmentIds.dim(0) != n) {
      throw new InvalidArgumentException("segment_ids and indices should have same size, got " + segmentIds.dim(0) + " and " + n);
    }
    long last = n == 0 ? -1 : segmentIds.getLong(n - 1);
    long rows = numSegments >= 0 ? numSegments : last + 1;
    if (last >= rows) {
      throw new InvalidArgumentException("segment ids must be < num_segments: segment_ids[" + (n - 1) + "]=" + last
          + " but num_segments=" + rows);
    }
    int[] shape = data.shape();
    int rowSize = 1;
    for (int d = 1; d < shape.length; d++) {
      rowSize = Math.multiplyExact(rowSize, shape[d]);
    }
    long[] outShapeLong = new long[shape.length];
    outShapeLong[0] = rows;
    for (int d = 1; d < shape.length; d++) {
      outShapeLong[d] = shape[d];
    }
    int count = Sizes.elementCount(outShapeLong);
    int[] outShape = Arrays.stream(outShapeLong).mapToInt(d -> (int) d).toArray();
    long previous = 0;
    for (int i = 0; i < n; i++) {
      long s = segmentIds.getLong(i);
      if (s < 0) {
        throw new InvalidArgumentException("segment_ids[" + i + "]=" + s + " must be >= 0");
      }
      if (s < previous) {
        throw new InvalidArgumentException("segment ids are not increasing: segment_ids[" + i + "]=" + s + " < " + previous);
      }
      previous = s;
      long idx = indices.getLong(i);
      if (idx < 0 || idx >= shape[0]) {
        throw new InvalidArgumentException("Bad: indices[" + i + "] == " + idx + " out of range [0, " + shape[0] + ")");
      }
    }
    Object out = java.lang.reflect.Array.newInstance(data.dtype().arrayClass().getComponentType(), count);
    int start = 0;
    while (start < n) {
      int end = start;
      long s = segmentIds.getLong(start);
      while (end < n && segmentIds.getLong(end) == s) {
        end++;
      }
      for (int c = 0; c < rowSize; c++) {
        reduceColumn(kind, data, indices, start, end, rowSize, c, out, (int) s * rowSize + c);
      }
      start = end;
    }
    return Tensor.wrap(data.dtype(), outShape, out);
  }

  /** Column {@code c} of the rows {@code indices[start..end)} into {@code out[pos]}, in TF's order. */
  private static void reduceColumn(Kind kind, Tensor data, Tensor indices, int start, int end, int rowSize, int c,
      Object out, int pos) {
    int num = end - start;
    Object d = data.unsafeData();
    if (d instanceof float[] v) {
      int r = num & 7;
      int first = num == 1 ? 1 : r == 0 ? 8 : r == 1 ? 1 : r;
      float acc = v[row(indices, start, rowSize, c)];
      for (int k = 1; k < first; k++) {
        acc += v[row(indices, start + k, rowSize, c)];
      }
      for (int k = first; k < num; k += 8) {
        float block = v[row(indices, start + k, rowSize, c)];
        for (int j = 1; j < 8; j++) {
          block += v[row(indices, start + k + j, rowSize, c)];
        }
        acc += block;
      }
      // correctly rounded; TF's result can be 1 ulp away (docs/SEMANTICS.md)
      if (kind == Kind.MEAN && num > 1) {
        acc /= (float) num;
      } else if (kind == Kind.SQRT_N && num > 1) {
        acc /= (float) Math.sqrt(num);
      }
      ((float[]) out)[pos] = acc;
    } else if (d instanceof double[] v) {
      int r = num & 7;
      int first = num == 1 ? 1 : r == 0 ? 8 : r == 1 ? 1 : r;
      double acc = v[row(indices, start, rowSize, c)];
      for (int k = 1; k < first; k++) {
        acc += v[row(indices, start + k, rowSize, c)];
      }
      for (int k = first; k < num; k += 8) {
        double block = v[row(indices, start + k, rowSize, c)];
        for (int j = 1; j < 8; j++) {
          block += v[row(indices, start + k + j, rowSize, c)];
        }
        acc += block;
      }
      if (kind == Kind.MEAN && num > 1) {
        acc /= num;
      } else if (kind == Kind.SQRT_N && num > 1) {
        acc /= Math.sqrt(num);
      }
      ((double[]) out)[pos] = acc;
    } else {
      long acc = 0;
      for (int k = 0; k < num; k++) {
        acc += java.lang.reflect.Array.getLong(d, row(indices, start + k, rowSize, c));
      }
      // integer sums wrap in their own width, as TF's do
      if (out instanceof byte[] o) {
        o[pos] = (byte) acc;
      } else if (out instanceof short[] o) {
        o[pos] = (short) acc;
      } else if (out instanceof int[] o) {
        o[pos] = (int) acc;
      } else {
        ((long[]) out)[pos] = acc;
      }
    }
  }

  private static int row(Tensor indices, int i, int rowSize, int c) {
    return (int) indices.getLong(i) * rowSize + c;
  }
}
