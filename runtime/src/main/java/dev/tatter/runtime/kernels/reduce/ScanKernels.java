package dev.tatter.runtime.kernels.reduce;

import dev.tatter.runtime.Complex128;
import dev.tatter.runtime.Complex64;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.DTypeLayout;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.scalar.ComplexFunctions;

/**
 * Cumulative sums and products ({@code tf.math.cumsum} / {@code cumprod}) along one axis of a
 * dense tensor, and along the rows of a partition over flat values (the ragged axis). Each
 * position is accumulated in order, in the element's compute type (float32 in float, integers
 * wrapping as their dtype, complex values as {@code ComplexFunctions} adds and multiplies them), as TF's CPU scan over a dense tensor and its padded
 * {@code to_tensor()} form accumulate.
 */
public final class ScanKernels {
  private ScanKernels() {}

  /** {@code tf.math.cumsum(x, axis, exclusive, reverse)} ({@code op} "sum") or {@code cumprod} ("prod"). */
  public static Tensor scan(String op, Tensor x, long axis, boolean exclusive, boolean reverse) {
    int[] shape = x.shape();
    if (axis < 0 || axis >= shape.length) {
      throw new InvalidArgumentException("axis " + axis + " is out of range for a tensor of rank " + shape.length);
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
    Accumulator acc = Accumulator.of(op, x);
    for (int o = 0; o < outer; o++) {
      for (int i = 0; i < inner; i++) {
        acc.run(o * length * inner + i, length, inner, exclusive, reverse);
      }
    }
    return acc.result(shape);
  }

  /** The scan within each row of {@code partition} over the flat values' first dimension. */
  public static Tensor rowScan(String op, Tensor values, RowPartition partition, boolean exclusive, boolean reverse) {
    if (values.rank() == 0 || values.dim(0) != partition.nvals()) {
      throw new InvalidArgumentException("values must have one row per partitioned value: the partition covers "
          + partition.nvals() + " values but values has shape " + java.util.Arrays.toString(values.shape()));
    }
    int inner = values.rank() == 0 ? 1 : values.size() / Math.max(values.dim(0), 1);
    if (values.dim(0) == 0) {
      inner = 0;
    }
    Accumulator acc = Accumulator.of(op, values);
    for (int r = 0; r < partition.nrows(); r++) {
      for (int i = 0; i < inner; i++) {
        acc.run(partition.rowStart(r) * inner + i, partition.rowLength(r), inner, exclusive, reverse);
      }
    }
    return acc.result(values.shape());
  }

  /** One scan loop per compute type: float32 accumulates in float, float64 in double, float16/bfloat16
   * in float rounded each step, integers (signed and unsigned) in long (narrowed when stored). */
  private abstract static class Accumulator {
    final Tensor in;
    final boolean product;

    Accumulator(Tensor in, boolean product) {
      this.in = in;
      this.product = product;
    }

    static Accumulator of(String op, Tensor x) {
      boolean product = switch (op) {
        case "sum" -> false;
        case "prod" -> true;
        default -> throw new IllegalArgumentException("unknown scan " + op);
      };
      DType d = x.dtype();
      return switch (d) {
        case FLOAT32 -> new FloatAcc(x, product);
        case FLOAT64 -> new DoubleAcc(x, product);
        case FLOAT16, BFLOAT16 -> new HalfAcc(x, product);
        case INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64 -> new LongAcc(x, product);
        case COMPLEX64, COMPLEX128 -> new ComplexAcc(x, product);
        case BOOL, STRING -> throw new InvalidArgumentException("cumsum/cumprod take numeric tensors, got " + d);
      };
    }

    /** Scans the {@code length} elements at {@code start, start + stride, ...}. */
    abstract void run(int start, int length, int stride, boolean exclusive, boolean reverse);

    abstract Tensor result(int[] shape);
  }

  private static final class FloatAcc extends Accumulator {
    final float[] out;

    FloatAcc(Tensor in, boolean product) {
      super(in, product);
      out = new float[Sizes.elementCount(in.shape())];
    }

    @Override
    void run(int start, int length, int stride, boolean exclusive, boolean reverse) {
      float[] x = (float[]) in.unsafeData();
      float acc = product ? 1f : 0f;
      for (int k = 0; k < length; k++) {
        int j = start + (reverse ? length - 1 - k : k) * stride;
        if (exclusive) {
          out[j] = acc;
          acc = product ? acc * x[j] : acc + x[j];
        } else {
          acc = product ? acc * x[j] : acc + x[j];
          out[j] = acc;
        }
      }
    }

    @Override
    Tensor result(int[] shape) {
      return Tensor.wrap(DType.FLOAT32, shape, out);
    }
  }

  private static final class DoubleAcc extends Accumulator {
    final double[] out;

    DoubleAcc(Tensor in, boolean product) {
      super(in, product);
      out = new double[Sizes.elementCount(in.shape())];
    }

    @Override
    void run(int start, int length, int stride, boolean exclusive, boolean reverse) {
      double[] x = (double[]) in.unsafeData();
      double acc = product ? 1 : 0;
      for (int k = 0; k < length; k++) {
        int j = start + (reverse ? length - 1 - k : k) * stride;
        if (exclusive) {
          out[j] = acc;
          acc = product ? acc * x[j] : acc + x[j];
        } else {
          acc = product ? acc * x[j] : acc + x[j];
          out[j] = acc;
        }
      }
    }

    @Override
    Tensor result(int[] shape) {
      return Tensor.wrap(DType.FLOAT64, shape, out);
    }
  }

  /**
   * 16-bit floats accumulate as Eigen's {@code half}/{@code bfloat16} do in TF's scan: each step
   * computed in float and rounded to the dtype (through its layout), so the running value is
   * always a 16-bit float.
   */
  private static final class HalfAcc extends Accumulator {
    final Object out;
    final DTypeLayout layout;

    HalfAcc(Tensor in, boolean product) {
      super(in, product);
      layout = in.dtype().layout();
      out = layout.newArray(Sizes.elementCount(in.shape()));
    }

    @Override
    void run(int start, int length, int stride, boolean exclusive, boolean reverse) {
      Object x = in.unsafeData();
      float acc = product ? 1f : 0f;
      for (int k = 0; k < length; k++) {
        int j = start + (reverse ? length - 1 - k : k) * stride;
        float v = layout.getFloat(x, j);
        if (exclusive) {
          layout.setFloat(out, j, acc);
          acc = layout.roundTrip(product ? acc * v : acc + v);
        } else {
          acc = layout.roundTrip(product ? acc * v : acc + v);
          layout.setFloat(out, j, acc);
        }
      }
    }

    @Override
    Tensor result(int[] shape) {
      return Tensor.wrap(in.dtype(), shape, out);
    }
  }

  /**
   * complex64 and complex128, one record per element: Eigen's scan reducers fold
   * {@code accum + x} and {@code accum * x} in order, so a sum adds each part as the real scans
   * do and a product is the running value times the next element by the compiler's product
   * ({@link ComplexFunctions#mulAnnexG}: TF's scan is a scalar loop, -Ptf ComplexProductOracleTest).
   */
  private static final class ComplexAcc extends Accumulator {
    final Object[] out;
    final boolean single;

    ComplexAcc(Tensor in, boolean product) {
      super(in, product);
      out = (Object[]) in.dtype().layout().newArray(Sizes.elementCount(in.shape()));
      single = in.dtype() == DType.COMPLEX64;
    }

    @Override
    void run(int start, int length, int stride, boolean exclusive, boolean reverse) {
      Object[] x = (Object[]) in.unsafeData();
      Object acc = single ? (product ? new Complex64(1f, 0f) : Complex64.ZERO)
          : (product ? new Complex128(1.0, 0.0) : Complex128.ZERO);
      for (int k = 0; k < length; k++) {
        int j = start + (reverse ? length - 1 - k : k) * stride;
        if (exclusive) {
          out[j] = acc;
          acc = step(acc, x[j]);
        } else {
          acc = step(acc, x[j]);
          out[j] = acc;
        }
      }
    }

    private Object step(Object acc, Object v) {
      if (single) {
        Complex64 a = (Complex64) acc;
        Complex64 b = (Complex64) v;
        return product ? ComplexFunctions.mulAnnexG(a, b) : ComplexFunctions.add(a, b);
      }
      Complex128 a = (Complex128) acc;
      Complex128 b = (Complex128) v;
      return product ? ComplexFunctions.mulAnnexG(a, b) : ComplexFunctions.add(a, b);
    }

    @Override
    Tensor result(int[] shape) {
      return Tensor.wrap(in.dtype(), shape, out);
    }
  }

  /**
   * Integers wrap as their dtype: the low bits of a long sum or product depend only on the low
   * bits of the operands, so each element is read as its stored bits (an unsigned byte as the
   * signed byte holding it) and the result keeps the low bits of its width, which is the narrow
   * signed or unsigned arithmetic's result alike.
   */
  private static final class LongAcc extends Accumulator {
    final long[] out;
    final Object data;

    LongAcc(Tensor in, boolean product) {
      super(in, product);
      out = new long[Sizes.elementCount(in.shape())];
      data = in.unsafeData();
    }

    private long load(int j) {
      if (data instanceof byte[] a) {
        return a[j];
      }
      if (data instanceof short[] a) {
        return a[j];
      }
      if (data instanceof int[] a) {
        return a[j];
      }
      return ((long[]) data)[j];
    }

    @Override
    void run(int start, int length, int stride, boolean exclusive, boolean reverse) {
      long acc = product ? 1 : 0;
      for (int k = 0; k < length; k++) {
        int j = start + (reverse ? length - 1 - k : k) * stride;
        long v = load(j);
        if (exclusive) {
          out[j] = acc;
          acc = product ? acc * v : acc + v;
        } else {
          acc = product ? acc * v : acc + v;
          out[j] = acc;
        }
      }
    }

    @Override
    Tensor result(int[] shape) {
      Object narrow = out;
      if (data instanceof byte[]) {
        byte[] a = new byte[out.length];
        for (int i = 0; i < a.length; i++) {
          a[i] = (byte) out[i];
        }
        narrow = a;
      } else if (data instanceof short[]) {
        short[] a = new short[out.length];
        for (int i = 0; i < a.length; i++) {
          a[i] = (short) out[i];
        }
        narrow = a;
      } else if (data instanceof int[]) {
        int[] a = new int[out.length];
        for (int i = 0; i < a.length; i++) {
          a[i] = (int) out[i];
        }
        narrow = a;
      }
      return Tensor.wrap(in.dtype(), shape, narrow);
    }
  }
}
