package dev.tatter.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.codegen.testing.VerifiedCompile;
import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import dev.tatter.ir.SourceLocation;
import dev.tatter.ir.ops.CoreOps;
import dev.tatter.ir.ops.ElementwiseOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.exec.FusedSupport;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A graph with more loops than one dispatch method holds: the pool's tasks reach a loop through
 * {@code loop(k, ...)}, which then switches in two levels (groups of 256). A large input makes
 * the last loop — number 300, in the second group — split across the pool, so the two-level
 * dispatch runs, and its result must equal the interpreter's.
 */
class LoopDispatchTest {
  @Test
  void aLoopBeyondTheFirstDispatchGroup_runsSplitAcrossThePool() {
    Graph.Builder b = Graph.builder();
    DenseType vector = new DenseType(DType.FLOAT32, com.google.common.collect.ImmutableList.of(Dims.UNKNOWN));
    Node small = b.add(CoreOps.PLACEHOLDER, List.of(), Map.of(), "small", SourceLocation.UNKNOWN, vector);
    Node big = b.add(CoreOps.PLACEHOLDER, List.of(), Map.of(), "big", SourceLocation.UNKNOWN, vector);
    Node acc = small;
    for (int i = 0; i < 300; i++) {
      // unoptimized, each add is a loop of its own
      acc = b.add(ElementwiseOps.ADD, List.of(acc, small), Map.of(), null, null, null);
    }
    Node squares = b.add(ElementwiseOps.MUL, List.of(big, big), Map.of(), null, null, null);
    b.addOutput(acc);
    b.addOutput(squares);
    Graph graph = b.build();

    int n = FusedSupport.PARALLEL_THRESHOLD + 7;
    float[] values = new float[n];
    for (int i = 0; i < n; i++) {
      values[i] = (i % 1000) * 0.5f - 17;
    }
    Map<String, Tensor> feeds = Map.of("small", Tensor.ofFloats(1, -2), "big", Tensor.ofFloats(values));
    CompiledGraph compiled = VerifiedCompile.compile(graph);
    assertTrue(compiled.bytecodeListing().contains("loopGroup1"), "the loops must span two dispatch groups");
    List<Object> out = compiled.run(feeds);
    assertEquals(Interpreter.run(graph, feeds), out);
    assertEquals("[301.0, -602.0]", out.get(0).toString());
    assertEquals(289.0f, ((float[]) ((Tensor) out.get(1)).data())[0]);
  }
}
