package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static dev.tatter.frontend.Harness.sessionError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code tf.sparse.bincount} of dense and ragged tensors (TF's {@code DenseCountSparseOutput} and
 * {@code RaggedCountSparseOutput}) through the builder and every backend ({@link Harness}); the
 * TF call each expected value comes from is written above it.
 */
class SparseBincountInputsTest {
  private final GraphBuilder g = new GraphBuilder();
  private final Ops tf = g.ops();

  private static String refused(Runnable build) {
    return assertThrows(GraphBuildException.class, build::run).getMessage();
  }

  private static String sparse(String indices, String values, String shape) {
    return "SparseTensor(indices=" + indices + ", values=" + values + ", dense_shape=" + shape + ")";
  }

  @Test
  void dense_countsAllValuesOrEachRow() {
    Value x = g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 2, 1, 3, 1, 5}, 2, 4));
    // tf.sparse.bincount([[1, 2, 3, 2], [1, 3, 1, 5]], axis=-1)
    assertEquals(sparse("[[0, 1], [0, 2], [0, 3], [1, 1], [1, 3], [1, 5]]", "[1, 2, 1, 2, 1, 1]", "[2, 6]"),
        runFirst(g, tf.sparse.bincount(x, null, -1, null, null, false)));
    // tf.sparse.bincount([[1, 2, 3, 2], [1, 3, 1, 5]]) (axis=0 flattens)
    assertEquals(sparse("[[1], [2], [3], [5]]", "[3, 2, 2, 1]", "[6]"), runFirst(g, tf.sparse.bincount(x, null, 0, null, null, false)));
    // tf.sparse.bincount([[1, 1, 2], [3, 3, 3]], axis=-1, binary_output=True)
    Value y = g.constant(Tensor.of(DType.INT64, new long[] {1, 1, 2, 3, 3, 3}, 2, 3));
    assertEquals(sparse("[[0, 1], [0, 2], [1, 3]]", "[1, 1, 1]", "[2, 4]"), runFirst(g, tf.sparse.bincount(y, null, -1, null, null, true)));
    // tf.sparse.bincount([[[0, 1]], [[1, 1]]]): any rank, flattened
    Value z = g.constant(Tensor.of(DType.INT32, new int[] {0, 1, 1, 1}, 2, 1, 2));
    assertEquals(sparse("[[0], [1]]", "[1, 3]", "[2]"), runFirst(g, tf.sparse.bincount(z, null, 0, null, null, false)));
    // a vector with axis=-1 is one batch: tf.sparse.bincount([4, 4], axis=-1)
    assertEquals(sparse("[[4]]", "[2]", "[5]"), runFirst(g, tf.sparse.bincount(g.constant(Tensor.ofInts(4, 4)), null, -1, null, null, false)));
  }

  @Test
  void dense_weightsMinlengthMaxlength() {
    Value x = g.constant(Tensor.ofInts(1, 2, 2, 3));
    // tf.sparse.bincount([1, 2, 2, 3], weights=[0.5, 1., 2., 4.])
    assertEquals(sparse("[[1], [2], [3]]", "[0.5, 3.0, 4.0]", "[4]"),
        runFirst(g, tf.sparse.bincount(x, g.constant(Tensor.ofFloats(.5f, 1, 2, 4)), 0, null, null, false)));
    // tf.sparse.bincount([1, 2, 2, 3], maxlength=3): 3 is skipped, three bins
    assertEquals(sparse("[[1], [2]]", "[1, 2]", "[3]"), runFirst(g, tf.sparse.bincount(x, null, 0, null, 3L, false)));
    // tf.sparse.bincount([1, 2, 2, 3], minlength=8)
    assertEquals(sparse("[[1], [2], [3]]", "[1, 2, 1]", "[8]"), runFirst(g, tf.sparse.bincount(x, null, 0, 8L, null, false)));
    // tf.sparse.bincount([[1, 1], [2, 0]], weights=[[1., 2.], [4., 8.]], axis=-1), float64
    Value m = g.constant(Tensor.of(DType.INT64, new long[] {1, 1, 2, 0}, 2, 2));
    assertEquals(sparse("[[0, 1], [1, 0], [1, 2]]", "[3.0, 8.0, 4.0]", "[2, 3]"),
        runFirst(g, tf.sparse.bincount(m, g.constant(Tensor.of(DType.FLOAT64, new double[] {1, 2, 4, 8}, 2, 2)), -1, null, null, false)));
  }

  @Test
  void weightsAreSummedFromZero_asTfsCountMaps() {
    // tf.sparse.bincount([1, 2, 2], weights=[-0., -0., 1.]) -> values [0., 1.]: TF's count of a bin starts at 0
    // (found by the -Ptf oracle: a lone -0.0 weight gave -0.0)
    assertEquals(sparse("[[1], [2]]", "[0.0, 1.0]", "[3]"),
        runFirst(g, tf.sparse.bincount(g.constant(Tensor.ofInts(1, 2, 2)), g.constant(Tensor.ofFloats(-0f, -0f, 1)), 0, null, null, false)));
    // the same for a sparse input: tf.sparse.bincount(SparseTensor([[0]], [3], [2]), weights=SparseTensor([[0]], [-0.], [2]))
    Value st = g.sparseTensor(new long[][] {{0}}, Tensor.ofInts(3), 2);
    assertEquals(sparse("[[3]]", "[0.0]", "[4]"),
        runFirst(g, tf.sparse.bincount(st, g.sparseTensor(new long[][] {{0}}, Tensor.ofFloats(-0f), 2), 0, null, null, false)));
  }

  @Test
  void dense_empty() {
    // tf.sparse.bincount(tf.zeros([0], tf.int32)): nothing counted, one bin
    assertEquals(sparse("[]", "[]", "[1]"), runFirst(g, tf.sparse.bincount(g.constant(Tensor.of(DType.INT32, new int[0], 0)), null, 0, null, null, false)));
    // tf.sparse.bincount(tf.zeros([2, 0], tf.int32), axis=-1)
    assertEquals(sparse("[]", "[]", "[2, 1]"),
        runFirst(g, tf.sparse.bincount(g.constant(Tensor.of(DType.INT32, new int[0], 2, 0)), null, -1, null, null, false)));
  }

  @Test
  void ragged_countsEachRowOrAllValues() {
    Value rt = tf.ragged.constant(List.of(List.of(1, 2), List.of(3, 2, 1, 1)));
    // tf.sparse.bincount(tf.ragged.constant([[1, 2], [3, 2, 1, 1]]), axis=-1)
    assertEquals(sparse("[[0, 1], [0, 2], [1, 1], [1, 2], [1, 3]]", "[1, 1, 2, 1, 1]", "[2, 4]"),
        runFirst(g, tf.sparse.bincount(rt, null, -1, null, null, false)));
    // tf.sparse.bincount(tf.ragged.constant([[1, 2], [3, 2, 1, 1]]))
    assertEquals(sparse("[[1], [2], [3]]", "[3, 2, 1]", "[4]"), runFirst(g, tf.sparse.bincount(rt, null, 0, null, null, false)));
    // tf.sparse.bincount(rt, weights=tf.ragged.constant([[1., 2.], [3., 4., 5., 6.]]), axis=-1)
    Value w = tf.ragged.constant(List.of(List.of(1f, 2f), List.of(3f, 4f, 5f, 6f)));
    assertEquals(sparse("[[0, 1], [0, 2], [1, 1], [1, 2], [1, 3]]", "[1.0, 2.0, 11.0, 4.0, 3.0]", "[2, 4]"),
        runFirst(g, tf.sparse.bincount(rt, w, -1, null, null, false)));
    // tf.sparse.bincount(tf.ragged.constant([[], [4]]), axis=-1, maxlength=3): the 4 is skipped
    Value sparseRows = tf.ragged.constant(List.of(List.of(), List.of(4, 0)), DType.INT32, 1);
    assertEquals(sparse("[[1, 0]]", "[1]", "[2, 3]"), runFirst(g, tf.sparse.bincount(sparseRows, null, -1, null, 3L, false)));
  }

  @Test
  void badInputs_areRefusedWithTfsMessages() {
    Value cube = g.constant(Tensor.of(DType.INT32, new int[8], 2, 2, 2));
    assertTrue(refused(() -> tf.sparse.bincount(cube, null, -1, null, null, false))
        .contains("Input must be a 1 or 2-dimensional tensor. Got: [2,2,2]"));
    Value x = g.constant(Tensor.ofInts(1, 2));
    assertTrue(refused(() -> tf.sparse.bincount(x, g.constant(Tensor.ofFloats(1, 2)), 0, null, null, true))
        .contains("Arguments `binary_output` and `weights` are mutually exclusive"));
    assertTrue(refused(() -> tf.sparse.bincount(x, null, 1, null, null, false))
        .contains("Unsupported value for argument axis=1. Only 0 and -1 are currently supported."));
    assertTrue(refused(() -> tf.sparse.bincount(g.constant(Tensor.ofFloats(1)), null, 0, null, null, false))
        .contains("values must be int32 or int64, got float32"));
    Value rt = tf.ragged.constant(List.of(List.of(1, 2), List.of(3)));
    assertTrue(refused(() -> tf.sparse.bincount(rt, g.constant(Tensor.ofInts(1, 1, 1)), -1, null, null, false))
        .contains("`weights` must be a RaggedTensor if `values` is a RaggedTensor"));
    assertTrue(refused(() -> tf.sparse.bincount(x, rt, 0, null, null, false)).contains("`weights` must be a tf.Tensor if `values` is a tf.Tensor"));
    Value nested = tf.ragged.constant(List.of(List.of(List.of(1)), List.of(List.of(2, 3))));
    assertTrue(refused(() -> tf.sparse.bincount(nested, null, -1, null, null, false)).contains("ragged rank 1 with 1-D flat values"));
  }

  @Test
  void badRunTimeInputs_areRefusedWithTfsMessages() {
    Value v = g.placeholder("v", Types.dense(DType.INT32, -1, -1));
    Value w = g.placeholder("w", Types.dense(DType.FLOAT32, -1, -1));
    Value weighted = tf.sparse.bincount(v, w, -1, null, null, false);
    Tensor data = Tensor.of(DType.INT32, new int[] {1, 2, 3, 4}, 2, 2);
    assertTrue(sessionError(g, weighted, Map.of("v", data, "w", Tensor.of(DType.FLOAT32, new float[4], 1, 4)))
        .endsWith("Weights and data must have the same shape. Weight shape: [1,4]; data shape: [2,2]"));
    Value counted = tf.sparse.bincount(v, null, -1, null, null, false);
    assertTrue(sessionError(g, counted, Map.of("v", Tensor.of(DType.INT32, new int[] {1, -1}, 1, 2)))
        .contains("Input values must all be non-negative"));
    assertTrue(sessionError(g, counted, Map.of("v", Tensor.of(DType.INT32, new int[0], 0, 3))).endsWith("Invalid input: Shapes dimension cannot be 0."));
    Value r = g.placeholder("r", Types.ragged(DType.INT64, 1));
    Value rw = g.placeholder("rw", Types.ragged(DType.FLOAT32, 1));
    Value ragged = tf.sparse.bincount(r, rw, -1, null, null, false);
    assertTrue(sessionError(g, ragged, Map.of("r", RaggedTensor.fromNested(new long[][] {{1}, {2, 3}}),
        "rw", RaggedTensor.fromNested(new float[][] {{1, 1}, {2}}))).endsWith("'weights' and 'values' must have the same row splits."));
    Value raggedCounts = tf.sparse.bincount(r, null, -1, null, null, false);
    assertTrue(sessionError(g, raggedCounts, Map.of("r", RaggedTensor.of(Tensor.ofLongs(),
        dev.tatter.runtime.RowPartition.fromRowSplits(new long[] {0}, DType.INT64, true)))).endsWith("Must provide at least 2 elements for the splits argument"));
  }
}
