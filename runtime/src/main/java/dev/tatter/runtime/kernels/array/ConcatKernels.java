package dev.tatter.runtime.kernels.array;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.gather.RaggedGatherKernels;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code tf.concat([a, b], axis)} on dense and ragged tensors. Two dense tensors concatenate as
 * TF's {@code ConcatV2}; otherwise TF's {@code _ragged_stack_concat_helper}: both are brought to
 * one ragged rank (dense dims split uniformly), axis 0 appends rows, axis 1 joins row {@code i}
 * of each, a deeper axis keeps the (identical) outer rows and concatenates their values.
 */
public final class ConcatKernels {
  private ConcatKernels() {}

  public static Object concat(Object a, Object b, long axis) {
    if (a instanceof Tensor ta && b instanceof Tensor tb) {
      return dense(ta, tb, (int) axis);
    }
    return ragged(a, b, (int) axis);
  }

  private static Object ragged(Object a, Object b, int axis) {
    int rank = UniformRagged.rank(a);
    if (rank != UniformRagged.rank(b)) {
      throw new InvalidArgumentException("concat operands must have one rank, got " + rank + " and " + UniformRagged.rank(b));
    }
    if (a instanceof Tensor ta && b instanceof Tensor tb && axis == rank - 1) {
      return dense(ta, tb, axis);
    }
    DType splits = a instanceof RaggedTensor r ? r.partition().splitsDType()
        : b instanceof RaggedTensor r ? r.partition().splitsDType() : DType.INT64;
    int raggedRank = Math.max(1, Math.max(raggedRank(a), raggedRank(b)));
    RaggedTensor ra = UniformRagged.withRaggedRank(a, raggedRank, splits);
    RaggedTensor rb = UniformRagged.withRaggedRank(b, raggedRank, splits);
    if (axis == 0) {
      return axis0(ra, rb);
    }
    if (axis == 1) {
      return axis1(ra, rb);
    }
    long[] sa = ra.partition().unsafeRowSplits();
    long[] sb = rb.partition().unsafeRowSplits();
    if (!Arrays.equals(sa, sb)) {
      throw new InvalidArgumentException("Inputs must have identical ragged splits to concatenate along axis " + axis
          + ": " + Arrays.toString(sa) + " vs " + Arrays.toString(sb));
    }
    return RaggedTensor.of(ragged(ra.values(), rb.values(), axis - 1), RowPartition.adoptingRowSplits(sa.clone(), splits));
  }

  private static int raggedRank(Object v) {
    return v instanceof RaggedTensor rt ? rt.raggedRank() : 0;
  }

  /** Rows of {@code a}, then rows of {@code b}: each level's splits appended with an offset. */
  static RaggedTensor axis0(RaggedTensor a, RaggedTensor b) {
    List<RowPartition> pa = a.nestedPartitions();
    List<RowPartition> pb = b.nestedPartitions();
    List<RowPartition> out = new ArrayList<>();
    for (int d = 0; d < pa.size(); d++) {
      long[] x = pa.get(d).unsafeRowSplits();
      long[] y = pb.get(d).unsafeRowSplits();
      long[] s = new long[Sizes.toIntSize((long) x.length + y.length - 1, "row splits of the concatenation")];
      System.arraycopy(x, 0, s, 0, x.length);
      long offset = x[x.length - 1];
      for (int i = 1; i < y.length; i++) {
        s[x.length - 1 + i] = y[i] + offset;
      }
      out.add(RowPartition.adoptingRowSplits(s, pa.get(d).splitsDType()));
    }
    return RaggedTensor.ofNested(dense(a.flatValues(), b.flatValues(), 0), out);
  }

  /** Row {@code i} of the result is row {@code i} of {@code a} followed by row {@code i} of {@code b}. */
  private static RaggedTensor axis1(RaggedTensor a, RaggedTensor b) {
    int nrows = a.nrows();
    if (b.nrows() != nrows) {
      throw new InvalidArgumentException("Input tensors have incompatible shapes: " + nrows + " rows vs " + b.nrows()
          + " rows (concatenating along axis 1 joins row i of each)");
    }
    RaggedTensor both = axis0(a, b);
    long[] order = new long[2 * nrows];
    for (int i = 0; i < nrows; i++) {
      order[2 * i] = i;
      order[2 * i + 1] = nrows + i;
    }
    RaggedTensor permuted = (RaggedTensor) RaggedGatherKernels.raggedGather(both, Tensor.wrap(DType.INT64, new int[] {order.length}, order));
    long[] pairs = permuted.partition().unsafeRowSplits();
    long[] joined = new long[nrows + 1];
    for (int i = 0; i <= nrows; i++) {
      joined[i] = pairs[2 * i];
    }
    return RaggedTensor.of(permuted.values(), RowPartition.adoptingRowSplits(joined, a.partition().splitsDType()));
  }

  /** TF's {@code ConcatV2} of two tensors. */
  static Tensor dense(Tensor a, Tensor b, int axis) {
    int[] sa = a.shape();
    int[] sb = b.shape();
    if (sa.length != sb.length) {
      throw new InvalidArgumentException("ConcatOp : Ranks of all input tensors should match: shape[0] = "
          + Arrays.toString(sa) + " vs. shape[1] = " + Arrays.toString(sb));
    }
    if (axis < 0 || axis >= sa.length) {
      throw new InvalidArgumentException("axis " + axis + " is out of range for tensors of rank " + sa.length);
    }
    for (int d = 0; d < sa.length; d++) {
      if (d != axis && sa[d] != sb[d]) {
        throw new InvalidArgumentException("ConcatOp : Dimension " + d + " in both shapes must be equal: shape[0] = "
            + Arrays.toString(sa) + " vs. shape[1] = " + Arrays.toString(sb));
      }
    }
    int[] shape = sa.clone();
    shape[axis] = Sizes.toIntSize((long) sa[axis] + sb[axis], "dimension " + axis + " of the concatenation");
    Object out = a.dtype().layout().newArray(Sizes.elementCount(shape));
    long outer = 1;
    for (int d = 0; d < axis; d++) {
      outer *= sa[d];
    }
    int chunkA = 1;
    int chunkB = 1;
    for (int d = axis; d < sa.length; d++) {
      chunkA *= sa[d];
      chunkB *= sb[d];
    }
    if (chunkA == 0 && chunkB == 0) {
      return Tensor.wrap(a.dtype(), shape, out);
    }
    int pos = 0;
    for (int o = 0; o < outer; o++) {
      a.dtype().layout().copy(a.unsafeData(), o * chunkA, out, pos, chunkA);
      pos += chunkA;
      a.dtype().layout().copy(b.unsafeData(), o * chunkB, out, pos, chunkB);
      pos += chunkB;
    }
    return Tensor.wrap(a.dtype(), shape, out);
  }
}
