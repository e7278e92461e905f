package dev.tatter.runtime.io;

import dev.tatter.runtime.Tensor;


/** Fortran-ordered data to C order: the data read as the reversed shape, then every axis reversed. */
final class NpyOrder {
  private NpyOrder() {}

  /** {@code t} (shape reversed, as column-major data reads) transposed to the original shape, row-major. */
  static Tensor transposeAll(Tensor t) {
    int[] in = t.shape();
    int rank = in.length;
    int[] out = new int[rank];
    for (int i = 0; i < rank; i++) {
      out[i] = in[rank - 1 - i];
    }
    int n = t.size();
    Object src = t.unsafeData();
    Object dst = t.dtype().layout().newArray(n);
    int[] inStrides = strides(in);
    int[] index = new int[rank]; // over the output, row-major
    for (int flat = 0; flat < n; flat++) {
      int from = 0;
      for (int a = 0; a < rank; a++) {
        from += index[a] * inStrides[rank - 1 - a];
      }
      t.dtype().layout().copy(src, from, dst, flat, 1);
      for (int a = rank - 1; a >= 0; a--) {
        if (++index[a] < out[a]) {
          break;
        }
        index[a] = 0;
      }
    }
    return Tensor.wrap(t.dtype(), out, dst);
  }

  private static int[] strides(int[] shape) {
    int[] s = new int[shape.length];
    int stride = 1;
    for (int a = shape.length - 1; a >= 0; a--) {
      s[a] = stride;
      stride *= shape[a];
    }
    return s;
  }
}
