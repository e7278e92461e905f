package dev.tatter.optimizer;

import java.util.List;
import java.util.Map;
import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.base.Splitter;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import dev.tatter.ir.Graph;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * Runs a list of passes in order. Passes are named in kebab-case so that a pipeline parses from
 * a string ({@code "cse,dce"}) in tests and on the command line; a listener sees the graph after
 * each pass (for {@code --dump-after}).
 */
public final class PassManager {
  /** Every pass, by name. */
  public static final Map<String, Supplier<Pass>> PASSES =
      ImmutableMap.of(
          "cse", CsePass::new,
          "canonicalize", CanonicalizePass::new,
          "dce", DcePass::new,
          "fold", FoldPass::new,
          "fuse", FusePass::new);

  /**
   * What a {@code Session} runs before compiling. Dead nodes go first: folding re-checks a node
   * whose operands became constants, and a node that never runs must not fail the build (a dead
   * {@code partition_from_uniform_row_length} of folded sizes that do not multiply out did).
   */
  public static final String DEFAULT_PIPELINE = "dce,cse,canonicalize,fold,cse,canonicalize,cse,dce,fuse";

  private final ImmutableList<Pass> passes;

  /**
   * A manager running {@code passes} in order.
   *
   * @param passes the passes (copied)
   */
  public PassManager(List<Pass> passes) {
    this.passes = ImmutableList.copyOf(passes);
  }

  /** A manager for a comma-separated list of pass names; unknown names are an error listing the known ones. */
  public static PassManager parse(String pipeline) {
    ImmutableList.Builder<Pass> passes = ImmutableList.builder();
    for (String name : Splitter.on(',').trimResults().omitEmptyStrings().split(pipeline)) {
      Supplier<Pass> pass = PASSES.get(name);
      checkArgument(pass != null, "unknown pass '%s'; known passes: %s", name, PASSES.keySet());
      passes.add(pass.get());
    }
    return new PassManager(passes.build());
  }

  public List<Pass> passes() {
    return passes;
  }

  public Graph run(Graph graph) {
    return run(graph, (name, g) -> {});
  }

  /** Runs every pass, handing {@code afterEach} the pass name and the graph it produced. */
  public Graph run(Graph graph, BiConsumer<String, Graph> afterEach) {
    return runObserved(graph, (pass, g) -> afterEach.accept(pass.name(), g));
  }

  /** Like {@link #run(Graph, BiConsumer)}, handing over the pass itself (for its {@link Pass#remarks()}). */
  public Graph runObserved(Graph graph, BiConsumer<Pass, Graph> afterEach) {
    Graph current = graph;
    for (Pass pass : passes) {
      current = pass.run(current);
      afterEach.accept(pass, current);
    }
    return current;
  }

  /**
   * The IR after {@code pass} as {@code --dump-after} shows it: a header, the pass's remarks as
   * {@code #} comments (so the dump still parses), then the graph.
   */
  public static String dump(Pass pass, Graph graph) {
    StringBuilder out = new StringBuilder("# after ").append(pass.name()).append('\n');
    for (String remark : pass.remarks()) {
      out.append("# ").append(pass.name()).append(": ").append(remark).append('\n');
    }
    return out.append(dev.tatter.ir.text.GraphPrinter.print(graph)).toString();
  }
}
