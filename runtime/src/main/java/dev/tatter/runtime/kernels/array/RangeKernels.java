package dev.tatter.runtime.kernels.array;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;

/**
 * TF's {@code Range} ({@code tf.range}): {@code start, start + delta, ...} up to but not including
 * {@code limit}, on scalars of one dtype (int32, int64, float32, float64). As TF's kernel: the
 * length is {@code ceil(|limit - start| / |delta|)} (integers) or {@code ceil(|(limit - start) /
 * delta|)} computed in the dtype (floats), and value i is {@code start + i * delta} in the dtype
 * (two roundings for floats, none accumulated), as TF 2.18's kernel computes it.
 */
public final class RangeKernels {
  private RangeKernels() {}

  public static Tensor range(Tensor start, Tensor limit, Tensor delta) {
    int n = Sizes.toIntSize(length(start, limit, delta), "the length of range(" + start + ", " + limit + ", " + delta + ")");
    return switch (start.dtype()) {
      case INT32 -> {
        int[] out = new int[n];
        int v = (int) start.getLong(0);
        int d = (int) delta.getLong(0);
        for (int i = 0; i < n; i++) {
          out[i] = v;
          v += d;
        }
        yield Tensor.wrap(DType.INT32, new int[] {n}, out);
      }
      case INT64 -> {
        long[] out = new long[n];
        long v = start.getLong(0);
        long d = delta.getLong(0);
        for (int i = 0; i < n; i++) {
          out[i] = v;
          v += d;
        }
        yield Tensor.wrap(DType.INT64, new int[] {n}, out);
      }
      case FLOAT32 -> {
        float[] out = new float[n];
        float v = (float) start.getDouble(0);
        float d = (float) delta.getDouble(0);
        for (int i = 0; i < n; i++) {
          out[i] = v + (float) i * d;
        }
        yield Tensor.wrap(DType.FLOAT32, new int[] {n}, out);
      }
      default -> {
        double[] out = new double[n];
        double v = start.getDouble(0);
        double d = delta.getDouble(0);
        for (int i = 0; i < n; i++) {
          out[i] = v + (double) i * d;
        }
        yield Tensor.wrap(DType.FLOAT64, new int[] {n}, out);
      }
    };
  }

  /**
   * The length of {@code range(start, limit, delta)} as TF's kernel computes it, after its checks
   * (delta nonzero, start on the right side of limit); a float length past int64 is -1.
   */
  public static long length(Tensor start, Tensor limit, Tensor delta) {
    for (Tensor t : new Tensor[] {start, limit, delta}) {
      if (t.rank() != 0 || t.dtype() != start.dtype()) {
        throw new InvalidArgumentException("start, limit and delta must be scalars of one dtype, got "
            + start.dtype() + java.util.Arrays.toString(start.shape()) + ", " + limit.dtype()
            + java.util.Arrays.toString(limit.shape()) + ", " + delta.dtype() + java.util.Arrays.toString(delta.shape()));
      }
    }
    switch (start.dtype()) {
      case INT32, INT64 -> {
        long a = start.getLong(0);
        long b = limit.getLong(0);
        long d = delta.getLong(0);
        check(d != 0, d > 0, d > 0 ? a <= b : a >= b, Long.toString(a), Long.toString(b), Long.toString(d));
        long span = Math.abs(b - a);
        long step = Math.abs(d);
        return span / step + (span % step == 0 ? 0 : 1);
      }
      case FLOAT32 -> {
        float a = (float) start.getDouble(0);
        float b = (float) limit.getDouble(0);
        float d = (float) delta.getDouble(0);
        check(d != 0, d > 0, d > 0 ? a <= b : a >= b, Float.toString(a), Float.toString(b), Float.toString(d));
        return ceiling(Math.abs((b - a) / d));
      }
      case FLOAT64 -> {
        double a = start.getDouble(0);
        double b = limit.getDouble(0);
        double d = delta.getDouble(0);
        check(d != 0, d > 0, d > 0 ? a <= b : a >= b, Double.toString(a), Double.toString(b), Double.toString(d));
        return ceiling(Math.abs((b - a) / d));
      }
      default -> throw new InvalidArgumentException("range is not defined on " + start.dtype()
          + " (Tatter's kernel takes int32, int64, float32 and float64)");
    }
  }

  private static long ceiling(double x) {
    double c = Math.ceil(x);
    return Double.isNaN(c) || c > Long.MAX_VALUE ? -1 : (long) c;
  }

  private static void check(boolean deltaNonZero, boolean positive, boolean ordered, String start, String limit, String delta) {
    if (!deltaNonZero) {
      throw new InvalidArgumentException("Requires delta != 0: " + delta);
    }
    if (!ordered) {
      throw new InvalidArgumentException(positive
          ? "Requires start <= limit when delta > 0: " + start + "/" + limit
          : "Requires start >= limit when delta < 0: " + start + "/" + limit);
    }
  }
}
