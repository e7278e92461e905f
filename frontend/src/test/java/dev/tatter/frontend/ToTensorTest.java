package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.Graph;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code to_tensor} with and without a shape, for any ragged rank and inner uniform dims (seed 000). */
class ToTensorTest {
  /** The seed's {@code tf.ragged.constant([[9, 8, 7], [], [6, 5], [4]])}. */
  private static Value seedRt(GraphBuilder g) {
    return g.raggedFromRowSplits(g.constant(Tensor.ofInts(9, 8, 7, 6, 5, 4)), g.constant(Tensor.ofLongs(0, 3, 3, 5, 6)));
  }

  @Test
  void toTensor_withoutShape_padsToTheLongestRow() {
    GraphBuilder g = new GraphBuilder();
    Value t = seedRt(g).toTensor();
    assertEquals("tensor<int32>[4, None]", t.type().toString());
    assertEquals("[[9, 8, 7], [0, 0, 0], [6, 5, 0], [4, 0, 0]]", runFirst(g, t));
  }

  @Test
  void toTensor_withSeedShape5x2_padsRowsAndTruncatesColumns() {
    GraphBuilder g = new GraphBuilder();
    Value t = seedRt(g).toTensor(null, 5, 2);
    assertEquals("tensor<int32>[5, 2]", t.type().toString());
    assertEquals("[[9, 8], [0, 0], [6, 5], [4, 0], [0, 0]]", runFirst(g, t));
  }

  @Test
  void toTensor_withPartiallyKnownShape_keepsTheComputedDims() {
    GraphBuilder g = new GraphBuilder();
    Value t = seedRt(g).toTensor(-1, -1, 2);
    assertEquals("tensor<int32>[4, 2]", t.type().toString());
    assertEquals("[[9, 8], [-1, -1], [6, 5], [4, -1]]", runFirst(g, t));
    GraphBuilder h = new GraphBuilder();
    Value wide = seedRt(h).toTensor(7, 2, -1);
    assertEquals("[[9, 8, 7], [7, 7, 7]]", runFirst(h, wide));
  }

  @Test
  void toTensor_ofRaggedRank2_padsBothRaggedDims() {
    // tf.ragged.constant([[[1, 2], [3]], [[4, 5, 6]]]).to_tensor()
    GraphBuilder g = new GraphBuilder();
    Value inner = g.raggedFromRowSplits(g.constant(Tensor.ofInts(1, 2, 3, 4, 5, 6)), g.constant(Tensor.ofLongs(0, 2, 3, 6)));
    Value rt = g.raggedFromRowSplits(inner, g.constant(Tensor.ofLongs(0, 2, 3)));
    assertEquals("[[[1, 2, 0], [3, 0, 0]], [[4, 5, 6], [0, 0, 0]]]", runFirst(g, rt.toTensor()));
    GraphBuilder h = new GraphBuilder();
    Value inner2 = h.raggedFromRowSplits(h.constant(Tensor.ofInts(1, 2, 3, 4, 5, 6)), h.constant(Tensor.ofLongs(0, 2, 3, 6)));
    Value rt2 = h.raggedFromRowSplits(inner2, h.constant(Tensor.ofLongs(0, 2, 3)));
    assertEquals("[[[1], [3]], [[4], [0]], [[0], [0]]]", runFirst(h, rt2.toTensor(0, 3, 2, 1)));
  }

  @Test
  void toTensor_withInnerUniformDims_padsOnlyTheRaggedDims() {
    // the seed's from_row_splits(values=tf.ones([5, 3], tf.int32), row_splits=[0, 2, 5])
    GraphBuilder g = new GraphBuilder();
    Value rt = g.raggedFromRowSplits(g.constant(Tensor.of(DType.INT32, new int[] {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, 5, 3)),
        g.constant(Tensor.ofLongs(0, 2, 5)));
    assertEquals("(2, None, 3)", rt.shape());
    Value t = rt.toTensor();
    assertEquals("tensor<int32>[2, None, 3]", t.type().toString());
    assertEquals("[[[1, 1, 1], [1, 1, 1], [0, 0, 0]], [[1, 1, 1], [1, 1, 1], [1, 1, 1]]]", runFirst(g, t));
    GraphBuilder h = new GraphBuilder();
    Value rt2 = h.raggedFromRowSplits(h.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, 5, 3)),
        h.constant(Tensor.ofLongs(0, 2, 5)));
    // the values' own inner dim kept, the ragged one truncated to 2 rows
    assertEquals("[[[1, 2, 3], [4, 5, 6]], [[7, 8, 9], [10, 11, 12]]]", runFirst(h, rt2.toTensor(9, -1, 2, 3)));
    // tf.RaggedTensor.from_row_splits(tf.ones([5, 3], tf.int32), [0, 2, 5]).to_tensor(shape=[2, 2, 4]) raises
    // "rt_input.shape and shape=[2,2,4] are incompatible: rt_input.shape[2] = 3 but shape[2] = 4"
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> rt2.toTensor(9, -1, 2, 4));
    assertTrue(e.getMessage().endsWith("rt_input.shape and shape=[?,2,4] are incompatible: rt_input.shape[2] = 3 but shape[2] = 4"),
        e.getMessage());
  }

  @Test
  void toTensor_ofFedFloats_withNonZeroDefault() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.ragged(DType.FLOAT32, 1));
    Graph graph = g.build(x.toTensor(-0.0f));
    RaggedTensor feed = RaggedTensor.of(Tensor.ofFloats(1, 2, 3), RowPartition.fromRowSplits(new long[] {0, 0, 3, 3}, DType.INT64, true));
    assertEquals("[[-0.0, -0.0, -0.0], [1.0, 2.0, 3.0], [-0.0, -0.0, -0.0]]",
        Harness.runEverywhere(graph, Map.of("x", feed)).get(0).toString());
  }

  @Test
  void toTensor_overTheElementLimit_failsStatingTheShape() {
    long previous = Sizes.setMaxElements(10);
    try {
      GraphBuilder g = new GraphBuilder();
      Value t = seedRt(g).toTensor();
      Graph graph = g.build(t);
      try (Session s = new Session(graph)) {
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> s.run(Map.of(), t));
        assertTrue(e.getMessage().endsWith("(to_tensor) at ToTensorTest.java:" + t.node().location().line()
            + ": a tensor of shape [4, 3] would hold more than 10 elements"), e.getMessage());
      }
    } finally {
      Sizes.setMaxElements(previous);
    }
  }

  @Test
  void toTensor_withAShapeWhoseProductOverflows_failsStatingTheShape() {
    GraphBuilder g = new GraphBuilder();
    Value t = seedRt(g).toTensor(0, 1L << 30, 1L << 30);
    try (Session s = new Session(g.build(t))) {
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> s.run(Map.of(), t));
      assertTrue(e.getMessage().endsWith("a tensor of shape [1073741824, 1073741824] would hold more than "
          + Sizes.maxElements() + " elements"), e.getMessage());
    }
  }

  @Test
  void toTensor_withAShapeOfTheWrongRank_failsAtBuildTime() {
    GraphBuilder g = new GraphBuilder();
    Value rt = seedRt(g);
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> rt.toTensor(0, 5, 2, 1));
    assertTrue(e.getMessage().endsWith("shape [5, 2, 1] has rank 3 but the result has rank 2"), e.getMessage());
    GraphBuildException neg = assertThrows(GraphBuildException.class, () -> rt.toTensor(0, 5, -2));
    assertTrue(neg.getMessage().endsWith("shape [5, -2] has a negative dimension -2"), neg.getMessage());
  }

  @Test
  void elementLimit_outsideItsRange_isRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Sizes.setMaxElements(-1));
    assertTrue(e.getMessage().startsWith("the element limit must be in [0, "), e.getMessage());
  }
}
