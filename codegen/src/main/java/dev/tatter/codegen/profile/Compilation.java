package dev.tatter.codegen.profile;

import dev.tatter.codegen.BytecodeCompiler;
import dev.tatter.codegen.CompiledGraph;
import dev.tatter.codegen.CompilerOptions;
import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import dev.tatter.ir.text.GraphPrinter;
import java.util.Map;
import java.util.function.UnaryOperator;
import jdk.jfr.FlightRecorder;

/**
 * Optimizes and compiles one fetch list, timing each phase, and commits a {@code dev.tatter.Compile}
 * JFR event when a recording enables it. Compiling is where this costs anything: a run of the
 * program it returns is not observed.
 *
 * @param program the compiled program
 * @param profile how long each phase took
 */
public record Compilation(CompiledGraph program, CompileProfile profile) {
  /**
   * Compiles {@code fetchGraph} (a graph whose outputs are the fetches) after {@code optimizer};
   * {@code instrumented} compiles it for profiling (see {@link ProfiledProgram}).
   */
  public static Compilation compile(Graph fetchGraph, UnaryOperator<Graph> optimizer, CompilerOptions options,
      boolean instrumented) {
    // Creating the first event of a JVM loads and registers JFR's machinery (about 0.1 s, a third of a short
    // `tatter run`); with no recorder initialized no recording exists that could take the event, so none is made.
    // A recording started during this one compile misses its event, as one started after it would.
    TatterEvents.Compile event = FlightRecorder.isInitialized() ? new TatterEvents.Compile() : null;
    if (event != null) {
      event.begin();
    }
    long start = System.nanoTime();
    Graph optimized = optimizer.apply(fetchGraph);
    long optimize = System.nanoTime() - start;
    BytecodeCompiler.Timed timed = BytecodeCompiler.compileTimed(optimized, options, instrumented);
    if (event != null) {
      event.end();
    }
    Thread thread = Thread.currentThread();
    CompileProfile profile = new CompileProfile(fetches(fetchGraph), thread.getId(), thread.getName(), start, optimize,
        timed.codegenNanos(), timed.defineNanos());
    if (event != null && event.shouldCommit()) {
      event.fetches = profile.fetches();
      event.instrumented = instrumented;
      event.nodes = optimized.size();
      event.optimize = optimize;
      event.codegen = timed.codegenNanos();
      event.defineClass = timed.defineNanos();
      event.commit();
    }
    return new Compilation(timed.program(), profile);
  }

  /** The outputs' printed names, as {@link GraphPrinter#valueNames} gives them, without naming every node. */
  static String fetches(Graph graph) {
    Map<Node, String> names = new java.util.IdentityHashMap<>();
    for (Node output : graph.outputs()) {
      names.put(output, null);
    }
    int unnamed = 0;
    for (Node node : graph.nodes()) {
      boolean hasName = node.name().isPresent();
      if (names.containsKey(node)) {
        names.put(node, "%" + (hasName ? node.name().get() : String.valueOf(unnamed)));
      }
      if (!hasName) {
        unnamed++;
      }
    }
    return String.join(", ", graph.outputs().stream().map(names::get).toList());
  }
}
