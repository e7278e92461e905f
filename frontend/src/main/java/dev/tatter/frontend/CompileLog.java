package dev.tatter.frontend;

import dev.tatter.codegen.CompiledGraph;
import dev.tatter.codegen.CompilerOptions;
import dev.tatter.codegen.profile.Compilation;
import dev.tatter.ir.Graph;
import dev.tatter.optimizer.PassManager;
import java.util.function.UnaryOperator;

/**
 * Compile events through the JDK's {@link System.Logger} (no logging dependency), at {@code
 * DEBUG}: logger {@code dev.tatter.compile} for each program a session compiles (its graph's
 * size, the time optimizing and compiling took, how many programs the session held), logger
 * {@code dev.tatter.optimizer} for each pass of that compile (its time, the node counts before and
 * after, its remarks). At the JDK's default configuration (java.util.logging at INFO) nothing is
 * printed; an application routes the loggers to its backend (SLF4J's and Log4j's {@code
 * System.LoggerFinder} bridges do) or sets {@code dev.tatter.level = FINE} in a java.util.logging
 * configuration. When the level is off, a compile pays two {@code isLoggable} checks.
 */
final class CompileLog {
  static final System.Logger COMPILE = System.getLogger("dev.tatter.compile");
  static final System.Logger PASSES = System.getLogger("dev.tatter.optimizer");
  private static final System.Logger.Level LEVEL = System.Logger.Level.DEBUG;

  private CompileLog() {}

  /** Optimizes {@code graph} with {@code passes} and compiles it, logging both; {@code programsHeld} is the session's count. */
  static CompiledGraph compile(PassManager passes, Graph graph, CompilerOptions options, int programsHeld) {
    boolean logCompile = COMPILE.isLoggable(LEVEL);
    long start = logCompile ? System.nanoTime() : 0;
    UnaryOperator<Graph> optimize = passes::run;
    if (PASSES.isLoggable(LEVEL)) {
      optimize = g -> {
        long[] last = {System.nanoTime()};
        int[] size = {g.size()};
        return passes.runObserved(g, (pass, after) -> {
          long now = System.nanoTime();
          String remarks = pass.remarks().isEmpty() ? "" : "; " + String.join("; ", pass.remarks());
          PASSES.log(LEVEL, "pass " + pass.name() + ": " + size[0] + " -> " + after.size() + " nodes in "
              + (now - last[0]) / 1000 + " us" + remarks);
          last[0] = now;
          size[0] = after.size();
        });
      };
    }
    // through Compilation, which times the phases for a dev.tatter.Compile JFR event (the program is the same)
    CompiledGraph program = Compilation.compile(graph, optimize, options, false).program();
    if (logCompile) {
      COMPILE.log(LEVEL, "compiled a program of " + graph.outputs().size() + " fetch(es) from a graph of " + graph.size()
          + " nodes in " + (System.nanoTime() - start) / 1000 + " us (optimizer and bytecode); the session held "
          + programsHeld + " program(s) before it");
    }
    return program;
  }
}
