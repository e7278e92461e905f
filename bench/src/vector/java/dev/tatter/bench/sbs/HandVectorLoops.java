package dev.tatter.bench.sbs;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * W5b's hand loop on the JDK's Vector API, the floor for Tatter's vectorised {@code
 * sparse_dense_matmul}: what a Java programmer who knows the Vector API writes for row-sorted
 * indices. The same first pass as {@link HandLoops#sparseDenseMatmul} (sorted, in bounds), then per
 * output row: its block of four vectors held in registers while every nonzero of the row adds its
 * multiple of a dense row, stored once; single vectors and scalar columns for the rest. Loaded by
 * name ({@link HandLoops#VECTOR_MATMUL}) only when the JVM has {@code jdk.incubator.vector}; compiled
 * by the bench module's second compiler execution, which adds the module.
 */
final class HandVectorLoops implements HandLoops.Matmul {
  private static final VectorSpecies<Float> S = FloatVector.SPECIES_PREFERRED;

  @Override
  public float[] run(long[] indices, float[] values, int rows, float[] dense, int cols) {
    long inner = dense.length / cols;
    long previous = 0;
    for (int k = 0; k < values.length; k++) {
      long r = indices[2 * k];
      long c = indices[2 * k + 1];
      if (r < previous || r >= rows || c < 0 || c >= inner) {
        throw new IllegalArgumentException("indices[" + k + "] unsorted or out of bounds");
      }
      previous = r;
    }
    float[] out = new float[Math.multiplyExact(rows, cols)];
    int lanes = S.length();
    int nnz = values.length;
    for (int from = 0, to; from < nnz; from = to) {
      long row = indices[2 * from];
      to = from + 1;
      while (to < nnz && indices[2 * to] == row) {
        to++;
      }
      int o = (int) row * cols;
      int j = 0;
      for (; j + 4 * lanes <= cols; j += 4 * lanes) {
        FloatVector a0 = FloatVector.zero(S);
        FloatVector a1 = FloatVector.zero(S);
        FloatVector a2 = FloatVector.zero(S);
        FloatVector a3 = FloatVector.zero(S);
        for (int k = from; k < to; k++) {
          FloatVector v = FloatVector.broadcast(S, values[k]);
          int b = (int) indices[2 * k + 1] * cols + j;
          a0 = a0.add(v.mul(FloatVector.fromArray(S, dense, b)));
          a1 = a1.add(v.mul(FloatVector.fromArray(S, dense, b + lanes)));
          a2 = a2.add(v.mul(FloatVector.fromArray(S, dense, b + 2 * lanes)));
          a3 = a3.add(v.mul(FloatVector.fromArray(S, dense, b + 3 * lanes)));
        }
        a0.intoArray(out, o + j);
        a1.intoArray(out, o + j + lanes);
        a2.intoArray(out, o + j + 2 * lanes);
        a3.intoArray(out, o + j + 3 * lanes);
      }
      for (; j + lanes <= cols; j += lanes) {
        FloatVector a = FloatVector.zero(S);
        for (int k = from; k < to; k++) {
          a = a.add(FloatVector.broadcast(S, values[k]).mul(FloatVector.fromArray(S, dense, (int) indices[2 * k + 1] * cols + j)));
        }
        a.intoArray(out, o + j);
      }
      for (; j < cols; j++) {
        float a = 0f;
        for (int k = from; k < to; k++) {
          a += values[k] * dense[(int) indices[2 * k + 1] * cols + j];
        }
        out[o + j] = a;
      }
    }
    return out;
  }
}
