package dev.tatter.runtime.kernels.conversion;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;
import java.util.List;

/** Conversions between ragged and sparse tensors ({@code rt.to_sparse()}, {@code RaggedTensor.from_sparse}). */
public final class SparseConversionKernels {
  private SparseConversionKernels() {}

  /**
   * {@code to_sparse}: every value of {@code rt} (each element of the flat values, inner dims
   * included) at its position, in row-major order; the dense shape is the bounding shape.
   */
  public static SparseTensor toSparse(RaggedTensor rt) {
    List<RowPartition> parts = rt.nestedPartitions();
    Tensor flat = rt.flatValues();
    int k = parts.size();
    int[] flatShape = flat.shape();
    int ndims = k + flatShape.length;
    long[] denseShape = new long[ndims];
    denseShape[0] = parts.get(0).nrows();
    for (int level = 0; level < k; level++) {
      RowPartition p = parts.get(level);
      for (int r = 0; r < p.nrows(); r++) {
        denseShape[level + 1] = Math.max(denseShape[level + 1], p.rowLength(r));
      }
    }
    for (int d = 1; d < flatShape.length; d++) {
      denseShape[k + d] = flatShape[d];
    }
    int nnz = flat.size();
    long[] indices = new long[Sizes.elementCount(new long[] {nnz, ndims})];
    // the ragged coordinates (k + 1 of them) of each flat row, outermost level first
    long[][] prefix = new long[flatShape[0]][];
    fillPrefixes(parts, 0, 0, parts.get(0).nrows(), new long[k + 1], prefix);
    int[] inner = Arrays.copyOfRange(flatShape, 1, flatShape.length);
    int item = flatShape[0] == 0 ? 0 : nnz / flatShape[0];
    for (int row = 0; row < flatShape[0]; row++) {
      for (int e = 0; e < item; e++) {
        int at = (row * item + e) * ndims;
        System.arraycopy(prefix[row], 0, indices, at, k + 1);
        int rest = e;
        for (int d = inner.length - 1; d >= 0; d--) {
          indices[at + k + 1 + d] = rest % inner[d];
          rest /= inner[d];
        }
      }
    }
    Tensor values = flat.reshape(nnz);
    return SparseTensor.of(Tensor.wrap(DType.INT64, new int[] {nnz, ndims}, indices), values, Tensor.ofLongs(denseShape));
  }

  private static void fillPrefixes(List<RowPartition> parts, int level, int from, int to, long[] coords, long[][] out) {
    RowPartition p = parts.get(level);
    for (int r = from; r < to; r++) {
      if (level == 0) {
        coords[0] = r;
      }
      int start = p.rowStart(r);
      for (int j = start; j < p.rowLimit(r); j++) {
        coords[level + 1] = j - start;
        if (level == parts.size() - 1) {
          out[j] = coords.clone();
        } else {
          fillPrefixes(parts, level + 1, j, j + 1, coords, out);
        }
      }
    }
  }

  /**
   * {@code from_sparse}: a 2-D sparse tensor whose rows are right-ragged (each row's columns are
   * 0, 1, 2, ... in order) becomes a ragged tensor of {@code dense_shape[0]} rows. Anything
   * else is an error naming the first index that breaks the rule.
   */
  public static RaggedTensor fromSparse(SparseTensor st, DType splits) {
    if (st.rank() != 2) {
      throw new InvalidArgumentException("from_sparse needs a 2-D SparseTensor, got rank " + st.rank());
    }
    long[] idx = ((long[]) st.indices().unsafeData());
    long nrows = ((long[]) st.denseShape().unsafeData())[0];
    long ncols = ((long[]) st.denseShape().unsafeData())[1];
    int n = st.nnz();
    long[] rowSplits = new long[Sizes.toIntSize(nrows + 1, "nrows + 1")];
    long prevRow = -1;
    long prevCol = -1;
    for (int i = 0; i < n; i++) {
      long row = idx[2 * i];
      long col = idx[2 * i + 1];
      if (row < 0 || row >= nrows || col < 0 || col >= ncols) {
        throw new InvalidArgumentException("indices[" + i + "]=[" + row + ", " + col
            + "] is out of range for dense_shape " + Arrays.toString(((long[]) st.denseShape().unsafeData())));
      }
      if (row < prevRow) {
        throw new InvalidArgumentException("indices[" + i + "]=[" + row + ", " + col + "] comes after indices["
            + (i - 1) + "]=[" + prevRow + ", " + prevCol + "]: the SparseTensor is not in row-major order (reorder it first)");
      }
      long expected = row == prevRow ? prevCol + 1 : 0;
      if (col != expected) {
        throw new InvalidArgumentException("the SparseTensor is not right-ragged: indices[" + i + "]=[" + row + ", "
            + col + "] should be [" + row + ", " + expected + "] (each row's columns must be 0, 1, 2, ...)");
      }
      rowSplits[(int) row + 1]++;
      prevRow = row;
      prevCol = col;
    }
    for (int r = 0; r < nrows; r++) {
      rowSplits[r + 1] += rowSplits[r];
    }
    return RaggedTensor.of(st.values(), RowPartition.adoptingRowSplits(rowSplits, splits));
  }
}
