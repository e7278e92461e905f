package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.codegen.testing.BitExact;
import dev.tatter.codegen.BytecodeCompiler;
import dev.tatter.codegen.Interpreter;
import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.ir.types.Type;
import dev.tatter.optimizer.PassManager;
import dev.tatter.runtime.InvalidArgumentException;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/** Properties of random well-typed graphs (see {@link RandomGraphs}). */
class RandomGraphPropertyTest {

  @Property(tries = 150, seed = "77")
  void anyGraph_printParsePrint_isIdenticalAndKeepsEveryType(@ForAll("graphs") Graph g) {
    String text = GraphPrinter.print(g);
    Graph parsed = GraphParser.parse(text, "random.tat");
    assertEquals(text, GraphPrinter.print(parsed));
    assertEquals(types(g), types(parsed), text);
    assertEquals(g.outputs().stream().map(Node::id).toList(), parsed.outputs().stream().map(Node::id).toList());
  }

  @Property(tries = 80, seed = "78")
  void anyRunnableGraph_runsAlikeEverywhere(@ForAll("runnableGraphs") Graph g) {
    List<Object> oracle;
    try {
      oracle = Interpreter.run(g, Map.of());
    } catch (InvalidArgumentException e) {
      // a run-time error (two partitions that differ): every backend must report it too
      assertThrows(InvalidArgumentException.class, () -> BytecodeCompiler.compile(g).run(Map.of()), GraphPrinter.print(g));
      return;
    }
    BitExact.assertSameBits(oracle, Harness.runEverywhere(g, Map.of()), GraphPrinter.print(g));
  }

  @Test
  void generator_coversEveryRegisteredOp() {
    java.util.Set<String> seen = new java.util.TreeSet<>();
    Random random = new Random(1);
    // ~90 ops, some needing specific operands: enough graphs that each is drawn many times
    java.util.Set<String> all = new java.util.TreeSet<>();
    dev.tatter.ir.ops.OpRegistry.ALL.forEach(op -> all.add(op.mnemonic()));
    // up to 40000 graphs (stopping once every op was drawn): with ~100 ops, 1000 was too few; with ~190, 3000;
    // with ~240, 8000 missed unsorted_segment_sum; with ~430, 12000 missed one op or another as the stream moved
    for (int i = 0; i < 40000 && !seen.equals(all); i++) {
      RandomGraphs.generate(random, 15, i % 2 == 0).nodes().forEach(n -> seen.add(n.op().mnemonic()));
    }
    assertEquals(all, seen, "ops the generator never produced need an OpStrategy in RandomGraphs.STRATEGIES");
  }

  @Test
  void generatedGraphs_areReasonablyLarge() {
    Random random = new Random(2);
    int total = 0;
    for (int i = 0; i < 50; i++) {
      total += RandomGraphs.generate(random, 15, false).size();
    }
    assertTrue(total / 50 >= 10, "average graph size " + total / 50);
  }

  @Provide
  Arbitrary<Graph> graphs() {
    return RandomGraphs.graphs(15);
  }

  @Provide
  Arbitrary<Graph> runnableGraphs() {
    return RandomGraphs.runnableGraphs(12);
  }

  private static List<Type> types(Graph g) {
    return g.nodes().stream().map(Node::type).toList();
  }
}
