package dev.tatter.runtime.kernels.conversion;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.DTypeLayout;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.ParallelLoops;
import dev.tatter.runtime.kernels.elementwise.Broadcast;
import java.lang.reflect.Array;
import java.util.Arrays;
import java.util.List;

/**
 * {@code to_tensor}: a ragged tensor padded (and, with a shape, truncated) into a dense one.
 *
 * <p>The result's dims are, outermost first: the row count, the longest row of each ragged
 * level, then the flat values' inner dims; a {@code shape} overrides any of them ({@code -1}
 * keeps the computed size). Rows past a dim's size are dropped, missing ones are padded. The
 * element count is checked before anything is allocated.
 */
public final class ConversionKernels {
  private ConversionKernels() {}

  /** {@code ragged_constant}: its value attribute, shared, since ragged tensors are immutable. */
  public static RaggedTensor raggedConstant(RaggedTensor value) {
    return value;
  }

  /**
   * TF's condition (its {@code CombineRaggedTensorToTensorShapes}) when a {@code to_tensor} shape
   * gives a flat values' inner dimension another size than the values have: {@code
   * rt_input.shape and shape=[2,3,1] are incompatible: rt_input.shape[2] = 2 but shape[2] = 1}.
   */
  public static String innerDimMismatch(long[] shape, int index, long actual) {
    StringBuilder given = new StringBuilder("[");
    for (int d = 0; d < shape.length; d++) {
      given.append(d == 0 ? "" : ",").append(shape[d] < 0 ? "?" : Long.toString(shape[d]));
    }
    return "rt_input.shape and shape=" + given + "] are incompatible: rt_input.shape[" + index + "] = " + actual
        + " but shape[" + index + "] = " + shape[index];
  }

  /** {@code to_tensor(rt, default_value) {shape}}; an empty {@code shape} means "not given". */
  public static Tensor toTensor(RaggedTensor rt, Tensor defaultValue, long[] shape) {
    Tensor flat = rt.flatValues();
    if (defaultValue.rank() != 0 || defaultValue.dtype() != flat.dtype()) {
      throw new InvalidArgumentException("default_value must be a " + flat.dtype() + " scalar, got "
          + defaultValue.dtype() + " of rank " + defaultValue.rank());
    }
    List<RowPartition> partitions = rt.nestedPartitions();
    int ragged = partitions.size();
    int[] flatShape = flat.shape();
    int rank = ragged + flatShape.length;
    if (shape.length != 0 && shape.length != rank) {
      throw new InvalidArgumentException("shape " + Arrays.toString(shape) + " has rank " + shape.length
          + " but the ragged tensor has rank " + rank);
    }
    long[] dims = new long[rank];
    dims[0] = partitions.get(0).nrows();
    for (int level = 0; level < ragged; level++) {
      long[] splits = partitions.get(level).unsafeRowSplits();
      long longest = 0;
      for (int r = 0; r + 1 < splits.length; r++) {
        longest = Math.max(longest, splits[r + 1] - splits[r]);
      }
      dims[level + 1] = longest;
    }
    for (int d = 1; d < flatShape.length; d++) {
      dims[ragged + d] = flatShape[d];
      // TF pads and truncates the ragged dims only: a given inner dim must be the values' own
      if (shape.length != 0 && shape[ragged + d] >= 0 && shape[ragged + d] != flatShape[d]) {
        throw new InvalidArgumentException(innerDimMismatch(shape, ragged + d, flatShape[d]));
      }
    }
    for (int d = 0; d < shape.length; d++) {
      if (shape[d] >= 0) {
        dims[d] = shape[d];
      } else if (shape[d] != -1) {
        throw new InvalidArgumentException("shape " + Arrays.toString(shape) + " has a negative dimension " + shape[d]);
      }
    }
    int count = Sizes.elementCount(dims); // throws, stating the shape, before any allocation
    int[] outShape = Sizes.toIntShape(dims);
    DType dtype = flat.dtype();
    Object out = dtype.layout().newArray(count);
    if (count == 0) {
      return Tensor.wrap(dtype, outShape, out);
    }
    if (!isZero(defaultValue)) {
      dtype.layout().fill(out, 0, count, defaultValue.unsafeData(), 0);
    }
    int[] outStrides = Broadcast.strides(outShape);
    // the inner dims are the values' own (a shape that changes one was refused above), so each
    // flat-value row is copied whole: a block of outStrides[ragged] elements
    BlockCopier block = new BlockCopier(dtype.layout(), flat.unsafeData(), out, Math.max(1, outStrides[ragged]));
    if (ragged == 1) {
      copyRank1(partitions.get(0).unsafeRowSplits(), outShape[0], outShape[1], outStrides[0], block);
    } else {
      copyRows(partitions, 0, 0, Math.min(partitions.get(0).nrows(), outShape[0]), 0, outShape, outStrides, block);
    }
    return Tensor.wrap(dtype, outShape, out);
  }

  /**
   * The common case, one ragged dimension over rows copied whole: a single counted loop. The
   * arrays are cast to their primitive types first: with static types C2 inlines a copy fit for
   * rows of a few elements, where an arraycopy of {@code Object}s goes through the generic stub
   * (measured: about 1.6x slower on rows of 0..16 floats).
   */
  private static void copyRank1(long[] splits, int nrows, int width, int rowStride, BlockCopier block) {
    int rows = Math.min(nrows, splits.length - 1);
    // rows are split (above the threshold) where the values divide evenly; each row is one copy
    ParallelLoops.forRows(splits, rows, (from, to) -> copyRank1(splits, from, to, width, rowStride, block));
  }

  /** Rows {@code [from, to)} of {@link #copyRank1(long[], int, int, int, BlockCopier)}. */
  private static void copyRank1(long[] splits, int from, int to, int width, int rowStride, BlockCopier block) {
    int inner = block.inner;
    if (inner == 1 && block.src instanceof float[] src && block.dst instanceof float[] dst) {
      for (int r = from; r < to; r++) {
        int start = (int) splits[r];
        int length = Math.min((int) splits[r + 1] - start, width);
        if (length > 0) {
          System.arraycopy(src, start, dst, r * rowStride, length);
        }
      }
    } else if (inner == 1 && block.src instanceof double[] src && block.dst instanceof double[] dst) {
      for (int r = from; r < to; r++) {
        int start = (int) splits[r];
        int length = Math.min((int) splits[r + 1] - start, width);
        if (length > 0) {
          System.arraycopy(src, start, dst, r * rowStride, length);
        }
      }
    } else if (inner == 1 && block.src instanceof int[] src && block.dst instanceof int[] dst) {
      for (int r = from; r < to; r++) {
        int start = (int) splits[r];
        int length = Math.min((int) splits[r + 1] - start, width);
        if (length > 0) {
          System.arraycopy(src, start, dst, r * rowStride, length);
        }
      }
    } else if (inner == 1 && block.src instanceof long[] src && block.dst instanceof long[] dst) {
      for (int r = from; r < to; r++) {
        int start = (int) splits[r];
        int length = Math.min((int) splits[r + 1] - start, width);
        if (length > 0) {
          System.arraycopy(src, start, dst, r * rowStride, length);
        }
      }
    } else {
      for (int r = from; r < to; r++) {
        int start = (int) splits[r];
        int length = Math.min((int) splits[r + 1] - start, width);
        if (length > 0) {
          block.copy(start, length, r * rowStride);
        }
      }
    }
  }

  /** Copies rows {@code [rowFrom, rowTo)} of partition {@code level}, the first at {@code outOffset}. */
  private static void copyRows(List<RowPartition> partitions, int level, int rowFrom, int rowTo,
      int outOffset, int[] outShape, int[] outStrides, BlockCopier copier) {
    RowPartition p = partitions.get(level);
    boolean innermost = level == partitions.size() - 1;
    int width = outShape[level + 1];
    for (int r = rowFrom; r < rowTo; r++) {
      int rowOffset = outOffset + (r - rowFrom) * outStrides[level];
      int start = p.rowStart(r);
      int length = Math.min(p.rowLength(r), width);
      if (innermost) {
        copier.copy(start, length, rowOffset);
      } else {
        copyRows(partitions, level + 1, start, start + length, rowOffset, outShape, outStrides, copier);
      }
    }
  }

  /** Flat-value rows copied whole to consecutive output blocks: one arraycopy per ragged row. */
  private record BlockCopier(DTypeLayout layout, Object src, Object dst, int inner) {
    /** Copies {@code count} flat-value rows from row {@code first} to the block at {@code outOffset}. */
    void copy(int first, int count, int outOffset) {
      layout.copy(src, first * inner, dst, outOffset, count * inner);
    }
  }

  /** Kernel internal, not API: whether a scalar is the all-zero-bits value a new array already holds (not -0.0, not ""). */
  public static boolean isZero(Tensor scalar) {
    Object v = scalar.unsafeData();
    if (v instanceof float[] f) return Float.floatToRawIntBits(f[0]) == 0;
    if (v instanceof double[] d) return Double.doubleToRawLongBits(d[0]) == 0;
    if (v instanceof Object[]) return false;
    if (v instanceof StringColumn c) return c.length(0) == 0; // new string slots hold ""
    return scalar.dtype() == DType.BOOL ? !((boolean[]) v)[0] : scalar.getLong(0) == 0;
  }
}
