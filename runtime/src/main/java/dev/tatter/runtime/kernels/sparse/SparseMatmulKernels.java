package dev.tatter.runtime.kernels.sparse;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.ParallelLoops;
import java.util.Arrays;

/**
 * {@code sparse_dense_matmul} (TF's {@code tf.sparse.sparse_dense_matmul}, kernel
 * {@code SparseTensorDenseMatMul}): a 2-D sparse tensor times a dense matrix, either operand
 * optionally transposed ({@code adjoint_a}, {@code adjoint_b}; real dtypes only, so adjoint is
 * transpose).
 *
 * <p>How it runs: each nonzero {@code (r, c, v)} adds {@code v * B[c, :]} to {@code out[r, :]}.
 * The inner loop runs over the dense operand's columns on contiguous rows of both arrays (a
 * transposed {@code B} is copied upright first); for float32 and float64 it is {@link Axpy}, given
 * all the nonzeros of one output row at once: on the JDK's Vector API (when the JVM runs with
 * {@code --add-modules jdk.incubator.vector}) it keeps a block of the output row in registers
 * across them; a counted scalar loop otherwise (the same bits either way). The int64 indices are read in place,
 * never decoded into copies. Nonzeros are taken in row order — as given when the indices are
 * row-sorted, otherwise through a stable counting sort — and, above {@link ParallelLoops}'
 * threshold of multiply-adds, split at row boundaries over the common fork-join pool, so every
 * output row is written by one thread and sums its terms in the order the nonzeros are given, as
 * TF's kernel does: results are bit for bit TF's.
 */
public final class SparseMatmulKernels {
  private SparseMatmulKernels() {}

  /** The {@code sparse_dense_matmul} op's kernel. */
  public static Tensor sparseDenseMatmul(SparseTensor a, Tensor b, boolean adjointA, boolean adjointB) {
    return matmul(a.indices(), a.values(), ((long[]) a.denseShape().unsafeData()), b, adjointA, adjointB);
  }

  /**
   * The product of the sparse {@code [rows, cols]} tensor given by {@code indices} ({@code [nnz, 2]}
   * int64), {@code values} ({@code [nnz]}) and {@code denseShape}, and the dense matrix {@code b}.
   */
  public static Tensor matmul(Tensor indices, Tensor values, long[] denseShape, Tensor b, boolean adjointA, boolean adjointB) {
    if (denseShape.length != 2) {
      throw new InvalidArgumentException("sparse_dense_matmul needs a 2-D sparse tensor, got dense_shape "
          + Arrays.toString(denseShape));
    }
    if (b.rank() != 2) {
      throw new InvalidArgumentException("sparse_dense_matmul needs a 2-D dense tensor, got shape " + Arrays.toString(b.shape()));
    }
    if (values.dtype() != b.dtype()) {
      throw new InvalidArgumentException("sparse values are " + values.dtype() + " but the dense tensor is " + b.dtype());
    }
    int nnz = values.size();
    if (indices.dtype() != DType.INT64 || indices.rank() != 2 || indices.dim(0) != nnz || indices.dim(1) != 2) {
      throw new InvalidArgumentException("indices must be int64 [nnz=" + nnz + ", 2], got " + indices.dtype()
          + Arrays.toString(indices.shape()));
    }
    long outRows = adjointA ? denseShape[1] : denseShape[0];
    long innerA = adjointA ? denseShape[0] : denseShape[1];
    int innerB = adjointB ? b.dim(1) : b.dim(0);
    int outCols = adjointB ? b.dim(0) : b.dim(1);
    if (innerA != innerB) {
      throw new InvalidArgumentException("cannot multiply A and B: inner dimensions differ, " + innerA + " vs " + innerB
          + " (A is " + Arrays.toString(denseShape) + (adjointA ? " transposed" : "") + ", B is "
          + Arrays.toString(b.shape()) + (adjointB ? " transposed" : "") + ")");
    }
    int m = Sizes.toIntSize(outRows, "output rows");
    int count = Sizes.elementCount(new long[] {outRows, outCols});
    long[] idx = (long[]) indices.unsafeData();
    int rowColumn = adjointA ? 1 : 0;
    // the int64 indices are read where they are (no decoded copies): checked once here, then
    // each narrowed as the product reads it
    boolean sorted = true;
    long previous = Long.MIN_VALUE;
    for (int i = 0; i < nnz; i++) {
      long r = idx[2 * i + rowColumn];
      long c = idx[2 * i + 1 - rowColumn];
      if (r < 0 || r >= outRows) {
        throw new InvalidArgumentException("indices[" + i + ", " + rowColumn + "]=" + r + " is out of bounds [0, " + outRows + ")");
      }
      if (c < 0 || c >= innerA) {
        throw new InvalidArgumentException("indices[" + i + ", " + (1 - rowColumn) + "]=" + c + " is out of bounds [0, " + innerA + ")");
      }
      sorted &= r >= previous;
      previous = r;
    }
    int[] order = sorted ? null : stableOrderByRow(idx, rowColumn, nnz, m);
    Object bUpright = adjointB ? transpose(b) : b.unsafeData();
    Object out = java.lang.reflect.Array.newInstance(b.dtype().arrayClass().getComponentType(), count);
    Plan plan = new Plan(idx, rowColumn, order, values.unsafeData(), bUpright, out, outCols);
    long work = (long) nnz * outCols; // multiply-adds
    if (!ParallelLoops.splits(work) || nnz < 2) {
      plan.run(0, nnz);
    } else {
      ParallelLoops.invoke(splitAtRows(plan, nnz, Math.min(nnz, ParallelLoops.tasks(work))), plan::run);
    }
    return Tensor.wrap(b.dtype(), new int[] {m, outCols}, out);
  }

  /**
   * The nonzeros (in row order) and arrays of one product; {@link #run} does a range of them.
   * Entry {@code i}'s output row is {@code idx[2 i + rowColumn]}, its column of A the other one.
   */
  private record Plan(long[] idx, int rowColumn, int[] order, Object values, Object b, Object out, int n) {
    int rowAt(int t) {
      return (int) idx[2 * (order == null ? t : order[t]) + rowColumn];
    }

    /** The end of the run of nonzeros from {@code t} that share its output row (at most {@code to}). */
    int rowEnd(int t, int to) {
      int row = rowAt(t);
      int end = t + 1;
      while (end < to && rowAt(end) == row) {
        end++;
      }
      return end;
    }

    void run(int from, int to) {
      int rc = rowColumn;
      int cc = 1 - rowColumn;
      Axpy axpy = Axpy.SELECTED;
      if (values instanceof float[] v) {
        float[] bb = (float[]) b;
        float[] o = (float[]) out;
        for (int t = from, end; t < to; t = end) {
          end = rowEnd(t, to);
          axpy.floatRow(o, rowAt(t) * n, bb, n, v, idx, order, cc, t, end);
        }
      } else if (values instanceof double[] v) {
        double[] bb = (double[]) b;
        double[] o = (double[]) out;
        for (int t = from, end; t < to; t = end) {
          end = rowEnd(t, to);
          axpy.doubleRow(o, rowAt(t) * n, bb, n, v, idx, order, cc, t, end);
        }
      } else if (values instanceof int[] v) {
        int[] bb = (int[]) b;
        int[] o = (int[]) out;
        for (int t = from; t < to; t++) {
          int i = order == null ? t : order[t];
          addRow(o, (int) idx[2 * i + rc] * n, bb, (int) idx[2 * i + cc] * n, v[i], n);
        }
      } else if (values instanceof long[] v) {
        long[] bb = (long[]) b;
        long[] o = (long[]) out;
        for (int t = from; t < to; t++) {
          int i = order == null ? t : order[t];
          addRow(o, (int) idx[2 * i + rc] * n, bb, (int) idx[2 * i + cc] * n, v[i], n);
        }
      } else {
        throw new InvalidArgumentException("sparse_dense_matmul is not defined on "
            + values.getClass().getComponentType() + " values");
      }
    }
  }

  // Integer rows: counted loops over contiguous slices (float rows go through Axpy).

  private static void addRow(int[] out, int outBase, int[] b, int bBase, int v, int n) {
    for (int j = 0; j < n; j++) {
      out[outBase + j] += v * b[bBase + j];
    }
  }

  private static void addRow(long[] out, int outBase, long[] b, int bBase, long v, int n) {
    for (int j = 0; j < n; j++) {
      out[outBase + j] += v * b[bBase + j];
    }
  }

  /** Positions of the nonzeros sorted by row ({@code idx[2 i + rowColumn]}), stable (a counting sort over {@code m} rows). */
  static int[] stableOrderByRow(long[] idx, int rowColumn, int nnz, int m) {
    int[] start = new int[m + 1];
    for (int i = 0; i < nnz; i++) {
      start[(int) idx[2 * i + rowColumn] + 1]++;
    }
    for (int r = 0; r < m; r++) {
      start[r + 1] += start[r];
    }
    int[] order = new int[nnz];
    for (int i = 0; i < nnz; i++) {
      order[start[(int) idx[2 * i + rowColumn]]++] = i;
    }
    return order;
  }

  /** {@code tasks + 1} bounds over {@code [0, nnz)}, each moved forward to the start of a row. */
  static int[] splitAtRows(Plan plan, int nnz, int tasks) {
    int[] bounds = new int[tasks + 1];
    bounds[tasks] = nnz;
    for (int t = 1; t < tasks; t++) {
      int at = Math.max(bounds[t - 1], (int) ((long) nnz * t / tasks));
      while (at > 0 && at < nnz && plan.rowAt(at) == plan.rowAt(at - 1)) {
        at++;
      }
      bounds[t] = at;
    }
    return bounds;
  }

  /** {@code b} transposed into a new row-major array. */
  private static Object transpose(Tensor b) {
    int r = b.dim(0);
    int c = b.dim(1);
    Object in = b.unsafeData();
    Object out = b.dtype().layout().newArray(r * c);
    for (int i = 0; i < r; i++) {
      for (int j = 0; j < c; j++) {
        System.arraycopy(in, i * c + j, out, j * r + i, 1);
      }
    }
    return out;
  }
}
