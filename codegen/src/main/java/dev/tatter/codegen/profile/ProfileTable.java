package dev.tatter.codegen.profile;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * A run's profile as text: the run and compile times, then the nodes that took longest, one line
 * each with wall and CPU time, share of the run, bytes allocated, the value's shape, op, source
 * location and IR line.
 */
public final class ProfileTable {
  private ProfileTable() {}

  /** The table of {@code profile}'s {@code top} slowest nodes (all if fewer), slowest first. */
  public static String format(RunProfile profile, int top) {
    StringBuilder out = new StringBuilder();
    out.append(String.format(Locale.ROOT, "run: %s wall, %d nodes (%s in nodes)", millis(profile.wallNanos()),
        profile.nodes().size(), millis(profile.nodeNanos())));
    profile.compile().ifPresent(c -> out.append(String.format(Locale.ROOT,
        "; compile: %s (optimize %s, codegen %s, define class %s)", millis(c.totalNanos()), millis(c.optimizeNanos()),
        millis(c.codegenNanos()), millis(c.defineNanos()))));
    out.append('\n');
    List<NodeProfile> slowest = profile.nodes().stream()
        .sorted(Comparator.comparingLong(NodeProfile::wallNanos).reversed()).limit(Math.max(0, top)).toList();
    int outputWidth = width(slowest.stream().map(NodeProfile::outputShape).toList(), "output");
    int opWidth = width(slowest.stream().map(NodeProfile::op).toList(), "op");
    int sourceWidth = width(slowest.stream().map(NodeProfile::source).toList(), "source");
    String row = "%10s %6s %10s %10s  %-" + outputWidth + "s  %-" + opWidth + "s  %-" + sourceWidth + "s  %s%n";
    out.append(String.format(Locale.ROOT, row, "wall ms", "share", "cpu ms", "allocated", "output", "op", "source",
        "node"));
    for (NodeProfile n : slowest) {
      out.append(String.format(Locale.ROOT, row, String.format(Locale.ROOT, "%.3f", n.wallNanos() / 1e6),
          String.format(Locale.ROOT, "%.1f%%", share(n.wallNanos(), profile.wallNanos())),
          n.cpuNanos() < 0 ? "n/a" : String.format(Locale.ROOT, "%.3f", n.cpuNanos() / 1e6),
          n.allocatedBytes() < 0 ? "n/a" : bytes(n.allocatedBytes()), n.outputShape(), n.op(), n.source(), n.irLine()));
    }
    int rest = profile.nodes().size() - slowest.size();
    if (rest > 0) {
      long restNanos = profile.nodeNanos() - slowest.stream().mapToLong(NodeProfile::wallNanos).sum();
      out.append(String.format(Locale.ROOT, "... %d more nodes, %s%n", rest, millis(restNanos)));
    }
    return out.toString();
  }

  private static int width(List<String> cells, String header) {
    return Math.max(header.length(), cells.stream().mapToInt(String::length).max().orElse(0));
  }

  static double share(long part, long whole) {
    return whole <= 0 ? 0 : 100.0 * part / whole;
  }

  private static String millis(long nanos) {
    return String.format(Locale.ROOT, "%.3f ms", nanos / 1e6);
  }

  /** {@code 512 B}, {@code 32.0 MiB}. */
  static String bytes(long n) {
    if (n < 1024) {
      return n + " B";
    }
    String[] units = {"KiB", "MiB", "GiB", "TiB"};
    double v = n;
    int u = -1;
    while (v >= 1024 && u < units.length - 1) {
      v /= 1024;
      u++;
    }
    return String.format(Locale.ROOT, "%.1f %s", v, units[u]);
  }
}
