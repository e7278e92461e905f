package dev.tatter.frontend;

import dev.tatter.ir.Node;
import dev.tatter.runtime.InvalidArgumentException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * What a warm-up did: it compiled a fetch list's program and ran it again and again, on small
 * synthetic feeds of the placeholders' types ({@link Runner#warmUp()}, {@link Session#warmUp}) or
 * on a sample the caller gave ({@link Runner#warmUp(Map)}), until the JIT had compiled what those
 * runs execute, so that the first real request runs compiled code instead of paying for the
 * interpreter and the compilers. "Until" is read from the JVM: the warm-up stops once no method
 * finished compiling during the last {@link #QUIET_RUNS} runs and {@link #QUIET} (the
 * compilation time {@link CompilationMXBean} counts did not move) and HotSpot's compile queues
 * are empty, or when its time budget is spent ({@code settled} false then: another thread may keep
 * the compilers busy, or the budget was too short for this graph).
 *
 * <p>The synthetic feeds have an unknown outermost size of 1 to 64 rows in turn, ragged rows of 0
 * to 4 values, numbers of both signs, small non-negative integers (zeros, if those fail: an
 * integer is often an index into a table only the graph knows), and strings made of the graph's
 * own strings (a vocabulary's keys) and other words, single or as sentences of up to 24. A graph
 * those cannot run (a placeholder read as row splits, say) needs a sample; so does one whose real
 * data takes other paths than such data (the JIT compiles what it saw run, and a branch first
 * taken by a real request recompiles its method): a sample of real requests is always the better
 * warm-up when there is one.
 *
 * @param runs how many times the program ran
 * @param time how long the warm-up took, compiling included
 * @param settled whether the JIT went quiet before the budget was spent
 */
public record WarmUp(int runs, Duration time, boolean settled) {
  /** The time a warm-up may take unless told otherwise. */
  public static final Duration DEFAULT_BUDGET = Duration.ofSeconds(10);
  /** At least this many runs, whatever the JIT says (methods are queued for compiling by counts). */
  static final int MIN_RUNS = 200;
  /** Runs in a row without a finished compilation before the JIT counts as quiet. */
  static final int QUIET_RUNS = 100;
  /** And at least this long without one. */
  static final Duration QUIET = Duration.ofMillis(100);
  /** The outermost sizes of the synthetic feeds, in turn. */
  private static final int[] ROWS = {16, 1, 64, 4};

  /** Runs {@code run} on synthetic feeds of {@code placeholders}' types until the JIT is quiet or {@code budget} is spent. */
  static WarmUp synthetic(dev.tatter.ir.Graph graph, List<Node> placeholders, List<Node> fetches,
      Consumer<Map<String, ?>> run, Duration budget) {
    long start = System.nanoTime();
    List<String> words = SyntheticFeeds.graphWords(graph);
    List<Map<String, ?>> feeds = null;
    InvalidArgumentException failure = null;
    for (SyntheticFeeds.Fill fill : SyntheticFeeds.Fill.values()) {
      List<Map<String, ?>> candidate = new ArrayList<>();
      for (int i = 0; i < ROWS.length; i++) {
        candidate.add(mapOfKind(i, SyntheticFeeds.of(placeholders, ROWS[i], fill, words)));
      }
      try {
        for (Map<String, ?> f : candidate) {
          run.accept(f);
        }
        feeds = candidate;
        break;
      } catch (InvalidArgumentException e) {
        failure = failure == null ? e : failure;
      }
    }
    if (feeds == null) {
      throw new InvalidArgumentException("warm-up of " + fetches.stream().map(Node::describe).toList()
          + ": the synthetic feeds of the placeholders' types fail to run (" + failure.getMessage()
          + "); warm up with a sample of real feeds instead: runner.warmUp(feeds)", failure);
    }
    return repeat(feeds, run, budget, start, ROWS.length);
  }

  /** Runs {@code run} on {@code sample} until the JIT is quiet or {@code budget} is spent. */
  static WarmUp sample(Map<String, ?> sample, Consumer<Map<String, ?>> run, Duration budget) {
    List<Map<String, ?>> feeds = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      feeds.add(mapOfKind(i, sample));
    }
    return repeat(feeds, run, budget, System.nanoTime(), 0);
  }

  /**
   * {@code feeds} in one of three map classes in turn ({@code Map.copyOf}'s, a {@code HashMap}, a
   * {@code LinkedHashMap}): callers feed all kinds, and code the JIT compiled having seen one map
   * class is thrown away (deoptimized) the first time another comes, which would be the first
   * real request's cost.
   */
  private static Map<String, ?> mapOfKind(int i, Map<String, ?> feeds) {
    return switch (i % 3) {
      case 0 -> Map.copyOf(feeds);
      case 1 -> new java.util.HashMap<>(feeds);
      default -> new java.util.LinkedHashMap<>(feeds);
    };
  }

  private static WarmUp repeat(List<Map<String, ?>> feeds, Consumer<Map<String, ?>> run, Duration budget, long start,
      int alreadyRun) {
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    boolean counted = jit != null && jit.isCompilationTimeMonitoringSupported();
    long deadline = start + budget.toNanos();
    long compiled = counted ? jit.getTotalCompilationTime() : 0;
    long lastChange = System.nanoTime();
    int runs = alreadyRun;
    int quietRuns = 0;
    while (true) {
      run.accept(feeds.get(runs % feeds.size()));
      runs++;
      long now = System.nanoTime();
      long total = counted ? jit.getTotalCompilationTime() : compiled;
      if (total != compiled) {
        compiled = total;
        lastChange = now;
        quietRuns = 0;
      } else {
        quietRuns++;
      }
      if (runs >= MIN_RUNS && quietRuns >= QUIET_RUNS && now - lastChange >= QUIET.toNanos()) {
        if (CompileQueue.isEmpty()) {
          return new WarmUp(runs, Duration.ofNanos(now - start), true);
        }
        lastChange = now; // a compilation still queued or running: wait for another quiet spell
        quietRuns = 0;
      }
      if (now - deadline >= 0) {
        return new WarmUp(runs, Duration.ofNanos(now - start), false);
      }
    }
  }
}
