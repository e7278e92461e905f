package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * lgamma and digamma through builder, text IR, interpreter, optimizer and bytecode ({@link
 * Harness#runEverywhere}) against TF 2.18's Lgamma and Digamma kernels: the expected values are
 * what TF Java 1.1.0 printed for these arguments, and each result must be within the bound
 * docs/SEMANTICS.md states for the op and dtype (specials exactly).
 */
class GammaFunctionsTest {
  private static final double INF = Double.POSITIVE_INFINITY;
  private static final double NAN = Double.NaN;

  private static List<Object> run(DType dtype, Tensor x) {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value v = g.placeholder("x", Types.dense(dtype, -1));
    return Harness.runEverywhere(g.build(tf.math.lgamma(v), tf.math.digamma(v)), Map.of("x", x));
  }

  @Test
  void float64_isWithinItsBoundOfTf() {
    double[] x = {0.5, 1.5, 2.5, 4.5, 10, 100.5, 1e10, 1e-10, 0.1, 30, 1.4616321449683622, -0.5, -2.5, -5.6, -2.4570247382208006};
    // tf.math.lgamma(tf.constant(x, tf.float64))
    double[] lgamma = {0.5723649429247001, -0.12078223763524522, 0.2846828704729192, 2.4537365708424423, 12.80182748008147,
        361.4355404677776, 2.2025850928881058E11, 23.025850929882736, 2.2527126517342055, 71.25703896716801,
        -0.12148629053584961, 1.2655121234846454, -0.05624371649767407, -4.647768379503614, 5.619192358950097E-17};
    // tf.math.digamma(tf.constant(x, tf.float64))
    double[] digamma = {-1.9635100260214227, 0.03648997397857645, 0.7031566406452434, 1.388870926359529, 2.2517525890667214,
        4.605174352581845, 23.025850929890456, -1.0000000000577215E10, -10.423754940411076, 3.384438132685525,
        -4.440892098500626E-16, 0.03648997397857645, 1.1031566406452433, 0.7886380173939711, 1.5156034480216576};
    List<Object> out = run(DType.FLOAT64, Tensor.ofDoubles(x));
    for (int i = 0; i < x.length; i++) {
      // the last argument is the double nearest lgamma's first negative zero, where lgamma cancels
      assertUlps(lgamma[i], ((Tensor) out.get(0)).getDouble(i), 2, "lgamma(" + x[i] + ")");
      assertUlps(digamma[i], ((Tensor) out.get(1)).getDouble(i), 4, "digamma(" + x[i] + ")");
    }
  }

  @Test
  void float32_isWithinItsBoundOfTf() {
    float[] x = {0.5f, 1.5f, 2.5f, 4.5f, 10, 100.5f, 0.1f, 30, -0.5f, -2.5f, -5.6f};
    // tf.math.lgamma(tf.constant(x))
    float[] lgamma = {0.5723649f, -0.120782234f, 0.28468287f, 2.4537368f, 12.801827f, 361.43552f, 2.2527127f, 71.25704f,
        1.2655121f, -0.056243714f, -4.6477685f};
    // tf.math.digamma(tf.constant(x))
    float[] digamma = {-1.9635108f, 0.036489964f, 0.7031568f, 1.3888711f, 2.2517526f, 4.605174f, -10.423755f, 3.3844383f,
        0.036489964f, 1.1031568f, 0.7886394f};
    List<Object> out = run(DType.FLOAT32, Tensor.ofFloats(x));
    for (int i = 0; i < x.length; i++) {
      assertFloatUlps(lgamma[i], (float) ((Tensor) out.get(0)).getDouble(i), 3, "lgamma(" + x[i] + ")");
      assertFloatUlps(digamma[i], (float) ((Tensor) out.get(1)).getDouble(i), 64, "digamma(" + x[i] + ")");
    }
  }

  @Test
  void poles_zerosAndSpecials_asTf() {
    double[] x = {0.0, -0.0, 1, 2, -4, -30, INF, Double.NEGATIVE_INFINITY, NAN};
    List<Object> out = run(DType.FLOAT64, Tensor.ofDoubles(x));
    // tf.math.lgamma([0., -0., 1., 2., -4., -30., inf, -inf, nan]) -> [inf, inf, 0., 0., inf, inf, inf, inf, nan]
    assertEquals(Tensor.ofDoubles(INF, INF, 0.0, 0.0, INF, INF, INF, INF, NAN), out.get(0));
    assertEquals(0L, Double.doubleToRawLongBits(((Tensor) out.get(0)).getDouble(2)), "lgamma(1) is +0.0");
    // tf.math.digamma([0., -0., 1., 2., -4., -30., inf, -inf, nan]) -> [nan, nan, -0.5772156649015323, 0.42278433509846747,
    //   nan, nan, inf, nan, nan]
    Tensor digamma = (Tensor) out.get(1);
    assertEquals(Tensor.ofDoubles(NAN, NAN, digamma.getDouble(2), digamma.getDouble(3), NAN, NAN, INF, NAN, NAN), digamma);
    assertUlps(-0.5772156649015323, digamma.getDouble(2), 4, "digamma(1)");
    assertUlps(0.42278433509846747, digamma.getDouble(3), 4, "digamma(2)");
  }

  @Test
  void float16AndRaggedOperands() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value r = g.placeholder("r", Types.ragged(DType.FLOAT16, 1));
    RaggedTensor rt = RaggedTensor.of(Tensor.ofFloat16(0.5f, 3f, -0.5f), RowPartition.fromRowSplits(new long[] {0, 2, 3}, DType.INT64, true));
    List<Object> out = Harness.runEverywhere(g.build(tf.math.lgamma(r), tf.math.digamma(r)), Map.of("r", rt));
    // tf.math.lgamma(tf.ragged.constant([[0.5, 3.], [-0.5]], tf.float16)) -> [[0.5723, 0.6934], [1.266]]
    assertEquals(Tensor.ofFloat16(0.5723649f, 0.6931472f, 1.2655121f), ((RaggedTensor) out.get(0)).flatValues());
    // tf.math.digamma(tf.ragged.constant([[0.5, 3.], [-0.5]], tf.float16)) -> [[-1.964, 0.9229], [0.03650]]
    assertEquals(Tensor.ofFloat16(-1.9635108f, 0.9227842f, 0.036489964f), ((RaggedTensor) out.get(1)).flatValues());
  }

  @Test
  void bfloat16AndIntegers_areRefusedAsTfRegistersNoKernel() {
    GraphBuilder g = new GraphBuilder();
    Value b = g.placeholder("b", Types.dense(DType.BFLOAT16, -1));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> b.graph().ops().math.lgamma(b));
    assertTrue(e.getMessage().contains("lgamma is not defined on bfloat16"), e.getMessage());
    Value i = g.placeholder("i", Types.dense(DType.INT32, -1));
    e = assertThrows(GraphBuildException.class, () -> i.graph().ops().math.digamma(i));
    assertTrue(e.getMessage().contains("digamma is not defined on int32"), e.getMessage());
  }

  private static void assertUlps(double tf, double got, long bound, String what) {
    long d = Math.abs(Double.doubleToRawLongBits(tf) - Double.doubleToRawLongBits(got));
    assertTrue(Math.signum(tf) == Math.signum(got) && d <= bound, what + ": TF " + tf + ", Tatter " + got + " (" + d + " ulp)");
  }

  private static void assertFloatUlps(float tf, float got, long bound, String what) {
    long d = Math.abs((long) Float.floatToRawIntBits(tf) - Float.floatToRawIntBits(got));
    assertTrue(Math.signum(tf) == Math.signum(got) && d <= bound, what + ": TF " + tf + ", Tatter " + got + " (" + d + " ulp)");
  }
}
