package dev.tatter.frontend;

import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.ReductionOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The methods of {@link Value} for reductions along any axis, and those TF composes from others.
 * Value's methods are split by family into a chain of package-private classes (ValueStructure,
 * ValueElementwise, ValueMath, ValueReductions, ValueConversions, ValueSparse, then Value) so that
 * a reader finds a method by its family; users see every one of them on {@code Value}, which
 * javadoc documents as its own.
 */
@BuilderApi
abstract class ValueReductions extends ValueMath {
  // ---- reductions (reduce_sum, reduce_mean, ... along any axis) ----
  //
  // reduceX(axis) and reduceX(axis, keepdims) reduce one axis (negative counts from the end; a
  // ragged axis included); reduceX() reduces every axis to a scalar (TF's axis=None).

  /** {@code tf.reduce_sum(x, axis)}. */
  public Value reduceSum(int axis) {
    return reduceSum(axis, false);
  }

  /** {@code tf.reduce_sum(x, axis, keepdims)}. */
  public Value reduceSum(int axis, boolean keepdims) {
    return reduction(ReductionOps.REDUCE_SUM, List.of((long) axis), keepdims);
  }

  /** {@code tf.reduce_sum(x)}: every axis, a scalar. */
  public Value reduceSum() {
    return reduction(ReductionOps.REDUCE_SUM, allAxes(), false);
  }

  /** {@code tf.reduce_prod(x, axis)}. */
  public Value reduceProd(int axis) {
    return reduceProd(axis, false);
  }

  /** {@code tf.reduce_prod(x, axis, keepdims)}. */
  public Value reduceProd(int axis, boolean keepdims) {
    return reduction(ReductionOps.REDUCE_PROD, List.of((long) axis), keepdims);
  }

  /** {@code tf.reduce_prod(x)}: every axis, a scalar. */
  public Value reduceProd() {
    return reduction(ReductionOps.REDUCE_PROD, allAxes(), false);
  }

  /** {@code tf.reduce_min(x, axis)}. */
  public Value reduceMin(int axis) {
    return reduceMin(axis, false);
  }

  /** {@code tf.reduce_min(x, axis, keepdims)}. */
  public Value reduceMin(int axis, boolean keepdims) {
    return reduction(ReductionOps.REDUCE_MIN, List.of((long) axis), keepdims);
  }

  /** {@code tf.reduce_min(x)}: every axis, a scalar. */
  public Value reduceMin() {
    return reduction(ReductionOps.REDUCE_MIN, allAxes(), false);
  }

  /** {@code tf.reduce_max(x, axis)}. */
  public Value reduceMax(int axis) {
    return reduceMax(axis, false);
  }

  /** {@code tf.reduce_max(x, axis, keepdims)}. */
  public Value reduceMax(int axis, boolean keepdims) {
    return reduction(ReductionOps.REDUCE_MAX, List.of((long) axis), keepdims);
  }

  /** {@code tf.reduce_max(x)}: every axis, a scalar. */
  public Value reduceMax() {
    return reduction(ReductionOps.REDUCE_MAX, allAxes(), false);
  }

  /** {@code tf.reduce_mean(x, axis)}. */
  public Value reduceMean(int axis) {
    return reduceMean(axis, false);
  }

  /** {@code tf.reduce_mean(x, axis, keepdims)}. */
  public Value reduceMean(int axis, boolean keepdims) {
    return reduction(ReductionOps.REDUCE_MEAN, List.of((long) axis), keepdims);
  }

  /** {@code tf.reduce_mean(x)}: every axis, a scalar. */
  public Value reduceMean() {
    return reduction(ReductionOps.REDUCE_MEAN, allAxes(), false);
  }

  // ---- reductions TF composes from others (its Python layer; no kernel of their own) ----

  /**
   * {@code tf.math.reduce_variance(x, axis, keepdims)}. Dense, as TF computes it: the mean of the
   * squared deviations from the (kept-dims) mean; floats only, as TF refuses integers. Ragged, as
   * TF's ragged dispatch computes it: {@code maximum(mean(square(x)) - square(mean(x)), 0)}.
   */
  public Value reduceVariance(int axis, boolean keepdims) {
    if (self().raggedRank() > 0) {
      Value meanOfSquare = square().reduceMean(axis, keepdims);
      return meanOfSquare.sub(reduceMean(axis, keepdims).square()).maximum(0);
    }
    requireFloat("reduce_variance");
    Value means = reduceMean(axis, true);
    return sub(means).square().reduceMean(axis, keepdims);
  }

  /** {@code tf.math.reduce_std(x, axis, keepdims)}: the square root of {@link #reduceVariance}. */
  public Value reduceStd(int axis, boolean keepdims) {
    return reduceVariance(axis, keepdims).sqrt();
  }

  /**
   * {@code tf.math.reduce_euclidean_norm(x, axis, keepdims)} on a float tensor:
   * {@code sqrt(reduce_sum(square(x)))} (TF's EuclideanNorm kernel sums in Eigen's order, so the
   * last bits can differ, as for reduce_sum). On a ragged tensor, which TF's EuclideanNorm does not
   * take, the same composition over the ragged reduce_sum: an empty row's norm is 0.
   */
  public Value reduceEuclideanNorm(int axis, boolean keepdims) {
    requireFloat("reduce_euclidean_norm");
    return square().reduceSum(axis, keepdims).sqrt();
  }

  /**
   * {@code tf.math.reduce_logsumexp(x, axis, keepdims)} on a float tensor, as TF builds it: the
   * kept-dims maximum (0 where it is not finite), subtracted before the exp and added back after
   * the log. A ragged tensor goes through the same composition with the ragged reductions and
   * broadcasting (as TF's Python composition would with its ragged dispatch), along its innermost
   * axis only: along another one the kept-dims maximum does not broadcast back over rows of
   * different lengths (TF's composition fails there too, at run time). An empty row gives -inf, as
   * an empty dense reduction does.
   */
  public Value reduceLogsumexp(int axis, boolean keepdims) {
    requireFloat("reduce_logsumexp");
    if (self().type() instanceof RaggedType rt && axis != rt.rank() - 1 && axis != -1) {
      throw GraphBuilder.misuse("reduce_logsumexp of a ragged tensor takes its innermost axis (" + (rt.rank() - 1) + " or -1), got "
          + axis + ": the maximum it subtracts does not broadcast back over rows of different lengths", self());
    }
    if (self().type() instanceof RaggedType rt && rt.rank() - 1 > rt.raggedRank()) {
      return withFlatValues(flatValues().reduceLogsumexp(-1, keepdims)); // a uniform innermost axis: each flat value's row
    }
    if (self().type() instanceof RaggedType rt && rt.raggedRank() > 1) {
      return withValues(values().reduceLogsumexp(-1, keepdims)); // the innermost ragged axis: rows of the innermost level
    }
    Value rawMax = reduceMax(axis, true);
    // TF's select(is_finite(m), m, 0): multiply_no_nan gives 0 where the factor is 0, m * 1 = m elsewhere
    Value max = rawMax.multiplyNoNan(rawMax.isFinite().cast(self().dtype()));
    Value result = sub(max).exp().reduceSum(axis, keepdims).log();
    return result.add(keepdims ? max : max.reduceMax(axis, false));
  }

  void requireFloat(String op) {
    if (!self().dtype().isFloating()) {
      throw GraphBuilder.misuse(op + " takes floats (TF: \"Input must be either real or complex\"), got " + self().dtype(), self());
    }
  }

  /** {@code tf.reduce_all(x, axis)}. */
  public Value reduceAll(int axis) {
    return reduceAll(axis, false);
  }

  /** {@code tf.reduce_all(x, axis, keepdims)}. */
  public Value reduceAll(int axis, boolean keepdims) {
    return reduction(ReductionOps.REDUCE_ALL, List.of((long) axis), keepdims);
  }

  /** {@code tf.reduce_all(x)}: every axis, a scalar. */
  public Value reduceAll() {
    return reduction(ReductionOps.REDUCE_ALL, allAxes(), false);
  }

  /** {@code tf.reduce_any(x, axis)}. */
  public Value reduceAny(int axis) {
    return reduceAny(axis, false);
  }

  /** {@code tf.reduce_any(x, axis, keepdims)}. */
  public Value reduceAny(int axis, boolean keepdims) {
    return reduction(ReductionOps.REDUCE_ANY, List.of((long) axis), keepdims);
  }

  /** {@code tf.reduce_any(x)}: every axis, a scalar. */
  public Value reduceAny() {
    return reduction(ReductionOps.REDUCE_ANY, allAxes(), false);
  }

  Value reduction(OpDef op, List<Long> axis, boolean keepdims) {
    return builder().op(op, Map.of("axis", com.google.common.collect.ImmutableList.copyOf(axis), "keepdims", keepdims), self());
  }

  List<Long> allAxes() {
    int rank;
    if (self().type() instanceof RaggedType rt) {
      rank = rt.rank();
    } else if (self().type() instanceof DenseType dt) {
      rank = dt.rank();
    } else if (self().type() instanceof dev.tatter.ir.types.UnrankedType) {
      return List.of(); // every axis of whatever rank the run gives (see ReductionOps)
    } else {
      throw GraphBuilder.misuse("a row partition cannot be reduced", self());
    }
    List<Long> axes = new ArrayList<>();
    for (long a = 0; a < rank; a++) {
      axes.add(a);
    }
    return axes;
  }
}
