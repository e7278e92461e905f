package dev.tatter.runtime.kernels;

import dev.tatter.runtime.Complex128;
import dev.tatter.runtime.Complex64;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;

/**
 * {@code reduce_sum} and {@code reduce_prod} of complex64 and complex128 values (TF registers no
 * complex min, max, all or any), folded in the order {@link ReduceLoops} folds real values: each
 * row from its first element, each segment vector by vector. A sum is the sum of each part in that
 * order, so it rounds as the real sums of the parts do; a product multiplies by {@link
 * ComplexFunctions#mul}. The folds run serially (complex values are objects, never in a fused loop).
 */
final class ComplexReductions {
  private ComplexReductions() {}

  /** One fold per row {@code [splits[r], splits[r + 1])} of the flat values. */
  static Object rows(Reducer op, Tensor data, long[] splits) {
    Object[] x = (Object[]) data.unsafeData();
    int nrows = splits.length - 1;
    Object out = data.dtype().layout().newArray(nrows);
    Object[] o = (Object[]) out;
    for (int r = 0; r < nrows; r++) {
      Object acc = identity(op, data.dtype());
      for (int i = (int) splits[r]; i < (int) splits[r + 1]; i++) {
        acc = combine(op, acc, x[i]);
      }
      o[r] = acc;
    }
    return out;
  }

  /** {@code out[ids[v]] = op(out[ids[v]], x[v])} per vector of {@code inner} elements, in order of v. */
  static Object segments(Reducer op, Tensor data, int inner, int[] ids, int nseg) {
    Object[] x = (Object[]) data.unsafeData();
    Object out = data.dtype().layout().newArray(Sizes.elementCount(new long[] {nseg, inner}));
    Object[] o = (Object[]) out;
    java.util.Arrays.fill(o, identity(op, data.dtype()));
    for (int v = 0; v < ids.length; v++) {
      int to = ids[v] * inner;
      int from = v * inner;
      for (int i = 0; i < inner; i++) {
        o[to + i] = combine(op, o[to + i], x[from + i]);
      }
    }
    return out;
  }

  private static Object identity(Reducer op, DType dtype) {
    boolean single = dtype == DType.COMPLEX64;
    return switch (op) {
      case SUM -> single ? Complex64.ZERO : Complex128.ZERO;
      case PROD -> single ? new Complex64(1f, 0f) : new Complex128(1.0, 0.0);
      default -> throw new InvalidArgumentException(op.tfName() + " is not defined on " + dtype + " (complex numbers have no order)");
    };
  }

  private static Object combine(Reducer op, Object acc, Object x) {
    if (acc instanceof Complex64 a) {
      Complex64 b = (Complex64) x;
      return op == Reducer.SUM ? ComplexFunctions.add(a, b) : ComplexFunctions.mul(a, b);
    }
    Complex128 a = (Complex128) acc;
    Complex128 b = (Complex128) x;
    return op == Reducer.SUM ? ComplexFunctions.add(a, b) : ComplexFunctions.mul(a, b);
  }
}
