package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * erf and erfc through builder, text IR, interpreter, optimizer and bytecode ({@link
 * Harness#runEverywhere}), against the exact values (Abramowitz and Stegun table 7.1 / DLMF 7,
 * to 25 digits; TF's Erf and Erfc give them within the ulps the -Ptf MathOracleTest measures,
 * docs/SEMANTICS.md). float32 results are the exact value rounded once; float64 results are
 * within the bound stated in docs/SEMANTICS.md of it.
 */
class ErrorFunctionsTest {
  private static final double[] X = {1e-5, 0.1, 0.5, 1, 1.5, 2, 3, 5, -1, -0.5};
  private static final String[] ERF = {"0.00001128379167057900027298965", "0.1124629160182848984047123", "0.5204998778130465376827467",
      "0.8427007929497148693412206", "0.9661051464753107270669763", "0.9953222650189527341620693", "0.9999779095030014145586272",
      "0.9999999999984625402055720", "-0.8427007929497148693412206", "-0.5204998778130465376827467"};
  private static final String[] ERFC = {"0.9999887162083294209997270", "0.8875370839817151015952877", "0.4795001221869534623172533",
      "0.1572992070502851306587794", "0.03389485352468927293302374", "0.004677734981047265837930744",
      "0.00002209049699858544137277613", "1.537459794428034850188343E-12", "1.842700792949714869341221", "1.520499877813046537682747"};
  /** The float64 bounds docs/SEMANTICS.md states against the exact values. */
  private static final long ERF_F64_ULPS = 1;
  private static final long ERFC_F64_ULPS = 1;

  private static List<Object> run(DType dtype, Tensor x) {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value v = g.placeholder("x", Types.dense(dtype, -1));
    return Harness.runEverywhere(g.build(tf.math.erf(v), tf.math.erfc(v)), Map.of("x", x));
  }

  @Test
  void float64_isWithinItsBoundOfTheExactValues() {
    List<Object> out = run(DType.FLOAT64, Tensor.ofDoubles(X));
    for (int i = 0; i < X.length; i++) {
      assertUlps(new BigDecimal(ERF[i]).doubleValue(), ((Tensor) out.get(0)).getDouble(i), ERF_F64_ULPS, "erf(" + X[i] + ")");
      assertUlps(new BigDecimal(ERFC[i]).doubleValue(), ((Tensor) out.get(1)).getDouble(i), ERFC_F64_ULPS, "erfc(" + X[i] + ")");
    }
    // erfc(10) = 2.088487583762544757e-45 (DLMF 7.12's asymptotic series converges there): far below 1 - erf's reach
    Tensor tail = (Tensor) run(DType.FLOAT64, Tensor.ofDoubles(10)).get(1);
    assertUlps(2.088487583762544757e-45, tail.getDouble(0), ERFC_F64_ULPS, "erfc(10)");
  }

  @Test
  void float32_isTheExactValueRoundedOnce() {
    float[] x = new float[X.length];
    for (int i = 0; i < X.length; i++) {
      x[i] = (float) X[i];
    }
    List<Object> out = run(DType.FLOAT32, Tensor.ofFloats(x));
    for (int i = 0; i < X.length; i++) {
      if ((double) x[i] != X[i]) {
        continue; // 1e-5, 0.1: the float argument is another number
      }
      assertEquals(new BigDecimal(ERF[i]).floatValue(), ((Tensor) out.get(0)).getDouble(i), 0.0, "erf(" + X[i] + ")");
      assertEquals(new BigDecimal(ERFC[i]).floatValue(), ((Tensor) out.get(1)).getDouble(i), 0.0, "erfc(" + X[i] + ")");
    }
  }

  @Test
  void edgeValues_asTf() {
    List<Object> out = run(DType.FLOAT32, Tensor.ofFloats(0f, -0f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.NaN,
        30f, -30f, 1e-40f));
    // tf.math.erf([0., -0., inf, -inf, nan, 30., -30., 1e-40]) -> [0., -0., 1., -1., nan, 1., -1., 1.1283792e-40 (TF flushes it to 0)]
    Tensor erf = (Tensor) out.get(0);
    assertEquals("[0.0, -0.0, 1.0, -1.0, NaN, 1.0, -1.0]", List.of(erf.get(0), erf.get(1), erf.get(2), erf.get(3), erf.get(4),
        erf.get(5), erf.get(6)).toString());
    assertTrue(erf.getDouble(7) > 0, "a subnormal argument keeps its IEEE result (docs/SEMANTICS.md)");
    // tf.math.erfc([0., -0., inf, -inf, nan, 30., -30., 1e-40]) -> [1., 1., 0., 2., nan, 0., 2., 1.]
    Tensor erfc = (Tensor) out.get(1);
    assertEquals("[1.0, 1.0, 0.0, 2.0, NaN, 0.0, 2.0, 1.0]", List.of(erfc.get(0), erfc.get(1), erfc.get(2), erfc.get(3), erfc.get(4),
        erfc.get(5), erfc.get(6), erfc.get(7)).toString());
  }

  @Test
  void halfFloatsAndRaggedOperands() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value r = g.placeholder("r", Types.ragged(DType.FLOAT16, 1));
    RaggedTensor rt = RaggedTensor.of(Tensor.ofFloat16(0.5f, 1f, -2f), RowPartition.fromRowSplits(new long[] {0, 2, 3}, DType.INT64, true));
    List<Object> out = Harness.runEverywhere(g.build(tf.math.erf(r), tf.math.erfc(r)), Map.of("r", rt));
    // tf.math.erf(tf.ragged.constant([[0.5, 1.], [-2.]], tf.float16)) -> [[0.5205, 0.8428], [-0.9953]] (the exact values rounded to float16)
    Tensor erf = ((RaggedTensor) out.get(0)).flatValues();
    Tensor erfc = ((RaggedTensor) out.get(1)).flatValues();
    float[] exactErf = {0.5204998778f, 0.8427007929f, -0.9953222650f};
    float[] exactErfc = {0.4795001222f, 0.1572992071f, 1.9953222650f};
    for (int i = 0; i < 3; i++) {
      assertEquals(dev.tatter.runtime.HalfFloats.roundToFloat16(exactErf[i]), erf.getDouble(i), 0.0, "erf float16 at " + i);
      assertEquals(dev.tatter.runtime.HalfFloats.roundToFloat16(exactErfc[i]), erfc.getDouble(i), 0.0, "erfc float16 at " + i);
    }
  }

  private static void assertUlps(double exact, double got, long bound, String what) {
    long d = Math.abs(Double.doubleToRawLongBits(exact) - Double.doubleToRawLongBits(got));
    assertTrue(Math.signum(exact) == Math.signum(got) && d <= bound, what + ": exact " + exact + ", Tatter " + got + " (" + d + " ulp)");
  }
}
