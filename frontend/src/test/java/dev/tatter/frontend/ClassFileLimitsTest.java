package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import dev.tatter.ir.SourceLocation;
import dev.tatter.ir.ops.CoreOps;
import dev.tatter.ir.ops.IndexingOps;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A graph past the class file's limits (too many constants for one class, a fused loop too long
 * for one method) runs in the interpreter behind the compiled interface: the same results, never
 * ClassTooLargeException or MethodTooLargeException out of a run.
 */
class ClassFileLimitsTest {
  @Test
  void aFusedNodeTooLongForOneMethod_stillRuns() {
    StringBuilder expr = new StringBuilder("add($0, $0)");
    for (int k = 1; k < 20_000; k++) {
      expr.append("; add(#").append(k - 1).append(", $0)");
    }
    Graph graph = GraphParser.parse("%x = placeholder() : tensor<int32>[None]\n%0 = fused(%x) {expr = \"" + expr
        + "\"} : tensor<int32>[None]\nreturn %0\n", "long.tat");
    Map<String, Object> feeds = Map.of("x", Tensor.ofInts(1, -3, Integer.MAX_VALUE));
    try (Session compiled = new Session(graph, "", Session.Backend.COMPILED);
        Session interpreted = new Session(graph, "", Session.Backend.INTERPRETED)) {
      assertTrue(compiled.compiled(graph.outputs()).isInterpreted());
      // 20,001 additions of x: x * 20001, wrapping as int32 does
      assertEquals(Tensor.ofInts(20001, -60003, Integer.MAX_VALUE * 20001), compiled.run(feeds, graph.outputs()).get(0));
      assertEquals(interpreted.run(feeds, graph.outputs()).get(0), compiled.run(feeds, graph.outputs()).get(0));
      // a runner over the interpreted fallback: the same results, run after run, nothing kept
      Runner runner = compiled.runner(graph.outputs());
      Result first = runner.run(feeds);
      Result second = runner.run(Map.of("x", Tensor.ofInts(2)));
      assertEquals(Tensor.ofInts(20001, -60003, Integer.MAX_VALUE * 20001), first.get(0));
      assertEquals(Tensor.ofInts(40002), second.get(0));
      assertEquals(0, runner.keptArrays());
    }
  }

  @Test
  void aGraphWithMoreConstantsThanOneClassHolds_stillRuns() {
    // built with the IR's builder directly (the fluent API's call-site lookup would dominate the test's time)
    Graph.Builder b = Graph.builder();
    Node x = b.add(CoreOps.PLACEHOLDER, List.of(), Map.of(), "x", SourceLocation.UNKNOWN, Types.dense(DType.INT64, -1));
    Node y = x;
    for (int i = 0; i < 100_000; i++) {
      // x[:] a hundred thousand times: a cheap kernel per node, and each node's id a constant of the class
      y = b.add(IndexingOps.GETITEM, List.of(y), Map.of("key", ":"), null, SourceLocation.UNKNOWN, null);
    }
    b.addOutput(y);
    Graph graph = b.build();
    try (Session compiled = new Session(graph, "", Session.Backend.COMPILED)) {
      // tf.constant([1, 2])[:][:]... -> [1, 2]
      assertEquals(Tensor.ofLongs(1, 2), compiled.run(Map.of("x", Tensor.ofLongs(1, 2)), graph.outputs()).get(0));
      assertTrue(compiled.compiled(graph.outputs()).isInterpreted());
    }
    GraphBuilder small = new GraphBuilder();
    Value z = small.placeholder("x", Types.dense(DType.INT64, -1)).add(1L);
    try (Session s = new Session(small.build(z))) {
      assertFalse(s.compiled(List.of(z.node())).isInterpreted());
    }
  }
}
