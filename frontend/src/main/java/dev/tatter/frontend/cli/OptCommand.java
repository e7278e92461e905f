package dev.tatter.frontend.cli;

import dev.tatter.ir.Graph;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.optimizer.Pass;
import dev.tatter.optimizer.PassManager;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code tatter opt FILE --passes=cse,dce --dump-after=all}: the IR after each pass, or after the last. */
@Command(
    name = "opt",
    mixinStandardHelpOptions = true,
    description = {
        "Runs optimization passes over a graph and prints its IR.",
        "",
        "Prints the IR after the last pass, or after each pass that --dump-after",
        "names ('all' for every pass). Each dump starts with a '// after PASS'",
        "comment line and the pass's remarks (why it did or did not rewrite,",
        "e.g. fusion decisions) as '# PASS: ...' comments, so each parses back",
        "on its own.",
        ""})
final class OptCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  GraphOptions graphOptions;

  @Option(names = "--dump-after", paramLabel = "PASS|all", description = "print the IR after this pass (or after every pass)")
  String dumpAfter;

  @Override
  public Integer call() throws IOException {
    Graph graph = graphOptions.graph();
    PassManager pipeline = graphOptions.pipeline(spec.commandLine());
    if (dumpAfter != null && !dumpAfter.equals("all")
        && pipeline.passes().stream().map(Pass::name).noneMatch(dumpAfter::equals)) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--dump-after: pass '" + dumpAfter
          + "' is not in the pipeline " + pipeline.passes().stream().map(Pass::name).toList());
    }
    PrintWriter out = spec.commandLine().getOut();
    int[] index = {0};
    boolean[] dumped = {false};
    Graph result = pipeline.runObserved(graph, (pass, g) -> {
      index[0]++;
      String name = pass.name();
      if (dumpAfter != null && (dumpAfter.equals("all") || dumpAfter.equals(name))) {
        out.println("// after " + name + " (pass " + index[0] + " of " + pipeline.passes().size() + ")");
        for (String remark : pass.remarks()) {
          out.println("# " + name + ": " + remark);
        }
        out.print(GraphPrinter.print(g));
        dumped[0] = true;
      }
    });
    if (!dumped[0]) { // no --dump-after, or an empty pipeline: the graph as it ends up
      out.print(GraphPrinter.print(result));
    }
    return 0;
  }
}
