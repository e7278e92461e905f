package dev.tatter.runtime.kernels.reduce;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;

/**
 * {@code tf.nn.softmax} and {@code tf.nn.log_softmax} along one axis of a dense tensor, and
 * within the rows of a partition over flat values (the ragged axis). Each lane is shifted by its
 * maximum first, as TF's kernels do, so large logits do not overflow; float32 lanes are computed
 * in float (the exponential rounded from double), float64 in double. Dense softmax multiplies by
 * the sum's reciprocal as TF's {@code Softmax} kernel does; the ragged form divides by the sum as
 * TF's ragged dispatch ({@code exp(x - max) / reduce_sum}) does. An empty lane stays empty.
 */
public final class SoftmaxKernels {
  private SoftmaxKernels() {}

  /** {@code tf.nn.softmax(x, axis)} ({@code kind} "softmax") or {@code tf.nn.log_softmax} ("log_softmax"). */
  public static Tensor softmax(String kind, Tensor x, long axis) {
    boolean log = isLog(kind);
    int[] shape = x.shape();
    if (axis < 0 || axis >= shape.length) {
      throw new InvalidArgumentException(kind + ": axis " + axis + " is out of range for a tensor of rank " + shape.length);
    }
    int outer = 1;
    for (int a = 0; a < axis; a++) {
      outer *= shape[a];
    }
    int inner = 1;
    for (int a = (int) axis + 1; a < shape.length; a++) {
      inner *= shape[a];
    }
    int length = shape[(int) axis];
    Lanes lanes = Lanes.of(kind, x);
    for (int o = 0; o < outer; o++) {
      for (int i = 0; i < inner; i++) {
        lanes.run(o * length * inner + i, length, inner, log, false);
      }
    }
    return lanes.result(shape);
  }

  /** The softmax within each row of {@code partition} over the flat values' first dimension. */
  public static Tensor rowSoftmax(String kind, Tensor values, RowPartition partition) {
    boolean log = isLog(kind);
    if (values.rank() == 0 || values.dim(0) != partition.nvals()) {
      throw new InvalidArgumentException(kind + ": values must have one row per partitioned value: the partition covers "
          + partition.nvals() + " values but values has shape " + java.util.Arrays.toString(values.shape()));
    }
    int inner = values.dim(0) == 0 ? 0 : values.size() / values.dim(0);
    Lanes lanes = Lanes.of(kind, values);
    for (int r = 0; r < partition.nrows(); r++) {
      for (int i = 0; i < inner; i++) {
        lanes.run(partition.rowStart(r) * inner + i, partition.rowLength(r), inner, log, true);
      }
    }
    return lanes.result(values.shape());
  }

  private static boolean isLog(String kind) {
    return switch (kind) {
      case "softmax" -> false;
      case "log_softmax" -> true;
      default -> throw new IllegalArgumentException("unknown softmax kind " + kind);
    };
  }

  /** One lane loop per float type. */
  private abstract static class Lanes {
    final Tensor in;

    Lanes(Tensor in) {
      this.in = in;
    }

    static Lanes of(String kind, Tensor x) {
      if (x.dtype() == DType.FLOAT32) {
        return new FloatLanes(x);
      }
      if (x.dtype() == DType.FLOAT64) {
        return new DoubleLanes(x);
      }
      throw new InvalidArgumentException(kind + " takes float32 or float64 tensors, got " + x.dtype());
    }

    /** The {@code length} elements at {@code start, start + stride, ...}; {@code divide} as the ragged form. */
    abstract void run(int start, int length, int stride, boolean log, boolean divide);

    abstract Tensor result(int[] shape);
  }

  private static final class FloatLanes extends Lanes {
    final float[] out;

    FloatLanes(Tensor in) {
      super(in);
      out = new float[Sizes.elementCount(in.shape())];
    }

    @Override
    void run(int start, int length, int stride, boolean log, boolean divide) {
      if (length == 0) {
        return;
      }
      float[] x = (float[]) in.unsafeData();
      int end = start + length * stride;
      float max = x[start];
      for (int j = start + stride; j < end; j += stride) {
        // NaN propagates: a lane holding NaN is NaN throughout, as TF's is
        max = Float.isNaN(x[j]) || x[j] > max ? x[j] : max;
      }
      float sum = 0f;
      for (int j = start; j < end; j += stride) {
        float shifted = x[j] - max;
        float e = (float) Math.exp(shifted);
        out[j] = log ? shifted : e;
        sum += e;
      }
      if (log) {
        float logSum = (float) Math.log(sum);
        for (int j = start; j < end; j += stride) {
          out[j] -= logSum;
        }
      } else if (divide) {
        for (int j = start; j < end; j += stride) {
          out[j] /= sum;
        }
      } else {
        float reciprocal = 1f / sum;
        for (int j = start; j < end; j += stride) {
          out[j] *= reciprocal;
        }
      }
    }

    @Override
    Tensor result(int[] shape) {
      return Tensor.wrap(DType.FLOAT32, shape, out);
    }
  }

  private static final class DoubleLanes extends Lanes {
    final double[] out;

    DoubleLanes(Tensor in) {
      super(in);
      out = new double[Sizes.elementCount(in.shape())];
    }

    @Override
    void run(int start, int length, int stride, boolean log, boolean divide) {
      if (length == 0) {
        return;
      }
      double[] x = (double[]) in.unsafeData();
      int end = start + length * stride;
      double max = x[start];
      for (int j = start + stride; j < end; j += stride) {
        max = Double.isNaN(x[j]) || x[j] > max ? x[j] : max;
      }
      double sum = 0;
      for (int j = start; j < end; j += stride) {
        double shifted = x[j] - max;
        double e = Math.exp(shifted);
        out[j] = log ? shifted : e;
        sum += e;
      }
      if (log) {
        double logSum = Math.log(sum);
        for (int j = start; j < end; j += stride) {
          out[j] -= logSum;
        }
      } else if (divide) {
        for (int j = start; j < end; j += stride) {
          out[j] /= sum;
        }
      } else {
        double reciprocal = 1 / sum;
        for (int j = start; j < end; j += stride) {
          out[j] *= reciprocal;
        }
      }
    }

    @Override
    Tensor result(int[] shape) {
      return Tensor.wrap(DType.FLOAT64, shape, out);
    }
  }
}
