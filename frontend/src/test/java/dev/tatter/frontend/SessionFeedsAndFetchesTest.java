package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.Graph;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Two frictions of feeding and fetching, as a TF user meets them. A ragged feed whose row splits
 * are int32 (an Arrow {@code ListVector}'s offsets) where the placeholder says int64 (TF's
 * default) is widened, losslessly, by every way of running a graph; int64 splits where it says
 * int32 stay refused. A fetch that is not a node of the session's graph ({@code session.run(feeds,
 * x.add(1))} after {@code g.build}) is refused naming the value, its op, where it was made and what
 * to do instead.
 */
class SessionFeedsAndFetchesTest {
  private static RowPartition splits32(long... splits) {
    return RowPartition.fromRowSplits(splits, DType.INT32, true);
  }

  /** Runs {@code fetches} of {@code graph} with {@code feeds} by both session backends and a runner; all must agree. */
  private static List<Object> runBySessions(Graph graph, Map<String, ?> feeds) {
    List<Object> results = null;
    for (Session.Backend backend : Session.Backend.values()) {
      try (Session s = new Session(graph, dev.tatter.optimizer.PassManager.DEFAULT_PIPELINE, backend)) {
        List<Object> run = s.run(feeds, graph.outputs()).values();
        if (results != null) {
          assertEquals(results, run, backend.toString());
        }
        results = run;
        if (backend == Session.Backend.COMPILED) {
          assertEquals(run, s.runner(graph.outputs()).run(feeds).values(), "runner");
        }
      }
    }
    return results;
  }

  @Test
  void int32RowSplits_fedWhereThePlaceholderSaysInt64_areWidened() {
    GraphBuilder g = new GraphBuilder();
    Value rt = g.placeholder("rt", Types.ragged(DType.FLOAT32, 1)); // int64 splits, as TF's default
    Graph graph = g.build(rt.reduceSum(1), rt.rowSplits(), rt);
    RaggedTensor fed = RaggedTensor.of(Tensor.ofFloats(1f, 2f, 3f, 4f), splits32(0, 3, 3, 4));
    Map<String, RaggedTensor> feeds = Map.of("rt", fed);
    RaggedTensor widened = RaggedTensor.of(Tensor.ofFloats(1f, 2f, 3f, 4f),
        RowPartition.fromRowSplits(new long[] {0, 3, 3, 4}, DType.INT64, true));
    // tf.reduce_sum(tf.RaggedTensor.from_row_splits([1., 2., 3., 4.], tf.constant([0, 3, 3, 4], tf.int64)), axis=1)
    //   -> [6., 0., 4.]; rt.row_splits -> int64 [0, 3, 3, 4]
    List<Object> expected = List.of(Tensor.ofFloats(6f, 0f, 4f), Tensor.ofLongs(0, 3, 3, 4), widened);
    assertEquals(expected, Harness.runEverywhere(graph, feeds)); // the interpreter and CompiledGraph.run
    assertEquals(expected, runBySessions(graph, feeds));
    assertEquals(DType.INT64, ((RaggedTensor) runBySessions(graph, feeds).get(2)).partition().splitsDType());
  }

  @Test
  void widening_coversPartitionsAndEveryNestedLevel_andLeavesFittingFeedsAlone() {
    GraphBuilder g = new GraphBuilder();
    Value p = g.placeholder("p", Types.parse("partition<int64>[None, (None)]"));
    Value nested = g.placeholder("n", Types.ragged(DType.INT32, 2));
    Graph graph = g.build(p.rowLengths(), nested.reduceSum(2));
    RaggedTensor twoLevels = RaggedTensor.ofNested(Tensor.ofInts(1, 2, 3, 4, 5),
        List.of(splits32(0, 2, 3), splits32(0, 1, 3, 5)));
    Map<String, Object> feeds = Map.of("p", splits32(0, 2, 5), "n", twoLevels);
    // partition.row_lengths() -> int64 [2, 3]; tf.reduce_sum(rt, axis=2) of [[[1], [2, 3]], [[4, 5]]] -> [[1, 5], [9]]
    RaggedTensor sums = RaggedTensor.of(Tensor.ofInts(1, 5, 9), RowPartition.fromRowSplits(new long[] {0, 2, 3}, DType.INT64, true));
    List<Object> expected = List.of(Tensor.ofLongs(2, 3), sums);
    assertEquals(expected, Harness.runEverywhere(graph, feeds));
    assertEquals(expected, runBySessions(graph, feeds));

    // a feed that fits is the one the run takes, not a copy
    RaggedTensor int64 = RaggedTensor.of(Tensor.ofInts(1), RowPartition.fromRowSplits(new long[] {0, 1}, DType.INT64, true));
    GraphBuilder h = new GraphBuilder();
    Value x = h.placeholder("x", Types.ragged(DType.INT32, 1));
    try (Session s = new Session(h.build(x))) {
      assertSame(int64, s.run(Map.of("x", int64), x).get(0));
    }
  }

  @Test
  void int64RowSplits_fedWhereThePlaceholderSaysInt32_areRefused() {
    GraphBuilder g = new GraphBuilder();
    Value rt = g.placeholder("rt", Types.ragged(DType.FLOAT32, 1, DType.INT32));
    Graph graph = g.build(rt.reduceSum(1));
    RaggedTensor fed = RaggedTensor.of(Tensor.ofFloats(1f), RowPartition.fromRowSplits(new long[] {0, 1}, DType.INT64, true));
    for (Session.Backend backend : Session.Backend.values()) {
      try (Session s = new Session(graph, dev.tatter.optimizer.PassManager.DEFAULT_PIPELINE, backend)) {
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> s.run(Map.of("rt", fed), graph.outputs()));
        assertTrue(e.getMessage().endsWith("does not match its type ragged<float32, splits=int32>[None, (None)]: "
            + "partition 0: row splits dtype int64 instead of int32"), e.getMessage());
      }
    }
  }

  @Test
  void aFetchMadeAfterBuild_isRefusedNamingItsOpCallSiteAndTheRemedy() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.dense(DType.INT32, -1));
    Graph graph = g.build(x.abs());
    try (Session session = new Session(graph)) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> session.run(Map.of("x", Tensor.ofInts(1, -2)), x.add(g.constant(Tensor.scalar(DType.INT32, 1)))));
      String message = e.getMessage();
      assertTrue(message.matches("fetch node #\\d+ \\(add\\) at SessionFeedsAndFetchesTest\\.java:\\d+ is not a node of "
          + "this session's graph: .*"), message);
      assertTrue(message.endsWith("build the graph with every value you fetch, g.build(..., fetch), then open the session on it"),
          message);
      // the remedy works: the same value, built into the graph
      Value plusOne = x.add(g.constant(Tensor.scalar(DType.INT32, 1)));
      try (Session rebuilt = new Session(g.build(plusOne))) {
        assertEquals(Tensor.ofInts(2, -1), rebuilt.run(Map.of("x", Tensor.ofInts(1, -2)), plusOne).get(0));
      }
    }
  }
}
