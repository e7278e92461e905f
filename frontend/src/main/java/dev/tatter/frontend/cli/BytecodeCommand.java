package dev.tatter.frontend.cli;

import dev.tatter.codegen.BytecodeCompiler;
import dev.tatter.frontend.cli.TatterCommand.CliException;
import dev.tatter.ir.Graph;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code tatter bytecode FILE}: the class generated for the graph, as ASM's Textifier prints it. */
@Command(
    name = "bytecode",
    mixinStandardHelpOptions = true,
    description = {
        "Prints the JVM class a graph compiles to (ASM's Textifier listing).",
        "",
        "The graph is optimized with --passes first, as 'run' does.",
        ""})
final class BytecodeCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  GraphOptions graphOptions;

  @Override
  public Integer call() throws IOException {
    Graph graph = graphOptions.graph();
    if (graph.outputs().isEmpty()) {
      throw new CliException(graphOptions.file + ": the graph returns nothing, so nothing would be compiled; "
          + "end it with a return line");
    }
    Graph optimized = graphOptions.pipeline(spec.commandLine()).run(graph);
    spec.commandLine().getOut().print(BytecodeCompiler.compile(optimized).bytecodeListing());
    return 0;
  }
}
