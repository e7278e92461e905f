package dev.tatter.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * Times variants of one workload round-robin in one JVM: each round calls every variant once, so a
 * burst of load from other processes hits all of them alike. Per call it records wall time, the
 * calling thread's CPU time and the whole process's CPU time (which counts TF's pool threads, the
 * JIT and the GC); the medians are what drivers print.
 */
public final class RoundRobin {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final com.sun.management.OperatingSystemMXBean PROCESS =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  private RoundRobin() {}

  /** One variant's medians, in milliseconds per call. */
  public record Medians(double wallMs, double threadCpuMs, double processCpuMs) {}

  /** The medians per variant, and a value the results fed so that no call can be optimised away. */
  public record Timings(Medians[] medians, long sink) {}

  /** {@code warmups} untimed rounds, then {@code rounds} timed ones. */
  public static Timings time(Supplier<?>[] variants, int warmups, int rounds) {
    double[][] wall = new double[variants.length][rounds];
    double[][] cpu = new double[variants.length][rounds];
    double[][] processCpu = new double[variants.length][rounds];
    long sink = 0;
    for (int warm = 0; warm < warmups; warm++) {
      for (Supplier<?> v : variants) {
        sink += System.identityHashCode(v.get()) & 1;
      }
    }
    for (int r = 0; r < rounds; r++) {
      for (int v = 0; v < variants.length; v++) {
        long p0 = PROCESS.getProcessCpuTime();
        long c0 = THREADS.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        sink += System.identityHashCode(variants[v].get()) & 1;
        wall[v][r] = (System.nanoTime() - t0) / 1e6;
        cpu[v][r] = (THREADS.getCurrentThreadCpuTime() - c0) / 1e6;
        processCpu[v][r] = (PROCESS.getProcessCpuTime() - p0) / 1e6;
      }
    }
    Medians[] medians = new Medians[variants.length];
    for (int v = 0; v < variants.length; v++) {
      medians[v] = new Medians(median(wall[v]), median(cpu[v]), median(processCpu[v]));
    }
    return new Timings(medians, sink);
  }

  /**
   * Times {@code variants} (5 warm-up rounds, then {@code rounds}) and prints their medians with
   * each one's thread CPU over the variant named {@code hand}.
   */
  public static void printTable(String[] names, Supplier<?>[] variants, int rounds) {
    Timings t = time(variants, 5, rounds);
    System.out.printf("%d rounds; medians of wall time, of the calling thread's CPU time and of the whole process's CPU time"
        + " (which counts TF's own threads, and the JVM's GC and JIT threads too)%n", rounds);
    System.out.printf("%-24s %10s %14s %16s %10s%n", "variant", "wall ms", "thread cpu ms", "process cpu ms", "cpu/hand");
    double handCpu = t.medians()[Arrays.asList(names).indexOf("hand")].threadCpuMs();
    for (int v = 0; v < variants.length; v++) {
      Medians m = t.medians()[v];
      System.out.printf("%-24s %10.2f %14.2f %16.2f %10.2f%n", names[v], m.wallMs(), m.threadCpuMs(), m.processCpuMs(),
          m.threadCpuMs() / handCpu);
    }
    System.out.println("(sink " + t.sink() + ")");
  }

  private static double median(double[] a) {
    double[] s = a.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }
}
