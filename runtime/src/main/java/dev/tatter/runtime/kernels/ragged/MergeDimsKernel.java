package dev.tatter.runtime.kernels.ragged;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.List;

/**
 * TF's {@code rt.merge_dims(outer_axis, inner_axis)}: dims {@code outer..inner} become one, in
 * row-major order. Dim {@code d} of a ragged tensor with {@code k} partitions is the row count
 * (d = 0), the rows of partition {@code d - 1} (d &le; k) or a dim of the flat values. Merging
 * composes partition {@code outer - 1} with the partitions inside the range and, where the range
 * reaches into the flat values, reshapes them and scales the splits by the merged item size.
 * Merging every ragged dim into dim 0 leaves a dense tensor.
 */
public final class MergeDimsKernel {
  private MergeDimsKernel() {}

  /** Normalizes a possibly negative axis of a rank-{@code rank} value; -1 if out of range. */
  public static int normalizeAxis(long axis, int rank) {
    long a = axis < 0 ? axis + rank : axis;
    return a < 0 || a >= rank ? -1 : (int) a;
  }

  public static Object mergeDims(RaggedTensor rt, long outerAxis, long innerAxis) {
    List<RowPartition> parts = rt.nestedPartitions();
    Tensor flat = rt.flatValues();
    int k = parts.size();
    int rank = k + flat.rank();
    int a = normalizeAxis(outerAxis, rank);
    int b = normalizeAxis(innerAxis, rank);
    if (a < 0 || b < 0 || a > b) {
      throw new InvalidArgumentException("merge_dims(" + outerAxis + ", " + innerAxis
          + ") needs 0 <= outer_axis <= inner_axis < rank " + rank + " (negative axes count from the end)");
    }
    if (a == b) {
      return rt;
    }
    int c = Math.min(b, k);
    long itemScale = 1;
    Tensor newFlat = flat;
    if (b > k) {
      int[] shape = flat.shape();
      int from = Math.max(a, k) - k;
      int to = b - k;
      int[] merged = new int[shape.length - (to - from)];
      int m = 0;
      for (int d = 0; d < shape.length; d++) {
        if (d > from && d <= to) {
          merged[m - 1] *= shape[d];
          if (from == 0) {
            itemScale *= shape[d];
          }
        } else {
          merged[m++] = shape[d];
        }
      }
      newFlat = flat.reshape(merged);
    }
    List<RowPartition> result = new ArrayList<>();
    if (a > k) {
      result.addAll(parts); // only flat dims merged
    } else {
      result.addAll(parts.subList(0, Math.max(0, a - 1)));
      if (a >= 1) {
        result.add(compose(parts.subList(a - 1, c), itemScale));
      }
      result.addAll(parts.subList(c, k));
    }
    if (result.isEmpty()) {
      return newFlat;
    }
    return RaggedTensor.ofNested(newFlat, result);
  }

  /** One partition splitting like {@code chain} applied in turn, its splits scaled by {@code scale}. */
  private static RowPartition compose(List<RowPartition> chain, long scale) {
    RowPartition first = chain.get(0);
    DType dtype = first.splitsDType();
    boolean uniform = true;
    long length = 1;
    for (RowPartition p : chain) {
      uniform &= p.isUniform();
      length *= p.uniformRowLength();
    }
    if (uniform) {
      return RowPartition.uniform(length * scale, first.nrows(), dtype);
    }
    long[] splits = first.unsafeRowSplits().clone();
    for (RowPartition p : chain.subList(1, chain.size())) {
      long[] inner = p.unsafeRowSplits();
      for (int i = 0; i < splits.length; i++) {
        splits[i] = inner[(int) splits[i]];
      }
    }
    for (int i = 0; i < splits.length; i++) {
      splits[i] = Math.multiplyExact(splits[i], scale);
    }
    if (splits[splits.length - 1] > Integer.MAX_VALUE) {
      throw new InvalidArgumentException("merged row splits reach " + splits[splits.length - 1] + " values");
    }
    return RowPartition.adoptingRowSplits(splits, dtype);
  }
}
