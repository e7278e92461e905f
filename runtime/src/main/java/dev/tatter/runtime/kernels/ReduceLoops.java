package dev.tatter.runtime.kernels;

import dev.tatter.runtime.Sizes;

/**
 * The loops of every reduction, one pair per element family: {@code rows} reduces consecutive
 * runs of scalars given by row splits (a ragged row, or a uniform axis with nothing inside it),
 * {@code segments} folds vectors of {@code inner} elements into segments by id, in order of the
 * vector (TF's CPU {@code unsorted_segment_*} order), which also covers uniform axes with inner
 * dimensions. Each is a plain counted loop over primitive arrays with the operation chosen
 * outside it, so that C2 compiles one tight loop per case.
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
    int nrows = splits.length - 1;
    int[] out = new int[nrows];
    switch (op) {
      case SUM -> {
        for (int r = 0; r < nrows; r++) {
          int acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = acc + x[i];
          }
          out[r] = acc;
        }
      }
      case PROD -> {
        for (int r = 0; r < nrows; r++) {
          int acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = acc * x[i];
          }
          out[r] = acc;
        }
      }
      case MIN -> {
        for (int r = 0; r < nrows; r++) {
          int acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = Math.min(acc, x[i]);
          }
          out[r] = acc;
        }
      }
      case MAX -> {
        for (int r = 0; r < nrows; r++) {
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
    return out;
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
    int nrows = splits.length - 1;
    long[] out = new long[nrows];
    switch (op) {
      case SUM -> {
        for (int r = 0; r < nrows; r++) {
          long acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = acc + x[i];
          }
          out[r] = acc;
        }
      }
      case PROD -> {
        for (int r = 0; r < nrows; r++) {
          long acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = acc * x[i];
          }
          out[r] = acc;
        }
      }
      case MIN -> {
        for (int r = 0; r < nrows; r++) {
          long acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = Math.min(acc, x[i]);
          }
          out[r] = acc;
        }
      }
      case MAX -> {
        for (int r = 0; r < nrows; r++) {
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
    return out;
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
    boolean dense = mode == Reducer.Mode.DENSE;
    int nrows = splits.length - 1;
    float[] out = new float[nrows];
    switch (op) {
      case SUM -> {
        for (int r = 0; r < nrows; r++) {
          float acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = acc + x[i];
          }
          out[r] = acc;
        }
      }
      case PROD -> {
        for (int r = 0; r < nrows; r++) {
          float acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = acc * x[i];
          }
          out[r] = acc;
        }
      }
      case MIN -> {
        for (int r = 0; r < nrows; r++) {
          float acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = dense ? MinMaxFunctions.denseMin(acc, x[i]) : MinMaxFunctions.segmentMin(acc, x[i]);
          }
          out[r] = acc;
        }
      }
      case MAX -> {
        for (int r = 0; r < nrows; r++) {
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
    return out;
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
    boolean dense = mode == Reducer.Mode.DENSE;
    int nrows = splits.length - 1;
    double[] out = new double[nrows];
    switch (op) {
      case SUM -> {
        for (int r = 0; r < nrows; r++) {
          double acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = acc + x[i];
          }
          out[r] = acc;
        }
      }
      case PROD -> {
        for (int r = 0; r < nrows; r++) {
          double acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = acc * x[i];
          }
          out[r] = acc;
        }
      }
      case MIN -> {
        for (int r = 0; r < nrows; r++) {
          double acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = dense ? MinMaxFunctions.denseMin(acc, x[i]) : MinMaxFunctions.segmentMin(acc, x[i]);
          }
          out[r] = acc;
        }
      }
      case MAX -> {
        for (int r = 0; r < nrows; r++) {
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
    return out;
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
    int nrows = splits.length - 1;
    boolean[] out = new boolean[nrows];
    switch (op) {
      case ALL -> {
        for (int r = 0; r < nrows; r++) {
          boolean acc = init;
          int limit = (int) splits[r + 1];
          for (int i = (int) splits[r]; i < limit; i++) {
            acc = acc & x[i];
          }
          out[r] = acc;
        }
      }
      case ANY -> {
        for (int r = 0; r < nrows; r++) {
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
    return out;
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
