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
 * The output arrays of one runner's generated loops, kept from one run to the next: the loop of
 * kernel {@code k} writes into the array it wrote last time when the dtype and length are the
 * same, and into a new one (kept from then on) when they are not. Every generated loop writes
 * every element of its output (an elementwise loop and a row scan each index, a row fold each
 * row), so a reused array needs no clearing and no stale element survives a run. A row filter
 * keeps three arrays ({@link #PARTS} per kernel): the values it writes (as many as its input has;
 * the first {@code kept} are the result when some are dropped), the result's row splits (every
 * one written by the loop, the first by {@code FusedSupport}) and the kept values copied out when
 * some were dropped.
 *
 * <p>Not thread-safe: one instance belongs to one runner, which refuses to run on two threads at
 * once. A kernel runs once per run, so within a run no array is handed to two kernels.
 */
public final class OutputBuffers {
  private Object[] arrays = new Object[4];

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

  /** As {@link #array(OutputBuffers, int, DType, int)}, for array {@code part} ({@code < PARTS}) of the kernel. */
  public static Object array(OutputBuffers buffers, int kernel, int part, DType dtype, int length) {
    Class<?> element = dtype.arrayClass().getComponentType();
    if (buffers == null) {
      return Array.newInstance(element, length);
    }
    int slot = kernel * PARTS + part;
    if (slot >= buffers.arrays.length) {
      buffers.arrays = Arrays.copyOf(buffers.arrays, Math.max(slot + 1, 2 * buffers.arrays.length));
    }
    Object kept = buffers.arrays[slot];
    if (kept != null && kept.getClass().getComponentType() == element && Array.getLength(kept) == length) {
      return kept;
    }
    Object fresh = Array.newInstance(element, length);
    buffers.arrays[slot] = fresh;
    return fresh;
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
    }
    return false;
  }

  /** The number of arrays kept now. */
  public int size() {
    int n = 0;
    for (Object kept : arrays) {
      n += kept == null ? 0 : 1;
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
