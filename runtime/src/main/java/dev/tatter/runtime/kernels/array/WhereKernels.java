package dev.tatter.runtime.kernels.array;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.elementwise.Broadcast;
import java.lang.reflect.Array;

/**
 * TF's {@code tf.where}: with one argument the coordinates of the true (non-zero) elements, with
 * three the elementwise choice between two tensors.
 */
public final class WhereKernels {
  private WhereKernels() {}

  /**
   * {@code tf.where(condition)}: an int64 {@code [num_true, rank]} tensor, one row per true
   * element in row-major order. For a ragged condition the coordinates run through its ragged
   * dimensions as TF's {@code _coordinate_where} computes them.
   */
  public static Tensor whereCoordinates(Object condition) {
    Coordinates c = coordinates(condition);
    return Tensor.wrap(DType.INT64, new int[] {c.count, c.width}, c.values);
  }

  private record Coordinates(long[] values, int count, int width) {}

  private static Coordinates coordinates(Object condition) {
    if (condition instanceof RaggedTensor rt) {
      Coordinates inner = coordinates(rt.values());
      RowPartition p = rt.partition();
      int width = inner.width + 1;
      long[] out = new long[Sizes.elementCount(new long[] {inner.count, width})];
      int row = 0;
      for (int i = 0; i < inner.count; i++) {
        long first = inner.values[i * inner.width];
        while (p.rowLimit(row) <= first) {
          row++;
        }
        out[i * width] = row;
        out[i * width + 1] = first - p.rowStart(row);
        System.arraycopy(inner.values, i * inner.width + 1, out, i * width + 2, inner.width - 1);
      }
      return new Coordinates(out, inner.count, width);
    }
    Tensor t = (Tensor) condition;
    int[] shape = t.shape();
    int n = t.size();
    int count = 0;
    for (int i = 0; i < n; i++) {
      count += isTrue(t, i) ? 1 : 0;
    }
    int width = shape.length;
    long[] out = new long[Sizes.elementCount(new long[] {count, width})];
    int k = 0;
    for (int i = 0; i < n; i++) {
      if (isTrue(t, i)) {
        int rest = i;
        for (int a = width - 1; a >= 0; a--) {
          out[k * width + a] = rest % shape[a];
          rest /= shape[a];
        }
        k++;
      }
    }
    return new Coordinates(out, count, width);
  }

  /** TF's {@code Where} takes any numeric condition: non-zero (NaN included) is true. */
  private static boolean isTrue(Tensor t, int i) {
    return t.dtype().isFloating() ? t.getDouble(i) != 0 : t.getLong(i) != 0;
  }

  /**
   * {@code tf.where(condition, x, y)} (TF 2's {@code where_v2}): {@code x} where the condition
   * holds, else {@code y}, the three shapes broadcast together.
   */
  public static Tensor select(Tensor condition, Tensor x, Tensor y) {
    if (condition.dtype() != DType.BOOL) {
      throw new InvalidArgumentException("condition must be bool, got " + condition.dtype());
    }
    if (x.dtype() != y.dtype()) {
      throw new InvalidArgumentException("x and y must have one dtype, got " + x.dtype() + " and " + y.dtype());
    }
    int[] shape = Broadcast.shape(Broadcast.shape(condition.shape(), x.shape()), y.shape());
    int count = Sizes.elementCount(shape);
    int[] ci = Broadcast.gatherIndex(shape, Broadcast.strides(condition.shape(), shape), count);
    int[] xi = Broadcast.gatherIndex(shape, Broadcast.strides(x.shape(), shape), count);
    int[] yi = Broadcast.gatherIndex(shape, Broadcast.strides(y.shape(), shape), count);
    boolean[] c = (boolean[]) condition.unsafeData();
    Object xs = x.unsafeData();
    Object ys = y.unsafeData();
    Object out = x.dtype().layout().newArray(count);
    for (int i = 0; i < count; i++) {
      if (c[ci[i]]) {
        x.dtype().layout().copy(xs, xi[i], out, i, 1);
      } else {
        x.dtype().layout().copy(ys, yi[i], out, i, 1);
      }
    }
    return Tensor.wrap(x.dtype(), shape, out);
  }
}
