package dev.tatter.ir.ops;

import static dev.tatter.ir.ops.ElementwiseOps.example;

import dev.tatter.ir.OpDef;
import dev.tatter.runtime.DTypeSet;
import dev.tatter.runtime.kernels.scalar.TranscendentalFunctions;

/**
 * TF's transcendental elementwise ops: roots, exponentials and logarithms, sigmoid and softplus,
 * the trigonometric and hyperbolic functions and their inverses, erf, erfc, lgamma, digamma and atan2. Each accepts the
 * dtypes TF registers its kernel for (floats and complex, softplus and atan2 floats only); the
 * element functions are {@link TranscendentalFunctions}. Ragged operands map over flat values.
 */
public final class TranscendentalOps {
  private TranscendentalOps() {}

  /** Sqrt, Exp, Log, Tanh and most others: TF's floating and complex kernels. */
  static final DTypeSet FLOAT_OR_COMPLEX = DTypeSet.FLOATING.or(DTypeSet.COMPLEX);

  /**
   * An op on floats; TF has complex kernels for most of these too, but an op declares complex only
   * where its complex overloads exist ({@link #floatOrComplex}).
   */
  private static OpDef.Builder unary(String name, String summary) {
    return ElementwiseOps.unary(name, TranscendentalFunctions.OVERLOADS, name, summary).dtypes(DTypeSet.FLOATING);
  }

  /** An op on floats and complex values (its complex overloads in {@code ComplexTranscendentals}). */
  private static OpDef.Builder floatOrComplex(String name, String summary) {
    return ElementwiseOps.unary(name, TranscendentalFunctions.OVERLOADS, name, summary).dtypes(FLOAT_OR_COMPLEX);
  }

  // tf.math.sqrt(tf.constant([4., 0., -1., -0.])) -> [2., 0., nan, -0.]
  public static final OpDef SQRT = floatOrComplex("sqrt", "the square root (TF's Sqrt); nan below zero, sqrt(-0.0) is -0.0")
      .example(example("sqrt", "float32", "float32", "4.0, 0.0, -1.0, -0.0"), "[2.0, 0.0, nan, -0.0]")
      .tfRawOps("Sqrt").tfApi("tf.math.sqrt")
      .build();
  // tf.math.rsqrt(tf.constant([4., 0.25, 0.])) -> [0.5, 2., inf]
  public static final OpDef RSQRT = floatOrComplex("rsqrt", "1 / sqrt(x) (TF's Rsqrt)")
      .example(example("rsqrt", "float32", "float32", "4.0, 0.25, 0.0"), "[0.5, 2.0, inf]")
      .tfRawOps("Rsqrt").tfApi("tf.math.rsqrt")
      .build();
  // tf.math.exp(tf.constant([0., -inf, inf], tf.float64)) -> [1., 0., inf]
  public static final OpDef EXP = floatOrComplex("exp", "e to the x (TF's Exp)")
      .example(example("exp", "float64", "float64", "0.0, -inf, inf"), "[1.0, 0.0, inf]")
      .tfRawOps("Exp").tfApi("tf.math.exp")
      .build();
  // tf.math.expm1(tf.constant([0., -inf, -0.])) -> [0., -1., -0.]
  public static final OpDef EXPM1 = floatOrComplex("expm1", "exp(x) - 1, accurate near 0 (TF's Expm1)")
      .example(example("expm1", "float32", "float32", "0.0, -inf, -0.0"), "[0.0, -1.0, -0.0]")
      .tfRawOps("Expm1").tfApi("tf.math.expm1")
      .build();
  // tf.math.log(tf.constant([1., 0., -1., inf])) -> [0., -inf, nan, inf]
  public static final OpDef LOG = floatOrComplex("log", "the natural logarithm (TF's Log); log(0) is -inf, negative gives nan")
      .example(example("log", "float32", "float32", "1.0, 0.0, -1.0, inf"), "[0.0, -inf, nan, inf]")
      .tfRawOps("Log").tfApi("tf.math.log")
      .build();
  // tf.math.log1p(tf.constant([0., -1., -2.])) -> [0., -inf, nan]
  public static final OpDef LOG1P = floatOrComplex("log1p", "log(1 + x), accurate near 0 (TF's Log1p)")
      .example(example("log1p", "float32", "float32", "0.0, -1.0, -2.0"), "[0.0, -inf, nan]")
      .tfRawOps("Log1p").tfApi("tf.math.log1p")
      .build();
  // tf.math.sigmoid(tf.constant([0., -inf, inf, nan])) -> [0.5, 0., 1., nan]
  public static final OpDef SIGMOID = floatOrComplex("sigmoid", "1 / (1 + exp(-x)) (TF's Sigmoid)")
      .example(example("sigmoid", "float32", "float32", "0.0, -inf, inf, nan"), "[0.5, 0.0, 1.0, nan]")
      .tfRawOps("Sigmoid").tfApi("tf.math.sigmoid")
      .build();
  // tf.math.softplus(tf.constant([0., 100., -inf])) -> [0.6931472, 100., 0.]
  public static final OpDef SOFTPLUS = ElementwiseOps.unary("softplus", TranscendentalFunctions.OVERLOADS, "softplus",
          "log(exp(x) + 1) (TF's Softplus, which returns x for large x and exp(x) for very negative x)")
      .dtypes(DTypeSet.FLOATING)
      .example(example("softplus", "float32", "float32", "0.0, 100.0, -inf"), "[0.6931472, 100.0, 0.0]")
      .tfRawOps("Softplus").tfApi("tf.math.softplus")
      .build();
  // tf.nn.softsign(tf.constant([0., -0., 1., -3., inf, nan])) -> [0., -0., 0.5, -0.75, nan, nan]
  public static final OpDef SOFTSIGN = unary("softsign", "x / (|x| + 1) (TF's Softsign; inf gives nan, as TF's formula does)")
      .example(example("softsign", "float32", "float32", "0.0, -0.0, 1.0, -3.0, inf, nan"), "[0.0, -0.0, 0.5, -0.75, nan, nan]")
      .tfRawOps("Softsign").tfApi("tf.nn.softsign", "tf.math.softsign")
      .build();
  // tf.math.sin(tf.constant([0., -0., inf])) -> [0., -0., nan]
  public static final OpDef SIN = floatOrComplex("sin", "the sine, x in radians (TF's Sin)")
      .example(example("sin", "float32", "float32", "0.0, -0.0, inf"), "[0.0, -0.0, nan]")
      .tfRawOps("Sin").tfApi("tf.math.sin")
      .build();
  // tf.math.cos(tf.constant([0., inf])) -> [1., nan]
  public static final OpDef COS = floatOrComplex("cos", "the cosine (TF's Cos)")
      .example(example("cos", "float32", "float32", "0.0, inf"), "[1.0, nan]")
      .tfRawOps("Cos").tfApi("tf.math.cos")
      .build();
  // tf.math.tan(tf.constant([0., -0.])) -> [0., -0.]
  public static final OpDef TAN = floatOrComplex("tan", "the tangent (TF's Tan)")
      .example(example("tan", "float64", "float64", "0.0, -0.0"), "[0.0, -0.0]")
      .tfRawOps("Tan").tfApi("tf.math.tan")
      .build();
  // tf.math.asin(tf.constant([0., 2.])) -> [0., nan]
  public static final OpDef ASIN = floatOrComplex("asin", "the arcsine (TF's Asin); nan outside [-1, 1]")
      .example(example("asin", "float32", "float32", "0.0, 2.0"), "[0.0, nan]")
      .tfRawOps("Asin").tfApi("tf.math.asin")
      .build();
  // tf.math.acos(tf.constant([1., 2.])) -> [0., nan]
  public static final OpDef ACOS = floatOrComplex("acos", "the arccosine (TF's Acos); nan outside [-1, 1]")
      .example(example("acos", "float32", "float32", "1.0, 2.0"), "[0.0, nan]")
      .tfRawOps("Acos").tfApi("tf.math.acos")
      .build();
  // tf.math.atan(tf.constant([0., -0.], tf.float64)) -> [0., -0.]
  public static final OpDef ATAN = floatOrComplex("atan", "the arctangent (TF's Atan)")
      .example(example("atan", "float64", "float64", "0.0, -0.0"), "[0.0, -0.0]")
      .tfRawOps("Atan").tfApi("tf.math.atan")
      .build();
  // tf.math.sinh(tf.constant([0., -inf])) -> [0., -inf]
  public static final OpDef SINH = floatOrComplex("sinh", "the hyperbolic sine (TF's Sinh)")
      .example(example("sinh", "float32", "float32", "0.0, -inf"), "[0.0, -inf]")
      .tfRawOps("Sinh").tfApi("tf.math.sinh")
      .build();
  // tf.math.cosh(tf.constant([0., -inf])) -> [1., inf]
  public static final OpDef COSH = floatOrComplex("cosh", "the hyperbolic cosine (TF's Cosh)")
      .example(example("cosh", "float32", "float32", "0.0, -inf"), "[1.0, inf]")
      .tfRawOps("Cosh").tfApi("tf.math.cosh")
      .build();
  // tf.math.tanh(tf.constant([0., -inf, inf])) -> [0., -1., 1.]
  public static final OpDef TANH = floatOrComplex("tanh", "the hyperbolic tangent (TF's Tanh)")
      .example(example("tanh", "float32", "float32", "0.0, -inf, inf"), "[0.0, -1.0, 1.0]")
      .tfRawOps("Tanh").tfApi("tf.math.tanh")
      .build();
  // tf.math.asinh(tf.constant([0., -inf])) -> [0., -inf]
  public static final OpDef ASINH = floatOrComplex("asinh", "the inverse hyperbolic sine (TF's Asinh)")
      .example(example("asinh", "float32", "float32", "0.0, -inf"), "[0.0, -inf]")
      .tfRawOps("Asinh").tfApi("tf.math.asinh")
      .build();
  // tf.math.acosh(tf.constant([1., 0.])) -> [0., nan]
  public static final OpDef ACOSH = floatOrComplex("acosh", "the inverse hyperbolic cosine (TF's Acosh); nan below 1")
      .example(example("acosh", "float32", "float32", "1.0, 0.0"), "[0.0, nan]")
      .tfRawOps("Acosh").tfApi("tf.math.acosh")
      .build();
  // tf.math.atanh(tf.constant([0., 1., -1., 2.])) -> [0., inf, -inf, nan]
  public static final OpDef ATANH = floatOrComplex("atanh", "the inverse hyperbolic tangent (TF's Atanh); ±inf at ±1")
      .example(example("atanh", "float32", "float32", "0.0, 1.0, -1.0, 2.0"), "[0.0, inf, -inf, nan]")
      .tfRawOps("Atanh").tfApi("tf.math.atanh")
      .build();
  // tf.math.erf(tf.constant([0., -0., inf, -inf, nan])) -> [0., -0., 1., -1., nan]
  public static final OpDef ERF = ElementwiseOps.unary("erf", dev.tatter.runtime.kernels.scalar.ErrorFunctions.class, "erf",
          "the error function 2/sqrt(pi) * integral of exp(-t^2) from 0 to x (TF's Erf)")
      .dtypes(DTypeSet.FLOATING)
      .example(example("erf", "float32", "float32", "0.0, -0.0, inf, -inf, nan"), "[0.0, -0.0, 1.0, -1.0, nan]")
      .tfRawOps("Erf").tfApi("tf.math.erf")
      .build();
  // tf.math.erfc(tf.constant([0., inf, -inf, nan], tf.float64)) -> [1., 0., 2., nan]
  public static final OpDef ERFC = ElementwiseOps.unary("erfc", dev.tatter.runtime.kernels.scalar.ErrorFunctions.class, "erfc",
          "the complementary error function 1 - erf(x), accurate where erf(x) is near 1 (TF's Erfc)")
      .dtypes(DTypeSet.FLOATING)
      .example(example("erfc", "float64", "float64", "0.0, inf, -inf, nan"), "[1.0, 0.0, 2.0, nan]")
      .tfRawOps("Erfc").tfApi("tf.math.erfc")
      .build();
  // tf.math.lgamma(tf.constant([0., 0.5, 1., -4., -5.6])) -> [inf, 0.5723649, 0., inf, -4.6477685] (TF's docstring)
  public static final OpDef LGAMMA = ElementwiseOps.unary("lgamma", dev.tatter.runtime.kernels.scalar.GammaFunctions.class, "lgamma",
          "log |Gamma(x)| (TF's Lgamma); +inf at the poles 0, -1, -2, ... and at ±inf")
      .dtypes(DTypeSet.FLOATING.without("bfloat16"))
      .example(example("lgamma", "float32", "float32", "0.0, 0.5, 1.0, -4.0, -5.6"), "[inf, 0.5723649, 0.0, inf, -4.6477685]")
      .tfRawOps("Lgamma").tfApi("tf.math.lgamma")
      .build();
  // tf.math.digamma(tf.constant([1., 0.5, 0., -1., inf], tf.float64)) -> [-0.5772156649015323, -1.9635100260214227, nan, nan, inf]
  // (TF 2.18 on x86-64; the exact values end ...5329 and ...4235: TF's series loses a few ulp, and Tatter follows it)
  public static final OpDef DIGAMMA = ElementwiseOps.unary("digamma", dev.tatter.runtime.kernels.scalar.GammaFunctions.class, "digamma",
          "the derivative of lgamma, psi(x) (TF's Digamma); nan at 0, the negative integers and -inf, as TF's kernel")
      .dtypes(DTypeSet.FLOATING.without("bfloat16"))
      .example(example("digamma", "float64", "float64", "1.0, 0.5, 0.0, -1.0, inf"),
          "[-0.5772156649015323, -1.9635100260214227, nan, nan, inf]")
      .tfRawOps("Digamma").tfApi("tf.math.digamma")
      .build();
  // tf.math.atan2(tf.constant([0., -0., 1.]), tf.constant([1., 1., 0.])) -> [0., -0., 1.5707964]
  public static final OpDef ATAN2 = ElementwiseOps.binary("atan2", TranscendentalFunctions.OVERLOADS, "atan2",
          "the angle of the point (x = second operand, y = first), as TF's Atan2(y, x)", false)
      .dtypes(DTypeSet.FLOATING)
      .example(example("atan2", "float32", "float32", "0.0, -0.0, 1.0", "1.0, 1.0, 0.0"), "[0.0, -0.0, 1.5707964]")
      .tfRawOps("Atan2").tfApi("tf.math.atan2")
      .build();
}
