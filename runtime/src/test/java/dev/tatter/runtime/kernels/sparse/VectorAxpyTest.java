package dev.tatter.runtime.kernels.sparse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.ParallelLoops;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Vector API {@link Axpy}: run only by runtime's surefire execution {@code vector-api}, whose
 * JVM has {@code --add-modules jdk.incubator.vector}. It must be the selected kernel there, and
 * give the scalar loop's bits on every slice length (whole vectors, tails, none) and on special
 * values (NaN results compare as one NaN).
 */
class VectorAxpyTest {
  /**
   * The {@code vector-api} execution sets {@code tatter.expectVector}: there a missing module
   * fails. Run by hand without the module (a {@code -Dtest=} filter reaches the default run too),
   * the class is skipped rather than testing the scalar kernel against itself.
   */
  @BeforeEach
  void needsTheVectorModule() {
    boolean present = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
    if (Boolean.getBoolean("tatter.expectVector")) {
      assertTrue(present, "the vector-api run must have --add-modules jdk.incubator.vector");
    }
    assumeTrue(present, "needs --add-modules jdk.incubator.vector");
  }

  @Test
  void withTheVectorModule_theVectorKernelIsSelected() {
    assertTrue(Axpy.SELECTED.vectorized(), "selected: " + Axpy.SELECTED.getClass());
  }

  @Test
  void vectorKernel_equalsTheScalarLoopBitForBit() {
    Axpy vector = Axpy.SELECTED;
    Axpy scalar = new ScalarAxpy();
    SplittableRandom random = new SplittableRandom(5);
    for (int round = 0; round < 400; round++) {
      float[][] c = AxpyTest.cases(round);
      // n over whole blocks of four vectors, single vectors, tails and none (lanes are 4..16)
      int n = random.nextInt(0, 140);
      int o = random.nextInt(0, 300 - n);
      int denseRows = 300 / Math.max(n, 1);
      int terms = random.nextInt(0, 6);
      long[] idx = new long[2 * terms];
      float[] values = new float[terms];
      for (int k = 0; k < terms; k++) {
        idx[2 * k + 1] = random.nextInt(denseRows);
        values[k] = round % 7 == 0 && k == 0 ? Float.NaN : c[1][random.nextInt(300)];
      }
      int[] order = terms > 1 && round % 3 == 0 ? reversed(terms) : null;
      int from = terms > 0 ? random.nextInt(terms) : 0;
      float[] outV = c[0].clone();
      float[] outS = c[0].clone();
      vector.floatRow(outV, o, c[1], n, values, idx, order, 1, from, terms);
      scalar.floatRow(outS, o, c[1], n, values, idx, order, 1, from, terms);
      for (int i = 0; i < outS.length; i++) {
        // floatToIntBits: every NaN compares as one (which NaN's sign a NaN result carries is the
        // hardware's pick of operand, and C2 may commute a vector add); -0.0 and 0.0 differ
        assertEquals(Float.floatToIntBits(outS[i]), Float.floatToIntBits(outV[i]),
            "round " + round + ", element " + i + ": " + outS[i] + " vs " + outV[i]);
      }
      double[] dV = new double[300];
      double[] dS = new double[300];
      double[] db = new double[300];
      double[] dValues = new double[terms];
      for (int i = 0; i < 300; i++) {
        dV[i] = dS[i] = c[0][i] * 1.1;
        db[i] = c[1][i] / 3.0;
      }
      for (int k = 0; k < terms; k++) {
        dValues[k] = values[k] * 0.7;
      }
      vector.doubleRow(dV, o, db, n, dValues, idx, order, 1, from, terms);
      scalar.doubleRow(dS, o, db, n, dValues, idx, order, 1, from, terms);
      for (int i = 0; i < dS.length; i++) {
        assertEquals(Double.doubleToLongBits(dS[i]), Double.doubleToLongBits(dV[i]), "round " + round + ", element " + i);
      }
    }
  }

  private static int[] reversed(int n) {
    int[] order = new int[n];
    for (int i = 0; i < n; i++) {
      order[i] = n - 1 - i;
    }
    return order;
  }

  @Test
  void sparseDenseMatmul_onTheVectorKernel_sumsInNonzeroOrder() {
    // tf.sparse.sparse_dense_matmul(sp, b): out[r, :] += v * b[c, :] for each nonzero, in order
    int rows = 50;
    int inner = 30;
    int cols = 85; // a block of four 16-lane vectors, one vector and a tail of 5 (AVX-512)
    int nnz = 400;
    SplittableRandom random = new SplittableRandom(6);
    long[] idx = new long[2 * nnz];
    float[] v = new float[nnz];
    for (int k = 0; k < nnz; k++) {
      idx[2 * k] = random.nextInt(rows); // unsorted: the kernel orders by row, stably
      idx[2 * k + 1] = random.nextInt(inner);
      v[k] = (float) random.nextGaussian();
    }
    float[] b = new float[inner * cols];
    for (int i = 0; i < b.length; i++) {
      b[i] = (float) random.nextGaussian();
    }
    Tensor product = SparseMatmulKernels.sparseDenseMatmul(
        SparseTensor.of(Tensor.wrap(DType.INT64, new int[] {nnz, 2}, idx), Tensor.wrap(DType.FLOAT32, new int[] {nnz}, v),
            Tensor.ofLongs(rows, inner)),
        Tensor.wrap(DType.FLOAT32, new int[] {inner, cols}, b), false, false);
    float[] expected = new float[rows * cols];
    for (int k = 0; k < nnz; k++) {
      for (int j = 0; j < cols; j++) {
        int o = (int) idx[2 * k] * cols + j;
        expected[o] = expected[o] + v[k] * b[(int) idx[2 * k + 1] * cols + j];
      }
    }
    float[] got = (float[]) product.unsafeData();
    assertEquals(expected.length, got.length);
    for (int i = 0; i < expected.length; i++) {
      assertEquals(Float.floatToRawIntBits(expected[i]), Float.floatToRawIntBits(got[i]), "element " + i);
    }
  }

  @Test
  void sparseDenseMatmul_splitAboveTheThreshold_onTheVectorKernel_sumsInNonzeroOrder() {
    // unsorted float64 nonzeros, adjoint_a: ordered by row (stably), split at row boundaries
    // over the pool, each row's block held in vector registers by one task
    int rows = 700;
    int inner = 300;
    int cols = 37; // float64 on AVX-512: a block of four 8-lane vectors, no single vector, a tail of 5
    int nnz = ParallelLoops.THRESHOLD / cols + 500;
    SplittableRandom random = new SplittableRandom(21);
    long[] idx = new long[2 * nnz]; // [nnz, 2] of (inner, row): adjoint_a transposes A
    double[] v = new double[nnz];
    for (int k = 0; k < nnz; k++) {
      idx[2 * k] = random.nextInt(inner);
      idx[2 * k + 1] = random.nextInt(rows);
      v[k] = random.nextGaussian();
    }
    double[] b = new double[inner * cols];
    for (int i = 0; i < b.length; i++) {
      b[i] = random.nextGaussian();
    }
    Tensor product = SparseMatmulKernels.sparseDenseMatmul(
        SparseTensor.of(Tensor.wrap(DType.INT64, new int[] {nnz, 2}, idx), Tensor.wrap(DType.FLOAT64, new int[] {nnz}, v),
            Tensor.ofLongs(inner, rows)),
        Tensor.wrap(DType.FLOAT64, new int[] {inner, cols}, b), true, false);
    assertTrue(ParallelLoops.splits((long) nnz * cols));
    // tf.sparse.sparse_dense_matmul(sp, b, adjoint_a=True): out[c, :] += v * b[r, :], nonzeros in order
    double[] expected = new double[rows * cols];
    for (int k = 0; k < nnz; k++) {
      for (int j = 0; j < cols; j++) {
        int o = (int) idx[2 * k + 1] * cols + j;
        expected[o] = expected[o] + v[k] * b[(int) idx[2 * k] * cols + j];
      }
    }
    double[] got = (double[]) product.unsafeData();
    for (int i = 0; i < expected.length; i++) {
      assertEquals(Double.doubleToLongBits(expected[i]), Double.doubleToLongBits(got[i]), "element " + i);
    }
  }
}
