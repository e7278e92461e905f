package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static dev.tatter.frontend.Harness.sessionError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * tf.sparse.add, concat, slice, reshape, transpose, expand_dims and reset_shape through the
 * builder, every backend and the text round trip ({@link Harness}); expected values from the TF
 * call written above each.
 */
class SparseStructureTest {
  private final GraphBuilder g = new GraphBuilder();
  private final Ops tf = g.ops();

  private static SparseTensor st(long[][] indices, Tensor values, long... shape) {
    return SparseTensor.of(indices, values, shape);
  }

  private String refused(Runnable build) {
    return assertThrows(GraphBuildException.class, build::run).getMessage();
  }

  private Value ph(String name, DType dtype, int rank) {
    long[] shape = new long[rank];
    java.util.Arrays.fill(shape, -1);
    return g.placeholder(name, SparseType.of(dtype, shape));
  }

  // ---- add ----

  @Test
  void add_ofTwoSparse_mergesAndKeepsZeroSums() {
    // tf.sparse.add(SparseTensor([[0, 1], [1, 0]], [1., 2.], [2, 2]), SparseTensor([[0, 1], [1, 1]], [-1., 3.], [2, 2]))
    //   -> indices [[0, 1], [1, 0], [1, 1]], values [0., 2., 3.]  (thresh=0 keeps the zero sum)
    Value a = ph("a", DType.FLOAT32, 2);
    Value b = ph("b", DType.FLOAT32, 2);
    Map<String, Object> feeds = Map.of("a", st(new long[][] {{0, 1}, {1, 0}}, Tensor.ofFloats(1, 2), 2, 2),
        "b", st(new long[][] {{0, 1}, {1, 1}}, Tensor.ofFloats(-1, 3), 2, 2));
    assertEquals("SparseTensor(indices=[[0, 1], [1, 0], [1, 1]], values=[0.0, 2.0, 3.0], dense_shape=[2, 2])",
        runFirst(g, tf.sparse.add(a, b), feeds));
  }

  @Test
  void add_threshold_dropsSmallSumsOnly() {
    // the docstring's sum [[_, 2], [.125, 0], [6, -.1875]] (binary fractions): thresh 0 keeps all 5,
    // thresh 0.13 drops .125 and 0, thresh 0.19 drops -.1875 too; an entry of one operand alone stays
    Value a = g.sparseTensor(new long[][] {{0, 1}, {1, 0}, {1, 1}, {2, 0}, {2, 1}}, Tensor.ofFloats(2, .25f, 1, 6, -.25f), 3, 2);
    Value b = g.sparseTensor(new long[][] {{1, 0}, {1, 1}, {2, 1}}, Tensor.ofFloats(-.125f, -1, .0625f), 3, 2);
    assertEquals("[2.0, 0.125, 0.0, 6.0, -0.1875]", runFirst(g, tf.sparse.add(a, b)).replaceAll(".*values=(\\[[^]]*\\]).*", "$1"));
    assertEquals("SparseTensor(indices=[[0, 1], [2, 0], [2, 1]], values=[2.0, 6.0, -0.1875], dense_shape=[3, 2])",
        runFirst(g, tf.sparse.add(a, b, 0.13)));
    assertEquals("SparseTensor(indices=[[0, 1], [2, 0]], values=[2.0, 6.0], dense_shape=[3, 2])", runFirst(g, tf.sparse.add(a, b, 0.19)));
  }

  @Test
  void add_edgeCases_asTfsKernel() {
    Value a = ph("a", DType.INT8, 2);
    Value b = ph("b", DType.INT8, 2);
    // int8 100 + 100 wraps to -56 (TF adds in T); nothing stored on either side gives nothing
    assertEquals("SparseTensor(indices=[[0, 0]], values=[-56], dense_shape=[1, 1])", runFirst(g, tf.sparse.add(a, b), Map.of(
        "a", st(new long[][] {{0, 0}}, Tensor.ofBytes((byte) 100), 1, 1), "b", st(new long[][] {{0, 0}}, Tensor.ofBytes((byte) 100), 1, 1))));
    assertEquals("SparseTensor(indices=[], values=[], dense_shape=[2, 3])", runFirst(g, tf.sparse.add(a, b), Map.of(
        "a", st(new long[0][], Tensor.ofBytes(), 2, 3), "b", st(new long[0][], Tensor.ofBytes(), 2, 3))));
    // TF's SparseAdd merges without checking order: unordered a = [[1, 0], [0, 0]] with b = [[0, 0]]
    // gives [[0, 0]] from b, then a's [1, 0] and [0, 0] unsummed
    assertEquals("SparseTensor(indices=[[0, 0], [1, 0], [0, 0]], values=[3, 1, 2], dense_shape=[2, 1])", runFirst(g, tf.sparse.add(a, b), Map.of(
        "a", st(new long[][] {{1, 0}, {0, 0}}, Tensor.ofBytes((byte) 1, (byte) 2), 2, 1),
        "b", st(new long[][] {{0, 0}}, Tensor.ofBytes((byte) 3), 2, 1))));
    // a NaN sum fails TF's test thresh <= |sum| and is dropped; a NaN of one operand alone is kept
    Value x = g.sparseTensor(new long[][] {{0}, {1}}, Tensor.ofDoubles(Double.NaN, 1), 3);
    Value y = g.sparseTensor(new long[][] {{0}, {2}}, Tensor.ofDoubles(1, Double.NaN), 3);
    assertEquals("SparseTensor(indices=[[1], [2]], values=[1.0, nan], dense_shape=[3])", runFirst(g, tf.sparse.add(x, y)));
  }

  @Test
  void add_sparseAndDense_isDenseAndAddsRepeatedIndices() {
    // tf.sparse.add(SparseTensor([[0, 0], [1, 2], [1, 2]], [1, 2, 3], [2, 3]), tf.ones([2, 3], tf.int32))
    Value a = g.sparseTensor(new long[][] {{0, 0}, {1, 2}, {1, 2}}, Tensor.ofInts(1, 2, 3), 2, 3);
    Value ones = g.constant(Tensor.of(DType.INT32, new int[] {1, 1, 1, 1, 1, 1}, 2, 3));
    assertEquals("[[2, 1, 1], [1, 1, 6]]", runFirst(g, tf.sparse.add(a, ones)));
    assertEquals("[[2, 1, 1], [1, 1, 6]]", runFirst(g, tf.sparse.add(ones, a)));
  }

  @Test
  void add_badOperands_areRefused() {
    Value a = ph("a", DType.FLOAT32, 2);
    Value b = ph("b", DType.FLOAT32, 2);
    assertTrue(sessionError(g, tf.sparse.add(a, b), Map.of("a", st(new long[0][], Tensor.ofFloats(), 2, 3), "b", st(new long[0][], Tensor.ofFloats(), 2, 4)))
        .endsWith("Operands' shapes do not match: got 3 and 4 for dimension 1"));
    Value d = g.placeholder("d", Types.dense(DType.FLOAT32, -1, -1));
    assertTrue(sessionError(g, tf.sparse.add(a, d), Map.of("a", st(new long[0][], Tensor.ofFloats(), 2, 3), "d", Tensor.of(DType.FLOAT32, new float[4], 2, 2)))
        .endsWith("Dimension 1 does not equal (no broadcasting is supported): sparse side 3 vs dense side 2"));
    assertTrue(sessionError(g, tf.sparse.add(a, d), Map.of("a", st(new long[][] {{0, 5}}, Tensor.ofFloats(1), 2, 2), "d", Tensor.of(DType.FLOAT32, new float[4], 2, 2)))
        .endsWith("indices[0]=[0, 5] is out of bounds for dense_shape [2, 2]"));
    Value c = g.sparseTensor(new long[][] {{0}}, Tensor.ofFloats(1), 3);
    assertTrue(refused(() -> tf.sparse.add(a, c)).contains("Operands do not have the same ranks; got shapes: [None, None] and [3]"));
    Value i = g.sparseTensor(new long[][] {{0}}, Tensor.ofInts(1), 3);
    assertTrue(refused(() -> tf.sparse.add(i, i, 0.5)).contains("threshold 0.5 is not a valid int32"));
    assertTrue(refused(() -> tf.sparse.add(a, d, 1)).contains("threshold applies to sparse + sparse only"));
    assertTrue(refused(() -> tf.sparse.add(d, d)).contains("at least one operand must be a sparse tensor"));
    Value s = g.sparseTensor(new long[][] {{0}}, Tensor.ofStrings("a"), 3);
    assertTrue(refused(() -> tf.sparse.add(s, s)).contains("sparse_add is defined on"));
  }

  // ---- maximum, minimum ----

  @Test
  void maximumAndMinimum_overTheUnionWithImplicitZeros() {
    // the docstring: sp_zero = SparseTensor([[0], [1]], [0, 0], [7]), sp_one = SparseTensor([[1], [2]], [1, 1], [7])
    Value zero = g.sparseTensor(new long[][] {{0}, {1}}, Tensor.ofInts(0, 0), 7);
    Value one = g.sparseTensor(new long[][] {{1}, {2}}, Tensor.ofInts(1, 1), 7);
    // tf.sparse.maximum(sp_zero, sp_one) -> [[0], [1], [2]], [0, 1, 1]
    assertEquals("SparseTensor(indices=[[0], [1], [2]], values=[0, 1, 1], dense_shape=[7])", runFirst(g, tf.sparse.maximum(zero, one)));
    // tf.sparse.minimum(sp_zero, sp_one) -> [[0], [1], [2]], [0, 0, 0]
    assertEquals("SparseTensor(indices=[[0], [1], [2]], values=[0, 0, 0], dense_shape=[7])", runFirst(g, tf.sparse.minimum(zero, one)));
    // a value alone meets an implicit 0: maximum(-2, 0) = 0 is stored, minimum(5, 0) = 0 too; NaN propagates
    Value a = g.sparseTensor(new long[][] {{0, 0}, {1, 1}}, Tensor.ofFloats(-2, Float.NaN), 2, 2);
    Value b = g.sparseTensor(new long[][] {{0, 1}, {1, 1}}, Tensor.ofFloats(5, 1), 2, 2);
    assertEquals("SparseTensor(indices=[[0, 0], [0, 1], [1, 1]], values=[0.0, 5.0, nan], dense_shape=[2, 2])", runFirst(g, tf.sparse.maximum(a, b)));
    assertEquals("SparseTensor(indices=[[0, 0], [0, 1], [1, 1]], values=[-2.0, 0.0, nan], dense_shape=[2, 2])", runFirst(g, tf.sparse.minimum(a, b)));
    Value p = ph("p", DType.FLOAT32, 2);
    assertTrue(sessionError(g, tf.sparse.maximum(p, a), Map.of("p", st(new long[0][], Tensor.ofFloats(), 2, 3)))
        .endsWith("Operands' shapes do not match: got 3 and 2 for dimension 1"));
    Value vector = g.sparseTensor(new long[][] {{0}}, Tensor.ofFloats(1), 2);
    assertTrue(refused(() -> tf.sparse.maximum(a, vector)).contains("Operands do not have the same ranks"));
  }

  // ---- concat ----

  /** The concat docstring's sp_inputs[0] = [[_, _, 1], [2, 3, _]] ("a" = 1, "b" = 2, "c" = 3). */
  private Value abc() {
    return g.sparseTensor(new long[][] {{0, 2}, {1, 0}, {1, 1}}, Tensor.ofInts(1, 2, 3), 2, 3);
  }

  @Test
  void concat_alongEachAxis_resortsRowMajor() {
    Value de = g.sparseTensor(new long[][] {{0, 1}, {0, 2}}, Tensor.ofInts(4, 5), 2, 4);
    // tf.sparse.concat(1, [abc, de]) -> shape [2, 7], [0, 2] a, [0, 4] d, [0, 5] e, [1, 0] b, [1, 1] c
    assertEquals("SparseTensor(indices=[[0, 2], [0, 4], [0, 5], [1, 0], [1, 1]], values=[1, 4, 5, 2, 3], dense_shape=[2, 7])",
        runFirst(g, tf.sparse.concat(1, abc(), de)));
    assertEquals("sparse<int32>[2, 7]", tf.sparse.concat(-1, abc(), de).type().toString());
    // tf.sparse.concat(0, [abc, abc, abc]): each next one shifted 2 rows down
    assertEquals("SparseTensor(indices=[[0, 2], [1, 0], [1, 1], [2, 2], [3, 0], [3, 1], [4, 2], [5, 0], [5, 1]], "
        + "values=[1, 2, 3, 1, 2, 3, 1, 2, 3], dense_shape=[6, 3])", runFirst(g, tf.sparse.concat(0, abc(), abc(), abc())));
    // one input is itself (as TF's python returns it)
    Value one = abc();
    assertEquals(one, tf.sparse.concat(1, one));
  }

  @Test
  void concat_expandNonconcatDims_takesTheLargest() {
    // the docstring's second example: [3, 3] (a [0, 2], b [1, 0], c [2, 1]) and [2, 4] (d, e), axis 1
    Value left = g.sparseTensor(new long[][] {{0, 2}, {1, 0}, {2, 1}}, Tensor.ofInts(1, 2, 3), 3, 3);
    Value de = g.sparseTensor(new long[][] {{0, 1}, {0, 2}}, Tensor.ofInts(4, 5), 2, 4);
    assertEquals("SparseTensor(indices=[[0, 2], [0, 4], [0, 5], [1, 0], [2, 1]], values=[1, 4, 5, 2, 3], dense_shape=[3, 7])",
        runFirst(g, tf.sparse.concat(1, true, left, de)));
    assertTrue(refused(() -> tf.sparse.concat(1, left, de))
        .contains("Input shapes must match: expected 3 for dimension 0 but got 2 at position 1"));
  }

  @Test
  void concat_badInputs_areRefused() {
    Value a = ph("a", DType.INT32, 2);
    Value b = ph("b", DType.INT32, 2);
    assertTrue(sessionError(g, tf.sparse.concat(0, a, b), Map.of("a", st(new long[0][], Tensor.ofInts(), 2, 3), "b", st(new long[0][], Tensor.ofInts(), 2, 4)))
        .endsWith("Input shapes must match: expected 3 for dimension 1 but got 4 at position 1"));
    assertTrue(refused(() -> tf.sparse.concat(2, a, b)).contains("Concat dimension must be in range [-2, 2), got 2"));
    Value c = g.sparseTensor(new long[][] {{0}}, Tensor.ofInts(1), 3);
    assertTrue(refused(() -> tf.sparse.concat(0, a, c)).contains("Ranks of all input tensors must match: expected 2 but got 1 at position 1"));
    assertTrue(refused(() -> tf.sparse.concat(0)).contains("needs at least one sparse tensor"));
  }

  @Test
  void concat_ofAResultDimensionPastInt64_isRefused() {
    long half = 1L << 62;
    // fed shapes: the kernel adds the concat dims in int64, checked
    Value a = g.placeholder("a", SparseType.of(DType.INT32, -1, -1));
    Value b = g.placeholder("b", SparseType.of(DType.INT32, -1, -1));
    String message = sessionError(g, g.ops().sparse.concat(0, a, b), Map.of("a", st(new long[0][], Tensor.ofInts(), half, 1),
        "b", st(new long[0][], Tensor.ofInts(), half, 1)));
    assertTrue(message.endsWith("sparse concat: dimension 0 of the result, 4611686018427387904 + 4611686018427387904, overflows int64"),
        message);
    // static shapes: the type rule adds them, checked too
    Value c = g.placeholder("c", SparseType.of(DType.INT32, half, 1));
    Value d = g.placeholder("d", SparseType.of(DType.INT32, half, 1));
    assertTrue(refused(() -> g.ops().sparse.concat(0, c, d))
        .contains("dimension 0 of the result, 4611686018427387904 + 4611686018427387904, overflows int64"));
    // sparse reshape to a static shape whose element count overflows int64
    assertTrue(refused(() -> g.ops().sparse.reshape(c, 1L << 40, 1L << 40)).contains("overflows int64"));
  }

  // ---- slice ----

  @Test
  void slice_keepsTheWindowShiftedAndClipsItsSize() {
    // the docstring's [2, 7] input [[_, _, a, _, d, e, _], [b, c, _, ...]]
    Value in = g.sparseTensor(new long[][] {{0, 2}, {0, 4}, {0, 5}, {1, 0}, {1, 1}}, Tensor.ofInts(1, 4, 5, 2, 3), 2, 7);
    // tf.sparse.slice(in, [0, 0], [2, 4]) -> [2, 4] with a, b, c
    assertEquals("SparseTensor(indices=[[0, 2], [1, 0], [1, 1]], values=[1, 2, 3], dense_shape=[2, 4])",
        runFirst(g, tf.sparse.slice(in, new long[] {0, 0}, new long[] {2, 4})));
    // tf.sparse.slice(in, [0, 4], [2, 3]) -> [2, 3] with d, e
    assertEquals("SparseTensor(indices=[[0, 0], [0, 1]], values=[4, 5], dense_shape=[2, 3])",
        runFirst(g, tf.sparse.slice(in, new long[] {0, 4}, new long[] {2, 3})));
    // a window past the end is clipped: start [1, 5], size [5, 5] -> shape [1, 2], nothing stored there
    assertEquals("SparseTensor(indices=[], values=[], dense_shape=[1, 2])", runFirst(g, tf.sparse.slice(in, new long[] {1, 5}, new long[] {5, 5})));
    assertEquals("sparse<int32>[0, 0]", tf.sparse.slice(in, new long[] {3, 9}, new long[] {1, 1}).type().toString());
    // unordered entries keep their given order
    Value un = g.sparseTensor(new long[][] {{1, 1}, {0, 1}}, Tensor.ofInts(7, 8), 2, 2);
    assertEquals("SparseTensor(indices=[[1, 0], [0, 0]], values=[7, 8], dense_shape=[2, 1])",
        runFirst(g, tf.sparse.slice(un, new long[] {0, 1}, new long[] {2, 1})));
    assertTrue(refused(() -> tf.sparse.slice(in, new long[] {-1, 0}, new long[] {1, 1})).contains("must be non-negative"));
    assertTrue(refused(() -> tf.sparse.slice(in, new long[] {0}, new long[] {1, 1}))
        .contains("Expected start and size to be vectors of length 2, got 1 and 2"));
  }

  // ---- reshape ----

  @Test
  void reshape_recomputesIndicesAndInfersOneDim() {
    // the docstring: [2, 3, 6] a [0,0,0], b [0,0,1], c [0,1,0], d [1,0,0], e [1,2,3] reshaped to [9, -1]
    Value in = g.sparseTensor(new long[][] {{0, 0, 0}, {0, 0, 1}, {0, 1, 0}, {1, 0, 0}, {1, 2, 3}},
        Tensor.ofInts(1, 2, 3, 4, 5), 2, 3, 6);
    Value r = tf.sparse.reshape(in, 9, -1);
    assertEquals("sparse<int32>[9, 4]", r.type().toString());
    assertEquals("SparseTensor(indices=[[0, 0], [0, 1], [1, 2], [4, 2], [8, 1]], values=[1, 2, 3, 4, 5], dense_shape=[9, 4])", runFirst(g, r));
    Value p = ph("p", DType.INT32, 2);
    SparseTensor six = st(new long[][] {{1, 2}, {0, 1}}, Tensor.ofInts(1, 2), 2, 3);
    // tf.sparse.reshape(six, [-1]) -> indices [[5], [1]] in the given order
    assertEquals("SparseTensor(indices=[[5], [1]], values=[1, 2], dense_shape=[6])", runFirst(g, tf.sparse.reshape(p, -1), Map.of("p", six)));
    assertTrue(sessionError(g, tf.sparse.reshape(p, 4, -1), Map.of("p", six)).endsWith("Input to reshape is a SparseTensor with 6 dense values, "
        + "but the requested shape requires a multiple of 4. input_shape=[2, 3] output_shape=[4, ?]"));
    assertTrue(sessionError(g, tf.sparse.reshape(p, 7), Map.of("p", six)).endsWith("Input to reshape is a tensor with 6 dense values, "
        + "but the requested shape has 7. input_shape=[2, 3] output_shape=[7]"));
    assertTrue(sessionError(g, tf.sparse.reshape(p, 0, -1), Map.of("p", st(new long[0][], Tensor.ofInts(), 0, 3)))
        .endsWith("reshape cannot infer the missing input size for an empty tensor unless all specified input sizes are non-zero"));
    assertTrue(refused(() -> tf.sparse.reshape(p, -1, -1)).contains("only one output dimension may be -1, not both 0 and 1"));
    assertTrue(refused(() -> tf.sparse.reshape(in, 5, -1)).contains("cannot reshape (2, 3, 6) (36 values) into [5, -1]"));
  }

  // ---- transpose, expand_dims, reset_shape ----

  @Test
  void transpose_permutesAndResorts() {
    // tf.sparse.transpose(abc) -> [3, 2]: c [1, 1] and b [0, 1] and a [2, 0], row-major
    assertEquals("SparseTensor(indices=[[0, 1], [1, 1], [2, 0]], values=[2, 3, 1], dense_shape=[3, 2])", runFirst(g, tf.sparse.transpose(abc())));
    Value three = g.sparseTensor(new long[][] {{0, 1, 2}, {1, 0, 0}}, Tensor.ofInts(1, 2), 2, 3, 4);
    // tf.sparse.transpose(three, [2, 0, 1]) -> [4, 2, 3]: [2, 0, 1] and [0, 1, 0]
    assertEquals("SparseTensor(indices=[[0, 1, 0], [2, 0, 1]], values=[2, 1], dense_shape=[4, 2, 3])",
        runFirst(g, tf.sparse.transpose(three, 2, 0, 1)));
    assertTrue(refused(() -> tf.sparse.transpose(three, 0, 0, 1)).contains("perm [0, 0, 1] is not a permutation of the 3 dims"));
  }

  @Test
  void expandDims_insertsASizeOneDim() {
    // tf.sparse.expand_dims(abc, 0), (abc, -1) and (abc, 1)
    assertEquals("SparseTensor(indices=[[0, 0, 2], [0, 1, 0], [0, 1, 1]], values=[1, 2, 3], dense_shape=[1, 2, 3])",
        runFirst(g, tf.sparse.expandDims(abc(), 0)));
    assertEquals("SparseTensor(indices=[[0, 2, 0], [1, 0, 0], [1, 1, 0]], values=[1, 2, 3], dense_shape=[2, 3, 1])",
        runFirst(g, tf.sparse.expandDims(abc(), -1)));
    assertEquals("sparse<int32>[2, 1, 3]", tf.sparse.expandDims(abc(), 1).type().toString());
    assertTrue(refused(() -> tf.sparse.expandDims(abc(), 3)).contains("axis 3 is out of range [-3, 2]"));
  }

  @Test
  void resetShape_tightOrGiven() {
    // the docstring: [4, 5] with [0, 0], [0, 1], [0, 3], [1, 1], [2, 0]: tight shape [3, 4]
    Value in = g.sparseTensor(new long[][] {{0, 0}, {0, 1}, {0, 3}, {1, 1}, {2, 0}}, Tensor.ofInts(1, 2, 3, 4, 5), 4, 5);
    assertEquals("[3, 4]", runFirst(g, tf.sparse.resetShape(in)).replaceAll(".*dense_shape=(\\[.*\\])\\)", "$1"));
    assertEquals("sparse<int32>[5, 6]", tf.sparse.resetShape(in, new long[] {5, 6}).type().toString());
    assertEquals("[5, 6]", runFirst(g, tf.sparse.resetShape(in, new long[] {5, 6})).replaceAll(".*dense_shape=(\\[.*\\])\\)", "$1"));
    // nothing stored: every dim 0
    assertEquals("SparseTensor(indices=[], values=[], dense_shape=[0, 0])",
        runFirst(g, tf.sparse.resetShape(g.sparseTensor(new long[0][], Tensor.ofInts(), 2, 2))));
    assertTrue(refused(() -> tf.sparse.resetShape(in, new long[] {2, 4})).contains("new_shape [2, 4] is smaller than the sparse tensor's shape (4, 5) in dimension 0"));
    Value p = ph("p", DType.INT32, 2);
    assertTrue(sessionError(g, tf.sparse.resetShape(p, new long[] {2, 4}), Map.of("p", st(new long[0][], Tensor.ofInts(), 3, 3)))
        .endsWith("new_shape [2, 4] is smaller than the sparse tensor's shape [3, 3] in dimension 0"));
  }
}
