package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.Graph;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** SparseTensor (seed 004): construction, static shape, conversions, arithmetic with dense, eval, and errors. */
class SparseTest {
  /** The seed's {@code SparseTensor(indices=[[0, 0], [1, 2]], values=[1, 2], dense_shape=[3, 4])}. */
  private static Value seedSt(GraphBuilder g) {
    return g.sparseTensor(new long[][] {{0, 0}, {1, 2}}, Tensor.ofInts(1, 2), 3, 4);
  }

  private static String runFails(GraphBuilder g, Value out, Map<String, ?> feeds) {
    try (Session s = new Session(g.build(out))) {
      return assertThrows(InvalidArgumentException.class, () -> s.run(feeds, out)).getMessage();
    }
  }

  @Test
  void seedSparseTensor_standsForItsDenseTensor() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value st = seedSt(g);
    assertEquals("sparse<int32>[3, 4]", st.type().toString());
    assertEquals("(3, 4)", st.shape());
    assertEquals("[[1, 0, 0, 0], [0, 0, 2, 0], [0, 0, 0, 0]]", runFirst(g, tf.sparse.toDense(st)));
    assertEquals("[[1, -1, -1, -1], [-1, -1, 2, -1], [-1, -1, -1, -1]]", runFirst(g, tf.sparse.toDense(st, -1)));
  }

  @Test
  void sparseTensor_fromValues_takesTheStaticShapeFromAConstantDenseShape() {
    GraphBuilder g = new GraphBuilder();
    Value st = g.sparseTensor(g.constant(Tensor.of(DType.INT64, new long[] {0, 0, 1, 2}, 2, 2)), g.constant(Tensor.ofInts(1, 2)),
        g.constant(Tensor.ofLongs(3, 4)));
    assertEquals("(3, 4)", st.shape());
    Value fed = g.sparseTensor(g.placeholder("i", Types.dense(DType.INT64, -1, 2)), g.placeholder("v", Types.dense(DType.FLOAT32, -1)),
        g.placeholder("s", Types.dense(DType.INT64, 2)));
    assertEquals("sparse<float32>[None, None]", fed.type().toString());
  }

  @Test
  void setShape_mergesAndRefusesIncompatibleShapes() {
    GraphBuilder g = new GraphBuilder();
    Value st = seedSt(g);
    assertEquals("(3, 4)", st.setShape(3, 4).shape());
    assertEquals("(3, 4)", st.setShape(3, -1).shape());
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> st.setShape(1, 4));
    assertTrue(e.getMessage().startsWith("sparse_set_shape(sparse<int32>[3, 4]) at SparseTest.java:"), e.getMessage());
    assertTrue(e.getMessage().endsWith("Tensor's shape (3, 4) is not compatible with supplied shape [1, 4]"), e.getMessage());
    GraphBuildException rank = assertThrows(GraphBuildException.class, () -> st.setShape(3, 4, 1));
    assertTrue(rank.getMessage().endsWith("Tensor's shape (3, 4) is not compatible with supplied shape [3, 4, 1]"), rank.getMessage());
  }

  @Test
  void setShape_onADenseOrRaggedValue_namesWhatItTakesAndWhy() {
    // TF: SparseTensor.set_shape merges; Tensor.set_shape only asserts a static shape (graph mode,
    // never checked at run time); tf.RaggedTensor has no set_shape
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.parse("tensor<float32>[None]"));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> x.setShape(3));
    assertTrue(e.getMessage().startsWith("setShape takes a sparse tensor (TF's SparseTensor.set_shape, which merges the "
        + "static dense shape); a dense or ragged value keeps the shape its op infers, since TF's Tensor.set_shape "
        + "asserts a static shape without checking it at run time and compiled code would trust it unchecked at "
        + "SparseTest.java:"), e.getMessage());
    assertTrue(e.getMessage().endsWith("tensor<float32>[None])"), e.getMessage());
    Value r = g.placeholder("r", Types.parse("ragged<int32>[None, (None)]"));
    assertTrue(assertThrows(GraphBuildException.class, () -> r.setShape(2, -1)).getMessage()
        .startsWith("setShape takes a sparse tensor"));
  }

  @Test
  void setShape_onAPlaceholder_fillsInUnknownDims_asTheSeedsKerasInput() {
    GraphBuilder g = new GraphBuilder();
    Value st = g.placeholder("st", Types.parse("sparse<float32>[None, None, None, 3]"));
    assertEquals("(None, None, None, 3)", st.shape());
    Value merged = st.setShape(-1, 224, 224, -1);
    assertEquals("(None, 224, 224, 3)", merged.shape());
    SparseTensor small = SparseTensor.of(new long[][] {{0, 1, 1, 2}}, Tensor.ofFloats(5f), 1, 2, 2, 3);
    assertTrue(runFails(g, merged, Map.of("st", small)).endsWith(
        "Tensor's shape (1, 2, 2, 3) is not compatible with supplied shape [None, 224, 224, None]"));
  }

  @Test
  void sparseFeeds_areCheckedAgainstTheirType() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value st = g.placeholder("st", SparseType.of(DType.FLOAT32, 3, -1));
    Value dense = tf.sparse.toDense(st);
    SparseTensor ok = SparseTensor.of(new long[][] {{2, 1}}, Tensor.ofFloats(7f), 3, 2);
    assertEquals("[[0.0, 0.0], [0.0, 0.0], [0.0, 7.0]]", Harness.runEverywhere(g.build(dense), Map.of("st", ok)).get(0).toString());
    SparseTensor ints = SparseTensor.of(new long[][] {{2, 1}}, Tensor.ofInts(7), 3, 2);
    assertTrue(runFails(g, dense, Map.of("st", ints)).endsWith("does not match its type sparse<float32>[3, None]: dtype int32 instead of float32"));
    SparseTensor wrongShape = SparseTensor.of(new long[][] {{2, 1}}, Tensor.ofFloats(7f), 4, 2);
    assertTrue(runFails(g, dense, Map.of("st", wrongShape)).endsWith("dense_shape [4, 2] instead of [3, None]"));
    assertTrue(runFails(g, dense, Map.of("st", Tensor.ofFloats(1f))).endsWith("expected a SparseTensor, got a Tensor"));
  }

  @Test
  void sparseType_printsAndParses() {
    assertEquals("sparse<float32>[4, 3]", Types.parse("sparse<float32>[4, 3]").toString());
    assertEquals(SparseType.of(DType.INT64, -1, 2), Types.parse("sparse<int64>[None, 2]"));
    assertThrows(GraphBuildException.class, () -> Types.parse("sparse<int64>[2, (None)]"));
  }

  @Test
  void withValues_seedExample() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value st = tf.sparse.fromDense(g.constant(Tensor.of(DType.INT32, new int[] {1, 0, 2, 0, 3, 0, 0, 4}, 2, 4)));
    Value replaced = st.withValues(g.constant(Tensor.ofInts(10, 20, 30, 40)));
    assertEquals("[[10, 0, 20, 0], [30, 0, 0, 40]]", runFirst(g, tf.sparse.toDense(replaced)));
  }

  @Test
  void reorder_sortsIndicesRowMajor() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value st = g.sparseTensor(new long[][] {{1, 2}, {0, 3}, {0, 1}}, Tensor.ofFloats(1, 2, 3), 3, 4);
    assertEquals("SparseTensor(indices=[[0, 1], [0, 3], [1, 2]], values=[3.0, 2.0, 1.0], dense_shape=[3, 4])", runFirst(g, tf.sparse.reorder(st)));
    // tf.sparse.to_dense(st, validate_indices=False): unordered indices are fine without validation
    assertEquals("[[0.0, 3.0, 0.0, 2.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0]]", runFirst(g, tf.sparse.toDense(st, 0f, false)));
    assertEquals("[[0.0, 3.0, 0.0, 2.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0]]", runFirst(g, tf.sparse.toDense(tf.sparse.reorder(st))));
  }

  @Test
  void fromValue_andFromDense_roundTrip() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    SparseTensor value = SparseTensor.of(new long[][] {{0, 0}, {1, 2}}, Tensor.ofDoubles(1.5, Double.NaN), 3, 4);
    Value st = g.sparseFromValue(value);
    assertEquals(value.toString(), runFirst(g, st));
    Value back = tf.sparse.fromDense(tf.sparse.toDense(st));
    assertEquals(value.toString(), runFirst(g, back));
  }

  @Test
  void mulAndDiv_broadcastTheDenseOperand_andKeepImplicitZeros() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value st = g.sparseTensor(new long[][] {{0, 0}, {1, 2}}, Tensor.ofFloats(1, 2), 3, 4);
    Value inf = g.constant(Tensor.of(DType.FLOAT32, new float[] {Float.POSITIVE_INFINITY, Float.NaN, 3, 4}, 4));
    Value product = st.mul(inf);
    assertEquals("sparse<float32>[3, 4]", product.type().toString());
    // inf * 0 would be NaN; the implicit zeros are not computed and stay 0
    assertEquals("[[inf, 0.0, 0.0, 0.0], [0.0, 0.0, 6.0, 0.0], [0.0, 0.0, 0.0, 0.0]]", runFirst(g, tf.sparse.toDense(product)));
    Value column = g.constant(Tensor.of(DType.FLOAT32, new float[] {2, 4, Float.NaN}, 3, 1));
    assertEquals("[[0.5, 0.0, 0.0, 0.0], [0.0, 0.0, 0.5, 0.0], [0.0, 0.0, 0.0, 0.0]]", runFirst(g, tf.sparse.toDense(st.div(column))));
    GraphBuilder h = new GraphBuilder();
    Value ints = h.sparseTensor(new long[][] {{0}, {2}}, Tensor.ofInts(7, -7), 3);
    assertEquals("SparseTensor(indices=[[0], [2]], values=[3, -3], dense_shape=[3])", runFirst(h, ints.div(h.scalar(DType.INT32, 2))));
  }

  @Test
  void mulAndDiv_errors() {
    GraphBuilder g = new GraphBuilder();
    Value st = seedSt(g);
    GraphBuildException shape = assertThrows(GraphBuildException.class, () -> st.mul(g.constant(Tensor.ofInts(1, 2, 3))));
    assertTrue(shape.getMessage().endsWith("cannot broadcast the dense shape [3] into the sparse shape [3, 4] (only dense into sparse)"),
        shape.getMessage());
    GraphBuildException bigger = assertThrows(GraphBuildException.class,
        () -> st.mul(g.constant(Tensor.of(DType.INT32, new int[12], 1, 3, 4))));
    assertTrue(bigger.getMessage().endsWith("cannot broadcast the dense shape [1, 3, 4] into the sparse shape [3, 4] (only dense into sparse)"));
    GraphBuildException add = assertThrows(GraphBuildException.class, () -> st.add(g.scalar(DType.INT32, 1)));
    assertTrue(add.getMessage().contains("a sparse tensor takes only * and / by a dense tensor"), add.getMessage());
    GraphBuildException both = assertThrows(GraphBuildException.class, () -> st.mul(st));
    assertTrue(both.getMessage().contains("sparse * sparse"), both.getMessage());
    Value byZero = st.div(g.constant(Tensor.ofInts(1, 1, 0, 1)));
    // TF's SparseDenseCwiseDiv: "cannot divide by zero, but input dense tensor contains zero" (a stored entry over 0)
    assertTrue(runFails(g, byZero, Map.of()).endsWith(
        "SparseDenseCwiseDiv cannot divide by zero, but input dense tensor contains zero (at the position of indices[1]=[1, 2])"));
  }

  @Test
  void toDense_withBadIndices_namesThemAsTf() {
    // the messages of TF's SparseTensor::IndicesValid, which tf.sparse.to_dense(st) (validate_indices=True) checks
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value outside = tf.sparse.toDense(g.sparseTensor(new long[][] {{0, 0}, {1, 4}}, Tensor.ofInts(1, 2), 3, 4));
    assertTrue(runFails(g, outside, Map.of()).endsWith("indices[1] = [1,4] is out of bounds: need 0 <= index < [3,4]"));
    GraphBuilder h = new GraphBuilder();
    Ops hTf = h.ops();
    Value negative = hTf.sparse.toDense(h.sparseTensor(new long[][] {{-1, 0}}, Tensor.ofInts(1), 3, 4));
    assertTrue(runFails(h, negative, Map.of()).endsWith("indices[0] = [-1,0] is out of bounds: need 0 <= index < [3,4]"));
    GraphBuilder k = new GraphBuilder();
    Ops kTf = k.ops();
    Value repeated = kTf.sparse.toDense(k.sparseTensor(new long[][] {{0, 1}, {1, 2}, {1, 2}}, Tensor.ofInts(1, 2, 3), 3, 4));
    assertTrue(runFails(k, repeated, Map.of()).endsWith("indices[2] = [1,2] is repeated"));
    // s5 = tf.SparseTensor(indices=[[0, 2], [0, 1]], values=[1., 2.], dense_shape=[3, 4]); tf.sparse.to_dense(s5)
    //   -> InvalidArgumentError: indices[1] = [0,1] is out of order. Many sparse ops require sorted indices. ...
    GraphBuilder m = new GraphBuilder();
    Ops mTf = m.ops();
    Value s5 = m.sparseTensor(new long[][] {{0, 2}, {0, 1}}, Tensor.ofFloats(1, 2), 3, 4);
    assertTrue(runFails(m, mTf.sparse.toDense(s5), Map.of()).endsWith("indices[1] = [0,1] is out of order. Many sparse ops require sorted "
        + "indices. Use `tf.sparse.reorder` to create a correctly ordered copy."));
    // tf.sparse.to_dense(tf.sparse.reorder(s5)) -> [[0., 2., 1., 0.], [0., 0., 0., 0.], [0., 0., 0., 0.]]
    assertEquals("[[0.0, 2.0, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]]", runFirst(m, mTf.sparse.toDense(mTf.sparse.reorder(s5))));
  }

  @Test
  void toDense_withoutValidation_takesAnyOrder_andTheLastRepeatedValue() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value s5 = g.sparseTensor(new long[][] {{0, 2}, {0, 1}, {1, 3}, {1, 3}}, Tensor.ofFloats(1, 2, 3, 4), 3, 4);
    // tf.sparse.to_dense(SparseTensor([[0, 2], [0, 1], [1, 3], [1, 3]], [1., 2., 3., 4.], [3, 4]), validate_indices=False)
    //   -> [[0., 2., 1., 0.], [0., 0., 0., 4.], [0., 0., 0., 0.]] (SparseToDense writes entries in order)
    assertEquals("[[0.0, 2.0, 1.0, 0.0], [0.0, 0.0, 0.0, 4.0], [0.0, 0.0, 0.0, 0.0]]", runFirst(g, tf.sparse.toDense(s5, 0f, false)));
    GraphBuilder h = new GraphBuilder();
    Ops hTf = h.ops();
    Value outside = hTf.sparse.toDense(h.sparseTensor(new long[][] {{2, 0}, {0, 4}}, Tensor.ofInts(1, 2), 3, 4), 0, false);
    // TF's SparseToDense: "Indices are not valid (out of bounds).  Shape: [3,4]"
    assertTrue(runFails(h, outside, Map.of()).endsWith("Indices are not valid (out of bounds).  Shape: [3,4] (indices[1] = [0,4])"));
  }

  @Test
  void toDense_ofAHugeShape_failsStatingIt() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value st = g.placeholder("st", Types.parse("sparse<int32>[None, None]"));
    SparseTensor huge = SparseTensor.of(new long[][] {{0, 0}}, Tensor.ofInts(1), 1L << 31, 1L << 31);
    assertTrue(runFails(g, tf.sparse.toDense(st), Map.of("st", huge)).endsWith(
        "a tensor of shape [2147483648, 2147483648] would hold more than " + dev.tatter.runtime.Sizes.maxElements() + " elements"));
  }

  @Test
  void sparseTensor_withPartsThatDoNotFit_isRefused() {
    GraphBuilder g = new GraphBuilder();
    GraphBuildException n = assertThrows(GraphBuildException.class, () -> g.sparseTensor(
        g.constant(Tensor.of(DType.INT64, new long[] {0, 0, 1, 2}, 2, 2)), g.constant(Tensor.ofInts(1, 2, 3)), g.constant(Tensor.ofLongs(3, 4))));
    assertTrue(n.getMessage().endsWith("indices has 2 rows but values has 3 elements"), n.getMessage());
    InvalidArgumentException rt = assertThrows(InvalidArgumentException.class,
        () -> SparseTensor.of(new long[][] {{0, 0}}, Tensor.ofInts(1), 3, -4));
    assertEquals("dense_shape[1]=-4 is negative", rt.getMessage());
    GraphBuilder h = new GraphBuilder();
    Value checked = h.sparseTensor(h.constant(Tensor.of(DType.INT64, new long[] {0, 0}, 1, 2)), h.constant(Tensor.ofInts(1)),
        h.placeholder("s", Types.dense(DType.INT64, 2))).setShape(3, 4);
    assertTrue(runFails(h, checked, Map.of("s", Tensor.ofLongs(3, 5))).endsWith(
        "Tensor's shape (3, 5) is not compatible with supplied shape [3, 4]"));
  }

  @Test
  void evalAndConsumers_workOnAnyValue() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value st = seedSt(g);
    Value dense = tf.sparse.toDense(st);
    Value doubled = st.mul(g.scalar(DType.INT32, 2));
    assertEquals(List.of(dense.node(), doubled.node()), st.consumers().stream().map(Value::node).toList());
    Value x = g.placeholder("x", Types.dense(DType.INT32, -1));
    Value y = x.mul(3);
    Graph graph = g.build();
    try (Session session = new Session(graph)) {
      assertEquals("[[1, 0, 0, 0], [0, 0, 2, 0], [0, 0, 0, 0]]", dense.eval(Map.of(), session).toString());
      assertEquals("[3, 6]", y.eval(Map.of("x", Tensor.ofInts(1, 2)), session).toString());
      assertEquals("SparseTensor(indices=[[0, 0], [1, 2]], values=[2, 4], dense_shape=[3, 4])", doubled.eval(Map.of(), session).toString());
    }
  }

  @Test
  void sparseOps_inText_roundTrip() {
    Graph graph = GraphParser.parse("""
        %st = placeholder() : sparse<float32>[None, 3]
        %d = constant() {value = tensor<float32>[3] [1.0, 2.0, 3.0]} : tensor<float32>[3]
        %0 = sparse_dense_mul(%st, %d) : sparse<float32>[None, 3]
        %z = constant() {value = tensor<float32>[] 0.0} : tensor<float32>[]
        %1 = sparse_to_dense(%0, %z) : tensor<float32>[None, 3]
        return %1
        """, "sparse.tat");
    SparseTensor feed = SparseTensor.of(new long[][] {{0, 2}, {1, 0}}, Tensor.ofFloats(1, 1), 2, 3);
    assertEquals("[[0.0, 0.0, 3.0], [1.0, 0.0, 0.0]]", Harness.runEverywhere(graph, Map.of("st", feed)).get(0).toString());
  }
}
