package dev.tatter.runtime.kernels.gather;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;
import java.util.List;

/**
 * Where {@code tf.gather_nd} of ragged params reads: each index tuple walked down the params'
 * partitions to one position. TF's Python composition adds {@code row_splits[t_0] + t_1} unchecked,
 * so a coordinate past its own row's length silently reads the next row; here every coordinate is
 * checked against the length of the row it indexes into, before anything is gathered, and the
 * first bad tuple is named with the bound it broke.
 */
public final class RaggedGatherNdKernels {
  private RaggedGatherNdKernels() {}

  /**
   * For each tuple {@code t} of {@code indices} (its last dim, of length {@code m <= rank(params)}),
   * the position it reaches: {@code t_0} is a row of params, and each next coordinate {@code t_j}
   * ({@code j <= ragged_rank}) moves to {@code row_start_j(pos) + t_j} in the next level's rows.
   * With {@code m <= ragged_rank + 1} the result is these positions, shape {@code indices.shape[:-1]}
   * (zeros for {@code m = 0}: every empty tuple selects all of params); with a longer tuple, whose
   * tail indexes the flat values' uniform inner dims, it is the tuple into the flat values,
   * {@code [pos, t_{r+1}, ..., t_{m-1}]}, shape {@code indices.shape[:-1] + [m - ragged_rank]}.
   * Int64 throughout.
   */
  public static Tensor gatherNdPositions(RaggedTensor params, Tensor indices) {
    int[] q = indices.shape();
    if (q.length == 0) {
      throw new InvalidArgumentException("indices must be at least a vector, got a scalar");
    }
    int m = q[q.length - 1];
    List<RowPartition> partitions = params.nestedPartitions();
    int r = partitions.size();
    int[] flat = params.flatValues().shape();
    if (m > r + flat.length) {
      throw new InvalidArgumentException("index innermost dimension length must be <= params rank; saw: " + m + " vs. "
          + (r + flat.length));
    }
    int[] tupleShape = Arrays.copyOf(q, q.length - 1);
    int tuples = Sizes.elementCount(tupleShape);
    int width = m <= r + 1 ? 1 : m - r;
    int[] outShape = width == 1 ? tupleShape : Arrays.copyOf(q, q.length);
    if (width > 1) {
      outShape[q.length - 1] = width;
    }
    long[] out = new long[Sizes.elementCount(outShape)];
    for (int t = 0; t < tuples; t++) {
      int base = t * m;
      long pos = 0;
      for (int j = 0; j < m; j++) {
        long v = indices.getLong(base + j);
        long bound;
        if (j == 0) {
          bound = r == 0 ? flat[0] : partitions.get(0).nrows();
        } else if (j <= r) {
          bound = partitions.get(j - 1).rowLength((int) pos);
        } else {
          bound = flat[j - r];
        }
        if (v < 0 || v >= bound) {
          throw badTuple(params, indices, tupleShape, t, m, j, pos, bound);
        }
        if (j == 0) {
          pos = v;
        } else if (j <= r) {
          pos = partitions.get(j - 1).rowStart((int) pos) + v;
        } else {
          out[t * width + (j - r)] = v;
        }
      }
      out[t * width] = pos;
    }
    return Tensor.wrap(DType.INT64, outShape, out);
  }

  private static InvalidArgumentException badTuple(RaggedTensor params, Tensor indices, int[] tupleShape, int t, int m,
      int j, long pos, long bound) {
    StringBuilder tuple = new StringBuilder();
    for (int k = 0; k < m; k++) {
      tuple.append(k == 0 ? "" : ", ").append(indices.getLong(t * m + k));
    }
    int r = params.raggedRank();
    String where;
    if (j == 0) {
      where = "params has " + bound + " rows";
    } else if (j <= r) {
      StringBuilder row = new StringBuilder();
      for (int k = 0; k < j; k++) {
        row.append(k == 0 ? "" : ", ").append(indices.getLong(t * m + k));
      }
      where = "params[" + row + "] has " + bound + " values";
    } else {
      where = "dim " + j + " has size " + bound;
    }
    return new InvalidArgumentException("indices" + GatherKernels.sliceDebugString(tupleShape, t) + " = [" + tuple
        + "] does not index into params: coordinate " + j + " is not in [0, " + bound + ") (" + where + ")");
  }
}
