package dev.tatter.runtime.kernels.sort;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;

/**
 * TF's {@code LowerBound}/{@code UpperBound} ({@code tf.searchsorted}: per row of a sorted
 * {@code [B, N]} sequence, the first position whose element is not less than (lower) or greater
 * than (upper) each of the row's values, by C++'s {@code <} as {@code std::lower_bound} compares:
 * -0.0 equals 0.0 and a NaN compares false both ways) and {@code Bucketize} (the number of
 * boundaries at or below each value, {@code std::upper_bound} over float boundaries, the value
 * converted as C++ converts it to compare: an integer to float, a float64 keeps its precision).
 */
public final class SearchKernels {
  private SearchKernels() {}

  /** The {@code search_sorted} op's kernel: {@code side} "left" is LowerBound, "right" UpperBound. */
  public static Tensor search(Tensor sortedInputs, Tensor values, String side, DType outType) {
    return search(sortedInputs, values, outType, side.equals("right"));
  }

  public static Tensor lowerBound(Tensor sortedInputs, Tensor values, DType outType) {
    return search(sortedInputs, values, outType, false);
  }

  public static Tensor upperBound(Tensor sortedInputs, Tensor values, DType outType) {
    return search(sortedInputs, values, outType, true);
  }

  private static Tensor search(Tensor sorted, Tensor values, DType outType, boolean upper) {
    if (sorted.rank() != 2 || values.rank() != 2) {
      throw new InvalidArgumentException("sorted_sequence and values must be matrices, got shapes "
          + Arrays.toString(sorted.shape()) + " and " + Arrays.toString(values.shape()));
    }
    if (sorted.dim(0) != values.dim(0)) {
      throw new InvalidArgumentException("Leading dim_size of both tensors must match.");
    }
    if (sorted.dtype() != values.dtype()) {
      throw new InvalidArgumentException("sorted_sequence and values must have one dtype, got " + sorted.dtype() + " and "
          + values.dtype());
    }
    int rows = sorted.dim(0);
    int n = sorted.dim(1);
    int m = values.dim(1);
    long[] out = new long[rows * m];
    if (sorted.dtype().isFloating()) {
      double[] s = sorted.toDoubleArray();
      double[] v = values.toDoubleArray();
      for (int r = 0; r < rows; r++) {
        for (int j = 0; j < m; j++) {
          double x = v[r * m + j];
          int lo = 0;
          int hi = n;
          while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            double e = s[r * n + mid];
            if (upper ? !(x < e) : e < x) {
              lo = mid + 1;
            } else {
              hi = mid;
            }
          }
          out[r * m + j] = lo;
        }
      }
    } else {
      long[] s = OrderKeys.of(sorted, "searchsorted");
      long[] v = OrderKeys.of(values, "searchsorted");
      for (int r = 0; r < rows; r++) {
        for (int j = 0; j < m; j++) {
          long x = v[r * m + j];
          int lo = 0;
          int hi = n;
          while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            long e = s[r * n + mid];
            if (upper ? !(x < e) : e < x) {
              lo = mid + 1;
            } else {
              hi = mid;
            }
          }
          out[r * m + j] = lo;
        }
      }
    }
    int[] shape = {rows, m};
    if (outType == DType.INT32) {
      return Tensor.wrap(DType.INT32, shape, Arrays.stream(out).mapToInt(x -> (int) x).toArray());
    }
    return Tensor.wrap(DType.INT64, shape, out);
  }

  /** TF's {@code Bucketize}: int32, of the input's shape. */
  public static Tensor bucketize(Tensor input, Tensor boundaries) {
    float[] b = (float[]) boundaries.unsafeData();
    int n = input.size();
    int[] out = new int[n];
    boolean wide = input.dtype() == DType.FLOAT64;
    for (int i = 0; i < n; i++) {
      double x = wide ? input.getDouble(i) : toFloat(input, i);
      int lo = 0;
      int hi = b.length;
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        if (x < b[mid]) {
          hi = mid;
        } else {
          lo = mid + 1;
        }
      }
      out[i] = lo;
    }
    return Tensor.wrap(DType.INT32, input.shape(), out);
  }

  /** An int32, int64 or float32 element as C++ converts it to compare with a float. */
  private static float toFloat(Tensor t, int i) {
    return t.dtype().isInteger() ? (float) t.getLong(i) : (float) t.getDouble(i);
  }
}
