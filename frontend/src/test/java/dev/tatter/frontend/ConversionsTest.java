package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.Graph;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** from_tensor, merge_dims, to_sparse and from_sparse: the seed's examples and every error. */
class ConversionsTest {
  private static Value seedDt(GraphBuilder g) {
    return g.constant(Tensor.of(DType.INT32, new int[] {5, 7, 0, 0, 3, 0, 6, 0, 0}, 3, 3));
  }

  private static InvalidArgumentException runFails(GraphBuilder g, Value out) {
    Graph graph = g.build(out);
    try (Session s = new Session(graph)) {
      return assertThrows(InvalidArgumentException.class, () -> s.run(Map.of(), out));
    }
  }

  /** The seed's {@code [[[1, 2], [3]], [[4, 5, 6]]]}. */
  private static Value rank3(GraphBuilder g) {
    Value inner = g.raggedFromRowSplits(g.constant(Tensor.ofInts(1, 2, 3, 4, 5, 6)), g.constant(Tensor.ofLongs(0, 2, 3, 6)));
    return g.raggedFromRowSplits(inner, g.constant(Tensor.ofLongs(0, 2, 3)));
  }

  @Test
  void fromTensor_seedExamples() {
    GraphBuilder g = new GraphBuilder();
    Value whole = g.raggedFromTensor(seedDt(g));
    assertEquals("ragged<int32, ragged_rank=1>[3, 3]", whole.type().toString());
    assertEquals("[[5, 7, 0], [0, 3, 0], [6, 0, 0]]", runFirst(g, whole));
    GraphBuilder h = new GraphBuilder();
    assertEquals("[[5], [], [6, 0, 0]]", runFirst(h, h.raggedFromTensor(seedDt(h), new long[] {1, 0, 3}, null, 1)));
    GraphBuilder k = new GraphBuilder();
    assertEquals("[[5, 7], [0, 3], [6]]", runFirst(k, k.raggedFromTensor(seedDt(k), null, 0, 1)));
  }

  @Test
  void fromTensor_withNestedLengths_seedExample() {
    GraphBuilder g = new GraphBuilder();
    Value dt = g.constant(Tensor.of(DType.INT32,
        new int[] {5, 0, 7, 0, 0, 0, 0, 0, 3, 0, 0, 0, 6, 0, 0, 0, 0, 0}, 3, 3, 2));
    Value rt = g.raggedFromTensor(dt, List.of(new long[] {2, 0, 3}, new long[] {1, 1, 2, 0, 1}), null, 2);
    assertEquals("ragged<int32>[3, (None), (None)]", rt.type().toString());
    assertEquals("[[[5], [7]], [], [[6, 0], [], [0]]]", runFirst(g, rt));
  }

  @Test
  void fromTensor_withRaggedRank2_keepsTheOuterDimsUniform() {
    GraphBuilder g = new GraphBuilder();
    Value dt = g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, 2, 2, 3));
    Value rt = g.raggedFromTensor(dt, new int[] {1, 2, 0, 5}, null, 2);
    assertEquals("ragged<int32>[2, 2, (None)]", rt.type().toString());
    assertEquals("[[[1], [4, 5]], [[], [10, 11, 12]]]", runFirst(g, rt));
    GraphBuilder h = new GraphBuilder();
    Value whole = h.raggedFromTensor(h.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, 2, 2, 3)), null, null, 2);
    assertEquals("(2, 2, 3)", whole.shape());
    assertEquals("[[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]]", runFirst(h, whole));
  }

  @Test
  void fromTensor_withPaddingOfInnerItems_dropsOnlyWholePaddingItems() {
    GraphBuilder g = new GraphBuilder();
    Value dt = g.constant(Tensor.of(DType.FLOAT32, new float[] {1, 0, 0, 0, 0, 1, 0, 0}, 2, 2, 2));
    Value rt = g.raggedFromTensor(dt, null, g.constant(Tensor.of(DType.FLOAT32, new float[] {0, 0}, 2)), 1);
    assertEquals("ragged<float32>[2, (None), 2]", rt.type().toString());
    assertEquals("[[[1.0, 0.0]], [[0.0, 1.0]]]", runFirst(g, rt));
  }

  @Test
  void fromTensor_withLengthsAndPadding_isRefused() {
    GraphBuilder g = new GraphBuilder();
    Value dt = seedDt(g);
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> g.raggedFromTensor(dt, new long[] {1, 0, 3}, 0, 1));
    assertTrue(e.getMessage().startsWith("from_tensor at ConversionsTest.java:"), e.getMessage());
    assertTrue(e.getMessage().endsWith(": lengths and padding are mutually exclusive (give one of them, or neither)"), e.getMessage());
  }

  @Test
  void fromTensor_errors_nameTheProblem() {
    GraphBuilder g = new GraphBuilder();
    Value dt = seedDt(g);
    GraphBuildException rank = assertThrows(GraphBuildException.class, () -> g.raggedFromTensor(dt, null, null, 2));
    assertTrue(rank.getMessage().endsWith("ragged_rank must be in [1, 1] for tensor<int32>[3, 3], got 2"), rank.getMessage());
    GraphBuildException nested = assertThrows(GraphBuildException.class,
        () -> g.raggedFromTensor(dt, List.of(new long[] {1}, new long[] {1}), null, 1));
    assertTrue(nested.getMessage().endsWith("2 nested lengths need a tensor of rank > 2, got tensor<int32>[3, 3]"), nested.getMessage());
    GraphBuildException pad = assertThrows(GraphBuildException.class,
        () -> g.raggedFromTensor(dt, null, g.constant(Tensor.ofInts(0, 0)), 1));
    assertTrue(pad.getMessage().endsWith("padding must have the shape of one item, [], got tensor<int32>[2]"), pad.getMessage());
    Value wrongLengths = g.raggedFromTensor(dt, new long[] {1, 2}, null, 1);
    assertTrue(runFails(g, wrongLengths).getMessage().endsWith("lengths has 2 elements but the tensor has 3 rows"));
  }

  @Test
  void mergeDims_seedExamples() {
    String[][] cases = {
        {"0", "1", "[[1, 2], [3], [4, 5, 6]]", "ragged<int32, nvals=[6]>[3, (None)]"},
        {"1", "2", "[[1, 2, 3], [4, 5, 6]]", "ragged<int32, nvals=[6]>[2, (None)]"},
        {"0", "2", "[1, 2, 3, 4, 5, 6]", "tensor<int32>[6]"},
        {"0", "-1", "[1, 2, 3, 4, 5, 6]", "tensor<int32>[6]"},
        {"-2", "-1", "[[1, 2, 3], [4, 5, 6]]", "ragged<int32, nvals=[6]>[2, (None)]"},
        {"1", "1", "[[[1, 2], [3]], [[4, 5, 6]]]", "ragged<int32, nvals=[3, 6]>[2, (None), (None)]"},
    };
    for (String[] c : cases) {
      GraphBuilder g = new GraphBuilder();
      Value merged = rank3(g).mergeDims(Integer.parseInt(c[0]), Integer.parseInt(c[1]));
      assertEquals(c[3], merged.type().toString(), c[0] + ", " + c[1]);
      assertEquals(c[2], runFirst(g, merged), c[0] + ", " + c[1]);
    }
  }

  @Test
  void mergeDims_throughInnerUniformDims() {
    for (int[] axes : new int[][] {{1, 2}, {0, 1}, {0, 2}}) {
      GraphBuilder g = new GraphBuilder();
      Value rt = g.raggedFromRowSplits(g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, 5, 3)),
          g.constant(Tensor.ofLongs(0, 2, 5)));
      String out = runFirst(g, rt.mergeDims(axes[0], axes[1]));
      String expected = switch (axes[0] * 10 + axes[1]) {
        case 12 -> "[[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12, 13, 14, 15]]";
        case 1 -> "[[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12], [13, 14, 15]]";
        default -> "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]";
      };
      assertEquals(expected, out);
    }
  }

  @Test
  void mergeDims_withAxesOutOfOrderOrRange_failsAtBuildTime() {
    GraphBuilder g = new GraphBuilder();
    Value rt = rank3(g);
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> rt.mergeDims(2, 1));
    assertTrue(e.getMessage().endsWith("merge_dims(2, 1) needs 0 <= outer_axis <= inner_axis < rank 3 (negative axes count from the end)"), e.getMessage());
    assertThrows(GraphBuildException.class, () -> rt.mergeDims(0, 3));
    assertThrows(GraphBuildException.class, () -> rt.mergeDims(-4, 0));
  }

  @Test
  void toSparse_seedExample() {
    GraphBuilder g = new GraphBuilder();
    Value rt = g.raggedFromRowSplits(g.constant(Tensor.ofInts(1, 2, 3, 4, 5, 6)), g.constant(Tensor.ofLongs(0, 3, 4, 4, 6)));
    Value st = rt.toSparse();
    assertEquals("sparse<int32>[4, None]", st.type().toString());
    SparseTensor out = (SparseTensor) Harness.runEverywhere(g.build(st), Map.of()).get(0);
    assertEquals("[[0, 0], [0, 1], [0, 2], [1, 0], [3, 0], [3, 1]]", out.indices().toString());
    assertEquals("[1, 2, 3, 4, 5, 6]", out.values().toString());
    assertEquals("[4, 3]", out.denseShape().toString());
  }

  @Test
  void toSparse_ofRaggedRank2WithInnerDims_indexesEveryElement() {
    GraphBuilder g = new GraphBuilder();
    Value inner = g.raggedFromRowSplits(g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, 5, 6}, 3, 2)), g.constant(Tensor.ofLongs(0, 2, 3)));
    Value rt = g.raggedFromRowSplits(inner, g.constant(Tensor.ofLongs(0, 0, 2)));
    Value st = rt.toSparse();
    assertEquals("sparse<int32>[2, None, None, 2]", st.type().toString());
    assertEquals("SparseTensor(indices=[[1, 0, 0, 0], [1, 0, 0, 1], [1, 0, 1, 0], [1, 0, 1, 1], [1, 1, 0, 0], [1, 1, 0, 1]], "
        + "values=[1, 2, 3, 4, 5, 6], dense_shape=[2, 2, 2, 2])", runFirst(g, st));
    GraphBuilder h = new GraphBuilder();
    Ops hTf = h.ops();
    Value inner2 = h.raggedFromRowSplits(h.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, 5, 6}, 3, 2)), h.constant(Tensor.ofLongs(0, 2, 3)));
    Value rt2 = h.raggedFromRowSplits(inner2, h.constant(Tensor.ofLongs(0, 0, 2)));
    assertEquals(runFirst(h, rt2.toTensor()), runFirst(h, hTf.sparse.toDense(rt2.toSparse())));
  }

  @Test
  void fromSparse_seedExample() {
    GraphBuilder g = new GraphBuilder();
    Value st = g.sparseTensor(new long[][] {{0, 0}, {0, 1}, {0, 2}, {1, 0}, {3, 0}}, Tensor.ofInts(1, 2, 3, 4, 5), 4, 3);
    Value rt = g.raggedFromSparse(st);
    assertEquals("ragged<int32>[4, (None)]", rt.type().toString());
    assertEquals("[[1, 2, 3], [4], [], [5]]", runFirst(g, rt));
  }

  @Test
  void fromSparse_notRightRagged_namesTheFirstBadIndex() {
    GraphBuilder g = new GraphBuilder();
    Value gap = g.raggedFromSparse(g.sparseTensor(new long[][] {{0, 0}, {1, 0}, {1, 2}, {2, 5}}, Tensor.ofInts(1, 2, 3, 4), 3, 6));
    assertTrue(runFails(g, gap).getMessage().endsWith(
        "the SparseTensor is not right-ragged: indices[2]=[1, 2] should be [1, 1] (each row's columns must be 0, 1, 2, ...)"));
    GraphBuilder h = new GraphBuilder();
    Value unordered = h.raggedFromSparse(h.sparseTensor(new long[][] {{1, 0}, {0, 0}}, Tensor.ofInts(1, 2), 2, 1));
    assertTrue(runFails(h, unordered).getMessage().endsWith(
        "indices[1]=[0, 0] comes after indices[0]=[1, 0]: the SparseTensor is not in row-major order (reorder it first)"));
    GraphBuilder k = new GraphBuilder();
    Value outside = k.raggedFromSparse(k.sparseTensor(new long[][] {{0, 0}, {5, 0}}, Tensor.ofInts(1, 2), 2, 1));
    assertTrue(runFails(k, outside).getMessage().endsWith("indices[1]=[5, 0] is out of range for dense_shape [2, 1]"));
  }

  @Test
  void fromSparse_ofRank3_failsAtBuildTime() {
    GraphBuilder g = new GraphBuilder();
    Value st = g.sparseTensor(new long[][] {{0, 0, 0}}, Tensor.ofInts(1), 1, 1, 1);
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> st.graph().raggedFromSparse(st));
    assertTrue(e.getMessage().endsWith("from_sparse needs a 2-D sparse tensor (only those are supported, as in TF), got sparse<int32>[1, 1, 1]"),
        e.getMessage());
  }
}
