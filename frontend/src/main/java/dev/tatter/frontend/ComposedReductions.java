package dev.tatter.frontend;

import dev.tatter.ir.ops.ElementwiseOps;
import dev.tatter.ir.ops.MathOps;
import dev.tatter.ir.ops.TranscendentalOps;
import dev.tatter.ir.types.RaggedType;
import java.util.Map;

/**
 * The reductions TF composes from others in its Python layer (no kernel of their own):
 * {@code reduce_variance}, {@code reduce_std}, {@code reduce_euclidean_norm}, {@code
 * reduce_logsumexp}, built from the same ops in the same order, on dense and ragged tensors.
 */
@BuilderApi
final class ComposedReductions {
  private ComposedReductions() {}

  /**
   * TF's {@code tf.math.reduce_variance(input_tensor, axis, keepdims)}. Dense, as TF computes it:
   * the mean of the squared deviations from the (kept-dims) mean; floats only, as TF refuses
   * integers. Ragged, as TF's ragged dispatch computes it: {@code maximum(mean(square(x)) -
   * square(mean(x)), 0)}.
   */
  @TfApi("tf.math.reduce_variance")
  static Value reduceVariance(Value inputTensor, int axis, boolean keepdims) {
    if (inputTensor.raggedRank() > 0) {
      Value meanOfSquare = square(inputTensor).reduceMean(axis, keepdims);
      return MathFunctions.binary(ElementwiseOps.MAXIMUM, meanOfSquare.sub(square(inputTensor.reduceMean(axis, keepdims))), 0);
    }
    requireFloat(inputTensor, "reduce_variance");
    Value means = inputTensor.reduceMean(axis, true);
    return square(inputTensor.sub(means)).reduceMean(axis, keepdims);
  }

  /** TF's {@code tf.math.reduce_std(input_tensor, axis, keepdims)}: the square root of the variance. */
  @TfApi("tf.math.reduce_std")
  static Value reduceStd(Value inputTensor, int axis, boolean keepdims) {
    return unary(TranscendentalOps.SQRT, reduceVariance(inputTensor, axis, keepdims));
  }

  /**
   * TF's {@code tf.math.reduce_euclidean_norm(input_tensor, axis, keepdims)} on a float tensor:
   * {@code sqrt(reduce_sum(square(x)))} (TF's EuclideanNorm kernel sums in Eigen's order, so the
   * last bits can differ, as for reduce_sum). On a ragged tensor, which TF's EuclideanNorm does not
   * take, the same composition over the ragged reduce_sum: an empty row's norm is 0.
   */
  @TfApi("tf.math.reduce_euclidean_norm")
  static Value reduceEuclideanNorm(Value inputTensor, int axis, boolean keepdims) {
    requireFloat(inputTensor, "reduce_euclidean_norm");
    return unary(TranscendentalOps.SQRT, square(inputTensor).reduceSum(axis, keepdims));
  }

  /**
   * TF's {@code tf.math.reduce_logsumexp(input_tensor, axis, keepdims)} on a float tensor, as TF
   * builds it: the kept-dims maximum (0 where it is not finite), subtracted before the exp and
   * added back after the log. A ragged tensor goes through the same composition with the ragged
   * reductions and broadcasting, along its innermost axis only: along another one the kept-dims
   * maximum does not broadcast back over rows of different lengths (TF's composition fails there
   * too, at run time). An empty row gives -inf, as an empty dense reduction does.
   */
  @TfApi("tf.math.reduce_logsumexp")
  static Value reduceLogsumexp(Value inputTensor, int axis, boolean keepdims) {
    Value x = inputTensor;
    requireFloat(x, "reduce_logsumexp");
    if (x.type() instanceof RaggedType rt && axis != rt.rank() - 1 && axis != -1) {
      throw GraphBuilder.misuse("reduce_logsumexp of a ragged tensor takes its innermost axis (" + (rt.rank() - 1) + " or -1), got "
          + axis + ": the maximum it subtracts does not broadcast back over rows of different lengths", x);
    }
    if (x.type() instanceof RaggedType rt && rt.rank() - 1 > rt.raggedRank()) {
      return x.withFlatValues(reduceLogsumexp(x.flatValues(), -1, keepdims)); // a uniform innermost axis: each flat value's row
    }
    if (x.type() instanceof RaggedType rt && rt.raggedRank() > 1) {
      return x.withValues(reduceLogsumexp(x.values(), -1, keepdims)); // the innermost ragged axis: rows of the innermost level
    }
    Value rawMax = x.reduceMax(axis, true);
    // TF's select(is_finite(m), m, 0): multiply_no_nan gives 0 where the factor is 0, m * 1 = m elsewhere
    Value max = ElementwiseLowering.binary(MathOps.MULTIPLY_NO_NAN, rawMax, unary(MathOps.IS_FINITE, rawMax).cast(x.dtype()));
    Value result = unary(TranscendentalOps.LOG, unary(TranscendentalOps.EXP, x.sub(max)).reduceSum(axis, keepdims));
    return result.add(keepdims ? max : max.reduceMax(axis, false));
  }

  private static void requireFloat(Value x, String op) {
    if (!x.dtype().isFloating()) {
      throw GraphBuilder.misuse(op + " takes floats (TF: \"Input must be either real or complex\"), got " + x.dtype(), x);
    }
  }

  private static Value square(Value x) {
    return unary(MathOps.SQUARE, x);
  }

  private static Value unary(dev.tatter.ir.OpDef op, Value x) {
    return ElementwiseLowering.unary(op, x, Map.of());
  }
}
