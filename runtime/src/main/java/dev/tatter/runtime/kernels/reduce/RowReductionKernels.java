package dev.tatter.runtime.kernels.reduce;

import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;

/**
 * Reductions of each row of a partition: {@code values [nvals, inner...]} to
 * {@code [nrows, inner...]} ({@code [nrows, 1, inner...]} with keepdims). This is
 * {@code reduce_*(rt, axis=k)} for the innermost ragged axis {@code k}, with the ragged tensor
 * taken apart, which is what the optimizer turns that reduction into: the flat values are an
 * operand of their own, so the elementwise ops producing them can later be fused into the row
 * loop. Empty rows give the segment ops' starting values (see {@link Reducer}); an integer mean
 * is a true division, as for every ragged mean.
 */
public final class RowReductionKernels {
  private RowReductionKernels() {}

  /** The sum of each row divided by its length, as a true division (NaN for an empty row). */
  public static Tensor rowMean(Tensor values, RowPartition partition, boolean keepdims) {
    Tensor sum = rows(Reducer.SUM, values, partition, false);
    int inner = partition.nrows() == 0 ? 0 : sum.size() / partition.nrows();
    long[] counts = new long[sum.size()];
    for (int r = 0; r < partition.nrows(); r++) {
      java.util.Arrays.fill(counts, r * inner, (r + 1) * inner, partition.rowLength(r));
    }
    Tensor mean = MeanKernels.trueDivide(sum, Tensor.wrap(dev.tatter.runtime.DType.INT64, sum.shape(), counts));
    return keepdims ? (Tensor) ReductionKernels.expandDims(mean, 1, partition.splitsDType()) : mean;
  }

  /** Each row of {@code partition} reduced by {@code op}: the kernel of row_sum, row_prod, ..., row_any. */
  public static Tensor rows(Reducer op, Tensor values, RowPartition partition, boolean keepdims) {
    if (values.rank() == 0 || values.dim(0) != partition.nvals()) {
      throw new InvalidArgumentException("values must have one row per partitioned value: the partition covers "
          + partition.nvals() + " values but values has shape " + java.util.Arrays.toString(values.shape()));
    }
    ReductionKernels.checkDtype(op, values.dtype());
    Tensor out = (Tensor) ReductionKernels.rowsOf(op, values, partition.unsafeRowSplits());
    return keepdims ? (Tensor) ReductionKernels.expandDims(out, 1, partition.splitsDType()) : out;
  }
}
