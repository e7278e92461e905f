package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.Graph;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.Node;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.optimizer.PassManager;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The seed's first example, end to end, and the skeleton's promises about CSE and feeds. */
class WalkingSkeletonTest {
  private static final String SEED_TEXT = """
      # tf.RaggedTensor.from_row_splits(values=[3, 1, 4, 1, 5, 9, 2, 6], row_splits=[0, 4, 4, 7, 8, 8])
      %values = constant() {value = tensor<int32>[8] [3, 1, 4, 1, 5, 9, 2, 6]} : tensor<int32>[8]
      %splits = constant() {value = tensor<int64>[6] [0, 4, 4, 7, 8, 8]} : tensor<int64>[6]
      %p = partition_from_row_splits(%splits) : partition<int64>[5, (None)]
      %rt = ragged(%values, %p) : ragged<int32, nvals=[8]>[5, (None)]
      %0 = partition(%rt) : partition<int64, nvals=8>[5, (None)]
      %lengths = row_lengths(%0) : tensor<int64>[5]
      %rowids = value_rowids(%0) : tensor<int64>[8]
      return %rt, %lengths, %rowids
      """;

  @Test
  void fromRowSplits_builtWithTheBuilder_printsLikeTf() {
    GraphBuilder g = new GraphBuilder();
    Value rt = g.raggedFromRowSplits(
        g.constant(Tensor.ofInts(3, 1, 4, 1, 5, 9, 2, 6)), g.constant(Tensor.ofLongs(0, 4, 4, 7, 8, 8)));
    List<Object> out = Harness.runEverywhere(g.build(rt, rt.rowLengths(), rt.valueRowids()), Map.of());
    assertEquals("[[3, 1, 4, 1], [], [5, 9, 2], [6], []]", out.get(0).toString());
    assertEquals("[4, 0, 3, 1, 0]", out.get(1).toString());
    assertEquals("[0, 0, 0, 0, 2, 2, 2, 3]", out.get(2).toString());
  }

  @Test
  void fromRowSplits_parsedFromText_printsLikeTf() {
    Graph graph = GraphParser.parse(SEED_TEXT, "seed.tat");
    List<Object> out = Harness.runEverywhere(graph, Map.of());
    assertEquals("[[3, 1, 4, 1], [], [5, 9, 2], [6], []]", out.get(0).toString());
    assertEquals("[4, 0, 3, 1, 0]", out.get(1).toString());
    assertEquals("[0, 0, 0, 0, 2, 2, 2, 3]", out.get(2).toString());
  }

  @Test
  void valueRowidsAskedThreeTimes_isComputedOnceAfterCse() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.ragged(DType.FLOAT32, 1));
    Value a = x.valueRowids();
    Value b = x.valueRowids();
    Value c = x.partition().valueRowids();
    Graph graph = g.build(a, b, c);
    assertEquals(3, count(GraphPrinter.print(graph), "value_rowids("));
    Graph optimized = PassManager.parse("cse").run(graph);
    assertEquals(1, count(GraphPrinter.print(optimized), "value_rowids("));
    assertEquals(1, count(GraphPrinter.print(optimized), "partition("));
    RaggedTensor feed = RaggedTensor.of(Tensor.ofFloats(1, 2, 3), RowPartition.fromRowSplits(new long[] {0, 2, 2, 3}, DType.INT64, true));
    List<Object> out = Harness.runEverywhere(graph, Map.of("x", feed));
    assertEquals(List.of(Tensor.ofLongs(0, 0, 2), Tensor.ofLongs(0, 0, 2), Tensor.ofLongs(0, 0, 2)), out);
  }

  @Test
  void raggedTimesScalarPlusScalar_keepsThePartition() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.ragged(DType.INT32, 1));
    Value y = x.mul(2).add(1);
    assertEquals("ragged<int32>[None, (None)]", y.type().toString());
    RaggedTensor feed = RaggedTensor.of(Tensor.ofInts(3, 1, 4, 1, 5), RowPartition.fromRowSplits(new long[] {0, 2, 2, 5}, DType.INT64, true));
    List<Object> out = Harness.runEverywhere(g.build(y, y.toTensor(-1)), Map.of("x", feed));
    assertEquals("[[7, 3], [], [9, 3, 11]]", out.get(0).toString());
    assertEquals("[[7, 3, -1], [-1, -1, -1], [9, 3, 11]]", out.get(1).toString());
  }

  @Test
  void raggedPlusRagged_sharingOnePartition_hasNoRuntimeCheckAfterCse() {
    GraphBuilder g = new GraphBuilder();
    Value splits = g.placeholder("splits", Types.dense(DType.INT64, -1));
    Value a = g.raggedFromRowSplits(g.placeholder("a", Types.dense(DType.FLOAT32, -1)), splits);
    Value b = g.raggedFromRowSplits(g.placeholder("b", Types.dense(DType.FLOAT32, -1)), splits);
    Value sum = a.add(b);
    Graph graph = g.build(sum);
    String before = GraphPrinter.print(graph);
    assertTrue(before.contains("assert_same_partition("), before);
    Map<String, Object> feeds = Map.of("splits", Tensor.ofLongs(0, 1, 3), "a", Tensor.ofFloats(1, 2, 3), "b", Tensor.ofFloats(10, 20, 30));
    assertEquals("[[11.0], [22.0, 33.0]]", Harness.runEverywhere(graph, feeds).get(0).toString());
  }

  @Test
  void raggedPlusRagged_withDifferentPartitions_failsAtRunTimeNamingTheNode() {
    GraphBuilder g = new GraphBuilder();
    Value a = g.placeholder("a", Types.ragged(DType.FLOAT32, 1));
    Value b = g.placeholder("b", Types.ragged(DType.FLOAT32, 1));
    Graph graph = g.build(a.add(b));
    RaggedTensor x = RaggedTensor.of(Tensor.ofFloats(1, 2, 3), RowPartition.fromRowSplits(new long[] {0, 1, 3}, DType.INT64, true));
    RaggedTensor y = RaggedTensor.of(Tensor.ofFloats(1, 2, 3), RowPartition.fromRowSplits(new long[] {0, 2, 3}, DType.INT64, true));
    try (Session s = new Session(graph)) {
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> s.run(Map.of("a", x, "b", y), graph.outputs()));
      assertTrue(e.getMessage().contains("(assert_same_partition) at WalkingSkeletonTest.java:"), e.getMessage());
      assertTrue(e.getMessage().contains("row_splits[1]=1 vs 2"), e.getMessage());
    }
  }

  @Test
  void feedOfTheWrongDtype_isRefusedNamingPlaceholderAndTypes() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.ragged(DType.FLOAT32, 1));
    Graph graph = g.build(x.rowLengths());
    RaggedTensor ints = RaggedTensor.of(Tensor.ofInts(1, 2), RowPartition.fromRowSplits(new long[] {0, 2}, DType.INT64, true));
    try (Session s = new Session(graph)) {
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> s.run(Map.of("x", ints), graph.outputs()));
      assertEquals("feed for placeholder %x (placeholder) at WalkingSkeletonTest.java:" + line(graph.node("x").get())
          + " does not match its type ragged<float32>[None, (None)]: dtype int32 instead of float32", e.getMessage());
    }
  }

  @Test
  void feedOfTheWrongRaggedRank_isRefused() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.ragged(DType.FLOAT32, 2));
    Graph graph = g.build(x.rowLengths());
    RaggedTensor rank1 = RaggedTensor.of(Tensor.ofFloats(1, 2), RowPartition.fromRowSplits(new long[] {0, 2}, DType.INT64, true));
    try (Session s = new Session(graph)) {
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> s.run(Map.of("x", rank1), graph.outputs()));
      assertTrue(e.getMessage().endsWith("does not match its type ragged<float32>[None, (None), (None)]: ragged_rank 1 instead of 2"), e.getMessage());
    }
  }

  @Test
  void misuseAtBuildTime_namesTheOpOperandAndCallSite() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.dense(DType.FLOAT32, 3));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> g.partitionFromRowSplits(x));
    assertTrue(e.getMessage().startsWith("partition_from_row_splits(tensor<float32>[3]) at WalkingSkeletonTest.java:"), e.getMessage());
    assertTrue(e.getMessage().endsWith("operand 'row_splits' must have dtype [int32, int64], got float32"), e.getMessage());
  }

  @Test
  void session_compilesOncePerFetchList() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.ragged(DType.FLOAT32, 1));
    Value lengths = x.rowLengths();
    Value nrows = x.nrows();
    Graph graph = g.build();
    RaggedTensor feed = RaggedTensor.of(Tensor.ofFloats(1, 2), RowPartition.fromRowSplits(new long[] {0, 2, 2}, DType.INT64, true));
    try (Session s = new Session(graph)) {
      for (int i = 0; i < 3; i++) {
        assertEquals(Tensor.ofLongs(2, 0), s.run(Map.of("x", feed), lengths).tensor(0));
        assertEquals(Tensor.scalar(DType.INT64, 2L), s.run(Map.of("x", feed), nrows).tensor(0));
      }
      assertEquals(2, s.compiledSignatures());
    }
  }

  private static int count(String text, String what) {
    return text.split(java.util.regex.Pattern.quote(what), -1).length - 1;
  }

  private static int line(Node node) {
    return node.location().line();
  }
}
