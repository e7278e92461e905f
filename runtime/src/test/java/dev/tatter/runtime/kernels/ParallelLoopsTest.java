package dev.tatter.runtime.kernels;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class ParallelLoopsTest {
  /** The ranges one run gave its body, sorted by start. */
  private static List<int[]> ranges(java.util.function.Consumer<ParallelLoops.Range> run) {
    List<int[]> ranges = Collections.synchronizedList(new ArrayList<>());
    run.accept((from, to) -> ranges.add(new int[] {from, to}));
    List<int[]> sorted = new ArrayList<>(ranges);
    sorted.sort((a, b) -> Integer.compare(a[0], b[0]));
    return sorted;
  }

  /** Checks that the ranges are non-empty and tile [0, count) exactly. */
  private static void assertTiles(List<int[]> ranges, int count) {
    int next = 0;
    for (int[] r : ranges) {
      assertEquals(next, r[0], "ranges must be contiguous");
      assertTrue(r[1] > r[0], "empty range " + r[0]);
      next = r[1];
    }
    assertEquals(count, next);
  }

  @Test
  void forRange_belowThreshold_runsOneRangeOnTheCaller() {
    Thread caller = Thread.currentThread();
    List<Thread> threads = new ArrayList<>();
    ParallelLoops.forRange(1000, 1000, (from, to) -> threads.add(Thread.currentThread()));
    assertEquals(List.of(caller), threads);
    List<int[]> one = ranges(body -> ParallelLoops.forRange(1000, ParallelLoops.THRESHOLD - 1L, body));
    assertEquals(1, one.size());
    assertArrayEquals(new int[] {0, 1000}, one.get(0));
  }

  @Test
  void forRange_atThreshold_splitsIntoContiguousRanges() {
    int count = ParallelLoops.THRESHOLD + 3;
    List<int[]> split = ranges(body -> ParallelLoops.forRange(count, count, body));
    assertTrue(split.size() >= 2, "expected a split, got " + split.size() + " range(s)");
    assertTiles(split, count);
  }

  @Test
  void forRows_skewedRows_splitsWhereTheValuesDivide() {
    // one row of half the values, then many short rows: the split follows values, not row counts
    int nrows = 100_000;
    long[] splits = new long[nrows + 1];
    splits[1] = 2L * ParallelLoops.THRESHOLD;
    for (int r = 1; r < nrows; r++) {
      splits[r + 1] = splits[r] + 1 + (r % 16) * ParallelLoops.THRESHOLD / 200_000;
    }
    long work = splits[nrows] + nrows;
    List<int[]> split = ranges(body -> ParallelLoops.forRows(splits, body));
    assertTrue(split.size() >= 2, "expected a split, got " + split.size());
    assertTiles(split, nrows);
    // every range but the one holding the long row stays near its share of the work
    long share = work / ParallelLoops.tasks(work);
    for (int[] r : split) {
      long rangeWork = splits[r[1]] - splits[r[0]] + (r[1] - r[0]);
      long longestRow = 0;
      for (int row = r[0]; row < r[1]; row++) {
        longestRow = Math.max(longestRow, splits[row + 1] - splits[row]);
      }
      assertTrue(rangeWork <= share + longestRow + 1, "range " + r[0] + ".." + r[1] + " has " + rangeWork + ", share " + share);
    }
  }

  @Test
  void forRows_prefixOfTheRows_coversOnlyThose() {
    long[] splits = new long[2_000_001];
    for (int r = 0; r < 2_000_000; r++) {
      splits[r + 1] = splits[r] + 1;
    }
    List<int[]> split = ranges(body -> ParallelLoops.forRows(splits, 1_500_000, body));
    assertTiles(split, 1_500_000);
  }
}
