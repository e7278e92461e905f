package dev.tatter.frontend.cli;

import dev.tatter.frontend.ProfiledResult;
import dev.tatter.frontend.Result;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.cli.TatterCommand.CliException;
import dev.tatter.ir.Graph;
import dev.tatter.ir.Lowering;
import dev.tatter.ir.Node;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.runtime.ByteStrings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code tatter run FILE --feed x=[[1.0], []] --fetch y}: runs a graph and prints the fetched values. */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = {
        "Runs a graph compiled to bytecode and prints the fetched values.",
        "",
        "A feed is NAME=VALUE or NAME=@FILE.json. VALUE is nested lists (textual",
        "IR or JSON) read as the placeholder's type: a ragged row is a list of any",
        "length; a partition is given by its row splits. VALUE may start with its",
        "type, which must then equal the placeholder's:",
        "  --feed 'x=[[1.0, 2.0], [], [3.0]]'",
        "  --feed 'x=ragged<float32>[None, (None)] [[1.0, 2.0], [], [3.0]]'",
        "  --feed x=@batch.json     (a file holding [[1.0, 2.0], [], [3.0]])",
        "  --feed x=@batch.npy      (NumPy; a ragged x from an .npz of values and row_splits)",
        "  --feed 'x={\"values\": [1, 2, 3], \"row_splits\": [0, 2, 2, 3]}'  (ragged, as",
        "                           RaggedTensor.from_row_splits; values may nest so)",
        "  --feed 'st={\"indices\": [[0, 1]], \"values\": [5], \"dense_shape\": [2, 3]}'",
        "Strings are JSON strings; floats may also be nan, inf and -inf (NaN, Infinity",
        "and -Infinity in a .json file, as Python's json writes them). A file may",
        "hold at most -Dtatter.maxInputBytes bytes (default: a 64th of the heap).",
        ""})
final class RunCommand implements Callable<Integer> {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Mixin
  GraphOptions graphOptions;

  @Option(names = "--feed", paramLabel = "NAME=VALUE", description = "a value for a placeholder (repeatable)")
  List<String> feeds = new ArrayList<>();

  @Option(names = "--fetch", paramLabel = "NAME", arity = "1..*",
      description = "values to compute and print, by name (default: the graph's return values)")
  List<String> fetches = new ArrayList<>();

  @Option(names = "--save", paramLabel = "DIR",
      description = "also write each fetched value to DIR: NAME.npy (dense) or NAME.npz (ragged: values, row_splits)")
  Path saveDir;

  @Option(names = "--interpret", description = "run the reference interpreter instead of compiled bytecode")
  boolean interpret;

  @Option(names = "--profile", description = "profile the run: print the slowest nodes (time, share, CPU time, bytes "
      + "allocated, output, op, source, IR line) and the compile times to standard error")
  boolean profile;

  @Option(names = "--profile-top", paramLabel = "N", defaultValue = "20",
      description = "how many nodes --profile lists (default: ${DEFAULT-VALUE})")
  int profileTop;

  @Option(names = "--trace", paramLabel = "OUT.json",
      description = "profile the run and write it as Chrome trace JSON (open it in ui.perfetto.dev or chrome://tracing)")
  Path trace;

  /** How the fetched values are printed. */
  enum Output { text, json }

  @Option(names = "--output", paramLabel = "FORMAT",
      description = "text (default: NAME = VALUE lines, as TF prints values) or json (one object: per value its"
          + " dtype, shape and values; ragged as values + row_splits, sparse as indices, values, dense_shape)")
  Output output = Output.text;

  @Override
  public Integer call() throws IOException {
    Graph graph = graphOptions.graph();
    graphOptions.pipeline(spec.commandLine());
    Map<String, Object> feedValues = new LinkedHashMap<>();
    Map<Path, String> inputs = new LinkedHashMap<>(); // what no output may overwrite
    inputs.put(graphOptions.file, "the graph");
    for (String feed : feeds) {
      int eq = feed.indexOf('=');
      if (eq <= 0) {
        throw new CommandLine.ParameterException(spec.commandLine(), "--feed " + shown(feed) + ": expected NAME=VALUE or NAME=@FILE");
      }
      String name = stripPercent(feed.substring(0, eq));
      String label = "--feed " + shown(name);
      Node placeholder = graph.node(name).filter(n -> n.op().lowering() instanceof Lowering.Feed)
          .orElseThrow(() -> new CliException(label + ": the graph has no placeholder " + shown("%" + name)
              + "; its placeholders are " + placeholderNames(graph)));
      if (feedValues.containsKey(name)) {
        throw new CliException(label + " is given twice");
      }
      String text = feed.substring(eq + 1);
      String source = label;
      if (text.startsWith("@")) {
        inputs.put(Path.of(text.substring(1)), source);
      }
      if (text.startsWith("@") && NumpyFiles.isNumpyFile(text)) {
        feedValues.put(name, NumpyFiles.read(Path.of(text.substring(1)), placeholder.type(), shown(name)));
        continue;
      }
      if (text.startsWith("@")) {
        Path path = Path.of(text.substring(1));
        text = InputFiles.read(path, label);
        source = path.toString();
      }
      feedValues.put(name, JsonFeeds.isJson(text, source)
          ? JsonFeeds.parse(text, placeholder.type(), source)
          : GraphParser.parseValue(text, placeholder.type(), source));
    }
    for (Node placeholder : graph.placeholders()) {
      if (!feedValues.containsKey(placeholder.name().orElseThrow())) {
        throw new CliException("placeholder " + placeholder.describe() + " of type " + placeholder.type()
            + " needs a value: --feed " + placeholder.name().get() + "=...");
      }
    }
    Map<Node, String> names = GraphPrinter.valueNames(graph);
    Map<String, Node> byPrintedName = new LinkedHashMap<>();
    names.forEach((node, printed) -> byPrintedName.put(printed, node));
    List<Node> fetched = new ArrayList<>();
    for (String f : fetches) {
      String name = "%" + stripPercent(f);
      Node node = byPrintedName.get(name);
      if (node == null) {
        throw new CliException("--fetch " + shown(f) + ": the graph has no value " + shown(name));
      }
      fetched.add(node);
    }
    if (fetched.isEmpty()) {
      fetched.addAll(graph.outputs());
    }
    if (fetched.isEmpty()) {
      throw new CliException("nothing to fetch: give --fetch NAME or end the graph with a return line");
    }
    Session.Backend backend = interpret ? Session.Backend.INTERPRETED : Session.Backend.COMPILED;
    if ((profile || trace != null) && interpret) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          "--profile and --trace profile the compiled program; drop --interpret");
    }
    if (profileTop < 0) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--profile-top must be at least 0, not " + profileTop);
    }
    OutputFiles.checkWritable(trace, inputs);
    if (saveDir != null) {
      OutputFiles.makeDirectory(saveDir);
    }
    try (Session session = new Session(graph, graphOptions.passes, backend)) {
      Result result;
      if (profile || trace != null) {
        ProfiledResult profiled = session.runProfiled(feedValues, fetched);
        result = profiled.result();
        ProfileOutput.report(profiled, profile ? profileTop : -1, trace, spec.commandLine());
      } else {
        result = session.run(feedValues, fetched);
      }
      if (saveDir != null) {
        // every file checked before any is written: none may be an input, none may be a directory
        for (int i = 0; i < fetched.size(); i++) {
          Path file = NumpyFiles.target(saveDir, names.get(fetched.get(i)).substring(1), result.get(i));
          OutputFiles.checkWritable(file, inputs);
        }
      }
      Map<String, Object> json = new LinkedHashMap<>();
      for (int i = 0; i < fetched.size(); i++) {
        if (output == Output.json) {
          json.put(names.get(fetched.get(i)).substring(1), result.get(i));
        } else {
          spec.commandLine().getOut().println(names.get(fetched.get(i)) + " = " + result.get(i));
        }
        if (saveDir != null) {
          NumpyFiles.save(saveDir, names.get(fetched.get(i)).substring(1), result.get(i));
        }
      }
      if (output == Output.json) {
        JsonResults.write(json, spec.commandLine().getOut());
      }
    }
    return 0;
  }

  /**
   * A name from the command line as a message shows it: as typed when it is an IR name ({@code x},
   * {@code %x}), else quoted as a string value ({@code b'x\nerror: y'}), so no newline or control
   * character of an argument can add a line to the message.
   */
  private static String shown(String name) {
    return name.matches("%?[A-Za-z_][A-Za-z0-9_.]*") ? name : ByteStrings.quotedText(name);
  }

  private static String stripPercent(String name) {
    return name.startsWith("%") ? name.substring(1) : name;
  }

  private static List<String> placeholderNames(Graph graph) {
    return graph.placeholders().stream().map(n -> "%" + n.name().orElseThrow()).toList();
  }
}
