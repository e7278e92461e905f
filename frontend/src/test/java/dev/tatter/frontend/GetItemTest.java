package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Index;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code __getitem__}: every example of seed 000, other keys, and the errors. */
class GetItemTest {
  /** The seed's {@code [['a', 'b', 'c'], ['d', 'e'], ['f'], ['g']]}. */
  private static Value letters(GraphBuilder g) {
    return g.raggedFromRowSplits(g.constant(Tensor.ofStrings("a", "b", "c", "d", "e", "f", "g")), g.constant(Tensor.ofLongs(0, 3, 5, 6, 7)));
  }

  /** The seed's {@code [[[1, 2, 3], [4]], [[5], [], [6]], [[7]], [[8, 9], [10]]]}. */
  private static Value numbers(GraphBuilder g) {
    Value inner = g.raggedFromRowSplits(g.constant(Tensor.ofInts(1, 2, 3, 4, 5, 6, 7, 8, 9, 10)),
        g.constant(Tensor.ofLongs(0, 3, 4, 5, 5, 6, 7, 9, 10)));
    return g.raggedFromRowSplits(inner, g.constant(Tensor.ofLongs(0, 2, 5, 6, 8)));
  }

  @Test
  void seedExamples_ofARank2RaggedTensor() {
    GraphBuilder g = new GraphBuilder();
    Value rt = letters(g);
    Value first = rt.getItem(0);
    assertEquals("tensor<string>[None]", first.type().toString());
    assertEquals("[b'a', b'b', b'c']", runFirst(g, first));
    assertEquals("[[b'a', b'b', b'c'], [b'd', b'e'], [b'f']]", runFirst(g, rt.getItem(Index.to(3))));
    Value g30 = rt.getItem(3, 0);
    assertEquals("tensor<string>[]", g30.type().toString());
    assertEquals("b'g'", runFirst(g, g30));
  }

  @Test
  void seedExamples_ofARank3RaggedTensor() {
    GraphBuilder g = new GraphBuilder();
    Value rt = numbers(g);
    assertEquals("[[5], [], [6]]", runFirst(g, rt.getItem(1)));
    assertEquals("[8, 9]", runFirst(g, rt.getItem(3, 0)));
    assertEquals("[[[4]], [[], [6]], [], [[10]]]", runFirst(g, rt.getItem(Index.all(), Index.slice(1, 3))));
    assertEquals("[[[4]], [[6]], [[7]], [[10]]]", runFirst(g, rt.getItem(":, -1:")));
  }

  @Test
  void negativeIndicesAndSteps_onOuterAndInnerDims() {
    GraphBuilder g = new GraphBuilder();
    Value rt = numbers(g);
    assertEquals("[[8, 9], [10]]", runFirst(g, rt.getItem(-1)));
    assertEquals("[[[1, 2, 3], [4]], [[7]]]", runFirst(g, rt.getItem("::2")));
    assertEquals("[[[8, 9], [10]], [[7]], [[5], [], [6]], [[1, 2, 3], [4]]]", runFirst(g, rt.getItem("::-1")));
    assertEquals("[[[4], [1, 2, 3]], [[6], [], [5]], [[7]], [[10], [8, 9]]]", runFirst(g, rt.getItem(":, ::-1")));
    assertEquals("[[[1, 3], [4]], [[5], [], [6]], [[7]], [[8], [10]]]", runFirst(g, rt.getItem(":, :, ::2")));
    assertEquals("[[[2, 3], []], [[], []]]", runFirst(g, rt.getItem("0:2, 0:2, 1:")));
    assertEquals("[[], [], [], []]", runFirst(g, rt.getItem(":, 5:")));
  }

  @Test
  void slicesOfUniformAndDenseInnerDims() {
    // from_row_splits(values=[[1, 2, 3], [4, 5, 6], ...], splits [0, 2, 5]): shape (2, None, 3)
    GraphBuilder g = new GraphBuilder();
    Value rt = g.raggedFromRowSplits(g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, 5, 3)),
        g.constant(Tensor.ofLongs(0, 2, 5)));
    Value lastColumn = rt.getItem(":, :, -1");
    assertEquals("ragged<int32>[2, (None)]", lastColumn.type().toString());
    assertEquals("[[3, 6], [9, 12, 15]]", runFirst(g, lastColumn));
    assertEquals("[[[1, 2], [4, 5]], [[7, 8], [10, 11], [13, 14]]]", runFirst(g, rt.getItem(":, :, :2")));
    assertEquals("[[7, 8, 9], [10, 11, 12]]", runFirst(g, rt.getItem("1, 0:2")));
    // a uniform inner dim takes an integer: from_tensor keeps every dim uniform
    GraphBuilder h = new GraphBuilder();
    Value uniform = h.raggedFromTensor(h.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, 5, 6}, 2, 3)));
    Value column = uniform.getItem(":, 1");
    assertEquals("tensor<int32>[2]", column.type().toString());
    assertEquals("[2, 5]", runFirst(h, column));
  }

  @Test
  void denseTensors_indexAsNumPyDoes() {
    GraphBuilder g = new GraphBuilder();
    Value t = g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, 5, 6}, 2, 3));
    Value col = t.getItem(":, 1");
    assertEquals("tensor<int32>[2]", col.type().toString());
    assertEquals("[2, 5]", runFirst(g, col));
    assertEquals("[[3, 2, 1], [6, 5, 4]]", runFirst(g, t.getItem(":, ::-1")));
    assertEquals("6", runFirst(g, t.getItem(-1, -1)));
  }

  @Test
  void indexingARaggedInnerDimension_isRefusedSayingWhy() {
    GraphBuilder g = new GraphBuilder();
    Value rt = numbers(g);
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> rt.getItem(":, 0"));
    assertTrue(e.getMessage().startsWith("getitem(ragged<int32, nvals=[8, 10]>[4, (None), (None)]) at GetItemTest.java:"), e.getMessage());
    assertTrue(e.getMessage().endsWith("cannot index into the ragged inner dimension 1 with 0: its rows have different lengths, "
        + "so the index may exist in some rows and not in others (TF refuses it rather than guess); slice it instead, e.g. 0:1"),
        e.getMessage());
  }

  @Test
  void outOfRange_isAnError() {
    GraphBuilder g = new GraphBuilder();
    Value rt = numbers(g);
    GraphBuildException known = assertThrows(GraphBuildException.class, () -> rt.getItem(4));
    assertTrue(known.getMessage().endsWith("index 4 is out of range for dimension 0 of size 4"), known.getMessage());
    GraphBuildException tooMany = assertThrows(GraphBuildException.class, () -> rt.getItem(0, 0, 0, 0));
    assertTrue(tooMany.getMessage().endsWith("too many indices: [0, 0] for tensor<int32>[None] (rank 1) at dimension 2"), tooMany.getMessage());
    // a row index checked at run time: the placeholder's row count is unknown
    GraphBuilder h = new GraphBuilder();
    Value x = h.placeholder("x", Types.ragged(DType.INT32, 1));
    Value row = x.getItem(-3);
    Value cell = x.getItem(1, 5);
    RaggedTensor feed = RaggedTensor.of(Tensor.ofInts(1, 2, 3), RowPartition.fromRowSplits(new long[] {0, 1, 3}, DType.INT64, true));
    try (Session s = new Session(h.build())) {
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> s.run(Map.of("x", feed), row));
      assertTrue(e.getMessage().endsWith("index -3 is out of range for dimension 0 of size 2"), e.getMessage());
      InvalidArgumentException e2 = assertThrows(InvalidArgumentException.class, () -> s.run(Map.of("x", feed), cell));
      assertTrue(e2.getMessage().endsWith("index 5 is out of range for dimension 1 of size 2"), e2.getMessage());
    }
  }

  @Test
  void badKeys_areRefused() {
    GraphBuilder g = new GraphBuilder();
    Value rt = numbers(g);
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> rt.getItem(":, x"));
    assertTrue(e.getMessage().endsWith("bad index 'x' in key [:, x]: expected an integer or start:stop:step"), e.getMessage());
    GraphBuildException zero = assertThrows(GraphBuildException.class, () -> rt.getItem("::0"));
    assertTrue(zero.getMessage().endsWith("bad index '::0' in key [::0]: slice step cannot be zero"), zero.getMessage());
  }
}
