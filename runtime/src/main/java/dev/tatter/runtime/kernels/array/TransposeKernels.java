package dev.tatter.runtime.kernels.array;

import dev.tatter.runtime.DTypeLayout;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;

/**
 * {@code transpose} (TF's {@code Transpose}: dim {@code d} of the result is dim {@code perm[d]} of
 * the input) and {@code split} (TF's {@code SplitV}: one piece of the input cut along an axis at
 * given sizes). Transpose walks the result in row-major order with the input's strides permuted;
 * its innermost loop is a strided read, typed for the common arrays and a one-element copy for
 * the others, or a whole-run copy where the innermost dim stays innermost.
 */
public final class TransposeKernels {
  private TransposeKernels() {}

  /** TF's {@code Transpose} with {@code perm} a permutation of the dims (the type rule checked it). */
  public static Tensor transpose(Tensor x, long[] perm) {
    int[] in = x.shape();
    int rank = in.length;
    if (perm.length != rank) {
      throw new InvalidArgumentException("transpose expects a vector of size " + rank + ". But input(1) is a vector of size "
          + perm.length);
    }
    int[] strides = new int[rank];
    for (int d = rank - 1, s = 1; d >= 0; d--) {
      strides[d] = s;
      s *= in[d];
    }
    int[] out = new int[rank];
    int[] step = new int[rank];
    for (int d = 0; d < rank; d++) {
      out[d] = in[(int) perm[d]];
      step[d] = strides[(int) perm[d]];
    }
    int count = Sizes.elementCount(out);
    Object src = x.unsafeData();
    Object dst = x.dtype().layout().newArray(count);
    DTypeLayout layout = x.dtype().layout();
    if (count == 0 || rank == 0) {
      layout.copy(src, 0, dst, 0, count);
      return Tensor.wrap(x.dtype(), out, dst);
    }
    int last = rank - 1;
    int inner = out[last];
    int innerStep = step[last];
    int[] counter = new int[rank];
    int offset = 0;
    for (int at = 0; at < count; at += inner) {
      copyRun(layout, src, offset, innerStep, dst, at, inner);
      for (int d = last - 1; d >= 0; d--) {
        counter[d]++;
        offset += step[d];
        if (counter[d] < out[d]) {
          break;
        }
        offset -= step[d] * counter[d];
        counter[d] = 0;
      }
    }
    return Tensor.wrap(x.dtype(), out, dst);
  }

  /** {@code dst[at + t] = src[from + t * stride]} for {@code t < n}. */
  private static void copyRun(DTypeLayout layout, Object src, int from, int stride, Object dst, int at, int n) {
    if (stride == 1) {
      layout.copy(src, from, dst, at, n);
    } else if (src instanceof float[] s) {
      float[] d = (float[]) dst;
      for (int t = 0; t < n; t++) {
        d[at + t] = s[from + t * stride];
      }
    } else if (src instanceof int[] s) {
      int[] d = (int[]) dst;
      for (int t = 0; t < n; t++) {
        d[at + t] = s[from + t * stride];
      }
    } else if (src instanceof long[] s) {
      long[] d = (long[]) dst;
      for (int t = 0; t < n; t++) {
        d[at + t] = s[from + t * stride];
      }
    } else if (src instanceof double[] s) {
      double[] d = (double[]) dst;
      for (int t = 0; t < n; t++) {
        d[at + t] = s[from + t * stride];
      }
    } else {
      for (int t = 0; t < n; t++) {
        layout.copy(src, from + t * stride, dst, at + t, 1); // strings, bool, 16-bit and complex elements
      }
    }
  }

  /**
   * Piece {@code index} of TF's {@code SplitV(x, sizes, axis)}: {@code sizes} (the builder resolved
   * a -1 where the axis' size was known; at run time one -1 is still allowed) must sum to the axis'
   * size.
   */
  public static Tensor split(Tensor x, long[] sizes, long axis, long index) {
    int[] shape = x.shape();
    if (axis < 0 || axis >= shape.length) {
      throw new InvalidArgumentException("split: axis " + axis + " is out of range for a tensor of rank " + shape.length);
    }
    int a = (int) axis;
    long[] resolved = resolveSizes(sizes, shape[a]);
    long start = 0;
    for (int i = 0; i < index; i++) {
      start += resolved[i];
    }
    int size = (int) resolved[(int) index];
    int outer = 1;
    for (int d = 0; d < a; d++) {
      outer *= shape[d];
    }
    int inner = 1;
    for (int d = a + 1; d < shape.length; d++) {
      inner *= shape[d];
    }
    int[] outShape = shape.clone();
    outShape[a] = size;
    int count = Sizes.elementCount(outShape);
    Object src = x.unsafeData();
    Object dst = x.dtype().layout().newArray(count);
    int run = size * inner;
    for (int o = 0; o < outer && run > 0; o++) {
      x.dtype().layout().copy(src, (int) ((o * (long) shape[a] + start) * inner), dst, o * run, run);
    }
    return Tensor.wrap(x.dtype(), outShape, dst);
  }

  /** SplitV's sizes checked against the axis' size {@code dim}, a -1 filled in. */
  public static long[] resolveSizes(long[] sizes, int dim) {
    long[] out = sizes.clone();
    int unknown = -1;
    long sum = 0;
    for (int i = 0; i < out.length; i++) {
      if (out[i] == -1) {
        if (unknown >= 0) {
          throw new InvalidArgumentException("There can only be one -1 in the input.");
        }
        unknown = i;
      } else if (out[i] < 0) {
        throw new InvalidArgumentException("Split size at index " + i + " must be >= 0. Got: " + out[i]);
      } else {
        sum += out[i];
      }
    }
    if (unknown >= 0 && sum <= dim) {
      out[unknown] = dim - sum;
      sum = dim;
    }
    if (sum != dim) {
      throw new InvalidArgumentException("Determined shape must either match input shape along split_dim exactly if "
          + "fully specified, or be less than the size of the input along split_dim if not fully specified.  Got: "
          + sum + " (sizes " + Arrays.toString(sizes) + " along a dimension of " + dim + ")");
    }
    return out;
  }
}
