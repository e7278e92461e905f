package dev.tatter.runtime.kernels.sparse;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;

/**
 * The {@code tf.sparse} ops that pick, add or split entries: the three parts of a sparse
 * tensor, {@code retain}, {@code fill_empty_rows} and its empty-row indicator, {@code split}
 * (one op per piece) and {@code eye}.
 */
public final class SparseSelectKernels {
  private SparseSelectKernels() {}

  /** {@code sparse_indices}: TF's {@code st.indices}. */
  public static Tensor indices(SparseTensor st) {
    return st.indices();
  }

  /** {@code sparse_values}: TF's {@code st.values}. */
  public static Tensor values(SparseTensor st) {
    return st.values();
  }

  /** {@code sparse_dense_shape}: TF's {@code st.dense_shape}. */
  public static Tensor denseShape(SparseTensor st) {
    return st.denseShape();
  }

  /** {@code sparse_retain(st, to_retain)}: the entries where {@code to_retain} (a bool per entry) is true, in order. */
  public static SparseTensor retain(SparseTensor st, Tensor toRetain) {
    if (toRetain.dtype() != DType.BOOL || toRetain.rank() != 1 || toRetain.dim(0) != st.nnz()) {
      throw new InvalidArgumentException("to_retain must be a bool vector of " + st.nnz() + " elements (one per value), got "
          + toRetain.dtype() + " of shape " + Arrays.toString(toRetain.shape()));
    }
    boolean[] keep = (boolean[]) toRetain.unsafeData();
    int[] kept = new int[st.nnz()];
    int count = 0;
    for (int i = 0; i < keep.length; i++) {
      if (keep[i]) {
        kept[count++] = i;
      }
    }
    int rank = st.rank();
    return SparseEntries.build(SparseEntries.takeRows(st.indicesArray(), rank, kept, count), count, rank, st.dtype(),
        SparseEntries.take(st.dtype(), st.values().unsafeData(), kept, count), st.denseShapeArray());
  }

  /** Each entry's row, checked against the dense shape's first dim (TF's message names the entry). */
  private static int[] rows(SparseTensor st) {
    long[] shape = st.denseShapeArray();
    long[] idx = st.indicesArray();
    int rank = shape.length;
    int[] rows = new int[st.nnz()];
    for (int i = 0; i < rows.length; i++) {
      long r = idx[i * rank];
      if (r < 0 || r >= shape[0]) {
        throw new InvalidArgumentException("indices(" + i + ", 0) is invalid: " + r + " is not in [0, " + shape[0] + ")");
      }
      rows[i] = (int) r;
    }
    return rows;
  }

  /**
   * {@code sparse_fill_empty_rows(st, default_value)} (TF's {@code SparseFillEmptyRows}): every
   * row without an entry gets one, {@code default_value} at {@code [row, 0, ...]}; entries come out
   * grouped by row in row order, each row's in their given order.
   */
  public static SparseTensor fillEmptyRows(SparseTensor st, Tensor defaultValue) {
    if (defaultValue.rank() != 0 || defaultValue.dtype() != st.dtype()) {
      throw new InvalidArgumentException("default_value must be a " + st.dtype() + " scalar, got "
          + defaultValue.dtype() + " of shape " + Arrays.toString(defaultValue.shape()));
    }
    long[] shape = st.denseShapeArray();
    int nrows = Sizes.toIntSize(shape[0], "dense_shape[0]");
    int[] rows = rows(st);
    int[] start = new int[nrows + 1];
    for (int r : rows) {
      start[r + 1]++;
    }
    int empty = 0;
    for (int r = 0; r < nrows; r++) {
      if (start[r + 1] == 0) {
        empty++;
        start[r + 1] = 1;
      }
    }
    for (int r = 0; r < nrows; r++) {
      start[r + 1] += start[r];
    }
    int n = Sizes.toIntSize((long) rows.length + empty, "the result's number of entries");
    int rank = shape.length;
    long[] idx = st.indicesArray();
    long[] outIdx = new long[Sizes.toIntSize((long) n * rank, "the result's indices")];
    int[] source = new int[n];
    Arrays.fill(source, -1);
    int[] next = Arrays.copyOf(start, nrows);
    for (int i = 0; i < rows.length; i++) {
      int at = next[rows[i]]++;
      source[at] = i;
      System.arraycopy(idx, i * rank, outIdx, at * rank, rank);
    }
    Object values = st.values().unsafeData();
    Object out = st.dtype().layout().newArray(n);
    for (int k = 0; k < n; k++) {
      if (source[k] >= 0) {
        st.dtype().layout().copy(values, source[k], out, k, 1);
      } else {
        // the row's one default entry; its other coordinates stay 0
        outIdx[k * rank] = rowOf(start, k);
        st.dtype().layout().copy(defaultValue.unsafeData(), 0, out, k, 1);
      }
    }
    return SparseEntries.build(outIdx, n, rank, st.dtype(), out, shape);
  }

  private static int rowOf(int[] start, int k) {
    int r = Arrays.binarySearch(start, k);
    if (r < 0) {
      return -r - 2;
    }
    while (r + 1 < start.length && start[r + 1] == k) {
      r++;
    }
    return r;
  }

  /** {@code sparse_empty_rows(st)}: fill_empty_rows' second result, true for each row holding no entry. */
  /**
   * {@code sparse_fill_reverse_index_map} (TF's {@code SparseFillEmptyRows}' {@code
   * reverse_index_map}): where each input entry lands in {@link #fillEmptyRows}' result, int64 of
   * [nnz]. The result groups entries by row, in input order within a row, after one slot for each
   * empty row before it.
   */
  public static Tensor reverseIndexMap(SparseTensor st) {
    int nrows = Sizes.toIntSize(st.denseShapeArray()[0], "dense_shape[0]");
    int[] rows = rows(st);
    long[] next = new long[nrows + 1];
    for (int r : rows) {
      next[r + 1]++;
    }
    for (int r = 0; r < nrows; r++) {
      next[r + 1] = next[r] + Math.max(next[r + 1], 1);
    }
    long[] out = new long[rows.length];
    for (int i = 0; i < rows.length; i++) {
      out[i] = next[rows[i]]++;
    }
    return Tensor.wrap(DType.INT64, new int[] {rows.length}, out);
  }

  public static Tensor emptyRows(SparseTensor st) {
    int nrows = Sizes.toIntSize(st.denseShapeArray()[0], "dense_shape[0]");
    boolean[] empty = new boolean[nrows];
    Arrays.fill(empty, true);
    for (int r : rows(st)) {
      empty[r] = false;
    }
    return Tensor.wrap(DType.BOOL, new int[] {nrows}, empty);
  }

  /**
   * {@code sparse_split {axis, num_split, index}} (TF's {@code SparseSplit}, piece {@code index}):
   * dim {@code axis} cut into {@code num_split} pieces, the first {@code size % num_split} one
   * longer; the piece's entries in their given order, shifted to its start.
   */
  public static SparseTensor split(SparseTensor st, long axis, long numSplit, long index) {
    long[] shape = st.denseShapeArray();
    int rank = shape.length;
    int dim = SparseEntries.axis(axis, rank, "split axis");
    if (numSplit < 1 || numSplit > shape[dim]) {
      throw new InvalidArgumentException("Input num_split should be between 1 and " + shape[dim] + ", got " + numSplit);
    }
    if (index < 0 || index >= numSplit) {
      throw new InvalidArgumentException("piece " + index + " is out of range [0, " + numSplit + ")");
    }
    // TF's SparseSplit checks every index against the dense shape (a slice would drop it unseen)
    long[] idx = (long[]) st.indices().unsafeData();
    for (int i = 0; i < st.nnz(); i++) {
      SparseEntries.checkInBounds(idx, i, shape, "");
    }
    long from = pieceStart(shape[dim], numSplit, index);
    long to = pieceStart(shape[dim], numSplit, index + 1);
    long[] start = new long[rank];
    long[] size = shape.clone();
    start[dim] = from;
    size[dim] = to - from;
    return SparseShapeKernels.slice(st, start, size);
  }

  /** Where piece {@code k} of {@code numSplit} starts in a dim of {@code size}. */
  static long pieceStart(long size, long numSplit, long k) {
    long base = size / numSplit;
    long longer = size % numSplit;
    return k * base + Math.min(k, longer);
  }

  /** {@code sparse_eye {num_rows, num_columns, dtype}} (tf.sparse.eye): ones on the main diagonal. */
  public static SparseTensor eye(long numRows, long numColumns, DType dtype) {
    if (numRows < 0 || numColumns < 0) {
      throw new InvalidArgumentException("num_rows and num_columns must be >= 0, got " + numRows + " and " + numColumns);
    }
    int n = Sizes.toIntSize(Math.min(numRows, numColumns), "the diagonal");
    long[] idx = new long[Sizes.toIntSize(2L * n, "the result's indices")];
    Object ones = dtype.layout().newArray(n);
    Object one = Tensor.scalar(dtype, dtype.isFloating() ? (Object) 1.0 : dtype == DType.BOOL ? (Object) true : (Object) 1L).unsafeData();
    for (int i = 0; i < n; i++) {
      idx[2 * i] = i;
      idx[2 * i + 1] = i;
      dtype.layout().copy(one, 0, ones, i, 1);
    }
    return SparseEntries.build(idx, n, 2, dtype, ones, new long[] {numRows, numColumns});
  }
}
