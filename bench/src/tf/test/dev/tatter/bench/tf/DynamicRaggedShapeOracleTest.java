package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.frontend.DynamicRaggedShape;
import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.BiFunction;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tensorflow.Operand;
import org.tensorflow.op.Ops;

/**
 * The functions of a {@code tf.experimental.DynamicRaggedShape} against TF's kernels composed as
 * TF's {@code dynamic_ragged_shape.py} composes them, on random ragged shapes (empty rows and
 * empty tensors included): {@code tf.ones}/{@code tf.fill} are {@code Fill} of the inner shape,
 * {@code tf.reshape} is {@code Reshape} of the flat values to it, and {@code tf.broadcast_to} of a
 * dense tensor gathers its rows down the partitions by their value row ids ({@code GatherV2}; a
 * leading 1 is first gathered by zeros) and ends in {@code BroadcastTo} of the inner shape. The row
 * splits must be the shape's own, the flat values equal bit for bit.
 */
class DynamicRaggedShapeOracleTest {
  static final int CASES = 30;

  @ParameterizedTest(name = "ragged_rank {0}, inner {1}, {2}")
  @CsvSource({"1, '', FLOAT32", "1, 3, INT64", "2, '', INT32", "2, 2, FLOAT64", "1, 2;1, FLOAT32"})
  void onesFillReshapeBroadcast_matchTf(int raggedRank, String inner, DType dtype) {
    int[] innerShape = inner.isEmpty() ? new int[0] : Arrays.stream(inner.split(";")).mapToInt(Integer::parseInt).toArray();
    int compared = 0;
    for (int seed = 0; seed < CASES; seed++) {
      RaggedTensor shapeOf = OracleInputs.ragged(DType.INT32, raggedRank, innerShape, seed);
      SplittableRandom r = new SplittableRandom(seed * 17L + 3);
      String what = "shape of " + shapeOf;
      int[] flatShape = shapeOf.flatValues().shape();
      int nrows = shapeOf.nrows();

      // tf.ones(tf.shape(rt), dtype): Fill(inner_shape, 1)
      Tensor one = Tensor.scalar(dtype, dtype == DType.FLOAT32 ? (Object) 1f : dtype == DType.FLOAT64 ? (Object) 1.0
          : dtype == DType.INT64 ? (Object) 1L : (Object) 1);
      compare(shapeOf, (g, s) -> g.ops().ones(s, dtype),
          tf -> tf.fill(tf.constant(longs(flatShape)), TfEval.constant(tf, one)), "ones " + what);

      // tf.fill(tf.shape(rt), value)
      Tensor value = MatmulOracleTest.random(dtype, r);
      compare(shapeOf, (g, s) -> g.ops().fill(s, g.constant(value)),
          tf -> tf.fill(tf.constant(longs(flatShape)), TfEval.constant(tf, value)), "fill " + value + ", " + what);

      // tf.reshape(t, tf.shape(rt)) of a dense vector of as many values: Reshape(t, inner_shape)
      int n = Arrays.stream(flatShape).reduce(1, (a, b) -> a * b);
      Tensor flat = MatmulOracleTest.random(dtype, r, n);
      compare(shapeOf, (g, s) -> g.ops().reshape(g.constant(flat), s),
          tf -> tf.reshape(TfEval.constant(tf, flat), tf.constant(longs(flatShape))), "reshape " + what);

      // tf.broadcast_to(x, tf.shape(rt)): x of the inner dims alone, or with the outer dim (n or 1) and 1s on the ragged dims
      int[] innerBroadcast = new int[innerShape.length];
      for (int d = 0; d < innerShape.length; d++) {
        innerBroadcast[d] = r.nextBoolean() ? 1 : innerShape[d];
      }
      Tensor innerOnly = MatmulOracleTest.random(dtype, r, innerBroadcast);
      compare(shapeOf, (g, s) -> g.ops().broadcastTo(g.constant(innerOnly), s),
          tf -> tf.broadcastTo(TfEval.constant(tf, innerOnly), tf.constant(longs(flatShape))),
          "broadcast_to " + Arrays.toString(innerBroadcast) + ", " + what);
      int outer = r.nextBoolean() ? 1 : nrows;
      int[] xShape = new int[1 + raggedRank + innerShape.length];
      Arrays.fill(xShape, 1);
      xShape[0] = outer;
      System.arraycopy(innerBroadcast, 0, xShape, 1 + raggedRank, innerShape.length);
      Tensor x = MatmulOracleTest.random(dtype, r, xShape);
      compare(shapeOf, (g, s) -> g.ops().broadcastTo(g.constant(x), s), tf -> {
        long[] rows = new long[1 + innerShape.length];
        rows[0] = outer;
        for (int d = 0; d < innerShape.length; d++) {
          rows[1 + d] = innerBroadcast[d];
        }
        Operand<?> v = tf.reshape(TfEval.constant(tf, x), tf.constant(rows));
        if (outer == 1) {
          v = tf.gather(v, tf.fill(tf.constant(new long[] {nrows}), tf.constant(0L)), tf.constant(0));
        }
        for (RowPartition p : shapeOf.nestedPartitions()) {
          v = tf.gather(v, RaggedGatherOracleTest.rowIdsOf(tf, TfEval.splits(tf, p)), tf.constant(0));
        }
        return tf.broadcastTo(v, tf.constant(longs(flatShape)));
      }, "broadcast_to " + Arrays.toString(xShape) + ", " + what);
      compared++;
    }
    assertEquals(CASES, compared);
  }

  /** Runs Tatter's function of the shape of {@code shapeOf} and TF's composition of its flat values; splits and values must match. */
  private static void compare(RaggedTensor shapeOf, BiFunction<GraphBuilder, DynamicRaggedShape, Value> tatter,
      java.util.function.Function<Ops, Operand<?>> tf, String what) {
    TfEval.Outcome expected = TfEval.run(ops -> List.<Operand<?>>of(tf.apply(ops)));
    assertTrue(!expected.failed(), what + ": TF fails: " + expected.error());
    StringBuilder type = new StringBuilder("ragged<int32>[None");
    type.append(", (None)".repeat(shapeOf.raggedRank()));
    int[] flat = shapeOf.flatValues().shape();
    for (int a = 1; a < flat.length; a++) {
      type.append(", ").append(flat[a]);
    }
    GraphBuilder g = new GraphBuilder();
    Value rt = g.placeholder("rt", Types.parse(type + "]"));
    Value out = tatter.apply(g, g.dynamicRaggedShapeFromTensor(rt));
    Map<String, Object> feeds = Map.of("rt", shapeOf);
    Object compiled;
    try (Session s = new Session(g.build())) {
      compiled = s.run(feeds, out).get(0);
    }
    try (Session s = new Session(g.build(), "", Session.Backend.INTERPRETED)) {
      assertEquals(s.run(feeds, out).get(0), compiled, what + ": compiled vs interpreted");
    }
    RaggedTensor result = (RaggedTensor) compiled;
    assertEquals(shapeOf.nestedPartitions().size(), result.nestedPartitions().size(), what + ": partitions");
    for (int i = 0; i < result.nestedPartitions().size(); i++) {
      assertTrue(Arrays.equals(shapeOf.nestedPartitions().get(i).rowSplitsArray(), result.nestedPartitions().get(i).rowSplitsArray()),
          what + ": row splits " + i);
    }
    OracleAssert.sameValues(expected.value(0), result.flatValues(), what);
  }

  private static long[] longs(int[] shape) {
    return Arrays.stream(shape).asLongStream().toArray();
  }
}
