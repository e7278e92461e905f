package dev.tatter.runtime.kernels.reduce;

/**
 * The folds of reduce_min/reduce_max, as TF's two CPU code paths compute them (found with the
 * -Ptf oracle, see docs/SEMANTICS.md). Both keep the later of two equal values, so of -0.0 and 0.0
 * the one that comes second wins; they differ on NaN:
 *
 * <ul>
 *   <li>{@code dense*} — a uniform axis, reduced by Eigen's Min/Max reducers: a NaN anywhere
 *       makes the result NaN.
 *   <li>{@code segment*} — a ragged axis (TF's ragged reductions are {@code unsorted_segment_*}),
 *       and the {@code row_*} ops: {@code acc = acc < x ? acc : x}, so a NaN is replaced by the
 *       next value and survives only as a row's last element ({@code [NaN, 1]} gives 1, {@code [1,
 *       NaN]} NaN, {@code [1, NaN, 5]} 5).
 * </ul>
 *
 * Integers have no NaN and no signed zero: both are the plain minimum and maximum.
 */
public final class MinMaxFunctions {
  private MinMaxFunctions() {}

  public static int segmentMin(int acc, int x) {
    return acc < x ? acc : x;
  }

  public static long segmentMin(long acc, long x) {
    return acc < x ? acc : x;
  }

  public static float segmentMin(float acc, float x) {
    return acc < x ? acc : x;
  }

  public static double segmentMin(double acc, double x) {
    return acc < x ? acc : x;
  }

  public static int segmentMax(int acc, int x) {
    return acc > x ? acc : x;
  }

  public static long segmentMax(long acc, long x) {
    return acc > x ? acc : x;
  }

  public static float segmentMax(float acc, float x) {
    return acc > x ? acc : x;
  }

  public static double segmentMax(double acc, double x) {
    return acc > x ? acc : x;
  }

  /** A NaN accumulator stays; else as {@link #segmentMin(float, float)}, which lets a NaN element in. */
  public static float denseMin(float acc, float x) {
    return acc != acc ? acc : acc < x ? acc : x;
  }

  public static double denseMin(double acc, double x) {
    return acc != acc ? acc : acc < x ? acc : x;
  }

  public static float denseMax(float acc, float x) {
    return acc != acc ? acc : acc > x ? acc : x;
  }

  public static double denseMax(double acc, double x) {
    return acc != acc ? acc : acc > x ? acc : x;
  }
}
