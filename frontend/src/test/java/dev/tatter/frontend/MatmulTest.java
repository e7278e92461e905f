package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.Graph;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.Node;
import dev.tatter.ir.ops.LinalgOps;
import dev.tatter.optimizer.PassManager;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@code tf.linalg.matmul} on dense and ragged operands, {@code matvec}, {@code bias_add} and the
 * fused dense layer ({@code fused_matmul}), run everywhere (the harness also checks that the
 * optimized graph, where the fuse pass makes the fused node, gives the unfused graph's bits).
 * Float results are checked against a double-precision product within the bound of k fused
 * multiply-adds; the -Ptf oracle compares them with TF's kernels.
 */
class MatmulTest {
  private static String run(GraphBuilder g, Value out) {
    return Harness.runFirst(g, out);
  }

  @Test
  void matmul_tfDocstringExamples() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value a = g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, 5, 6}, 2, 3));
    Value b = g.constant(Tensor.of(DType.INT32, new int[] {7, 8, 9, 10, 11, 12}, 3, 2));
    // tf.matmul(a, b) -> [[58, 64], [139, 154]]
    assertEquals("[[58, 64], [139, 154]]", run(g, tf.matmul(a, b)));
    int[] x = new int[12];
    int[] y = new int[12];
    for (int i = 0; i < 12; i++) {
      x[i] = i + 1;
      y[i] = i + 13;
    }
    // a = np.arange(1, 13).reshape(2, 2, 3), b = np.arange(13, 25).reshape(2, 3, 2): tf.matmul(a, b)
    //   -> [[[94, 100], [229, 244]], [[508, 532], [697, 730]]]
    Value a3 = g.constant(Tensor.of(DType.INT32, x, 2, 2, 3));
    Value b3 = g.constant(Tensor.of(DType.INT32, y, 2, 3, 2));
    assertEquals("[[[94, 100], [229, 244]], [[508, 532], [697, 730]]]", run(g, tf.linalg.matmul(a3, b3)));
  }

  @Test
  void matmul_transposesAndAdjointsAndBroadcastsBatches() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value a = g.constant(Tensor.of(DType.INT64, new long[] {1, 2, 3, 4, 5, 6}, 3, 2));
    Value b = g.constant(Tensor.of(DType.INT64, new long[] {1, 0, 1, 0, 1, 1}, 2, 3));
    // tf.matmul(a, b, transpose_a=True, transpose_b=True): [[1, 3, 5], [2, 4, 6]] x [[1, 0], [0, 1], [1, 1]]
    //   -> [[6, 8], [8, 10]]
    assertEquals("[[6, 8], [8, 10]]", run(g, tf.linalg.matmul(a, b, true, true)));
    assertEquals("[[6, 8], [8, 10]]", run(g, tf.linalg.matmul(a, b, false, false, true, true)));
    // a batch of one [1, 3, 2] against a batch of two [2, 2, 3] broadcasts: each b[i] times a[0]
    Value a1 = g.constant(Tensor.of(DType.INT64, new long[] {1, 2, 3, 4, 5, 6}, 1, 3, 2));
    Value b2 = g.constant(Tensor.of(DType.INT64, new long[] {1, 0, 0, 1, 2, 0, 1, 1, 0, 0, 0, 1}, 2, 2, 3));
    // np.matmul([[1, 2], [3, 4], [5, 6]], [[1, 0, 0], [1, 2, 0]]) -> [[3, 4, 0], [7, 8, 0], [11, 12, 0]]
    // np.matmul([[1, 2], [3, 4], [5, 6]], [[1, 1, 0], [0, 0, 1]]) -> [[1, 1, 2], [3, 3, 4], [5, 5, 6]]
    assertEquals("[[[3, 4, 0], [7, 8, 0], [11, 12, 0]], [[1, 1, 2], [3, 3, 4], [5, 5, 6]]]", run(g, tf.matmul(a1, b2)));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> tf.matmul(a, b, true, false, true, false));
    assertTrue(e.getMessage().contains("Only one of transpose_a and adjoint_a can be True."), e.getMessage());
  }

  /** Random float products of every regime (narrow n < 8, wide, tails) against double sums, within k fma roundings. */
  @Test
  void matmul_floatsAreWithinTheBoundOfTheirFmaChains() {
    SplittableRandom r = new SplittableRandom(7);
    int[][] shapes = {{5, 9, 1}, {3, 17, 7}, {6, 33, 8}, {9, 64, 37}, {4, 3, 70}, {1, 1, 1}, {2, 0, 3}};
    for (int[] s : shapes) {
      for (DType dtype : new DType[] {DType.FLOAT32, DType.FLOAT64}) {
        int m = s[0], k = s[1], n = s[2];
        double[] a = new double[m * k];
        double[] b = new double[k * n];
        for (int i = 0; i < a.length; i++) {
          a[i] = dtype == DType.FLOAT32 ? (float) (r.nextDouble() * 4 - 2) : r.nextDouble() * 4 - 2;
        }
        for (int i = 0; i < b.length; i++) {
          b[i] = dtype == DType.FLOAT32 ? (float) (r.nextDouble() * 4 - 2) : r.nextDouble() * 4 - 2;
        }
        GraphBuilder g = new GraphBuilder();
        Value out = g.ops().matmul(g.constant(tensor(dtype, a, m, k)), g.constant(tensor(dtype, b, k, n)));
        Tensor c = (Tensor) Harness.runEverywhere(g.build(out), Map.of()).get(0);
        double eps = dtype == DType.FLOAT32 ? 0x1p-24 : 0x1p-53;
        for (int i = 0; i < m; i++) {
          for (int j = 0; j < n; j++) {
            double exact = 0;
            double magnitude = 0;
            for (int p = 0; p < k; p++) {
              exact += a[i * k + p] * b[p * n + j];
              magnitude += Math.abs(a[i * k + p] * b[p * n + j]);
            }
            double got = c.getDouble(i * n + j);
            // k roundings of partial sums of at most the magnitude, plus the result's own
            double bound = (k + 1) * eps * magnitude * 1.01;
            assertTrue(Math.abs(got - exact) <= bound, dtype + " " + m + "x" + k + "x" + n + " at [" + i + ", " + j
                + "]: " + got + " vs " + exact + " (bound " + bound + ")");
          }
        }
      }
    }
  }

  private static Tensor tensor(DType dtype, double[] v, int... shape) {
    if (dtype == DType.FLOAT64) {
      return Tensor.of(DType.FLOAT64, v, shape);
    }
    float[] f = new float[v.length];
    for (int i = 0; i < v.length; i++) {
      f[i] = (float) v[i];
    }
    return Tensor.of(DType.FLOAT32, f, shape);
  }

  @Test
  void denseLayer_fusesIntoOneNode_withTheUnfusedBits() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value x = g.placeholder("x", Types.dense(DType.FLOAT32, -1, 3));
    Value w = g.constant(Tensor.of(DType.FLOAT32, new float[] {1f, -1f, 0.5f, 2f, -3f, 0f}, 3, 2));
    Value bias = g.constant(Tensor.ofFloats(0.25f, -1f));
    Value layer = tf.nn.relu(tf.nn.biasAdd(tf.matmul(x, w), bias));
    Graph graph = g.build(layer);
    Graph optimized = PassManager.parse(PassManager.DEFAULT_PIPELINE).run(graph);
    assertTrue(optimized.nodes().stream().map(Node::op).anyMatch(op -> op == LinalgOps.FUSED_MATMUL),
        dev.tatter.ir.text.GraphPrinter.print(optimized));
    Tensor feed = Tensor.of(DType.FLOAT32, new float[] {1f, 2f, 3f, -1f, 0f, 1f}, 2, 3);
    // tf.nn.relu(tf.nn.bias_add(tf.matmul([[1., 2., 3.], [-1., 0., 1.]], w), b)):
    // x @ w = [[-7, 3], [-4, 1]], + b = [[-6.75, 2], [-3.75, 0]] -> [[0, 2], [0, 0]]
    Object result = Harness.runEverywhere(graph, Map.of("x", feed)).get(0);
    assertEquals("[[0.0, 2.0], [0.0, 0.0]]", result.toString());
  }

  @Test
  void matvec_andRaggedMatmul() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value m = g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, 5, 6}, 2, 3));
    // tf.linalg.matvec([[1, 2, 3], [4, 5, 6]], [1, 0, -1]) -> [-2, -2]
    assertEquals("[-2, -2]", run(g, tf.linalg.matvec(m, g.constant(Tensor.ofInts(1, 0, -1)))));
    // a uniform ragged matrix multiplies as the dense one: tf.matmul(tf.ragged.constant([[1, 2], [3, 4]]), [[1], [1]])
    Value rt = tf.ragged.constant(new int[][] {{1, 2}, {3, 4}});
    assertEquals("[[3], [7]]", run(g, tf.matmul(rt, g.constant(Tensor.of(DType.INT32, new int[] {1, 1}, 2, 1)))));
    // [B, (I), J] x [B, J, K]: tf.matmul(tf.ragged.constant([[[1, 2]], [[1, 0], [0, 1], [2, 2]]], ragged_rank=1),
    //   [[[1], [1]], [[2], [3]]]) -> [[[3]], [[2], [3], [10]]]
    Value batch = tf.ragged.constant(new int[][][] {{{1, 2}}, {{1, 0}, {0, 1}, {2, 2}}}, null, 1);
    Value mats = g.constant(Tensor.of(DType.INT32, new int[] {1, 1, 2, 3}, 2, 2, 1));
    assertEquals("[[[3]], [[2], [3], [10]]]", run(g, tf.matmul(batch, mats)));
    // a ragged matrix whose rows differ is refused at run time with TF's message
    Value jagged = tf.ragged.constant(new int[][] {{1, 2}, {3}});
    String error = Harness.runtimeError(g, tf.matmul(jagged, g.constant(Tensor.of(DType.INT32, new int[] {1, 1}, 2, 1))));
    assertTrue(error.contains("The matrices in `a` and `b` may not be ragged in their innermost dimension."), error);
  }

  @Test
  void matmul_shapeErrors() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value a = g.constant(Tensor.of(DType.FLOAT32, new float[6], 2, 3));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> tf.matmul(a, a));
    assertTrue(e.getMessage().contains("Matrix size-incompatible: In[0]: [2,3], In[1]: [2,3]"), e.getMessage());
    e = assertThrows(GraphBuildException.class, () -> tf.matmul(a, g.constant(Tensor.ofFloats(1f, 2f, 3f))));
    assertTrue(e.getMessage().contains("In[1] ndims must be >= 2: 1"), e.getMessage());
    Value p = g.placeholder("p", Types.dense(DType.FLOAT32, -1, 2));
    String run = Harness.sessionError(g, tf.matmul(a, p), Map.of("p", Tensor.of(DType.FLOAT32, new float[4], 2, 2)));
    assertTrue(run.contains("Matrix size-incompatible: In[0]: [2,3], In[1]: [2,2]"), run);
  }
}
