package dev.tatter.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * Times variants of one workload round-robin in one JVM: each round calls every variant once, so a
 * burst of load from other processes hits all of them alike. Per call it records wall time, the
 * calling thread's CPU time, the whole process's CPU time (which counts TF's pool threads, a
 * split loop's pool threads, the JIT and the GC) and the bytes the calling thread allocated. Every driver in this package times through here,
 * so they all mean the same thing by "median" and "thread CPU".
 *
 * <p>A result that is {@link AutoCloseable} (an Arrow vector, say) is closed after its sample,
 * outside the timed region: a user pays for closing it, but not as part of the conversion.
 */
public final class RoundRobin {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  /** HotSpot's per-thread allocation counter (bytes allocated by the calling thread, TLABs included). */
  private static final com.sun.management.ThreadMXBean ALLOCATION = (com.sun.management.ThreadMXBean) THREADS;
  private static final com.sun.management.OperatingSystemMXBean PROCESS =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  private RoundRobin() {}

  /**
   * How to time: {@code warmups} untimed rounds, then {@code rounds} timed ones; with
   * {@code gcBeforeEachSample} a full GC runs before every call (outside the timed region), so one
   * variant's garbage is not collected on another's clock; with {@code rotate} the variant that
   * goes first moves by one each round, so none always runs right after the same neighbour.
   */
  public record Plan(int warmups, int rounds, boolean gcBeforeEachSample, boolean rotate) {
    public Plan {
      if (warmups < 0 || rounds < 1) {
        throw new IllegalArgumentException("need warmups >= 0 and rounds >= 1, got " + warmups + " and " + rounds);
      }
    }

    public static Plan of(int warmups, int rounds) {
      return new Plan(warmups, rounds, false, false);
    }

    public Plan withGcBeforeEachSample() {
      return new Plan(warmups, rounds, true, rotate);
    }

    public Plan rotating() {
      return new Plan(warmups, rounds, gcBeforeEachSample, true);
    }
  }

  /** One variant's medians, in milliseconds per call. */
  public record Medians(double wallMs, double threadCpuMs, double processCpuMs) {}

  /**
   * One variant's samples, one per timed round, in milliseconds per call, and the bytes the calling
   * thread allocated per call (what a kernel running on a pool thread allocates is not counted).
   */
  public record Samples(double[] wallMs, double[] threadCpuMs, double[] processCpuMs, double[] allocatedBytes) {
    public Medians medians() {
      return new Medians(median(wallMs), median(threadCpuMs), median(processCpuMs));
    }

    public double wallMin() {
      return Arrays.stream(wallMs).min().orElseThrow();
    }

    public double threadCpuMin() {
      return Arrays.stream(threadCpuMs).min().orElseThrow();
    }

    /** The mean, not the median: the process clock ticks in coarse steps on some systems. */
    public double processCpuMean() {
      return Arrays.stream(processCpuMs).average().orElseThrow();
    }

    /** The median of the bytes the calling thread allocated per call. */
    public double allocatedBytesMedian() {
      return median(allocatedBytes);
    }
  }

  /** The samples per variant, and a value the results fed so that no call can be optimised away. */
  public record Timings(Samples[] samples, long sink) {
    public Medians[] medians() {
      return Arrays.stream(samples).map(Samples::medians).toArray(Medians[]::new);
    }
  }

  /** {@code warmups} untimed rounds, then {@code rounds} timed ones, in a fixed order, no GC between calls. */
  public static Timings time(Supplier<?>[] variants, int warmups, int rounds) {
    return time(variants, Plan.of(warmups, rounds));
  }

  public static Timings time(Supplier<?>[] variants, Plan plan) {
    int n = variants.length;
    double[][] wall = new double[n][plan.rounds()];
    double[][] cpu = new double[n][plan.rounds()];
    double[][] processCpu = new double[n][plan.rounds()];
    double[][] allocated = new double[n][plan.rounds()];
    long thread = Thread.currentThread().getId();
    long sink = 0;
    for (int r = -plan.warmups(); r < plan.rounds(); r++) {
      for (int k = 0; k < n; k++) {
        int v = plan.rotate() ? Math.floorMod(k + r, n) : k;
        if (plan.gcBeforeEachSample()) {
          System.gc();
        }
        long a0 = ALLOCATION.getThreadAllocatedBytes(thread);
        long p0 = PROCESS.getProcessCpuTime();
        long c0 = THREADS.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        Object out = variants[v].get();
        long t1 = System.nanoTime();
        long c1 = THREADS.getCurrentThreadCpuTime();
        long p1 = PROCESS.getProcessCpuTime();
        long a1 = ALLOCATION.getThreadAllocatedBytes(thread);
        sink += System.identityHashCode(out) & 1;
        close(out);
        if (r >= 0) {
          wall[v][r] = (t1 - t0) / 1e6;
          cpu[v][r] = (c1 - c0) / 1e6;
          processCpu[v][r] = (p1 - p0) / 1e6;
          allocated[v][r] = a1 - a0;
        }
      }
    }
    Samples[] samples = new Samples[n];
    for (int v = 0; v < n; v++) {
      samples[v] = new Samples(wall[v], cpu[v], processCpu[v], allocated[v]);
    }
    return new Timings(samples, sink);
  }

  /**
   * Times {@code variants} (5 warm-up rounds, then {@code rounds}) and prints their medians with
   * each one's thread CPU over the variant named {@code hand}.
   */
  public static void printTable(String[] names, Supplier<?>[] variants, int rounds) {
    Timings t = time(variants, 5, rounds);
    System.out.printf("%d rounds; medians of wall time, of the calling thread's CPU time and of the whole process's CPU time"
        + " (which counts TF's own threads, and the JVM's GC and JIT threads too)%n", rounds);
    System.out.printf("%-24s %10s %10s %14s %16s %10s%n", "variant", "wall ms", "wall min", "thread cpu ms", "process cpu ms",
        "cpu/hand");
    double handCpu = t.medians()[Arrays.asList(names).indexOf("hand")].threadCpuMs();
    for (int v = 0; v < variants.length; v++) {
      Medians m = t.samples()[v].medians();
      System.out.printf("%-24s %10.2f %10.2f %14.2f %16.2f %10.2f%n", names[v], m.wallMs(), t.samples()[v].wallMin(),
          m.threadCpuMs(), m.processCpuMs(), m.threadCpuMs() / handCpu);
    }
    System.out.println("(sink " + t.sink() + ")");
  }

  static double median(double[] a) {
    double[] s = a.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }

  private static void close(Object out) {
    if (out instanceof AutoCloseable closeable) {
      try {
        closeable.close();
      } catch (Exception e) {
        throw new IllegalStateException("closing a variant's result failed", e);
      }
    }
  }
}
