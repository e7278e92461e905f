package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code tf.ragged.map_flat_values} and {@code tf.sparse.map_values} over several operands, run everywhere. */
class MapValuesTest {
  @Test
  void mapFlatValues_severalOperands() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(new int[][] {{1, 2, 3}, {}, {4, 5}, {6}});
    // tf.ragged.map_flat_values(tf.multiply, rt, rt) -> [[1, 4, 9], [], [16, 25], [36]] (TF's docstring)
    Value squares = tf.ragged.mapFlatValues(v -> tf.math.multiply(v.get(0), v.get(1)), rt, rt);
    assertEquals("[[1, 4, 9], [], [16, 25], [36]]", Harness.runFirst(g, squares));
    // tf.ragged.map_flat_values(tf.add, rt, 5) -> [[6, 7, 8], [], [9, 10], [11]] (TF's docstring)
    Value plus = tf.ragged.mapFlatValues(v -> tf.math.add(v.get(0), v.get(1)), rt, g.scalar(DType.INT32, 5));
    assertEquals("[[6, 7, 8], [], [9, 10], [11]]", Harness.runFirst(g, plus));
    // no ragged operand: op(*args)
    Value dense = tf.ragged.mapFlatValues(v -> tf.math.add(v.get(0), v.get(1)), g.constant(Tensor.ofInts(1)), g.constant(Tensor.ofInts(2)));
    assertEquals("[3]", Harness.runFirst(g, dense));
    // operands of two partitions that differ at run time: refused
    Value a = g.placeholder("a", Types.ragged(DType.INT32, 1));
    Value b = g.placeholder("b", Types.ragged(DType.INT32, 1));
    Value sum = tf.ragged.mapFlatValues(v -> tf.math.add(v.get(0), v.get(1)), a, b);
    RaggedTensor ab = RaggedTensor.of(Tensor.ofInts(1, 2, 3), dev.tatter.runtime.RowPartition.fromRowSplits(new long[] {0, 2, 3}, DType.INT64, true));
    RaggedTensor other = RaggedTensor.of(Tensor.ofInts(1, 2, 3), dev.tatter.runtime.RowPartition.fromRowSplits(new long[] {0, 1, 3}, DType.INT64, true));
    assertEquals("[[2, 4], [6]]", Harness.runFirst(g, sum, Map.of("a", ab, "b", ab)));
    String e = Harness.runtimeError(g, sum, Map.of("a", ab, "b", other));
    assertTrue(e.contains("assert_same_partition"), e);
    // ragged_rank mismatch: refused when the graph is built
    Value deep = tf.ragged.constant(new int[][][] {{{1}}});
    GraphBuildException x = assertThrows(GraphBuildException.class,
        () -> tf.ragged.mapFlatValues(v -> tf.math.add(v.get(0), v.get(1)), rt, deep));
    assertTrue(x.getMessage().contains("must have one ragged_rank"), x.getMessage());
  }

  @Test
  void sparseMapValues_severalOperands() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value p = g.placeholder("p", SparseType.of(DType.INT32, -1, -1));
    Value q = g.placeholder("q", SparseType.of(DType.INT32, -1, -1));
    SparseTensor s1 = SparseTensor.of(new long[][] {{0, 0}, {0, 1}, {1, 1}}, Tensor.ofInts(1, 2, 4), 2, 3);
    SparseTensor s2 = SparseTensor.of(new long[][] {{0, 0}, {0, 1}, {1, 1}}, Tensor.ofInts(10, 20, 40), 2, 3);
    // tf.sparse.map_values(tf.multiply, s1, s2): values [10, 40, 160] at s1's indices
    Value product = tf.sparse.mapValues(v -> tf.math.multiply(v.get(0), v.get(1)), p, q);
    assertEquals("SparseTensor(indices=[[0, 0], [0, 1], [1, 1]], values=[10, 40, 160], dense_shape=[2, 3])",
        Harness.runFirst(g, product, Map.of("p", s1, "q", s2)));
    // tf.sparse.map_values(tf.add, s1, 5): values [6, 7, 9]
    Value plus = tf.sparse.mapValues(v -> tf.math.add(v.get(0), v.get(1)), p, g.scalar(DType.INT32, 5));
    assertEquals("SparseTensor(indices=[[0, 0], [0, 1], [1, 1]], values=[6, 7, 9], dense_shape=[2, 3])",
        Harness.runFirst(g, plus, Map.of("p", s1)));
    // different indices: TF's assert_equal refuses
    SparseTensor moved = SparseTensor.of(new long[][] {{0, 0}, {0, 2}, {1, 1}}, Tensor.ofInts(10, 20, 40), 2, 3);
    String e = Harness.runtimeError(g, product, Map.of("p", s1, "q", moved));
    assertTrue(e.contains("SparseTensors to map must have the same indices and dense_shape"), e);
    // tf.sparse.map_values(tf.add, 1, 2) -> ValueError: No SparseTensor in argument list of map_values
    GraphBuildException x = assertThrows(GraphBuildException.class,
        () -> tf.sparse.mapValues(v -> tf.math.add(v.get(0), v.get(1)), g.constant(Tensor.ofInts(1)), g.constant(Tensor.ofInts(2))));
    assertTrue(x.getMessage().contains("No SparseTensor in argument list of map_values"), x.getMessage());
  }
}
