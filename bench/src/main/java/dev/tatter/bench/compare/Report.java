package dev.tatter.bench.compare;

import dev.tatter.bench.compare.Side.Workload;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/** The statistics and the printed report of a {@link BeforeAfter} run (its statistics and machine description also serve the side-by-side driver, {@code dev.tatter.bench.sbs.SideBySide}). */
public final class Report {
  private Report() {}

  /** Timings of one (workload, side) pair: one entry per measured round, nanoseconds per sample. */
  static final class Samples {
    final long[] wall;
    final long[] cpu;
    /** Samples during which a garbage collection ran (its pause is in wall time, not thread CPU). */
    int withGc;

    Samples(int rounds) {
      wall = new long[rounds];
      cpu = new long[rounds];
    }
  }

  public static double quantile(double[] values, double q) {
    double[] s = values.clone();
    Arrays.sort(s);
    double pos = q * (s.length - 1);
    int lo = (int) Math.floor(pos);
    int hi = Math.min(s.length - 1, lo + 1);
    return s[lo] + (pos - lo) * (s[hi] - s[lo]);
  }

  public static double median(double[] values) {
    return quantile(values, 0.5);
  }

  public static double min(double[] values) {
    return Arrays.stream(values).min().orElse(Double.NaN);
  }

  /** Per-call time in the workload's display unit (ms per run, or us per call for batched W6). */
  static double[] scaled(long[] nanos, Workload w) {
    double unit = w.perCall() ? 1e3 * w.callsPerSample() : 1e6;
    return Arrays.stream(nanos).mapToDouble(n -> n / unit).toArray();
  }

  /**
   * after/before of the same round: both ran within a fraction of a second of each other, so a
   * burst of load from other processes tends to hit both, and the median of these ratios is
   * less disturbed by drift than the ratio of the two medians.
   */
  static double[] pairedRatios(long[] before, long[] after) {
    double[] r = new double[before.length];
    for (int i = 0; i < r.length; i++) {
      r[i] = (double) after[i] / before[i];
    }
    return r;
  }

  static void environment(PrintStream out, Side before, Side after, List<String> notes) {
    out.println("== Tatter before/after, round-robin in one JVM");
    out.println("date        " + Instant.now().truncatedTo(ChronoUnit.SECONDS));
    out.println("JVM         " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version") + " ("
        + System.getProperty("java.vendor") + ")");
    out.println("JVM flags   " + String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
    out.println("machine     nproc " + nproc() + ", " + cpuModel() + ", load average " + loadAverage());
    for (Side s : List.of(before, after)) {
      out.printf("%-11s %s%s%n", s.label, s.jar, s.revision == null ? "" : "  (" + s.revision + ")");
    }
    notes.forEach(n -> out.println("note        " + n));
  }

  static void tables(PrintStream out, List<Workload> workloads, Samples[][] samples, int rounds) {
    out.printf("%n== Medians of %d rounds (ratio = after / before; ms per run, W6 in us per call)%n", rounds);
    String head = "%-24s %11s %11s %7s | %11s %11s %7s%n";
    String row = "%-24s %11s %11s %7.3f | %11s %11s %7.3f%n";
    out.printf(head, "workload", "before wall", "after wall", "ratio", "before CPU", "after CPU", "ratio");
    for (int i = 0; i < workloads.size(); i++) {
      Workload w = workloads.get(i);
      double[] bw = scaled(samples[i][0].wall, w), aw = scaled(samples[i][1].wall, w);
      double[] bc = scaled(samples[i][0].cpu, w), ac = scaled(samples[i][1].cpu, w);
      out.printf(row, w.name(), fmt(median(bw)), fmt(median(aw)), median(aw) / median(bw), fmt(median(bc)), fmt(median(ac)),
          median(ac) / median(bc));
    }
    out.printf("%n== Minimums, and the per-round after/before ratio of thread CPU (median [p25, p75])%n");
    out.printf("%-24s %11s %11s %7s | %11s %11s %7s | %s%n", "workload", "before wall", "after wall", "ratio", "before CPU",
        "after CPU", "ratio", "per-round CPU ratio");
    for (int i = 0; i < workloads.size(); i++) {
      Workload w = workloads.get(i);
      double[] bw = scaled(samples[i][0].wall, w), aw = scaled(samples[i][1].wall, w);
      double[] bc = scaled(samples[i][0].cpu, w), ac = scaled(samples[i][1].cpu, w);
      double[] paired = pairedRatios(samples[i][0].cpu, samples[i][1].cpu);
      out.printf("%-24s %11s %11s %7.3f | %11s %11s %7.3f | %.3f [%.3f, %.3f]%n", w.name(), fmt(min(bw)), fmt(min(aw)),
          min(aw) / min(bw), fmt(min(bc)), fmt(min(ac)), min(ac) / min(bc), median(paired), quantile(paired, 0.25),
          quantile(paired, 0.75));
    }
  }

  /**
   * The requirement's test, on thread CPU: is after/before within the tolerance? The estimate is
   * the median of the per-round ratios, not the ratio of the two medians: on a shared VM a
   * thread's CPU time for the same work jumps by up to 2x for seconds at a time (other processes
   * on the VM or its host competing for cores, caches and memory bandwidth), so each side's
   * samples are a mixture of two levels and its median can fall between them (an A/A run gave
   * 1.20 that way); the two samples of a round ran a millisecond apart, in the same state, so
   * their ratio cancels it. A 95 % bootstrap interval of that median says
   * whether the run can decide: "within" needs the whole interval inside the tolerance.
   */
  static boolean verdict(PrintStream out, List<Workload> workloads, Samples[][] samples, double tolerance) {
    out.printf("%n== Verdict on thread CPU: median per-round after/before ratio, 95 %% bootstrap interval, tolerance %.0f %%%n",
        tolerance * 100);
    boolean all = true;
    for (int i = 0; i < workloads.size(); i++) {
      Workload w = workloads.get(i);
      double[] paired = pairedRatios(samples[i][0].cpu, samples[i][1].cpu);
      double[] ci = bootstrapMedianInterval(paired, 0.95);
      String verdict;
      if (ci[0] >= 1 - tolerance && ci[1] <= 1 + tolerance) {
        verdict = "within";
      } else if (ci[0] > 1 + tolerance || ci[1] < 1 - tolerance) {
        verdict = "OUTSIDE";
        all = false;
      } else {
        verdict = "UNDECIDED (interval crosses the tolerance: more rounds or a quieter machine)";
        all = false;
      }
      out.printf("%-24s %.3f [%.3f, %.3f]  %s  (GC inside a sample: before %d, after %d)%n", w.name(), median(paired), ci[0],
          ci[1], verdict, samples[i][0].withGc, samples[i][1].withGc);
    }
    return all;
  }

  /** Percentile bootstrap of the median (fixed seed, so a report can be reproduced from its raw samples). */
  static double[] bootstrapMedianInterval(double[] values, double level) {
    SplittableRandom random = new SplittableRandom(1);
    int resamples = 4000;
    double[] medians = new double[resamples];
    double[] draw = new double[values.length];
    for (int b = 0; b < resamples; b++) {
      for (int i = 0; i < draw.length; i++) {
        draw[i] = values[random.nextInt(values.length)];
      }
      medians[b] = median(draw);
    }
    return new double[] {quantile(medians, (1 - level) / 2), quantile(medians, (1 + level) / 2)};
  }

  /** Every sample as CSV (workload, side, round, wall ns, thread-CPU ns, calls), for a closer look. */
  static void writeRaw(Path file, List<Workload> workloads, Samples[][] samples) throws IOException {
    StringBuilder csv = new StringBuilder("workload,side,round,wall_ns,cpu_ns,calls\n");
    for (int i = 0; i < workloads.size(); i++) {
      for (int side = 0; side < 2; side++) {
        Samples s = samples[i][side];
        for (int r = 0; r < s.wall.length; r++) {
          csv.append(workloads.get(i).name()).append(',').append(side == 0 ? "before" : "after").append(',').append(r)
              .append(',').append(s.wall[r]).append(',').append(s.cpu[r]).append(',')
              .append(workloads.get(i).callsPerSample()).append('\n');
        }
      }
    }
    Files.writeString(file, csv);
  }

  /** Three significant figures or so, whatever the magnitude. */
  public static String fmt(double v) {
    return v >= 100 ? String.format("%.1f", v) : v >= 1 ? String.format("%.2f", v) : String.format("%.3f", v);
  }

  public static String nproc() {
    try {
      Process p = new ProcessBuilder("nproc").redirectErrorStream(true).start();
      String s = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      if (p.waitFor() == 0 && !s.isEmpty()) {
        return s;
      }
    } catch (IOException e) {
      // no nproc on this system: fall through to the JVM's view
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return Runtime.getRuntime().availableProcessors() + " (availableProcessors)";
  }

  public static String cpuModel() {
    try {
      return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
          .filter(l -> l.startsWith("model name"))
          .map(l -> l.substring(l.indexOf(':') + 1).trim())
          .findFirst()
          .orElse("CPU model unknown");
    } catch (IOException e) {
      return "CPU model unknown (" + e.getMessage() + ")";
    }
  }

  /** The 1, 5 and 15 minute load averages: on a shared machine the first thing to read. */
  public static String loadAverage() {
    try {
      String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split("\\s+");
      return f[0] + " " + f[1] + " " + f[2];
    } catch (IOException e) {
      return "unknown";
    }
  }
}
