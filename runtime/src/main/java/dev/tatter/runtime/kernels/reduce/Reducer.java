package dev.tatter.runtime.kernels.reduce;

import dev.tatter.runtime.DType;

/**
 * The associative reductions ({@code reduce_mean} is a sum and a count), and the value each
 * starts from — what an empty reduction gives. TF has two sets of starting values, and which
 * one applies depends on the kind of axis reduced:
 *
 * <ul>
 *   <li>{@link Mode#DENSE}: a uniform axis, reduced by Eigen's reducers (TF's {@code
 *       ReductionOp} fills an empty reduction with {@code Reducer::initialize()}): max starts
 *       at {@code -inf} for floats (Eigen's {@code MinMaxBottomValue}), min at {@code +inf}.
 *   <li>{@link Mode#SEGMENT}: a ragged axis, reduced by {@code unsorted_segment_*} (TF's
 *       ragged reductions): max starts at {@code NumTraits<T>::lowest()}, which for floats is
 *       {@code -FLT_MAX}/{@code -DBL_MAX}, not {@code -inf}; min at {@code highest()}. This is
 *       what TF's ragged docs call {@code input_tensor.dtype.min}.
 *   <li>{@link Mode#SORTED_SEGMENT}: a sorted {@code segment_*} op (TF's {@code
 *       SegmentReductionOp}), which copies a segment of one row and reduces a longer one by Eigen's
 *       reducer: float max starts at {@code -inf}, min at {@code +inf}, as in {@link Mode#DENSE},
 *       but the fold is the segment one (a NaN survives only as the segment's last value: the
 *       -Ptf oracle gives {@code segment_max([NaN, 1], [0, 0])} = 1). The copy of a one-row
 *       segment is the caller's ({@code SegmentKernels}): a fold from 0 would turn {@code -0.0}
 *       into {@code 0.0}, as TF does for a longer segment of only {@code -0.0}.
 * </ul>
 *
 * <p>Integers start at the dtype's own minimum or maximum in both modes; sum at 0, prod at 1,
 * all at true, any at false.
 */
public enum Reducer {
  SUM,
  PROD,
  MIN,
  MAX,
  ALL,
  ANY;

  /** Which of TF's two families of starting values applies. */
  public enum Mode {
    DENSE,
    SEGMENT,
    SORTED_SEGMENT
  }

  /** The starting value for an integer dtype, as a long (narrowed by the caller). */
  long identityLong(DType dtype) {
    return switch (this) {
      case SUM -> 0;
      case PROD -> 1;
      case MIN -> dtype.maxInteger();
      case MAX -> dtype.minInteger();
      case ALL, ANY -> throw new IllegalStateException(this + " takes bool only");
    };
  }

  /** The starting value for a float dtype. */
  double identityDouble(DType dtype, Mode mode) {
    return switch (this) {
      case SUM -> 0;
      case PROD -> 1;
      case MIN -> mode == Mode.SEGMENT ? dtype.maxFloat() : Double.POSITIVE_INFINITY;
      case MAX -> mode == Mode.SEGMENT ? -dtype.maxFloat() : Double.NEGATIVE_INFINITY;
      case ALL, ANY -> throw new IllegalStateException(this + " takes bool only");
    };
  }

  /** The starting value for bool. */
  boolean identityBool() {
    return switch (this) {
      case ALL -> true;
      case ANY -> false;
      default -> throw new IllegalStateException(this + " is not defined on bool");
    };
  }

  /** The TF name of the reduction, for messages. */
  public String tfName() {
    return "reduce_" + name().toLowerCase();
  }
}
