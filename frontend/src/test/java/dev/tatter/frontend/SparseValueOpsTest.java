package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static dev.tatter.frontend.Harness.runtimeError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** tf.sparse.softmax, to_indicator and bincount, and how string-valued sparse tensors print. */
class SparseValueOpsTest {
  @Test
  void softmax_overEachRowsStoredValues() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    double e = Math.E;
    // the docstring: values = [[e, 0], [e, e]] stored at [0,0], [1,0], [1,1]: tf.sparse.softmax -> [[1, 0], [0.5, 0.5]]
    Value sp = g.sparseTensor(new long[][] {{0, 0}, {1, 0}, {1, 1}}, Tensor.ofDoubles(e, e, e), 2, 2);
    assertEquals("[[1.0, 0.0], [0.5, 0.5]]", runFirst(g, tf.sparse.toDense(tf.sparse.softmax(sp))));
    // rank 3: rows are the first two coordinates; [0, 0, *] holds three equal values -> 1/3 each (float32: 0.33333334)
    Value r3 = g.sparseTensor(new long[][] {{0, 0, 0}, {0, 0, 1}, {0, 0, 2}, {1, 1, 1}}, Tensor.ofFloats(2f, 2f, 2f, -5f), 2, 2, 3);
    assertEquals("SparseTensor(indices=[[0, 0, 0], [0, 0, 1], [0, 0, 2], [1, 1, 1]], values=[0.33333334, 0.33333334, 0.33333334, 1.0], "
        + "dense_shape=[2, 2, 3])",
        runFirst(g, tf.sparse.softmax(r3)));
    // large values do not overflow (the row maximum is subtracted first)
    Value big = g.sparseTensor(new long[][] {{0, 0}, {0, 1}}, Tensor.ofFloats(1000f, 1000f), 1, 2);
    assertEquals("SparseTensor(indices=[[0, 0], [0, 1]], values=[0.5, 0.5], dense_shape=[1, 2])", runFirst(g, tf.sparse.softmax(big)));
  }

  @Test
  void softmax_ofUnorderedIndices_writesTheSortedResultsInOrder_asTfsKernel() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // TF's SparseSoftmax reorders a copy, computes, and returns values in that order next to the indices as given:
    // SparseTensor([[1, 0], [0, 0]], [0., 0.], [2, 2]) -> values [1., 1.] (here both rows hold one value);
    // SparseTensor([[0, 1], [0, 0]], [ln 3, 0.], [1, 2]) -> sorted [0, ln 3] -> [0.25, 0.75], given back in that order
    Value sp = g.sparseTensor(new long[][] {{0, 1}, {0, 0}}, Tensor.ofDoubles(Math.log(3), 0), 1, 2);
    assertEquals("SparseTensor(indices=[[0, 1], [0, 0]], values=[0.25, 0.75], dense_shape=[1, 2])", runFirst(g, tf.sparse.softmax(sp)));
  }

  @Test
  void softmax_refusesWhatTfRefuses() {
    GraphBuilder g = new GraphBuilder();
    Value ints = g.sparseTensor(new long[][] {{0, 0}}, Tensor.ofInts(1), 2, 2);
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> ints.graph().ops().sparse.softmax(ints));
    assertTrue(e.getMessage().contains("sparse_softmax is defined on float32 and float64"), e.getMessage());
    Value vector = g.sparseTensor(new long[][] {{0}}, Tensor.ofFloats(1), 2);
    GraphBuildException r = assertThrows(GraphBuildException.class, () -> vector.graph().ops().sparse.softmax(vector));
    assertTrue(r.getMessage().contains("Input should have rank >= 2, but received shape: [2]"), r.getMessage());
  }

  @Test
  void toIndicator_asTheDocstring() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // the docstring: sp_input of shape [2, 3, 4] with ids [0,0,0]: 0, [0,1,0]: 10, [1,0,3]: 103, [1,1,1]: 150,
    // [1,1,2]: 149, [1,1,3]: 150, [1,2,1]: 121 and vocab_size = 200 -> True only at (0,0,0), (0,1,10), (1,0,103),
    // (1,1,149), (1,1,150), (1,2,121)
    long[][] idx = {{0, 0, 0}, {0, 1, 0}, {1, 0, 3}, {1, 1, 1}, {1, 1, 2}, {1, 1, 3}, {1, 2, 1}};
    Value sp = g.sparseTensor(idx, Tensor.ofLongs(0, 10, 103, 150, 149, 150, 121), 2, 3, 4);
    Value ind = tf.sparse.toIndicator(sp, 200);
    assertEquals("tensor<bool>[2, 3, 200]", ind.type().toString());
    Tensor out = (Tensor) Harness.runEverywhere(g.build(ind), Map.of()).get(0);
    boolean[] flat = (boolean[]) out.unsafeData();
    int trues = 0;
    for (boolean b : flat) {
      trues += b ? 1 : 0;
    }
    assertEquals(6, trues);
    for (int[] at : new int[][] {{0, 0, 0}, {0, 1, 10}, {1, 0, 103}, {1, 1, 149}, {1, 1, 150}, {1, 2, 121}}) {
      assertTrue(flat[(at[0] * 3 + at[1]) * 200 + at[2]], java.util.Arrays.toString(at));
    }
  }

  @Test
  void toIndicator_ofAnIdOutsideTheVocabulary_fails() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value sp = g.placeholder("sp", Types.parse("sparse<int32>[None, None]"));
    SparseTensor bad = SparseTensor.of(new long[][] {{0, 0}, {1, 0}}, Tensor.ofInts(2, 4), 2, 1);
    String m = runtimeError(g, tf.sparse.toIndicator(sp, 4), Map.of("sp", bad));
    assertTrue(m.endsWith("Indices are not valid (out of bounds).  Shape: [2,4] (sp_input.values[1] = 4 is not in [0, 4))"), m);
  }

  @Test
  void bincount_axis0_axisMinus1_weights_binary_andLengths() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    long[][] idx = {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 0}, {1, 1}, {1, 2}, {1, 3}};
    Value data = g.sparseTensor(idx, Tensor.ofLongs(10, 20, 30, 20, 11, 101, 11, 10001), 2, 4);
    // the docstring: tf.sparse.bincount(data, axis=-1)
    assertEquals("SparseTensor(indices=[[0, 10], [0, 20], [0, 30], [1, 11], [1, 101], [1, 10001]], values=[1, 2, 1, 2, 1, 1], "
        + "dense_shape=[2, 10002])", runFirst(g, tf.sparse.bincount(data, null, -1, null, null, false)));
    // axis=0 counts all values: indices [[10], [11], [20], [30], [101], [10001]], values [1, 2, 2, 1, 1, 1], shape [10002]
    assertEquals("SparseTensor(indices=[[10], [11], [20], [30], [101], [10001]], values=[1, 2, 2, 1, 1, 1], dense_shape=[10002])",
        runFirst(g, tf.sparse.bincount(data, null, 0, null, null, false)));
    // maxlength=25 drops values >= 25; binary_output=True gives 1s: tf.sparse.bincount(data, axis=-1, maxlength=25, binary_output=True)
    assertEquals("SparseTensor(indices=[[0, 10], [0, 20], [1, 11]], values=[1, 1, 1], dense_shape=[2, 25])",
        runFirst(g, tf.sparse.bincount(data, null, -1, null, 25L, true)));
    // weights: a sparse tensor with data's indices, its values summed per bin (the docstring's weights example, float32)
    Value w = g.sparseTensor(idx, Tensor.ofFloats(0.5f, 1, 2, 3, 4, 5, 6, 7), 2, 4);
    assertEquals("SparseTensor(indices=[[0, 10], [0, 20], [0, 30], [1, 11], [1, 101], [1, 10001]], values=[0.5, 4.0, 2.0, 10.0, 5.0, 7.0], "
        + "dense_shape=[2, 10002])", runFirst(g, tf.sparse.bincount(data, w, -1, null, null, false)));
    // minlength: tf.sparse.bincount(SparseTensor([[0]], [2], [1]), minlength=5) -> dense_shape [5]
    Value small = g.sparseTensor(new long[][] {{0}}, Tensor.ofInts(2), 1);
    assertEquals("SparseTensor(indices=[[2]], values=[1], dense_shape=[5])", runFirst(g, tf.sparse.bincount(small, null, 0, 5L, null, false)));
    // nothing counted (every value at or above maxlength): TF's output size is then maxlength; with no
    // values and no lengths it is max(0 + 1, minlength) = 1
    Value big = g.sparseTensor(new long[][] {{0}}, Tensor.ofInts(30), 1);
    assertEquals("SparseTensor(indices=[], values=[], dense_shape=[4])", runFirst(g, tf.sparse.bincount(big, null, 0, null, 4L, false)));
    Value none = g.sparseTensor(new long[0][], Tensor.ofInts(), 3);
    assertEquals("SparseTensor(indices=[], values=[], dense_shape=[1])", runFirst(g, tf.sparse.bincount(none, null, 0, null, null, false)));
  }

  @Test
  void bincount_refusals() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value data = g.sparseTensor(new long[][] {{0, 0}}, Tensor.ofLongs(1), 1, 1);
    GraphBuildException axis = assertThrows(GraphBuildException.class, () -> tf.sparse.bincount(data, null, 1, null, null, false));
    assertTrue(axis.getMessage().contains("Unsupported value for argument axis=1. Only 0 and -1 are currently supported."));
    Value w = g.sparseTensor(new long[][] {{0, 0}}, Tensor.ofFloats(2), 1, 1);
    GraphBuildException both = assertThrows(GraphBuildException.class, () -> tf.sparse.bincount(data, w, 0, null, null, true));
    assertTrue(both.getMessage().contains("Arguments `binary_output` and `weights` are mutually exclusive"), both.getMessage());
    // TF 2.18's count kernels: "Input values must all be non-negative"
    GraphBuilder n = new GraphBuilder();
    Ops nTf = n.ops();
    Value negative = n.sparseTensor(new long[][] {{0}}, Tensor.ofInts(-3), 1);
    assertTrue(runtimeError(n, nTf.sparse.bincount(negative, null, 0, null, null, false), Map.of()).contains("Input values must all be non-negative"));
    GraphBuilder h = new GraphBuilder();
    Ops hTf = h.ops();
    Value sp = h.placeholder("sp", Types.parse("sparse<int64>[None, None]"));
    SparseTensor outside = SparseTensor.of(new long[][] {{0, 3}}, Tensor.ofLongs(1), 2, 2);
    assertTrue(runtimeError(h, hTf.sparse.bincount(sp, null, -1, null, null, false), Map.of("sp", outside))
        .endsWith("Invalid index value at 0: dimension 1 has value 3 which is not in [0, 2) (as given by dense shape [2, 2])"));
  }

  @Test
  void stringValues_printAsTfPrintsBytes() {
    // print(tf.sparse.SparseTensor([[0], [2]], [b"it's", b"a\nb"], [3])) shows values as b"it's" and b'a\nb'
    SparseTensor st = SparseTensor.of(new long[][] {{0}, {2}}, Tensor.ofStrings("it's", "a\nb"), 3);
    assertEquals("SparseTensor(indices=[[0], [2]], values=[b\"it's\", b'a\\nb'], dense_shape=[3])", st.toString());
    SparseTensor bytes = SparseTensor.of(new long[][] {{1}}, Tensor.ofByteStrings(new byte[] {(byte) 0xff, 0}), 2);
    assertEquals("SparseTensor(indices=[[1]], values=[b'\\xff\\x00'], dense_shape=[2])", bytes.toString());
  }
}
