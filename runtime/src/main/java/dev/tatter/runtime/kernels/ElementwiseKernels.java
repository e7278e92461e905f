package dev.tatter.runtime.kernels;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;

/**
 * Unfused elementwise kernels over dense tensors with NumPy broadcasting: one public method per
 * IR op, each a loop over the op's {@link BinaryOp} or {@link UnaryOp} entry, which calls the
 * op's {@link ScalarFunctions}. The optimizer may fuse chains of these ops into single loops;
 * these kernels are what the interpreter and an unfused compiled graph run.
 */
public final class ElementwiseKernels {
  private ElementwiseKernels() {}

  public static Tensor abs(Tensor x) {
    return unary(UnaryOp.ABS, x);
  }

  public static Tensor neg(Tensor x) {
    return unary(UnaryOp.NEG, x);
  }

  public static Tensor invert(Tensor x) {
    return unary(UnaryOp.INVERT, x);
  }

  public static Tensor add(Tensor a, Tensor b) {
    return binary(BinaryOp.ADD, a, b);
  }

  public static Tensor sub(Tensor a, Tensor b) {
    return binary(BinaryOp.SUB, a, b);
  }

  public static Tensor mul(Tensor a, Tensor b) {
    return binary(BinaryOp.MUL, a, b);
  }

  public static Tensor truediv(Tensor a, Tensor b) {
    return binary(BinaryOp.TRUEDIV, a, b);
  }

  public static Tensor div(Tensor a, Tensor b) {
    return binary(BinaryOp.DIV, a, b);
  }

  public static Tensor floordiv(Tensor a, Tensor b) {
    return binary(BinaryOp.FLOORDIV, a, b);
  }

  public static Tensor mod(Tensor a, Tensor b) {
    return binary(BinaryOp.MOD, a, b);
  }

  public static Tensor pow(Tensor a, Tensor b) {
    return binary(BinaryOp.POW, a, b);
  }

  public static Tensor and(Tensor a, Tensor b) {
    return binary(BinaryOp.AND, a, b);
  }

  public static Tensor or(Tensor a, Tensor b) {
    return binary(BinaryOp.OR, a, b);
  }

  public static Tensor xor(Tensor a, Tensor b) {
    return binary(BinaryOp.XOR, a, b);
  }

  public static Tensor lt(Tensor a, Tensor b) {
    return binary(BinaryOp.LT, a, b);
  }

  public static Tensor le(Tensor a, Tensor b) {
    return binary(BinaryOp.LE, a, b);
  }

  public static Tensor gt(Tensor a, Tensor b) {
    return binary(BinaryOp.GT, a, b);
  }

  public static Tensor ge(Tensor a, Tensor b) {
    return binary(BinaryOp.GE, a, b);
  }

  public static Tensor eq(Tensor a, Tensor b) {
    return binary(BinaryOp.EQ, a, b);
  }

  public static Tensor ne(Tensor a, Tensor b) {
    return binary(BinaryOp.NE, a, b);
  }

  /** {@code op} applied to each element of {@code x}. */
  public static Tensor unary(UnaryOp op, Tensor x) {
    DType dtype = x.dtype();
    if (!op.accepts(dtype)) {
      throw new InvalidArgumentException(op.scalarFunctionName() + " is not defined on " + dtype);
    }
    int n = x.size();
    Object out = switch (dtype) {
      case BOOL -> {
        boolean[] in = (boolean[]) x.data(), o = new boolean[n];
        for (int i = 0; i < n; i++) {
          o[i] = op.bools.apply(in[i]);
        }
        yield o;
      }
      case INT8 -> {
        byte[] in = (byte[]) x.data(), o = new byte[n];
        for (int i = 0; i < n; i++) {
          o[i] = (byte) op.ints.applyAsInt(in[i]);
        }
        yield o;
      }
      case INT16 -> {
        short[] in = (short[]) x.data(), o = new short[n];
        for (int i = 0; i < n; i++) {
          o[i] = (short) op.ints.applyAsInt(in[i]);
        }
        yield o;
      }
      case INT32 -> {
        int[] in = (int[]) x.data(), o = new int[n];
        for (int i = 0; i < n; i++) {
          o[i] = op.ints.applyAsInt(in[i]);
        }
        yield o;
      }
      case INT64 -> {
        long[] in = (long[]) x.data(), o = new long[n];
        for (int i = 0; i < n; i++) {
          o[i] = op.longs.applyAsLong(in[i]);
        }
        yield o;
      }
      case FLOAT32 -> {
        float[] in = (float[]) x.data(), o = new float[n];
        for (int i = 0; i < n; i++) {
          o[i] = op.floats.apply(in[i]);
        }
        yield o;
      }
      case FLOAT64 -> {
        double[] in = (double[]) x.data(), o = new double[n];
        for (int i = 0; i < n; i++) {
          o[i] = op.doubles.applyAsDouble(in[i]);
        }
        yield o;
      }
      case STRING -> throw new AssertionError("rejected above");
    };
    return Tensor.wrap(dtype, x.shape(), out);
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
    int[] ia = readIndex(a, outShape, count);
    int[] ib = readIndex(b, outShape, count);
    Object out = op.isComparison()
        ? compare(op.comparison, dtype, a.data(), b.data(), ia, ib, count)
        : compute(op, dtype, a.data(), b.data(), ia, ib, count);
    return Tensor.wrap(op.resultDType(dtype), outShape, out);
  }

  /**
   * For each result element, the element of {@code t} it reads; null when {@code t} has the
   * result's shape (identity). A single element is read through an index of zeros, which is
   * cached per size-class (it is never written).
   */
  private static int[] readIndex(Tensor t, int[] outShape, int count) {
    if (Arrays.equals(t.shape(), outShape)) {
      return null;
    }
    if (t.size() == 1) {
      return zeros(count);
    }
    return Broadcast.gatherIndex(outShape, Broadcast.strides(t.shape(), outShape), count);
  }

  private static volatile int[] zeros = new int[0];

  private static int[] zeros(int count) {
    int[] z = zeros;
    if (z.length < count) {
      z = new int[Math.max(count, 2 * z.length)];
      zeros = z;
    }
    return z;
  }

  private static Object compute(BinaryOp op, DType dtype, Object a, Object b, int[] ia, int[] ib, int count) {
    return switch (dtype) {
      case BOOL -> {
        boolean[] x = (boolean[]) a, y = (boolean[]) b, o = new boolean[count];
        for (int i = 0; i < count; i++) {
          o[i] = op.bools.apply(x[ia == null ? i : ia[i]], y[ib == null ? i : ib[i]]);
        }
        yield o;
      }
      case INT8 -> {
        byte[] x = (byte[]) a, y = (byte[]) b, o = new byte[count];
        for (int i = 0; i < count; i++) {
          o[i] = (byte) op.ints.applyAsInt(x[ia == null ? i : ia[i]], y[ib == null ? i : ib[i]]);
        }
        yield o;
      }
      case INT16 -> {
        short[] x = (short[]) a, y = (short[]) b, o = new short[count];
        for (int i = 0; i < count; i++) {
          o[i] = (short) op.ints.applyAsInt(x[ia == null ? i : ia[i]], y[ib == null ? i : ib[i]]);
        }
        yield o;
      }
      case INT32 -> {
        int[] x = (int[]) a, y = (int[]) b, o = new int[count];
        for (int i = 0; i < count; i++) {
          o[i] = op.ints.applyAsInt(x[ia == null ? i : ia[i]], y[ib == null ? i : ib[i]]);
        }
        yield o;
      }
      case INT64 -> {
        long[] x = (long[]) a, y = (long[]) b, o = new long[count];
        for (int i = 0; i < count; i++) {
          o[i] = op.longs.applyAsLong(x[ia == null ? i : ia[i]], y[ib == null ? i : ib[i]]);
        }
        yield o;
      }
      case FLOAT32 -> {
        float[] x = (float[]) a, y = (float[]) b, o = new float[count];
        for (int i = 0; i < count; i++) {
          o[i] = op.floats.apply(x[ia == null ? i : ia[i]], y[ib == null ? i : ib[i]]);
        }
        yield o;
      }
      case FLOAT64 -> {
        double[] x = (double[]) a, y = (double[]) b, o = new double[count];
        for (int i = 0; i < count; i++) {
          o[i] = op.doubles.applyAsDouble(x[ia == null ? i : ia[i]], y[ib == null ? i : ib[i]]);
        }
        yield o;
      }
      case STRING -> throw new AssertionError("rejected by accepts");
    };
  }

  private static boolean[] compare(BinaryOp.Comparison op, DType dtype, Object a, Object b, int[] ia, int[] ib, int count) {
    boolean[] o = new boolean[count];
    switch (dtype) {
      case BOOL -> {
        boolean[] x = (boolean[]) a, y = (boolean[]) b;
        for (int i = 0; i < count; i++) {
          o[i] = op.bools().apply(x[ia == null ? i : ia[i]], y[ib == null ? i : ib[i]]);
        }
      }
      case INT8 -> {
        byte[] x = (byte[]) a, y = (byte[]) b;
        for (int i = 0; i < count; i++) {
          o[i] = op.ints().test(x[ia == null ? i : ia[i]], y[ib == null ? i : ib[i]]);
        }
      }
      case INT16 -> {
        short[] x = (short[]) a, y = (short[]) b;
        for (int i = 0; i < count; i++) {
          o[i] = op.ints().test(x[ia == null ? i : ia[i]], y[ib == null ? i : ib[i]]);
        }
      }
      case INT32 -> {
        int[] x = (int[]) a, y = (int[]) b;
        for (int i = 0; i < count; i++) {
          o[i] = op.ints().test(x[ia == null ? i : ia[i]], y[ib == null ? i : ib[i]]);
        }
      }
      case INT64 -> {
        long[] x = (long[]) a, y = (long[]) b;
        for (int i = 0; i < count; i++) {
          o[i] = op.longs().test(x[ia == null ? i : ia[i]], y[ib == null ? i : ib[i]]);
        }
      }
      case FLOAT32 -> {
        float[] x = (float[]) a, y = (float[]) b;
        for (int i = 0; i < count; i++) {
          o[i] = op.floats().test(x[ia == null ? i : ia[i]], y[ib == null ? i : ib[i]]);
        }
      }
      case FLOAT64 -> {
        double[] x = (double[]) a, y = (double[]) b;
        for (int i = 0; i < count; i++) {
          o[i] = op.doubles().test(x[ia == null ? i : ia[i]], y[ib == null ? i : ib[i]]);
        }
      }
      case STRING -> {
        String[] x = (String[]) a, y = (String[]) b;
        for (int i = 0; i < count; i++) {
          o[i] = op.strings().test(x[ia == null ? i : ia[i]], y[ib == null ? i : ib[i]]);
        }
      }
    }
    return o;
  }
}
