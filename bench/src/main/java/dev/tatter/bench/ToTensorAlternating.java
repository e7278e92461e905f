package dev.tatter.bench;

import java.util.function.Supplier;

/**
 * A cross-check of {@link ToTensorBenchmark} for shared, loaded machines: runs the session and
 * both hand-written versions in turn, round after round, so that load drifting over time hits
 * all three alike, and prints each one's minimum and median wall and thread CPU time. Not a JMH benchmark; run with
 * {@code java -cp bench/target/benchmarks.jar dev.tatter.bench.ToTensorAlternating [rounds]}.
 */
public final class ToTensorAlternating {
  private ToTensorAlternating() {}

  public static void main(String[] args) {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 60;
    ToTensorBenchmark b = new ToTensorBenchmark();
    b.setup();
    String[] names = {"session", "handWrittenLoop", "handWrittenArraycopy"};
    Supplier<?>[] variants = {b::session, b::handWrittenLoop, b::handWrittenArraycopy};
    RoundRobin.Timings t = RoundRobin.time(variants, RoundRobin.Plan.of(20, rounds).rotating());
    for (int k = 0; k < variants.length; k++) {
      RoundRobin.Samples x = t.samples()[k];
      System.out.printf("%-22s wall min %7.2f ms   median %7.2f ms   thread cpu min %7.2f ms   median %7.2f ms%n", names[k],
          x.wallMin(), x.medians().wallMs(), x.threadCpuMin(), x.medians().threadCpuMs());
    }
    System.out.println("(sink " + (t.sink() & 1) + ")");
  }
}
