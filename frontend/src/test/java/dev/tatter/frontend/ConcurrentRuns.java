package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BiFunction;

/**
 * Runs random (signature, input) pairs of one shared session from several threads and checks
 * every outcome against the one computed single-threaded beforehand.
 */
final class ConcurrentRuns {
  private ConcurrentRuns() {}

  /**
   * @param expected the outcome of signature {@code s} on input {@code in} at {@code s * inputs + in}
   * @param outcome runs signature {@code s} on input {@code in} and returns its outcome
   */
  static void checkAgainst(List<?> expected, int signatures, int inputs, int threads, int runsPerThread,
      BiFunction<Integer, Integer, Object> outcome) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Integer>> futures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        long seed = t;
        futures.add(pool.submit(() -> {
          Random r = new Random(seed);
          int checked = 0;
          for (int i = 0; i < runsPerThread; i++) {
            int s = r.nextInt(signatures);
            int in = r.nextInt(inputs);
            assertEquals(expected.get(s * inputs + in), outcome.apply(s, in), "signature " + s + ", input " + in);
            checked++;
          }
          return checked;
        }));
      }
      int total = 0;
      for (Future<Integer> f : futures) {
        total += f.get();
      }
      assertEquals(threads * runsPerThread, total);
    } finally {
      pool.shutdownNow();
    }
  }
}
