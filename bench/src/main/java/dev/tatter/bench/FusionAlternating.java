package dev.tatter.bench;

import java.util.function.Supplier;

/**
 * W1 and W3 measured round-robin in one JVM: each round times one call of every variant, so a
 * burst of load from other processes hits all of them alike, and the medians' ratios stay
 * meaningful on a shared machine where JMH's one-benchmark-after-another runs drift. Run with
 * {@code java -Xms4g -Xmx4g -XX:+UseParallelGC -cp bench/target/benchmarks.jar
 * dev.tatter.bench.FusionAlternating [rounds]}.
 */
public final class FusionAlternating {
  private FusionAlternating() {}

  public static void main(String[] args) {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 40;
    W1ElementwiseBenchmark w1 = new W1ElementwiseBenchmark();
    w1.setup();
    W3RowReductionBenchmark w3 = new W3RowReductionBenchmark();
    w3.setup();
    String[] names = {"W1 fused (session run)", "W1 fused (unchecked)", "W1 hand loop", "W1 unfused interpreter", "W3 fused (session run)", "W3 hand loop",
        "W3 unfused interpreter"};
    @SuppressWarnings("unchecked")
    Supplier<Object>[] variants = new Supplier[] {w1::fusedSession, w1::fusedUnchecked, w1::handLoop, w1::unfusedInterpreter,
        w3::fusedSession, w3::handLoop, w3::unfusedInterpreter};
    RoundRobin.Timings t = RoundRobin.time(variants, RoundRobin.Plan.of(10, rounds));
    System.out.printf("parallel threshold %d elements, %d rounds%n", dev.tatter.runtime.exec.FusedSupport.PARALLEL_THRESHOLD, rounds);
    System.out.printf("%-26s %10s %10s %14s %14s%n", "variant", "median ms", "min ms", "thread cpu ms", "thread cpu min");
    for (int v = 0; v < variants.length; v++) {
      RoundRobin.Samples x = t.samples()[v];
      System.out.printf("%-26s %10.2f %10.2f %14.2f %14.2f%n", names[v], x.medians().wallMs(), x.wallMin(),
          x.medians().threadCpuMs(), x.threadCpuMin());
    }
    System.out.println("(sink " + t.sink() + ")");
  }
}
