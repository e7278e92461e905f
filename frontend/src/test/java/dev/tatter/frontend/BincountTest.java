package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code tf.math.bincount}: TF's docstring examples, per-row counts of ragged rows (a bag of words), bounds, errors. */
class BincountTest {
  @Test
  void docstringExamples() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value values = g.constant(Tensor.ofInts(1, 1, 2, 3, 2, 4, 4, 5));
    // tf.math.bincount(values) -> [0, 2, 2, 1, 2, 1]
    assertEquals("[0, 2, 2, 1, 2, 1]", runFirst(g, tf.math.bincount(values)));
    // tf.math.bincount(values, weights=[1, 5, 0, 1, 0, 5, 4, 5]) -> [0, 6, 0, 1, 9, 5]
    assertEquals("[0, 6, 0, 1, 9, 5]", runFirst(g, tf.math.bincount(values, g.constant(Tensor.ofInts(1, 5, 0, 1, 0, 5, 4, 5)), -1, -1, false, false)));
    Value data = g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 0, 0, 0, 1, 2}, 2, 4));
    // tf.math.bincount(data, axis=-1) -> [[1, 1, 1, 1], [2, 1, 1, 0]]
    assertEquals("[[1, 1, 1, 1], [2, 1, 1, 0]]", runFirst(g, tf.math.bincount(data, null, -1, -1, false, true)));
    // tf.math.bincount(data, axis=-1, binary_output=True) -> [[1, 1, 1, 1], [1, 1, 1, 0]]
    assertEquals("[[1, 1, 1, 1], [1, 1, 1, 0]]", runFirst(g, tf.math.bincount(data, null, -1, -1, true, true)));
  }

  @Test
  void raggedRows_bagOfWords_andLengthBounds() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value ids = tf.ragged.constant(List.of(List.of(1, 1), List.of(), List.of(3, 0)));
    // tf.math.bincount(tf.ragged.constant([[1, 1], [], [3, 0]]), axis=-1) -> [[0, 2, 0, 0], [0, 0, 0, 0], [1, 0, 0, 1]]
    Value bag = tf.math.bincount(ids, null, -1, -1, false, true);
    assertEquals("tensor<int32>[3, None]", bag.type().toString());
    assertEquals("[[0, 2, 0, 0], [0, 0, 0, 0], [1, 0, 0, 1]]", runFirst(g, bag));
    // a vocabulary of 6: tf.math.bincount(ids, axis=-1, minlength=6, maxlength=6) -> [[0, 2, 0, 0, 0, 0], [0, ...], [1, 0, 0, 1, 0, 0]]
    Value vocab = tf.math.bincount(ids, null, 6, 6, false, true);
    assertEquals("tensor<int32>[3, 6]", vocab.type().toString());
    assertEquals("[[0, 2, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0], [1, 0, 0, 1, 0, 0]]", runFirst(g, vocab));
    // tf.math.bincount([1, 2], minlength=5) -> [0, 1, 1, 0, 0]; tf.math.bincount([1, 2, 3], maxlength=2) -> [0, 1]
    assertEquals("[0, 1, 1, 0, 0]", runFirst(g, tf.math.bincount(g.constant(Tensor.ofInts(1, 2)), null, 5, -1, false, false)));
    assertEquals("[0, 1]", runFirst(g, tf.math.bincount(g.constant(Tensor.ofInts(1, 2, 3)), null, -1, 2, false, false)));
    // tf.math.bincount(tf.zeros([0], tf.int32)) -> []
    assertEquals("[]", runFirst(g, tf.math.bincount(g.constant(Tensor.ofInts()))));
    // ragged weights: tf.math.bincount(ids, weights=tf.ragged.constant([[0.5, 0.25], [], [1., 2.]]), axis=-1)
    //   -> [[0., 0.75, 0., 0.], [0., 0., 0., 0.], [2., 0., 0., 1.]]
    Value weights = tf.ragged.constant(List.of(List.of(0.5f, 0.25f), List.of(), List.of(1f, 2f)));
    assertEquals("[[0.0, 0.75, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [2.0, 0.0, 0.0, 1.0]]",
        runFirst(g, tf.math.bincount(ids, weights, -1, -1, false, true)));
  }

  @Test
  void theLargestInt64_neverWrapsTheSize() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value top = g.constant(Tensor.ofLongs(Long.MAX_VALUE));
    // max(arr) + 1 is 2^63, cut to maxlength 2: the value is past it and dropped (TF's Python adds in int64 and
    // wraps to -2^63, then refuses a negative size; the size is computed here without wrapping, see SEMANTICS)
    assertEquals("[0, 0]", runFirst(g, tf.math.bincount(top, null, -1, 2, false, false)));
    Value unbounded = tf.math.bincount(top);
    InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> Harness.runEverywhere(g.build(unbounded), Map.of()));
    assertTrue(e.getMessage().contains("the bincount size = max(arr) + 1 = 9223372036854775808 is not a valid size (0 to "),
        e.getMessage());
  }

  @Test
  void errors() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.math.bincount([1, -1]) -> InvalidArgumentError: Input arr must be non-negative!
    Value negative = tf.math.bincount(g.constant(Tensor.ofInts(1, -1)));
    InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> Harness.runEverywhere(g.build(negative), Map.of()));
    assertTrue(e.getMessage().contains("Input arr must be non-negative: arr[1] = -1"), e.getMessage());
    Value arr = g.constant(Tensor.ofInts(1, 2));
    // tf.math.bincount([1, 2], weights=[1, 1], binary_output=True) -> ValueError: mutually exclusive
    GraphBuildException both = assertThrows(GraphBuildException.class,
        () -> tf.math.bincount(arr, g.constant(Tensor.ofInts(1, 1)), -1, -1, true, false));
    assertTrue(both.getMessage().contains("mutually exclusive"), both.getMessage());
    GraphBuildException floats = assertThrows(GraphBuildException.class, () -> tf.math.bincount(g.constant(Tensor.ofFloats(1))));
    assertTrue(floats.getMessage().contains("arr must be an integer tensor"), floats.getMessage());
    GraphBuildException rank = assertThrows(GraphBuildException.class, () -> tf.math.bincount(arr, null, -1, -1, false, true));
    assertTrue(rank.getMessage().contains("bincount with axis=-1 takes a 2-D tensor"), rank.getMessage());
  }
}
