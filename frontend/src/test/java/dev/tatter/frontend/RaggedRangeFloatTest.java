package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code tf.ragged.range} on floats: the row size is computed in the dtype (float32 rounds the
 * quotient before {@code ceil}, as TF's kernel computing in {@code T} does), values accumulate by
 * repeated addition, empty rows for a delta pointing away from the limit; vectors of different
 * lengths fail at run time even when the first is empty.
 */
class RaggedRangeFloatTest {
  @Test
  void float32Rows_sizedAndAccumulatedInFloat() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.ragged.range([0., 1.], [1., -1.], [0.3, -0.5]) -> [[0.0, 0.3, 0.6, 0.90000004], [1.0, 0.5, 0.0, -0.5]]
    assertEquals("[[0.0, 0.3, 0.6, 0.90000004], [1.0, 0.5, 0.0, -0.5]]", runFirst(g, tf.ragged.range(
        g.constant(Tensor.ofFloats(0, 1)), g.constant(Tensor.ofFloats(1, -1)), g.constant(Tensor.ofFloats(0.3f, -0.5f)))));
    // tf.ragged.range(0., 0.3, 0.1) -> [[0.0, 0.1, 0.2]]: (0.3f - 0) / 0.1f rounds to 3.0 in float32
    // (in float64 it is 3.0000000894..., whose ceil would add a fourth value)
    assertEquals("[[0.0, 0.1, 0.2]]", runFirst(g, tf.ragged.range(g.scalar(DType.FLOAT32, 0f), g.scalar(DType.FLOAT32, 0.3f),
        g.scalar(DType.FLOAT32, 0.1f))));
    // tf.ragged.range([0., 2.], [1., 1.], [-1., 1.]) -> [[], []]: each delta points away from its limit
    assertEquals("[[], []]", runFirst(g, tf.ragged.range(g.constant(Tensor.ofFloats(0, 2)), g.constant(Tensor.ofFloats(1, 1)),
        g.constant(Tensor.ofFloats(-1, 1)))));
  }

  @Test
  void float64Rows() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.ragged.range(tf.constant([2., 5.], tf.float64), [3., 4.], [0.25, -0.5]) -> [[2.0, 2.25, 2.5, 2.75], [5.0, 4.5]]
    assertEquals("[[2.0, 2.25, 2.5, 2.75], [5.0, 4.5]]", runFirst(g, tf.ragged.range(g.constant(Tensor.ofDoubles(2, 5)),
        g.constant(Tensor.ofDoubles(3, 4)), g.constant(Tensor.ofDoubles(0.25, -0.5)))));
    // tf.ragged.range(tf.constant(1., tf.float64), 0., 1.) -> [[]]
    assertEquals("[[]]", runFirst(g, tf.ragged.range(g.scalar(DType.FLOAT64, 1.0), g.scalar(DType.FLOAT64, 0.0),
        g.scalar(DType.FLOAT64, 1.0))));
  }

  @Test
  void anEmptyStartsVector_withLongerLimits_isRefused() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value starts = g.placeholder("starts", Types.dense(DType.INT64, -1));
    Value limits = g.placeholder("limits", Types.dense(DType.INT64, -1));
    Value out = tf.ragged.range(starts, limits);
    // tf.ragged.range(tf.constant([], tf.int64), [1, 2, 3]) -> InvalidArgumentError: starts, limits, and deltas must have
    // the same shape
    InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> Harness.runEverywhere(g.build(out),
        Map.of("starts", Tensor.ofLongs(), "limits", Tensor.ofLongs(1, 2, 3))));
    assertTrue(e.getMessage().contains("starts, limits, and deltas must have the same shape: got sizes 0, 3 and scalar"),
        e.getMessage());
  }
}
