package dev.tatter.runtime.kernels.reduce;

import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;

/**
 * Where the values of ragged rows land when the rows are folded into segments position by
 * position (TF's {@code _ragged_segment_aggregate}): segment {@code s} is as long as its longest
 * row, and value {@code v} of a row of segment {@code s} goes to position {@code v - rowStart}
 * of that segment. Shared by the numeric segment reductions and {@code reduce_join} (a kernel
 * internal, public only for {@code strings.StringJoinKernels}; not API).
 *
 * @param splits the segments' row splits ({@code nseg + 1} entries)
 * @param valueIds for each input value, the flat position it folds into
 * @param total the number of folded values, {@code splits[nseg]}
 */
public record RaggedSegmentLayout(long[] splits, int[] valueIds, int total) {
  /** The layout of folding the rows of {@code p} into {@code nseg} segments by {@code ids}; {@code what} names the result in a size error. */
  public static RaggedSegmentLayout of(RowPartition p, int[] ids, int nseg, String what) {
    long[] lengths = new long[nseg];
    for (int r = 0; r < p.nrows(); r++) {
      lengths[ids[r]] = Math.max(lengths[ids[r]], p.rowLength(r));
    }
    long[] splits = new long[nseg + 1];
    for (int s = 0; s < nseg; s++) {
      splits[s + 1] = splits[s] + lengths[s];
    }
    int total = Sizes.toIntSize(splits[nseg], what);
    int[] valueIds = new int[p.nvals()];
    for (int r = 0; r < p.nrows(); r++) {
      int shift = (int) splits[ids[r]] - p.rowStart(r);
      for (int v = p.rowStart(r); v < p.rowLimit(r); v++) {
        valueIds[v] = v + shift;
      }
    }
    return new RaggedSegmentLayout(splits, valueIds, total);
  }
}
