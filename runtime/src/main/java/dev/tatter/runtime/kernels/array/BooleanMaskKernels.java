package dev.tatter.runtime.kernels.array;

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
 * TF's {@code tf.ragged.boolean_mask(data, mask)}: the elements of {@code data} where
 * {@code mask} is true, keeping the mask's dimensions (unlike {@code tf.boolean_mask}, which
 * flattens them): the result has data's rank and ragged rank {@code max(data.ragged_rank,
 * rank(mask) - 1)}. The mask's shape is a prefix of data's; a ragged mask has data's row splits
 * on its ragged levels. Follows TF's recursion case by case.
 */
public final class BooleanMaskKernels {
  private BooleanMaskKernels() {}

  public static Object booleanMask(Object data, Object mask) {
    if (mask instanceof RaggedTensor m) {
      return raggedMask(data, m);
    }
    Tensor m = (Tensor) mask;
    if (m.rank() == 0) {
      throw new InvalidArgumentException("mask cannot be scalar");
    }
    if (data instanceof RaggedTensor d && m.rank() == 1) {
      return maskRows(d, m);
    }
    if (data instanceof RaggedTensor d) {
      DType splits = d.partition().splitsDType();
      return raggedMask(d, uniformRagged(m, Math.min(d.raggedRank(), m.rank() - 1), splits));
    }
    // TF's match_row_splits_dtypes: int64 splits when neither operand is ragged
    return denseMask((Tensor) data, m, DType.INT64);
  }

  /**
   * {@code tf.ragged.boolean_mask(ragged(values, p), ragged(mask, p))}: the ragged tensors are put
   * together first, so a mask without one value per partitioned value fails as {@code ragged} does.
   */
  public static Object rowBooleanMask(Tensor values, Tensor mask, RowPartition partition) {
    return booleanMask(RaggedTensor.of(values, partition), RaggedTensor.of(mask, partition));
  }

  /** A ragged mask: its ragged levels must match data's; the innermost one becomes true counts. */
  private static Object raggedMask(Object data, RaggedTensor mask) {
    RaggedTensor d = data instanceof RaggedTensor r ? r : uniformRagged((Tensor) data, mask.raggedRank(), mask.partition().splitsDType());
    if (d.raggedRank() < mask.raggedRank()) {
      throw new InvalidArgumentException("a mask of ragged_rank " + mask.raggedRank()
          + " cannot mask data of ragged_rank " + d.raggedRank() + ": mask.shape must be a prefix of data.shape");
    }
    List<RowPartition> kept = new ArrayList<>();
    Object m = mask;
    Object v = d;
    int level = 0;
    while (m instanceof RaggedTensor mr) {
      RaggedTensor vr = (RaggedTensor) v;
      if (!Arrays.equals(mr.partition().unsafeRowSplits(), vr.partition().unsafeRowSplits())) {
        throw new InvalidArgumentException("Inputs must have identical ragged splits: the mask's row splits at ragged level "
            + level + " are " + Arrays.toString(mr.partition().unsafeRowSplits()) + ", data's are "
            + Arrays.toString(vr.partition().unsafeRowSplits()));
      }
      boolean innermost = mr.values() instanceof Tensor t && t.rank() == 1;
      kept.add(innermost ? trueCounts(mr.partition(), t(mr.values()), vr.partition().splitsDType()) : vr.partition());
      m = mr.values();
      v = vr.values();
      level++;
    }
    Object masked = v instanceof Tensor dv && m instanceof Tensor dm ? denseMask(dv, dm, d.partition().splitsDType()) : booleanMask(v, m);
    Object result = masked;
    for (int i = kept.size() - 1; i >= 0; i--) {
      result = RaggedTensor.of(result, kept.get(i));
    }
    return result;
  }

  private static Tensor t(Object o) {
    return (Tensor) o;
  }

  /** The partition whose row {@code r} holds the true values of mask row {@code r}. */
  private static RowPartition trueCounts(RowPartition p, Tensor flatMask, DType splitsDType) {
    long[] splits = new long[p.nrows() + 1];
    for (int r = 0; r < p.nrows(); r++) {
      long count = 0;
      for (int j = p.rowStart(r); j < p.rowLimit(r); j++) {
        count += flatMask.getLong(j) != 0 ? 1 : 0;
      }
      splits[r + 1] = splits[r] + count;
    }
    return RowPartition.adoptingRowSplits(splits, splitsDType);
  }

  /** A rank-1 mask over the rows of ragged data: the rows kept whole. */
  private static RaggedTensor maskRows(RaggedTensor data, Tensor mask) {
    RowPartition p = data.partition();
    if (mask.dim(0) != p.nrows()) {
      throw new InvalidArgumentException("mask has " + mask.dim(0) + " elements but data has " + p.nrows()
          + " rows: mask.shape must be a prefix of data.shape");
    }
    List<Long> splits = new ArrayList<>();
    splits.add(0L);
    boolean[] valueMask = new boolean[p.nvals()];
    for (int r = 0; r < p.nrows(); r++) {
      if (mask.getLong(r) != 0) {
        splits.add(splits.get(splits.size() - 1) + p.rowLength(r));
        Arrays.fill(valueMask, p.rowStart(r), p.rowLimit(r), true);
      }
    }
    Tensor valueMaskTensor = Tensor.wrap(DType.BOOL, new int[] {valueMask.length}, valueMask);
    Object values = data.values() instanceof Tensor dv ? denseMask(dv, valueMaskTensor, p.splitsDType()) : booleanMask(data.values(), valueMaskTensor);
    long[] s = splits.stream().mapToLong(Long::longValue).toArray();
    return RaggedTensor.of(values, RowPartition.adoptingRowSplits(s, p.splitsDType()));
  }

  /** Both dense: the selected slices (TF's {@code tf.boolean_mask}), then one ragged level per mask dim past the first. */
  private static Object denseMask(Tensor data, Tensor mask, DType splitsDType) {
    int[] dataShape = data.shape();
    int[] maskShape = mask.shape();
    if (maskShape.length > dataShape.length
        || !Arrays.equals(maskShape, Arrays.copyOf(dataShape, maskShape.length))) {
      throw new InvalidArgumentException("mask shape " + Arrays.toString(maskShape) + " is not a prefix of data shape "
          + Arrays.toString(dataShape));
    }
    int cells = mask.size();
    long slice = 1;
    for (int a = maskShape.length; a < dataShape.length; a++) {
      slice *= dataShape[a];
    }
    int kept = 0;
    for (int i = 0; i < cells; i++) {
      kept += mask.getLong(i) != 0 ? 1 : 0;
    }
    int[] outShape = new int[1 + dataShape.length - maskShape.length];
    outShape[0] = kept;
    System.arraycopy(dataShape, maskShape.length, outShape, 1, outShape.length - 1);
    Object in = data.unsafeData();
    Object out = data.dtype().layout().newArray(Sizes.elementCount(outShape));
    int pos = 0;
    for (int i = 0; i < cells; i++) {
      if (mask.getLong(i) != 0) {
        data.dtype().layout().copy(in, (int) (i * slice), out, pos, (int) slice);
        pos += (int) slice;
      }
    }
    Tensor values = Tensor.wrap(data.dtype(), outShape, out);
    if (maskShape.length == 1) {
      return values;
    }
    int last = maskShape[maskShape.length - 1];
    int rows = (int) product(maskShape, maskShape.length - 1);
    long[] splits = new long[rows + 1];
    for (int r = 0; r < rows; r++) {
      long count = 0;
      for (int j = r * last; j < (r + 1) * last; j++) {
        count += mask.getLong(j) != 0 ? 1 : 0;
      }
      splits[r + 1] = splits[r] + count;
    }
    Object result = RaggedTensor.of(values, RowPartition.adoptingRowSplits(splits, splitsDType));
    for (int a = maskShape.length - 2; a >= 1; a--) {
      result = RaggedTensor.of(result, RowPartition.uniform(maskShape[a], product(maskShape, a), splitsDType));
    }
    return result;
  }

  private static long product(int[] shape, int end) {
    long p = 1;
    for (int a = 0; a < end; a++) {
      p *= shape[a];
    }
    return p;
  }

  static RaggedTensor uniformRagged(Tensor t, int raggedRank, DType splitsDType) {
    if (t.rank() <= raggedRank) {
      throw new InvalidArgumentException("a tensor of rank " + t.rank() + " has no ragged_rank " + raggedRank
          + ": mask.shape must be a prefix of data.shape");
    }
    return UniformRagged.of(t, raggedRank, splitsDType);
  }
}
