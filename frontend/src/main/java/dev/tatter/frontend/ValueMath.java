package dev.tatter.frontend;

import dev.tatter.ir.ops.ComparisonOps;
import dev.tatter.ir.ops.BitwiseOps;
import dev.tatter.ir.ops.DivisionOps;
import dev.tatter.ir.ops.ElementwiseOps;
import dev.tatter.ir.ops.MathOps;
import dev.tatter.ir.ops.TranscendentalOps;
import dev.tatter.runtime.DType;
import java.util.Map;

/**
 * The methods of {@link Value} for TF's math vocabulary (tf.math, tf.bitwise), one op each.
 * Value's methods are split by family into a chain of package-private classes (ValueStructure,
 * ValueElementwise, ValueMath, ValueReductions, ValueConversions, ValueSparse, then Value) so that
 * a reader finds a method by its family; users see every one of them on {@code Value}, which
 * javadoc documents as its own.
 */
@BuilderApi
abstract class ValueMath extends ValueElementwise {
  // ---- TF's math vocabulary (tf.math, tf.bitwise): one op each, ragged operands on flat values ----

  /** {@code tf.math.sqrt(x)}. */
  public Value sqrt() {
    return ElementwiseLowering.unary(TranscendentalOps.SQRT, self(), Map.of());
  }

  /**
   * {@code tf.math.real(x)}: the real part of a complex value (float32 for complex64, float64 for
   * complex128); a real value is returned as it is, as TF does.
   */
  public Value real() {
    return self().dtype().isComplex() ? ElementwiseLowering.unary(dev.tatter.ir.ops.ComplexOps.REAL, self(), Map.of()) : self();
  }

  /** {@code tf.math.imag(x)}: the imaginary part of a complex value; zeros of a real value's dtype, as TF gives. */
  public Value imag() {
    return self().dtype().isComplex() ? ElementwiseLowering.unary(dev.tatter.ir.ops.ComplexOps.IMAG, self(), Map.of())
        : ElementwiseLowering.unary(MathOps.ZEROS_LIKE, self(), Map.of());
  }

  /** {@code tf.math.conj(x)}: the complex conjugate; a real value is returned as it is, as TF does. */
  public Value conj() {
    return self().dtype().isComplex() ? ElementwiseLowering.unary(dev.tatter.ir.ops.ComplexOps.CONJ, self(), Map.of()) : self();
  }

  /** {@code tf.math.angle(x)} of a complex value: {@code atan2(imag, real)}, in the part dtype. */
  public Value angle() {
    return ElementwiseLowering.unary(dev.tatter.ir.ops.ComplexOps.ANGLE, self(), Map.of());
  }

  /** {@code tf.math.rsqrt(x)}. */
  public Value rsqrt() {
    return ElementwiseLowering.unary(TranscendentalOps.RSQRT, self(), Map.of());
  }

  /** {@code tf.math.exp(x)}. */
  public Value exp() {
    return ElementwiseLowering.unary(TranscendentalOps.EXP, self(), Map.of());
  }

  /** {@code tf.math.expm1(x)}. */
  public Value expm1() {
    return ElementwiseLowering.unary(TranscendentalOps.EXPM1, self(), Map.of());
  }

  /** {@code tf.math.log(x)}. */
  public Value log() {
    return ElementwiseLowering.unary(TranscendentalOps.LOG, self(), Map.of());
  }

  /** {@code tf.math.log1p(x)}. */
  public Value log1p() {
    return ElementwiseLowering.unary(TranscendentalOps.LOG1P, self(), Map.of());
  }

  /** {@code tf.math.sigmoid(x)}. */
  public Value sigmoid() {
    return ElementwiseLowering.unary(TranscendentalOps.SIGMOID, self(), Map.of());
  }

  /** {@code tf.math.softplus(x)}. */
  public Value softplus() {
    return ElementwiseLowering.unary(TranscendentalOps.SOFTPLUS, self(), Map.of());
  }

  /** {@code tf.math.sin(x)}. */
  public Value sin() {
    return ElementwiseLowering.unary(TranscendentalOps.SIN, self(), Map.of());
  }

  /** {@code tf.math.cos(x)}. */
  public Value cos() {
    return ElementwiseLowering.unary(TranscendentalOps.COS, self(), Map.of());
  }

  /** {@code tf.math.tan(x)}. */
  public Value tan() {
    return ElementwiseLowering.unary(TranscendentalOps.TAN, self(), Map.of());
  }

  /** {@code tf.math.asin(x)}. */
  public Value asin() {
    return ElementwiseLowering.unary(TranscendentalOps.ASIN, self(), Map.of());
  }

  /** {@code tf.math.acos(x)}. */
  public Value acos() {
    return ElementwiseLowering.unary(TranscendentalOps.ACOS, self(), Map.of());
  }

  /** {@code tf.math.atan(x)}. */
  public Value atan() {
    return ElementwiseLowering.unary(TranscendentalOps.ATAN, self(), Map.of());
  }

  /** {@code tf.math.sinh(x)}. */
  public Value sinh() {
    return ElementwiseLowering.unary(TranscendentalOps.SINH, self(), Map.of());
  }

  /** {@code tf.math.cosh(x)}. */
  public Value cosh() {
    return ElementwiseLowering.unary(TranscendentalOps.COSH, self(), Map.of());
  }

  /** {@code tf.math.tanh(x)}. */
  public Value tanh() {
    return ElementwiseLowering.unary(TranscendentalOps.TANH, self(), Map.of());
  }

  /** {@code tf.math.asinh(x)}. */
  public Value asinh() {
    return ElementwiseLowering.unary(TranscendentalOps.ASINH, self(), Map.of());
  }

  /** {@code tf.math.acosh(x)}. */
  public Value acosh() {
    return ElementwiseLowering.unary(TranscendentalOps.ACOSH, self(), Map.of());
  }

  /** {@code tf.math.atanh(x)}. */
  public Value atanh() {
    return ElementwiseLowering.unary(TranscendentalOps.ATANH, self(), Map.of());
  }

  /** {@code tf.math.erf(x)}. */
  public Value erf() {
    return ElementwiseLowering.unary(TranscendentalOps.ERF, self(), Map.of());
  }

  /** {@code tf.math.erfc(x)}. */
  public Value erfc() {
    return ElementwiseLowering.unary(TranscendentalOps.ERFC, self(), Map.of());
  }

  /** {@code tf.math.lgamma(x)}: log |Gamma(x)|. */
  public Value lgamma() {
    return ElementwiseLowering.unary(TranscendentalOps.LGAMMA, self(), Map.of());
  }

  /** {@code tf.math.digamma(x)}: psi(x), the derivative of lgamma. */
  public Value digamma() {
    return ElementwiseLowering.unary(TranscendentalOps.DIGAMMA, self(), Map.of());
  }

  /** {@code tf.math.floor(x)}. */
  public Value floor() {
    return ElementwiseLowering.unary(MathOps.FLOOR, self(), Map.of());
  }

  /** {@code tf.math.ceil(x)}. */
  public Value ceil() {
    return ElementwiseLowering.unary(MathOps.CEIL, self(), Map.of());
  }

  /** {@code tf.math.round (half to even)(x)}. */
  public Value round() {
    return ElementwiseLowering.unary(MathOps.ROUND, self(), Map.of());
  }

  /** {@code tf.math.rint(x)}. */
  public Value rint() {
    return ElementwiseLowering.unary(MathOps.RINT, self(), Map.of());
  }

  /** {@code tf.math.is_nan(x)}. */
  public Value isNan() {
    return ElementwiseLowering.unary(MathOps.IS_NAN, self(), Map.of());
  }

  /** {@code tf.math.is_inf(x)}. */
  public Value isInf() {
    return ElementwiseLowering.unary(MathOps.IS_INF, self(), Map.of());
  }

  /** {@code tf.math.is_finite(x)}. */
  public Value isFinite() {
    return ElementwiseLowering.unary(MathOps.IS_FINITE, self(), Map.of());
  }

  /** {@code tf.math.sign(x)}. */
  public Value sign() {
    return ElementwiseLowering.unary(MathOps.SIGN, self(), Map.of());
  }

  /** {@code tf.math.square(x)}. */
  public Value square() {
    return ElementwiseLowering.unary(MathOps.SQUARE, self(), Map.of());
  }

  /** {@code tf.math.reciprocal(x)}. */
  public Value reciprocal() {
    return ElementwiseLowering.unary(MathOps.RECIPROCAL, self(), Map.of());
  }

  /** {@code tf.zeros_like(x)}. */
  public Value zerosLike() {
    return ElementwiseLowering.unary(MathOps.ZEROS_LIKE, self(), Map.of());
  }

  /** {@code tf.ones_like(x)}. */
  public Value onesLike() {
    return ElementwiseLowering.unary(MathOps.ONES_LIKE, self(), Map.of());
  }

  /** {@code tf.zeros_like(x, dtype)}: zeros of {@code dtype} in x's shape (a ragged x keeps its partitions). */
  public Value zerosLike(DType dtype) {
    return dtype == self().dtype() ? zerosLike() : likeOfDType("zeros_like", dtype).zerosLike().cast(dtype);
  }

  /** {@code tf.ones_like(x, dtype)}: ones of {@code dtype} in x's shape (a ragged x keeps its partitions). */
  public Value onesLike(DType dtype) {
    return dtype == self().dtype() ? onesLike() : likeOfDType("ones_like", dtype).onesLike().cast(dtype);
  }

  Value likeOfDType(String name, DType dtype) {
    if (dtype == DType.STRING || self().dtype() == DType.STRING) {
      throw GraphBuilder.misuse(name + "(x, dtype=" + dtype + ") of a " + self().dtype() + " x is not supported: "
          + "only conversions between numeric and bool dtypes are", self());
    }
    return self();
  }

  /** {@code tf.bitwise.invert(x)}. */
  public Value bitwiseInvert() {
    return ElementwiseLowering.unary(BitwiseOps.BITWISE_INVERT, self(), Map.of());
  }

  /** {@code tf.math.logical_not(x)}. */
  public Value logicalNot() {
    return ElementwiseLowering.unary(ComparisonOps.INVERT, self(), Map.of());
  }

  /** {@code tf.math.atan2(this, other): this is y, other is x}. */
  public Value atan2(Object other) {
    return binary(TranscendentalOps.ATAN2, other);
  }

  /** {@code tf.math.squared_difference}. */
  public Value squaredDifference(Object other) {
    return binary(MathOps.SQUARED_DIFFERENCE, other);
  }

  /** {@code tf.math.multiply_no_nan}. */
  public Value multiplyNoNan(Object other) {
    return binary(MathOps.MULTIPLY_NO_NAN, other);
  }

  /** {@code tf.math.nextafter}. */
  public Value nextafter(Object other) {
    return binary(MathOps.NEXTAFTER, other);
  }

  /** {@code tf.truncatediv}. */
  public Value truncatediv(Object other) {
    return binary(DivisionOps.TRUNCATEDIV, other);
  }

  /** {@code tf.truncatemod}. */
  public Value truncatemod(Object other) {
    return binary(DivisionOps.TRUNCATEMOD, other);
  }

  /** {@code tf.raw_ops.Div: integers truncate}. */
  public Value rawDiv(Object other) {
    return binary(DivisionOps.RAW_DIV, other);
  }

  /** {@code tf.realdiv: floats only, no cast}. */
  public Value realdiv(Object other) {
    return binary(ElementwiseOps.TRUEDIV, other);
  }

  /** {@code tf.math.divide_no_nan}. */
  public Value divideNoNan(Object other) {
    return binary(DivisionOps.DIVIDE_NO_NAN, other);
  }

  /** {@code tf.bitwise.bitwise_and}. */
  public Value bitwiseAnd(Object other) {
    return binary(BitwiseOps.BITWISE_AND, other);
  }

  /** {@code tf.bitwise.bitwise_or}. */
  public Value bitwiseOr(Object other) {
    return binary(BitwiseOps.BITWISE_OR, other);
  }

  /** {@code tf.bitwise.bitwise_xor}. */
  public Value bitwiseXor(Object other) {
    return binary(BitwiseOps.BITWISE_XOR, other);
  }

  /** {@code tf.bitwise.left_shift}. */
  public Value leftShift(Object other) {
    return binary(BitwiseOps.LEFT_SHIFT, other);
  }

  /** {@code tf.bitwise.right_shift}. */
  public Value rightShift(Object other) {
    return binary(BitwiseOps.RIGHT_SHIFT, other);
  }

  /** {@code tf.math.logical_and}. */
  public Value logicalAnd(Object other) {
    return binary(ComparisonOps.AND, other);
  }

  /** {@code tf.math.logical_or}. */
  public Value logicalOr(Object other) {
    return binary(ComparisonOps.OR, other);
  }

  /** {@code tf.math.logical_xor}. */
  public Value logicalXor(Object other) {
    return binary(ComparisonOps.XOR, other);
  }

  /** {@code tf.math.log_sigmoid(x)}, which TF computes as {@code -softplus(-x)}. */
  public Value logSigmoid() {
    return neg().softplus().neg();
  }

  /** {@code tf.math.reciprocal_no_nan(x)}: TF's {@code divide_no_nan(1, x)}. */
  public Value reciprocalNoNan() {
    return ElementwiseLowering.binary(DivisionOps.DIVIDE_NO_NAN, operand(1), self());
  }

  /**
   * {@code tf.clip_by_value(x, min, max)}, which TF computes as {@code maximum(minimum(x, max), min)}
   * and refuses when the bounds would broadcast x to another shape.
   */
  public Value clipByValue(Object min, Object max) {
    Value clipped = minimum(max).maximum(min);
    if (!clipped.shape().equals(self().shape())) {
      throw GraphBuilder.misuse("clip_by_value: the bounds broadcast x of shape " + self().shape() + " to " + clipped.shape()
          + "; they must not change its shape", self());
    }
    return clipped;
  }
}
