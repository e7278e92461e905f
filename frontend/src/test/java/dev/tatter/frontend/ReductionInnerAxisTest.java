package dev.tatter.frontend;

import dev.tatter.codegen.testing.BitExact;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * Dense reductions along an axis that is neither the last nor the only one, so that each reduced
 * row is a vector of several elements and there are several outer rows (the kernel's
 * vector-at-a-time loop, one per storage type), for sum, prod, min and max on int32, int64,
 * float32 and float64, and NaN propagation of float64 min/max along such an axis. Expected values
 * are TF's, written out; compared bit for bit.
 */
class ReductionInnerAxisTest {
  /** x = [[[1, 8, 3], [4, 5, 6]], [[7, 2, 9], [0, 11, 12]]], shape [2, 2, 3]. */
  private static final int[] X = {1, 8, 3, 4, 5, 6, 7, 2, 9, 0, 11, 12};

  private static Tensor of(DType dtype, int[] values, int... shape) {
    Object data = switch (dtype) {
      case INT32 -> values.clone();
      case INT64 -> java.util.Arrays.stream(values).asLongStream().toArray();
      case FLOAT32 -> {
        float[] f = new float[values.length];
        for (int i = 0; i < f.length; i++) {
          f[i] = values[i];
        }
        yield f;
      }
      case FLOAT64 -> java.util.Arrays.stream(values).asDoubleStream().toArray();
      default -> throw new IllegalArgumentException(dtype.toString());
    };
    return Tensor.of(dtype, data, shape);
  }

  private static void check(DType dtype, Function<Value, Value> reduce, int[] expected, int... shape) {
    GraphBuilder g = new GraphBuilder();
    Value x = g.constant(of(dtype, X, 2, 2, 3));
    Object out = Harness.runEverywhere(g.build(reduce.apply(x)), Map.of()).get(0);
    BitExact.assertSameBits(of(dtype, expected, shape), out, dtype + " reduction");
  }

  @Test
  void axis1_ofThree_sumProdMinMax() {
    for (DType dtype : List.of(DType.INT32, DType.INT64, DType.FLOAT32, DType.FLOAT64)) {
      // tf.reduce_sum(x, axis=1) -> [[5, 13, 9], [7, 13, 21]]
      check(dtype, x -> x.reduceSum(1), new int[] {5, 13, 9, 7, 13, 21}, 2, 3);
      // tf.reduce_prod(x, axis=1) -> [[4, 40, 18], [0, 22, 108]]
      check(dtype, x -> x.reduceProd(1), new int[] {4, 40, 18, 0, 22, 108}, 2, 3);
      // tf.reduce_min(x, axis=1) -> [[1, 5, 3], [0, 2, 9]]
      check(dtype, x -> x.reduceMin(1), new int[] {1, 5, 3, 0, 2, 9}, 2, 3);
      // tf.reduce_max(x, axis=1) -> [[4, 8, 6], [7, 11, 12]]
      check(dtype, x -> x.reduceMax(1), new int[] {4, 8, 6, 7, 11, 12}, 2, 3);
      // tf.reduce_max(x, axis=1, keepdims=True) -> shape [2, 1, 3]
      check(dtype, x -> x.reduceMax(1, true), new int[] {4, 8, 6, 7, 11, 12}, 2, 1, 3);
    }
  }

  @Test
  void axis0_ofThree_sumProdMinMax() {
    for (DType dtype : List.of(DType.INT32, DType.INT64, DType.FLOAT32, DType.FLOAT64)) {
      // tf.reduce_sum(x, axis=0) -> [[8, 10, 12], [4, 16, 18]]
      check(dtype, x -> x.reduceSum(0), new int[] {8, 10, 12, 4, 16, 18}, 2, 3);
      // tf.reduce_prod(x, axis=0) -> [[7, 16, 27], [0, 55, 72]]
      check(dtype, x -> x.reduceProd(0), new int[] {7, 16, 27, 0, 55, 72}, 2, 3);
      // tf.reduce_min(x, axis=0) -> [[1, 2, 3], [0, 5, 6]]
      check(dtype, x -> x.reduceMin(0), new int[] {1, 2, 3, 0, 5, 6}, 2, 3);
      // tf.reduce_max(x, axis=0) -> [[7, 8, 9], [4, 11, 12]]
      check(dtype, x -> x.reduceMax(0), new int[] {7, 8, 9, 4, 11, 12}, 2, 3);
    }
  }

  @Test
  void float64_minMaxAlongAnOuterAxis_propagateNaN() {
    // tf.reduce_max(tf.constant([[nan, 1.], [2., nan], [3., 0.]], tf.float64), axis=0) -> [nan, nan]
    // tf.reduce_min(..., axis=0) -> [nan, nan]: a dense reduction keeps a NaN wherever it is (Eigen's reducers)
    double nan = Double.NaN;
    for (boolean max : new boolean[] {true, false}) {
      GraphBuilder g = new GraphBuilder();
      Value x = g.constant(Tensor.of(DType.FLOAT64, new double[] {nan, 1, 2, nan, 3, 0}, 3, 2));
      Object out = Harness.runEverywhere(g.build(max ? x.reduceMax(0) : x.reduceMin(0)), Map.of()).get(0);
      BitExact.assertSameBits(Tensor.of(DType.FLOAT64, new double[] {nan, nan}, 2), out, max ? "max" : "min");
    }
  }

  @Test
  void raggedRowsOfVectors_minMax_float32AndFloat64() {
    // rt = tf.RaggedTensor.from_row_splits([[1, 8], [4, 2], [3, 5], [7, 6]], [0, 3, 4]) (a segment reduction per row)
    // tf.reduce_max(rt, axis=1) -> [[4, 8], [7, 6]]; tf.reduce_min(rt, axis=1) -> [[1, 2], [7, 6]]
    int[] values = {1, 8, 4, 2, 3, 5, 7, 6};
    for (DType dtype : List.of(DType.FLOAT32, DType.FLOAT64)) {
      for (boolean max : new boolean[] {true, false}) {
        GraphBuilder g = new GraphBuilder();
        Value rt = g.raggedFromRowSplits(g.constant(of(dtype, values, 4, 2)), g.constant(Tensor.ofLongs(0, 3, 4)));
        Object out = Harness.runEverywhere(g.build(max ? rt.reduceMax(1) : rt.reduceMin(1)), Map.of()).get(0);
        BitExact.assertSameBits(of(dtype, max ? new int[] {4, 8, 7, 6} : new int[] {1, 2, 7, 6}, 2, 2), out, dtype + (max ? " max" : " min"));
      }
    }
  }
}
