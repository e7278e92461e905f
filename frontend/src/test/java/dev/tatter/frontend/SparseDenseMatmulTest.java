package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code sparse_dense_matmul} (TF's {@code tf.sparse.sparse_dense_matmul}): values, adjoints, order, threads, errors. */
class SparseDenseMatmulTest {
  private static Object run(GraphBuilder g, Value out, Map<String, ?> feeds) {
    return Harness.runEverywhere(g.build(out), feeds).get(0);
  }

  /** The product by definition, on dense copies: op(A) x op(B). */
  private static double[] naive(long[] idx, double[] vals, int rows, int cols, double[] b, int bRows, int bCols,
      boolean adjA, boolean adjB) {
    int m = adjA ? cols : rows;
    int k = adjA ? rows : cols;
    int n = adjB ? bRows : bCols;
    double[] out = new double[m * n];
    for (int t = 0; t < vals.length; t++) {
      int r = (int) idx[2 * t + (adjA ? 1 : 0)];
      int c = (int) idx[2 * t + (adjA ? 0 : 1)];
      for (int j = 0; j < n; j++) {
        out[r * n + j] += vals[t] * (adjB ? b[j * bCols + c] : b[c * bCols + j]);
      }
    }
    assertEquals(k, adjB ? bCols : bRows);
    return out;
  }

  @Test
  void seedSparseTensor_timesDense() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value st = g.sparseTensor(new long[][] {{0, 0}, {1, 2}}, Tensor.ofInts(1, 2), 3, 4);
    Value b = g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, 5, 6, 7, 8}, 4, 2));
    Value out = tf.sparse.sparseDenseMatmul(st, b);
    assertEquals("tensor<int32>[3, 2]", out.type().toString());
    assertEquals("[[1, 2], [10, 12], [0, 0]]", run(g, out, Map.of()).toString());
  }

  @ParameterizedTest(name = "adjoint_a={0}, adjoint_b={1}, unsorted={2}, large={3}")
  @CsvSource({
    "false, false, false, false", "true, false, false, false", "false, true, false, false", "true, true, false, false",
    "false, false, true, false", "true, true, true, false",
    "false, false, false, true", "true, false, false, true", "false, true, true, true", "true, true, true, true",
  })
  void matmul_equalsTheProductByDefinition(boolean adjA, boolean adjB, boolean unsorted, boolean large) {
    SplittableRandom r = new SplittableRandom(7);
    int rows = large ? 300 : 5;
    int cols = large ? 200 : 4;
    int n = large ? 64 : 3;
    int nnz = large ? 20_000 : 7;
    long[] idx = new long[2 * nnz];
    double[] vals = new double[nnz];
    for (int t = 0; t < nnz; t++) {
      idx[2 * t] = r.nextInt(rows);
      idx[2 * t + 1] = r.nextInt(cols);
      vals[t] = r.nextInt(-8, 9) / 4.0;
    }
    if (!unsorted) {
      sortRowMajor(idx, vals);
    }
    int k = adjA ? rows : cols;
    int bRows = adjB ? n : k;
    int bCols = adjB ? k : n;
    double[] b = new double[bRows * bCols];
    for (int i = 0; i < b.length; i++) {
      b[i] = r.nextInt(-8, 9) / 2.0;
    }
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value sp = g.placeholder("sp", SparseType.of(DType.FLOAT64, -1, -1));
    Value dense = g.placeholder("b", Types.dense(DType.FLOAT64, -1, -1));
    Value out = tf.sparse.sparseDenseMatmul(sp, dense, adjA, adjB);
    SparseTensor a = SparseTensor.of(Tensor.wrap(DType.INT64, new int[] {nnz, 2}, idx), Tensor.ofDoubles(vals),
        Tensor.ofLongs(rows, cols));
    Tensor result = (Tensor) run(g, out, Map.of("sp", a, "b", Tensor.wrap(DType.FLOAT64, new int[] {bRows, bCols}, b)));
    // quarter and half steps times small integers: every sum is exact, in any order
    assertArrayEquals(naive(idx, vals, rows, cols, b, bRows, bCols, adjA, adjB), (double[]) result.data());
    assertArrayEquals(new int[] {adjA ? cols : rows, n}, result.shape());
  }

  private static void sortRowMajor(long[] idx, double[] vals) {
    Integer[] order = new Integer[vals.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    java.util.Arrays.sort(order, (x, y) -> idx[2 * x] != idx[2 * y]
        ? Long.compare(idx[2 * x], idx[2 * y]) : Long.compare(idx[2 * x + 1], idx[2 * y + 1]));
    long[] i2 = idx.clone();
    double[] v2 = vals.clone();
    for (int t = 0; t < order.length; t++) {
      idx[2 * t] = i2[2 * order[t]];
      idx[2 * t + 1] = i2[2 * order[t] + 1];
      vals[t] = v2[order[t]];
    }
  }

  @Test
  void matmul_wrapsInt32Overflow() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value st = g.sparseTensor(new long[][] {{0, 0}, {0, 1}}, Tensor.ofInts(Integer.MAX_VALUE, 1), 1, 2);
    Value b = g.constant(Tensor.of(DType.INT32, new int[] {2, 1}, 2, 1));
    // MAX * 2 + 1 wraps to -1, as int32 arithmetic does in TF's kernel
    assertEquals("[[-1]]", run(g, tf.sparse.sparseDenseMatmul(st, b), Map.of()).toString());
  }

  @Test
  void matmul_withoutNonzerosOrRows_givesZerosOfTheRightShape() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value sp = g.placeholder("sp", SparseType.of(DType.FLOAT32, -1, -1));
    Value b = g.placeholder("b", Types.dense(DType.FLOAT32, -1, -1));
    Value out = tf.sparse.sparseDenseMatmul(sp, b);
    SparseTensor empty = SparseTensor.of(new long[0][], Tensor.ofFloats(), 2, 3);
    Tensor t = (Tensor) run(g, out, Map.of("sp", empty, "b", Tensor.of(DType.FLOAT32, new float[6], 3, 2)));
    assertEquals("[[0.0, 0.0], [0.0, 0.0]]", t.toString());
    SparseTensor noRows = SparseTensor.of(new long[0][], Tensor.ofFloats(), 0, 3);
    Tensor none = (Tensor) run(g, out, Map.of("sp", noRows, "b", Tensor.of(DType.FLOAT32, new float[6], 3, 2)));
    assertArrayEquals(new int[] {0, 2}, none.shape());
  }

  @Test
  void matmul_refusesMismatchedInnerDimensions_whenBuilt() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value st = g.sparseTensor(new long[][] {{0, 0}}, Tensor.ofFloats(1), 3, 4);
    Value b = g.constant(Tensor.of(DType.FLOAT32, new float[6], 3, 2));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> tf.sparse.sparseDenseMatmul(st, b));
    assertTrue(e.getMessage().contains("SparseDenseMatmulTest.java:"), e.getMessage());
    assertTrue(e.getMessage().endsWith("inner dimensions differ: sparse<float32>[3, 4] x tensor<float32>[3, 2]"), e.getMessage());
    // with adjoint_a the inner dimension is 3: it fits
    assertEquals("tensor<float32>[4, 2]", tf.sparse.sparseDenseMatmul(st, b, true, false).type().toString());
  }

  @Test
  void matmul_refusesOtherDtypesAndRanks() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value st = g.sparseTensor(new long[][] {{0, 0}}, Tensor.ofFloats(1), 3, 4);
    Value ints = g.constant(Tensor.of(DType.INT32, new int[8], 4, 2));
    assertTrue(assertThrows(GraphBuildException.class, () -> tf.sparse.sparseDenseMatmul(st, ints)).getMessage()
        .endsWith("operands must have one dtype, got float32 and int32"));
    Value vector = g.constant(Tensor.ofFloats(1, 2, 3, 4));
    assertTrue(assertThrows(GraphBuildException.class, () -> tf.sparse.sparseDenseMatmul(st, vector)).getMessage()
        .endsWith("both operands must be matrices, got sparse<float32>[3, 4] and tensor<float32>[4]"));
  }

  @Test
  void matmul_namesAnOutOfRangeIndex_atRunTime() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value sp = g.placeholder("sp", SparseType.of(DType.FLOAT32, -1, -1));
    Value b = g.placeholder("b", Types.dense(DType.FLOAT32, -1, -1));
    Value out = tf.sparse.sparseDenseMatmul(sp, b);
    SparseTensor bad = SparseTensor.of(new long[][] {{0, 1}, {2, 0}}, Tensor.ofFloats(1, 2), 2, 3);
    Map<String, Object> feeds = Map.of("sp", bad, "b", Tensor.of(DType.FLOAT32, new float[6], 3, 2));
    try (Session s = new Session(g.build(out))) {
      String message = assertThrows(InvalidArgumentException.class, () -> s.run(feeds, out)).getMessage();
      assertTrue(message.contains("sparse_dense_matmul"), message);
      assertTrue(message.endsWith("indices[1, 0]=2 is out of bounds [0, 2)"), message);
      Map<String, Object> wrongInner = Map.of("sp", SparseTensor.of(new long[][] {{0, 1}}, Tensor.ofFloats(1), 2, 3),
          "b", Tensor.of(DType.FLOAT32, new float[4], 2, 2));
      String inner = assertThrows(InvalidArgumentException.class, () -> s.run(wrongInner, out)).getMessage();
      assertTrue(inner.endsWith("cannot multiply A and B: inner dimensions differ, 3 vs 2 (A is [2, 3], B is [2, 2])"), inner);
    }
  }
}
