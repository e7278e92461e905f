package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.reduce.Reducer;
import dev.tatter.runtime.kernels.sparse.SparseReduceKernels;
import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * {@code tf.sparse.reduce_sum}'s dense result over trailing axes of row-major indices (the one-pass
 * path) against TF's semantics — entries sorted by (kept dims, reduced dims), each group summed
 * from 0 in that order — through every backend, and bit for bit against the general grouping
 * (the sparse result, which always groups) on random inputs.
 */
class SparseReduceSumFastPathTest {
  private final GraphBuilder g = new GraphBuilder();
  private final Ops tf = g.ops();

  private Value matrix(DType dtype) {
    return g.placeholder("p", SparseType.of(dtype, -1, -1));
  }

  @Test
  void rowMajorLastAxis_sumsEachRowInIndexOrder() {
    Value p = matrix(DType.FLOAT32);
    // tf.sparse.reduce_sum(tf.sparse.SparseTensor([[0, 0], [0, 2], [1, 1], [3, 0], [3, 1]],
    //     [1.5, 2.25, -4., .5, .25], [4, 3]), axis=1) -> [3.75, -4., 0., 0.75]
    SparseTensor st = SparseTensor.of(new long[][] {{0, 0}, {0, 2}, {1, 1}, {3, 0}, {3, 1}},
        Tensor.ofFloats(1.5f, 2.25f, -4f, .5f, .25f), 4, 3);
    assertEquals("[3.75, -4.0, 0.0, 0.75]", runFirst(g, tf.sparse.reduceSum(p, new long[] {1}, false), Map.of("p", st)));
    assertEquals("[3.75, -4.0, 0.0, 0.75]", runFirst(g, tf.sparse.reduceSum(p, new long[] {-1}, false), Map.of("p", st)));
    // ... keepdims=True -> [[3.75], [-4.], [0.], [0.75]]
    assertEquals("[[3.75], [-4.0], [0.0], [0.75]]", runFirst(g, tf.sparse.reduceSum(p, new long[] {1}, true), Map.of("p", st)));
    // tf.sparse.reduce_sum(st) (every axis, in index order from 0) -> 0.5
    assertEquals("0.5", runFirst(g, tf.sparse.reduceSum(p), Map.of("p", st)));
  }

  @Test
  void rowMajorRepeatsAndSignedZero_areSummedAsTfsGroups() {
    Value p = matrix(DType.FLOAT64);
    // tf.sparse.reduce_sum(SparseTensor([[0, 1], [0, 1], [1, 0]], [1., 2., -0.], [2, 2]), 1) -> [3., 0.]:
    // the repeated index is summed; a row of -0.0 alone sums from 0 to 0.0
    SparseTensor st = SparseTensor.of(new long[][] {{0, 1}, {0, 1}, {1, 0}}, Tensor.ofDoubles(1, 2, -0.0), 2, 2);
    assertEquals("[3.0, 0.0]", runFirst(g, tf.sparse.reduceSum(p, new long[] {1}, false), Map.of("p", st)));
    // in index order: (1e16 + 1) + -1e16 is 0 in float64 (the 1 is lost), as TF's sorted group sums it
    SparseTensor big = SparseTensor.of(new long[][] {{0, 0}, {0, 1}, {0, 2}}, Tensor.ofDoubles(1e16, 1, -1e16), 1, 3);
    assertEquals("[0.0]", runFirst(g, tf.sparse.reduceSum(p, new long[] {1}, false), Map.of("p", big)));
  }

  @Test
  void unorderedIndices_areSortedFirstAsTfsKernelDoes() {
    Value p = matrix(DType.FLOAT64);
    // the same entries given as (0, 2), (0, 0), (0, 1): TF's kernel reorders to (0, 0), (0, 1), (0, 2), so
    // tf.sparse.reduce_sum(SparseTensor([[0, 2], [0, 0], [0, 1]], [-1e16, 1e16, 1.], [1, 3]), 1) -> [0.]
    // (in the given order the sum would be (-1e16 + 1e16) + 1 = 1)
    SparseTensor st = SparseTensor.of(new long[][] {{0, 2}, {0, 0}, {0, 1}}, Tensor.ofDoubles(-1e16, 1e16, 1), 1, 3);
    assertEquals("[0.0]", runFirst(g, tf.sparse.reduceSum(p, new long[] {1}, false), Map.of("p", st)));
  }

  @Test
  void trailingAxesOfRank3_andEmpty() {
    Value p = g.placeholder("p", SparseType.of(DType.INT64, -1, -1, -1));
    // st = SparseTensor([[0, 0, 1], [0, 1, 0], [1, 0, 0], [1, 1, 1]], [1, 2, 4, 8], [3, 2, 2])
    SparseTensor st = SparseTensor.of(new long[][] {{0, 0, 1}, {0, 1, 0}, {1, 0, 0}, {1, 1, 1}}, Tensor.ofLongs(1, 2, 4, 8), 3, 2, 2);
    // tf.sparse.reduce_sum(st, [1, 2]) -> [3, 12, 0]
    assertEquals("[3, 12, 0]", runFirst(g, tf.sparse.reduceSum(p, new long[] {1, 2}, false), Map.of("p", st)));
    // tf.sparse.reduce_sum(st, 2) -> [[1, 2], [4, 8], [0, 0]]
    assertEquals("[[1, 2], [4, 8], [0, 0]]", runFirst(g, tf.sparse.reduceSum(p, new long[] {2}, false), Map.of("p", st)));
    // tf.sparse.reduce_sum(SparseTensor(tf.zeros([0, 3], tf.int64), [], [2, 0, 3]), 2) -> zeros [2, 0]
    SparseTensor empty = SparseTensor.of(new long[0][], Tensor.ofLongs(), 2, 0, 3);
    assertEquals("[[], []]", runFirst(g, tf.sparse.reduceSum(p, new long[] {2}, false), Map.of("p", empty)));
  }

  @Test
  void integerSumsWrapInTheirWidth() {
    Value p = matrix(DType.INT32);
    // tf.sparse.reduce_sum(SparseTensor([[0, 0], [0, 1]], [2**31 - 1, 1], [1, 2]), 1) -> [-2147483648]
    SparseTensor st = SparseTensor.of(new long[][] {{0, 0}, {0, 1}}, Tensor.ofInts(Integer.MAX_VALUE, 1), 1, 2);
    assertEquals("[-2147483648]", runFirst(g, tf.sparse.reduceSum(p, new long[] {1}, false), Map.of("p", st)));
  }

  @Test
  void badIndices_areNamedWhetherOrderedOrNot() {
    Value p = matrix(DType.FLOAT32);
    Value sum = tf.sparse.reduceSum(p, new long[] {1}, false);
    try (Session session = new Session(g.build(sum))) {
      // in order up to the bad entry
      String msg = assertThrows(InvalidArgumentException.class, () -> session.run(Map.of("p",
          SparseTensor.of(new long[][] {{0, 0}, {1, 1}, {1, 3}}, Tensor.ofFloats(1, 2, 3), 2, 3)), sum)).getMessage();
      assertTrue(msg.endsWith("indices[2]=[1, 3] is out of bounds for dense_shape [2, 3]"), msg);
      // out of order before the bad entry: the general path names the same entry
      msg = assertThrows(InvalidArgumentException.class, () -> session.run(Map.of("p",
          SparseTensor.of(new long[][] {{1, 0}, {0, 1}, {-1, 0}}, Tensor.ofFloats(1, 2, 3), 2, 3)), sum)).getMessage();
      assertTrue(msg.endsWith("indices[2]=[-1, 0] is out of bounds for dense_shape [2, 3]"), msg);
      // an output too large to hold is refused before anything is allocated
      msg = assertThrows(InvalidArgumentException.class, () -> session.run(Map.of("p",
          SparseTensor.of(new long[0][], Tensor.ofFloats(), 3_000_000_000L, 2)), sum)).getMessage();
      assertTrue(msg.contains("3000000000"), msg);
    }
  }

  @Test
  void randomRowMajorInputs_matchTheGeneralGroupingBitForBit() {
    SplittableRandom r = new SplittableRandom(15);
    DType[] dtypes = {DType.FLOAT32, DType.FLOAT64, DType.INT32, DType.UINT32, DType.INT64, DType.UINT64};
    for (int c = 0; c < 300; c++) {
      DType dtype = dtypes[c % dtypes.length];
      int rank = 1 + r.nextInt(3);
      long[] shape = new long[rank];
      for (int d = 0; d < rank; d++) {
        shape[d] = 1 + r.nextInt(5);
      }
      int nnz = r.nextInt(20);
      long[][] idx = new long[nnz][];
      for (int t = 0; t < nnz; t++) {
        idx[t] = new long[rank];
        for (int d = 0; d < rank; d++) {
          idx[t][d] = r.nextLong(shape[d]);
        }
      }
      Arrays.sort(idx, Arrays::compare); // row-major, repeats kept
      Tensor values = randomValues(dtype, nnz, r);
      SparseTensor st = SparseTensor.of(idx, values, shape);
      int firstReduced = r.nextInt(rank + 1);
      long[] axes = java.util.stream.LongStream.range(firstReduced, rank).toArray();
      Tensor fast = SparseReduceKernels.reduce(Reducer.SUM, st, axes, false);
      SparseTensor grouped = SparseReduceKernels.reduceSparse(Reducer.SUM, st, axes, true);
      assertEquals(scatter(grouped, fast), fast, st + " over " + Arrays.toString(axes));
    }
  }

  private static Tensor randomValues(DType dtype, int n, SplittableRandom r) {
    return switch (dtype) {
      case FLOAT32 -> {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
          v[i] = r.nextInt(4) == 0 ? -0f : (float) r.nextDouble(-1e8, 1e8);
        }
        yield Tensor.wrap(dtype, new int[] {n}, v);
      }
      case FLOAT64 -> {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
          v[i] = r.nextInt(4) == 0 ? -0d : r.nextDouble(-1e17, 1e17);
        }
        yield Tensor.wrap(dtype, new int[] {n}, v);
      }
      case INT32, UINT32 -> Tensor.wrap(dtype, new int[] {n}, r.ints(n).toArray());
      default -> Tensor.wrap(dtype, new int[] {n}, r.longs(n).toArray());
    };
  }

  /** The general path's groups (kept dims, reduced dims at 0) written into a dense tensor of {@code like}'s shape. */
  private static Tensor scatter(SparseTensor grouped, Tensor like) {
    Object out = java.lang.reflect.Array.newInstance(like.dtype().arrayClass().getComponentType(), like.size());
    long[] idx = grouped.indicesArray();
    int rank = grouped.rank();
    long[] shape = grouped.denseShapeArray();
    for (int q = 0; q < grouped.nnz(); q++) {
      long pos = 0;
      for (int d = 0; d < rank; d++) {
        pos = pos * shape[d] + idx[q * rank + d];
      }
      System.arraycopy(grouped.values().unsafeData(), q, out, (int) pos, 1);
    }
    return Tensor.wrap(like.dtype(), like.shape(), out);
  }
}
