package dev.tatter.runtime.kernels.linalg;

/**
 * {@link Gemm} as counted loops over {@link Math#fma} (a HotSpot intrinsic: one instruction where
 * the CPU has FMA). Wide: eight columns of a row at a time, eight independent chains, each in
 * {@code k} order; narrow: the eight chains of one dot product side by side.
 */
final class ScalarGemm implements Gemm {
  @Override
  public void floatWide(float[] a, int ao, float[] b, int bo, float[] c, int co, int k, int n, int rowFrom, int rowTo,
      float[] bias, Activation act, float alpha) {
    for (int i = rowFrom; i < rowTo; i++) {
      int ar = ao + i * k;
      int cr = co + i * n;
      int j = 0;
      for (; j + 8 <= n; j += 8) {
        float s0 = 0f, s1 = 0f, s2 = 0f, s3 = 0f, s4 = 0f, s5 = 0f, s6 = 0f, s7 = 0f;
        for (int p = 0; p < k; p++) {
          float x = a[ar + p];
          int br = bo + p * n + j;
          s0 = Math.fma(x, b[br], s0);
          s1 = Math.fma(x, b[br + 1], s1);
          s2 = Math.fma(x, b[br + 2], s2);
          s3 = Math.fma(x, b[br + 3], s3);
          s4 = Math.fma(x, b[br + 4], s4);
          s5 = Math.fma(x, b[br + 5], s5);
          s6 = Math.fma(x, b[br + 6], s6);
          s7 = Math.fma(x, b[br + 7], s7);
        }
        c[cr + j] = s0;
        c[cr + j + 1] = s1;
        c[cr + j + 2] = s2;
        c[cr + j + 3] = s3;
        c[cr + j + 4] = s4;
        c[cr + j + 5] = s5;
        c[cr + j + 6] = s6;
        c[cr + j + 7] = s7;
      }
      for (; j < n; j++) {
        float s = 0f;
        for (int p = 0; p < k; p++) {
          s = Math.fma(a[ar + p], b[bo + p * n + j], s);
        }
        c[cr + j] = s;
      }
      act.epilogue(c, cr, n, bias, 0, alpha);
    }
  }

  @Override
  public void floatNarrow(float[] a, int ao, float[] bt, int bo, float[] c, int co, int k, int n, int rowFrom, int rowTo,
      float[] bias, Activation act, float alpha) {
    for (int i = rowFrom; i < rowTo; i++) {
      int ar = ao + i * k;
      for (int j = 0; j < n; j++) {
        c[co + i * n + j] = dot(a, ar, bt, bo + j * k, k);
      }
      act.epilogue(c, co + i * n, n, bias, 0, alpha);
    }
  }

  /** The narrow order's dot product of {@code x[xo, xo + k)} and {@code y[yo, yo + k)}. */
  static float dot(float[] x, int xo, float[] y, int yo, int k) {
    float s0 = 0f, s1 = 0f, s2 = 0f, s3 = 0f, s4 = 0f, s5 = 0f, s6 = 0f, s7 = 0f;
    int p = 0;
    for (; p + 8 <= k; p += 8) {
      s0 = Math.fma(x[xo + p], y[yo + p], s0);
      s1 = Math.fma(x[xo + p + 1], y[yo + p + 1], s1);
      s2 = Math.fma(x[xo + p + 2], y[yo + p + 2], s2);
      s3 = Math.fma(x[xo + p + 3], y[yo + p + 3], s3);
      s4 = Math.fma(x[xo + p + 4], y[yo + p + 4], s4);
      s5 = Math.fma(x[xo + p + 5], y[yo + p + 5], s5);
      s6 = Math.fma(x[xo + p + 6], y[yo + p + 6], s6);
      s7 = Math.fma(x[xo + p + 7], y[yo + p + 7], s7);
    }
    float[] s = {s0, s1, s2, s3, s4, s5, s6, s7};
    for (int l = 0; p < k; p++, l++) {
      s[l] = Math.fma(x[xo + p], y[yo + p], s[l]);
    }
    return combine(s);
  }

  /** The narrow order's final sum of the eight chains. */
  static float combine(float[] s) {
    return ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
  }

  static double combine(double[] s) {
    return ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
  }

  @Override
  public void doubleWide(double[] a, int ao, double[] b, int bo, double[] c, int co, int k, int n, int rowFrom, int rowTo,
      double[] bias, Activation act, double alpha) {
    for (int i = rowFrom; i < rowTo; i++) {
      int ar = ao + i * k;
      int cr = co + i * n;
      int j = 0;
      for (; j + 4 <= n; j += 4) {
        double s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0;
        for (int p = 0; p < k; p++) {
          double x = a[ar + p];
          int br = bo + p * n + j;
          s0 = Math.fma(x, b[br], s0);
          s1 = Math.fma(x, b[br + 1], s1);
          s2 = Math.fma(x, b[br + 2], s2);
          s3 = Math.fma(x, b[br + 3], s3);
        }
        c[cr + j] = s0;
        c[cr + j + 1] = s1;
        c[cr + j + 2] = s2;
        c[cr + j + 3] = s3;
      }
      for (; j < n; j++) {
        double s = 0.0;
        for (int p = 0; p < k; p++) {
          s = Math.fma(a[ar + p], b[bo + p * n + j], s);
        }
        c[cr + j] = s;
      }
      act.epilogue(c, cr, n, bias, 0, alpha);
    }
  }

  @Override
  public void doubleNarrow(double[] a, int ao, double[] bt, int bo, double[] c, int co, int k, int n, int rowFrom, int rowTo,
      double[] bias, Activation act, double alpha) {
    for (int i = rowFrom; i < rowTo; i++) {
      int ar = ao + i * k;
      for (int j = 0; j < n; j++) {
        double[] s = new double[8];
        int yo = bo + j * k;
        for (int p = 0; p < k; p++) {
          s[p & 7] = Math.fma(a[ar + p], bt[yo + p], s[p & 7]);
        }
        c[co + i * n + j] = combine(s);
      }
      act.epilogue(c, co + i * n, n, bias, 0, alpha);
    }
  }

  @Override
  public boolean vectorized() {
    return false;
  }
}
