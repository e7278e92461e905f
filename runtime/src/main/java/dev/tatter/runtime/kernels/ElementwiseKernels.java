package dev.tatter.runtime.kernels;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;

/**
 * Unfused elementwise kernels over dense tensors with NumPy broadcasting. The optimizer fuses
 * chains of these ops into single loops; these kernels are what the interpreter and an
 * unfused compiled graph run.
 */
public final class ElementwiseKernels {
  private ElementwiseKernels() {}

  public static Tensor add(Tensor a, Tensor b) {
    return binary(BinaryOp.ADD, a, b);
  }

  public static Tensor mul(Tensor a, Tensor b) {
    return binary(BinaryOp.MUL, a, b);
  }

  /** {@code op} applied elementwise to {@code a} and {@code b}, broadcast to a common shape. */
  public static Tensor binary(BinaryOp op, Tensor a, Tensor b) {
    if (a.dtype() != b.dtype()) {
      throw new InvalidArgumentException(
          op.scalarFunctionName() + " needs operands of one dtype, got " + a.dtype() + " and " + b.dtype());
    }
    DType dtype = a.dtype();
    if (!op.accepts(dtype)) {
      throw new InvalidArgumentException(op.scalarFunctionName() + " is not defined on " + dtype);
    }
    int[] outShape = Broadcast.shape(a.shape(), b.shape());
    int count = Sizes.elementCount(outShape);
    int[] ia = Arrays.equals(a.shape(), outShape) ? null : Broadcast.gatherIndex(outShape, Broadcast.strides(a.shape(), outShape), count);
    int[] ib = Arrays.equals(b.shape(), outShape) ? null : Broadcast.gatherIndex(outShape, Broadcast.strides(b.shape(), outShape), count);
    Object out =
        switch (dtype) {
          case INT8 -> {
            byte[] x = (byte[]) a.data(), y = (byte[]) b.data(), o = new byte[count];
            for (int i = 0; i < count; i++) {
              o[i] = (byte) op.applyInt(x[ia == null ? i : ia[i]], y[ib == null ? i : ib[i]]);
            }
            yield o;
          }
          case INT16 -> {
            short[] x = (short[]) a.data(), y = (short[]) b.data(), o = new short[count];
            for (int i = 0; i < count; i++) {
              o[i] = (short) op.applyInt(x[ia == null ? i : ia[i]], y[ib == null ? i : ib[i]]);
            }
            yield o;
          }
          case INT32 -> {
            int[] x = (int[]) a.data(), y = (int[]) b.data(), o = new int[count];
            for (int i = 0; i < count; i++) {
              o[i] = op.applyInt(x[ia == null ? i : ia[i]], y[ib == null ? i : ib[i]]);
            }
            yield o;
          }
          case INT64 -> {
            long[] x = (long[]) a.data(), y = (long[]) b.data(), o = new long[count];
            for (int i = 0; i < count; i++) {
              o[i] = op.applyLong(x[ia == null ? i : ia[i]], y[ib == null ? i : ib[i]]);
            }
            yield o;
          }
          case FLOAT32 -> {
            float[] x = (float[]) a.data(), y = (float[]) b.data(), o = new float[count];
            for (int i = 0; i < count; i++) {
              o[i] = op.applyFloat(x[ia == null ? i : ia[i]], y[ib == null ? i : ib[i]]);
            }
            yield o;
          }
          case FLOAT64 -> {
            double[] x = (double[]) a.data(), y = (double[]) b.data(), o = new double[count];
            for (int i = 0; i < count; i++) {
              o[i] = op.applyDouble(x[ia == null ? i : ia[i]], y[ib == null ? i : ib[i]]);
            }
            yield o;
          }
          case BOOL, STRING -> throw new InvalidArgumentException(op.scalarFunctionName() + " is not defined on " + dtype);
        };
    return Tensor.wrap(dtype, outShape, out);
  }
}
