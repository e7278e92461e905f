package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.codegen.FeedChecker;
import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A warm-up runs the program on synthetic feeds of the placeholders' types (or a sample) and leaves it working. */
class WarmUpTest {
  @Test
  void syntheticFeeds_fitEveryPlaceholderType_withTheGraphsOwnWords() {
    Graph graph = dev.tatter.ir.text.GraphParser.parse("""
        %d = placeholder() : tensor<float32>[None, 3]
        %i = placeholder() : tensor<int64>[2, None]
        %r = placeholder() : ragged<int32>[None, (None), (None)]
        %u = placeholder() : ragged<float64>[None, 2, (None), 4]
        %s = placeholder() : sparse<float32>[None, 5]
        %p = placeholder() : partition<int32>[None, (None)]
        %t = placeholder() : tensor<string>[None]
        %k = hash_table_lookup(%t) {default_value = tensor<int64>[] -1, table_keys = tensor<string>[3] ["apple", "banana", "orange"], table_values = tensor<int64>[3] [0, 1, 2]} : tensor<int64>[None]
        return %k
        """, "synthetic.tat");
    List<String> words = SyntheticFeeds.graphWords(graph);
    assertEquals(List.of("apple", "banana", "orange"), words);
    for (SyntheticFeeds.Fill fill : SyntheticFeeds.Fill.values()) {
      for (int rows : new int[] {0, 1, 7}) {
        Map<String, Object> feeds = SyntheticFeeds.of(graph.placeholders(), rows, fill, words);
        for (Node p : graph.placeholders()) {
          assertNull(FeedChecker.mismatch(p.type(), feeds.get(p.name().orElseThrow())), p + " " + fill + " " + rows);
        }
      }
    }
    Tensor text = (Tensor) SyntheticFeeds.of(graph.placeholders(), 8, SyntheticFeeds.Fill.VARIED, words).get("t");
    String all = String.join(" ", text.toStringArray());
    assertTrue(all.contains("apple") || all.contains("banana") || all.contains("orange"), all);
    assertTrue(all.contains("q"), all); // and words no table holds
  }

  @Test
  void runnerWarmUp_runsTheSyntheticSizes_andTheRunnerStillGivesTheRightResults() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.ragged(DType.FLOAT32, 1));
    Value y = x.mul(2f).add(1f).reduceSum(1);
    try (Session session = new Session(g.build())) {
      Runner runner = session.runner(y);
      WarmUp w = runner.warmUp(Duration.ofMillis(50));
      assertTrue(w.runs() >= 4, w.toString()); // the four synthetic sizes at least, whatever the budget
      // tf.reduce_sum(x * 2 + 1, axis=1) on [[1, 2], [], [3]] -> [8, 0, 7]
      assertEquals(Tensor.ofFloats(8f, 0f, 7f), runner.run(Map.of("x", RaggedTensor.fromNested(new float[][] {{1f, 2f}, {}, {3f}}))).get(0));
      WarmUp sample = runner.warmUp(Map.of("x", RaggedTensor.fromNested(new float[][] {{1f}})), Duration.ofMillis(20));
      assertTrue(sample.runs() >= 1, sample.toString());
      assertTrue(session.warmUp(List.of(y.node()), Duration.ofMillis(20)).runs() >= 4);
    }
  }

  @Test
  void aBadSample_failsAsRunFails_andSyntheticFeedsTheGraphCannotRun_nameTheWayOut() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.dense(DType.INT32, -1));
    Value q = g.ops().math.floordiv(7, x);
    try (Session session = new Session(g.build())) {
      Runner runner = session.runner(q);
      InvalidArgumentException synthetic = assertThrows(InvalidArgumentException.class, () -> runner.warmUp(Duration.ofMillis(50)));
      assertTrue(synthetic.getMessage().contains("warm up with a sample of real feeds instead: runner.warmUp(feeds)"),
          synthetic.getMessage());
      assertThrows(InvalidArgumentException.class, () -> runner.warmUp(Map.of("x", Tensor.ofInts(0))));
      // a good sample warms up; tf.math.floordiv(7, [2, -2]) -> [3, -4]
      assertFalse(runner.warmUp(Map.of("x", Tensor.ofInts(2, -2)), Duration.ofMillis(20)).runs() < 1);
      assertEquals(Tensor.ofInts(3, -4), runner.run(Map.of("x", Tensor.ofInts(2, -2))).get(0));
    }
  }

  @Test
  void compileQueueListing_isEmptyOnlyWithoutAMethod() {
    assertTrue(CompileQueue.isEmpty("Current compiles: \n\nC1 compile queue:\nEmpty\n\nC2 compile queue:\nEmpty\n"));
    assertFalse(CompileQueue.isEmpty("Current compiles: \nC2 CompilerThread0  1255   !   4       a.B::c (497 bytes)\n"
        + "C1 compile queue:\nEmpty\n"));
    assertFalse(CompileQueue.isEmpty("C1 compile queue:\n1460       2       a.B::equal (23 bytes)\n"));
  }
}
