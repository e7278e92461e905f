package dev.tatter.runtime.kernels.array;

import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code tf.tile(input, multiples)}: the values repeated {@code multiples[i]} times along each
 * dimension. On a ragged tensor (TF's {@code ragged.tile}) the rows are repeated
 * {@code multiples[0]} times and the contents of each row along a ragged dimension
 * {@code multiples[d]} times, so every output row is as long as its input row times its multiple.
 */
public final class TileKernels {
  private TileKernels() {}

  public static Object tile(Object input, long[] multiples) {
    int rank = UniformRagged.rank(input);
    if (multiples.length != rank) {
      throw new InvalidArgumentException("Expected multiples argument to be a vector of length " + rank + " but got length "
          + multiples.length);
    }
    for (int i = 0; i < multiples.length; i++) {
      if (multiples[i] < 0) {
        throw new InvalidArgumentException("Expected multiples[" + i + "] >= 0, but got " + multiples[i]);
      }
    }
    if (input instanceof Tensor t) {
      return dense(t, multiples);
    }
    RaggedTensor rt = (RaggedTensor) input;
    List<RowPartition> partitions = rt.nestedPartitions();
    // the rows of the current level picked in output order, starting with m0 copies of every row
    long count = Sizes.checkedProduct(rt.nrows(), multiples[0]);
    int[] rows = new int[Sizes.toIntSize(count, "rows of the tiled tensor")];
    for (int i = 0; i < rows.length; i++) {
      rows[i] = i % Math.max(rt.nrows(), 1);
    }
    List<RowPartition> out = new ArrayList<>();
    for (int d = 0; d < partitions.size(); d++) {
      RowPartition p = partitions.get(d);
      long m = multiples[d + 1];
      long[] splits = new long[rows.length + 1];
      for (int i = 0; i < rows.length; i++) {
        splits[i + 1] = splits[i] + Sizes.checkedProduct(p.rowLength(rows[i]), m);
        Sizes.toIntSize(splits[i + 1], "values of the tiled tensor");
      }
      int[] next = new int[Sizes.toIntSize(splits[rows.length], "values of the tiled tensor")];
      int k = 0;
      for (int row : rows) {
        for (long rep = 0; rep < m; rep++) {
          for (int j = p.rowStart(row); j < p.rowLimit(row); j++) {
            next[k++] = j;
          }
        }
      }
      out.add(RowPartition.adoptingRowSplits(splits, p.splitsDType()));
      rows = next;
    }
    Tensor flat = rt.flatValues();
    int[] picked = flat.shape();
    picked[0] = rows.length;
    int inner = 1;
    for (int a = 1; a < picked.length; a++) {
      inner *= picked[a];
    }
    Object data = flat.dtype().layout().newArray(Sizes.elementCount(picked));
    for (int i = 0; i < rows.length; i++) {
      flat.dtype().layout().copy(flat.unsafeData(), rows[i] * inner, data, i * inner, inner);
    }
    long[] innerMultiples = new long[picked.length];
    innerMultiples[0] = 1;
    System.arraycopy(multiples, partitions.size() + 1, innerMultiples, 1, picked.length - 1);
    Tensor values = dense(Tensor.wrap(flat.dtype(), picked, data), innerMultiples);
    return RaggedTensor.ofNested(values, out);
  }

  /** TF's {@code Tile} of a dense tensor. */
  static Tensor dense(Tensor t, long[] multiples) {
    int[] shape = t.shape();
    long[] outShape = new long[shape.length];
    for (int a = 0; a < shape.length; a++) {
      outShape[a] = Sizes.checkedProduct(shape[a], multiples[a]);
    }
    int[] out = Sizes.toIntShape(outShape);
    int count = Sizes.elementCount(out);
    Object data = t.dtype().layout().newArray(count);
    if (count > 0) {
      int[] index = new int[out.length];
      int[] strides = new int[shape.length];
      int stride = 1;
      for (int a = shape.length - 1; a >= 0; a--) {
        strides[a] = stride;
        stride *= shape[a];
      }
      for (int i = 0; i < count; i++) {
        int src = 0;
        for (int a = 0; a < out.length; a++) {
          src += (index[a] % shape[a]) * strides[a];
        }
        t.dtype().layout().copy(t.unsafeData(), src, data, i, 1);
        for (int a = out.length - 1; a >= 0; a--) {
          if (++index[a] < out[a]) {
            break;
          }
          index[a] = 0;
        }
      }
    }
    return Tensor.wrap(t.dtype(), out, data);
  }
}
