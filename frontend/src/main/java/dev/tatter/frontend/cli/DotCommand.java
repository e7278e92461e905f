package dev.tatter.frontend.cli;

import dev.tatter.frontend.cli.TatterCommand.CliException;
import dev.tatter.codegen.profile.ProfiledProgram;
import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.ir.text.DotPrinter;
import dev.tatter.optimizer.Pass;
import dev.tatter.optimizer.PassManager;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code tatter dot FILE [--after=PASS] [--profile TRACE.json] [--png OUT | --svg OUT]}: the graph as a
 * Graphviz picture, optionally coloured by a profiled run.
 */
@Command(
    name = "dot",
    mixinStandardHelpOptions = true,
    description = {
        "Draws a graph: Graphviz DOT text, or a PNG or SVG picture.",
        "",
        "A box per node (value, op and attributes), an edge per operand labelled",
        "with its static type; placeholders are drawn as inputs and returned",
        "values with a double border. --png and --svg render the picture with",
        "Graphviz's 'dot' program, which must be installed (apt-get install",
        "graphviz); otherwise the DOT text goes to standard output or -o OUT.",
        "--profile TRACE.json (from tatter run --trace) fills each node by its",
        "share of the run's time, white to red.",
        ""})
final class DotCommand implements Callable<Integer> {
  /** Where to look for Graphviz when it is not on the PATH; tests point this at a missing file. */
  static final String DOT_PROGRAM_PROPERTY = "tatter.dot";

  /** How long Graphviz may render, in seconds (default 60); tests shorten it. */
  static final String DOT_TIMEOUT_PROPERTY = "tatter.dot.timeoutSeconds";

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  GraphOptions graphOptions;

  @Option(names = "--after", paramLabel = "PASS|all",
      description = "draw the graph after this pass of the --passes pipeline (after all of it for 'all'); default: as written")
  String after;

  @Option(names = "--png", paramLabel = "OUT", description = "render a PNG picture to OUT with Graphviz")
  Path png;

  @Option(names = "--svg", paramLabel = "OUT", description = "render an SVG picture to OUT with Graphviz")
  Path svg;

  @Option(names = "--profile", paramLabel = "TRACE.json",
      description = "colour each node by its share of the run profiled in TRACE.json (from tatter run --trace); "
          + "draws the graph after the whole --passes pipeline, as it ran")
  Path profile;

  @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "write the DOT text to OUT instead of standard output")
  Path output;

  @Override
  public Integer call() throws IOException, InterruptedException {
    Graph graph = graphOptions.graph();
    if (after != null) {
      PassManager pipeline = graphOptions.pipeline(spec.commandLine());
      List<String> names = pipeline.passes().stream().map(Pass::name).toList();
      if (!after.equals("all") && !names.contains(after)) {
        throw new CommandLine.ParameterException(spec.commandLine(), "--after: pass '" + after
            + "' is not in the pipeline " + names);
      }
      int stop = after.equals("all") ? names.size() : names.indexOf(after) + 1;
      graph = new PassManager(com.google.common.collect.ImmutableList.copyOf(pipeline.passes().subList(0, stop))).run(graph);
    }
    String title = graphOptions.file.getFileName().toString() + (after == null ? "" : " after " + after);
    Map<Node, Double> shares = Map.of();
    if (profile != null) {
      if (after != null && !after.equals("all")) {
        throw new CommandLine.ParameterException(spec.commandLine(),
            "--profile draws the graph as it ran, after all passes; drop --after " + after);
      }
      if (after == null) {
        graph = graphOptions.pipeline(spec.commandLine()).run(graph);
      }
      shares = sharesOf(graph, ProfileOutput.sharesByIrLine(profile));
      title = graphOptions.file.getFileName().toString() + " profiled";
    }
    String dot = DotPrinter.print(graph, title, shares);
    if (png == null && svg == null && output == null) {
      spec.commandLine().getOut().print(dot);
      return 0;
    }
    Map<Path, String> inputs = new java.util.LinkedHashMap<>();
    inputs.put(graphOptions.file, "the graph");
    if (profile != null) {
      inputs.put(profile, "--profile");
    }
    for (Path out : new Path[] {output, png, svg}) {
      OutputFiles.checkWritable(out, inputs);
    }
    if (output != null) {
      OutputFiles.write(output, out -> out.write(dot.getBytes(StandardCharsets.UTF_8)));
    }
    if (png != null) {
      render(dot, "png", png);
    }
    if (svg != null) {
      render(dot, "svg", svg);
    }
    return 0;
  }

  private void render(String dot, String format, Path out) throws IOException, InterruptedException {
    Path program = findDot().orElseThrow(() -> new CliException("cannot render " + out + ": Graphviz's 'dot' program "
        + "is not installed (not found on the PATH). Install Graphviz (e.g. apt-get install graphviz), or write "
        + "the DOT text with 'tatter dot FILE -o graph.dot' and render it elsewhere."));
    long timeout = Long.getLong(DOT_TIMEOUT_PROPERTY, 60);
    // dot's messages go to a file, not a pipe: reading a pipe to its end before waiting would wait
    // as long as dot runs, whatever the timeout
    Path messagesFile = Files.createTempFile("tatter-dot", ".log");
    try {
      Process process = new ProcessBuilder(program.toString(), "-T" + format, "-o", out.toString())
          .redirectErrorStream(true).redirectOutput(messagesFile.toFile()).start();
      // the input is written by another thread, so a dot that never reads it cannot block the timeout
      IOException[] writeFailure = new IOException[1];
      byte[] input = dot.getBytes(StandardCharsets.UTF_8);
      Thread writer = new Thread(() -> {
        try (OutputStream in = process.getOutputStream()) {
          in.write(input);
        } catch (IOException e) {
          // dot exited before reading its input (e.g. an unsupported format): its exit code and
          // messages below say why, which "Stream closed" would hide
          writeFailure[0] = e;
        }
      }, "tatter-dot-input");
      writer.setDaemon(true);
      writer.start();
      if (!process.waitFor(timeout, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new CliException("Graphviz's dot did not finish within " + timeout + " seconds rendering " + out);
      }
      writer.join(TimeUnit.SECONDS.toMillis(5));
      String messages = dev.tatter.runtime.Messages.printable(
          new String(Files.readAllBytes(messagesFile), StandardCharsets.UTF_8).strip());
      if (process.exitValue() != 0) {
        throw new CliException("Graphviz's dot failed (exit code " + process.exitValue() + ") rendering " + out
            + (messages.isEmpty() ? "" : ": " + messages));
      }
      if (writeFailure[0] != null) {
        throw writeFailure[0];
      }
    } finally {
      Files.deleteIfExists(messagesFile);
    }
    spec.commandLine().getOut().println("wrote " + out);
  }

  /** The share of each node of {@code graph} the trace names (by IR line); warns of profiled nodes not in the graph. */
  private Map<Node, Double> sharesOf(Graph graph, Map<String, Double> byIrLine) {
    Map<Node, String> names = GraphPrinter.valueNames(graph);
    Map<Node, Double> shares = new HashMap<>();
    int matched = 0;
    for (Node node : graph.nodes()) {
      Double share = byIrLine.get(ProfiledProgram.irLine(node, names));
      if (share != null) {
        shares.put(node, share);
        matched++;
      }
    }
    if (matched < byIrLine.size()) {
      spec.commandLine().getErr().println("warning: " + (byIrLine.size() - matched) + " of the " + byIrLine.size()
          + " profiled nodes are not in this graph after its passes (was the trace written from another graph, "
          + "--passes or --fetch list?)");
    }
    return shares;
  }

  /** The {@code dot} executable: the {@value #DOT_PROGRAM_PROPERTY} property if set, else the first on the PATH. */
  static Optional<Path> findDot() {
    String configured = System.getProperty(DOT_PROGRAM_PROPERTY);
    if (configured != null) {
      Path p = Path.of(configured);
      return Files.isExecutable(p) ? Optional.of(p) : Optional.empty();
    }
    String path = System.getenv("PATH");
    if (path == null) {
      return Optional.empty();
    }
    for (String dir : path.split(File.pathSeparator)) {
      if (dir.isEmpty()) {
        continue;
      }
      Path candidate = Path.of(dir, "dot");
      if (Files.isExecutable(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }
}
