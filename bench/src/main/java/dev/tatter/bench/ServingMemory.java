package dev.tatter.bench;

import dev.tatter.bench.compare.Report;
import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Result;
import dev.tatter.frontend.Runner;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The heap two runners of an embedding-pooling graph need: {@code reduce_mean(tanh(gather(table,
 * ids) * 0.5), axis=1)} over {@code TOKENS} ids in rows of 24 and a [10000, 64] float32 table, so
 * the fused loop writes a {@code [TOKENS, 64]} float32 intermediate (614 MB at 2.4M tokens) that
 * only the row mean reads. Two runners of one session run alternately, each keeping its last
 * result as a server would while it answers; after every run a full GC, then the heap still in use
 * (what the runners and results hold), and at the end the peak of the heap's pools. A run that
 * runs out of memory ends the driver, saying which.
 *
 * <p>Only the public API common to every version since runners existed is used, so the same class
 * can run against an earlier build's jar (the before figure).
 *
 * <pre>java -Xms3g -Xmx3g -XX:+UseParallelGC -cp bench/target/benchmarks.jar dev.tatter.bench.ServingMemory [TOKENS [ROUNDS]] [--markdown]</pre>
 */
public final class ServingMemory {
  static final int DIMENSION = 64;
  static final int ROW_LENGTH = 24;
  static final int VOCABULARY = 10_000;

  private ServingMemory() {}

  public static void main(String[] args) {
    String[] positional = MarkdownTable.positional(args);
    int tokens = positional.length > 0 ? Integer.parseInt(positional[0]) : 2_400_000;
    int rounds = positional.length > 1 ? Integer.parseInt(positional[1]) : 3;
    String load = Report.loadAverage();
    GraphBuilder g = new GraphBuilder();
    Value ids = g.placeholder("ids", Types.ragged(DType.INT64, 1));
    Value table = g.placeholder("table", Types.dense(DType.FLOAT32, -1, DIMENSION));
    Value pooled = g.ops().math.tanh(g.ops().gather(table, ids).mul(0.5f)).reduceMean(1);
    Map<String, Object> feeds = feeds(tokens);
    List<String> lines = new ArrayList<>();
    long maxRetained = 0;
    String outcome = "every run succeeded";
    resetPeaks();
    try (Session session = new Session(g.build(pooled))) {
      Runner[] runners = {session.runner(pooled), session.runner(pooled)};
      Result[] held = new Result[2];
      run:
      for (int round = 0; round < rounds; round++) {
        for (int r = 0; r < 2; r++) {
          long start = System.nanoTime();
          try {
            held[r] = runners[r].run(feeds);
          } catch (RuntimeException | OutOfMemoryError e) {
            outcome = "round " + round + ", runner " + r + " failed: " + e.getMessage();
            break run;
          }
          double ms = (System.nanoTime() - start) / 1e6;
          long retained = usedAfterGc();
          maxRetained = Math.max(maxRetained, retained);
          lines.add(String.format(Locale.ROOT, "| %d | %d | %.0f | %s |", round, r, ms, mb(retained)));
        }
      }
      if (held[0] != null && held[1] != null && !held[0].tensor(0).equals(held[1].tensor(0))) {
        throw new IllegalStateException("the two runners' results differ");
      }
    }
    long peak = peakHeap();
    String title = String.format(Locale.ROOT,
        "#### Two runners of the pooling graph: %,d tokens, a [%d, %d] float32 intermediate (%s)", tokens, tokens,
        DIMENSION, mb(4L * tokens * DIMENSION));
    StringBuilder md = new StringBuilder(title).append("\n\n`").append(MarkdownTable.command(ServingMemory.class, args))
        .append("`\n\n| round | runner | run ms | heap in use after the run and a full GC |\n|---:|---:|---:|---:|\n");
    lines.forEach(l -> md.append(l).append('\n'));
    md.append(String.format(Locale.ROOT, "%nOutcome: %s. Heap in use between runs at most %s; peak of the heap's pools %s"
        + " (of %s); load average %s at the start, %s at the end.%n", outcome, mb(maxRetained), mb(peak),
        mb(Runtime.getRuntime().maxMemory()), load, Report.loadAverage()));
    md.append(MarkdownTable.figure("serving-memory-retained-mb", maxRetained / 1e6));
    md.append(MarkdownTable.figure("serving-memory-peak-mb", peak / 1e6));
    System.out.print(md);
  }

  static Map<String, Object> feeds(int tokens) {
    long[] ids = new long[tokens];
    for (int i = 0; i < tokens; i++) {
      ids[i] = (i * 7919L) % VOCABULARY;
    }
    int rows = (tokens + ROW_LENGTH - 1) / ROW_LENGTH;
    long[] splits = new long[rows + 1];
    for (int r = 0; r <= rows; r++) {
      splits[r] = Math.min(tokens, (long) r * ROW_LENGTH);
    }
    float[] table = new float[VOCABULARY * DIMENSION];
    for (int i = 0; i < table.length; i++) {
      table[i] = (i % 97) / 24f - 2f;
    }
    return Map.of("ids", RaggedTensor.of(Tensor.ofLongs(ids), RowPartition.fromRowSplits(splits, DType.INT64, true)),
        "table", Tensor.of(DType.FLOAT32, table, VOCABULARY, DIMENSION));
  }

  private static long usedAfterGc() {
    System.gc();
    System.gc();
    Runtime rt = Runtime.getRuntime();
    return rt.totalMemory() - rt.freeMemory();
  }

  private static void resetPeaks() {
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        pool.resetPeakUsage();
      }
    }
  }

  /** The sum of the heap pools' peaks (each pool's own peak, so an upper bound of the heap's). */
  private static long peakHeap() {
    long sum = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        sum += pool.getPeakUsage().getUsed();
      }
    }
    return sum;
  }

  private static String mb(long bytes) {
    return String.format(Locale.ROOT, "%,.0f MB", bytes / 1e6);
  }
}
