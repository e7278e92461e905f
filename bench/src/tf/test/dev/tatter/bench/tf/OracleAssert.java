package dev.tatter.bench.tf;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;

/**
 * Comparing TF's result with Tatter's, element by element and bit for bit (any NaN equals any
 * NaN), with one allowance: TF runs its CPU kernels with subnormals flushed to zero (FTZ/DAZ
 * set on its threads), which the JVM never does. Where an input or Tatter's result is subnormal,
 * TF's flushed result is accepted too. That is a TF platform setting, not a semantic Tatter
 * should copy (see docs/SEMANTICS.md).
 */
final class OracleAssert {
  private OracleAssert() {}

  /** Fails unless {@code actual} equals {@code expected}; {@code inputs} are the elementwise operands. */
  static void sameValues(Tensor expected, Tensor actual, String what, Tensor... inputs) {
    sameValues(expected, actual, what, i -> {
      boolean subnormalInvolved = false;
      for (Tensor in : inputs) {
        subnormalInvolved |= in.dtype().isFloating() && subnormal(in.getDouble(in.size() == 1 ? 0 : i), in.dtype());
      }
      return subnormalInvolved;
    });
  }

  /**
   * Fails unless {@code actual} equals {@code expected}, except at float elements where
   * {@code excused} holds (or Tatter's result is subnormal, see the class comment).
   */
  static void sameValues(Tensor expected, Tensor actual, String what, java.util.function.IntPredicate excused) {
    if (expected.dtype() != actual.dtype() || !Arrays.equals(expected.shape(), actual.shape())) {
      throw new AssertionError(what + ": TF gives " + expected.dtype() + Arrays.toString(expected.shape()) + " " + expected
          + ", Tatter " + actual.dtype() + Arrays.toString(actual.shape()) + " " + actual);
    }
    if (!expected.dtype().isFloating()) {
      if (!expected.equals(actual)) {
        throw new AssertionError(what + ": TF gives " + expected + ", Tatter " + actual);
      }
      return;
    }
    for (int i = 0; i < expected.size(); i++) {
      double e = expected.getDouble(i);
      double a = actual.getDouble(i);
      if (same(e, a, expected.dtype())) {
        continue;
      }
      if (!subnormal(a, actual.dtype()) && !excused.test(i)) {
        throw new AssertionError(what + ": element " + i + ": TF gives " + e + ", Tatter " + a
            + " (TF: " + expected + ", Tatter: " + actual + ")");
      }
    }
  }

  private static boolean same(double e, double a, DType dtype) {
    if (Double.isNaN(e) || Double.isNaN(a)) {
      return Double.isNaN(e) && Double.isNaN(a);
    }
    return dtype == DType.FLOAT32
        ? Float.floatToIntBits((float) e) == Float.floatToIntBits((float) a)
        : Double.doubleToLongBits(e) == Double.doubleToLongBits(a);
  }

  static boolean subnormal(double v, DType dtype) {
    // bfloat16 is computed in float32, whose subnormals TF flushes; float16's are float32 normals
    double min = dtype == DType.FLOAT32 || dtype == DType.BFLOAT16 ? Float.MIN_NORMAL : Double.MIN_NORMAL;
    return v != 0 && Math.abs(v) < min;
  }

  /** Whether any element of {@code t} is a subnormal TF would flush (false for non-float dtypes). */
  static boolean anySubnormal(Tensor t) {
    for (int i = 0; t.dtype().isFloating() && i < t.size(); i++) {
      if (subnormal(t.getDouble(i), t.dtype())) {
        return true;
      }
    }
    return false;
  }
}
