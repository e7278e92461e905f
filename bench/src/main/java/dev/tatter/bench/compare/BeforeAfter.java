package dev.tatter.bench.compare;

import dev.tatter.bench.compare.Report.Samples;
import dev.tatter.bench.compare.Side.Workload;
import java.io.PrintStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Two builds of Tatter timed against each other, round-robin in one JVM: W1 and W3 fused (through
 * {@code CompiledGraph.run}, feed checks included), {@code to_tensor} and W6 (both through
 * {@code Session.run}).
 *
 * <pre>
 * java -Xms4g -Xmx4g -XX:+UseParallelGC -Dtatter.parallelThreshold=2147483647 \
 *     -cp bench/target/benchmarks.jar dev.tatter.bench.compare.BeforeAfter \
 *     BEFORE_JAR AFTER_JAR [ROUNDS] [FILTER] [--warmup=N] [--gc=pair|sample|round|none]
 *     [--before-rev=TEXT] [--after-rev=TEXT] [--raw=CSV_FILE]
 * </pre>
 *
 * <p>{@code bench/before-after.sh BASE_REV [ROUNDS]} builds both jars and runs this.
 *
 * <p>Method. Each build is loaded in its own class loader ({@link Side}) and runs the existing
 * JMH state classes' setup and benchmark methods, so before and after time exactly the code
 * the JMH benchmarks time. Every round times each (workload, side) pair once, the side that
 * goes first alternating from round to round and from workload to workload, so that load from
 * other processes, heap state and clock drift hit both sides alike. A sample records wall time
 * and the calling thread's CPU time; on a shared machine the latter is the steadier figure,
 * since time spent descheduled does not count. Thread CPU misses work done on other threads,
 * which is why the loops must not split across the common pool (the {@code
 * tatter.parallelThreshold} property) and why the GC pause (on GC threads) is kept out of the
 * timed region: by default {@code System.gc()} runs before each (before, after) pair of samples,
 * outside the timing, and the two samples of the pair then run back to back (eden holds far
 * more than a pair allocates, so no collection lands inside, which the report checks).
 * Results are checked equal between the sides before the warm-up and again after the last round.
 * The verdict is on thread CPU, per workload: the median of the per-round after/before ratios
 * and its bootstrap interval ({@link Report#verdict} says why not the ratio of the medians).
 */
public final class BeforeAfter {
  private BeforeAfter() {}

  /**
   * Where a full collection runs, always outside the timed region: before each pair of samples
   * (the default), before each sample, once per round, or never (young collections then land in
   * whichever sample fills eden). Per pair rather than per sample keeps the two samples of a
   * pair a millisecond apart instead of a collection apart, so they see the same machine state.
   */
  enum GcMode { PAIR, SAMPLE, ROUND, NONE }

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final List<GarbageCollectorMXBean> COLLECTORS = ManagementFactory.getGarbageCollectorMXBeans();
  private static final double TOLERANCE = 0.05;
  /** How long each side runs each workload in one warm-up round. */
  private static final long WARMUP_SAMPLE_NANOS = 200_000_000L;

  /** The last result of each sample, so that no call's result is dead. */
  static volatile Object sink;

  /** The command line: two jars, then rounds and a workload filter, then options in any order. */
  record Options(Path beforeJar, Path afterJar, int rounds, List<Workload> workloads, int warmup, GcMode gc,
      String beforeRev, String afterRev, Path raw) {
    static Options parse(String[] args) {
      List<String> positional = new ArrayList<>();
      int warmup = 10;
      GcMode gc = GcMode.PAIR;
      String beforeRev = null;
      String afterRev = null;
      Path raw = null;
      for (String a : args) {
        if (a.startsWith("--warmup=")) {
          warmup = Integer.parseInt(a.substring("--warmup=".length()));
        } else if (a.startsWith("--gc=")) {
          gc = GcMode.valueOf(a.substring("--gc=".length()).toUpperCase());
        } else if (a.startsWith("--before-rev=")) {
          beforeRev = a.substring("--before-rev=".length());
        } else if (a.startsWith("--after-rev=")) {
          afterRev = a.substring("--after-rev=".length());
        } else if (a.startsWith("--raw=")) {
          raw = Path.of(a.substring("--raw=".length()));
        } else if (a.startsWith("--")) {
          throw usage("unknown option " + a);
        } else {
          positional.add(a);
        }
      }
      if (positional.size() < 2 || positional.size() > 4) {
        throw usage("need BEFORE_JAR AFTER_JAR [ROUNDS] [FILTER]");
      }
      int rounds = positional.size() > 2 ? Integer.parseInt(positional.get(2)) : 30;
      Pattern filter = Pattern.compile(positional.size() > 3 ? positional.get(3) : "", Pattern.CASE_INSENSITIVE);
      List<Workload> workloads = Side.WORKLOADS.stream().filter(w -> filter.matcher(w.name()).find()).toList();
      if (workloads.isEmpty()) {
        List<String> names = Side.WORKLOADS.stream().map(Workload::name).toList();
        throw usage("no workload matches " + filter + "; the workloads are " + names);
      }
      return new Options(Path.of(positional.get(0)), Path.of(positional.get(1)), rounds, workloads, warmup, gc, beforeRev,
          afterRev, raw);
    }
  }

  public static void main(String[] args) throws Throwable {
    Options o = Options.parse(args);
    List<Workload> workloads = o.workloads();
    int rounds = o.rounds();
    int warmup = o.warmup();
    GcMode gc = o.gc();
    if (!THREADS.isCurrentThreadCpuTimeSupported()) {
      throw new IllegalStateException("this JVM cannot measure thread CPU time");
    }
    THREADS.setThreadCpuTimeEnabled(true);

    PrintStream out = System.out;
    try (Side before = new Side("before", o.beforeJar(), o.beforeRev());
        Side after = new Side("after", o.afterJar(), o.afterRev())) {
      Side[] sides = {before, after};
      List<String> notes = new ArrayList<>();
      notes.add(String.format("at least %d warm-up rounds + %d measured rounds; GC: %s (outside the timed region); W6: %d calls"
          + " per sample", warmup, rounds, gc.name().toLowerCase(), Side.W6_BATCH));
      String threshold = System.getProperty("tatter.parallelThreshold");
      notes.add("tatter.parallelThreshold=" + threshold + " (before reads " + before.parallelThreshold() + ", after reads "
          + after.parallelThreshold() + ")" + (String.valueOf(Integer.MAX_VALUE).equals(threshold)
              ? ": loops never split, so the measured thread does all the work"
              : ": WARNING, W1 may split across the ForkJoin common pool and thread CPU would miss that work"));
      Report.environment(out, before, after, notes);

      out.println();
      out.println("== Set-up (inputs built, graphs compiled; not timed) and results checked before vs after");
      for (Workload w : workloads) {
        for (Side s : sides) {
          s.setUp(w);
        }
      }
      checkEqual(out, workloads, sides, "first call");

      Samples[][] samples = new Samples[workloads.size()][2];
      for (Samples[] pair : samples) {
        pair[0] = new Samples(rounds);
        pair[1] = new Samples(rounds);
      }
      // Warm-up: rounds in which each side repeats each workload for WARMUP_SAMPLE_NANOS, so that
      // even the 8 ms W1 runs for seconds and W6 for some 10^5 calls per side (W6 takes that long
      // to reach its steady state, with plateaus at several times its final cost on the way);
      // at least `warmup` rounds, then more (up to 3x) while the JIT is still busy, since a
      // compilation finishing mid-measurement changes one side's speed and not the other's.
      long warmStart = System.nanoTime();
      int warmed = 0;
      long jitMsLastRound = Long.MAX_VALUE;
      while (warmed < warmup || (jitMsLastRound > 5 && warmed < 3 * warmup)) {
        long jit0 = jitMillis();
        round(warmed - warmup, workloads, sides, gc, null, WARMUP_SAMPLE_NANOS);
        jitMsLastRound = jitMillis() - jit0;
        warmed++;
      }
      out.printf("warm-up: %d rounds of %d ms per (workload, side), %.0f s (JIT in the last round: %d ms)%n", warmed,
          WARMUP_SAMPLE_NANOS / 1_000_000, (System.nanoTime() - warmStart) / 1e9, jitMsLastRound);
      long jitBefore = jitMillis();
      for (int r = 0; r < rounds; r++) {
        round(r, workloads, sides, gc, samples, 0);
      }
      long jitMs = jitMillis() - jitBefore;
      checkEqual(out, workloads, sides, "after the last round");

      if (o.raw() != null) {
        Report.writeRaw(o.raw(), workloads, samples);
        out.println("raw samples written to " + o.raw());
      }
      Report.tables(out, workloads, samples, rounds);
      boolean ok = Report.verdict(out, workloads, samples, TOLERANCE);
      out.printf("%nJIT compilation during the measured rounds: %d ms (on compiler threads; near 0 means the warm-up sufficed)%n",
          jitMs);
      if (workloads.stream().anyMatch(Workload::perCall)) {
        out.printf("harness dispatch: about %.1f ns per call (a bound MethodHandle.invokeExact), inside both sides' W6 figure%n",
            dispatchNanos(Side.W6_BATCH));
      }
      out.println("load average at the end: " + Report.loadAverage());
      out.println(ok ? "RESULT: every workload within 5 % on thread CPU"
          : "RESULT: not every workload shown within 5 % on thread CPU");
    }
  }

  /**
   * One round: every (workload, side) pair timed once. The side that goes first alternates with
   * the round and, within a round, with the workload, so neither side is always the one that
   * runs just after a collection or just after the other workload. During the warm-up
   * {@code samples} is null and each sample repeats until {@code minNanos} have passed (through
   * {@link #sample} itself, so that the timing loop is compiled before it counts).
   */
  private static void round(int round, List<Workload> workloads, Side[] sides, GcMode gc, Samples[][] samples,
      long minNanos) throws Throwable {
    long[] one = new long[3];
    if (gc == GcMode.ROUND) {
      System.gc();
    }
    for (int wi = 0; wi < workloads.size(); wi++) {
      Workload w = workloads.get(wi);
      int first = Math.floorMod(round + wi, 2);
      if (gc == GcMode.PAIR) {
        System.gc();
      }
      for (int k = 0; k < 2; k++) {
        int side = (first + k) % 2;
        if (gc == GcMode.SAMPLE) {
          System.gc();
        }
        long spent = 0;
        do {
          sample(sides[side].call(w), w.callsPerSample(), one);
          spent += one[0];
        } while (spent < minNanos);
        if (samples != null) {
          Samples s = samples[wi][side];
          s.wall[round] = one[0];
          s.cpu[round] = one[1];
          s.withGc += (int) one[2];
        }
      }
    }
  }

  private static long jitMillis() {
    return ManagementFactory.getCompilationMXBean().getTotalCompilationTime();
  }

  /**
   * One timed sample: {@code calls} calls of a bound benchmark method. Only the calls are between
   * the clock readings; the thread-CPU readings (a system call each) are outermost, so the wall
   * interval holds none of their cost and the CPU interval only the cheap nanoTime reads.
   * {@code out} gets wall ns, thread-CPU ns and 1 if a collection ran meanwhile (read outside).
   */
  static void sample(MethodHandle call, int calls, long[] out) throws Throwable {
    long gcs = gcCount();
    long cpu0 = THREADS.getCurrentThreadCpuTime();
    long wall0 = System.nanoTime();
    Object last = null;
    for (int i = 0; i < calls; i++) {
      last = (Object) call.invokeExact();
    }
    long wall1 = System.nanoTime();
    long cpu1 = THREADS.getCurrentThreadCpuTime();
    sink = last;
    out[0] = wall1 - wall0;
    out[1] = cpu1 - cpu0;
    out[2] = gcCount() != gcs ? 1 : 0;
  }

  private static long gcCount() {
    long n = 0;
    for (GarbageCollectorMXBean b : COLLECTORS) {
      n += Math.max(0, b.getCollectionCount());
    }
    return n;
  }

  /**
   * Both sides' results of every workload, made loader-neutral ({@link Side#canonical}) and
   * compared element by element; stops the run if they differ, since timing two programs that
   * compute different things says nothing about the change.
   */
  private static void checkEqual(PrintStream out, List<Workload> workloads, Side[] sides, String when) throws Throwable {
    for (Workload w : workloads) {
      Object b = Side.canonical(sides[0].runOnce(w));
      Object a = Side.canonical(sides[1].runOnce(w));
      if (!Side.sameResult(b, a)) {
        out.printf("%-24s DIFFERENT results (%s): before %s, after %s%n", w.name(), when, Side.describe(b), Side.describe(a));
        System.exit(2);
      }
      out.printf("%-24s equal (%s): %s%n", w.name(), when, Side.describe(b));
    }
  }

  /** The harness's own cost per call, measured the way W6 is: a batch through a bound handle that does nothing. */
  private static double dispatchNanos(int calls) throws Throwable {
    MethodHandle nothing = MethodHandles.identity(Object.class).bindTo("x");
    long[] one = new long[3];
    double[] perCall = new double[31];
    for (int i = -30; i < perCall.length; i++) {
      sample(nothing, calls, one);
      if (i >= 0) {
        perCall[i] = (double) one[1] / calls;
      }
    }
    return Report.median(perCall);
  }

  private static IllegalArgumentException usage(String problem) {
    return new IllegalArgumentException(problem + "\nusage: BeforeAfter BEFORE_JAR AFTER_JAR [ROUNDS=30] [FILTER regex]"
        + " [--warmup=10] [--gc=pair|sample|round|none] [--before-rev=TEXT] [--after-rev=TEXT] [--raw=CSV_FILE]");
  }
}
