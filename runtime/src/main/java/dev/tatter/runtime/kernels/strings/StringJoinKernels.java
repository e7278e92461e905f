package dev.tatter.runtime.kernels.strings;

import dev.tatter.runtime.ByteStrings;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.elementwise.Broadcast;
import dev.tatter.runtime.kernels.reduce.RaggedSegmentLayout;
import dev.tatter.runtime.kernels.reduce.ReductionKernels;
import java.util.Arrays;

/**
 * TF's {@code StringJoin} (elementwise, scalars broadcast) and {@code ReduceJoin} (the strings
 * along axes joined in order), the latter on ragged tensors too, as TF's
 * {@code ragged_reduce_aggregate} applies {@code unsorted_segment_join}: axis 0 of a ragged
 * tensor joins the rows position by position (segment {@code j} holds element {@code j} of every
 * row that has one); axis 1 joins each row; several axes are reduced one at a time, the highest
 * first; an empty group gives "".
 */
public final class StringJoinKernels {
  private StringJoinKernels() {}

  /** {@code string_join(a, b) {separator}}: {@code a + separator + b}, each operand a scalar or of the other's shape. */
  public static Tensor join(Tensor a, Tensor b, String separator) {
    boolean aScalar = a.rank() == 0;
    boolean bScalar = b.rank() == 0;
    if (!aScalar && !bScalar && !Arrays.equals(a.shape(), b.shape())) {
      throw new InvalidArgumentException("Inputs must be the same shape, or scalars; got: " + SubstrKernels.tfShape(a.shape())
          + " vs. " + SubstrKernels.tfShape(b.shape()));
    }
    StringColumn x = a.stringColumn();
    StringColumn y = b.stringColumn();
    byte[] sep = ByteStrings.bytes(separator);
    int[] shape = aScalar ? b.shape() : a.shape();
    int n = Sizes.elementCount(shape);
    long total = (aScalar ? (long) n * x.byteCount() : x.byteCount()) + (bScalar ? (long) n * y.byteCount() : y.byteCount())
        + (long) n * sep.length;
    StringColumn.Builder out = StringColumn.builder(n, StringColumn.checkedBytes(total, "string_join's result"));
    for (int i = 0; i < n; i++) {
      out.put(x, aScalar ? 0 : i).put(sep, 0, sep.length).put(y, bScalar ? 0 : i).endElement();
    }
    return Tensor.wrap(DType.STRING, shape, out.build());
  }

  /**
   * {@code reduce_join {axis, keepdims, separator}}: a dense input over any set of axes (TF's
   * {@code ReduceJoin}); a ragged one over any set of axes as TF's ragged dispatch reduces them.
   */
  public static Object reduceJoin(Object input, long[] axis, boolean keepdims, String separator) {
    if (input instanceof Tensor t) {
      return dense(t, normalized(axis, t.rank()), iterationOrder(axis, t.rank()), keepdims, separator);
    }
    RaggedTensor rt = (RaggedTensor) input;
    int rank = ReductionKernels.rankOf(rt);
    normalized(axis, rank);
    int[] sorted = new int[axis.length];
    for (int k = 0; k < axis.length; k++) {
      sorted[k] = (int) (axis[k] < 0 ? axis[k] + rank : axis[k]);
    }
    Arrays.sort(sorted);
    return raggedAxes(rt, sorted, sorted.length, keepdims, separator);
  }

  /**
   * TF's {@code ragged_reduce_aggregate} over the first {@code count} of the ascending axes
   * {@code sorted}: an empty list gives the input, several axes are reduced one at a time, the
   * highest first; once the result is dense, the axes left go to {@code ReduceJoin} at once, listed
   * in ascending order (so the lowest varies fastest). Reducing every axis of a ragged tensor this
   * way joins each row first, so an empty row still adds its separator (axis=None does not: the
   * builder joins the flat values for it).
   */
  private static Object raggedAxes(Object input, int[] sorted, int count, boolean keepdims, String separator) {
    if (count == 0) {
      return input;
    }
    if (input instanceof Tensor t) {
      long[] rest = new long[count];
      for (int k = 0; k < count; k++) {
        rest[k] = sorted[k];
      }
      return dense(t, normalized(rest, t.rank()), iterationOrder(rest, t.rank()), keepdims, separator);
    }
    Object reduced = raggedAxis((RaggedTensor) input, sorted[count - 1], keepdims, separator);
    return raggedAxes(reduced, sorted, count - 1, keepdims, separator);
  }

  private static boolean[] normalized(long[] axis, int rank) {
    boolean[] reduced = new boolean[rank];
    for (long a : axis) {
      if (a < -rank || a >= rank) {
        throw new InvalidArgumentException("Invalid reduction dimension " + a + " for input with " + rank + " dimension(s)");
      }
      int d = (int) (a < 0 ? a + rank : a);
      if (reduced[d]) {
        throw new InvalidArgumentException("Duplicate reduction dimension " + a);
      }
      reduced[d] = true;
    }
    return reduced;
  }

  /** The reduced dims, slowest first: TF reduces in the order listed, so the first listed axis varies fastest. */
  private static int[] iterationOrder(long[] axis, int rank) {
    int[] order = new int[axis.length];
    for (int k = 0; k < axis.length; k++) {
      long a = axis[axis.length - 1 - k];
      order[k] = (int) (a < 0 ? a + rank : a);
    }
    return order;
  }

  /**
   * TF's {@code ReduceJoin}: each kept position joins its reduced positions, the dims in
   * {@code order} (slowest first), as reducing the listed axes one after another would.
   */
  private static Tensor dense(Tensor t, boolean[] reduced, int[] order, boolean keepdims, String separator) {
    int[] shape = t.shape();
    int rank = shape.length;
    int[] outShape = java.util.stream.IntStream.range(0, rank)
        .filter(d -> keepdims || !reduced[d]).map(d -> reduced[d] ? 1 : shape[d]).toArray();
    int[] strides = Broadcast.strides(shape);
    int keptCount = 1;
    int groupSize = 1;
    for (int d = 0; d < rank; d++) {
      if (reduced[d]) {
        groupSize *= shape[d];
      } else {
        keptCount *= shape[d];
      }
    }
    StringColumn in = t.stringColumn();
    byte[] sep = ByteStrings.bytes(separator);
    StringColumn.Builder out = StringColumn.builder(keptCount,
        StringColumn.checkedBytes(in.byteCount() + (long) keptCount * Math.max(0, groupSize - 1) * sep.length, "reduce_join's result"));
    int[] coord = new int[rank];
    for (int k = 0; k < keptCount; k++) {
      int rest = k;
      for (int d = rank - 1; d >= 0; d--) { // the kept coordinates of output k
        if (!reduced[d]) {
          coord[d] = rest % shape[d];
          rest /= shape[d];
        }
      }
      for (int g = 0; g < groupSize; g++) {
        int r = g;
        for (int o = order.length - 1; o >= 0; o--) {
          int d = order[o];
          coord[d] = r % shape[d];
          r /= shape[d];
        }
        int at = 0;
        for (int d = 0; d < rank; d++) {
          at += coord[d] * strides[d];
        }
        if (g > 0) {
          out.put(sep, 0, sep.length);
        }
        out.put(in, at);
      }
      out.endElement();
    }
    return Tensor.wrap(DType.STRING, outShape, out.build());
  }

  private static Object raggedAxis(RaggedTensor rt, int axis, boolean keepdims, String separator) {
    RowPartition p = rt.partition();
    if (axis == 0) {
      int longest = 0;
      int[] ids = new int[p.nvals()];
      for (int r = 0; r < p.nrows(); r++) {
        longest = Math.max(longest, p.rowLength(r));
        for (int v = p.rowStart(r); v < p.rowLimit(r); v++) {
          ids[v] = v - p.rowStart(r);
        }
      }
      Object result = segments(rt.values(), ids, longest, p.splitsDType(), separator);
      return keepdims ? ReductionKernels.expandDims(result, 0, p.splitsDType()) : result;
    }
    if (axis == 1) {
      int[] ids = new int[p.nvals()];
      for (int r = 0; r < p.nrows(); r++) {
        Arrays.fill(ids, p.rowStart(r), p.rowLimit(r), r);
      }
      Object result = segments(rt.values(), ids, p.nrows(), p.splitsDType(), separator);
      return keepdims ? ReductionKernels.expandDims(result, 1, p.splitsDType()) : result;
    }
    Object values = rt.values() instanceof Tensor t
        ? dense(t, only(t.rank(), axis - 1), new int[] {axis - 1}, keepdims, separator)
        : raggedAxis((RaggedTensor) rt.values(), axis - 1, keepdims, separator);
    return RaggedTensor.of(values, p);
  }

  private static boolean[] only(int rank, int axis) {
    boolean[] reduced = new boolean[rank];
    reduced[axis] = true;
    return reduced;
  }

  /**
   * TF's {@code unsorted_segment_join} of the rows of {@code data} into {@code nseg} segments by
   * {@code ids} (rows in order); ragged rows join position by position, recursively.
   */
  private static Object segments(Object data, int[] ids, int nseg, DType splitsDType, String separator) {
    if (data instanceof Tensor t) {
      int[] shape = t.shape();
      int inner = Sizes.elementCount(Arrays.copyOfRange(shape, 1, shape.length));
      StringColumn in = t.stringColumn();
      byte[] sep = ByteStrings.bytes(separator);
      int slots = Sizes.toIntSize((long) nseg * inner, "the result's size");
      // the input positions each output slot joins, in row order (a CSR of slot -> positions)
      int[] starts = new int[slots + 1];
      for (int row = 0; row < ids.length; row++) {
        for (int k = 0; k < inner; k++) {
          starts[ids[row] * inner + k + 1]++;
        }
      }
      for (int at = 0; at < slots; at++) {
        starts[at + 1] += starts[at];
      }
      int[] positions = new int[starts[slots]];
      int[] next = java.util.Arrays.copyOf(starts, slots);
      for (int row = 0; row < ids.length; row++) {
        for (int k = 0; k < inner; k++) {
          positions[next[ids[row] * inner + k]++] = row * inner + k;
        }
      }
      StringColumn.Builder out = StringColumn.builder(slots,
          StringColumn.checkedBytes(in.byteCount() + (long) positions.length * sep.length, "reduce_join's result"));
      for (int at = 0; at < slots; at++) {
        for (int p = starts[at]; p < starts[at + 1]; p++) {
          // TF's UnsortedSegmentJoin puts the separator only after a non-empty join so far:
          // ['', 'a'] joins to 'a', ['a', ''] to 'a, '
          if (p > starts[at] && out.elementLength() > 0) {
            out.put(sep, 0, sep.length);
          }
          out.put(in, positions[p]);
        }
        out.endElement();
      }
      shape[0] = nseg;
      return Tensor.wrap(DType.STRING, shape, out.build());
    }
    RaggedTensor rt = (RaggedTensor) data;
    RaggedSegmentLayout layout = RaggedSegmentLayout.of(rt.partition(), ids, nseg, "values after reduce_join");
    Object values = segments(rt.values(), layout.valueIds(), layout.total(), splitsDType, separator);
    return RaggedTensor.of(values, RowPartition.adoptingRowSplits(layout.splits(), splitsDType));
  }
}
