package dev.tatter.frontend.cli;

import dev.tatter.frontend.ProfiledResult;
import dev.tatter.frontend.cli.TatterCommand.CliException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;

/**
 * What {@code tatter run --profile / --trace} writes, and what {@code tatter dot --profile} reads
 * back: the profile table goes to standard error (the fetched values on standard output stay as
 * they are), the trace to a file; a trace read back gives each node's share of the run.
 */
final class ProfileOutput {
  private ProfileOutput() {}

  /** Prints the {@code top} slowest nodes (none if negative) and writes the trace to {@code trace} (if not null). */
  static void report(ProfiledResult profiled, int top, Path trace, CommandLine commandLine) throws IOException {
    if (top >= 0) {
      commandLine.getErr().print(profiled.table(top));
      commandLine.getErr().flush();
    }
    if (trace != null) {
      OutputFiles.write(trace, out -> out.write(profiled.chromeTrace().getBytes(StandardCharsets.UTF_8)));
      commandLine.getErr().println("wrote " + trace);
    }
  }

  /**
   * From a trace {@code tatter run --trace} wrote: per node (by its IR line in the optimized
   * graph, the trace's {@code args.ir}), its share of the run's time, 0 to 1. A file that is not
   * such a trace is an error naming the file and what is missing.
   */
  static Map<String, Double> sharesByIrLine(Path trace) throws IOException {
    Object json = JsonReader.read(InputFiles.read(trace, "--profile"), trace.toString());
    if (!(json instanceof Map<?, ?> top) || !(top.get("traceEvents") instanceof List<?> events)) {
      throw new CliException(trace + ": not a Chrome trace (no \"traceEvents\" list); write one with tatter run --trace");
    }
    double run = 0;
    Map<String, Double> nodeMicros = new LinkedHashMap<>();
    for (Object e : events) {
      if (!(e instanceof Map<?, ?> event) || !"X".equals(event.get("ph"))) {
        continue;
      }
      if ("run".equals(event.get("cat"))) {
        run += number(event.get("dur"), trace);
      } else if ("node".equals(event.get("cat")) && event.get("args") instanceof Map<?, ?> args
          && args.get("ir") instanceof String ir) {
        nodeMicros.merge(ir, number(event.get("dur"), trace), Double::sum);
      }
    }
    if (run <= 0) {
      throw new CliException(trace + ": the trace has no run span (an event with \"cat\": \"run\" and a positive "
          + "\"dur\"); write one with tatter run --trace");
    }
    Map<String, Double> shares = new LinkedHashMap<>();
    double total = run;
    nodeMicros.forEach((ir, micros) -> shares.put(ir, Math.min(1, micros / total)));
    return shares;
  }

  private static double number(Object value, Path trace) {
    if (value instanceof Long l) {
      return l;
    }
    if (value instanceof dev.tatter.ir.text.Literals.Decimal d) {
      return Double.parseDouble(d.text());
    }
    throw new CliException(trace + ": a trace event's \"dur\" is not a number: " + value);
  }
}
