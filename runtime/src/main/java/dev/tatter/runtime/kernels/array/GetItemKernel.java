package dev.tatter.runtime.kernels.array;

import dev.tatter.runtime.Index;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.elementwise.Broadcast;
import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.List;

/**
 * TF's {@code __getitem__} on dense and ragged tensors. The outer dimension of a ragged tensor
 * takes an integer (one row: its values, one level down) or a slice (some rows). Inner
 * dimensions are applied row by row: a slice takes part of every row; an integer is allowed only
 * where the type rule has proved the dimension uniform (indexing a ragged inner dimension is
 * refused at build time), and is still checked against each row here. Dense dimensions index
 * the flat values as NumPy would.
 */
public final class GetItemKernel {
  private GetItemKernel() {}

  /** {@code getitem(x) {key}}: {@code x} is a Tensor or RaggedTensor; key as {@link Index#parse} reads it. */
  public static Object getItem(Object value, String key) {
    return apply(value, Index.parse(key), 0);
  }

  private static Object apply(Object value, List<Index> key, int dim) {
    if (key.isEmpty()) {
      return value;
    }
    if (value instanceof Tensor t) {
      return dense(t, key, dim);
    }
    RaggedTensor rt = (RaggedTensor) value;
    Index first = key.get(0);
    List<Index> rest = key.subList(1, key.size());
    RowPartition p = rt.partition();
    if (first instanceof Index.At at) {
      long row = at.resolve(p.nrows());
      if (row < 0) {
        throw outOfRange(at.index(), dim, p.nrows());
      }
      Object rowValues = rows(rt.values(), rangeIds(p.rowStart((int) row), p.rowLimit((int) row)));
      return apply(rowValues, rest, dim + 1);
    }
    int[] ids = sliceIds((Index.Slice) first, p.nrows(), 0);
    return inner(rows(rt, ids), rest, dim + 1);
  }

  /** Applies {@code key} to dims 1.. of {@code value}, keeping dim 0 ({@code dim} is dim 1's number). */
  private static Object inner(Object value, List<Index> key, int dim) {
    if (key.isEmpty()) {
      return value;
    }
    if (value instanceof Tensor t) {
      List<Index> full = new java.util.ArrayList<>();
      full.add(Index.all());
      full.addAll(key);
      return dense(t, full, dim - 1);
    }
    RaggedTensor rt = (RaggedTensor) value;
    RowPartition p = rt.partition();
    Index first = key.get(0);
    List<Index> rest = key.subList(1, key.size());
    int nrows = p.nrows();
    if (first instanceof Index.At at) {
      int[] ids = new int[nrows];
      for (int r = 0; r < nrows; r++) {
        long j = at.resolve(p.rowLength(r));
        if (j < 0) {
          throw new InvalidArgumentException("index " + at.index() + " is out of range in dimension " + dim
              + ": row " + r + " has length " + p.rowLength(r));
        }
        ids[r] = p.rowStart(r) + (int) j;
      }
      return inner(rows(rt.values(), ids), rest, dim + 1);
    }
    Index.Slice slice = (Index.Slice) first;
    long[] splits = new long[nrows + 1];
    for (int r = 0; r < nrows; r++) {
      splits[r + 1] = splits[r] + slice.count(p.rowLength(r));
    }
    int[] ids = new int[Sizes.toIntSize(splits[nrows], "sliced values")];
    for (int r = 0; r < nrows; r++) {
      int[] rowIds = sliceIds(slice, p.rowLength(r), p.rowStart(r));
      System.arraycopy(rowIds, 0, ids, (int) splits[r], rowIds.length);
    }
    Object values = inner(rows(rt.values(), ids), rest, dim + 1);
    RowPartition sliced = p.isUniform()
        ? RowPartition.uniform(slice.count(p.uniformRowLength()), nrows, p.splitsDType())
        : RowPartition.adoptingRowSplits(splits, p.splitsDType());
    return RaggedTensor.of(values, sliced);
  }

  /** Rows {@code ids} (in that order) of a dense or ragged value. */
  static Object rows(Object value, int[] ids) {
    if (value instanceof Tensor t) {
      int[] shape = t.shape();
      int item = shape[0] == 0 ? 0 : t.size() / shape[0];
      shape[0] = ids.length;
      Object out = t.dtype().layout().newArray(Sizes.elementCount(shape));
      for (int i = 0; i < ids.length; i++) {
        t.dtype().layout().copy(t.unsafeData(), ids[i] * item, out, i * item, item);
      }
      return Tensor.wrap(t.dtype(), shape, out);
    }
    RaggedTensor rt = (RaggedTensor) value;
    RowPartition p = rt.partition();
    long[] splits = new long[ids.length + 1];
    for (int i = 0; i < ids.length; i++) {
      splits[i + 1] = splits[i] + p.rowLength(ids[i]);
    }
    int[] inner = new int[Sizes.toIntSize(splits[ids.length], "gathered values")];
    for (int i = 0; i < ids.length; i++) {
      for (int j = 0; j < p.rowLength(ids[i]); j++) {
        inner[(int) splits[i] + j] = p.rowStart(ids[i]) + j;
      }
    }
    RowPartition out = p.isUniform()
        ? RowPartition.uniform(p.uniformRowLength(), ids.length, p.splitsDType())
        : RowPartition.adoptingRowSplits(splits, p.splitsDType());
    return RaggedTensor.of(rows(rt.values(), inner), out);
  }

  private static int[] rangeIds(int from, int to) {
    int[] ids = new int[to - from];
    Arrays.setAll(ids, i -> from + i);
    return ids;
  }

  /** The positions a slice takes from a dimension of {@code size}, offset by {@code base}. */
  private static int[] sliceIds(Index.Slice slice, long size, int base) {
    int count = (int) slice.count(size);
    long first = slice.first(size);
    long step = slice.stepOrOne();
    int[] ids = new int[count];
    for (int i = 0; i < count; i++) {
      ids[i] = base + (int) (first + i * step);
    }
    return ids;
  }

  /** NumPy indexing of a dense tensor: integers drop their dim, slices keep it; {@code dim} numbers dim 0 in messages. */
  private static Tensor dense(Tensor t, List<Index> key, int dim) {
    int[] shape = t.shape();
    if (key.size() > shape.length) {
      throw new InvalidArgumentException("too many indices: [" + Index.format(key) + "] for a tensor of rank " + shape.length);
    }
    int rank = shape.length;
    int[][] picks = new int[rank][];
    int outRank = 0;
    for (int d = 0; d < rank; d++) {
      Index k = d < key.size() ? key.get(d) : Index.all();
      if (k instanceof Index.At at) {
        long i = at.resolve(shape[d]);
        if (i < 0) {
          throw outOfRange(at.index(), dim + d, shape[d]);
        }
        picks[d] = new int[] {(int) i};
      } else {
        picks[d] = sliceIds((Index.Slice) k, shape[d], 0);
        outRank++;
      }
    }
    int[] outShape = new int[outRank];
    int o = 0;
    for (int d = 0; d < rank; d++) {
      Index k = d < key.size() ? key.get(d) : Index.all();
      if (k instanceof Index.Slice) {
        outShape[o++] = picks[d].length;
      }
    }
    int count = Sizes.elementCount(outShape);
    Object out = t.dtype().layout().newArray(count);
    int[] strides = Broadcast.strides(shape);
    int[] counter = new int[rank];
    for (int i = 0; i < count; i++) {
      int src = 0;
      for (int d = 0; d < rank; d++) {
        src += picks[d][counter[d]] * strides[d];
      }
      t.dtype().layout().copy(t.unsafeData(), src, out, i, 1);
      for (int d = rank - 1; d >= 0; d--) {
        if (++counter[d] < picks[d].length) {
          break;
        }
        counter[d] = 0;
      }
    }
    return Tensor.wrap(t.dtype(), outShape, out);
  }

  private static InvalidArgumentException outOfRange(long index, int dim, long size) {
    return new InvalidArgumentException("index " + index + " is out of range for dimension " + dim + " of size " + size);
  }
}
