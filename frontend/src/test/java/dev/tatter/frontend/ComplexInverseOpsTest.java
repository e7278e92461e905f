package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code log1p} and the inverse trigonometric and hyperbolic ops on complex64 and complex128,
 * through {@link Harness#runEverywhere}. Expected values are what NumPy 2.4's {@code np.log1p},
 * {@code np.arcsin}, ... (C99's {@code casin} and the like, as TF's kernels call them through
 * {@code () -> std.graph().ops().math.asin(std)}) give for the TF call in the comment, except where noted.
 */
class ComplexInverseOpsTest {
  private final GraphBuilder g = new GraphBuilder();
  private final Ops tf = g.ops();
  // a = [1.5-2j, complex(-0.0, 1), 3+4j, 0.25+0.1j]
  private static final Tensor A = Tensor.ofComplex128(1.5, -2, -0.0, 1, 3, 4, 0.25, 0.1);

  private List<Object> run(Value... outputs) {
    return Harness.runEverywhere(g.build(outputs), Map.of());
  }

  @Test
  void inverseFunctions_complex128_withinFourUlpOfNumPy() {
    Value a = g.constant(A);
    List<Object> out = run(tf.math.log1p(a), tf.math.asin(a), tf.math.acos(a), tf.math.atan(a), tf.math.asinh(a), tf.math.acosh(a), tf.math.atanh(a));
    // tf.math.log1p(a) ~ np.log1p(a)
    close(out.get(0), 1.1636388527922086, -0.6747409422235526, 0.3465735902799727, 0.7853981633974483,
        1.7328679513998633, 0.7853981633974483, 0.22633335479622924, 0.07982998571223732);
    // tf.math.asin(a) ~ np.arcsin(a)
    close(out.get(1), 0.6065115181997549, -1.6224941488715938, -0.0, 0.8813735870195429,
        0.6339838656391766, 2.305509031243477, 0.2513153062456803, 0.10306072584526949);
    // tf.math.acos(a) ~ np.arccos(a)
    close(out.get(2), 0.9642848085951418, 1.6224941488715938, 1.5707963267948966, -0.8813735870195429,
        0.93681246115572, -2.305509031243477, 1.3194810205492162, -0.10306072584526949);
    // tf.math.atan(a) ~ np.arctan(a): i is a pole, atan(-0+1j) = (-0+infj)
    close(out.get(3), 1.311223269671635, -0.3104282830771958, -0.0, Double.POSITIVE_INFINITY,
        1.4483069952314644, 0.15899719167999918, 0.2472117257395268, 0.09434402358702389);
    // tf.math.asinh(a) ~ np.arcsinh(a)
    close(out.get(4), 1.6004100552346137, -0.8877651461839051, -0.0, 1.5707963267948966,
        2.2999140408792695, 0.9176168533514787, 0.24861511939594497, 0.09713986537736073);
    // tf.math.acosh(a) ~ np.arccosh(a)
    close(out.get(5), 1.6224941488715938, -0.9642848085951418, 0.8813735870195429, 1.5707963267948966,
        2.305509031243477, 0.93681246115572, 0.10306072584526949, 1.3194810205492162);
    // tf.math.atanh(a) ~ np.arctanh(a)
    close(out.get(6), 0.22008968066202295, -1.2452579660726568, -0.0, 0.7853981633974483,
        0.1175009073114339, 1.4099210495965755, 0.25260231328655025, 0.10619075900445568);
  }

  @Test
  void branchCuts_theSignOfAZeroImaginaryPartPicksTheSide() {
    // z = [2+0j, complex(2, -0.0), -1+0j]: 2 lies on the cuts of asin, acos, atanh; -1 on acosh's and log1p's pole
    Value z = g.constant(Tensor.ofComplex128(2, 0, 2, -0.0, -1, 0));
    List<Object> out = run(tf.math.asin(z), tf.math.acos(z), tf.math.atanh(z), tf.math.acosh(z), tf.math.log1p(g.constant(Tensor.ofComplex128(2, 0))), tf.math.asinh(z),
        tf.math.atan(z));
    // np.arcsin(z) -> [(1.5707963267948966+1.3169578969248166j), (1.5707963267948966-1.3169578969248166j), (-1.5707963267948966+0j)]
    close(out.get(0), 1.5707963267948966, 1.3169578969248166, 1.5707963267948966, -1.3169578969248166, -1.5707963267948966, 0);
    // np.arccos(z) -> [-1.3169578969248166j, 1.3169578969248166j, (3.141592653589793-0j)]
    close(out.get(1), 0, -1.3169578969248166, 0, 1.3169578969248166, 3.141592653589793, -0.0);
    // np.arctanh(z) -> [(0.5493061443340549+1.5707963267948966j), (0.5493061443340549-1.5707963267948966j), (-inf+0j)]
    close(out.get(2), 0.5493061443340549, 1.5707963267948966, 0.5493061443340549, -1.5707963267948966,
        Double.NEGATIVE_INFINITY, 0);
    // np.arccosh(z) -> [(1.3169578969248166+0j), (1.3169578969248166-0j), 3.141592653589793j]
    close(out.get(3), 1.3169578969248166, 0, 1.3169578969248166, -0.0, 0, 3.141592653589793);
    // np.log1p(2+0j) -> (1.0986122886681098+0j). log1p has no cut at 2, and Eigen's formula divides and
    // multiplies there, so the sign of a zero imaginary part (and the pole at -1) is not C99's: see SEMANTICS
    close(out.get(4), 1.0986122886681098, 0);
    // np.arcsinh(z) -> [(1.4436354751788103+0j), (1.4436354751788103-0j), (-0.8813735870195429+0j)]
    close(out.get(5), 1.4436354751788103, 0, 1.4436354751788103, -0.0, -0.8813735870195429, 0);
    // np.arctan(z) -> [(1.1071487177940904+0j), (1.1071487177940904-0j), (-0.7853981633974483+0j)]
    close(out.get(6), 1.1071487177940904, 0, 1.1071487177940904, -0.0, -0.7853981633974483, 0);
  }

  @Test
  void log1p_keepsTheDigitsOfTinyOperands() {
    // tf.math.log1p(1e-20+1e-20j): Eigen's x * (log(1 + x) / ((1 + x) - 1)) is z - z^2/2 + ... = (1e-20+1e-20j)
    // to the last digit (NumPy 2.4's np.log1p gives 1e-20j here: it loses the real part); asin, asinh,
    // atan, atanh of it are z to double precision (np.arcsin(z) -> (1e-20+1e-20j))
    Value z = g.constant(Tensor.ofComplex128(1e-20, 1e-20));
    List<Object> out = run(tf.math.log1p(z), tf.math.asin(z), tf.math.asinh(z), tf.math.atan(z), tf.math.atanh(z));
    for (Object o : out) {
      close(o, 1e-20, 1e-20);
    }
  }

  @Test
  void complex64_andRaggedOperands() {
    // tf.math.asin(tf.ragged.constant([[1.5-2j], [], [0.25+0.1j]], tf.complex64)).flat_values
    //   ~ np.arcsin(np.array([1.5-2j, 0.25+0.1j], np.complex64)) -> [(0.60651153-1.6224941j), (0.2513153+0.10306073j)]
    Value values = g.constant(Tensor.ofComplex64(1.5f, -2, 0.25f, 0.1f));
    Value r = g.raggedFromRowSplits(values, g.constant(Tensor.ofLongs(0, 1, 1, 2)));
    List<Object> out = run(tf.math.asin(r).flatValues(), tf.math.atanh(values), tf.math.log1p(values));
    closeFloat(out.get(0), 0.6065115332603455, -1.622494101524353, 0.25131529569625854, 0.10306072980165482);
    // np.arctanh(...) -> [(0.22008969-1.245258j), (0.2526023+0.10619076j)]
    closeFloat(out.get(1), 0.22008968889713287, -1.2452579736709595, 0.25260230898857117, 0.1061907559633255);
    // np.log1p(...) -> [(1.1636388-0.67474097j), (0.22633336+0.07982998j)]
    closeFloat(out.get(2), 1.1636388301849365, -0.6747409701347351, 0.2263333648443222, 0.07982998341321945);
    assertEquals("complex64", ((Tensor) out.get(0)).dtype().toString());
  }

  /** Each part within 4 ulp of the expected parts (interleaved); an expected zero or infinity must match with its sign. */
  static void close(Object value, double... expected) {
    double[] got = ((Tensor) value).toInterleavedArray();
    assertEquals(expected.length, got.length);
    for (int i = 0; i < got.length; i++) {
      boolean ok = expected[i] == 0 || Double.isInfinite(expected[i])
          ? Double.compare(got[i], expected[i]) == 0
          : Math.abs(got[i] - expected[i]) <= 4 * Math.ulp(expected[i]);
      assertTrue(ok, "part " + i + ": got " + got[i] + ", expected " + expected[i] + " in " + value);
    }
  }

  private static void closeFloat(Object value, double... expected) {
    double[] got = ((Tensor) value).toInterleavedArray();
    assertEquals(expected.length, got.length);
    for (int i = 0; i < got.length; i++) {
      assertTrue(Math.abs(got[i] - expected[i]) <= 2 * Math.ulp((float) expected[i]),
          "part " + i + ": got " + got[i] + ", expected " + expected[i] + " in " + value);
    }
  }
}
