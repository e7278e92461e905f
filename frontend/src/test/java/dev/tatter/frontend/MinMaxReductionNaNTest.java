package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * NaN and signed zeros in reduce_min/reduce_max, as TF 2.18's two CPU code paths give them (values
 * printed by TF Java 1.1.0): a uniform axis (Eigen's reducers) gives NaN if any element is NaN; a
 * ragged axis ({@code unsorted_segment_min/max}, which TF's ragged reductions call) lets a NaN be
 * replaced by the next element, so only a row's last NaN survives. Both keep the later of two
 * equal zeros. Every case runs through {@link Harness#runEverywhere}: interpreter, the optimized
 * graph (where the ragged reduction becomes a row reduction fused with its producer), bytecode —
 * all bit-equal.
 */
class MinMaxReductionNaNTest {
  private final GraphBuilder g = new GraphBuilder();
  private static final float NAN = Float.NaN;

  private static RaggedTensor rows(float[][] rows) {
    int n = 0;
    for (float[] r : rows) {
      n += r.length;
    }
    float[] values = new float[n];
    long[] splits = new long[rows.length + 1];
    int k = 0;
    for (int i = 0; i < rows.length; i++) {
      for (float v : rows[i]) {
        values[k++] = v;
      }
      splits[i + 1] = k;
    }
    return RaggedTensor.of(Tensor.ofFloats(values), RowPartition.fromRowSplits(splits, DType.INT64, true));
  }

  private static final float[][] ROWS = {{NAN, 1}, {1, NAN}, {1, NAN, 5}, {NAN, 5, 3}, {-0f, 0f}, {0f, -0f}, {NAN}};

  @Test
  void raggedAxis_aNaNSurvivesOnlyAsTheLastOfItsRow_fusedAndUnfused() {
    Value rt = g.placeholder("rt", Types.ragged(DType.FLOAT32, 1));
    Value scaled = rt.mul(1f); // a producer that fusion folds into the row reduction
    List<Object> out = Harness.runEverywhere(g.build(rt.reduceMin(1), rt.reduceMax(1), scaled.reduceMin(1), scaled.reduceMax(1)),
        Map.of("rt", rows(ROWS)));
    // tf.math.unsorted_segment_min per row (what tf.reduce_min(rt, axis=1) calls):
    // [nan, 1] -> 1, [1, nan] -> nan, [1, nan, 5] -> 5, [nan, 5, 3] -> 3, [-0., 0.] -> 0., [0., -0.] -> -0., [nan] -> nan
    assertEquals("[1.0, nan, 5.0, 3.0, 0.0, -0.0, nan]", out.get(0).toString());
    // tf.math.unsorted_segment_max alike: [nan, 1] -> 1, [1, nan] -> nan, [1, nan, 5] -> 5, [nan, 5, 3] -> 5
    assertEquals("[1.0, nan, 5.0, 5.0, 0.0, -0.0, nan]", out.get(1).toString());
    assertEquals(out.get(0), out.get(2));
    assertEquals(out.get(1), out.get(3));
  }

  @Test
  void uniformAxis_aNaNAnywhereGivesNaN_andTheLaterZeroWins() {
    Value x = g.constant(Tensor.of(DType.FLOAT32, new float[] {NAN, 1, 1, NAN, -0f, 0f, 0f, -0f}, 4, 2));
    List<Object> out = Harness.runEverywhere(g.build(x.reduceMin(1), x.reduceMax(1), x.reduceMin(0)), Map.of());
    // tf.reduce_min([[nan, 1.], [1., nan], [-0., 0.], [0., -0.]], axis=1) -> [nan, nan, 0., -0.]
    assertEquals("[nan, nan, 0.0, -0.0]", out.get(0).toString());
    // tf.reduce_max(..., axis=1) -> [nan, nan, 0., -0.]
    assertEquals("[nan, nan, 0.0, -0.0]", out.get(1).toString());
    // tf.reduce_min(..., axis=0) -> [nan, nan]
    assertEquals("[nan, nan]", out.get(2).toString());
  }

  @Test
  void allAxesOfARaggedTensor_reduceTheFlatValuesAsADenseTensor() {
    Value rt = g.placeholder("rt", Types.ragged(DType.FLOAT64, 1));
    RaggedTensor v = RaggedTensor.of(Tensor.ofDoubles(Double.NaN, 1, 2), RowPartition.fromRowSplits(new long[] {0, 2, 3}, DType.INT64, true));
    // tf.reduce_min(tf.ragged.constant([[nan, 1.], [2.]], tf.float64)) -> nan (reduce_min of the flat values)
    assertEquals("nan", Harness.runEverywhere(g.build(rt.reduceMin()), Map.of("rt", v)).get(0).toString());
  }
}
