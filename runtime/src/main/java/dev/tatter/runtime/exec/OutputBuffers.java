package dev.tatter.runtime.exec;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.Map;

/**
 * The output arrays of one runner's generated loops. Between runs it keeps only the arrays the
 * last run's results hold (the fetched outputs): the loop of kernel {@code k} writes into the array
 * it wrote last time when the dtype and length are the same, and into a new one otherwise. Every
 * other array a loop writes (an intermediate) goes, once the run's {@link BufferLifetimes} say no
 * live value can hold it (or when the run ends), to the {@link BufferPool}, which keeps it under its
 * budget for a later loop needing an array of the same type and length, or drops it. Every
 * generated loop writes every element of its output (an elementwise loop and a row scan each index,
 * a row fold each row), so a reused array needs no clearing and no stale element survives a run. A
 * row filter keeps three arrays ({@link #PARTS} per kernel): the values it writes (as many as its
 * input has; the first {@code kept} are the result when some are dropped), the result's row splits
 * (every one written by the loop, the first by {@code FusedSupport}) and the kept values copied out
 * when some were dropped.
 *
 * <p>An array a result held ("exposed") never goes to the pool, even when a later run no longer
 * fetches it: a caller may still read it, and only this runner's own next run may write it (the
 * aliasing rules of {@code Runner}). So the pool holds only arrays no caller has seen.
 *
 * <p>A run is {@link #startRun started} with the program's lifetimes and {@link #finishRun finished}
 * with its results (or {@link #abortRun aborted}); a program run with buffers but never started or
 * finished simply keeps every loop's arrays, run after run. Not thread-safe: one instance belongs to
 * one runner, which refuses to run on two threads at once. A kernel runs once per run, so within a
 * run no array is handed to two kernels.
 */
public final class OutputBuffers {
  private final BufferPool pool; // null: nothing pooled, intermediates dropped
  private Object[] arrays = new Object[4];
  /** Slots whose array a result held at the end of a run. */
  private boolean[] exposed = new boolean[4];
  private BufferLifetimes lifetimes = BufferLifetimes.NONE;
  /** The next kernel whose dead-before list has not been applied this run. */
  private int nextKernel;
  /** Set when a loop took its general path this run: no more releases until the run ends. */
  private boolean generalPath;

  /** Buffers without a pool: intermediates are dropped when a run finishes. */
  public OutputBuffers() {
    this(null);
  }

  /** Buffers whose dead intermediates go to {@code pool} (null: dropped). */
  public OutputBuffers(BufferPool pool) {
    this.pool = pool;
  }

  /**
   * The output array of kernel {@code kernel}: this buffer's array for it if it has {@code length}
   * elements of {@code dtype}'s storage, else a new one that replaces it.
   *
   * @param buffers the runner's buffers, or null when the run keeps nothing (a plain {@code run})
   */
  public static Object array(OutputBuffers buffers, int kernel, DType dtype, int length) {
    return array(buffers, kernel, 0, dtype, length);
  }

  /** The arrays one kernel may keep: a row filter's values, row splits and trimmed values. */
  public static final int PARTS = 3;

  /**
   * As {@link #array(OutputBuffers, int, DType, int)}, for array {@code part} ({@code < PARTS}) of
   * the kernel: its own array of the last run if it fits, else one of that size from the pool,
   * else a new one. Asking for part 0 first releases the arrays of the kernels the lifetimes say
   * are dead by now.
   */
  public static Object array(OutputBuffers buffers, int kernel, int part, DType dtype, int length) {
    Class<?> element = dtype.arrayClass().getComponentType();
    if (buffers == null) {
      return Array.newInstance(element, length);
    }
    return buffers.take(kernel, part, element, length);
  }

  private Object take(int kernel, int part, Class<?> element, int length) {
    if (part == 0) {
      releaseDeadBefore(kernel);
    }
    int slot = kernel * PARTS + part;
    if (slot >= arrays.length) {
      int size = Math.max(slot + 1, 2 * arrays.length);
      arrays = Arrays.copyOf(arrays, size);
      exposed = Arrays.copyOf(exposed, size);
    }
    Object kept = arrays[slot];
    if (kept != null && kept.getClass().getComponentType() == element && Array.getLength(kept) == length) {
      return kept;
    }
    if (kept != null && !exposed[slot] && pool != null) {
      pool.give(kept); // written by this runner and never handed out (a run not finished)
    }
    Object pooled = pool == null ? null : pool.take(element, length);
    Object fresh = pooled != null ? pooled : Array.newInstance(element, length);
    arrays[slot] = fresh;
    exposed[slot] = false;
    return fresh;
  }

  /** Applies the dead-before lists of kernels {@code nextKernel..kernel}. */
  private void releaseDeadBefore(int kernel) {
    for (; nextKernel <= kernel; nextKernel++) {
      if (!generalPath) {
        for (int dead : lifetimes.deadBeforeShared(nextKernel)) {
          release(dead);
        }
      }
    }
  }

  /** Gives kernel {@code kernel}'s arrays to the pool (an exposed one stays: only this runner writes it). */
  private void release(int kernel) {
    for (int slot = kernel * PARTS; slot < (kernel + 1) * PARTS && slot < arrays.length; slot++) {
      if (arrays[slot] != null && !exposed[slot]) {
        if (pool != null) {
          pool.give(arrays[slot]);
        }
        arrays[slot] = null;
      }
    }
  }

  /**
   * Records that a generated loop took its general path: its kernels may return an operand as it
   * is, so the lifetimes (which assume a fresh output) no longer hold for this run.
   */
  public static void tookGeneralPath(OutputBuffers buffers) {
    if (buffers != null) {
      buffers.generalPath = true;
    }
  }

  /** Starts a run of a program whose loops' arrays die as {@code lifetimes} say. */
  public void startRun(BufferLifetimes lifetimes) {
    this.lifetimes = lifetimes;
    nextKernel = 0;
    generalPath = false;
  }

  /**
   * Ends a run that returned {@code results}: the arrays they hold are kept for the next run (and
   * marked exposed); every other array goes to the pool (or is dropped, if a result of an earlier
   * run held it).
   */
  public void finishRun(Object[] results) {
    heldCount = 0;
    for (Object result : results) {
      if (!addArrays(result)) {
        // a value whose arrays cannot be listed: keep everything, as a program never started does
        endRun();
        return;
      }
    }
    // a few results: a linear scan; many (a graph with hundreds of outputs): a set
    java.util.Set<Object> many = null;
    if (heldCount > 16) {
      many = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
      many.addAll(Arrays.asList(held).subList(0, heldCount));
    }
    for (int slot = 0; slot < arrays.length; slot++) {
      Object array = arrays[slot];
      if (array == null) {
        continue;
      }
      if (many != null ? many.contains(array) : isHeld(array)) {
        exposed[slot] = true;
      } else {
        if (!exposed[slot] && pool != null) {
          pool.give(array);
        }
        arrays[slot] = null;
        exposed[slot] = false;
      }
    }
    Arrays.fill(held, 0, heldCount, null);
    endRun();
  }

  /**
   * Ends a run that failed: its intermediates go to the pool; the arrays of the last results stay
   * (the next run writes them, as it would have).
   */
  public void abortRun() {
    for (int slot = 0; slot < arrays.length; slot++) {
      if (arrays[slot] != null && !exposed[slot]) {
        if (pool != null) {
          pool.give(arrays[slot]);
        }
        arrays[slot] = null;
      }
    }
    endRun();
  }

  private void endRun() {
    lifetimes = BufferLifetimes.NONE;
    nextKernel = 0;
    generalPath = false;
  }

  /** The arrays the results of the run being finished hold (the first {@link #heldCount}); a few, so a list. */
  private Object[] held = new Object[8];
  private int heldCount;

  /** Adds the arrays a value holds to {@link #held}; false for a value of a kind not listed here. */
  private boolean addArrays(Object value) {
    if (value instanceof Tensor t) {
      hold(t.unsafeData());
    } else if (value instanceof RaggedTensor rt) {
      hold(rt.flatValues().unsafeData());
      for (RowPartition p : rt.nestedPartitions()) {
        hold(p.unsafeRowSplits());
      }
    } else if (value instanceof RowPartition p) {
      hold(p.unsafeRowSplits());
    } else if (value instanceof SparseTensor st) {
      hold(st.indices().unsafeData());
      hold(st.values().unsafeData());
      hold(st.denseShape().unsafeData());
    } else {
      return value == null;
    }
    return true;
  }

  private void hold(Object array) {
    if (heldCount == held.length) {
      held = Arrays.copyOf(held, 2 * heldCount);
    }
    held[heldCount++] = array;
  }

  private boolean isHeld(Object array) {
    for (int i = 0; i < heldCount; i++) {
      if (held[i] == array) {
        return true;
      }
    }
    return false;
  }

  /**
   * Forgets every kept array if a feed holds one of them (a result of this runner fed back to
   * it): the run then writes new arrays and never overwrites a value it is reading. Done once per
   * run over the feeds' top-level arrays, before any loop runs.
   */
  public void releaseIfFed(Map<String, ?> feeds) {
    for (Object feed : feeds.values()) {
      boolean fedBack = feed instanceof SparseTensor st
          ? holds(st.values().unsafeData()) || holds(st.indices().unsafeData())
          : holds(dataOf(feed)) || holdsSplitsOf(feed);
      if (fedBack) {
        Arrays.fill(arrays, null);
        Arrays.fill(exposed, false);
        return;
      }
    }
  }

  /** Whether {@code array} is one of the arrays kept here (by identity). */
  public boolean holds(Object array) {
    for (Object kept : arrays) {
      if (kept != null && kept == array) {
        return true;
      }
    }
    return false;
  }

  /** Whether a ragged feed's row splits are a kept array (a filter's result splits, fed back). */
  private boolean holdsSplitsOf(Object feed) {
    if (feed instanceof RaggedTensor rt) {
      for (RowPartition p : rt.nestedPartitions()) {
        if (holds(p.unsafeRowSplits())) {
          return true;
        }
      }
    } else if (feed instanceof RowPartition p) {
      return holds(p.unsafeRowSplits());
    }
    return false;
  }

  /** The number of arrays kept now (between runs: the arrays the last results hold). */
  public int size() {
    int n = 0;
    for (Object kept : arrays) {
      n += kept == null ? 0 : 1;
    }
    return n;
  }

  /** The payload bytes of the arrays kept now. */
  public long bytes() {
    long n = 0;
    for (Object kept : arrays) {
      n += kept == null ? 0 : BufferPool.bytes(kept);
    }
    return n;
  }

  /** The array of values a fed value's kernels read, where a generated loop could have written it. */
  private static Object dataOf(Object feed) {
    if (feed instanceof Tensor t) {
      return t.unsafeData();
    }
    if (feed instanceof RaggedTensor rt) {
      return rt.flatValues().unsafeData();
    }
    return null;
  }
}
