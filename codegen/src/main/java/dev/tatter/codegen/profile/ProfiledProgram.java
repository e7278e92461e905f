package dev.tatter.codegen.profile;

import dev.tatter.codegen.CompiledGraph;
import dev.tatter.codegen.CompilerOptions;
import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.runtime.exec.ProfileProbe;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.UnaryOperator;

/**
 * A fetch list compiled for profiling: a class of its own, generated like the ordinary one but
 * with a call of {@link ProfileProbe} before and after each node and with large loops split
 * through it, run with a {@link RunRecorder} installed on the calling thread. The node kernels and
 * fused loops are the ones the ordinary program runs (the probes sit between nodes, never inside
 * a loop), and the ordinary program is not touched: profiling costs nothing when it is off.
 * Thread-safe: each run records into its own recorder.
 */
public final class ProfiledProgram {
  /** What a profile says about a node, computed once per program rather than at every run. */
  record NodeInfo(String value, String op, String irLine, String source) {}

  /** IR lines longer than this (a large constant) are cut in profiles. */
  static final int MAX_IR_CHARS = 200;

  private final CompiledGraph program;
  private final CompileProfile compile;
  private final NodeInfo[] info;
  private final AtomicBoolean compileReported = new AtomicBoolean();

  private ProfiledProgram(CompiledGraph program, CompileProfile compile) {
    this.program = program;
    this.compile = compile;
    Graph graph = program.graph();
    Map<Node, String> names = GraphPrinter.valueNames(graph);
    this.info = new NodeInfo[graph.size()];
    for (Node node : graph.nodes()) {
      info[node.id()] = new NodeInfo(names.get(node), node.op().mnemonic(), irLine(node, names),
          node.location().toString());
    }
  }

  /** A node's line in a profile: as {@link GraphPrinter} prints it, cut past {@value #MAX_IR_CHARS} characters. */
  public static String irLine(Node node, Map<Node, String> names) {
    String line = GraphPrinter.formatNode(node, names);
    return line.length() <= MAX_IR_CHARS ? line : line.substring(0, MAX_IR_CHARS - 3) + "...";
  }

  /** Optimizes {@code fetchGraph} (whose outputs are the fetches) with {@code optimizer} and compiles it instrumented. */
  public static ProfiledProgram compile(Graph fetchGraph, UnaryOperator<Graph> optimizer, CompilerOptions options) {
    Compilation compilation = Compilation.compile(fetchGraph, optimizer, options, true);
    return new ProfiledProgram(compilation.program(), compilation.profile());
  }

  /** The instrumented program (its graph is the optimized graph the profiles name). */
  public CompiledGraph program() {
    return program;
  }

  /** The outputs of one run and its profile. */
  public record Run(List<Object> outputs, RunProfile profile) {}

  /**
   * Runs with feeds by placeholder name (checked as {@link CompiledGraph#run} checks them) and
   * profiles the run. The first run's profile carries the compile. A graph too large for a class
   * file runs in the interpreter (see {@link CompiledGraph#isInterpreted}) and has no per-node profile.
   */
  public Run run(Map<String, ?> feeds) {
    RunRecorder recorder = new RunRecorder(info);
    Thread thread = Thread.currentThread();
    long start;
    long wall;
    List<Object> outputs;
    ProfileProbe.Installed installed = ProfileProbe.install(recorder);
    try {
      start = System.nanoTime();
      outputs = program.run(feeds);
      wall = System.nanoTime() - start;
    } finally {
      installed.close(); // a failed run leaves the thread as it found it
    }
    Optional<CompileProfile> compiled = compileReported.compareAndSet(false, true) ? Optional.of(compile) : Optional.empty();
    return new Run(outputs, new RunProfile(program.graph(), compiled, thread.getId(), thread.getName(), start, wall,
        recorder.nodes()));
  }
}
