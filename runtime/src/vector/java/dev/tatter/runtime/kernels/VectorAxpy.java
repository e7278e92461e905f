package dev.tatter.runtime.kernels;

import jdk.incubator.vector.DoubleVector;
import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * {@link Axpy} on the JDK's Vector API (incubator module {@code jdk.incubator.vector}): whole
 * vectors of the platform's preferred width, then a scalar tail. Each lane computes {@code out +
 * v * b} with the scalar loop's operands in the scalar loop's order, one rounding per operation,
 * so the result is {@link ScalarAxpy}'s bit for bit. Loaded by name by {@link Axpy.Selection}
 * only when the module is in the boot layer; never referenced directly.
 */
final class VectorAxpy implements Axpy {
  private static final VectorSpecies<Float> FLOATS = FloatVector.SPECIES_PREFERRED;
  private static final VectorSpecies<Double> DOUBLES = DoubleVector.SPECIES_PREFERRED;

  @Override
  public void floats(float[] out, int o, float[] b, int bb, float v, int n) {
    FloatVector scale = FloatVector.broadcast(FLOATS, v);
    int j = 0;
    for (int bound = FLOATS.loopBound(n); j < bound; j += FLOATS.length()) {
      FloatVector sum = FloatVector.fromArray(FLOATS, out, o + j).add(scale.mul(FloatVector.fromArray(FLOATS, b, bb + j)));
      sum.intoArray(out, o + j);
    }
    for (; j < n; j++) {
      out[o + j] = out[o + j] + v * b[bb + j];
    }
  }

  @Override
  public void doubles(double[] out, int o, double[] b, int bb, double v, int n) {
    DoubleVector scale = DoubleVector.broadcast(DOUBLES, v);
    int j = 0;
    for (int bound = DOUBLES.loopBound(n); j < bound; j += DOUBLES.length()) {
      DoubleVector sum = DoubleVector.fromArray(DOUBLES, out, o + j).add(scale.mul(DoubleVector.fromArray(DOUBLES, b, bb + j)));
      sum.intoArray(out, o + j);
    }
    for (; j < n; j++) {
      out[o + j] = out[o + j] + v * b[bb + j];
    }
  }

  @Override
  public boolean vectorized() {
    return true;
  }
}
