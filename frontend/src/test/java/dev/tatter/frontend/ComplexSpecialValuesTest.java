package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Complex {@code exp} on infinite, NaN, signed-zero and subnormal parts, through {@link
 * Harness#runEverywhere} (interpreter, bytecode and the printed-and-parsed graph agree bit for
 * bit). Each expected value is TF 2.18's {@code tf.math.exp} on the same operand, as the -Ptf
 * ComplexSpecialValuesOracleTest measures it; the C99 Annex G rule is named where it agrees.
 */
class ComplexSpecialValuesTest {
  private final GraphBuilder g = new GraphBuilder();
  private final Ops tf = g.ops();

  private Tensor exp(Tensor z) {
    Value v = g.placeholder("z", Types.dense(z.dtype(), -1));
    List<Object> out = Harness.runEverywhere(g.build(tf.math.exp(v)), Map.of("z", z));
    return (Tensor) out.get(0);
  }

  private static void parts(Tensor t, double... expected) {
    for (int i = 0; i < t.size(); i++) {
      assertEquals(expected[2 * i], t.real(i), "re " + i);
      assertEquals(expected[2 * i + 1], t.imag(i), "im " + i);
      // assertEquals on doubles treats 0.0 and -0.0 as different and NaN as equal to NaN, as wanted
    }
  }

  @Test
  void exp_complex128_infinitiesAndNaN() {
    double inf = Double.POSITIVE_INFINITY, nan = Double.NaN;
    Tensor z = Tensor.ofComplex128(inf, inf, inf, -inf, inf, nan, -inf, inf, -inf, -inf, -inf, nan, -inf, 1, inf, -0.0, nan, 0.0);
    parts(exp(z),
        // tf.math.exp(complex(inf, inf)): (inf+nanj); Annex G: cexp(+inf+i inf) = ±inf + i NaN
        inf, nan,
        // tf.math.exp(complex(inf, -inf)): (inf+nanj), as above
        inf, nan,
        // tf.math.exp(complex(inf, nan)): (inf+nanj); Annex G: cexp(+inf+i NaN) = ±inf + i NaN
        inf, nan,
        // tf.math.exp(complex(-inf, inf)): 0j; Annex G: cexp(-inf+i inf) = ±0 ± i0
        0.0, 0.0,
        // tf.math.exp(complex(-inf, -inf)): (0-0j)
        0.0, -0.0,
        // tf.math.exp(complex(-inf, nan)): 0j; Annex G: cexp(-inf+i NaN) = ±0 ± i0
        0.0, 0.0,
        // tf.math.exp(complex(-inf, 1)): +0 cis(1), Annex G: +0 (cos y + i sin y)
        0.0, 0.0,
        // tf.math.exp(complex(inf, -0.0)): (inf-0j); Annex G: cexp(+inf-i0) = +inf-i0
        inf, -0.0,
        // tf.math.exp(complex(nan, 0)): (nan+0j); Annex G: cexp(NaN+i0) = NaN+i0
        nan, 0.0);
  }

  @Test
  void exp_complex64_subnormalImaginaryPartsAreZero() {
    float tiny = 1e-38f; // below Float.MIN_NORMAL: TF's threads treat it as 0 in cos and sin
    float inf = Float.POSITIVE_INFINITY;
    Tensor z = Tensor.ofComplex64(0f, tiny, 1f, tiny, 3e38f, tiny, inf, -inf, inf, inf, -inf, 1f);
    parts(exp(z),
        // tf.math.exp(complex(0, 1e-38)) in complex64: (1+0j)
        1.0, 0.0,
        // tf.math.exp(complex(1, 1e-38)): (2.7182817+0j)
        (float) Math.E, 0.0,
        // tf.math.exp(complex(3e38, 1e-38)): (inf+nanj), inf * sin(0)
        Double.POSITIVE_INFINITY, Double.NaN,
        // tf.math.exp(complex(inf, -inf)) in complex64: (-inf+nanj), the infinity takes y's sign
        Double.NEGATIVE_INFINITY, Double.NaN,
        // tf.math.exp(complex(inf, inf)): (inf+nanj)
        Double.POSITIVE_INFINITY, Double.NaN,
        // tf.math.exp(complex(-inf, 1)): 0j
        0.0, 0.0);
  }

  @Test
  void pow_complex128_annexGProductRecoversInfinities() {
    double inf = Double.POSITIVE_INFINITY;
    Value x = g.placeholder("x", Types.dense(dev.tatter.runtime.DType.COMPLEX128, -1));
    Value y = g.placeholder("y", Types.dense(dev.tatter.runtime.DType.COMPLEX128, -1));
    List<Object> out = Harness.runEverywhere(g.build(x.pow(y)),
        Map.of("x", Tensor.ofComplex128(1.7e308, 0, 1, 0), "y", Tensor.ofComplex128(-inf, inf, 3, 0)));
    parts((Tensor) out.get(0),
        // tf.math.pow(complex(1.7e308, 0), complex(-inf, inf)): 0j. cexp(y * clog(x)), where Annex G's
        // product (-inf+infj)(709.78+0j) is -inf+infj (the plain product gives nan+nanj), and
        // cexp(-inf + i inf) is ±0 ± 0i
        0.0, 0.0,
        // tf.math.pow(complex(1, 0), complex(3, 0)): 1+0j; Annex G: clog(1+0i) = +0+0i exactly, cexp(+0+0i) = 1+0i
        1.0, 0.0);
  }

  @Test
  void sign_isEigensVectorizedPsign() {
    // TF's Sign on 16 or more complex values (every element but the last few) runs Eigen's psign: each part over
    // l = max * sqrt(1 + (min / max)^2) of |re|, |im|, zero where max is zero; SSE's max and min keep their first
    // operand when one is NaN, so a NaN part leaves the other part's own quotient
    float nan = Float.NaN, inf = Float.POSITIVE_INFINITY;
    Value z64 = g.placeholder("z64", Types.dense(dev.tatter.runtime.DType.COMPLEX64, -1));
    Value z128 = g.placeholder("z128", Types.dense(dev.tatter.runtime.DType.COMPLEX128, -1));
    List<Object> out = Harness.runEverywhere(g.build(g.ops().math.sign(z64), g.ops().math.sign(z128)), Map.of(
        "z64", Tensor.ofComplex64(nan, 0f, 0f, nan, inf, 0f, -0f, -0f, 3e38f, 3e38f, 1e30f, 1e30f),
        "z128", Tensor.ofComplex128(Double.NaN, 0, 0, Double.NaN, 1e154, 1e154, 1e155, 1)));
    parts((Tensor) out.get(0),
        // tf.math.sign(tf.complex([nan] * 16, [0.] * 16))[0] -> (nan+0j)
        nan, 0,
        // tf.math.sign(tf.complex([0.] * 16, [nan] * 16))[0] -> nanj
        0, nan,
        // tf.math.sign(tf.complex([inf] * 16, [0.] * 16))[0] -> (nan+0j)
        nan, 0,
        // tf.math.sign(tf.complex([-0.] * 16, [-0.] * 16))[0] -> 0j
        0, 0,
        // tf.math.sign(tf.complex([3e38] * 16, [3e38] * 16))[0] -> 0j (l overflows)
        0, 0,
        // tf.math.sign(tf.complex([1e30] * 16, [1e30] * 16))[0] -> (0.7071068+0.7071068j)
        0.7071068f, 0.7071068f);
    parts((Tensor) out.get(1),
        // tf.math.sign(tf.complex([nan] * 4, [0.] * 4))[0], complex128 -> (nan+0j)
        Double.NaN, 0,
        // tf.math.sign(tf.complex([0.] * 4, [nan] * 4))[0] -> nanj
        0, Double.NaN,
        // tf.math.sign(tf.complex([1e154] * 4, [1e154] * 4))[0] -> (0.7071067811865474+0.7071067811865474j)
        0.7071067811865474, 0.7071067811865474,
        // tf.math.sign(tf.complex([1e155] * 4, [1.] * 4))[0] -> (1+1e-155j)
        1, 1e-155);
  }

  @Test
  void log_ofHugeParts_isFinite() {
    Value z = g.placeholder("z", Types.dense(dev.tatter.runtime.DType.COMPLEX64, -1));
    Tensor out = (Tensor) Harness.runEverywhere(g.build(g.ops().math.log(z)), Map.of("z", Tensor.ofComplex64(1e30f, 1e30f, 3e38f, 3e38f))).get(0);
    // tf.math.log(tf.complex([1e30], [1e30])) (one element: TF's scalar path) -> (69.424126+0.7853982j); TF's
    // vectorized path gives nan+0.7853982j (its |z| squares the parts in float: docs/SEMANTICS.md)
    assertEquals(69.424126f, (float) out.real(0));
    assertEquals(0.7853982f, (float) out.imag(0));
    // C99's clogf(3e38+3e38i) = 88.94342+0.7853982i; TF's scalar path overflows hypotf to inf (inf+0.7853982j)
    assertEquals(88.94342f, (float) out.real(1));
    assertEquals(0.7853982f, (float) out.imag(1));
  }
}
