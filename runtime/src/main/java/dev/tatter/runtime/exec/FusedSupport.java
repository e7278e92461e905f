package dev.tatter.runtime.exec;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.ParallelLoops;
import dev.tatter.runtime.kernels.elementwise.Broadcast;
import java.lang.reflect.Array;
import java.util.concurrent.ForkJoinPool;

/**
 * The run-time half of a fused kernel, called by generated code around its loop: deciding
 * whether the fast loop applies, allocating the output, and splitting large loops across the
 * {@link ForkJoinPool} {@link Parallelism#pool()} names (the common pool unless a session was given one). The loop itself (the per-element work) is generated code.
 */
public final class FusedSupport {
  /**
   * Loops over at least this many elements are split across the run's pool ({@link Parallelism#pool}): the one threshold
   * of every parallel kernel, {@link ParallelLoops#THRESHOLD} (system property {@code
   * tatter.parallelThreshold}; a huge value turns splitting off). Elementwise loops write disjoint
   * ranges and compute each element the same way, so a split run equals a serial one.
   */
  public static final int PARALLEL_THRESHOLD = ParallelLoops.THRESHOLD;

  private FusedSupport() {}

  /** How a fused loop reads operand {@code i}: at the element's own flat index. */
  public static final byte IDENTITY = 0;
  /** Reads element 0 once, before the loop (a static one-element shape). */
  public static final byte SCALAR = 1;
  /** Reads {@code data[index[i]]}, the index computed here from broadcast strides (zero where broadcast). */
  public static final byte BROADCAST = 2;
  /** A row reduction's partition: the loop reads its row splits. */
  public static final byte PARTITION = 3;
  /**
   * A {@code row_gather}'s params {@code [nrows, 1]}: the loop reads {@code data[rowids[i]]},
   * rowids being the value_rowids of the partition {@code links[i]} names (computed here).
   */
  public static final byte GATHER = 4;

  /**
   * Prepares a fused loop, or returns null if the fast loop does not apply. The result shape S
   * is the shape of the IDENTITY operands, which must all be equal and of rank {@code rank};
   * SCALAR operands hold one element; a BROADCAST operand must broadcast to exactly S (its
   * index map is computed here). Then every intermediate broadcast of the fused ops is valid
   * and yields S, so each element of the result reads each operand at its mapped index.
   * Otherwise (a broadcast only known at run time, or mismatched sizes) the caller takes the
   * general path, which reports errors exactly as the unfused kernels do.
   *
   * @return {@code [output array, operand arrays..., index maps (or null)..., shape]}
   */
  public static Object[] prepare(Object[] inputs, byte[] kinds, int[] links, int rank, DType dtype) {
    return prepare(inputs, kinds, links, rank, dtype, null, 0);
  }

  /**
   * As {@link #prepare(Object[], byte[], int[], int, DType)}, with the output array taken from
   * {@code buffers} (kernel {@code kernel}'s array of the last run, when its size still fits).
   */
  public static Object[] prepare(Object[] inputs, byte[] kinds, int[] links, int rank, DType dtype,
      OutputBuffers buffers, int kernel) {
    return fastOrGeneral(buffers, prepareFlat(inputs, kinds, links, rank, dtype, buffers, kernel));
  }

  /**
   * {@code args}, and when they are null (the loop takes its general path, whose kernels may return
   * an operand as it is) tells {@code buffers}, whose lifetimes assume a fresh output.
   */
  private static Object[] fastOrGeneral(OutputBuffers buffers, Object[] args) {
    if (args == null) {
      OutputBuffers.tookGeneralPath(buffers);
    }
    return args;
  }

  private static Object[] prepareFlat(Object[] inputs, byte[] kinds, int[] links, int rank, DType dtype,
      OutputBuffers buffers, int kernel) {
    int[] shape = commonShape(inputs, kinds, rank);
    if (shape == null && rank == 1 && !hasIdentity(kinds)) {
      // only gathered operands (and scalars): the index space is the gathering partition's values
      for (int i = 0; i < inputs.length; i++) {
        if (kinds[i] == PARTITION && links[i] == i) {
          shape = new int[] {((RowPartition) inputs[i]).nvals()};
          break;
        }
      }
    }
    if (shape == null) {
      return null;
    }
    Object[] args = arguments(inputs, kinds, shape, dtype, Sizes.elementCount(shape), shape, buffers, kernel);
    return args == null ? null : gathers(inputs, kinds, links, shape, args);
  }

  /**
   * What a fused kernel throws when its fast loop failed with {@code e}: the general path run
   * again on the same inputs fails at the step the unfused graph would fail at, with its message
   * and (when fusion recorded it) that step's own node. Rerunning is only paid on failure.
   */
  public static RuntimeException failed(java.util.function.Function<Object[], Object> general, Object[] inputs,
      RuntimeException e) {
    general.apply(inputs);
    return e; // the general path succeeded where the loop failed: report the loop's own error
  }

  private static boolean hasIdentity(byte[] kinds) {
    for (byte kind : kinds) {
      if (kind == IDENTITY) {
        return true;
      }
    }
    return false;
  }

  /**
   * Fills in the value_rowids of each partition a {@code row_gather} step reads through
   * ({@code links[p] == p}), at {@code args[1 + n + p]}, after checking what the unfused kernels
   * would: the partition has as many values as the loop's index space, and each GATHER params
   * operand has shape {@code [nrows, 1]} of its partition. Null (take the general path) if not.
   */
  private static Object[] gathers(Object[] inputs, byte[] kinds, int[] links, int[] space, Object[] args) {
    int n = inputs.length;
    for (int i = 0; i < n; i++) {
      if (kinds[i] == PARTITION && links[i] == i) {
        RowPartition p = (RowPartition) inputs[i];
        if (space.length != 1 || p.nvals() != space[0]) {
          return null;
        }
        args[1 + n + i] = valueRowids(p);
      }
    }
    for (int i = 0; i < n; i++) {
      if (kinds[i] == GATHER) {
        int[] shape = ((Tensor) inputs[i]).shape();
        RowPartition p = (RowPartition) inputs[links[i]];
        if (shape.length != 2 || shape[0] != p.nrows() || shape[1] != 1) {
          return null;
        }
      }
    }
    return args;
  }

  /** For each value, the index of its row. */
  static int[] valueRowids(RowPartition p) {
    int[] rowids = new int[p.nvals()];
    for (int row = 0; row < p.nrows(); row++) {
      java.util.Arrays.fill(rowids, p.rowStart(row), p.rowLimit(row), row);
    }
    return rowids;
  }

  /**
   * Prepares a fused row reduction (its loop runs over rows, folding each row's values), or
   * returns null if the fast loop does not apply. The values' index space is the shape of the
   * IDENTITY operands, rank 1, and must match the partition's nvals; the result has one
   * element per row ({@code [nrows]}, or {@code [nrows, 1]} with keepdims).
   */
  public static Object[] prepareRows(Object[] inputs, byte[] kinds, int[] links, int partition, DType dtype, boolean keepdims) {
    return prepareRows(inputs, kinds, links, partition, dtype, keepdims, null, 0);
  }

  /** As {@link #prepareRows(Object[], byte[], int[], int, DType, boolean)}, the output taken from {@code buffers}. */
  public static Object[] prepareRows(Object[] inputs, byte[] kinds, int[] links, int partition, DType dtype, boolean keepdims,
      OutputBuffers buffers, int kernel) {
    return fastOrGeneral(buffers, prepareFold(inputs, kinds, links, partition, dtype, keepdims, buffers, kernel));
  }

  private static Object[] prepareFold(Object[] inputs, byte[] kinds, int[] links, int partition, DType dtype,
      boolean keepdims, OutputBuffers buffers, int kernel) {
    int[] values = commonShape(inputs, kinds, 1);
    RowPartition p = (RowPartition) inputs[partition];
    if (values == null || values[0] != p.nvals()) {
      return null;
    }
    int[] shape = keepdims ? new int[] {p.nrows(), 1} : new int[] {p.nrows()};
    Object[] args = arguments(inputs, kinds, values, dtype, p.nrows(), shape, buffers, kernel);
    if (args != null) {
      args[1 + partition] = p.unsafeRowSplits();
      args = gathers(inputs, kinds, links, values, args);
    }
    return args;
  }

  /**
   * Prepares a fused row scan or filter (a loop over the rows of {@code inputs[partition]} whose
   * steps run over its values), or returns null if the fast loop does not apply: as {@link
   * #prepareRows}, but the output has one element per value; a filter's args also hold the kept
   * values' row splits ({@code args[2n + 2]}), filled by the loop.
   */
  public static Object[] prepareRowValues(Object[] inputs, byte[] kinds, int[] links, int partition, DType dtype,
      boolean filter) {
    return prepareRowValues(inputs, kinds, links, partition, dtype, filter, null, 0);
  }

  /**
   * As {@link #prepareRowValues(Object[], byte[], int[], int, DType, boolean)}, the output (a
   * filter's: its values and its row splits) taken from {@code buffers}; a filter's {@code
   * args[2n + 3]} holds the buffers and {@code args[2n + 4]} the kernel, for {@link #filterResult}.
   */
  public static Object[] prepareRowValues(Object[] inputs, byte[] kinds, int[] links, int partition, DType dtype,
      boolean filter, OutputBuffers buffers, int kernel) {
    return fastOrGeneral(buffers, prepareScan(inputs, kinds, links, partition, dtype, filter, buffers, kernel));
  }

  private static Object[] prepareScan(Object[] inputs, byte[] kinds, int[] links, int partition, DType dtype,
      boolean filter, OutputBuffers buffers, int kernel) {
    int[] values = commonShape(inputs, kinds, 1);
    RowPartition p = (RowPartition) inputs[partition];
    if (values == null || values[0] != p.nvals()) {
      return null;
    }
    Object[] args = arguments(inputs, kinds, values, dtype, p.nvals(), values, buffers, kernel);
    if (args == null) {
      return null;
    }
    args[1 + partition] = p.unsafeRowSplits();
    args = gathers(inputs, kinds, links, values, args);
    if (args != null && filter) {
      args = java.util.Arrays.copyOf(args, args.length + 3);
      long[] splits = (long[]) OutputBuffers.array(buffers, kernel, 1, DType.INT64, p.nrows() + 1);
      splits[0] = 0; // the loop writes splits[row + 1] for every row; a reused array may hold an old first split
      args[args.length - 3] = splits;
      args[args.length - 2] = buffers;
      args[args.length - 1] = kernel;
    }
    return args;
  }

  /** The rows of the partition operand {@code partition} a row loop's args hold. */
  public static int rows(Object[] args, int partition) {
    return ((long[]) args[1 + partition]).length - 1;
  }

  /**
   * A filter loop's result: the kept values (the first {@code splits[nrows]} of the output
   * array) under the row splits the loop filled, in the input partition's splits dtype.
   */
  public static RaggedTensor filterResult(DType dtype, Object[] args, Object[] inputs, int partition) {
    long[] splits = (long[]) args[args.length - 3];
    int kept = (int) splits[splits.length - 1];
    Object data = args[0];
    if (kept != Array.getLength(data)) {
      Object trimmed = OutputBuffers.array((OutputBuffers) args[args.length - 2], (Integer) args[args.length - 1], 2, dtype, kept);
      System.arraycopy(data, 0, trimmed, 0, kept);
      data = trimmed;
    }
    RowPartition p = (RowPartition) inputs[partition];
    return RaggedTensor.of(Tensor.wrap(dtype, new int[] {kept}, data),
        RowPartition.adoptingRowSplits(splits, p.splitsDType()));
  }

  private static int[] commonShape(Object[] inputs, byte[] kinds, int rank) {
    int n = inputs.length;
    int[] shape = null;
    for (int i = 0; i < n; i++) {
      if (kinds[i] != IDENTITY) {
        continue;
      }
      Tensor t = (Tensor) inputs[i];
      if (shape == null) {
        shape = t.shape();
        if (shape.length != rank) {
          return null;
        }
      } else if (!sameShape(t, shape)) {
        return null;
      }
    }
    return shape;
  }

  /** The loop's arguments over index space {@code space}, with an output of {@code outCount} elements. */
  private static Object[] arguments(Object[] inputs, byte[] kinds, int[] space, DType dtype, int outCount, int[] outShape,
      OutputBuffers buffers, int kernel) {
    int n = inputs.length;
    int count = Sizes.elementCount(space);
    Object[] args = new Object[2 * n + 2];
    for (int i = 0; i < n; i++) {
      if (kinds[i] == PARTITION) {
        continue;
      }
      Tensor t = (Tensor) inputs[i];
      if (kinds[i] == SCALAR && t.size() != 1) {
        return null;
      }
      args[1 + i] = t.unsafeData();
      if (kinds[i] == BROADCAST) {
        int[] index = broadcastIndex(t.shape(), space, count);
        if (index == null) {
          return null;
        }
        args[1 + n + i] = index;
      }
    }
    args[0] = OutputBuffers.array(buffers, kernel, dtype, outCount);
    args[2 * n + 1] = outShape;
    return args;
  }

  /** For each flat index of {@code outShape}, the flat index of {@code shape} broadcast to it; null unless it broadcasts to exactly outShape. */
  static int[] broadcastIndex(int[] shape, int[] outShape, int count) {
    if (shape.length > outShape.length) {
      return null;
    }
    for (int a = 0; a < shape.length; a++) {
      int d = shape[a];
      int o = outShape[outShape.length - shape.length + a];
      if (d != o && d != 1) {
        return null;
      }
    }
    return Broadcast.gatherIndex(outShape, Broadcast.strides(shape, outShape), count);
  }

  private static boolean sameShape(Tensor t, int[] shape) {
    if (t.rank() != shape.length) {
      return false;
    }
    for (int a = 0; a < shape.length; a++) {
      if (t.dim(a) != shape[a]) {
        return false;
      }
    }
    return true;
  }

  /**
   * Runs the generated loop {@code loop}: its operands read from {@code frame}, its output taken
   * from the run's buffers, its body {@code body}'s case {@code loop.kernel()} run serially or
   * split across the pool; when the fast loop does not apply, or fails, the general path (the
   * unfused kernels) gives the result or the error the unfused graph would.
   */
  public static Object run(LoopKernel loop, Object[] frame, LoopBody body) {
    int[] slots = loop.inputs();
    Object[] inputs = new Object[slots.length];
    for (int i = 0; i < slots.length; i++) {
      inputs[i] = frame[slots[i]];
    }
    OutputBuffers buffers = (OutputBuffers) frame[loop.buffersSlot()];
    int kernel = loop.kernel();
    Object[] args = switch (loop.kind()) {
      case FLAT -> prepare(inputs, loop.kinds(), loop.links(), loop.rank(), loop.dtype(), buffers, kernel);
      case FOLD -> prepareRows(inputs, loop.kinds(), loop.links(), loop.partition(), loop.dtype(), loop.keepdims(),
          buffers, kernel);
      case SCAN, FILTER -> prepareRowValues(inputs, loop.kinds(), loop.links(), loop.partition(), loop.dtype(),
          loop.kind() == LoopKernel.Kind.FILTER, buffers, kernel);
    };
    if (args == null) {
      return loop.general().apply(inputs);
    }
    try {
      boolean rows = loop.kind() == LoopKernel.Kind.SCAN || loop.kind() == LoopKernel.Kind.FILTER;
      int count = rows ? rows(args, loop.partition()) : count(args);
      // a filter's rows are stored one after the other, so its loop runs serially
      if (count < PARALLEL_THRESHOLD || loop.kind() == LoopKernel.Kind.FILTER) {
        body.loop(kernel, 0, count, args);
      } else if (loop.profiled()) {
        ProfileProbe.forRange(body, kernel, count, args);
      } else {
        forRange(body, kernel, count, args);
      }
    } catch (RuntimeException e) {
      // a step that throws in the fast loop (integer division by zero) is reported by the general
      // path, which runs the steps one by one and names the failing step's node
      throw failed(loop.general(), inputs, e);
    }
    return loop.kind() == LoopKernel.Kind.FILTER
        ? filterResult(loop.dtype(), args, inputs, loop.partition())
        : result(loop.dtype(), args);
  }

  /** The number of elements of the output array in {@code args[0]}. */
  public static int count(Object[] args) {
    return Array.getLength(args[0]);
  }

  /** The filled output array as a tensor of the shape {@link #prepare} found. */
  public static Tensor result(DType dtype, Object[] args) {
    return Tensor.wrap(dtype, (int[]) args[args.length - 1], args[0]);
  }

  /** Runs {@code body}'s loop {@code kernel} over {@code [0, count)}, split across {@link Parallelism#pool()}. */
  public static void forRange(LoopBody body, int kernel, int count, Object[] args) {
    if (count < PARALLEL_THRESHOLD) {
      body.loop(kernel, 0, count, args);
      return;
    }
    ParallelLoops.forRange(count, count, (from, to) -> body.loop(kernel, from, to, args));
  }
}
