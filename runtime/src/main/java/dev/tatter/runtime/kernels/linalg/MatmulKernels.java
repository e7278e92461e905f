package dev.tatter.runtime.kernels.linalg;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.ParallelLoops;
import dev.tatter.runtime.kernels.elementwise.Broadcast;
import java.util.Arrays;

/**
 * {@code matmul} (TF's {@code MatMul} and {@code BatchMatMulV3}) and {@code fused_matmul} (a matmul,
 * a bias along the last dimension and an {@link Activation} in one pass, TF's {@code _FusedMatMul}):
 * {@code a [..., m, k] x b [..., k, n] -> [..., m, n]}, each operand optionally transposed in its
 * last two dimensions, the leading (batch) dimensions broadcast as NumPy does.
 *
 * <p>float32 and float64 go through {@link Gemm} (fused multiply-adds in the order its Javadoc
 * fixes; a transposed operand is copied upright first, as the order needs); int32 and int64 sum in
 * {@code k} order with wrapping arithmetic (any order gives the same integers). Above {@link
 * ParallelLoops}' threshold of multiply-adds the rows of each product are split over the run's
 * pool; every element is computed by one thread in the fixed order, so a split run gives the
 * serial run's bits. Shapes are checked with TF's messages.
 */
public final class MatmulKernels {
  private MatmulKernels() {}

  /** The {@code matmul} op's kernel. */
  public static Tensor matmul(Tensor a, Tensor b, boolean transposeA, boolean transposeB) {
    return product(a, b, null, transposeA, transposeB, Activation.NONE, 0.0);
  }

  /**
   * The {@code fused_matmul} op's kernel: {@code activation(matmul(a, b) + bias)}, bias {@code [n]};
   * {@code alpha} is leaky relu's slope (ignored by the other activations).
   */
  public static Tensor fusedMatmul(Tensor a, Tensor b, Tensor bias, boolean transposeA, boolean transposeB,
      String activation, double alpha) {
    return product(a, b, bias, transposeA, transposeB, Activation.named(activation), alpha);
  }

  /**
   * The {@code uniform_rows} op's kernel: {@code p}, if all its rows have one length (TF's ragged
   * matmul multiplies a ragged matrix only when it is a dense one).
   */
  public static RowPartition uniformRows(RowPartition p) {
    long[] splits = p.unsafeRowSplits();
    for (int i = 1; i + 1 < splits.length; i++) {
      if (splits[i + 1] - splits[i] != splits[1] - splits[0]) {
        throw new InvalidArgumentException("The matrices in `a` and `b` may not be ragged in their innermost dimension. "
            + "(row 0 has " + (splits[1] - splits[0]) + " values, row " + i + " has " + (splits[i + 1] - splits[i]) + ")");
      }
    }
    return p;
  }

  static Tensor product(Tensor a, Tensor b, Tensor bias, boolean ta, boolean tb, Activation act, double alpha) {
    for (int i = 0; i < 2; i++) {
      Tensor t = i == 0 ? a : b;
      if (t.rank() < 2) {
        throw new InvalidArgumentException("In[" + i + "] ndims must be >= 2: " + t.rank());
      }
    }
    DType dtype = a.dtype();
    if (b.dtype() != dtype || (bias != null && bias.dtype() != dtype)) {
      throw new InvalidArgumentException("matmul operands must have one dtype, got " + dtype + " and "
          + (b.dtype() != dtype ? b.dtype() : bias.dtype()));
    }
    int ra = a.rank();
    int rb = b.rank();
    int m = a.dim(ra - (ta ? 1 : 2));
    int k = a.dim(ra - (ta ? 2 : 1));
    int kb = b.dim(rb - (tb ? 1 : 2));
    int n = b.dim(rb - (tb ? 2 : 1));
    if (k != kb) {
      throw new InvalidArgumentException("Matrix size-incompatible: In[0]: " + shape(a) + ", In[1]: " + shape(b));
    }
    int[] batchA = Arrays.copyOf(a.shape(), ra - 2);
    int[] batchB = Arrays.copyOf(b.shape(), rb - 2);
    if (!Broadcast.compatible(batchA, batchB)) {
      throw new InvalidArgumentException("In[0] and In[1] must have compatible batch dimensions: " + shape(a) + " vs. "
          + shape(b));
    }
    if (bias != null && (bias.rank() != 1 || bias.dim(0) != n)) {
      throw new InvalidArgumentException("Must provide as many biases as the last dimension of the product: "
          + shape(bias) + " vs. [" + m + "," + n + "]");
    }
    if (act != Activation.NONE && !dtype.isFloating() && !act.takesIntegers()) {
      throw new InvalidArgumentException(act.mnemonic() + " is not defined on " + dtype);
    }
    int[] batch = Broadcast.shape(batchA, batchB);
    int[] outShape = Arrays.copyOf(batch, batch.length + 2);
    outShape[batch.length] = m;
    outShape[batch.length + 1] = n;
    int size = Sizes.elementCount(outShape);
    int batches = Sizes.elementCount(batch);
    int[] aIndex = Broadcast.gatherIndex(batch, Broadcast.strides(batchA, batch), batches);
    int[] bIndex = Broadcast.gatherIndex(batch, Broadcast.strides(batchB, batch), batches);
    Object out = dtype.layout().newArray(size);
    Operands ops = new Operands(a.unsafeData(), b.unsafeData(), bias == null ? null : bias.unsafeData(), m, k, n, ta, tb,
        act, alpha);
    for (int t = 0; t < batches; t++) {
      int outOffset = t * m * n;
      int aOffset = aIndex[t] * m * k;
      int bOffset = bIndex[t] * k * n;
      switch (dtype) {
        case FLOAT32 -> ops.floats((float[]) out, outOffset, aOffset, bOffset);
        case FLOAT64 -> ops.doubles((double[]) out, outOffset, aOffset, bOffset);
        case INT32 -> ops.ints((int[]) out, outOffset, aOffset, bOffset);
        case INT64 -> ops.longs((long[]) out, outOffset, aOffset, bOffset);
        default -> throw new InvalidArgumentException("matmul is not defined on " + dtype
            + " (Tatter's kernel takes float32, float64, int32 and int64)");
      }
    }
    return Tensor.wrap(dtype, outShape, out);
  }

  /** TF's DebugString of a shape: {@code [2,3]}. */
  static String shape(Tensor t) {
    return Arrays.toString(t.shape()).replace(" ", "");
  }

  /** One product's operands and options; each method computes the product of one batch index. */
  private record Operands(Object a, Object b, Object bias, int m, int k, int n, boolean ta, boolean tb,
      Activation act, double alpha) {

    void floats(float[] c, int co, int ao, int bo) {
      float[] x = (float[]) a;
      float[] y = (float[]) b;
      int xo = ao;
      if (ta) {
        x = transposed(x, ao, k, m);
        xo = 0;
      }
      boolean narrow = n < Gemm.NARROW;
      int yo = bo;
      if (narrow != tb) {
        // wide reads B as [k, n], narrow as its transpose [n, k]
        y = tb ? transposed(y, bo, n, k) : transposed(y, bo, k, n);
        yo = 0;
      }
      float[] x0 = x;
      float[] y0 = y;
      int xo0 = xo;
      int yo0 = yo;
      float[] f = (float[]) bias;
      float slope = (float) alpha;
      ParallelLoops.forRange(m, (long) m * n * k, (from, to) -> {
        if (narrow) {
          Gemm.SELECTED.floatNarrow(x0, xo0, y0, yo0, c, co, k, n, from, to, f, act, slope);
        } else {
          Gemm.SELECTED.floatWide(x0, xo0, y0, yo0, c, co, k, n, from, to, f, act, slope);
        }
      });
    }

    void doubles(double[] c, int co, int ao, int bo) {
      double[] x = (double[]) a;
      double[] y = (double[]) b;
      int xo = ao;
      if (ta) {
        x = transposed(x, ao, k, m);
        xo = 0;
      }
      boolean narrow = n < Gemm.NARROW;
      int yo = bo;
      if (narrow != tb) {
        y = tb ? transposed(y, bo, n, k) : transposed(y, bo, k, n);
        yo = 0;
      }
      double[] x0 = x;
      double[] y0 = y;
      int xo0 = xo;
      int yo0 = yo;
      double[] f = (double[]) bias;
      ParallelLoops.forRange(m, (long) m * n * k, (from, to) -> {
        if (narrow) {
          Gemm.SELECTED.doubleNarrow(x0, xo0, y0, yo0, c, co, k, n, from, to, f, act, alpha);
        } else {
          Gemm.SELECTED.doubleWide(x0, xo0, y0, yo0, c, co, k, n, from, to, f, act, alpha);
        }
      });
    }

    void ints(int[] c, int co, int ao, int bo) {
      int[] x = (int[]) a;
      int[] y = (int[]) b;
      int[] f = (int[]) bias;
      for (int i = 0; i < m; i++) {
        int cr = co + i * n;
        for (int p = 0; p < k; p++) {
          int v = x[ta ? ao + p * m + i : ao + i * k + p];
          if (tb) {
            for (int j = 0; j < n; j++) {
              c[cr + j] += v * y[bo + j * k + p];
            }
          } else {
            int br = bo + p * n;
            for (int j = 0; j < n; j++) {
              c[cr + j] += v * y[br + j];
            }
          }
        }
        for (int j = 0; j < n; j++) {
          c[cr + j] = act.apply(f == null ? c[cr + j] : c[cr + j] + f[j]);
        }
      }
    }

    void longs(long[] c, int co, int ao, int bo) {
      long[] x = (long[]) a;
      long[] y = (long[]) b;
      long[] f = (long[]) bias;
      for (int i = 0; i < m; i++) {
        int cr = co + i * n;
        for (int p = 0; p < k; p++) {
          long v = x[ta ? ao + p * m + i : ao + i * k + p];
          if (tb) {
            for (int j = 0; j < n; j++) {
              c[cr + j] += v * y[bo + j * k + p];
            }
          } else {
            int br = bo + p * n;
            for (int j = 0; j < n; j++) {
              c[cr + j] += v * y[br + j];
            }
          }
        }
        for (int j = 0; j < n; j++) {
          c[cr + j] = act.apply(f == null ? c[cr + j] : c[cr + j] + f[j]);
        }
      }
    }
  }

  /** The {@code [cols, rows]} transpose of the row-major {@code [rows, cols]} matrix at {@code from}. */
  static float[] transposed(float[] x, int from, int rows, int cols) {
    float[] out = new float[rows * cols];
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < cols; c++) {
        out[c * rows + r] = x[from + r * cols + c];
      }
    }
    return out;
  }

  static double[] transposed(double[] x, int from, int rows, int cols) {
    double[] out = new double[rows * cols];
    for (int r = 0; r < rows; r++) {
      for (int c = 0; c < cols; c++) {
        out[c * rows + r] = x[from + r * cols + c];
      }
    }
    return out;
  }
}
