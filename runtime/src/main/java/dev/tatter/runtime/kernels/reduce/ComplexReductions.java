package dev.tatter.runtime.kernels.reduce;

import dev.tatter.runtime.Complex128;
import dev.tatter.runtime.Complex64;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.scalar.ComplexFunctions;
import java.util.Arrays;

/**
 * {@code reduce_sum} and {@code reduce_prod} of complex64 and complex128 values (TF registers no
 * complex min, max, all or any), folded in the order {@link ReduceLoops} folds real values: each
 * row from its first element, each segment vector by vector. A sum is the sum of each part in that
 * order, so it rounds as the real sums of the parts do.
 *
 * <p>Products differ where a part is infinite or NaN, because TF mixes two products: Eigen's packet
 * product is the plain {@code (ac - bd) + (ad + bc)i} ({@link ComplexFunctions#mul}), a scalar step
 * is {@code std::complex}'s, the compiler's C99 Annex G product ({@link ComplexFunctions#mulAnnexG},
 * which recovers infinities where the plain one is {@code nan+nanj}). TF's segment kernels and the
 * ragged reductions ({@code unsorted_segment_prod}) step element by element: Annex G throughout. A
 * dense {@code reduce_prod} over the innermost axis runs Eigen's {@code InnerMostDimReducer}, which
 * {@link #eigenRowProduct} follows lane by lane, one over an outer axis {@link #eigenKeptProduct}. -Ptf {@code ComplexProductOracleTest} measures both.
 * The folds run serially (complex values are objects, never in a fused loop).
 */
final class ComplexReductions {
  private ComplexReductions() {}

  /** Complex lanes of one AVX packet ({@code Packet4cf}, {@code Packet2cd}), the x86 TF builds' width. */
  static final int PACKET64 = 4;
  static final int PACKET128 = 2;

  /** One fold per row {@code [splits[r], splits[r + 1])} of the flat values. */
  static Object rows(Reducer op, Reducer.Mode mode, Tensor data, long[] splits) {
    Object[] x = (Object[]) data.unsafeData();
    int nrows = splits.length - 1;
    Object out = data.dtype().layout().newArray(nrows);
    Object[] o = (Object[]) out;
    for (int r = 0; r < nrows; r++) {
      int from = (int) splits[r];
      int to = (int) splits[r + 1];
      if (op == Reducer.PROD && mode == Reducer.Mode.DENSE) {
        o[r] = eigenRowProduct(x, from, to, data.dtype());
        continue;
      }
      Object acc = identity(op, data.dtype());
      for (int i = from; i < to; i++) {
        acc = op == Reducer.PROD ? scalarProduct(acc, x[i]) : combine(op, acc, x[i]);
      }
      o[r] = acc;
    }
    return out;
  }

  /**
   * {@code out[ids[v]] = op(out[ids[v]], x[v])} per vector of {@code inner} elements, in order of v.
   * A product steps by Annex G's product for the segment ops; a dense reduction over an outer axis
   * (mode DENSE, each segment the same number of consecutive vectors) is {@link #eigenKeptProduct}.
   */
  static Object segments(Reducer op, Reducer.Mode mode, Tensor data, int inner, int[] ids, int nseg) {
    Object[] x = (Object[]) data.unsafeData();
    Object out = data.dtype().layout().newArray(Sizes.elementCount(new long[] {nseg, inner}));
    Object[] o = (Object[]) out;
    if (op == Reducer.PROD && mode == Reducer.Mode.DENSE && nseg > 0) {
      eigenKeptProduct(x, nseg, ids.length / nseg, inner, data.dtype(), o);
      return out;
    }
    Arrays.fill(o, identity(op, data.dtype()));
    for (int v = 0; v < ids.length; v++) {
      int to = ids[v] * inner;
      int from = v * inner;
      for (int i = 0; i < inner; i++) {
        o[to + i] = op == Reducer.PROD ? scalarProduct(o[to + i], x[from + i]) : combine(op, o[to + i], x[from + i]);
      }
    }
    return out;
  }

  /**
   * TF's {@code Prod} of {@code [outer, n, inner]} over the middle axis into {@code out[outer *
   * inner]}. A reduced axis of length 1 is copied (TF's reduction helper drops it). Otherwise
   * Eigen's executor takes the outputs P at a time from index 0; a packet whose P outputs lie in one
   * row of the kept axis ({@code PreservingInnerMostDims}) is reduced by {@code
   * InnerMostDimPreserver}: per lane, the plain product from {@code 1+0j} over the even rows in one
   * accumulator and the odd rows in another, then the first times the second, and then times an
   * odd last row. The other outputs are {@code coeff} calls, a scalar fold by Annex G.
   */
  static void eigenKeptProduct(Object[] x, int outer, int n, int inner, DType dtype, Object[] out) {
    if (n == 1) {
      System.arraycopy(x, 0, out, 0, out.length);
      return;
    }
    int p = dtype == DType.COMPLEX64 ? PACKET64 : PACKET128;
    Object one = identity(Reducer.PROD, dtype);
    boolean[] packet = new boolean[out.length];
    for (int base = 0; base + p <= out.length; base += p) {
      if (base % inner + p - 1 < inner) {
        Arrays.fill(packet, base, base + p, true);
      }
    }
    for (int k = 0; k < out.length; k++) {
      int first = k / inner * n * inner + k % inner; // row 0 of output k
      if (!packet[k]) {
        Object acc = one;
        for (int j = 0; j < n; j++) {
          acc = scalarProduct(acc, x[first + j * inner]);
        }
        out[k] = acc;
        continue;
      }
      Object acc0 = one;
      Object acc1 = one;
      int j = 0;
      for (; j + 1 < n; j += 2) {
        acc0 = plainProduct(acc0, x[first + j * inner]);
        acc1 = plainProduct(acc1, x[first + (j + 1) * inner]);
      }
      acc0 = plainProduct(acc0, acc1);
      out[k] = j < n ? plainProduct(acc0, x[first + j * inner]) : acc0;
    }
  }

  /**
   * TF's {@code Prod} of {@code x[from, to)} along the innermost axis. One value is copied (TF's
   * reduction helper drops an axis of length 1, so {@code 1+infj} stays {@code 1+infj}, not {@code
   * (1+0j) * (1+infj) = nan+infj}). Otherwise Eigen's {@code InnerMostDimReducer}: packets of P
   * lanes, each lane from {@code 1+0j} and multiplied plainly, four packet accumulators while at
   * least 4P values are left and then one; the tail folds from {@code 1+0j} by Annex G; the lanes
   * of the packet accumulators meet by the plain product ({@code predux_mul}: lane 0 times lane 2,
   * lane 1 times lane 3, then those two; for P = 2 lane 0 times lane 1), and the result is the
   * tail times that, by Annex G ({@code finalizeBoth}).
   */
  static Object eigenRowProduct(Object[] x, int from, int to, DType dtype) {
    int n = to - from;
    if (n == 1) {
      return x[from];
    }
    int p = dtype == DType.COMPLEX64 ? PACKET64 : PACKET128;
    Object one = identity(Reducer.PROD, dtype);
    Object[] acc0 = filled(p, one);
    int start = 0;
    if (n >= 4 * p) {
      Object[][] accs = {acc0, filled(p, one), filled(p, one), filled(p, one)};
      int vectorized4 = n / (4 * p) * (4 * p);
      for (int j = 0; j < vectorized4; j += 4 * p) {
        for (int a = 0; a < 4; a++) {
          for (int l = 0; l < p; l++) {
            accs[a][l] = plainProduct(accs[a][l], x[from + j + a * p + l]);
          }
        }
      }
      for (int a = 1; a < 4; a++) {
        for (int l = 0; l < p; l++) {
          acc0[l] = plainProduct(acc0[l], accs[a][l]);
        }
      }
      start = vectorized4;
    }
    if (start <= n - p) {
      int vectorized = n / p * p;
      for (int j = start; j < vectorized; j += p) {
        for (int l = 0; l < p; l++) {
          acc0[l] = plainProduct(acc0[l], x[from + j + l]);
        }
      }
      start = vectorized;
    }
    Object tail = one;
    for (int j = start; j < n; j++) {
      tail = scalarProduct(tail, x[from + j]);
    }
    Object lanes = p == 4
        ? plainProduct(plainProduct(acc0[0], acc0[2]), plainProduct(acc0[1], acc0[3]))
        : plainProduct(acc0[0], acc0[1]);
    return scalarProduct(tail, lanes);
  }

  private static Object[] filled(int n, Object v) {
    Object[] a = new Object[n];
    Arrays.fill(a, v);
    return a;
  }

  private static Object plainProduct(Object acc, Object x) {
    return acc instanceof Complex64 a ? ComplexFunctions.mul(a, (Complex64) x) : ComplexFunctions.mul((Complex128) acc, (Complex128) x);
  }

  private static Object scalarProduct(Object acc, Object x) {
    return acc instanceof Complex64 a ? ComplexFunctions.mulAnnexG(a, (Complex64) x)
        : ComplexFunctions.mulAnnexG((Complex128) acc, (Complex128) x);
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
