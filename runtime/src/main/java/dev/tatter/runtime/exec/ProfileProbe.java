package dev.tatter.runtime.exec;

/**
 * What an instrumented program calls around each node, and in place of {@link
 * FusedSupport#forRange} for a split loop: only programs compiled for profiling reference this
 * class, so the ordinary generated class is the same with profiling or without. A run being
 * profiled installs its {@link Listener} on the running thread ({@link #install}); a probe with
 * no listener installed does nothing, so an instrumented program also runs unobserved.
 */
public final class ProfileProbe {
  /** Receives the events of one profiled run. {@link #loop} may be called from pool threads at once. */
  public interface Listener {
    /** Node {@code node} (its id) is about to run on this thread. */
    void enter(int node);

    /** Node {@code node} ran on this thread and produced {@code value}. */
    void exit(int node, Object value);

    /**
     * A piece {@code [from, to)} of fused loop {@code kernel} ran on the current thread from
     * {@code startNanos} to {@code endNanos} ({@link System#nanoTime}), inside the node being run.
     */
    void loop(int kernel, int from, int to, long startNanos, long endNanos);
  }

  private static final ThreadLocal<Listener> CURRENT = new ThreadLocal<>();

  private ProfileProbe() {}

  /** Installs {@code listener} on this thread until the returned handle is closed. */
  public static Installed install(Listener listener) {
    Listener previous = CURRENT.get();
    CURRENT.set(listener);
    return () -> {
      if (previous == null) {
        CURRENT.remove();
      } else {
        CURRENT.set(previous);
      }
    };
  }

  /** Restores the listener installed before (none, usually). */
  public interface Installed extends AutoCloseable {
    @Override
    void close();
  }

  public static void enter(int node) {
    Listener listener = CURRENT.get();
    if (listener != null) {
      listener.enter(node);
    }
  }

  public static void exit(int node, Object value) {
    Listener listener = CURRENT.get();
    if (listener != null) {
      listener.exit(node, value);
    }
  }

  /**
   * {@link FusedSupport#forRange} with each piece timed on the thread that runs it and reported to
   * the calling thread's listener (pool threads have none of their own).
   */
  public static void forRange(LoopBody body, int kernel, int count, Object[] args) {
    Listener listener = CURRENT.get();
    if (listener == null) {
      FusedSupport.forRange(body, kernel, count, args);
      return;
    }
    FusedSupport.forRange((k, from, to, a) -> {
      long start = System.nanoTime();
      body.loop(k, from, to, a);
      listener.loop(k, from, to, start, System.nanoTime());
    }, kernel, count, args);
  }
}
