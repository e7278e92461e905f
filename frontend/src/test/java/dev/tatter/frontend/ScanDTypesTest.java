package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code tf.math.cumsum}/{@code cumprod} on float32 (exclusive), float64 and the narrow integers (each has its own loop). */
class ScanDTypesTest {
  private static String run(GraphBuilder g, Value out) {
    return Harness.runEverywhere(g.build(out), Map.of()).get(0).toString();
  }

  @Test
  void float32Exclusive() {
    GraphBuilder g = new GraphBuilder();
    // tf.math.cumsum([1., 2., 3.], exclusive=True) -> [0., 1., 3.]
    assertEquals("[0.0, 1.0, 3.0]", run(g, g.constant(Tensor.ofFloats(1, 2, 3)).cumsum(0, true, false)));
    // tf.math.cumprod([2., 3., 4.], exclusive=True) -> [1., 2., 6.]
    assertEquals("[1.0, 2.0, 6.0]", run(g, g.constant(Tensor.ofFloats(2, 3, 4)).cumprod(0, true, false)));
  }

  @Test
  void float64_everyMode_andAnInnerAxis() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.constant(Tensor.ofDoubles(1, 2, 3));
    // tf.math.cumsum(tf.constant([1., 2., 3.], tf.float64)) -> [1., 3., 6.]; reverse=True -> [6., 5., 3.];
    // exclusive=True, reverse=True -> [5., 3., 0.]
    assertEquals("[1.0, 3.0, 6.0]", run(g, x.cumsum(0)));
    assertEquals("[6.0, 5.0, 3.0]", run(g, x.cumsum(0, false, true)));
    assertEquals("[5.0, 3.0, 0.0]", run(g, x.cumsum(0, true, true)));
    // tf.math.cumprod(tf.constant([1., 2., 3.], tf.float64)) -> [1., 2., 6.]; exclusive=True -> [1., 1., 2.]
    assertEquals("[1.0, 2.0, 6.0]", run(g, x.cumprod(0)));
    assertEquals("[1.0, 1.0, 2.0]", run(g, x.cumprod(0, true, false)));
    // tf.math.cumsum(tf.constant([[1., 2.], [3., 4.]], tf.float64), axis=1) -> [[1., 3.], [3., 7.]]
    assertEquals("[[1.0, 3.0], [3.0, 7.0]]", run(g, g.constant(Tensor.of(DType.FLOAT64, new double[] {1, 2, 3, 4}, 2, 2))
        .cumsum(1)));
  }

  @Test
  void narrowIntegers_wrapAsTheirDtype() {
    GraphBuilder g = new GraphBuilder();
    // tf.math.cumsum(tf.constant([100, 100], tf.int8)) -> [100, -56]
    assertEquals("[100, -56]", run(g, g.constant(Tensor.ofBytes((byte) 100, (byte) 100)).cumsum(0)));
    // tf.math.cumprod(tf.constant([300, 300], tf.int16)) -> [300, 24464] (90000 wraps to 90000 - 65536)
    assertEquals("[300, 24464]", run(g, g.constant(Tensor.ofShorts((short) 300, (short) 300)).cumprod(0)));
  }
}
