package dev.tatter.runtime.kernels.ragged;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;

/**
 * TF's {@code RaggedRange} ({@code tf.ragged.range}): row {@code i} is
 * {@code range(starts[i], limits[i], deltas[i])}; a scalar operand is broadcast to every row. As
 * in TF's kernel, the length of a row is {@code ceil(|limit - start| / |delta|)} (computed in the
 * operands' dtype for floats) and a float row is built by repeated addition of delta, so its last
 * value may differ from {@code start + k * delta}.
 */
public final class RaggedRangeKernels {
  private RaggedRangeKernels() {}

  public static RaggedTensor raggedRange(Tensor starts, Tensor limits, Tensor deltas, DType splitsDType) {
    requireScalarOrVector(starts, "starts");
    requireScalarOrVector(limits, "limits");
    requireScalarOrVector(deltas, "deltas");
    int nrows = -1;
    for (Tensor t : new Tensor[] {starts, limits, deltas}) {
      if (t.rank() == 1) {
        if (nrows >= 0 && nrows != t.dim(0)) {
          throw new InvalidArgumentException("starts, limits, and deltas must have the same shape: got sizes "
              + sizeOf(starts) + ", " + sizeOf(limits) + " and " + sizeOf(deltas));
        }
        nrows = t.dim(0);
      }
    }
    // all scalars: one row; a vector of zero length: no rows
    nrows = nrows < 0 ? 1 : nrows;
    DType dtype = starts.dtype();
    long[] splits = new long[nrows + 1];
    for (int row = 0; row < nrows; row++) {
      long size = dtype.isInteger()
          ? integerSize(at(starts, row), at(limits, row), at(deltas, row))
          : floatSize(dtype, starts.getDouble(index(starts, row)), limits.getDouble(index(limits, row)),
              deltas.getDouble(index(deltas, row)));
      splits[row + 1] = splits[row] + size;
      Sizes.toIntSize(splits[row + 1], "the number of values of tf.ragged.range");
    }
    int nvals = (int) splits[nrows];
    Object values = switch (dtype) {
      case INT32 -> {
        int[] out = new int[nvals];
        for (int row = 0, k = 0; row < nrows; row++) {
          int value = (int) at(starts, row);
          int delta = (int) at(deltas, row);
          for (long i = splits[row]; i < splits[row + 1]; i++, value += delta) {
            out[k++] = value;
          }
        }
        yield out;
      }
      case INT64 -> {
        long[] out = new long[nvals];
        for (int row = 0, k = 0; row < nrows; row++) {
          long value = at(starts, row);
          long delta = at(deltas, row);
          for (long i = splits[row]; i < splits[row + 1]; i++, value += delta) {
            out[k++] = value;
          }
        }
        yield out;
      }
      case FLOAT32 -> {
        float[] out = new float[nvals];
        for (int row = 0, k = 0; row < nrows; row++) {
          float value = (float) starts.getDouble(index(starts, row));
          float delta = (float) deltas.getDouble(index(deltas, row));
          for (long i = splits[row]; i < splits[row + 1]; i++, value += delta) {
            out[k++] = value;
          }
        }
        yield out;
      }
      case FLOAT64 -> {
        double[] out = new double[nvals];
        for (int row = 0, k = 0; row < nrows; row++) {
          double value = starts.getDouble(index(starts, row));
          double delta = deltas.getDouble(index(deltas, row));
          for (long i = splits[row]; i < splits[row + 1]; i++, value += delta) {
            out[k++] = value;
          }
        }
        yield out;
      }
      case BOOL, INT8, INT16, STRING, UINT8, UINT16, UINT32, UINT64, FLOAT16, BFLOAT16, COMPLEX64, COMPLEX128 ->
          throw new InvalidArgumentException("tf.ragged.range takes int32, int64, float32 or float64, got " + dtype);
    };
    return RaggedTensor.of(Tensor.wrap(dtype, new int[] {nvals}, values), RowPartition.adoptingRowSplits(splits, splitsDType));
  }

  private static long integerSize(long start, long limit, long delta) {
    if (delta == 0) {
      throw new InvalidArgumentException("Requires delta != 0");
    }
    if ((delta > 0 && limit < start) || (delta < 0 && limit > start)) {
      return 0;
    }
    long distance;
    try {
      distance = Math.abs(Math.subtractExact(limit, start));
    } catch (ArithmeticException e) {
      throw new InvalidArgumentException("Requires limit - start to fit in int64: start " + start + ", limit " + limit);
    }
    // |delta| of Long.MIN_VALUE does not fit; any finite distance is then covered by one step
    long step = delta == Long.MIN_VALUE ? Long.MAX_VALUE : Math.abs(delta);
    return distance / step + (distance % step == 0 ? 0 : 1);
  }

  private static long floatSize(DType dtype, double start, double limit, double delta) {
    if (delta == 0) {
      throw new InvalidArgumentException("Requires delta != 0");
    }
    if ((delta > 0 && limit < start) || (delta < 0 && limit > start)) {
      return 0;
    }
    double quotient = dtype == DType.FLOAT32
        ? Math.abs(((float) limit - (float) start) / (float) delta)
        : Math.abs((limit - start) / delta);
    double size = Math.ceil(quotient);
    if (!(size <= Long.MAX_VALUE)) {
      throw new InvalidArgumentException("Requires ((limit - start) / delta) <= " + Long.MAX_VALUE
          + ": start " + start + ", limit " + limit + ", delta " + delta);
    }
    return (long) size;
  }

  private static void requireScalarOrVector(Tensor t, String name) {
    if (t.rank() > 1) {
      throw new InvalidArgumentException(name + " must be a scalar or vector, got shape " + java.util.Arrays.toString(t.shape()));
    }
  }

  private static String sizeOf(Tensor t) {
    return t.rank() == 0 ? "scalar" : Integer.toString(t.dim(0));
  }

  private static int index(Tensor t, int row) {
    return t.rank() == 0 ? 0 : row;
  }

  private static long at(Tensor t, int row) {
    return t.getLong(index(t, row));
  }
}
