package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
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
import org.junit.jupiter.api.Test;

/** tf.sparse.reduce_sum and reduce_max, dense and sparse results, through every backend ({@link Harness}). */
class SparseReduceTest {
  private final GraphBuilder g = new GraphBuilder();
  private final Ops tf = g.ops();

  private static long[] axes(long... a) {
    return a;
  }

  @Test
  void reduceSum_docstringExamples() {
    // x = tf.sparse.SparseTensor([[0, 0], [0, 2], [1, 1]], [1, 1, 1], [2, 3])
    Value x = g.sparseTensor(new long[][] {{0, 0}, {0, 2}, {1, 1}}, Tensor.ofInts(1, 1, 1), 2, 3);
    assertEquals("3", runFirst(g, tf.sparse.reduceSum(x)));                              // tf.sparse.reduce_sum(x)
    assertEquals("[1, 1, 1]", runFirst(g, tf.sparse.reduceSum(x, axes(0), false)));       // tf.sparse.reduce_sum(x, 0)
    assertEquals("[2, 1]", runFirst(g, tf.sparse.reduceSum(x, axes(1), false)));          // tf.sparse.reduce_sum(x, 1)
    assertEquals("[2, 1]", runFirst(g, tf.sparse.reduceSum(x, axes(-1), false)));         // tf.sparse.reduce_sum(x, -1)
    assertEquals("[[2], [1]]", runFirst(g, tf.sparse.reduceSum(x, axes(1), true)));       // tf.sparse.reduce_sum(x, 1, keepdims=True)
    assertEquals("3", runFirst(g, tf.sparse.reduceSum(x, axes(0, 1), false)));            // tf.sparse.reduce_sum(x, [0, 1])
    // tf.sparse.reduce_sum(x, 1, output_is_sparse=True)
    assertEquals("SparseTensor(indices=[[0], [1]], values=[2, 1], dense_shape=[2])", runFirst(g, tf.sparse.reduceSum(x, axes(1), false, true)));
  }

  @Test
  void reduceMax_docstringExamples() {
    // x = tf.sparse.SparseTensor([[0, 0], [0, 2], [1, 1]], [1, 2, 3], [2, 3])
    Value x = g.sparseTensor(new long[][] {{0, 0}, {0, 2}, {1, 1}}, Tensor.ofInts(1, 2, 3), 2, 3);
    assertEquals("3", runFirst(g, tf.sparse.reduceMax(x)));
    assertEquals("[1, 3, 2]", runFirst(g, tf.sparse.reduceMax(x, axes(0), false)));
    assertEquals("[2, 3]", runFirst(g, tf.sparse.reduceMax(x, axes(1), false)));
    assertEquals("[[2], [3]]", runFirst(g, tf.sparse.reduceMax(x, axes(1), true)));
    assertEquals("3", runFirst(g, tf.sparse.reduceMax(x, axes(0, 1), false)));
    // y = tf.sparse.SparseTensor([[0, 0], [1, 0], [1, 1]], [-7, 4, 3], [3, 2]); tf.sparse.reduce_max(y, 1) -> [-7, 4, 0]:
    // implicit zeros take no part, a row with nothing stored is 0
    Value y = g.sparseTensor(new long[][] {{0, 0}, {1, 0}, {1, 1}}, Tensor.ofInts(-7, 4, 3), 3, 2);
    assertEquals("[-7, 4, 0]", runFirst(g, tf.sparse.reduceMax(y, axes(1), false)));
    // tf.sparse.reduce_max(y, 1, output_is_sparse=True): only rows holding a value
    assertEquals("SparseTensor(indices=[[0], [1]], values=[-7, 4], dense_shape=[3])", runFirst(g, tf.sparse.reduceMax(y, axes(1), false, true)));
    assertEquals("SparseTensor(indices=[[0, 0], [1, 0]], values=[-7, 4], dense_shape=[3, 1])", runFirst(g, tf.sparse.reduceMax(y, axes(1), true, true)));
  }

  @Test
  void reduce_unorderedAndRepeatedIndices_groupAsTfsKernelDoes() {
    Value p = g.placeholder("p", SparseType.of(DType.FLOAT32, -1, -1, -1));
    // TF sorts by (kept dims, reduced dims) and sums each group from 0: [1, 0, 1] twice adds up
    SparseTensor st = SparseTensor.of(new long[][] {{1, 0, 1}, {0, 2, 0}, {1, 0, 1}, {0, 0, 1}, {1, 1, 0}},
        Tensor.ofFloats(1, 2, 4, 8, 16), 2, 3, 2);
    // tf.sparse.reduce_sum(st, [1]) -> [[2, 8], [16, 1 + 4]]
    assertEquals("[[2.0, 8.0], [16.0, 5.0]]", runFirst(g, tf.sparse.reduceSum(p, axes(1), false), Map.of("p", st)));
    // tf.sparse.reduce_sum(st, [0, 2], output_is_sparse=True) -> rows 0, 1, 2 of dim 1: 5 + 8, 16, 2
    assertEquals("SparseTensor(indices=[[0], [1], [2]], values=[13.0, 16.0, 2.0], dense_shape=[3])",
        runFirst(g, tf.sparse.reduceSum(p, axes(0, 2), false, true), Map.of("p", st)));
    // reducing no axis sums the repeats in place (TF's kernel with reduction_axes=[])
    assertEquals("SparseTensor(indices=[[0, 0, 1], [0, 2, 0], [1, 0, 1], [1, 1, 0]], values=[8.0, 2.0, 5.0, 16.0], dense_shape=[2, 3, 2])",
        runFirst(g, tf.sparse.reduceSum(p, axes(), false, true), Map.of("p", st)));
    // a sum starts from 0, so -0.0 alone sums to 0.0 (TF's too); a max of -0.0 alone is -0.0
    SparseTensor negZero = SparseTensor.of(new long[][] {{0, 0, 0}}, Tensor.ofFloats(-0f), 1, 1, 1);
    assertEquals("[[0.0]]", runFirst(g, tf.sparse.reduceSum(p, axes(2), false), Map.of("p", negZero)));
    assertEquals("[[-0.0]]", runFirst(g, tf.sparse.reduceMax(p, axes(2), false), Map.of("p", negZero)));
    // nothing stored: zeros of the reduced shape, and no entries
    SparseTensor empty = SparseTensor.of(new long[0][], Tensor.ofFloats(), 2, 0, 3);
    assertEquals("[[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]", runFirst(g, tf.sparse.reduceMax(p, axes(1), false), Map.of("p", empty)));
    assertEquals("SparseTensor(indices=[], values=[], dense_shape=[2, 1, 3])", runFirst(g, tf.sparse.reduceSum(p, axes(1), true, true), Map.of("p", empty)));
  }

  @Test
  void reduce_integerSumsWrap_andMaxPropagatesNan() {
    Value b = g.sparseTensor(new long[][] {{0}, {1}, {2}}, Tensor.ofBytes((byte) 100, (byte) 100, (byte) 100), 4);
    assertEquals("44", runFirst(g, tf.sparse.reduceSum(b)));  // int8 300 wraps to 44, as TF's sum in T
    Value f = g.sparseTensor(new long[][] {{0}, {1}}, Tensor.ofFloats(Float.NaN, 1), 2);
    assertEquals("nan", runFirst(g, tf.sparse.reduceMax(f)));
  }

  @Test
  void reduce_badAxesAndIndices_areRefused() {
    Value x = g.sparseTensor(new long[][] {{0, 0}}, Tensor.ofInts(1), 2, 3);
    assertTrue(assertThrows(GraphBuildException.class, () -> tf.sparse.reduceSum(x, axes(2), false)).getMessage()
        .contains("Invalid reduction dimension 2, for input with 2 dimensions."));
    assertTrue(assertThrows(GraphBuildException.class, () -> tf.sparse.reduceSum(x, null, false, true)).getMessage()
        .contains("reducing every axis to a sparse result needs keepdims = true"));
    assertEquals("SparseTensor(indices=[[0, 0]], values=[1], dense_shape=[1, 1])", runFirst(g, tf.sparse.reduceSum(x, null, true, true)));
    Value s = g.sparseTensor(new long[][] {{0}}, Tensor.ofBools(true), 2);
    assertTrue(assertThrows(GraphBuildException.class, () -> tf.sparse.reduceMax(s)).getMessage().contains("sparse_reduce_max is defined on"));
    Value p = g.placeholder("p", SparseType.of(DType.INT32, -1, -1));
    Value sum = tf.sparse.reduceSum(p, axes(1), false);
    try (Session session = new Session(g.build(sum))) {
      String msg = assertThrows(InvalidArgumentException.class, () -> session.run(
          Map.of("p", SparseTensor.of(new long[][] {{0, 3}}, Tensor.ofInts(1), 2, 3)), sum)).getMessage();
      assertTrue(msg.endsWith("indices[0]=[0, 3] is out of bounds for dense_shape [2, 3]"), msg);
    }
  }
}
