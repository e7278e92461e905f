package dev.tatter.runtime.kernels;

import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.List;

/** Conversions between ragged and dense tensors. */
public final class ConversionKernels {
  private ConversionKernels() {}

  /**
   * {@code to_tensor}: pads every ragged dimension to its longest row with {@code defaultValue}
   * (a scalar of the values' dtype). The result's size is checked before it is allocated.
   */
  public static Tensor toTensor(RaggedTensor rt, Tensor defaultValue) {
    Tensor flat = rt.flatValues();
    if (defaultValue.rank() != 0 || defaultValue.dtype() != flat.dtype()) {
      throw new InvalidArgumentException(
          "default_value must be a " + flat.dtype() + " scalar, got " + defaultValue.dtype() + " of rank " + defaultValue.rank());
    }
    List<RowPartition> partitions = rt.nestedPartitions();
    int ragged = partitions.size();
    int[] flatShape = flat.shape();
    long[] shape = new long[ragged + flatShape.length];
    shape[0] = partitions.get(0).nrows();
    for (int level = 0; level < ragged; level++) {
      RowPartition p = partitions.get(level);
      long longest = 0;
      for (int r = 0; r < p.nrows(); r++) {
        longest = Math.max(longest, p.rowLength(r));
      }
      shape[level + 1] = longest;
    }
    for (int d = 1; d < flatShape.length; d++) {
      shape[ragged + d] = flatShape[d];
    }
    int count = Sizes.elementCount(shape);
    int inner = 1;
    for (int d = 1; d < flatShape.length; d++) {
      inner *= flatShape[d];
    }
    Object out = Array.newInstance(flat.dtype().arrayClass().getComponentType(), count);
    fill(out, defaultValue.data());
    // strides[level] = elements of the output per row of that level's values
    long[] strides = new long[ragged + 1];
    strides[ragged] = inner;
    for (int level = ragged - 1; level >= 0; level--) {
      strides[level] = strides[level + 1] * shape[level + 1];
    }
    copyRows(partitions, 0, 0, partitions.get(0).nrows(), 0, strides, flat.data(), out, inner);
    int[] intShape = new int[shape.length];
    for (int i = 0; i < shape.length; i++) {
      intShape[i] = (int) shape[i];
    }
    return Tensor.wrap(flat.dtype(), intShape, out);
  }

  /** Copies rows {@code [rowFrom, rowTo)} of partition {@code level} to {@code outOffset} onward. */
  private static void copyRows(
      List<RowPartition> partitions, int level, int rowFrom, int rowTo, long outOffset,
      long[] strides, Object flat, Object out, int inner) {
    RowPartition p = partitions.get(level);
    boolean innermost = level == partitions.size() - 1;
    for (int r = rowFrom; r < rowTo; r++) {
      long rowOffset = outOffset + (r - rowFrom) * strides[level];
      int start = p.rowStart(r);
      int limit = p.rowLimit(r);
      if (innermost) {
        System.arraycopy(flat, start * inner, out, (int) rowOffset, (limit - start) * inner);
      } else {
        copyRows(partitions, level + 1, start, limit, rowOffset, strides, flat, out, inner);
      }
    }
  }

  private static void fill(Object array, Object scalarArray) {
    if (array instanceof float[]) Arrays.fill((float[]) array, ((float[]) scalarArray)[0]);
    else if (array instanceof double[]) Arrays.fill((double[]) array, ((double[]) scalarArray)[0]);
    else if (array instanceof int[]) Arrays.fill((int[]) array, ((int[]) scalarArray)[0]);
    else if (array instanceof long[]) Arrays.fill((long[]) array, ((long[]) scalarArray)[0]);
    else if (array instanceof short[]) Arrays.fill((short[]) array, ((short[]) scalarArray)[0]);
    else if (array instanceof byte[]) Arrays.fill((byte[]) array, ((byte[]) scalarArray)[0]);
    else if (array instanceof boolean[]) Arrays.fill((boolean[]) array, ((boolean[]) scalarArray)[0]);
    else Arrays.fill((Object[]) array, ((Object[]) scalarArray)[0]);
  }
}
