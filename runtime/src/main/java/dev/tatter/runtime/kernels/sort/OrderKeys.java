package dev.tatter.runtime.kernels.sort;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;

/**
 * Each element of a real tensor as a {@code long} whose signed order is the elements' order under
 * C++'s {@code <}, which TF's sorting kernels compare with: integers as themselves (unsigned
 * zero-extended, uint64 with its top bit flipped), floats by their IEEE bits folded so that negative
 * values order below positive ones, with -0.0 read as 0.0 (they compare equal) and every NaN as
 * one key above +inf (C++'s comparisons leave NaN unordered; the kernels that meet one say what
 * they do). Every ordering kernel reads keys, so none of them switches over dtypes again.
 */
final class OrderKeys {
  private OrderKeys() {}

  /** The key of every NaN: above every other key. */
  static final long NAN = Long.MAX_VALUE;

  /** The keys of {@code t}'s elements, row-major. */
  static long[] of(Tensor t, String op) {
    Object data = t.unsafeData();
    int n = t.size();
    long[] keys = new long[n];
    switch (t.dtype()) {
      case INT8, UINT8 -> {
        byte[] a = (byte[]) data;
        boolean unsigned = t.dtype() == DType.UINT8;
        for (int i = 0; i < n; i++) {
          keys[i] = unsigned ? a[i] & 0xFF : a[i];
        }
      }
      case INT16, UINT16 -> {
        short[] a = (short[]) data;
        boolean unsigned = t.dtype() == DType.UINT16;
        for (int i = 0; i < n; i++) {
          keys[i] = unsigned ? a[i] & 0xFFFF : a[i];
        }
      }
      case INT32, UINT32 -> {
        int[] a = (int[]) data;
        boolean unsigned = t.dtype() == DType.UINT32;
        for (int i = 0; i < n; i++) {
          keys[i] = unsigned ? a[i] & 0xFFFFFFFFL : a[i];
        }
      }
      case INT64 -> System.arraycopy((long[]) data, 0, keys, 0, n);
      case UINT64 -> {
        long[] a = (long[]) data;
        for (int i = 0; i < n; i++) {
          keys[i] = a[i] ^ Long.MIN_VALUE;
        }
      }
      case FLOAT32 -> {
        float[] a = (float[]) data;
        for (int i = 0; i < n; i++) {
          keys[i] = ofDouble(a[i]);
        }
      }
      case FLOAT64 -> {
        double[] a = (double[]) data;
        for (int i = 0; i < n; i++) {
          keys[i] = ofDouble(a[i]);
        }
      }
      case FLOAT16, BFLOAT16 -> {
        for (int i = 0; i < n; i++) {
          keys[i] = ofDouble(t.dtype().layout().getFloat(data, i));
        }
      }
      case BOOL, STRING, COMPLEX64, COMPLEX128 -> throw new InvalidArgumentException(op + " is not defined on " + t.dtype()
          + " (it orders real numbers)");
    }
    return keys;
  }

  /** The key of a float value (a float widened to double keeps its order). */
  static long ofDouble(double d) {
    if (d != d) {
      return NAN;
    }
    long bits = Double.doubleToRawLongBits(d == 0 ? 0.0 : d);
    return bits >= 0 ? bits : bits ^ Long.MAX_VALUE;
  }
}
