package dev.tatter.runtime.kernels.sparse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The scalar {@link Axpy}, chosen when the JVM runs without {@code jdk.incubator.vector} (this test run). */
class AxpyTest {
  @Test
  void withoutTheVectorModule_theScalarLoopIsSelected() {
    // the default surefire run has no such module; VectorAxpyTest's run adds it
    assumeFalse(ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent());
    assertFalse(Axpy.SELECTED.vectorized());
  }

  @Test
  void scalarLoop_addsEachTermsMultipleIntoTheSliceOnly_inTermOrder() {
    float[] out = {1f, 1f, 1f, 1f, 1f};
    float[] b = {9f, 2f, 3f, 4f, 5f, 6f}; // dense rows of n = 3: [9, 2, 3], [4, 5, 6]
    long[] idx = {7, 1, 7, 0}; // two terms of one output row, dense rows 1 then 0 (column cc = 1)
    new ScalarAxpy().floatRow(out, 1, b, 3, new float[] {0.5f, 2f}, idx, null, 1, 0, 2);
    // 1 + 0.5 * [4, 5, 6] + 2 * [9, 2, 3] in the slice out[1..4), out[0] and out[4] untouched
    assertEquals(java.util.List.of(1f, 21f, 7.5f, 10f, 1f), java.util.List.of(out[0], out[1], out[2], out[3], out[4]));
    double[] outD = {0.25, 0.25};
    // order {1, 0}: term 0 is nonzero 1 (value 1.0, dense row 1 = [1, 1]), then nonzero 0 (-0.5 * [4, 8])
    new ScalarAxpy().doubleRow(outD, 0, new double[] {4, 8, 1, 1}, 2, new double[] {-0.5, 1}, new long[] {0, 0, 0, 1},
        new int[] {1, 0}, 1, 0, 2);
    assertEquals(-0.75, outD[0]);
    assertEquals(-2.75, outD[1]);
  }

  @Test
  void scalarLoop_ofNoTerms_leavesTheRowAlone() {
    float[] out = {3f, 4f};
    new ScalarAxpy().floatRow(out, 0, new float[] {1f, 1f}, 2, new float[] {5f}, new long[] {0, 0}, null, 1, 1, 1);
    assertEquals(3f, out[0]);
    assertEquals(4f, out[1]);
  }

  /** Random slices with special values, shared with VectorAxpyTest. */
  static float[][] cases(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    float[] specials = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, -0f, 0f, Float.MIN_VALUE,
        Float.MAX_VALUE, -Float.MAX_VALUE, 1e-40f};
    float[][] out = new float[2][300];
    for (float[] a : out) {
      for (int i = 0; i < a.length; i++) {
        a[i] = random.nextInt(10) == 0 ? specials[random.nextInt(specials.length)]
            : (float) ((random.nextDouble() * 2 - 1) * Math.pow(2, random.nextInt(-30, 30)));
      }
    }
    return out;
  }
}
