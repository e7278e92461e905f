package dev.tatter.runtime.kernels.reduce;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.ParallelLoops;
import dev.tatter.runtime.kernels.conversion.ConversionKernels;
import dev.tatter.runtime.kernels.sparse.SparseMatmulKernels;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The kernels that split above {@link ParallelLoops#THRESHOLD} give the bits of their serial
 * loops: inputs just above the threshold (so the split runs), compared with the same loop run
 * over the whole range on the calling thread, or with a serial loop in the same order.
 */
class ParallelKernelsTest {
  private static final int NVALS = ParallelLoops.THRESHOLD + 4321;

  /** Uniform row lengths 0..16 (and a second shape: one row holding most of the values). */
  private static long[] splits(int nvals, boolean skewed, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    long[] grow = new long[nvals + 1];
    int rows = 0;
    long at = 0;
    if (skewed) {
      at = nvals / 2;
      grow[++rows] = at;
    }
    while (at < nvals) {
      at = Math.min(nvals, at + random.nextInt(17));
      grow[++rows] = at;
    }
    return java.util.Arrays.copyOf(grow, rows + 1);
  }

  private static float[] floats(int n, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    float[] out = new float[n];
    for (int i = 0; i < n; i++) {
      out[i] = (float) (random.nextDouble() * 2 - 1) * (1 << random.nextInt(20));
    }
    return out;
  }

  @Test
  void rowSums_aboveTheThreshold_equalTheSerialLoopBitForBit() {
    for (boolean skewed : new boolean[] {false, true}) {
      long[] splits = splits(NVALS, skewed, 7);
      float[] x = floats(NVALS, 8);
      assertTrue(ParallelLoops.splits(NVALS + splits.length - 1L));
      for (Reducer op : new Reducer[] {Reducer.SUM, Reducer.PROD, Reducer.MAX}) {
        float[] parallel = ReduceLoops.rows(op, Reducer.Mode.SEGMENT, x, splits, 0.5f);
        float[] serial = new float[splits.length - 1];
        ReduceLoops.rows(op, Reducer.Mode.SEGMENT, x, splits, 0.5f, serial, 0, serial.length);
        assertBits(serial, parallel);
      }
      double[] xd = new double[NVALS];
      for (int i = 0; i < NVALS; i++) {
        xd[i] = x[i] * 1.000001;
      }
      double[] parallel = ReduceLoops.rows(Reducer.SUM, Reducer.Mode.SEGMENT, xd, splits, 0.0);
      double[] serial = new double[splits.length - 1];
      ReduceLoops.rows(Reducer.SUM, Reducer.Mode.SEGMENT, xd, splits, 0.0, serial, 0, serial.length);
      for (int r = 0; r < serial.length; r++) {
        assertEquals(Double.doubleToRawLongBits(serial[r]), Double.doubleToRawLongBits(parallel[r]), "row " + r);
      }
    }
  }

  @Test
  void rowReductionKernel_aboveTheThreshold_addsEachRowInValueOrder() {
    long[] splits = splits(NVALS, false, 9);
    float[] x = floats(NVALS, 10);
    Tensor sums = RowReductionKernels.rows(Reducer.SUM, Tensor.wrap(DType.FLOAT32, new int[] {NVALS}, x),
        RowPartition.fromRowSplits(splits, DType.INT64, true), false);
    // tf.math.reduce_sum(rt, axis=1) adds each row's values in order (unsorted_segment_sum on CPU)
    float[] expected = new float[splits.length - 1];
    for (int r = 0; r < expected.length; r++) {
      float acc = 0f;
      for (int i = (int) splits[r]; i < splits[r + 1]; i++) {
        acc = acc + x[i];
      }
      expected[r] = acc;
    }
    assertBits(expected, (float[]) sums.unsafeData());
  }

  @Test
  void toTensor_aboveTheThreshold_padsEveryRow() {
    for (boolean skewed : new boolean[] {false, true}) {
      long[] splits = skewed ? skewedSmall() : splits(NVALS, false, 11);
      int nvals = (int) splits[splits.length - 1];
      float[] x = floats(nvals, 12);
      RaggedTensor rt = RaggedTensor.of(Tensor.wrap(DType.FLOAT32, new int[] {nvals}, x),
          RowPartition.fromRowSplits(splits, DType.INT64, true));
      for (float pad : new float[] {0f, -1.5f}) {
        Tensor dense = ConversionKernels.toTensor(rt, Tensor.scalar(DType.FLOAT32, pad), new long[0]);
        int nrows = splits.length - 1;
        int width = dense.dim(1);
        assertTrue(ParallelLoops.splits((long) nrows * width));
        // rt.to_tensor(default_value=pad): row r holds its values, then pad up to the longest row
        float[] expected = new float[nrows * width];
        java.util.Arrays.fill(expected, pad);
        for (int r = 0; r < nrows; r++) {
          System.arraycopy(x, (int) splits[r], expected, r * width, (int) (splits[r + 1] - splits[r]));
        }
        assertBits(expected, (float[]) dense.unsafeData());
      }
    }
  }

  /** One row of 1,100 values, then 1,999 rows of 0 or 1: the long row makes the output pass the threshold. */
  private static long[] skewedSmall() {
    long[] s = new long[2001];
    s[1] = 1100;
    for (int r = 1; r < 2000; r++) {
      s[r + 1] = s[r] + (r % 2);
    }
    return s;
  }

  @Test
  void sparseDenseMatmul_aboveTheThreshold_sumsEachRowInNonzeroOrder() {
    int rows = 3000;
    int inner = 500;
    int cols = 40;
    int nnz = ParallelLoops.THRESHOLD / cols + 1000;
    SplittableRandom random = new SplittableRandom(13);
    long[] idx = new long[2 * nnz];
    for (int k = 0; k < nnz; k++) {
      idx[2 * k] = (long) k * rows / nnz; // row-sorted, several nonzeros per row
      idx[2 * k + 1] = random.nextInt(inner);
    }
    float[] v = floats(nnz, 14);
    float[] b = floats(inner * cols, 15);
    Tensor product = SparseMatmulKernels.sparseDenseMatmul(
        SparseTensor.of(Tensor.wrap(DType.INT64, new int[] {nnz, 2}, idx), Tensor.wrap(DType.FLOAT32, new int[] {nnz}, v),
            Tensor.ofLongs(rows, inner)),
        Tensor.wrap(DType.FLOAT32, new int[] {inner, cols}, b), false, false);
    assertTrue(ParallelLoops.splits((long) nnz * cols));
    // tf.sparse.sparse_dense_matmul: out[r, :] += v * b[c, :] for each nonzero in the given order
    float[] expected = new float[rows * cols];
    for (int k = 0; k < nnz; k++) {
      for (int j = 0; j < cols; j++) {
        int o = (int) idx[2 * k] * cols + j;
        expected[o] = expected[o] + v[k] * b[(int) idx[2 * k + 1] * cols + j];
      }
    }
    assertBits(expected, (float[]) product.unsafeData());
  }

  static void assertBits(float[] expected, float[] actual) {
    assertEquals(expected.length, actual.length);
    for (int i = 0; i < expected.length; i++) {
      if (Float.floatToRawIntBits(expected[i]) != Float.floatToRawIntBits(actual[i])) {
        assertArrayEquals(expected, actual, "first difference at " + i);
        throw new AssertionError("bits differ at " + i + ": " + expected[i] + " vs " + actual[i]);
      }
    }
  }
}
