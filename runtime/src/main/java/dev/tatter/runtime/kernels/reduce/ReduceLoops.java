package dev.tatter.runtime.kernels.reduce;

import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.kernels.ParallelLoops;

/**
 * The loops of every reduction, one pair per element family: {@code rows} reduces consecutive
 * runs of scalars given by row splits (a ragged row, or a uniform axis with nothing inside it),
 * {@code segments} folds vectors of {@code inner} elements into segments by id, in order of the
 * vector (TF's CPU {@code unsorted_segment_*} order), which also covers uniform axes with inner
 * dimensions. Each is a plain counted loop over primitive arrays with the operation chosen
 * outside it, so that C2 compiles one tight loop per case. Row loops above {@link ParallelLoops}'
 * threshold are split at row boundaries (each row folded by one task, so the bits do not change).
 *
 * <p>int8 and int16 are reduced in the {@code int} family and narrowed afterwards: sum and
 * product modulo 2^32 narrow to the same value as wrapping at every step. Float min and max fold
 * as TF's code path for the axis does ({@link MinMaxFunctions}: a NaN anywhere gives NaN on a
 * uniform axis, only a row's last one on a ragged axis; of equal values the later wins).
 */
final class ReduceLoops {
  private ReduceLoops() {}

  /** {@code out[r] = op(x[splits[r]], ..., x[splits[r+1]-1])}, starting from {@code init}. */
  static int[] rows(Reducer op, int[] x, long[] splits, int init) {
    int[] out = new int[splits.length - 1];
    ParallelLoops.forRows(splits, (from, to) -> rows(op, x, splits, init, out, from, to));
    return out;
  }

  /** Rows {@code [from, to)} of {@link #rows(Reducer, int[], long[], int)}, into {@code out}. */
  static void rows(Reducer op, int[] x, long[] splits, int init, int[] out, int from, int to) {
    switch (op) {
      case SUM -> {
        for (int r = from; r < to; r++) {
          int acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = acc + x[i];
          }
          out[r] = acc;
        }
      }
      case PROD -> {
        for (int r = from; r < to; r++) {
          int acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = acc * x[i];
          }
          out[r] = acc;
        }
      }
      case MIN -> {
        for (int r = from; r < to; r++) {
          int acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = Math.min(acc, x[i]);
          }
          out[r] = acc;
        }
      }
      case MAX -> {
        for (int r = from; r < to; r++) {
          int acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = Math.max(acc, x[i]);
          }
          out[r] = acc;
        }
      }
      default -> throw new IllegalArgumentException(op + " is not defined on int");
    }
  }

  /**
   * {@code out[ids[v]] = op(out[ids[v]], x[v])} for each vector {@code v} of {@code inner}
   * elements, in order of {@code v}; {@code out} starts as {@code nseg} vectors of {@code init}.
   */
  static int[] segments(Reducer op, int[] x, int inner, int[] ids, int nseg, int init) {
    int[] out = new int[Sizes.elementCount(new long[] {nseg, inner})];
    java.util.Arrays.fill(out, init);
    switch (op) {
      case SUM -> {
        for (int v = 0; v < ids.length; v++) {
          int o = ids[v] * inner;
          int b = v * inner;
          for (int i = 0; i < inner; i++) {
            out[o + i] = out[o + i] + x[b + i];
          }
        }
      }
      case PROD -> {
        for (int v = 0; v < ids.length; v++) {
          int o = ids[v] * inner;
          int b = v * inner;
          for (int i = 0; i < inner; i++) {
            out[o + i] = out[o + i] * x[b + i];
          }
        }
      }
      case MIN -> {
        for (int v = 0; v < ids.length; v++) {
          int o = ids[v] * inner;
          int b = v * inner;
          for (int i = 0; i < inner; i++) {
            out[o + i] = Math.min(out[o + i], x[b + i]);
          }
        }
      }
      case MAX -> {
        for (int v = 0; v < ids.length; v++) {
          int o = ids[v] * inner;
          int b = v * inner;
          for (int i = 0; i < inner; i++) {
            out[o + i] = Math.max(out[o + i], x[b + i]);
          }
        }
      }
      default -> throw new IllegalArgumentException(op + " is not defined on int");
    }
    return out;
  }

  /** {@code out[r] = op(x[splits[r]], ..., x[splits[r+1]-1])}, starting from {@code init}. */
  static long[] rows(Reducer op, long[] x, long[] splits, long init) {
    long[] out = new long[splits.length - 1];
    ParallelLoops.forRows(splits, (from, to) -> rows(op, x, splits, init, out, from, to));
    return out;
  }

  /** Rows {@code [from, to)} of {@link #rows(Reducer, long[], long[], long)}, into {@code out}. */
  static void rows(Reducer op, long[] x, long[] splits, long init, long[] out, int from, int to) {
    switch (op) {
      case SUM -> {
        for (int r = from; r < to; r++) {
          long acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = acc + x[i];
          }
          out[r] = acc;
        }
      }
      case PROD -> {
        for (int r = from; r < to; r++) {
          long acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = acc * x[i];
          }
          out[r] = acc;
        }
      }
      case MIN -> {
        for (int r = from; r < to; r++) {
          long acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = Math.min(acc, x[i]);
          }
          out[r] = acc;
        }
      }
      case MAX -> {
        for (int r = from; r < to; r++) {
          long acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = Math.max(acc, x[i]);
          }
          out[r] = acc;
        }
      }
      default -> throw new IllegalArgumentException(op + " is not defined on long");
    }
  }

  /**
   * {@code out[ids[v]] = op(out[ids[v]], x[v])} for each vector {@code v} of {@code inner}
   * elements, in order of {@code v}; {@code out} starts as {@code nseg} vectors of {@code init}.
   */
  static long[] segments(Reducer op, long[] x, int inner, int[] ids, int nseg, long init) {
    long[] out = new long[Sizes.elementCount(new long[] {nseg, inner})];
    java.util.Arrays.fill(out, init);
    switch (op) {
      case SUM -> {
        for (int v = 0; v < ids.length; v++) {
          int o = ids[v] * inner;
          int b = v * inner;
          for (int i = 0; i < inner; i++) {
            out[o + i] = out[o + i] + x[b + i];
          }
        }
      }
      case PROD -> {
        for (int v = 0; v < ids.length; v++) {
          int o = ids[v] * inner;
          int b = v * inner;
          for (int i = 0; i < inner; i++) {
            out[o + i] = out[o + i] * x[b + i];
          }
        }
      }
      case MIN -> {
        for (int v = 0; v < ids.length; v++) {
          int o = ids[v] * inner;
          int b = v * inner;
          for (int i = 0; i < inner; i++) {
            out[o + i] = Math.min(out[o + i], x[b + i]);
          }
        }
      }
      case MAX -> {
        for (int v = 0; v < ids.length; v++) {
          int o = ids[v] * inner;
          int b = v * inner;
          for (int i = 0; i < inner; i++) {
            out[o + i] = Math.max(out[o + i], x[b + i]);
          }
        }
      }
      default -> throw new IllegalArgumentException(op + " is not defined on long");
    }
    return out;
  }

  /** {@code out[r] = op(x[splits[r]], ..., x[splits[r+1]-1])}, starting from {@code init}. */
  static float[] rows(Reducer op, Reducer.Mode mode, float[] x, long[] splits, float init) {
    float[] out = new float[splits.length - 1];
    ParallelLoops.forRows(splits, (from, to) -> rows(op, mode, x, splits, init, out, from, to));
    return out;
  }

  /** Rows {@code [from, to)} of {@link #rows(Reducer, Reducer.Mode, float[], long[], float)}, into {@code out}. */
  static void rows(Reducer op, Reducer.Mode mode, float[] x, long[] splits, float init, float[] out, int from, int to) {
    boolean dense = mode == Reducer.Mode.DENSE;
    switch (op) {
      case SUM -> {
        for (int r = from; r < to; r++) {
          float acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = acc + x[i];
          }
          out[r] = acc;
        }
      }
      case PROD -> {
        for (int r = from; r < to; r++) {
          float acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = acc * x[i];
          }
          out[r] = acc;
        }
      }
      case MIN -> {
        for (int r = from; r < to; r++) {
          float acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = dense ? MinMaxFunctions.denseMin(acc, x[i]) : MinMaxFunctions.segmentMin(acc, x[i]);
          }
          out[r] = acc;
        }
      }
      case MAX -> {
        for (int r = from; r < to; r++) {
          float acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = dense ? MinMaxFunctions.denseMax(acc, x[i]) : MinMaxFunctions.segmentMax(acc, x[i]);
          }
          out[r] = acc;
        }
      }
      default -> throw new IllegalArgumentException(op + " is not defined on float");
    }
  }

  /**
   * {@code out[ids[v]] = op(out[ids[v]], x[v])} for each vector {@code v} of {@code inner}
   * elements, in order of {@code v}; {@code out} starts as {@code nseg} vectors of {@code init}.
   */
  static float[] segments(Reducer op, Reducer.Mode mode, float[] x, int inner, int[] ids, int nseg, float init) {
    boolean dense = mode == Reducer.Mode.DENSE;
    float[] out = new float[Sizes.elementCount(new long[] {nseg, inner})];
    java.util.Arrays.fill(out, init);
    switch (op) {
      case SUM -> {
        for (int v = 0; v < ids.length; v++) {
          int o = ids[v] * inner;
          int b = v * inner;
          for (int i = 0; i < inner; i++) {
            out[o + i] = out[o + i] + x[b + i];
          }
        }
      }
      case PROD -> {
        for (int v = 0; v < ids.length; v++) {
          int o = ids[v] * inner;
          int b = v * inner;
          for (int i = 0; i < inner; i++) {
            out[o + i] = out[o + i] * x[b + i];
          }
        }
      }
      case MIN -> {
        for (int v = 0; v < ids.length; v++) {
          int o = ids[v] * inner;
          int b = v * inner;
          for (int i = 0; i < inner; i++) {
            out[o + i] = dense ? MinMaxFunctions.denseMin(out[o + i], x[b + i]) : MinMaxFunctions.segmentMin(out[o + i], x[b + i]);
          }
        }
      }
      case MAX -> {
        for (int v = 0; v < ids.length; v++) {
          int o = ids[v] * inner;
          int b = v * inner;
          for (int i = 0; i < inner; i++) {
            out[o + i] = dense ? MinMaxFunctions.denseMax(out[o + i], x[b + i]) : MinMaxFunctions.segmentMax(out[o + i], x[b + i]);
          }
        }
      }
      default -> throw new IllegalArgumentException(op + " is not defined on float");
    }
    return out;
  }

  /** {@code out[r] = op(x[splits[r]], ..., x[splits[r+1]-1])}, starting from {@code init}. */
  static double[] rows(Reducer op, Reducer.Mode mode, double[] x, long[] splits, double init) {
    double[] out = new double[splits.length - 1];
    ParallelLoops.forRows(splits, (from, to) -> rows(op, mode, x, splits, init, out, from, to));
    return out;
  }

  /** Rows {@code [from, to)} of {@link #rows(Reducer, Reducer.Mode, double[], long[], double)}, into {@code out}. */
  static void rows(Reducer op, Reducer.Mode mode, double[] x, long[] splits, double init, double[] out, int from, int to) {
    boolean dense = mode == Reducer.Mode.DENSE;
    switch (op) {
      case SUM -> {
        for (int r = from; r < to; r++) {
          double acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = acc + x[i];
          }
          out[r] = acc;
        }
      }
      case PROD -> {
        for (int r = from; r < to; r++) {
          double acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = acc * x[i];
          }
          out[r] = acc;
        }
      }
      case MIN -> {
        for (int r = from; r < to; r++) {
          double acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = dense ? MinMaxFunctions.denseMin(acc, x[i]) : MinMaxFunctions.segmentMin(acc, x[i]);
          }
          out[r] = acc;
        }
      }
      case MAX -> {
        for (int r = from; r < to; r++) {
          double acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = dense ? MinMaxFunctions.denseMax(acc, x[i]) : MinMaxFunctions.segmentMax(acc, x[i]);
          }
          out[r] = acc;
        }
      }
      default -> throw new IllegalArgumentException(op + " is not defined on double");
    }
  }

  /**
   * {@code out[ids[v]] = op(out[ids[v]], x[v])} for each vector {@code v} of {@code inner}
   * elements, in order of {@code v}; {@code out} starts as {@code nseg} vectors of {@code init}.
   */
  static double[] segments(Reducer op, Reducer.Mode mode, double[] x, int inner, int[] ids, int nseg, double init) {
    boolean dense = mode == Reducer.Mode.DENSE;
    double[] out = new double[Sizes.elementCount(new long[] {nseg, inner})];
    java.util.Arrays.fill(out, init);
    switch (op) {
      case SUM -> {
        for (int v = 0; v < ids.length; v++) {
          int o = ids[v] * inner;
          int b = v * inner;
          for (int i = 0; i < inner; i++) {
            out[o + i] = out[o + i] + x[b + i];
          }
        }
      }
      case PROD -> {
        for (int v = 0; v < ids.length; v++) {
          int o = ids[v] * inner;
          int b = v * inner;
          for (int i = 0; i < inner; i++) {
            out[o + i] = out[o + i] * x[b + i];
          }
        }
      }
      case MIN -> {
        for (int v = 0; v < ids.length; v++) {
          int o = ids[v] * inner;
          int b = v * inner;
          for (int i = 0; i < inner; i++) {
            out[o + i] = dense ? MinMaxFunctions.denseMin(out[o + i], x[b + i]) : MinMaxFunctions.segmentMin(out[o + i], x[b + i]);
          }
        }
      }
      case MAX -> {
        for (int v = 0; v < ids.length; v++) {
          int o = ids[v] * inner;
          int b = v * inner;
          for (int i = 0; i < inner; i++) {
            out[o + i] = dense ? MinMaxFunctions.denseMax(out[o + i], x[b + i]) : MinMaxFunctions.segmentMax(out[o + i], x[b + i]);
          }
        }
      }
      default -> throw new IllegalArgumentException(op + " is not defined on double");
    }
    return out;
  }

  /** {@code out[r] = op(x[splits[r]], ..., x[splits[r+1]-1])}, starting from {@code init}. */
  static boolean[] rows(Reducer op, boolean[] x, long[] splits, boolean init) {
    boolean[] out = new boolean[splits.length - 1];
    ParallelLoops.forRows(splits, (from, to) -> rows(op, x, splits, init, out, from, to));
    return out;
  }

  /** Rows {@code [from, to)} of {@link #rows(Reducer, boolean[], long[], boolean)}, into {@code out}. */
  static void rows(Reducer op, boolean[] x, long[] splits, boolean init, boolean[] out, int from, int to) {
    switch (op) {
      case ALL -> {
        for (int r = from; r < to; r++) {
          boolean acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = acc & x[i];
          }
          out[r] = acc;
        }
      }
      case ANY -> {
        for (int r = from; r < to; r++) {
          boolean acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = acc | x[i];
          }
          out[r] = acc;
        }
      }
      default -> throw new IllegalArgumentException(op + " is not defined on boolean");
    }
  }

  /**
   * {@code out[ids[v]] = op(out[ids[v]], x[v])} for each vector {@code v} of {@code inner}
   * elements, in order of {@code v}; {@code out} starts as {@code nseg} vectors of {@code init}.
   */
  static boolean[] segments(Reducer op, boolean[] x, int inner, int[] ids, int nseg, boolean init) {
    boolean[] out = new boolean[Sizes.elementCount(new long[] {nseg, inner})];
    java.util.Arrays.fill(out, init);
    switch (op) {
      case ALL -> {
        for (int v = 0; v < ids.length; v++) {
          int o = ids[v] * inner;
          int b = v * inner;
          for (int i = 0; i < inner; i++) {
            out[o + i] = out[o + i] & x[b + i];
          }
        }
      }
      case ANY -> {
        for (int v = 0; v < ids.length; v++) {
          int o = ids[v] * inner;
          int b = v * inner;
          for (int i = 0; i < inner; i++) {
            out[o + i] = out[o + i] | x[b + i];
          }
        }
      }
      default -> throw new IllegalArgumentException(op + " is not defined on boolean");
    }
    return out;
  }
}
