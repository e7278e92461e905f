package dev.tatter.runtime.kernels.sparse;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link Axpy} on the JDK's Vector API (incubator module {@code jdk.incubator.vector}). The output
 * row is done in column blocks of four vectors of the platform's preferred width (64 floats on
 * AVX-512), then single vectors, then scalar columns: a block is loaded into registers once, every
 * term of the row adds its multiple of the dense row's block into it, and it is stored once, so
 * the output row is not read and written once per nonzero. Each lane computes {@code acc + v * b}
 * with the scalar loop's operands in the scalar loop's order, term after term, one rounding per
 * operation, so the result is {@link ScalarAxpy}'s bit for bit. Loaded by name by {@link
 * Axpy.Selection} only when the module is in the boot layer; never referenced directly.
 */
final class VectorAxpy implements Axpy {
  private static final VectorSpecies<Float> FLOATS = FloatVector.SPECIES_PREFERRED;
  private static final VectorSpecies<Double> DOUBLES = DoubleVector.SPECIES_PREFERRED;

  @Override
  public void floatRow(float[] out, int o, float[] b, int n, float[] values, long[] idx, int[] order, int cc, int from, int to) {
    int lanes = FLOATS.length();
    int j = 0;
    for (; j + 4 * lanes <= n; j += 4 * lanes) {
      FloatVector a0 = FloatVector.fromArray(FLOATS, out, o + j);
      FloatVector a1 = FloatVector.fromArray(FLOATS, out, o + j + lanes);
      FloatVector a2 = FloatVector.fromArray(FLOATS, out, o + j + 2 * lanes);
      FloatVector a3 = FloatVector.fromArray(FLOATS, out, o + j + 3 * lanes);
      for (int t = from; t < to; t++) {
        int k = order == null ? t : order[t];
        FloatVector v = FloatVector.broadcast(FLOATS, values[k]);
        int bb = (int) idx[2 * k + cc] * n + j;
        a0 = a0.add(v.mul(FloatVector.fromArray(FLOATS, b, bb)));
        a1 = a1.add(v.mul(FloatVector.fromArray(FLOATS, b, bb + lanes)));
        a2 = a2.add(v.mul(FloatVector.fromArray(FLOATS, b, bb + 2 * lanes)));
        a3 = a3.add(v.mul(FloatVector.fromArray(FLOATS, b, bb + 3 * lanes)));
      }
      a0.intoArray(out, o + j);
      a1.intoArray(out, o + j + lanes);
      a2.intoArray(out, o + j + 2 * lanes);
      a3.intoArray(out, o + j + 3 * lanes);
    }
    for (; j + lanes <= n; j += lanes) {
      FloatVector a = FloatVector.fromArray(FLOATS, out, o + j);
      for (int t = from; t < to; t++) {
        int k = order == null ? t : order[t];
        a = a.add(FloatVector.broadcast(FLOATS, values[k]).mul(FloatVector.fromArray(FLOATS, b, (int) idx[2 * k + cc] * n + j)));
      }
      a.intoArray(out, o + j);
    }
    for (; j < n; j++) {
      float a = out[o + j];
      for (int t = from; t < to; t++) {
        int k = order == null ? t : order[t];
        a = a + values[k] * b[(int) idx[2 * k + cc] * n + j];
      }
      out[o + j] = a;
    }
  }

  @Override
  public void doubleRow(double[] out, int o, double[] b, int n, double[] values, long[] idx, int[] order, int cc, int from, int to) {
    int lanes = DOUBLES.length();
    int j = 0;
    for (; j + 4 * lanes <= n; j += 4 * lanes) {
      DoubleVector a0 = DoubleVector.fromArray(DOUBLES, out, o + j);
      DoubleVector a1 = DoubleVector.fromArray(DOUBLES, out, o + j + lanes);
      DoubleVector a2 = DoubleVector.fromArray(DOUBLES, out, o + j + 2 * lanes);
      DoubleVector a3 = DoubleVector.fromArray(DOUBLES, out, o + j + 3 * lanes);
      for (int t = from; t < to; t++) {
        int k = order == null ? t : order[t];
        DoubleVector v = DoubleVector.broadcast(DOUBLES, values[k]);
        int bb = (int) idx[2 * k + cc] * n + j;
        a0 = a0.add(v.mul(DoubleVector.fromArray(DOUBLES, b, bb)));
        a1 = a1.add(v.mul(DoubleVector.fromArray(DOUBLES, b, bb + lanes)));
        a2 = a2.add(v.mul(DoubleVector.fromArray(DOUBLES, b, bb + 2 * lanes)));
        a3 = a3.add(v.mul(DoubleVector.fromArray(DOUBLES, b, bb + 3 * lanes)));
      }
      a0.intoArray(out, o + j);
      a1.intoArray(out, o + j + lanes);
      a2.intoArray(out, o + j + 2 * lanes);
      a3.intoArray(out, o + j + 3 * lanes);
    }
    for (; j + lanes <= n; j += lanes) {
      DoubleVector a = DoubleVector.fromArray(DOUBLES, out, o + j);
      for (int t = from; t < to; t++) {
        int k = order == null ? t : order[t];
        a = a.add(DoubleVector.broadcast(DOUBLES, values[k]).mul(DoubleVector.fromArray(DOUBLES, b, (int) idx[2 * k + cc] * n + j)));
      }
      a.intoArray(out, o + j);
    }
    for (; j < n; j++) {
      double a = out[o + j];
      for (int t = from; t < to; t++) {
        int k = order == null ? t : order[t];
        a = a + values[k] * b[(int) idx[2 * k + cc] * n + j];
      }
      out[o + j] = a;
    }
  }

  @Override
  public boolean vectorized() {
    return true;
  }
}
