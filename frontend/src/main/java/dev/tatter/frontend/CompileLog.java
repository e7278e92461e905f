package dev.tatter.frontend;

import dev.tatter.codegen.CompiledGraph;
import dev.tatter.ir.Graph;
import java.util.function.Supplier;

/**
 * Compile events through the JDK's {@link System.Logger} (no logging dependency), logger {@code
 * dev.tatter.compile}, level {@code DEBUG}: each program a session compiles, with its graph's size,
 * the time optimizing and compiling took and how many programs the session holds. At the JDK's
 * default configuration (java.util.logging at INFO) nothing is printed; an application routes the
 * logger to its backend (SLF4J's and Log4j's {@code System.LoggerFinder} bridges do) or sets {@code
 * dev.tatter.compile.level = FINE} in a java.util.logging configuration. The optimizer's passes log
 * under {@code dev.tatter.optimizer}. When the level is off, a compile pays one {@code isLoggable} check.
 */
final class CompileLog {
  static final System.Logger LOG = System.getLogger("dev.tatter.compile");

  private CompileLog() {}

  /** Runs {@code compile} (optimize and compile {@code graph} for {@code fetches} fetches), logging it. */
  static CompiledGraph compiled(Graph graph, int fetches, int programsHeld, Supplier<CompiledGraph> compile) {
    if (!LOG.isLoggable(System.Logger.Level.DEBUG)) {
      return compile.get();
    }
    long start = System.nanoTime();
    CompiledGraph program = compile.get();
    long micros = (System.nanoTime() - start) / 1000;
    LOG.log(System.Logger.Level.DEBUG, "compiled a program of " + fetches + " fetch(es) from a graph of " + graph.size()
        + " nodes in " + micros + " us (optimizer and bytecode); the session held " + programsHeld
        + " program(s) before it");
    return program;
  }
}
