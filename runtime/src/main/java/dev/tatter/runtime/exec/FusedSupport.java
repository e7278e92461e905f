package dev.tatter.runtime.exec;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import java.lang.reflect.Array;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * The run-time half of a fused kernel, called by generated code around its loop: deciding
 * whether the fast loop applies, allocating the output, and splitting large loops across the
 * common {@link ForkJoinPool}. The loop itself (the per-element work) is generated code.
 */
public final class FusedSupport {
  /**
   * Loops over at least this many elements are split across the common pool (system property
   * {@code tatter.parallelThreshold}; a huge value turns splitting off). Elementwise loops write
   * disjoint ranges and compute each element the same way, so a split run equals a serial one.
   */
  public static final int PARALLEL_THRESHOLD = Integer.getInteger("tatter.parallelThreshold", 1 << 20);

  /** Elements per task when a loop is split: large enough that each task streams for a while. */
  static final int GRAIN = 1 << 16;

  private FusedSupport() {}

  /**
   * The shape the fast loop runs over, or null if it does not apply: every input not marked
   * {@code scalar} (a static shape of one element) must have the same shape, of rank
   * {@code rank} (the static result rank). Then each element of the result reads the same flat
   * index of every such input and element 0 of every scalar. Otherwise (a broadcast only known at
   * run time, or mismatched sizes) the caller takes the general path, which reports errors
   * exactly as the unfused kernels do.
   */
  public static int[] fastShape(Object[] inputs, boolean[] scalar, int rank) {
    int[] shape = null;
    for (int i = 0; i < inputs.length; i++) {
      if (scalar[i]) {
        continue;
      }
      Tensor t = (Tensor) inputs[i];
      if (shape == null) {
        shape = t.shape();
        if (shape.length != rank) {
          return null;
        }
      } else if (t.rank() != rank || !sameShape(t, shape)) {
        return null;
      }
    }
    return shape;
  }

  private static boolean sameShape(Tensor t, int[] shape) {
    for (int a = 0; a < shape.length; a++) {
      if (t.dim(a) != shape[a]) {
        return false;
      }
    }
    return true;
  }

  /**
   * The loop's arguments: a new output array of {@code dtype} holding {@code shape}'s elements
   * at index 0, then each input's backing array.
   */
  public static Object[] arguments(Object[] inputs, DType dtype, int[] shape) {
    Object[] args = new Object[inputs.length + 1];
    args[0] = Array.newInstance(dtype.arrayClass().getComponentType(), Sizes.elementCount(shape));
    for (int i = 0; i < inputs.length; i++) {
      args[i + 1] = ((Tensor) inputs[i]).data();
    }
    return args;
  }

  /** The number of elements of the output array in {@code args[0]}. */
  public static int count(Object[] args) {
    return Array.getLength(args[0]);
  }

  /** The filled output array as a tensor. */
  public static Tensor result(DType dtype, int[] shape, Object[] args) {
    return Tensor.wrap(dtype, shape, args[0]);
  }

  /** Runs {@code body}'s loop {@code kernel} over {@code [0, count)}, split across the common pool. */
  public static void forRange(LoopBody body, int kernel, int count, Object[] args) {
    if (count < PARALLEL_THRESHOLD) {
      body.loop(kernel, 0, count, args);
      return;
    }
    int tasks = Math.max(2, Math.min(count / GRAIN, 4 * (ForkJoinPool.getCommonPoolParallelism() + 1)));
    ForkJoinPool.commonPool().invoke(new Split(body, kernel, args, 0, count, tasks));
  }

  private static final class Split extends RecursiveAction {
    private final LoopBody body;
    private final int kernel;
    private final Object[] args;
    private final int from;
    private final int to;
    private final int tasks;

    Split(LoopBody body, int kernel, Object[] args, int from, int to, int tasks) {
      this.body = body;
      this.kernel = kernel;
      this.args = args;
      this.from = from;
      this.to = to;
      this.tasks = tasks;
    }

    @Override
    protected void compute() {
      if (tasks <= 1) {
        body.loop(kernel, from, to, args);
        return;
      }
      int half = tasks / 2;
      int mid = from + (int) ((long) (to - from) * half / tasks);
      invokeAll(new Split(body, kernel, args, from, mid, half), new Split(body, kernel, args, mid, to, tasks - half));
    }
  }
}
