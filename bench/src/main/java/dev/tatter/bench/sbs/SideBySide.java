package dev.tatter.bench.sbs;

import dev.tatter.bench.compare.Report;
import dev.tatter.bench.sbs.SideBySideCases.EngineProvider;
import dev.tatter.bench.sbs.SideBySideCases.Scale;
import dev.tatter.bench.sbs.SideBySideCases.Shape;
import dev.tatter.bench.sbs.SideBySideCases.Workload;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The side-by-side table of one workload, round-robin in this JVM: for each data shape, every
 * engine (Tatter, the hand loop, TF Java's default and one-thread sessions when the {@code -Ptf}
 * classes are present) runs once per round, the engine going first rotating from round to round,
 * so that load bursts from other processes hit all engines alike. Before anything is timed each
 * engine's result is checked against the hand loop's (the same bits for Tatter; TF within a
 * stated tolerance). Each sample records wall time, the calling thread's CPU time (Tatter and the
 * hand loop run on it alone when {@code tatter.parallelThreshold=2147483647}) and the process's
 * CPU time (which counts TF's pool threads, and the JIT's and GC's).
 *
 * <pre>
 * java -Xms4g -Xmx4g -XX:+UseParallelGC -Dtatter.parallelThreshold=2147483647 [--add-modules jdk.incubator.vector] \
 *   -cp bench/target/benchmarks.jar dev.tatter.bench.sbs.SideBySide W1 [--scale=full|tiny] [--rounds=30]
 *   [--warmup-ms=3000] [--warmup-rounds=10] [--warmup-calls=200000] [--gc=sample|none] [--out=FILE.md]
 * </pre>
 *
 * {@code bench/side-by-side.sh} builds the jar and runs every workload this way, one JVM each.
 */
public final class SideBySide {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private SideBySide() {}

  /** Wall, thread-CPU and process-CPU nanoseconds per sample, one entry per round. */
  record Samples(long[] wall, long[] cpu, long[] process) {
    Samples(int rounds) {
      this(new long[rounds], new long[rounds], new long[rounds]);
    }
  }

  public static void main(String[] args) throws IOException {
    if (args.length < 1) {
      System.err.println("usage: SideBySide W1|W2|W3|W4a|W4b|W5a|W5b|W6 [--scale=full|tiny] [--rounds=N] [--warmup-ms=N]"
          + " [--warmup-rounds=N] [--warmup-calls=N] [--gc=sample|none] [--out=FILE.md]");
      System.exit(64);
    }
    String id = args[0];
    Scale scale = Scale.FULL;
    int rounds = 30;
    long warmupMs = 3000;
    int warmupRounds = 10;
    long warmupCalls = 200_000;
    boolean gc = true;
    Path out = null;
    for (String a : Arrays.copyOfRange(args, 1, args.length)) {
      String value = a.substring(a.indexOf('=') + 1);
      if (a.startsWith("--scale=")) {
        scale = Scale.valueOf(value.toUpperCase(Locale.ROOT));
      } else if (a.startsWith("--rounds=")) {
        rounds = Integer.parseInt(value);
      } else if (a.startsWith("--warmup-ms=")) {
        warmupMs = Long.parseLong(value);
      } else if (a.startsWith("--warmup-rounds=")) {
        warmupRounds = Integer.parseInt(value);
      } else if (a.startsWith("--warmup-calls=")) {
        warmupCalls = Long.parseLong(value);
      } else if (a.startsWith("--gc=")) {
        gc = value.equals("sample");
      } else if (a.startsWith("--out=")) {
        out = Path.of(value);
      } else {
        throw new IllegalArgumentException("unknown option " + a);
      }
    }
    String loadBefore = Report.loadAverage();
    EngineProvider tf = tfEngines();
    Workload w = SideBySideCases.workload(id, scale);
    boolean gcPerSample = gc && w.callsPerSample() == 1;
    StringBuilder md = new StringBuilder();
    md.append("#### ").append(w.id()).append(": ").append(w.title()).append("\n\n");
    md.append("| data shape | engine | wall median | wall min | thread CPU median | thread CPU min | process CPU mean"
        + " | thread CPU / hand | TF best wall / Tatter wall |\n|---|---|---:|---:|---:|---:|---:|---:|---:|\n");
    for (Shape shape : w.shapes()) {
      List<Variant> variants = SideBySideCases.variants(w.id(), shape.inputs(), tf);
      check(w, shape, variants);
      warmUp(variants, w.callsPerSample(), warmupMs, warmupRounds, warmupCalls);
      Samples[] samples = measure(variants, w.callsPerSample(), rounds, gcPerSample);
      table(md, w, shape, variants, samples);
    }
    String loadAfter = Report.loadAverage();
    md.append("\n").append(rounds).append(" rounds").append(gcPerSample ? ", a full GC before each sample (outside it)" : "")
        .append("; load average ").append(loadBefore).append(" before, ").append(loadAfter).append(" after. ")
        .append(w.callsPerSample() > 1 ? "Times in µs per call (" + w.callsPerSample() + " calls per sample)." : "Times in ms per run.")
        .append("\n\n");
    System.out.print(md);
    if (out != null) {
      Files.writeString(out, md, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }
  }

  /** The {@code -Ptf} build's engines, or null (with a note on stderr) when TF is not on the class path or does not load. */
  static EngineProvider tfEngines() {
    if (Boolean.getBoolean("tatter.bench.noTf")) {
      return null;
    }
    try {
      return (EngineProvider) Class.forName("dev.tatter.bench.tf.TfSideBySideEngines").getDeclaredConstructor().newInstance();
    } catch (ClassNotFoundException e) {
      System.err.println("note: no TF classes on the class path (build with -Ptf for the TF columns)");
      return null;
    } catch (ReflectiveOperationException | LinkageError e) {
      System.err.println("note: TF did not load, no TF columns: " + e);
      return null;
    }
  }

  /** Every engine's result against the hand loop's: the same bits, or within the engine's stated tolerance. */
  static void check(Workload w, Shape shape, List<Variant> variants) {
    Variant hand = variants.stream().filter(v -> v.engine().equals("hand")).findFirst().orElseThrow();
    Object expected = hand.toArray().apply(hand.run().get());
    for (Variant v : variants) {
      Object actual = v.toArray().apply(v.run().get());
      String problem = compare(expected, actual, v.tolerance());
      if (problem != null) {
        throw new IllegalStateException(w.id() + " [" + shape.label() + "] " + v.engine() + " differs from the hand loop: " + problem);
      }
    }
  }

  static String compare(Object expected, Object actual, double tolerance) {
    if (expected instanceof long[] e) {
      return Arrays.equals(e, (long[]) actual) ? null : "first at " + Arrays.mismatch(e, (long[]) actual);
    }
    float[] e = (float[]) expected;
    float[] a = (float[]) actual;
    if (e.length != a.length) {
      return "length " + a.length + ", expected " + e.length;
    }
    for (int i = 0; i < e.length; i++) {
      boolean same = tolerance == 0
          ? Float.floatToRawIntBits(e[i]) == Float.floatToRawIntBits(a[i])
          : Math.abs(e[i] - a[i]) <= tolerance * Math.max(1, Math.abs(e[i]));
      if (!same) {
        return "element " + i + ": " + a[i] + ", expected " + e[i];
      }
    }
    return null;
  }

  /**
   * Runs every engine in turn, at least {@code minRounds} rounds, until each has run for {@code
   * warmupMs} or {@code maxCalls} calls (a fast engine — W6's hand loop — would otherwise need
   * millions of rounds to fill the time, while the slow ones run along), so the JIT has settled.
   */
  static void warmUp(List<Variant> variants, int calls, long warmupMs, int minRounds, long maxCalls) {
    long[] spent = new long[variants.size()];
    long done = 0;
    for (int round = 0; ; round++) {
      for (int i = 0; i < variants.size(); i++) {
        long t0 = System.nanoTime();
        for (int c = 0; c < calls; c++) {
          blackhole(variants.get(i).run().get());
        }
        spent[i] += System.nanoTime() - t0;
      }
      done += calls;
      long callsSoFar = done;
      if (round + 1 >= minRounds && Arrays.stream(spent).allMatch(ns -> ns >= warmupMs * 1_000_000 || callsSoFar >= maxCalls)) {
        return;
      }
    }
  }

  static Samples[] measure(List<Variant> variants, int calls, int rounds, boolean gcPerSample) {
    int n = variants.size();
    Samples[] samples = new Samples[n];
    for (int i = 0; i < n; i++) {
      samples[i] = new Samples(rounds);
    }
    com.sun.management.OperatingSystemMXBean os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    for (int round = 0; round < rounds; round++) {
      for (int k = 0; k < n; k++) {
        int i = (k + round) % n; // who goes first rotates
        if (gcPerSample) {
          System.gc();
        }
        Variant v = variants.get(i);
        long p0 = os.getProcessCpuTime();
        long c0 = THREADS.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        for (int c = 0; c < calls; c++) {
          blackhole(v.run().get());
        }
        long t1 = System.nanoTime();
        long c1 = THREADS.getCurrentThreadCpuTime();
        long p1 = os.getProcessCpuTime();
        samples[i].wall()[round] = t1 - t0;
        samples[i].cpu()[round] = c1 - c0;
        samples[i].process()[round] = p1 - p0;
      }
    }
    return samples;
  }

  private static volatile Object sink;

  private static void blackhole(Object o) {
    sink = o;
  }

  static void table(StringBuilder md, Workload w, Shape shape, List<Variant> variants, Samples[] samples) {
    double unit = w.callsPerSample() > 1 ? 1e3 * w.callsPerSample() : 1e6; // µs per call, or ms per run
    int hand = indexOf(variants, "hand");
    int tatter = indexOf(variants, "tatter");
    double handCpu = Report.median(scaled(samples[hand].cpu(), unit));
    double tatterWall = Report.median(scaled(samples[tatter].wall(), unit));
    double tfBestWall = Double.NaN;
    for (int i = 0; i < variants.size(); i++) {
      if (variants.get(i).engine().startsWith("tf")) {
        double wall = Report.median(scaled(samples[i].wall(), unit));
        tfBestWall = Double.isNaN(tfBestWall) ? wall : Math.min(tfBestWall, wall);
      }
    }
    for (int i = 0; i < variants.size(); i++) {
      Variant v = variants.get(i);
      double[] wall = scaled(samples[i].wall(), unit);
      double[] cpu = scaled(samples[i].cpu(), unit);
      // the process clock ticks in scheduler ticks (10 ms on Linux): its mean over all rounds, not a per-sample median
      double process = Arrays.stream(samples[i].process()).sum() / (double) samples[i].process().length / unit;
      String vsHand = v.engine().startsWith("tf") ? "—" : String.format("%.2f", Report.median(cpu) / handCpu);
      String vsTf = i == tatter && !Double.isNaN(tfBestWall) ? String.format("%.2f×", tfBestWall / tatterWall) : "—";
      md.append("| ").append(i == 0 ? shape.label() : "").append(" | ").append(v.engine()).append(" | ")
          .append(Report.fmt(Report.median(wall))).append(" | ").append(Report.fmt(Report.min(wall))).append(" | ")
          .append(Report.fmt(Report.median(cpu))).append(" | ").append(Report.fmt(Report.min(cpu))).append(" | ")
          .append(Report.fmt(process)).append(" | ").append(vsHand).append(" | ").append(vsTf).append(" |\n");
    }
  }

  private static int indexOf(List<Variant> variants, String engine) {
    for (int i = 0; i < variants.size(); i++) {
      if (variants.get(i).engine().equals(engine)) {
        return i;
      }
    }
    throw new IllegalStateException("no " + engine + " engine");
  }

  private static double[] scaled(long[] nanos, double unit) {
    return Arrays.stream(nanos).mapToDouble(x -> x / unit).toArray();
  }

  /** The machine and run description that heads the fragment (printed once by the script). */
  public static String header(String commit) {
    StringBuilder s = new StringBuilder();
    s.append("- commit `").append(commit).append("`, ").append(Instant.now().truncatedTo(ChronoUnit.SECONDS)).append('\n');
    s.append("- machine: nproc ").append(Report.nproc()).append(", ").append(Report.cpuModel()).append(", ")
        .append(memory()).append(", load average ").append(Report.loadAverage()).append(" at the start\n");
    s.append("- JVM: ").append(System.getProperty("java.vm.name")).append(' ').append(System.getProperty("java.runtime.version"))
        .append(", flags `").append(String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments())).append("`\n");
    s.append("- sparse_dense_matmul inner loop: ")
        .append(dev.tatter.runtime.kernels.sparse.Axpy.SELECTED.vectorized() ? "Vector API (jdk.incubator.vector)" : "scalar")
        .append(HandLoops.VECTOR_MATMUL != null ? ", W5b's hand loop too" : ", W5b's hand loop scalar")
        .append("; tatter.parallelThreshold ").append(dev.tatter.runtime.kernels.ParallelLoops.THRESHOLD)
        .append(dev.tatter.runtime.kernels.ParallelLoops.THRESHOLD == Integer.MAX_VALUE ? " (Tatter on the calling thread only)" : "")
        .append('\n');
    s.append("- TF columns: ").append(tfEngines() == null ? "none (no -Ptf build, or TF did not load)" : "TF Java 1.1.0 (TF 2.18) graph sessions")
        .append('\n');
    return s.toString();
  }

  private static String memory() {
    try {
      return Files.readAllLines(Path.of("/proc/meminfo")).stream()
          .filter(l -> l.startsWith("MemTotal"))
          .map(l -> String.format("%.0f GB RAM", Long.parseLong(l.replaceAll("\\D", "")) / 1e6))
          .findFirst().orElse("RAM unknown");
    } catch (IOException | NumberFormatException e) {
      return "RAM unknown";
    }
  }

  /** Prints {@link #header} (the script's first call). */
  public static final class Header {
    private Header() {}

    public static void main(String[] args) {
      System.out.print(header(args.length > 0 ? args[0] : "unknown"));
    }
  }
}
