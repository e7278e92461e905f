package dev.tatter.ir.ops;

import static dev.tatter.ir.ops.ElementwiseOps.example;

import dev.tatter.ir.OpDef;
import dev.tatter.runtime.DTypeSet;
import dev.tatter.runtime.kernels.scalar.ArithmeticFunctions;
import dev.tatter.runtime.kernels.scalar.FloatClassFunctions;
import dev.tatter.runtime.kernels.scalar.RoundingFunctions;

/**
 * TF's other elementwise math: sign, square, reciprocal, the rounding ops, the float class tests
 * (is_nan, is_inf, is_finite), zeros_like/ones_like, and the binary squared_difference,
 * multiply_no_nan and nextafter. Each accepts the dtypes TF registers its kernel for.
 */
public final class MathOps {
  private MathOps() {}

  private static OpDef.Builder arithmetic(String name, String function, String summary) {
    return ElementwiseOps.unary(name, ArithmeticFunctions.OVERLOADS, function, summary);
  }

  // tf.math.sign(tf.constant([-3., -0., 0., 2., nan])) -> [-1., 0., 0., 1., nan]
  public static final OpDef SIGN = arithmetic("sign", "sign", "-1, 0 or 1 by the sign of x (TF's Sign); sign(-0.0) is 0.0, sign(nan) nan")
      .dtypes(DTypeSet.FLOATING.or(DTypeSet.COMPLEX).or(DTypeSet.SIGNED))
      .example(example("sign", "float32", "float32", "-3.0, -0.0, 0.0, 2.0, nan"), "[-1.0, 0.0, 0.0, 1.0, nan]")
      .example(example("sign", "int8", "int8", "-128, 0, 7"), "[-1, 0, 1]")
      .tfRawOps("Sign").tfApi("tf.math.sign")
      .build();
  // tf.math.square(tf.constant([65536, -3])) -> [0, 9] (int32 wraps)
  public static final OpDef SQUARE = arithmetic("square", "square", "x * x (TF's Square); integers wrap")
      .dtypes(DTypeSet.NUMERIC)
      .example(example("square", "int32", "int32", "65536, -3"), "[0, 9]")
      .tfRawOps("Square").tfApi("tf.math.square")
      .build();
  // tf.math.reciprocal(tf.constant([2., 0., -0., inf])) -> [0.5, inf, -inf, 0.]
  public static final OpDef RECIPROCAL = arithmetic("reciprocal", "reciprocal", "1 / x (TF's Reciprocal); ±inf at ±0")
      .dtypes(DTypeSet.FLOATING.or(DTypeSet.COMPLEX))
      .example(example("reciprocal", "float32", "float32", "2.0, 0.0, -0.0, inf"), "[0.5, inf, -inf, 0.0]")
      .tfRawOps("Reciprocal").tfApi("tf.math.reciprocal")
      .build();
  // tf.zeros_like(tf.constant([1.5, nan, -0.])) -> [0., 0., 0.]
  public static final OpDef ZEROS_LIKE = arithmetic("zeros_like", "zerosLike", "zeros of x's dtype and shape (TF's ZerosLike; \"\" for strings)")
      .example(example("zeros_like", "float32", "float32", "1.5, nan, -0.0"), "[0.0, 0.0, 0.0]")
      .example(example("zeros_like", "string", "string", "\"a\", \"b\""), "[b'', b'']")
      .tfRawOps("ZerosLike").tfApi("tf.zeros_like")
      .build();
  // tf.ones_like(tf.constant([True, False])) -> [True, True]
  public static final OpDef ONES_LIKE = arithmetic("ones_like", "onesLike", "ones of x's dtype and shape (TF's OnesLike)")
      .dtypes(DTypeSet.NUMERIC.or(DTypeSet.BOOL))
      .example(example("ones_like", "bool", "bool", "true, false"), "[True, True]")
      .tfRawOps("OnesLike").tfApi("tf.ones_like")
      .tfPythonLevel("tf.ones_like fills ones(shape(x), dtype) (Fill) rather than calling the OnesLike kernel, which gives 0 on uint32 "
          + "and uint64 in TF 2.18")
      .build();

  private static OpDef.Builder rounding(String name, String summary) {
    return ElementwiseOps.unary(name, RoundingFunctions.class, name, summary).dtypes(DTypeSet.FLOATING);
  }

  // tf.math.floor(tf.constant([1.5, -1.5, -0.])) -> [1., -2., -0.]
  public static final OpDef FLOOR = rounding("floor", "the largest integer not above x (TF's Floor)")
      .example(example("floor", "float32", "float32", "1.5, -1.5, -0.0"), "[1.0, -2.0, -0.0]")
      .tfRawOps("Floor").tfApi("tf.math.floor")
      .build();
  // tf.math.ceil(tf.constant([1.5, -1.5, -0.5])) -> [2., -1., -0.]
  public static final OpDef CEIL = rounding("ceil", "the smallest integer not below x (TF's Ceil)")
      .example(example("ceil", "float32", "float32", "1.5, -1.5, -0.5"), "[2.0, -1.0, -0.0]")
      .tfRawOps("Ceil").tfApi("tf.math.ceil")
      .build();
  // tf.math.round(tf.constant([0.5, 1.5, 2.5, -0.5, -2.5])) -> [0., 2., 2., -0., -2.]
  public static final OpDef ROUND = rounding("round", "the nearest integer, half to even (tf.math.round); integers unchanged")
      .dtypes(DTypeSet.REAL)
      .example(example("round", "float32", "float32", "0.5, 1.5, 2.5, -0.5, -2.5"), "[0.0, 2.0, 2.0, -0.0, -2.0]")
      // tf.math.round(tf.constant([3, -4])) -> [3, -4]
      .example(example("round", "int32", "int32", "3, -4"), "[3, -4]")
      .tfRawOps("Round").tfApi("tf.math.round")
      .tfPythonLevel("tf.math.round returns integers unchanged and calls Round on floats")
      .build();
  // tf.math.rint(tf.constant([0.5, 1.5, 2.5, -0.5])) -> [0., 2., 2., -0.]
  public static final OpDef RINT = rounding("rint", "the nearest integer, half to even (TF's Rint)")
      .dtypes(DTypeSet.FLOATING.atLeastBits(32))
      .example(example("rint", "float64", "float64", "0.5, 1.5, 2.5, -0.5"), "[0.0, 2.0, 2.0, -0.0]")
      .tfRawOps("Rint").tfApi("tf.math.rint")
      .build();

  private static OpDef.Builder floatClass(String name, String function, String summary) {
    return ElementwiseOps.unary(name, FloatClassFunctions.class, function, summary).dtypes(DTypeSet.FLOATING);
  }

  // tf.math.is_nan(tf.constant([nan, inf, 1.])) -> [True, False, False]
  public static final OpDef IS_NAN = floatClass("is_nan", "isNan", "whether x is NaN (TF's IsNan)")
      .example(example("is_nan", "float32", "bool", "nan, inf, 1.0"), "[True, False, False]")
      .tfRawOps("IsNan").tfApi("tf.math.is_nan")
      .build();
  // tf.math.is_inf(tf.constant([nan, -inf, 1.])) -> [False, True, False]
  public static final OpDef IS_INF = floatClass("is_inf", "isInf", "whether x is +inf or -inf (TF's IsInf)")
      .example(example("is_inf", "float64", "bool", "nan, -inf, 1.0"), "[False, True, False]")
      .tfRawOps("IsInf").tfApi("tf.math.is_inf")
      .build();
  // tf.math.is_finite(tf.constant([nan, -inf, 1.])) -> [False, False, True]
  public static final OpDef IS_FINITE = floatClass("is_finite", "isFinite", "whether x is neither inf nor NaN (TF's IsFinite)")
      .example(example("is_finite", "float32", "bool", "nan, -inf, 1.0"), "[False, False, True]")
      .tfRawOps("IsFinite").tfApi("tf.math.is_finite")
      .build();

  // tf.math.squared_difference(tf.constant([1., 5.]), tf.constant([3., -1.])) -> [4., 36.]
  public static final OpDef SQUARED_DIFFERENCE = ElementwiseOps.binary("squared_difference", ArithmeticFunctions.OVERLOADS,
          "squaredDifference", "(x - y) * (x - y), broadcasting (TF's SquaredDifference); integers wrap", true)
      .dtypes(DTypeSet.FLOATING.or(DTypeSet.COMPLEX).or(DTypeSet.SIGNED.atLeastBits(32)))
      .example(example("squared_difference", "float32", "float32", "1.0, 5.0", "3.0, -1.0"), "[4.0, 36.0]")
      .tfRawOps("SquaredDifference").tfApi("tf.math.squared_difference")
      .build();
  // tf.math.multiply_no_nan(tf.constant([inf, nan, 2.]), tf.constant([0., 0., 3.])) -> [0., 0., 6.]
  public static final OpDef MULTIPLY_NO_NAN = ElementwiseOps.binary("multiply_no_nan", ArithmeticFunctions.OVERLOADS,
          "multiplyNoNan", "x * y, but 0 where y is 0 even if x is inf or nan (TF's MulNoNan)", false)
      .dtypes(DTypeSet.FLOATING.or(DTypeSet.COMPLEX))
      .example(example("multiply_no_nan", "float32", "float32", "inf, nan, 2.0", "0.0, 0.0, 3.0"), "[0.0, 0.0, 6.0]")
      .tfRawOps("MulNoNan").tfApi("tf.math.multiply_no_nan")
      .build();
  // tf.math.nextafter(tf.constant([1., 1.], tf.float64), tf.constant([2., 0.], tf.float64)) -> [1.0000000000000002, 0.9999999999999999]
  public static final OpDef NEXTAFTER = ElementwiseOps.binary("nextafter", ArithmeticFunctions.OVERLOADS, "nextafter",
          "the next representable value after x towards y (TF's NextAfter)", false)
      .dtypes(DTypeSet.FLOATING.atLeastBits(32))
      .example(example("nextafter", "float64", "float64", "1.0, 1.0", "2.0, 0.0"), "[1.0000000000000002, 0.9999999999999999]")
      .tfRawOps("NextAfter").tfApi("tf.math.nextafter")
      .build();
}
