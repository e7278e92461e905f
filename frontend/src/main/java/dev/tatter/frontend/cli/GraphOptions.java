package dev.tatter.frontend.cli;

import dev.tatter.ir.Graph;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.optimizer.PassManager;
import java.io.IOException;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** What every command shares: the graph file and the pass pipeline. */
final class GraphOptions {
  @Parameters(index = "0", paramLabel = "FILE", description = "a graph in the textual IR (.tat)")
  Path file;

  @Option(names = "--passes", paramLabel = "LIST", defaultValue = PassManager.DEFAULT_PIPELINE,
      completionCandidates = KnownPasses.class,
      description = "comma-separated passes to run, empty for none (default: ${DEFAULT-VALUE}; known: ${COMPLETION-CANDIDATES})")
  String passes;

  /** The registered pass names, listed by {@code --help}. */
  static final class KnownPasses implements Iterable<String> {
    @Override
    public java.util.Iterator<String> iterator() {
      return PassManager.PASSES.keySet().iterator();
    }
  }

  /** The parsed graph; a file that cannot be read or does not parse is an error (exit code 1). */
  Graph graph() throws IOException {
    return GraphParser.parse(InputFiles.read(file, ""), file.toString());
  }

  /** The pipeline; an unknown pass name is a usage error (exit code 2). */
  PassManager pipeline(CommandLine commandLine) {
    try {
      return PassManager.parse(passes);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(commandLine, "--passes: " + e.getMessage());
    }
  }
}
