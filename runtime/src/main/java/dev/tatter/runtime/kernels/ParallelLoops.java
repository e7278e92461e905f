package dev.tatter.runtime.kernels;

import dev.tatter.runtime.exec.Parallelism;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * The one policy for splitting a kernel's loop across the run's {@link ForkJoinPool} ({@link
 * Parallelism#pool}: a session's own pool, else the common one): work of at
 * least {@link #THRESHOLD} element visits is split into contiguous ranges, smaller work runs on
 * the calling thread. Fused loops ({@code FusedSupport}), row reductions, {@code to_tensor} and
 * {@code sparse_dense_matmul} all ask here, so one system property moves every one of them.
 *
 * <p>Why a split run equals a serial one bit for bit: every kernel split here writes disjoint
 * ranges of its output, and computes each output element from the same inputs in the same order
 * as its serial loop (a row's values are folded by one task, a matmul output row is written by
 * one task). Nothing is combined across tasks, so no sum is reassociated.
 *
 * <p>What the threshold trades: below about a million elements a loop runs in well under a
 * millisecond and a fork-join round trip (tens of microseconds, more on a loaded machine) is a
 * measurable share; above it, memory-bound loops gain what the machine's memory bandwidth allows
 * beyond one core's.
 */
public final class ParallelLoops {
  /**
   * Work (element visits) from which a loop is split (system property {@code
   * tatter.parallelThreshold}, default 2^20; {@code 2147483647} keeps every loop on the calling
   * thread, which is how benchmarks that count one thread's CPU time run).
   */
  public static final int THRESHOLD = Integer.getInteger("tatter.parallelThreshold", 1 << 20);

  /** Elements per task when a loop is split: large enough that each task streams for a while. */
  public static final int GRAIN = 1 << 16;

  private ParallelLoops() {}

  /** A loop over a range {@code [from, to)} of its index space; ranges given to one body never overlap. */
  @FunctionalInterface
  public interface Range {
    void run(int from, int to);
  }

  /** Whether work of {@code work} element visits is split. */
  public static boolean splits(long work) {
    return work >= THRESHOLD;
  }

  /** How many tasks a split loop over {@code count} items gets: at least 2, a few per worker (for kernels that choose their own bounds). */
  public static int tasks(long count) {
    return (int) Math.max(2, Math.min(count / GRAIN, 4L * (Parallelism.pool().getParallelism() + 1)));
  }

  /**
   * Runs {@code body} over {@code [0, count)}, split into equal contiguous ranges when {@code work}
   * (the element visits of the whole loop) reaches the threshold.
   */
  public static void forRange(int count, long work, Range body) {
    if (!splits(work) || count < 2) {
      body.run(0, count);
      return;
    }
    int tasks = Math.min(count, tasks(Math.max(count, work)));
    int[] bounds = new int[tasks + 1];
    for (int t = 0; t <= tasks; t++) {
      bounds[t] = (int) ((long) count * t / tasks);
    }
    invoke(bounds, body);
  }

  /**
   * Runs {@code body} over the rows {@code [0, splits.length - 1)} of row splits {@code splits},
   * split where the values (not the rows) divide evenly, so that a few long rows (a skewed shape)
   * do not leave one task with most of the work. The work is the values plus the rows.
   */
  public static void forRows(long[] splits, Range body) {
    forRows(splits, splits.length - 1, body);
  }

  /** {@link #forRows(long[], Range)} over the first {@code nrows} rows of {@code splits} only. */
  public static void forRows(long[] splits, int nrows, Range body) {
    long nvals = splits[nrows] - splits[0];
    long work = nvals + nrows;
    if (!splits(work) || nrows < 2) {
      body.run(0, nrows);
      return;
    }
    int tasks = Math.min(nrows, tasks(work));
    int[] bounds = new int[tasks + 1];
    bounds[tasks] = nrows;
    for (int t = 1; t < tasks; t++) {
      // the first row whose start plus its index passes t/tasks of the work
      long target = work * t / tasks;
      int lo = bounds[t - 1];
      int hi = nrows;
      while (lo < hi) {
        int mid = (lo + hi) >>> 1;
        if (splits[mid] - splits[0] + mid < target) {
          lo = mid + 1;
        } else {
          hi = mid;
        }
      }
      bounds[t] = lo;
    }
    invoke(bounds, body);
  }

  /** Runs {@code body} over each non-empty {@code [bounds[t], bounds[t + 1])} in the run's pool, and waits for all. */
  public static void invoke(int[] bounds, Range body) {
    Parallelism.pool().invoke(new Split(bounds, 0, bounds.length - 1, body));
  }

  private static final class Split extends RecursiveAction {
    private final int[] bounds;
    private final int first;
    private final int last;
    private final Range body;

    Split(int[] bounds, int first, int last, Range body) {
      this.bounds = bounds;
      this.first = first;
      this.last = last;
      this.body = body;
    }

    @Override
    protected void compute() {
      if (last - first <= 1) {
        if (bounds[first] < bounds[last]) {
          body.run(bounds[first], bounds[last]);
        }
        return;
      }
      int mid = (first + last) >>> 1;
      invokeAll(new Split(bounds, first, mid, body), new Split(bounds, mid, last, body));
    }
  }
}
