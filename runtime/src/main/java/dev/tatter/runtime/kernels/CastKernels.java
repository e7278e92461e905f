package dev.tatter.runtime.kernels;

import static dev.tatter.runtime.kernels.ScalarFunctions.toBool;
import static dev.tatter.runtime.kernels.ScalarFunctions.toFloat32;
import static dev.tatter.runtime.kernels.ScalarFunctions.toFloat64;
import static dev.tatter.runtime.kernels.ScalarFunctions.toInt16;
import static dev.tatter.runtime.kernels.ScalarFunctions.toInt32;
import static dev.tatter.runtime.kernels.ScalarFunctions.toInt64;
import static dev.tatter.runtime.kernels.ScalarFunctions.toInt8;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;

/**
 * The unfused {@code cast} kernel: each element converted by the {@code to<Dtype>} overload of
 * {@link ScalarFunctions} for its source's computation type, so a fused cast agrees with it.
 */
public final class CastKernels {
  private CastKernels() {}

  /** {@code cast(x){dtype}}: between bool and the numeric dtypes; strings are not cast. */
  public static Tensor cast(Tensor x, DType dtype) {
    DType from = x.dtype();
    if (from == DType.STRING || dtype == DType.STRING) {
      throw new InvalidArgumentException("cannot cast " + from + " to " + dtype);
    }
    if (from == dtype) {
      return x;
    }
    Object in = x.data();
    int n = x.size();
    Object out = switch (dtype) {
      case BOOL -> {
        boolean[] o = new boolean[n];
        for (int i = 0; i < n; i++) {
          o[i] = switch (from) {
            case BOOL -> toBool(((boolean[]) in)[i]);
            case INT8 -> toBool((int) ((byte[]) in)[i]);
            case INT16 -> toBool((int) ((short[]) in)[i]);
            case INT32 -> toBool(((int[]) in)[i]);
            case INT64 -> toBool(((long[]) in)[i]);
            case FLOAT32 -> toBool(((float[]) in)[i]);
            case FLOAT64 -> toBool(((double[]) in)[i]);
            case STRING -> throw new AssertionError();
          };
        }
        yield o;
      }
      case INT8 -> {
        byte[] o = new byte[n];
        for (int i = 0; i < n; i++) {
          o[i] = (byte) switch (from) {
            case BOOL -> toInt8(((boolean[]) in)[i]);
            case INT8 -> toInt8((int) ((byte[]) in)[i]);
            case INT16 -> toInt8((int) ((short[]) in)[i]);
            case INT32 -> toInt8(((int[]) in)[i]);
            case INT64 -> toInt8(((long[]) in)[i]);
            case FLOAT32 -> toInt8(((float[]) in)[i]);
            case FLOAT64 -> toInt8(((double[]) in)[i]);
            case STRING -> throw new AssertionError();
          };
        }
        yield o;
      }
      case INT16 -> {
        short[] o = new short[n];
        for (int i = 0; i < n; i++) {
          o[i] = (short) switch (from) {
            case BOOL -> toInt16(((boolean[]) in)[i]);
            case INT8 -> toInt16((int) ((byte[]) in)[i]);
            case INT16 -> toInt16((int) ((short[]) in)[i]);
            case INT32 -> toInt16(((int[]) in)[i]);
            case INT64 -> toInt16(((long[]) in)[i]);
            case FLOAT32 -> toInt16(((float[]) in)[i]);
            case FLOAT64 -> toInt16(((double[]) in)[i]);
            case STRING -> throw new AssertionError();
          };
        }
        yield o;
      }
      case INT32 -> {
        int[] o = new int[n];
        for (int i = 0; i < n; i++) {
          o[i] = switch (from) {
            case BOOL -> toInt32(((boolean[]) in)[i]);
            case INT8 -> toInt32((int) ((byte[]) in)[i]);
            case INT16 -> toInt32((int) ((short[]) in)[i]);
            case INT32 -> toInt32(((int[]) in)[i]);
            case INT64 -> toInt32(((long[]) in)[i]);
            case FLOAT32 -> toInt32(((float[]) in)[i]);
            case FLOAT64 -> toInt32(((double[]) in)[i]);
            case STRING -> throw new AssertionError();
          };
        }
        yield o;
      }
      case INT64 -> {
        long[] o = new long[n];
        for (int i = 0; i < n; i++) {
          o[i] = switch (from) {
            case BOOL -> toInt64(((boolean[]) in)[i]);
            case INT8 -> toInt64((int) ((byte[]) in)[i]);
            case INT16 -> toInt64((int) ((short[]) in)[i]);
            case INT32 -> toInt64(((int[]) in)[i]);
            case INT64 -> toInt64(((long[]) in)[i]);
            case FLOAT32 -> toInt64(((float[]) in)[i]);
            case FLOAT64 -> toInt64(((double[]) in)[i]);
            case STRING -> throw new AssertionError();
          };
        }
        yield o;
      }
      case FLOAT32 -> {
        float[] o = new float[n];
        for (int i = 0; i < n; i++) {
          o[i] = switch (from) {
            case BOOL -> toFloat32(((boolean[]) in)[i]);
            case INT8 -> toFloat32((int) ((byte[]) in)[i]);
            case INT16 -> toFloat32((int) ((short[]) in)[i]);
            case INT32 -> toFloat32(((int[]) in)[i]);
            case INT64 -> toFloat32(((long[]) in)[i]);
            case FLOAT32 -> toFloat32(((float[]) in)[i]);
            case FLOAT64 -> toFloat32(((double[]) in)[i]);
            case STRING -> throw new AssertionError();
          };
        }
        yield o;
      }
      case FLOAT64 -> {
        double[] o = new double[n];
        for (int i = 0; i < n; i++) {
          o[i] = switch (from) {
            case BOOL -> toFloat64(((boolean[]) in)[i]);
            case INT8 -> toFloat64((int) ((byte[]) in)[i]);
            case INT16 -> toFloat64((int) ((short[]) in)[i]);
            case INT32 -> toFloat64(((int[]) in)[i]);
            case INT64 -> toFloat64(((long[]) in)[i]);
            case FLOAT32 -> toFloat64(((float[]) in)[i]);
            case FLOAT64 -> toFloat64(((double[]) in)[i]);
            case STRING -> throw new AssertionError();
          };
        }
        yield o;
      }
      case STRING -> throw new AssertionError();
    };
    return Tensor.wrap(dtype, x.shape(), out);
  }
}
