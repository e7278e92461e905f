package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import dev.tatter.codegen.CompiledGraph;
import dev.tatter.codegen.FeedChecker;
import dev.tatter.codegen.Interpreter;
import dev.tatter.codegen.testing.BitExact;
import dev.tatter.codegen.testing.VerifiedCompile;
import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.optimizer.PassManager;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.exec.BufferPool;
import dev.tatter.runtime.exec.OutputBuffers;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Runs a graph every way Tatter can and checks that all agree: the interpreter on the graph as
 * built (the oracle), the interpreter after the default optimizations, the compiled bytecode
 * (verified by ASM's CheckClassAdapter), and all of that again on the graph printed and parsed
 * back (which must print identically). Agreeing means bit for bit ({@link BitExact}). Every
 * result must also fit the static type of the node it comes from, in the graph that computed it
 * (dtype, rank, every known dim, ragged_rank and uniform row lengths, as {@link FeedChecker} reads
 * a type): type inference is what later passes and the generated code trust, so a kernel
 * returning a value of another type fails every test that runs it, even when all backends agree.
 */
public final class Harness {
  private Harness() {}

  /** The graph's outputs, after checking that every backend and the text round trip agree. */
  public static List<Object> runEverywhere(Graph graph, Map<String, ?> feeds) {
    List<Object> oracle = Interpreter.run(graph, feeds);
    assertFitTypes(graph, oracle, "interpreter");
    check(graph, feeds, oracle);
    String text = GraphPrinter.print(graph);
    Graph parsed = GraphParser.parse(text, "roundtrip.tat");
    assertEquals(text, GraphPrinter.print(parsed), "print(parse(print(g))) must equal print(g)");
    assertEquals(graph.nodes().stream().map(n -> n.type()).toList(), parsed.nodes().stream().map(n -> n.type()).toList(),
        "the parsed graph must have the same types");
    check(parsed, feeds, oracle);
    return oracle;
  }

  /** The text of the graph's one output {@code out}, run everywhere (as {@link #runEverywhere}) without feeds. */
  public static String runFirst(GraphBuilder g, Value out) {
    return runFirst(g, out, Map.of());
  }

  /** The text of the graph's one output {@code out}, run everywhere (as {@link #runEverywhere}) with {@code feeds}. */
  public static String runFirst(GraphBuilder g, Value out, Map<String, ?> feeds) {
    return runEverywhere(g.build(out), feeds).get(0).toString();
  }

  /**
   * The message of the {@link InvalidArgumentException} that running the graph of {@code out}
   * without feeds throws (the first backend to run it, the interpreter, must throw it).
   */
  public static String runtimeError(GraphBuilder g, Value out) {
    return runtimeError(g, out, Map.of());
  }

  /** As {@link #runtimeError(GraphBuilder, Value)}, with {@code feeds}. */
  public static String runtimeError(GraphBuilder g, Value out, Map<String, ?> feeds) {
    return assertThrows(InvalidArgumentException.class, () -> runEverywhere(g.build(out), feeds)).getMessage();
  }

  /**
   * The message of the {@link InvalidArgumentException} that a {@link Session} of the graph of
   * {@code out} throws when it runs with {@code feeds} (the session is closed after).
   */
  public static String sessionError(GraphBuilder g, Value out, Map<String, ?> feeds) {
    try (Session s = new Session(g.build(out))) {
      return assertThrows(InvalidArgumentException.class, () -> s.run(feeds, out)).getMessage();
    }
  }

  private static void check(Graph graph, Map<String, ?> feeds, List<Object> oracle) {
    Graph optimized = PassManager.parse(PassManager.DEFAULT_PIPELINE).run(graph);
    List<Object> optimizedValues = Interpreter.run(optimized, feeds);
    BitExact.assertSameBits(oracle, optimizedValues, "interpreter after optimization");
    assertFitTypes(optimized, optimizedValues, "interpreter after optimization");
    CompiledGraph unoptimized = VerifiedCompile.compile(graph);
    List<Object> unoptimizedValues = unoptimized.run(feeds);
    BitExact.assertSameBits(oracle, unoptimizedValues, "bytecode, unoptimized");
    assertFitTypes(graph, unoptimizedValues, "bytecode, unoptimized");
    CompiledGraph compiled = VerifiedCompile.compile(optimized);
    List<Object> compiledValues = compiled.run(feeds);
    BitExact.assertSameBits(oracle, compiledValues, "bytecode, optimized");
    assertFitTypes(optimized, compiledValues, "bytecode, optimized");
    checkRunners(compiled, feeds, oracle);
  }

  /**
   * Runs the program as two runners sharing one unbounded pool do (their loops' outputs kept,
   * intermediates pooled as the program's liveness allows, then reused by the other runner): each
   * run's results must be the oracle's, and the first runner's results must still be after the
   * other runner's runs have taken every intermediate it pooled (a result holding a pooled array
   * would be overwritten).
   */
  private static void checkRunners(CompiledGraph compiled, Map<String, ?> given, List<Object> oracle) {
    // admitted as Session.checkFeeds admits them before a runner's run (narrower row splits widened)
    Map<String, Object> feeds = new java.util.HashMap<>(given);
    for (Node placeholder : compiled.feedNodes()) {
      String name = placeholder.name().orElseThrow();
      if (given.get(name) != null) {
        feeds.put(name, dev.tatter.codegen.FeedChecker.admit(placeholder, given.get(name)));
      }
    }
    BufferPool pool = new BufferPool(Long.MAX_VALUE);
    OutputBuffers first = new OutputBuffers(pool);
    OutputBuffers second = new OutputBuffers(pool);
    List<Object> held = Arrays.asList(compiled.runPrechecked(feeds, first));
    BitExact.assertSameBits(oracle, held, "bytecode, optimized, first runner");
    for (int run = 0; run < 2; run++) {
      BitExact.assertSameBits(oracle, Arrays.asList(compiled.runPrechecked(feeds, second)),
          "bytecode, optimized, second runner, run " + run);
    }
    BitExact.assertSameBits(oracle, held, "bytecode, optimized, the first runner's results after the second's runs");
    BitExact.assertSameBits(oracle, Arrays.asList(compiled.runPrechecked(feeds, first)),
        "bytecode, optimized, first runner again");
  }

  /**
   * Fails unless each of {@code values} fits the static type of the matching output of
   * {@code graph}; the message names the backend, the node, its op and type, and what differs.
   */
  public static void assertFitTypes(Graph graph, List<Object> values, String backend) {
    List<Node> outputs = graph.outputs();
    assertEquals(outputs.size(), values.size(), backend + ": one value per output");
    for (int i = 0; i < outputs.size(); i++) {
      Node node = outputs.get(i);
      String mismatch = FeedChecker.mismatch(node.type(), values.get(i));
      if (mismatch != null) {
        fail(backend + ": output " + i + ", " + node.describe() + ", does not fit its type "
            + node.type() + ": " + mismatch);
      }
    }
  }

  /** Fails unless ASM's CheckClassAdapter finds the generated class valid (codegen's {@link VerifiedCompile}). */
  public static void verify(CompiledGraph compiled) {
    VerifiedCompile.verify(compiled);
  }
}
