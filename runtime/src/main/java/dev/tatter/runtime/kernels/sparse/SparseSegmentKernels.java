package dev.tatter.runtime.kernels.sparse;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;

/**
 * {@code tf.sparse.segment_sum}, {@code segment_mean} and {@code segment_sqrt_n} (TF's kernels
 * {@code SparseSegmentSum/Mean/SqrtN[WithNumSegments]}): output row {@code s} reduces the rows
 * {@code data[indices[i]]} of every {@code i} with {@code segment_ids[i] == s}. Segment ids must
 * not decrease; a segment without rows is 0. Rows are added in TF's order ({@link #firstBlock},
 * then blocks of 8, each summed left to right and added), and a mean or sqrt_n is finished as TF
 * finishes it (a product by the reciprocal for fewer than 10 rows, a quotient from 10), so float
 * results are TF's bit for bit; float16 and bfloat16 rows are reduced in float and the result
 * rounded once, as TF casts them. No complex: TF's op definitions take real dtypes only.
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
    int[] outShape = Sizes.toIntShape(outShapeLong);
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
    // float16 and bfloat16 rows are reduced in float and rounded once, as TF's kernel casts them
    DType dtype = data.dtype();
    boolean inFloat = dtype.isFloating() && dtype.storageType() != dtype.computeType();
    if (inFloat) {
      data = widened(data);
    }
    // the dtype's zeros: an empty segment is TF's default value 0
    Object out = data.dtype().layout().newArray(count);
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
    if (inFloat) {
      Object narrowed = dtype.layout().newArray(count);
      for (int i = 0; i < count; i++) {
        dtype.layout().set(narrowed, i, ((float[]) out)[i]);
      }
      return Tensor.wrap(dtype, outShape, narrowed);
    }
    return Tensor.wrap(data.dtype(), outShape, out);
  }

  /** A 16-bit float tensor's values as float32 (exactly). */
  private static Tensor widened(Tensor data) {
    float[] f = new float[data.size()];
    for (int i = 0; i < f.length; i++) {
      f[i] = (Float) data.dtype().layout().get(data.unsafeData(), i);
    }
    return Tensor.wrap(DType.FLOAT32, data.shape(), f);
  }

  /**
   * Rows in TF's first block: all of a segment of 2 to 9 rows, else {@code n % 8} rows, 8 when
   * that is 0 and 9 when it is 1 (TF's switch on {@code num & 7}); 8 rows at a time after it.
   */
  static int firstBlock(int num) {
    int r = num & 7;
    return num == 1 ? 1 : r == 0 ? 8 : r == 1 ? 9 : r;
  }

  /**
   * TF's divisor {@code m}: the count for a mean, its square root for sqrt_n (TF's {@code
   * T(sqrt(num))}, the double square root rounded to the dtype), 1 for a sum.
   */
  private static double divisor(Kind kind, int num) {
    return switch (kind) {
      case SUM -> 1;
      case MEAN -> num;
      case SQRT_N -> Math.sqrt(num);
    };
  }

  /**
   * Column {@code c} of the rows {@code indices[start..end)} into {@code out[pos]}, in TF's order:
   * a segment of one row is that row; else the first block, times TF's scaling factor {@code 1 / m}
   * when the segment has fewer than 10 rows (and 1 otherwise, a sum's too), then each further block
   * of 8 added, and a segment of 10 rows or more divided by {@code m} at the end. So a mean of few
   * rows is a product by the rounded reciprocal and one of many a quotient, bit for bit as TF's.
   */
  private static void reduceColumn(Kind kind, Tensor data, Tensor indices, int start, int end, int rowSize, int c,
      Object out, int pos) {
    int num = end - start;
    int first = firstBlock(num);
    boolean scaled = num > 1 && num < 10;
    boolean divided = kind != Kind.SUM && num >= 10;
    double m = divisor(kind, num);
    Object d = data.unsafeData();
    if (d instanceof float[] v) {
      float acc = v[row(indices, start, rowSize, c)];
      for (int k = 1; k < first; k++) {
        acc += v[row(indices, start + k, rowSize, c)];
      }
      if (scaled) {
        acc *= 1f / (float) m;
      }
      for (int k = first; k < num; k += 8) {
        float block = v[row(indices, start + k, rowSize, c)];
        for (int j = 1; j < 8; j++) {
          block += v[row(indices, start + k + j, rowSize, c)];
        }
        acc += block;
      }
      ((float[]) out)[pos] = divided ? acc / (float) m : acc;
    } else if (d instanceof double[] v) {
      double acc = v[row(indices, start, rowSize, c)];
      for (int k = 1; k < first; k++) {
        acc += v[row(indices, start + k, rowSize, c)];
      }
      if (scaled) {
        acc *= 1 / m;
      }
      for (int k = first; k < num; k += 8) {
        double block = v[row(indices, start + k, rowSize, c)];
        for (int j = 1; j < 8; j++) {
          block += v[row(indices, start + k + j, rowSize, c)];
        }
        acc += block;
      }
      ((double[]) out)[pos] = divided ? acc / m : acc;
    } else {
      long acc = 0;
      for (int k = 0; k < num; k++) {
        acc += java.lang.reflect.Array.getLong(d, row(indices, start + k, rowSize, c));
      }
      // integer sums wrap in their own width, as TF's do (unsigned ones too: the low bits are the same)
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
