package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * TF's raw sparse ops that no tf.sparse function returns whole, through every backend:
 * {@code SparseFillEmptyRows}' four outputs (its {@code reverse_index_map} among them) and
 * {@code SparseDenseCwiseAdd}, sparse + dense with a sparse result.
 */
class SparseRawOpsTest {
  private final GraphBuilder g = new GraphBuilder();
  private final Ops tf = g.ops();

  @Test
  void fillEmptyRows_rawOpGivesTheReverseIndexMap() {
    // tf.raw_ops.SparseFillEmptyRows(indices=[[0, 0], [2, 1]], values=[7, 8], dense_shape=[4, 3], default_value=-1)
    //   -> output_indices [[0, 0], [1, 0], [2, 1], [3, 0]], output_values [7, -1, 8, -1],
    //      empty_row_indicator [False, True, False, True], reverse_index_map [0, 2]
    Value st = g.sparseTensor(new long[][] {{0, 0}, {2, 1}}, Tensor.ofInts(7, 8), 4, 3);
    List<Value> out = tf.rawOps.sparseFillEmptyRows(st.indices(), st.values(), st.denseShape(), g.scalar(DType.INT32, -1));
    assertEquals(4, out.size());
    assertEquals("[[0, 0], [1, 0], [2, 1], [3, 0]]", runFirst(g, out.get(0)));
    assertEquals("[7, -1, 8, -1]", runFirst(g, out.get(1)));
    assertEquals("[False, True, False, True]", runFirst(g, out.get(2)));
    assertEquals("[0, 2]", runFirst(g, out.get(3)));
  }

  @Test
  void reverseIndexMap_ofUnorderedAndEmptyInput() {
    Value p = g.placeholder("p", SparseType.of(DType.INT64, -1, -1));
    Value map = tf.rawOps.sparseFillEmptyRows(p.indices(), p.values(), p.denseShape(), g.scalar(DType.INT64, 0L)).get(3);
    // unordered rows: entries grouped by row in input order, row 1 empty gets slot 2:
    // tf.raw_ops.SparseFillEmptyRows(indices=[[2, 1], [0, 0], [2, 0], [0, 1]], values=[1, 2, 3, 4], dense_shape=[4, 2],
    //   default_value=0).reverse_index_map -> [3, 0, 4, 1] (output rows 0, 0, 1(default), 2, 2, 3(default))
    SparseTensor un = SparseTensor.of(new long[][] {{2, 1}, {0, 0}, {2, 0}, {0, 1}}, Tensor.ofLongs(1, 2, 3, 4), 4, 2);
    assertEquals("[3, 0, 4, 1]", runFirst(g, map, Map.of("p", un)));
    // nothing stored: an empty map
    assertEquals("[]", runFirst(g, map, Map.of("p", SparseTensor.of(new long[0][], Tensor.ofLongs(), 3, 2))));
    // a row index past dense_shape[0]: TF's message
    String e = Harness.runtimeError(g, map, Map.of("p", SparseTensor.of(new long[][] {{5, 0}}, Tensor.ofLongs(1), 3, 2)));
    assertTrue(e.contains("indices(0, 0) is invalid: 5 is not in [0, 3)"), e);
  }

  @Test
  void sparseDenseCwiseAdd_keepsTheSparseIndices() {
    Value st = g.sparseTensor(new long[][] {{0, 0}, {1, 2}}, Tensor.ofFloats(1f, 2f), 3, 4);
    // tf.raw_ops.SparseDenseCwiseAdd(sp_indices=[[0, 0], [1, 2]], sp_values=[1., 2.], sp_shape=[3, 4],
    //   dense=[[10.], [20.], [30.]]) -> [11., 22.]
    Value column = g.constant(Tensor.of(DType.FLOAT32, new float[] {10f, 20f, 30f}, 3, 1));
    assertEquals("SparseTensor(indices=[[0, 0], [1, 2]], values=[11.0, 22.0], dense_shape=[3, 4])",
        runFirst(g, tf.rawOps.sparseDenseCwiseAdd(st, column)));
    // a dense scalar-like [1]: tf.raw_ops.SparseDenseCwiseAdd(..., dense=[0.5]) -> [1.5, 2.5]
    assertEquals("SparseTensor(indices=[[0, 0], [1, 2]], values=[1.5, 2.5], dense_shape=[3, 4])",
        runFirst(g, tf.rawOps.sparseDenseCwiseAdd(st, g.constant(Tensor.ofFloats(0.5f)))));
    // int8 wraps: tf.raw_ops.SparseDenseCwiseAdd(sp_indices=[[0], [2]], sp_values=tf.constant([120, -5], tf.int8),
    //   sp_shape=[3], dense=tf.constant([10, 0, 1], tf.int8)) -> [-126, -4]
    Value bytes = g.sparseTensor(new long[][] {{0}, {2}}, Tensor.of(DType.INT8, new byte[] {120, -5}, 2), 3);
    assertEquals("SparseTensor(indices=[[0], [2]], values=[-126, -4], dense_shape=[3])",
        runFirst(g, tf.rawOps.sparseDenseCwiseAdd(bytes, g.constant(Tensor.of(DType.INT8, new byte[] {10, 0, 1}, 3)))));
    // the dense operand broadcasts into the sparse one only
    Value wide = g.constant(Tensor.of(DType.FLOAT32, new float[8], 2, 4));
    GraphBuildException b = assertThrows(GraphBuildException.class, () -> tf.rawOps.sparseDenseCwiseAdd(st, wide));
    assertTrue(b.getMessage().contains("cannot broadcast the dense shape [2, 4] into the sparse shape [3, 4]"), b.getMessage());
    Value p = g.placeholder("p", SparseType.of(DType.FLOAT32, -1, -1));
    String e = Harness.runtimeError(g, tf.rawOps.sparseDenseCwiseAdd(p, column),
        Map.of("p", SparseTensor.of(new long[][] {{0, 0}}, Tensor.ofFloats(1f), 2, 4)));
    assertTrue(e.contains("cannot broadcast the dense shape [3, 1] into the sparse tensor's shape [2, 4]"), e);
  }
}
