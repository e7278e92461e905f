package dev.tatter.runtime.kernels;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Vector API {@link Axpy}: run only by runtime's surefire execution {@code vector-api}, whose
 * JVM has {@code --add-modules jdk.incubator.vector}. It must be the selected kernel there, and
 * give the scalar loop's bits on every slice length (whole vectors, tails, none) and on special
 * values.
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
      int n = random.nextInt(0, 140);
      int o = random.nextInt(0, 300 - n);
      int bb = random.nextInt(0, 300 - n);
      float v = round % 7 == 0 ? Float.NaN : c[1][random.nextInt(300)];
      float[] outV = c[0].clone();
      float[] outS = c[0].clone();
      vector.floats(outV, o, c[1], bb, v, n);
      scalar.floats(outS, o, c[1], bb, v, n);
      for (int i = 0; i < outS.length; i++) {
        assertEquals(Float.floatToRawIntBits(outS[i]), Float.floatToRawIntBits(outV[i]),
            "round " + round + ", element " + i + ": " + outS[i] + " vs " + outV[i]);
      }
      double[] dV = new double[300];
      double[] dS = new double[300];
      double[] db = new double[300];
      for (int i = 0; i < 300; i++) {
        dV[i] = dS[i] = c[0][i] * 1.1;
        db[i] = c[1][i] / 3.0;
      }
      vector.doubles(dV, o, db, bb, v * 0.7, n);
      scalar.doubles(dS, o, db, bb, v * 0.7, n);
      for (int i = 0; i < dS.length; i++) {
        assertEquals(Double.doubleToRawLongBits(dS[i]), Double.doubleToRawLongBits(dV[i]), "round " + round + ", element " + i);
      }
    }
  }

  @Test
  void sparseDenseMatmul_onTheVectorKernel_sumsInNonzeroOrder() {
    // tf.sparse.sparse_dense_matmul(sp, b): out[r, :] += v * b[c, :] for each nonzero, in order
    int rows = 50;
    int inner = 30;
    int cols = 37; // two vectors of 16 and a tail of 5
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
    ParallelKernelsTest.assertBits(expected, (float[]) product.unsafeData());
  }
}
