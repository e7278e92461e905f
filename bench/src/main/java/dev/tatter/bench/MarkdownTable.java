package dev.tatter.bench;

import dev.tatter.bench.compare.Report;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;

/**
 * One round-robin run as a markdown fragment, the form {@code bench/report.sh} collects into
 * docs/BENCHMARKS.md: a heading, the command that produced it (this JVM's flags and the driver's
 * arguments, so the figure can be reproduced), the plan (warm-ups, rounds, GC), a table with the
 * medians and minimums of wall and thread CPU time and the mean process CPU time per variant, any
 * extra columns the driver adds (a ratio to the hand loop or to TF, GB/s), and the load averages
 * taken when the driver started and when the table was done. Every driver's {@code --markdown} output goes
 * through here, so every section of the report reads the same way.
 *
 * <p>A driver may add {@link #figure} lines: HTML comments {@code <!-- figure KEY VALUE -->} that
 * the report reads to decide its goals, so that a goal is computed from this run's numbers and
 * never from a copied one.
 */
public final class MarkdownTable {
  /** An extra column: its header and the cell of each variant (by index). */
  public record Column(String header, IntFunction<String> cell) {}

  /** The load average when the class was first used: a driver's start, near enough. */
  private static final String LOAD_AT_START = Report.loadAverage();

  private final String title;
  private final String[] names;
  private final RoundRobin.Timings timings;
  private final RoundRobin.Plan plan;
  private final List<Column> columns = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();

  public MarkdownTable(String title, String[] names, RoundRobin.Timings timings, RoundRobin.Plan plan) {
    if (names.length != timings.samples().length) {
      throw new IllegalArgumentException(names.length + " names for " + timings.samples().length + " variants");
    }
    this.title = title;
    this.names = names.clone();
    this.timings = timings;
    this.plan = plan;
  }

  public MarkdownTable column(String header, IntFunction<String> cell) {
    columns.add(new Column(header, cell));
    return this;
  }

  /** A sentence under the table (input sizes, what a ratio means). */
  public MarkdownTable note(String sentence) {
    notes.add(sentence);
    return this;
  }

  /** Thread CPU median of each variant over the named baseline's (the hand loop's), for variants on the calling thread. */
  public MarkdownTable cpuOver(String baseline) {
    double base = samples(baseline).medians().threadCpuMs();
    return column("thread CPU / " + baseline, v -> isTf(names[v]) ? "—" : ratio(timings.samples()[v].medians().threadCpuMs() / base));
  }

  /**
   * TF's best wall median over the variant's (× TF: above 1 means faster than TF), for the non-TF
   * variants; no column when no variant is TF's. TF runs on its own threads, so wall time is the
   * fair clock against it.
   */
  public MarkdownTable wallVsTf() {
    double best = Double.NaN;
    for (int v = 0; v < names.length; v++) {
      if (isTf(names[v])) {
        double wall = timings.samples()[v].medians().wallMs();
        best = Double.isNaN(best) ? wall : Math.min(best, wall);
      }
    }
    if (Double.isNaN(best)) {
      return this;
    }
    double tfBest = best;
    return column("TF best wall / this wall", v -> isTf(names[v]) ? "—"
        : ratio(tfBest / timings.samples()[v].medians().wallMs()) + "×");
  }

  public RoundRobin.Samples samples(String name) {
    int v = Arrays.asList(names).indexOf(name);
    if (v < 0) {
      throw new IllegalArgumentException("no variant " + name + " in " + Arrays.toString(names));
    }
    return timings.samples()[v];
  }

  /** The fragment; {@code driver} and {@code args} name the command that produced it. */
  public String render(Class<?> driver, String[] args) {
    StringBuilder md = new StringBuilder();
    md.append("#### ").append(title).append("\n\n");
    md.append("`").append(command(driver, args)).append("`\n\n");
    md.append("| variant | wall median ms | wall min ms | thread CPU median ms | thread CPU min ms | process CPU mean ms |");
    StringBuilder rule = new StringBuilder("|---|---:|---:|---:|---:|---:|");
    for (Column c : columns) {
      md.append(' ').append(c.header()).append(" |");
      rule.append("---:|");
    }
    md.append('\n').append(rule).append('\n');
    for (int v = 0; v < names.length; v++) {
      RoundRobin.Samples s = timings.samples()[v];
      RoundRobin.Medians m = s.medians();
      md.append("| ").append(names[v]).append(" | ").append(Report.fmt(m.wallMs())).append(" | ").append(Report.fmt(s.wallMin()))
          .append(" | ").append(Report.fmt(m.threadCpuMs())).append(" | ").append(Report.fmt(s.threadCpuMin())).append(" | ")
          .append(Report.fmt(s.processCpuMean())).append(" |");
      for (Column c : columns) {
        md.append(' ').append(c.cell().apply(v)).append(" |");
      }
      md.append('\n');
    }
    md.append('\n').append(plan.rounds()).append(" rounds after ").append(plan.warmups()).append(" warm-up rounds")
        .append(plan.gcBeforeEachSample() ? ", a full GC before each sample (outside it)" : "")
        .append(plan.rotate() ? ", the variant going first rotating" : "")
        .append("; load average ").append(LOAD_AT_START).append(" when the driver started, ").append(Report.loadAverage())
        .append(" after this table.");
    for (String n : notes) {
      md.append(' ').append(n);
    }
    md.append("\n\n");
    return md.toString();
  }

  /** A machine-readable figure for the report's goals: {@code <!-- figure KEY VALUE -->}. */
  public static String figure(String key, double value) {
    return String.format(Locale.ROOT, "<!-- figure %s %.6g -->%n", key, value);
  }

  /** {@code java FLAGS -cp bench/target/benchmarks.jar CLASS ARGS}, as this JVM was started. */
  public static String command(Class<?> driver, String[] args) {
    List<String> flags = ManagementFactory.getRuntimeMXBean().getInputArguments();
    return ("java " + String.join(" ", flags) + " -cp bench/target/benchmarks.jar " + driver.getName() + " "
        + String.join(" ", args)).replaceAll(" +", " ").trim();
  }

  /** Whether the arguments ask for markdown ({@code --markdown}, anywhere). */
  public static boolean wanted(String[] args) {
    return Arrays.asList(args).contains("--markdown");
  }

  /** The arguments without {@code --markdown}: the drivers' positional arguments. */
  public static String[] positional(String[] args) {
    return Arrays.stream(args).filter(a -> !a.equals("--markdown")).toArray(String[]::new);
  }

  static boolean isTf(String name) {
    return name.startsWith("tf");
  }

  private static String ratio(double r) {
    return String.format(Locale.ROOT, "%.2f", r);
  }
}
