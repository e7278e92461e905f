package dev.tatter.runtime.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link OutputBuffers} keeps only what results hold, and pools the rest by the lifetimes and the pool's budget. */
class OutputBuffersTest {
  private static float[] floats(OutputBuffers b, int kernel, int length) {
    return (float[]) OutputBuffers.array(b, kernel, DType.FLOAT32, length);
  }

  @Test
  void intermediates_goToThePool_andOnlyTheResultsArraysAreKept() {
    BufferPool pool = new BufferPool(1 << 20);
    OutputBuffers buffers = new OutputBuffers(pool);
    buffers.startRun(BufferLifetimes.NONE);
    float[] intermediate = floats(buffers, 0, 100);
    float[] output = floats(buffers, 1, 10);
    buffers.finishRun(new Object[] {Tensor.wrap(DType.FLOAT32, new int[] {10}, output)});
    assertEquals(1, buffers.size());
    assertEquals(40, buffers.bytes());
    assertEquals(1, pool.idleArrays());
    assertEquals(400, pool.idleBytes());
    // the next run: the output's own array again, the intermediate's from the pool
    buffers.startRun(BufferLifetimes.NONE);
    assertSame(intermediate, floats(buffers, 0, 100));
    assertSame(output, floats(buffers, 1, 10));
    assertEquals(0, pool.idleArrays());
  }

  @Test
  void aDeadIntermediate_isReusedByALaterLoopOfTheSameRun() {
    BufferPool pool = new BufferPool(1 << 20);
    OutputBuffers buffers = new OutputBuffers(pool);
    // loop 0's arrays are dead before loop 2 runs
    buffers.startRun(BufferLifetimes.of(new int[] {2, -1, -1}));
    float[] first = floats(buffers, 0, 64);
    float[] second = floats(buffers, 1, 64);
    float[] third = floats(buffers, 2, 64);
    assertNotSame(first, second);
    assertSame(first, third);
    buffers.finishRun(new Object[] {Tensor.wrap(DType.FLOAT32, new int[] {64}, third)});
    assertEquals(1, pool.idleArrays()); // loop 1's, at the end of the run
  }

  @Test
  void afterAGeneralPath_nothingMoreIsReleasedInThatRun() {
    BufferPool pool = new BufferPool(1 << 20);
    OutputBuffers buffers = new OutputBuffers(pool);
    buffers.startRun(BufferLifetimes.of(new int[] {2, -1, -1}));
    float[] first = floats(buffers, 0, 64);
    OutputBuffers.tookGeneralPath(buffers); // loop 1's kernels may have returned loop 0's array as it is
    float[] third = floats(buffers, 2, 64);
    assertNotSame(first, third);
    buffers.finishRun(new Object[] {Tensor.wrap(DType.FLOAT32, new int[] {64}, first)});
    assertEquals(1, buffers.size());
    // the next run releases again
    buffers.startRun(BufferLifetimes.of(new int[] {2, -1, -1}));
    assertSame(first, floats(buffers, 0, 64));
    floats(buffers, 1, 64);
    assertNotSame(first, floats(buffers, 2, 64)); // the result's array stays the runner's: never pooled
  }

  @Test
  void aResultsArray_isNeverPooled_evenWhenALaterRunNoLongerHoldsIt() {
    BufferPool pool = new BufferPool(1 << 20);
    OutputBuffers buffers = new OutputBuffers(pool);
    buffers.startRun(BufferLifetimes.NONE);
    float[] shown = floats(buffers, 0, 8);
    buffers.finishRun(new Object[] {Tensor.wrap(DType.FLOAT32, new int[] {8}, shown)});
    // another size: a new array; the shown one is dropped, not given to the pool
    buffers.startRun(BufferLifetimes.NONE);
    float[] other = floats(buffers, 0, 9);
    buffers.finishRun(new Object[] {Tensor.wrap(DType.FLOAT32, new int[] {9}, other)});
    assertEquals(0, pool.idleArrays());
    // released by lifetimes while shown: stays with the runner
    buffers.startRun(BufferLifetimes.of(new int[] {1, -1}));
    assertSame(other, floats(buffers, 0, 9));
    float[] next = floats(buffers, 1, 9);
    assertNotSame(other, next);
    assertEquals(0, pool.idleArrays());
    buffers.finishRun(new Object[] {Tensor.wrap(DType.FLOAT32, new int[] {9}, next)});
    assertEquals(0, pool.idleArrays());
    assertEquals(1, buffers.size());
  }

  @Test
  void raggedResults_keepTheirValuesAndRowSplits_andAFailedRunPoolsItsIntermediates() {
    BufferPool pool = new BufferPool(1 << 20);
    OutputBuffers buffers = new OutputBuffers(pool);
    buffers.startRun(BufferLifetimes.NONE);
    float[] values = floats(buffers, 0, 4);
    long[] splits = (long[]) OutputBuffers.array(buffers, 0, 1, DType.INT64, 3);
    float[] scratch = floats(buffers, 1, 4);
    splits[1] = 2;
    splits[2] = 4;
    RaggedTensor result = RaggedTensor.of(Tensor.wrap(DType.FLOAT32, new int[] {4}, values),
        RowPartition.adoptingRowSplits(splits, DType.INT64));
    buffers.finishRun(new Object[] {result});
    assertEquals(2, buffers.size());
    assertTrue(buffers.holds(values) && buffers.holds(splits) && !buffers.holds(scratch));
    buffers.startRun(BufferLifetimes.NONE);
    assertSame(scratch, floats(buffers, 2, 4));
    buffers.abortRun();
    assertEquals(2, buffers.size()); // the last results' arrays stay; the failed run's intermediate is pooled
    assertEquals(1, pool.idleArrays());
  }

  @Test
  void aFedBackResult_makesTheRunWriteNewArrays() {
    OutputBuffers buffers = new OutputBuffers(new BufferPool(0));
    buffers.startRun(BufferLifetimes.NONE);
    float[] out = floats(buffers, 0, 3);
    Tensor result = Tensor.wrap(DType.FLOAT32, new int[] {3}, out);
    buffers.finishRun(new Object[] {result});
    buffers.releaseIfFed(Map.of("x", result));
    buffers.startRun(BufferLifetimes.NONE);
    assertNotSame(out, floats(buffers, 0, 3));
  }

  @Test
  void theBudget_boundsIdleBytes_evictingTheOldestFirst() {
    BufferPool pool = new BufferPool(1000);
    float[] a = new float[100];
    long[] b = new long[50];
    int[] c = new int[100];
    pool.give(a);
    pool.give(b);
    assertEquals(800, pool.idleBytes());
    pool.give(c); // 400 more: a (the oldest) goes
    assertEquals(800, pool.idleBytes());
    assertEquals(null, pool.take(float.class, 100));
    assertSame(c, pool.take(int.class, 100));
    pool.give(new double[200]); // larger than the whole budget: dropped
    assertEquals(400, pool.idleBytes());
    pool.setBudget(0);
    assertEquals(0, pool.idleArrays());
    pool.give(new float[1]);
    assertEquals(0, pool.idleArrays());
    assertThrows(IllegalArgumentException.class, () -> pool.setBudget(-1));
    assertThrows(IllegalArgumentException.class, () -> BufferLifetimes.of(new int[] {0}));
  }
}
