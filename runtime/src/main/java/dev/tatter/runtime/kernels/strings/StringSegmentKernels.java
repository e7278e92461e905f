package dev.tatter.runtime.kernels.strings;

import dev.tatter.runtime.ByteStrings;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.StringColumn;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;

/**
 * TF's {@code UnsortedSegmentJoin} ({@code tf.strings.unsorted_segment_join}): the strings of
 * each segment joined in input order. As TF's kernel, the separator goes before a string only
 * when the segment's string so far is not empty, so empty strings at a segment's start leave no
 * separator behind ({@code ["", "a"]} joins to {@code "a"}, {@code ["a", ""]} to {@code "a,"}).
 */
public final class StringSegmentKernels {
  private StringSegmentKernels() {}

  public static Tensor unsortedSegmentJoin(Tensor inputs, Tensor segmentIds, Tensor numSegments, String separator) {
    if (numSegments.rank() != 0) {
      throw new InvalidArgumentException("Number of segments must be a scalar, got shape " + Arrays.toString(numSegments.shape()));
    }
    long n = numSegments.getLong(0);
    if (n < 0) {
      throw new InvalidArgumentException("Number of segments must be non-negative but got " + n);
    }
    int[] shape = inputs.shape();
    int[] idShape = segmentIds.shape();
    if (idShape.length == 0) {
      throw new InvalidArgumentException("Segment_id cannot have rank 0");
    }
    if (idShape.length > shape.length) {
      throw new InvalidArgumentException("Invalid segment_id rank " + idShape.length + " for input with " + shape.length
          + " dimension(s)");
    }
    for (int d = 0; d < idShape.length; d++) {
      if (idShape[d] != shape[d]) {
        throw new InvalidArgumentException("Segment dimension is " + idShape[d] + " while input dimension is " + shape[d]
            + " in rank " + d);
      }
    }
    int nseg = Sizes.toIntSize(n, "num_segments");
    int[] outShape = new int[1 + shape.length - idShape.length];
    outShape[0] = nseg;
    System.arraycopy(shape, idShape.length, outShape, 1, shape.length - idShape.length);
    int inner = Sizes.elementCount(Arrays.copyOfRange(shape, idShape.length, shape.length));
    int outCount = Sizes.toIntSize((long) nseg * inner, "the result's number of strings");
    int ids = segmentIds.size();
    for (int i = 0; i < ids; i++) {
      long id = segmentIds.getLong(i);
      if (id < 0 || id >= n) {
        throw new InvalidArgumentException("segment_ids are not allowed to exceed num_segments or to have negative values: segment_ids"
            + Arrays.toString(unravel(idShape, i)) + " = " + id + ", num_segments " + n);
      }
    }
    StringColumn in = inputs.stringColumn();
    byte[] sep = ByteStrings.bytes(separator);
    // each output's pieces are linked in input order (next[k]: the input after k in its output), so
    // the result is written once, output by output, with no intermediate strings
    int[] first = new int[outCount];
    int[] last = new int[outCount];
    Arrays.fill(first, -1);
    int[] next = new int[in.size()];
    long total = 0;
    for (int i = 0; i < ids; i++) {
      int base = (int) segmentIds.getLong(i) * inner;
      for (int j = 0; j < inner; j++) {
        int k = i * inner + j;
        int o = base + j;
        next[k] = -1;
        if (first[o] < 0) {
          first[o] = k;
        } else {
          next[last[o]] = k;
        }
        last[o] = k;
        total += in.length(k) + sep.length;
      }
    }
    StringColumn.Builder out = StringColumn.builder(outCount, StringColumn.checkedBytes(total, "unsorted_segment_join's result"));
    for (int o = 0; o < outCount; o++) {
      for (int k = first[o]; k >= 0; k = next[k]) {
        if (out.elementLength() != 0) {
          out.put(sep, 0, sep.length);
        }
        out.put(in, k);
      }
      out.endElement();
    }
    return Tensor.wrap(DType.STRING, outShape, out.build());
  }

  private static int[] unravel(int[] shape, int flat) {
    int[] at = new int[shape.length];
    for (int d = shape.length - 1; d >= 0; d--) {
      at[d] = flat % shape[d];
      flat /= shape[d];
    }
    return at;
  }
}
