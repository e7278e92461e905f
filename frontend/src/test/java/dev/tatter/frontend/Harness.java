package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.codegen.CompiledGraph;
import dev.tatter.codegen.Interpreter;
import dev.tatter.codegen.testing.BitExact;
import dev.tatter.codegen.testing.VerifiedCompile;
import dev.tatter.ir.Graph;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.optimizer.PassManager;
import java.util.List;
import java.util.Map;

/**
 * Runs a graph every way Tatter can and checks that all agree: the interpreter on the graph as
 * built (the oracle), the interpreter after the default optimizations, the compiled bytecode
 * (verified by ASM's CheckClassAdapter), and all of that again on the graph printed and parsed
 * back (which must print identically). Agreeing means bit for bit ({@link BitExact}).
 */
public final class Harness {
  private Harness() {}

  /** The graph's outputs, after checking that every backend and the text round trip agree. */
  public static List<Object> runEverywhere(Graph graph, Map<String, ?> feeds) {
    List<Object> oracle = Interpreter.run(graph, feeds);
    check(graph, feeds, oracle);
    String text = GraphPrinter.print(graph);
    Graph parsed = GraphParser.parse(text, "roundtrip.tat");
    assertEquals(text, GraphPrinter.print(parsed), "print(parse(print(g))) must equal print(g)");
    assertEquals(graph.nodes().stream().map(n -> n.type()).toList(), parsed.nodes().stream().map(n -> n.type()).toList(),
        "the parsed graph must have the same types");
    check(parsed, feeds, oracle);
    return oracle;
  }

  private static void check(Graph graph, Map<String, ?> feeds, List<Object> oracle) {
    Graph optimized = PassManager.parse(PassManager.DEFAULT_PIPELINE).run(graph);
    BitExact.assertSameBits(oracle, Interpreter.run(optimized, feeds), "interpreter after optimization");
    CompiledGraph unoptimized = VerifiedCompile.compile(graph);
    BitExact.assertSameBits(oracle, unoptimized.run(feeds), "bytecode, unoptimized");
    CompiledGraph compiled = VerifiedCompile.compile(optimized);
    BitExact.assertSameBits(oracle, compiled.run(feeds), "bytecode, optimized");
  }

  /** Fails unless ASM's CheckClassAdapter finds the generated class valid (codegen's {@link VerifiedCompile}). */
  public static void verify(CompiledGraph compiled) {
    VerifiedCompile.verify(compiled);
  }
}
