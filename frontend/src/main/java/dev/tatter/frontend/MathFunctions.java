package dev.tatter.frontend;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.ComplexOps;
import dev.tatter.ir.ops.DivisionOps;
import dev.tatter.ir.ops.ElementwiseOps;
import dev.tatter.ir.ops.MathOps;
import dev.tatter.ir.ops.SegmentOps;
import dev.tatter.ir.ops.TranscendentalOps;
import dev.tatter.runtime.DType;
import java.util.Map;

/**
 * The {@code tf.math} functions (and {@code tf.zeros_like}/{@code ones_like}) that are more than
 * one op: they choose by dtype, compose ops as TF's Python layer does, or take TF's defaults. The
 * one-op functions come from their ops' definitions (see {@link Ops}).
 */
@BuilderApi
final class MathFunctions {
  private MathFunctions() {}

  /**
   * TF's {@code x / y} as {@code tf.math.truediv}: either side may be a Java scalar; integers are
   * cast to float first.
   */
  @TfApi({"tf.math.truediv", "tf.math.divide"})
  static Value truediv(Object x, Object y) {
    Value a = x instanceof Value v ? v : ElementwiseLowering.operand((Value) y, x);
    Value b = y instanceof Value v ? v : ElementwiseLowering.operand(a, y);
    return ElementwiseLowering.truediv(ElementwiseOps.TRUEDIV, a, b);
  }

  /**
   * TF's {@code tf.math.real(x)}: the real part of a complex value (float32 for complex64, float64
   * for complex128); a real value as it is.
   */
  @TfApi("tf.math.real")
  static Value real(Value x) {
    return x.dtype().isComplex() ? ElementwiseLowering.unary(ComplexOps.REAL, x, Map.of()) : x;
  }

  /**
   * TF's {@code tf.math.imag(x)}: the imaginary part of a complex value; zeros of a real value's
   * dtype, as TF gives.
   */
  @TfApi("tf.math.imag")
  static Value imag(Value x) {
    return ElementwiseLowering.unary(x.dtype().isComplex() ? ComplexOps.IMAG : MathOps.ZEROS_LIKE, x, Map.of());
  }

  /** TF's {@code tf.math.conj(x)}: the complex conjugate; a real value as it is, as TF does. */
  @TfApi("tf.math.conj")
  static Value conj(Value x) {
    return x.dtype().isComplex() ? ElementwiseLowering.unary(ComplexOps.CONJ, x, Map.of()) : x;
  }

  /** TF's {@code tf.math.log_sigmoid(x)}, which TF computes as {@code -softplus(-x)}. */
  @TfApi("tf.math.log_sigmoid")
  static Value logSigmoid(Value x) {
    return ElementwiseLowering.unary(TranscendentalOps.SOFTPLUS, x.neg(), Map.of()).neg();
  }

  /** TF's {@code tf.math.reciprocal_no_nan(x)}: TF's {@code divide_no_nan(1, x)}. */
  @TfApi("tf.math.reciprocal_no_nan")
  static Value reciprocalNoNan(Value x) {
    return ElementwiseLowering.binary(DivisionOps.DIVIDE_NO_NAN, x.operand(1), x);
  }

  /**
   * TF's {@code tf.clip_by_value(t, clip_value_min, clip_value_max)}, which TF computes as
   * {@code maximum(minimum(t, max), min)} and refuses when the bounds would broadcast t to another shape.
   */
  @TfApi("tf.clip_by_value")
  static Value clipByValue(Value t, Object clipValueMin, Object clipValueMax) {
    Value clipped = binary(ElementwiseOps.MAXIMUM, binary(ElementwiseOps.MINIMUM, t, clipValueMax), clipValueMin);
    if (!clipped.shape().equals(t.shape())) {
      throw GraphBuilder.misuse("clip_by_value: the bounds broadcast x of shape " + t.shape() + " to " + clipped.shape()
          + "; they must not change its shape", t);
    }
    return clipped;
  }

  /**
   * TF's {@code tf.math.add_n(inputs)}: their sum, added left to right as TF's AddN kernel does (so
   * float results are bit-equal to TF's). TF requires one shape; shapes that static types show to
   * differ are refused here (shapes known only at run time broadcast as {@code add} does).
   */
  @TfApi("tf.math.add_n")
  static Value addN(Value... inputs) {
    if (inputs.length == 0) {
      throw new GraphBuildException("add_n needs at least one input at " + CallSite.find());
    }
    Value sum = inputs[0];
    for (int i = 1; i < inputs.length; i++) {
      if (!GraphBuilder.sameShapeMaybe(inputs[0].type(), inputs[i].type())) {
        throw GraphBuilder.misuse("add_n: inputs must have one shape, got " + inputs[0].shape() + " and " + inputs[i].shape(), inputs[i]);
      }
      sum = sum.add(inputs[i]);
    }
    return sum;
  }

  /** TF's {@code tf.zeros_like(input)}: zeros in input's shape and dtype (a ragged input keeps its partitions). */
  @TfApi("tf.zeros_like")
  static Value zerosLike(Value input) {
    return ElementwiseLowering.unary(MathOps.ZEROS_LIKE, input, Map.of());
  }

  /** TF's {@code tf.zeros_like(input, dtype)}: zeros of {@code dtype} in input's shape. */
  @TfApi("tf.zeros_like")
  static Value zerosLike(Value input, DType dtype) {
    return dtype == input.dtype() ? zerosLike(input) : zerosLike(likeOfDType(input, "zeros_like", dtype)).cast(dtype);
  }

  /** TF's {@code tf.ones_like(input)}: ones in input's shape and dtype (a ragged input keeps its partitions). */
  @TfApi("tf.ones_like")
  static Value onesLike(Value input) {
    return ElementwiseLowering.unary(MathOps.ONES_LIKE, input, Map.of());
  }

  /** TF's {@code tf.ones_like(input, dtype)}: ones of {@code dtype} in input's shape. */
  @TfApi("tf.ones_like")
  static Value onesLike(Value input, DType dtype) {
    return dtype == input.dtype() ? onesLike(input) : onesLike(likeOfDType(input, "ones_like", dtype)).cast(dtype);
  }

  private static Value likeOfDType(Value x, String name, DType dtype) {
    if (dtype == DType.STRING || x.dtype() == DType.STRING) {
      throw GraphBuilder.misuse(name + "(x, dtype=" + dtype + ") of a " + x.dtype() + " x is not supported: "
          + "only conversions between numeric and bool dtypes are", x);
    }
    return x;
  }

  /** TF's {@code tf.math.bincount(arr)}: int32 counts of each value in {@code [0, max(arr)]}. */
  @TfApi("tf.math.bincount")
  static Value bincount(Value arr) {
    return bincount(arr, null, -1, -1, false, false);
  }

  /**
   * TF's {@code tf.math.bincount(arr, weights, minlength, maxlength, axis, binary_output)}:
   * {@code weights} null for counts; {@code -1} for a minlength or maxlength not given;
   * {@code perRow} is TF's {@code axis=-1} (a matrix or a 2-D ragged tensor: one row of counts per row).
   */
  @TfApi("tf.math.bincount")
  static Value bincount(Value arr, @Nullable Value weights, long minlength, long maxlength, boolean binaryOutput, boolean perRow) {
    Map<String, Object> attrs = Map.of("minlength", minlength, "maxlength", maxlength, "per_row", perRow);
    if (weights == null) {
      return arr.builder().op(SegmentOps.BINCOUNT, NamespaceSupport.attributes("minlength", minlength, "maxlength", maxlength,
          "binary_output", binaryOutput, "per_row", perRow), arr);
    }
    if (binaryOutput) {
      throw GraphBuilder.misuse("bincount: Arguments binary_output and weights are mutually exclusive", weights);
    }
    return arr.builder().op(SegmentOps.WEIGHTED_BINCOUNT, attrs, arr, weights);
  }

  /**
   * TF's {@code tf.math.cumsum(x, axis)} on a dense tensor, or on a ragged one along its innermost
   * ragged axis or below.
   */
  @TfApi("tf.math.cumsum")
  static Value cumsum(Value x, int axis) {
    return Scans.scan(x, false, axis, false, false);
  }

  /** TF's {@code tf.math.cumsum(x, axis, exclusive, reverse)}. */
  @TfApi("tf.math.cumsum")
  static Value cumsum(Value x, int axis, boolean exclusive, boolean reverse) {
    return Scans.scan(x, false, axis, exclusive, reverse);
  }

  /** TF's {@code tf.math.cumprod(x, axis)} (the axes cumsum takes). */
  @TfApi("tf.math.cumprod")
  static Value cumprod(Value x, int axis) {
    return Scans.scan(x, true, axis, false, false);
  }

  /** TF's {@code tf.math.cumprod(x, axis, exclusive, reverse)}. */
  @TfApi("tf.math.cumprod")
  static Value cumprod(Value x, int axis, boolean exclusive, boolean reverse) {
    return Scans.scan(x, true, axis, exclusive, reverse);
  }

  static Value binary(OpDef op, Value x, Object y) {
    return ElementwiseLowering.binary(op, x, x.operand(y));
  }
}
