package dev.tatter.runtime.kernels.ragged;

import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;

/** Kernels that take ragged tensors apart and put them together. */
public final class RaggedKernels {
  private RaggedKernels() {}

  /**
   * {@code ragged}: {@code values} (dense or ragged) split by {@code partition}. They are checked
   * to fit whatever {@code validate} says; the flag only keeps the optimizer from removing the node.
   */
  public static RaggedTensor ragged(Object values, RowPartition partition, boolean validate) {
    return RaggedTensor.of(values, partition);
  }

  /** {@code values}: the values one level down (dense or ragged). */
  public static Object values(RaggedTensor rt) {
    return rt.values();
  }

  /** {@code partition}: the outermost row partition. */
  public static RowPartition partition(RaggedTensor rt) {
    return rt.partition();
  }

  /**
   * {@code assert_same_partition}: {@code p} when {@code q} splits the same values into the same
   * rows (TF's check for elementwise ops on two ragged tensors), an error otherwise.
   */
  public static RowPartition assertSamePartition(RowPartition p, RowPartition q) {
    if (p == q) {
      return p;
    }
    if (p.nrows() != q.nrows()) {
      throw new InvalidArgumentException(
          "partitions differ: " + p.nrows() + " rows vs " + q.nrows() + " rows");
    }
    long[] a = p.unsafeRowSplits();
    long[] b = q.unsafeRowSplits();
    for (int i = 0; i < a.length; i++) {
      if (a[i] != b[i]) {
        throw new InvalidArgumentException(
            "partitions differ: row_splits[" + i + "]=" + a[i] + " vs " + b[i]);
      }
    }
    return p;
  }
}
