package dev.tatter.bench;

import java.util.Arrays;

/**
 * A cross-check of {@link ToTensorBenchmark} for shared, loaded machines: runs the session and
 * both hand-written versions in turn, round after round, so that load drifting over time hits
 * all three alike, and prints each one's minimum and median. Not a JMH benchmark; run with
 * {@code java -cp bench/target/benchmarks.jar dev.tatter.bench.ToTensorAlternating [rounds]}.
 */
public final class ToTensorAlternating {
  private ToTensorAlternating() {}

  public static void main(String[] args) {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 60;
    ToTensorBenchmark b = new ToTensorBenchmark();
    b.setup();
    String[] names = {"session", "handWrittenLoop", "handWrittenArraycopy"};
    long[][] times = new long[3][rounds];
    long sink = 0;
    for (int warm = 0; warm < 20; warm++) {
      sink += b.session().hashCode() + b.handWrittenLoop().length + b.handWrittenArraycopy().length;
    }
    for (int r = 0; r < rounds; r++) {
      for (int k = 0; k < 3; k++) {
        int which = (r + k) % 3; // rotate the order too
        long t0 = System.nanoTime();
        Object out = switch (which) {
          case 0 -> b.session();
          case 1 -> b.handWrittenLoop();
          default -> b.handWrittenArraycopy();
        };
        times[which][r] = System.nanoTime() - t0;
        sink += out.hashCode() & 1;
      }
    }
    for (int k = 0; k < 3; k++) {
      long[] t = times[k].clone();
      Arrays.sort(t);
      System.out.printf("%-22s min %7.2f ms   median %7.2f ms%n", names[k], t[0] / 1e6, t[t.length / 2] / 1e6);
    }
    System.out.println("(sink " + (sink & 1) + ")");
  }
}
