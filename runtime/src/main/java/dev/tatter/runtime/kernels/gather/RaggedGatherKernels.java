package dev.tatter.runtime.kernels.gather;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * TF's {@code RaggedGather}: whole ragged rows of {@code params} picked by a dense tensor of
 * indices. The result's ragged rank is {@code rank(indices) - 1 + params.ragged_rank}: the outer
 * dimensions of the indices become uniform partitions, then each picked row brings its nested
 * row lengths with it.
 */
public final class RaggedGatherKernels {
  private RaggedGatherKernels() {}

  /**
   * {@code params[indices]} along axis 0. An index outside {@code [0, nrows(params))} is an error
   * naming its position and the bound, as TF's kernel words it. A scalar index of a ragged rank 1
   * tensor gives a dense row.
   */
  public static Object raggedGather(RaggedTensor params, Tensor indices) {
    List<RowPartition> partitions = params.nestedPartitions();
    Tensor flat = params.flatValues();
    int numParams = params.nrows();
    int[] indexShape = indices.shape();
    int n = indices.size();
    // read once: the loops below visit each index twice and each level's splits per index
    int[] picked = pickedRows(indices, numParams);
    long[][] levelSplits = new long[partitions.size()][];
    for (int d = 0; d < levelSplits.length; d++) {
      levelSplits[d] = partitions.get(d).unsafeRowSplits();
    }
    int outer = indexShape.length - 1;
    int levels = partitions.size();
    // the number of splits each output level appends, counted in long before anything is allocated
    long[] lengths = new long[levels];
    long numValues = 0;
    if (levels == 1) {
      // the common case, one ragged level: each picked row is one slice of the values
      long[] splits = levelSplits[0];
      lengths[0] = n;
      for (int i = 0; i < n; i++) {
        numValues += splits[picked[i] + 1] - splits[picked[i]];
      }
    } else {
      for (int i = 0; i < n; i++) {
        long start = picked[i];
        long limit = start + 1;
        for (int d = 0; d < levels; d++) {
          lengths[d] += limit - start;
          long[] splits = levelSplits[d];
          start = splits[(int) start];
          limit = splits[(int) limit];
        }
        numValues += limit - start;
      }
    }
    long[][] outSplits = new long[levels][];
    int[] fill = new int[levels];
    for (int d = 0; d < levels; d++) {
      outSplits[d] = new long[Sizes.toIntSize(lengths[d] + 1, "row splits of the gathered rows")];
      fill[d] = 1;
    }
    int[] flatShape = flat.shape();
    flatShape[0] = Sizes.toIntSize(numValues, "values of the gathered rows");
    int inner = 1;
    for (int a = 1; a < flatShape.length; a++) {
      inner *= flatShape[a];
    }
    Object in = flat.unsafeData();
    Object out = flat.dtype().layout().newArray(Sizes.elementCount(flatShape));
    int outPos = 0;
    if (levels == 1) {
      gatherRows(flat.dtype().layout(), levelSplits[0], picked, inner, in, out, outSplits[0]);
    }
    for (int i = 0; levels > 1 && i < n; i++) {
      int start = picked[i];
      int limit = start + 1;
      for (int d = 0; d < levels; d++) {
        long[] splits = levelSplits[d];
        long[] target = outSplits[d];
        for (int j = start; j < limit; j++) {
          target[fill[d]] = target[fill[d] - 1] + splits[j + 1] - splits[j];
          fill[d]++;
        }
        start = (int) splits[start];
        limit = (int) splits[limit];
      }
      int count = (limit - start) * inner;
      flat.dtype().layout().copy(in, start * inner, out, outPos, count);
      outPos += count;
    }
    Tensor values = Tensor.wrap(flat.dtype(), flatShape, out);
    DType splitsDType = params.partition().splitsDType();
    List<RowPartition> result = new ArrayList<>();
    long rows = 1;
    for (int d = 0; d < outer; d++) {
      rows *= indexShape[d];
      result.add(RowPartition.uniform(indexShape[d + 1], rows, splitsDType));
    }
    // a scalar index drops the outermost level: the picked row is the result
    for (int d = outer < 0 ? 1 : 0; d < levels; d++) {
      result.add(RowPartition.adoptingRowSplits(outSplits[d], splitsDType));
    }
    return result.isEmpty() ? values : RaggedTensor.ofNested(values, result);
  }

  /**
   * The indices as row numbers, each checked against {@code [0, numParams)}; int32 and int64
   * indices are read in place.
   */
  private static int[] pickedRows(Tensor indices, int numParams) {
    int n = indices.size();
    int[] picked = new int[n];
    Object data = indices.unsafeData();
    for (int i = 0; i < n; i++) {
      long index = data instanceof long[] longs ? longs[i] : data instanceof int[] ints ? ints[i] : indices.getLong(i);
      if (index < 0 || index >= numParams) {
        throw new InvalidArgumentException("indices" + position(indices.shape(), i) + " = " + index
            + " is not in [0, " + numParams + ")");
      }
      picked[i] = (int) index;
    }
    return picked;
  }

  /** One ragged level: each picked row's length into the splits, its values copied as one slice. */
  private static void gatherRows(dev.tatter.runtime.DTypeLayout layout, long[] splits, int[] picked, int inner, Object in, Object out, long[] outSplits) {
    long end = 0;
    for (int i = 0; i < picked.length; i++) {
      int row = picked[i];
      int start = (int) splits[row];
      int length = (int) (splits[row + 1] - start);
      layout.copy(in, start * inner, out, (int) end * inner, length * inner);
      end += length;
      outSplits[i + 1] = end;
    }
  }

  /** Kernel internal, not API: TF's {@code SliceDebugString}, the multi-index of flat position {@code i}, e.g. {@code [1,0]}. */
  public static String position(int[] shape, int i) {
    if (shape.length == 0) {
      return "";
    }
    int[] index = new int[shape.length];
    int rest = i;
    for (int a = shape.length - 1; a >= 0; a--) {
      index[a] = rest % shape[a];
      rest /= shape[a];
    }
    StringBuilder s = new StringBuilder("[");
    for (int a = 0; a < index.length; a++) {
      s.append(a == 0 ? "" : ",").append(index[a]);
    }
    return s.append(']').toString();
  }

  static String shapeString(int[] shape) {
    return Arrays.toString(shape);
  }
}
