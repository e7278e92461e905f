package dev.tatter.runtime.kernels.sparse;

/** {@link Axpy} as counted loops: term by term, each over the row's contiguous slice (what C2 makes of them is up to C2). */
final class ScalarAxpy implements Axpy {
  @Override
  public void floatRow(float[] out, int o, float[] b, int n, float[] values, long[] idx, int[] order, int cc, int from, int to) {
    for (int t = from; t < to; t++) {
      int k = order == null ? t : order[t];
      float v = values[k];
      int bb = (int) idx[2 * k + cc] * n;
      for (int j = 0; j < n; j++) {
        out[o + j] = out[o + j] + v * b[bb + j];
      }
    }
  }

  @Override
  public void doubleRow(double[] out, int o, double[] b, int n, double[] values, long[] idx, int[] order, int cc, int from, int to) {
    for (int t = from; t < to; t++) {
      int k = order == null ? t : order[t];
      double v = values[k];
      int bb = (int) idx[2 * k + cc] * n;
      for (int j = 0; j < n; j++) {
        out[o + j] = out[o + j] + v * b[bb + j];
      }
    }
  }

  @Override
  public boolean vectorized() {
    return false;
  }
}
