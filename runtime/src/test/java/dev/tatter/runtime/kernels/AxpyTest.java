package dev.tatter.runtime.kernels;

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
  void scalarLoop_addsTheMultipleIntoTheSliceOnly() {
    float[] out = {1f, 1f, 1f, 1f, 1f};
    float[] b = {9f, 2f, 3f, 4f};
    new ScalarAxpy().floats(out, 1, b, 1, 0.5f, 3);
    // 1 + 0.5 * [2, 3, 4] in the slice out[1..4), out[0] and out[4] untouched
    assertEquals(java.util.List.of(1f, 2f, 2.5f, 3f, 1f), java.util.List.of(out[0], out[1], out[2], out[3], out[4]));
    double[] outD = {0.25, 0.25};
    new ScalarAxpy().doubles(outD, 0, new double[] {4, 8}, 0, -0.5, 2);
    assertEquals(-1.75, outD[0]);
    assertEquals(-3.75, outD[1]);
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
