package dev.tatter.bench.tf;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Random inputs for the oracle tests, small first (the first failing seed is then a small
 * case): empty tensors, empty rows, and values drawn half the time from the extremes of their
 * dtype (NaN, infinities, -0.0, MIN/MAX, the smallest subnormal).
 */
final class OracleInputs {
  private OracleInputs() {}

  static final float[] FLOAT_EXTREMES = {
    0f, -0f, 1f, -1f, 0.5f, -2.5f, 3f, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
    Float.MAX_VALUE, -Float.MAX_VALUE, Float.MIN_VALUE, Float.MIN_NORMAL, 1e-30f, 7f,
  };
  static final long[] INT_EXTREMES = {
    0, 1, -1, 2, -2, 3, -3, 7, -7, Integer.MAX_VALUE, Integer.MIN_VALUE, Integer.MAX_VALUE - 1, 100, -100,
  };
  static final long[] LONG_EXTREMES = {
    0, 1, -1, 2, -2, 3, -3, 7, -7, Long.MAX_VALUE, Long.MIN_VALUE, Integer.MAX_VALUE, Integer.MIN_VALUE, 1L << 40,
  };

  /** Sizes grow with the seed: seed 0..9 are tiny. */
  static int maxSize(int seed) {
    return 1 + seed / 10;
  }

  static Tensor vector(DType dtype, int n, SplittableRandom r) {
    return tensor(dtype, new int[] {n}, r);
  }

  static Tensor tensor(DType dtype, int[] shape, SplittableRandom r) {
    int n = 1;
    for (int d : shape) {
      n *= d;
    }
    Object data = switch (dtype) {
      case FLOAT32 -> {
        float[] a = new float[n];
        for (int i = 0; i < n; i++) {
          a[i] = r.nextBoolean() ? FLOAT_EXTREMES[r.nextInt(FLOAT_EXTREMES.length)] : (float) (r.nextInt(-50, 50) / 4.0);
        }
        yield a;
      }
      case FLOAT64 -> {
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
          a[i] = r.nextBoolean() ? FLOAT_EXTREMES[r.nextInt(FLOAT_EXTREMES.length)] : r.nextInt(-50, 50) / 4.0;
        }
        yield a;
      }
      case INT32 -> {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
          a[i] = r.nextBoolean() ? (int) INT_EXTREMES[r.nextInt(INT_EXTREMES.length)] : r.nextInt(-20, 20);
        }
        yield a;
      }
      case INT64 -> {
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
          a[i] = r.nextBoolean() ? LONG_EXTREMES[r.nextInt(LONG_EXTREMES.length)] : r.nextInt(-20, 20);
        }
        yield a;
      }
      default -> throw new IllegalArgumentException(dtype.toString());
    };
    return Tensor.wrap(dtype, shape, data);
  }

  /** Row splits of {@code nrows} rows, each of length 0..maxLength (some all-empty). */
  static long[] splits(int nrows, int maxLength, SplittableRandom r) {
    long[] s = new long[nrows + 1];
    boolean allEmpty = r.nextInt(8) == 0;
    for (int i = 0; i < nrows; i++) {
      s[i + 1] = s[i] + (allEmpty ? 0 : r.nextInt(maxLength + 1));
    }
    return s;
  }

  /** A ragged tensor of {@code raggedRank} partitions over flat values of {@code innerShape} inner dims. */
  static RaggedTensor ragged(DType dtype, int raggedRank, int[] innerShape, int seed) {
    SplittableRandom r = new SplittableRandom(seed);
    int size = maxSize(seed);
    List<RowPartition> partitions = new ArrayList<>();
    int rows = r.nextInt(size + 1);
    for (int level = 0; level < raggedRank; level++) {
      long[] s = splits(rows, size, r);
      partitions.add(RowPartition.fromRowSplits(s, DType.INT64, true));
      rows = (int) s[s.length - 1];
    }
    int[] shape = new int[1 + innerShape.length];
    shape[0] = rows;
    System.arraycopy(innerShape, 0, shape, 1, innerShape.length);
    return RaggedTensor.ofNested(tensor(dtype, shape, r), partitions);
  }

  static Tensor scalar(DType dtype, SplittableRandom r) {
    return tensor(dtype, new int[0], r);
  }
}
