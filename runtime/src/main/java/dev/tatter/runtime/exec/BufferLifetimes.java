package dev.tatter.runtime.exec;

import java.util.Arrays;

/**
 * When each generated loop's output arrays die within a run, from the compiled graph's liveness:
 * {@code deadBefore(k)} lists the loops ("kernels", numbered in the order they run) whose arrays no
 * value still live when loop {@code k} starts can hold, so {@link OutputBuffers} may give them to
 * its {@link BufferPool} for loop {@code k} (or any later one) to write into. A loop whose value
 * reaches a fetched output, or a value that may hold its array, is never listed: its arrays stay
 * until the run ends, when {@link OutputBuffers#finishRun} decides by what the results hold.
 *
 * <p>The compiler computes it assuming a loop's output is a fresh array (true of its fast path); a
 * run in which some loop takes its general path (whose kernels may hand back an operand as it is)
 * releases nothing more from then on. Immutable.
 */
public final class BufferLifetimes {
  /** No loop's arrays die before the run ends (the interpreter, or a program without loops). */
  public static final BufferLifetimes NONE = new BufferLifetimes(new int[0][]);

  private final int[][] deadBefore;

  private BufferLifetimes(int[][] deadBefore) {
    this.deadBefore = deadBefore;
  }

  /**
   * The lifetimes of {@code kernelCount} loops where loop {@code j}'s arrays are dead before loop
   * {@code releaseAt[j]} runs ({@code -1}: alive until the run ends).
   */
  public static BufferLifetimes of(int[] releaseAt) {
    int kernels = releaseAt.length;
    int[] counts = new int[kernels];
    for (int at : releaseAt) {
      if (at >= 0) {
        if (at >= kernels) {
          throw new IllegalArgumentException("release before loop " + at + " of " + kernels);
        }
        counts[at]++;
      }
    }
    int[][] lists = new int[kernels][];
    for (int k = 0; k < kernels; k++) {
      lists[k] = new int[counts[k]];
      counts[k] = 0;
    }
    for (int j = 0; j < kernels; j++) {
      int at = releaseAt[j];
      if (at >= 0) {
        if (at <= j) {
          throw new IllegalArgumentException("loop " + j + " released before loop " + at + ", which does not follow it");
        }
        lists[at][counts[at]++] = j;
      }
    }
    return new BufferLifetimes(lists);
  }

  /** The number of loops. */
  public int kernels() {
    return deadBefore.length;
  }

  /** The loops whose arrays are dead when loop {@code kernel} starts (and were not so before), a copy. */
  public int[] deadBefore(int kernel) {
    return deadBeforeShared(kernel).clone();
  }

  /** {@link #deadBefore}, not copied (for {@link OutputBuffers}, which only reads it). */
  int[] deadBeforeShared(int kernel) {
    return kernel < deadBefore.length ? deadBefore[kernel] : EMPTY;
  }

  private static final int[] EMPTY = new int[0];

  @Override
  public String toString() {
    StringBuilder s = new StringBuilder("BufferLifetimes[");
    for (int k = 0; k < deadBefore.length; k++) {
      if (deadBefore[k].length > 0) {
        s.append(" before ").append(k).append(": ").append(Arrays.toString(deadBefore[k]));
      }
    }
    return s.append(" ]").toString();
  }
}
