package dev.tatter.runtime.kernels;

/** {@link Axpy} as counted loops over contiguous slices (what C2 makes of them is up to C2). */
final class ScalarAxpy implements Axpy {
  @Override
  public void floats(float[] out, int o, float[] b, int bb, float v, int n) {
    for (int j = 0; j < n; j++) {
      out[o + j] = out[o + j] + v * b[bb + j];
    }
  }

  @Override
  public void doubles(double[] out, int o, double[] b, int bb, double v, int n) {
    for (int j = 0; j < n; j++) {
      out[o + j] = out[o + j] + v * b[bb + j];
    }
  }

  @Override
  public boolean vectorized() {
    return false;
  }
}
