package dev.tatter.runtime.kernels.linalg;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Vector API {@link Gemm}: run only by runtime's surefire execution {@code vector-api} (the JVM
 * has {@code --add-modules jdk.incubator.vector}). It must be the selected kernel there and give
 * {@link ScalarGemm}'s bits — the order {@link Gemm} fixes — on every shape class: wide (panels of
 * two vectors, one vector, eight lanes, scalar tail columns; four-row blocks and leftover rows) and
 * narrow (fewer than 8 columns: eight chains, tails of k), each with every epilogue, on values that
 * include signed zeros, infinities and NaN (a NaN result compares as one NaN).
 */
class VectorGemmTest {
  @BeforeEach
  void needsTheVectorModule() {
    boolean present = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();
    if (Boolean.getBoolean("tatter.expectVector")) {
      assertTrue(present, "the vector-api run must have --add-modules jdk.incubator.vector");
    }
    assumeTrue(present, "needs --add-modules jdk.incubator.vector");
  }

  @Test
  void withTheVectorModule_theVectorKernelIsSelected() {
    assertTrue(Gemm.SELECTED.vectorized(), "selected: " + Gemm.SELECTED.getClass());
  }

  private static float value(SplittableRandom r) {
    return switch (r.nextInt(40)) {
      case 0 -> Float.NaN;
      case 1 -> Float.POSITIVE_INFINITY;
      case 2 -> -0.0f;
      case 3 -> 1e30f;
      default -> (float) (r.nextDouble() * 4 - 2);
    };
  }

  @Test
  void vectorKernel_equalsTheScalarLoopBitForBit() {
    Gemm vector = Gemm.SELECTED;
    Gemm scalar = new ScalarGemm();
    SplittableRandom r = new SplittableRandom(11);
    for (int round = 0; round < 600; round++) {
      int m = 1 + r.nextInt(11);
      int k = r.nextInt(70);
      int n = round % 3 == 0 ? 1 + r.nextInt(7) : 1 + r.nextInt(90);
      boolean narrow = n < Gemm.NARROW;
      Activation act = Activation.values()[round % Activation.values().length];
      float alpha = 0.3f;
      int ao = r.nextInt(5);
      int bo = r.nextInt(5);
      int co = r.nextInt(5);
      float[] a = new float[ao + m * k];
      float[] b = new float[bo + k * n];
      double[] ad = new double[a.length];
      double[] bd = new double[b.length];
      for (int i = 0; i < a.length; i++) {
        a[i] = value(r);
        ad[i] = r.nextDouble() * 4 - 2;
      }
      for (int i = 0; i < b.length; i++) {
        b[i] = value(r);
        bd[i] = r.nextDouble() * 4 - 2;
      }
      float[] bias = round % 2 == 0 ? null : new float[n];
      double[] biasD = bias == null ? null : new double[n];
      for (int j = 0; bias != null && j < n; j++) {
        bias[j] = value(r);
        biasD[j] = r.nextDouble();
      }
      int from = r.nextInt(m);
      float[] cv = new float[co + m * n];
      float[] cs = new float[co + m * n];
      double[] dv = new double[co + m * n];
      double[] ds = new double[co + m * n];
      if (narrow) {
        vector.floatNarrow(a, ao, b, bo, cv, co, k, n, from, m, bias, act, alpha);
        scalar.floatNarrow(a, ao, b, bo, cs, co, k, n, from, m, bias, act, alpha);
        vector.doubleNarrow(ad, ao, bd, bo, dv, co, k, n, from, m, biasD, act, alpha);
        scalar.doubleNarrow(ad, ao, bd, bo, ds, co, k, n, from, m, biasD, act, alpha);
      } else {
        vector.floatWide(a, ao, b, bo, cv, co, k, n, from, m, bias, act, alpha);
        scalar.floatWide(a, ao, b, bo, cs, co, k, n, from, m, bias, act, alpha);
        vector.doubleWide(ad, ao, bd, bo, dv, co, k, n, from, m, biasD, act, alpha);
        scalar.doubleWide(ad, ao, bd, bo, ds, co, k, n, from, m, biasD, act, alpha);
      }
      String what = (narrow ? "narrow" : "wide") + " m=" + m + " k=" + k + " n=" + n + " rows " + from + ".." + m + " " + act
          + (bias == null ? "" : " with bias");
      for (int i = 0; i < cv.length; i++) {
        boolean same = Float.isNaN(cv[i]) ? Float.isNaN(cs[i]) : Float.floatToRawIntBits(cv[i]) == Float.floatToRawIntBits(cs[i]);
        if (!same) {
          fail(what + ": float element " + i + " is " + cv[i] + " (vector) vs " + cs[i] + " (scalar)");
        }
        if (Double.doubleToRawLongBits(dv[i]) != Double.doubleToRawLongBits(ds[i]) && !(Double.isNaN(dv[i]) && Double.isNaN(ds[i]))) {
          fail(what + ": double element " + i + " is " + dv[i] + " (vector) vs " + ds[i] + " (scalar)");
        }
      }
    }
  }
}
