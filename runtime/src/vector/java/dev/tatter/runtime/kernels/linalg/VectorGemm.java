package dev.tatter.runtime.kernels.linalg;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link Gemm} on the JDK's Vector API (incubator module {@code jdk.incubator.vector}).
 *
 * <p>Wide: {@code C} is computed in panels of two vectors' worth of columns (32 floats on
 * AVX-512), the panel of {@code B} staying in the first-level cache while every row of {@code A}
 * passes it, four rows at a time: a 4 x 2 tile of accumulators lives in registers for the whole
 * {@code k} loop, each step one broadcast of {@code a[i, p]} and a lanewise fma with the row of
 * {@code B}. Then single-vector panels, eight-lane panels, and scalar columns. Each lane is one
 * element's fma chain in {@code k} order, as {@link ScalarGemm}'s. The epilogue adds the bias and
 * applies relu, relu6 or leaky relu on the tile (lanewise, the scalar function's comparisons) and
 * the other activations through their scalar functions.
 *
 * <p>Narrow: a dot product's eight chains are the eight lanes of a 256-bit vector (two of four
 * lanes for doubles), four rows of {@code A} against one row of {@code B}'s transpose at a time;
 * the lanes are combined in {@link ScalarGemm#combine}'s order, never by {@code reduceLanes}
 * (whose order is unspecified). Loaded by name by {@link Gemm.Selection}; never referenced directly.
 */
final class VectorGemm implements Gemm {
  private static final VectorSpecies<Float> FLOATS = FloatVector.SPECIES_PREFERRED;
  private static final VectorSpecies<Float> FLOATS8 = FloatVector.SPECIES_256;
  private static final VectorSpecies<Double> DOUBLES = DoubleVector.SPECIES_PREFERRED;
  private static final VectorSpecies<Double> DOUBLES4 = DoubleVector.SPECIES_256;
  private static final ScalarGemm SCALAR = new ScalarGemm();

  @Override
  public void floatWide(float[] a, int ao, float[] b, int bo, float[] c, int co, int k, int n, int rowFrom, int rowTo,
      float[] bias, Activation act, float alpha) {
    int lanes = FLOATS.length();
    int j = 0;
    for (; j + 2 * lanes <= n; j += 2 * lanes) {
      floatPanel2(FLOATS, a, ao, b, bo, c, co, k, n, rowFrom, rowTo, j, bias, act, alpha);
    }
    for (; j + lanes <= n; j += lanes) {
      floatPanel1(FLOATS, a, ao, b, bo, c, co, k, n, rowFrom, rowTo, j, bias, act, alpha);
    }
    if (lanes > 8) {
      for (; j + 8 <= n; j += 8) {
        floatPanel1(FLOATS8, a, ao, b, bo, c, co, k, n, rowFrom, rowTo, j, bias, act, alpha);
      }
    }
    for (; j < n; j++) {
      for (int i = rowFrom; i < rowTo; i++) {
        float s = 0f;
        int ar = ao + i * k;
        for (int p = 0; p < k; p++) {
          s = Math.fma(a[ar + p], b[bo + p * n + j], s);
        }
        int o = co + i * n + j;
        c[o] = s;
        act.epilogue(c, o, 1, bias, j, alpha);
      }
    }
  }

  private static void floatPanel2(VectorSpecies<Float> sp, float[] a, int ao, float[] b, int bo, float[] c, int co,
      int k, int n, int rowFrom, int rowTo, int j, float[] bias, Activation act, float alpha) {
    int lanes = sp.length();
    int i = rowFrom;
    for (; i + 4 <= rowTo; i += 4) {
      FloatVector c00 = FloatVector.zero(sp), c01 = FloatVector.zero(sp);
      FloatVector c10 = FloatVector.zero(sp), c11 = FloatVector.zero(sp);
      FloatVector c20 = FloatVector.zero(sp), c21 = FloatVector.zero(sp);
      FloatVector c30 = FloatVector.zero(sp), c31 = FloatVector.zero(sp);
      int a0 = ao + i * k;
      int a1 = a0 + k;
      int a2 = a1 + k;
      int a3 = a2 + k;
      for (int p = 0; p < k; p++) {
        int br = bo + p * n + j;
        FloatVector b0 = FloatVector.fromArray(sp, b, br);
        FloatVector b1 = FloatVector.fromArray(sp, b, br + lanes);
        FloatVector x = FloatVector.broadcast(sp, a[a0 + p]);
        c00 = x.fma(b0, c00);
        c01 = x.fma(b1, c01);
        x = FloatVector.broadcast(sp, a[a1 + p]);
        c10 = x.fma(b0, c10);
        c11 = x.fma(b1, c11);
        x = FloatVector.broadcast(sp, a[a2 + p]);
        c20 = x.fma(b0, c20);
        c21 = x.fma(b1, c21);
        x = FloatVector.broadcast(sp, a[a3 + p]);
        c30 = x.fma(b0, c30);
        c31 = x.fma(b1, c31);
      }
      int o = co + i * n + j;
      store(c00, c, o, bias, j, act, alpha);
      store(c01, c, o + lanes, bias, j + lanes, act, alpha);
      store(c10, c, o + n, bias, j, act, alpha);
      store(c11, c, o + n + lanes, bias, j + lanes, act, alpha);
      store(c20, c, o + 2 * n, bias, j, act, alpha);
      store(c21, c, o + 2 * n + lanes, bias, j + lanes, act, alpha);
      store(c30, c, o + 3 * n, bias, j, act, alpha);
      store(c31, c, o + 3 * n + lanes, bias, j + lanes, act, alpha);
    }
    for (; i < rowTo; i++) {
      FloatVector c0 = FloatVector.zero(sp), c1 = FloatVector.zero(sp);
      int ar = ao + i * k;
      for (int p = 0; p < k; p++) {
        int br = bo + p * n + j;
        FloatVector x = FloatVector.broadcast(sp, a[ar + p]);
        c0 = x.fma(FloatVector.fromArray(sp, b, br), c0);
        c1 = x.fma(FloatVector.fromArray(sp, b, br + lanes), c1);
      }
      int o = co + i * n + j;
      store(c0, c, o, bias, j, act, alpha);
      store(c1, c, o + lanes, bias, j + lanes, act, alpha);
    }
  }

  private static void floatPanel1(VectorSpecies<Float> sp, float[] a, int ao, float[] b, int bo, float[] c, int co,
      int k, int n, int rowFrom, int rowTo, int j, float[] bias, Activation act, float alpha) {
    int i = rowFrom;
    for (; i + 4 <= rowTo; i += 4) {
      FloatVector c0 = FloatVector.zero(sp), c1 = FloatVector.zero(sp), c2 = FloatVector.zero(sp), c3 = FloatVector.zero(sp);
      int a0 = ao + i * k;
      for (int p = 0; p < k; p++) {
        FloatVector bv = FloatVector.fromArray(sp, b, bo + p * n + j);
        c0 = FloatVector.broadcast(sp, a[a0 + p]).fma(bv, c0);
        c1 = FloatVector.broadcast(sp, a[a0 + k + p]).fma(bv, c1);
        c2 = FloatVector.broadcast(sp, a[a0 + 2 * k + p]).fma(bv, c2);
        c3 = FloatVector.broadcast(sp, a[a0 + 3 * k + p]).fma(bv, c3);
      }
      int o = co + i * n + j;
      store(c0, c, o, bias, j, act, alpha);
      store(c1, c, o + n, bias, j, act, alpha);
      store(c2, c, o + 2 * n, bias, j, act, alpha);
      store(c3, c, o + 3 * n, bias, j, act, alpha);
    }
    for (; i < rowTo; i++) {
      FloatVector acc = FloatVector.zero(sp);
      int ar = ao + i * k;
      for (int p = 0; p < k; p++) {
        acc = FloatVector.broadcast(sp, a[ar + p]).fma(FloatVector.fromArray(sp, b, bo + p * n + j), acc);
      }
      store(acc, c, co + i * n + j, bias, j, act, alpha);
    }
  }

  /** The epilogue of one vector of C, then its store: bias and the cheap activations lanewise, the rest per element. */
  private static void store(FloatVector v, float[] c, int o, float[] bias, int j, Activation act, float alpha) {
    VectorSpecies<Float> sp = v.species();
    if (bias != null) {
      v = v.add(FloatVector.fromArray(sp, bias, j));
    }
    switch (act) {
      case NONE -> v.intoArray(c, o);
      case RELU -> relu(v).intoArray(c, o);
      case RELU6 -> {
        FloatVector r = relu(v);
        VectorMask<Float> keep = r.compare(VectorOperators.LT, 6f).or(r.test(VectorOperators.IS_NAN));
        FloatVector.broadcast(sp, 6f).blend(r, keep).intoArray(c, o);
      }
      case LEAKY_RELU -> {
        VectorMask<Float> positive = v.compare(VectorOperators.GT, 0f);
        v.mul(alpha).blend(v, positive).intoArray(c, o);
      }
      default -> {
        v.intoArray(c, o);
        act.epilogue(c, o, sp.length(), null, 0, alpha);
      }
    }
  }

  /** ActivationFunctions.relu lanewise: {@code x > 0 || isNaN(x) ? x : +0.0}. */
  private static FloatVector relu(FloatVector v) {
    VectorMask<Float> keep = v.compare(VectorOperators.GT, 0f).or(v.test(VectorOperators.IS_NAN));
    return FloatVector.zero(v.species()).blend(v, keep);
  }

  @Override
  public void floatNarrow(float[] a, int ao, float[] bt, int bo, float[] c, int co, int k, int n, int rowFrom, int rowTo,
      float[] bias, Activation act, float alpha) {
    int i = rowFrom;
    float[] s = new float[8];
    for (; i + 4 <= rowTo; i += 4) {
      int a0 = ao + i * k;
      for (int j = 0; j < n; j++) {
        int y = bo + j * k;
        FloatVector s0 = FloatVector.zero(FLOATS8), s1 = FloatVector.zero(FLOATS8);
        FloatVector s2 = FloatVector.zero(FLOATS8), s3 = FloatVector.zero(FLOATS8);
        int p = 0;
        for (; p + 8 <= k; p += 8) {
          FloatVector yv = FloatVector.fromArray(FLOATS8, bt, y + p);
          s0 = FloatVector.fromArray(FLOATS8, a, a0 + p).fma(yv, s0);
          s1 = FloatVector.fromArray(FLOATS8, a, a0 + k + p).fma(yv, s1);
          s2 = FloatVector.fromArray(FLOATS8, a, a0 + 2 * k + p).fma(yv, s2);
          s3 = FloatVector.fromArray(FLOATS8, a, a0 + 3 * k + p).fma(yv, s3);
        }
        FloatVector[] rows = {s0, s1, s2, s3};
        for (int r = 0; r < 4; r++) {
          rows[r].intoArray(s, 0);
          int ar = a0 + r * k;
          for (int q = p, l = 0; q < k; q++, l++) {
            s[l] = Math.fma(a[ar + q], bt[y + q], s[l]);
          }
          c[co + (i + r) * n + j] = ScalarGemm.combine(s);
        }
      }
      for (int r = 0; r < 4; r++) {
        act.epilogue(c, co + (i + r) * n, n, bias, 0, alpha);
      }
    }
    SCALAR.floatNarrow(a, ao, bt, bo, c, co, k, n, i, rowTo, bias, act, alpha);
  }

  @Override
  public void doubleWide(double[] a, int ao, double[] b, int bo, double[] c, int co, int k, int n, int rowFrom, int rowTo,
      double[] bias, Activation act, double alpha) {
    int lanes = DOUBLES.length();
    int j = 0;
    for (; j + lanes <= n; j += lanes) {
      int i = rowFrom;
      for (; i + 4 <= rowTo; i += 4) {
        DoubleVector c0 = DoubleVector.zero(DOUBLES), c1 = DoubleVector.zero(DOUBLES);
        DoubleVector c2 = DoubleVector.zero(DOUBLES), c3 = DoubleVector.zero(DOUBLES);
        int a0 = ao + i * k;
        for (int p = 0; p < k; p++) {
          DoubleVector bv = DoubleVector.fromArray(DOUBLES, b, bo + p * n + j);
          c0 = DoubleVector.broadcast(DOUBLES, a[a0 + p]).fma(bv, c0);
          c1 = DoubleVector.broadcast(DOUBLES, a[a0 + k + p]).fma(bv, c1);
          c2 = DoubleVector.broadcast(DOUBLES, a[a0 + 2 * k + p]).fma(bv, c2);
          c3 = DoubleVector.broadcast(DOUBLES, a[a0 + 3 * k + p]).fma(bv, c3);
        }
        int o = co + i * n + j;
        c0.intoArray(c, o);
        c1.intoArray(c, o + n);
        c2.intoArray(c, o + 2 * n);
        c3.intoArray(c, o + 3 * n);
        for (int r = 0; r < 4; r++) {
          act.epilogue(c, o + r * n, lanes, bias, j, alpha);
        }
      }
      for (; i < rowTo; i++) {
        DoubleVector acc = DoubleVector.zero(DOUBLES);
        int ar = ao + i * k;
        for (int p = 0; p < k; p++) {
          acc = DoubleVector.broadcast(DOUBLES, a[ar + p]).fma(DoubleVector.fromArray(DOUBLES, b, bo + p * n + j), acc);
        }
        int o = co + i * n + j;
        acc.intoArray(c, o);
        act.epilogue(c, o, lanes, bias, j, alpha);
      }
    }
    for (; j < n; j++) {
      for (int i = rowFrom; i < rowTo; i++) {
        double s = 0.0;
        int ar = ao + i * k;
        for (int p = 0; p < k; p++) {
          s = Math.fma(a[ar + p], b[bo + p * n + j], s);
        }
        int o = co + i * n + j;
        c[o] = s;
        act.epilogue(c, o, 1, bias, j, alpha);
      }
    }
  }

  @Override
  public void doubleNarrow(double[] a, int ao, double[] bt, int bo, double[] c, int co, int k, int n, int rowFrom, int rowTo,
      double[] bias, Activation act, double alpha) {
    double[] s = new double[8];
    for (int i = rowFrom; i < rowTo; i++) {
      int ar = ao + i * k;
      for (int j = 0; j < n; j++) {
        int y = bo + j * k;
        DoubleVector lo = DoubleVector.zero(DOUBLES4), hi = DoubleVector.zero(DOUBLES4);
        int p = 0;
        for (; p + 8 <= k; p += 8) {
          lo = DoubleVector.fromArray(DOUBLES4, a, ar + p).fma(DoubleVector.fromArray(DOUBLES4, bt, y + p), lo);
          hi = DoubleVector.fromArray(DOUBLES4, a, ar + p + 4).fma(DoubleVector.fromArray(DOUBLES4, bt, y + p + 4), hi);
        }
        lo.intoArray(s, 0);
        hi.intoArray(s, 4);
        for (int l = 0; p < k; p++, l++) {
          s[l] = Math.fma(a[ar + p], bt[y + p], s[l]);
        }
        c[co + i * n + j] = ScalarGemm.combine(s);
      }
      act.epilogue(c, co + i * n, n, bias, 0, alpha);
    }
  }

  @Override
  public boolean vectorized() {
    return true;
  }
}
