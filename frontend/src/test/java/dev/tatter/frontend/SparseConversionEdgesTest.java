package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.codegen.testing.BitExact;
import dev.tatter.ir.Graph;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code to_sparse} of ragged values with two inner dims (each flat row's coordinates split
 * innermost first), and {@code from_sparse} refusing an index exactly at the dense shape's bound
 * (row {@code nrows}, column {@code ncols}), which is past the last valid one.
 */
class SparseConversionEdgesTest {
  @Test
  void toSparse_twoInnerDims_enumeratesEachRowInnermostFirst() {
    // tf.RaggedTensor.from_row_splits(tf.reshape(tf.range(1, 13), [3, 2, 2]), [0, 1, 1, 3]).to_sparse():
    // flat row 0 is row 0's only value, flat rows 1 and 2 are row 2's two values
    GraphBuilder g = new GraphBuilder();
    int[] values = new int[12];
    for (int i = 0; i < 12; i++) {
      values[i] = i + 1;
    }
    Value rt = g.raggedFromRowSplits(g.constant(Tensor.of(DType.INT32, values, 3, 2, 2)), g.constant(Tensor.ofLongs(0, 1, 1, 3)));
    Object out = Harness.runEverywhere(g.build(rt.toSparse()), Map.of()).get(0);
    // indices [[0,0,0,0], [0,0,0,1], [0,0,1,0], [0,0,1,1], [2,0,0,0], ..., [2,1,1,1]], dense_shape [3, 2, 2, 2]
    long[] indices = {
        0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 1, 1,
        2, 0, 0, 0, 2, 0, 0, 1, 2, 0, 1, 0, 2, 0, 1, 1,
        2, 1, 0, 0, 2, 1, 0, 1, 2, 1, 1, 0, 2, 1, 1, 1};
    SparseTensor expected = SparseTensor.of(Tensor.of(DType.INT64, indices, 12, 4), Tensor.of(DType.INT32, values, 12),
        Tensor.ofLongs(3, 2, 2, 2));
    BitExact.assertSameBits(expected, out, "to_sparse");
  }

  private static String fromSparseFails(long[][] indices, long... denseShape) {
    GraphBuilder g = new GraphBuilder();
    Value rt = g.raggedFromSparse(g.sparseTensor(indices, Tensor.ofInts(new int[indices.length]), denseShape));
    Graph graph = g.build(rt);
    try (Session s = new Session(graph)) {
      return assertThrows(InvalidArgumentException.class, () -> s.run(Map.of(), rt)).getMessage();
    }
  }

  @Test
  void fromSparse_indexAtTheBound_isOutOfRange() {
    // dense_shape [2, 1]: row 2 and column 1 are past the last valid index (a SparseTensor's indices lie inside dense_shape)
    String row = fromSparseFails(new long[][] {{0, 0}, {2, 0}}, 2, 1);
    assertTrue(row.endsWith("indices[1]=[2, 0] is out of range for dense_shape [2, 1]"), row);
    String col = fromSparseFails(new long[][] {{0, 0}, {0, 1}}, 2, 1);
    assertTrue(col.endsWith("indices[1]=[0, 1] is out of range for dense_shape [2, 1]"), col);
  }
}
