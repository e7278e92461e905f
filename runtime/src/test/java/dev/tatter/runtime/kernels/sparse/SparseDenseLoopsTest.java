package dev.tatter.runtime.kernels.sparse;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import org.junit.jupiter.api.Test;

/** {@code sparse_dense_mul}/{@code div}'s float loops: each broadcast shape, rank 2 and not, and their bounds checks. */
class SparseDenseLoopsTest {
  private static final long[][] AT = {{0, 1}, {1, 0}, {1, 2}};

  private static float[] mul(SparseTensor st, Tensor dense) {
    return (float[]) SparseKernels.mulDense(st, dense).values().unsafeData();
  }

  private static SparseTensor sp23() {
    return SparseTensor.of(AT, Tensor.ofFloats(2f, 3f, 4f), 2, 3);
  }

  @Test
  void rank2_everyBroadcastShape() {
    Tensor full = Tensor.of(DType.FLOAT32, new float[] {1, 10, 100, 1000, 10000, 100000}, 2, 3);
    // sp * tf.constant([[1, 10, 100], [1000, 10000, 100000]]) -> values [2*10, 3*1000, 4*100000]
    assertArrayEquals(new float[] {20f, 3000f, 400000f}, mul(sp23(), full));
    // sp * [[5], [7]] (a column, W5a's shape) -> [10, 21, 28]
    assertArrayEquals(new float[] {10f, 21f, 28f}, mul(sp23(), Tensor.of(DType.FLOAT32, new float[] {5, 7}, 2, 1)));
    // sp * [1, 2, 3] (a row vector) -> [4, 3, 12]
    assertArrayEquals(new float[] {4f, 3f, 12f}, mul(sp23(), Tensor.ofFloats(1f, 2f, 3f)));
    // sp * 0.5 (a scalar) -> [1, 1.5, 2]; sp * [[2]] -> [4, 6, 8]
    assertArrayEquals(new float[] {1f, 1.5f, 2f}, mul(sp23(), Tensor.scalar(DType.FLOAT32, 0.5f)));
    assertArrayEquals(new float[] {4f, 6f, 8f}, mul(sp23(), Tensor.of(DType.FLOAT32, new float[] {2}, 1, 1)));
    // sp / [[2], [4]] -> [1, 0.75, 1]
    assertArrayEquals(new float[] {1f, 0.75f, 1f},
        (float[]) SparseKernels.divDense(sp23(), Tensor.of(DType.FLOAT32, new float[] {2, 4}, 2, 1)).values().unsafeData());
  }

  @Test
  void float64AndRank3() {
    SparseTensor st = SparseTensor.of(new long[][] {{0, 0, 1}, {1, 1, 0}}, Tensor.ofDoubles(3, 5), 2, 2, 2);
    // sp * [[1, 2], [3, 4]] (broadcast over the first dim) -> [3*2, 5*3]
    assertArrayEquals(new double[] {6, 15},
        (double[]) SparseKernels.mulDense(st, Tensor.of(DType.FLOAT64, new double[] {1, 2, 3, 4}, 2, 2)).values().unsafeData());
    // sp / 4.0 -> [0.75, 1.25]
    assertArrayEquals(new double[] {0.75, 1.25},
        (double[]) SparseKernels.divDense(st, Tensor.scalar(DType.FLOAT64, 4.0)).values().unsafeData());
    // sp / 0.0: TF's SparseDenseCwiseDiv refuses a zero divisor at a stored entry, floats included
    assertThrows(InvalidArgumentException.class, () -> SparseKernels.divDense(st, Tensor.scalar(DType.FLOAT64, 0.0)));
  }

  @Test
  void denseColumn_float64_andAColumnIndexTheColumnNeverReads_isStillChecked() {
    SparseTensor st = SparseTensor.of(AT, Tensor.ofDoubles(2, 3, 4), 2, 3);
    // sp * tf.constant([[5.], [7.]], tf.float64) -> values [10, 21, 28]
    assertArrayEquals(new double[] {10, 21, 28},
        (double[]) SparseKernels.mulDense(st, Tensor.of(DType.FLOAT64, new double[] {5, 7}, 2, 1)).values().unsafeData());
    // column index 3 of dense_shape [2, 3]: the column's value is picked by the row alone, yet TF's
    // SparseDenseCwiseMul refuses the index
    SparseTensor outside = SparseTensor.of(Tensor.wrap(DType.INT64, new int[] {2, 2}, new long[] {0, 0, 1, 3}),
        Tensor.ofFloats(1f, 2f), Tensor.ofLongs(2, 3));
    assertEquals("indices[1]=[1, 3] is out of bounds for dense_shape [2, 3]",
        assertThrows(InvalidArgumentException.class,
            () -> mul(outside, Tensor.of(DType.FLOAT32, new float[] {5, 7}, 2, 1))).getMessage());
    SparseTensor outsideD = SparseTensor.of(Tensor.wrap(DType.INT64, new int[] {1, 2}, new long[] {0, -1}),
        Tensor.ofDoubles(1), Tensor.ofLongs(2, 3));
    assertEquals("indices[0]=[0, -1] is out of bounds for dense_shape [2, 3] (negative)",
        assertThrows(InvalidArgumentException.class,
            () -> SparseKernels.mulDense(outsideD, Tensor.of(DType.FLOAT64, new double[] {5, 7}, 2, 1))).getMessage());
  }

  @Test
  void indexOutOfTheDenseShape_isNamedAsTheGeneralKernelNamesIt() {
    SparseTensor outside = SparseTensor.of(Tensor.wrap(DType.INT64, new int[] {2, 2}, new long[] {0, 0, 1, 3}),
        Tensor.ofFloats(1f, 2f), Tensor.ofLongs(2, 3));
    assertEquals("indices[1]=[1, 3] is out of bounds for dense_shape [2, 3]",
        assertThrows(InvalidArgumentException.class, () -> mul(outside, Tensor.scalar(DType.FLOAT32, 1f))).getMessage());
    SparseTensor negative = SparseTensor.of(Tensor.wrap(DType.INT64, new int[] {1, 3}, new long[] {0, -1, 0}),
        Tensor.ofDoubles(1), Tensor.ofLongs(2, 2, 2));
    assertEquals("indices[0]=[0, -1, 0] is out of bounds for dense_shape [2, 2, 2] (negative)",
        assertThrows(InvalidArgumentException.class,
            () -> SparseKernels.mulDense(negative, Tensor.scalar(DType.FLOAT64, 1.0))).getMessage());
  }
}
