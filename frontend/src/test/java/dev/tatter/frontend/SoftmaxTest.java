package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code tf.nn.softmax}/{@code log_softmax} on dense tensors along any axis and on ragged tensors along the ragged axis. */
class SoftmaxTest {
  private static Object runObject(GraphBuilder g, Value out) {
    return Harness.runEverywhere(g.build(out), Map.of()).get(0);
  }

  private static String run(GraphBuilder g, Value out) {
    return runObject(g, out).toString();
  }

  /** TF's printed float32 values differ from a correctly rounded exp by its polynomial's error: within 2 ulp (named tolerance). */
  private static void assertNearTf(float[] tf, Tensor actual) {
    assertEquals(tf.length, actual.size(), actual.toString());
    for (int i = 0; i < tf.length; i++) {
      float a = (float) actual.getDouble(i);
      assertTrue(Math.abs(a - tf[i]) <= 2 * Math.ulp(tf[i]), "element " + i + ": " + a + " vs TF's " + tf[i]);
    }
  }

  @Test
  void softmax_tfDocstringExample() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value x = g.constant(Tensor.ofFloats(-1f, 0f, 1f));
    // tf.nn.softmax([-1, 0., 1.]) -> [0.09003057, 0.24472848, 0.66524094] (TF's docstring)
    assertNearTf(new float[] {0.09003057f, 0.24472848f, 0.66524094f}, (Tensor) runObject(g, tf.nn.softmax(x)));
    // tf.nn.log_softmax([-1., 0., 1.]) -> [-2.407606, -1.4076059, -0.40760595]
    assertNearTf(new float[] {-2.407606f, -1.4076059f, -0.40760595f}, (Tensor) runObject(g, tf.nn.logSoftmax(x)));
  }

  @Test
  void softmax_denseAnyAxis() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value x = g.constant(Tensor.of(DType.FLOAT32, new float[] {0f, 0f, 7f, 7f}, 2, 2));
    // tf.nn.softmax([[0., 0.], [7., 7.]]) -> [[0.5, 0.5], [0.5, 0.5]] (last axis)
    assertEquals("[[0.5, 0.5], [0.5, 0.5]]", run(g, tf.nn.softmax(x)));
    // tf.nn.softmax([[0., 0.], [7., 7.]], axis=0): each column is [0, 7]
    Tensor columns = (Tensor) runObject(g, tf.nn.softmax(x, 0));
    // tf.nn.softmax([0., 7.]) -> [9.1105123e-04, 9.9908894e-01]
    assertNearTf(new float[] {9.1105123E-4f, 9.1105123E-4f, 0.99908894f, 0.99908894f}, columns);
    // tf.nn.log_softmax([[0., 0.], [7., 7.]], axis=-1) -> [[-0.6931472, -0.6931472], [-0.6931472, -0.6931472]]
    assertEquals("[[-0.6931472, -0.6931472], [-0.6931472, -0.6931472]]", run(g, tf.nn.logSoftmax(x, -1)));
    // float64: tf.nn.softmax(tf.constant([1., 1., 1., 1.], tf.float64)) -> [0.25, 0.25, 0.25, 0.25]
    assertEquals("[0.25, 0.25, 0.25, 0.25]", run(g, tf.nn.softmax(g.constant(Tensor.ofDoubles(1, 1, 1, 1)))));
  }

  @Test
  void softmax_shiftsByTheMaxSoLargeLogitsDoNotOverflow() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value x = g.constant(Tensor.ofFloats(1000f, 1000f));
    // tf.nn.softmax([1000., 1000.]) -> [0.5, 0.5] (exp(1000) alone is inf)
    assertEquals("[0.5, 0.5]", run(g, tf.nn.softmax(x)));
    // tf.nn.log_softmax([1000., 1000.]) -> [-0.6931472, -0.6931472]
    assertEquals("[-0.6931472, -0.6931472]", run(g, tf.nn.logSoftmax(x)));
    // tf.nn.softmax([5.]) -> [1.]; tf.nn.log_softmax([5.]) -> [0.]
    assertEquals("[1.0]", run(g, tf.nn.softmax(g.constant(Tensor.ofFloats(5f)))));
    assertEquals("[0.0]", run(g, tf.nn.logSoftmax(g.constant(Tensor.ofFloats(5f)))));
    // tf.nn.softmax([1., nan]) -> [nan, nan]; tf.nn.softmax([inf, 0.]) -> [nan, nan] (inf - inf)
    assertEquals("[nan, nan]", run(g, tf.nn.softmax(g.constant(Tensor.ofFloats(1f, Float.NaN)))));
    assertEquals("[nan, nan]", run(g, tf.nn.softmax(g.constant(Tensor.ofFloats(Float.POSITIVE_INFINITY, 0f)))));
  }

  @Test
  void softmax_emptyLanesStayEmpty() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.nn.softmax(tf.zeros([2, 0])) -> shape [2, 0]
    assertEquals("[[], []]", run(g, tf.nn.softmax(g.constant(Tensor.of(DType.FLOAT32, new float[0], 2, 0)))));
    // tf.nn.log_softmax(tf.zeros([0, 3]), axis=0) -> shape [0, 3]
    assertEquals("[]", run(g, tf.nn.logSoftmax(g.constant(Tensor.of(DType.FLOAT32, new float[0], 0, 3)), 0)));
  }

  @Test
  void softmax_alongTheRaggedAxis() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(List.of(List.of(0f, 0f), List.of(), List.of(3f, 3f, 3f, 3f), List.of(9f)));
    // tf.nn.softmax(tf.ragged.constant([[0., 0.], [], [3., 3., 3., 3.], [9.]]))
    //   -> [[0.5, 0.5], [], [0.25, 0.25, 0.25, 0.25], [1.0]]
    assertEquals("[[0.5, 0.5], [], [0.25, 0.25, 0.25, 0.25], [1.0]]", run(g, tf.nn.softmax(rt)));
    assertEquals("[[0.5, 0.5], [], [0.25, 0.25, 0.25, 0.25], [1.0]]", run(g, tf.nn.softmax(rt, 1)));
    // log_softmax per row as TF's LogSoftmax of each row: log(1/2), log(1/4), log(1)
    assertEquals("[[-0.6931472, -0.6931472], [], [-1.3862944, -1.3862944, -1.3862944, -1.3862944], [0.0]]",
        run(g, tf.nn.logSoftmax(rt)));
    Value varied = tf.ragged.constant(List.of(List.of(-1f, 0f, 1f), List.of()));
    // tf.nn.softmax(tf.ragged.constant([[-1., 0., 1.], []])) -> [[0.09003057, 0.24472848, 0.66524094], []]
    RaggedTensor out = (RaggedTensor) runObject(g, tf.nn.softmax(varied));
    assertNearTf(new float[] {0.09003057f, 0.24472848f, 0.66524094f}, out.flatValues());
    assertEquals(2, out.partition().nrows());
  }

  @Test
  void softmax_raggedRankTwoAndUniformInnerAxis() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value deep = tf.ragged.constant(List.of(List.of(List.of(2., 2.), List.of()), List.of(List.of(5.))), DType.FLOAT64, 2);
    // tf.nn.softmax(tf.ragged.constant([[[2., 2.], []], [[5.]]], tf.float64)) -> [[[0.5, 0.5], []], [[1.0]]]
    assertEquals("[[[0.5, 0.5], []], [[1.0]]]", run(g, tf.nn.softmax(deep)));
    // a uniform last axis: tf.RaggedTensor.from_row_splits([[0., 0.], [4., 4.], [1., 1.]], [0, 2, 3])
    //   tf.nn.softmax(rt) -> [[[0.5, 0.5], [0.5, 0.5]], [[0.5, 0.5]]]
    Value inner = g.raggedFromRowSplits(g.constant(Tensor.of(DType.FLOAT32, new float[] {0, 0, 4, 4, 1, 1}, 3, 2)),
        g.constant(Tensor.ofLongs(0, 2, 3)));
    assertEquals("[[[0.5, 0.5], [0.5, 0.5]], [[0.5, 0.5]]]", run(g, tf.nn.softmax(inner)));
    // along the ragged axis of that tensor: rows [[0, 0], [4, 4]] per column -> softmax([0., 4.]) = [0.01798621, 0.98201376]
    RaggedTensor ragged = (RaggedTensor) runObject(g, tf.nn.softmax(inner, 1));
    assertNearTf(new float[] {0.01798621f, 0.01798621f, 0.98201376f, 0.98201376f, 1f, 1f}, ragged.flatValues());
  }

  @Test
  void softmax_errors() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value ints = g.constant(Tensor.ofInts(1, 2));
    // tf.nn.softmax([1, 2]) -> InvalidArgumentError (no int32 kernel)
    GraphBuildException dtype = assertThrows(GraphBuildException.class, () -> ints.graph().ops().nn.softmax(ints));
    assertTrue(dtype.getMessage().contains("softmax is not defined on int32 (float32 and float64 only)"), dtype.getMessage());
    Value x = g.constant(Tensor.ofFloats(1f, 2f));
    GraphBuildException axis = assertThrows(GraphBuildException.class, () -> tf.nn.logSoftmax(x, 1));
    assertTrue(axis.getMessage().contains("log_softmax: axis 1 is out of range for rank 1 (expected -1 <= axis < 1)"),
        axis.getMessage());
    Value rt = tf.ragged.constant(List.of(List.of(1f, 2f), List.of()));
    GraphBuildException outer = assertThrows(GraphBuildException.class, () -> tf.nn.softmax(rt, 0));
    assertTrue(outer.getMessage().contains("softmax along axis 0 of a ragged tensor of ragged_rank 1 is not supported"),
        outer.getMessage());
  }
}
