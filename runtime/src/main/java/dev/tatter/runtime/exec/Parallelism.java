package dev.tatter.runtime.exec;

import java.util.Objects;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.function.Supplier;

/**
 * Which {@link ForkJoinPool} the parallel loops of a run split their work across (the fused
 * elementwise loops, sparse-dense matmul). A server that must bound Tatter's threads gives a
 * pool to {@code Session} (which runs each run through {@link #runIn}); otherwise the work goes
 * where Java's parallel streams send it: to the pool of the calling thread when that is a pool's
 * worker, else to the common pool. The pool must be a {@code ForkJoinPool}, not any {@code
 * Executor}: the loops split themselves into fork/join tasks that join their halves, which a
 * plain fixed-size executor could deadlock on.
 */
public final class Parallelism {
  private static final ThreadLocal<ForkJoinPool> GIVEN = new ThreadLocal<>();

  private Parallelism() {}

  /** The pool for parallel work started on this thread now. */
  public static ForkJoinPool pool() {
    ForkJoinPool given = GIVEN.get();
    if (given != null) {
      return given;
    }
    ForkJoinPool hosting = ForkJoinTask.getPool(); // the pool whose worker runs this thread, or null
    return hosting != null ? hosting : ForkJoinPool.commonPool();
  }

  /** Runs {@code run} on this thread with {@code pool} as the pool of its parallel loops (restored after). */
  public static <T> T runIn(ForkJoinPool pool, Supplier<T> run) {
    Objects.requireNonNull(pool, "pool");
    ForkJoinPool previous = GIVEN.get();
    GIVEN.set(pool);
    try {
      return run.get();
    } finally {
      if (previous == null) {
        GIVEN.remove();
      } else {
        GIVEN.set(previous);
      }
    }
  }
}
