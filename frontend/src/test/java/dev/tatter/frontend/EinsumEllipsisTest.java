package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code tf.einsum} with an ellipsis, run everywhere; expected values worked by hand (TF's call in each comment). */
class EinsumEllipsisTest {
  private static final Tensor A = Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, 5, 6, 7, 8}, 2, 2, 2);
  private static final Tensor B = Tensor.of(DType.INT32, new int[] {1, 1, 0, 1}, 2, 2);

  @Test
  void batchMatmul_broadcastsTheEllipsis() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value a = g.placeholder("a", Types.dense(DType.INT32, -1, -1, -1));
    Value b = g.placeholder("b", Types.dense(DType.INT32, -1, -1));
    Map<String, Object> feeds = Map.of("a", A, "b", B);
    // tf.einsum('...ij,...jk->...ik', a, b), b's ellipsis empty: each [2, 2] matrix of a times b
    String expected = "[[[1, 3], [3, 7]], [[5, 11], [7, 15]]]";
    assertEquals(expected, Harness.runFirst(g, tf.einsum("...ij,...jk->...ik", a, b), feeds));
    // the implicit output: tf.einsum('...ij,...jk', a, b) is '...ik'
    assertEquals(expected, Harness.runFirst(g, tf.einsum("...ij,...jk", a, b), feeds));
    // the ellipsis axes last in the output: tf.einsum('...ij,...jk->ik...', a, b) -> [[[1, 5], [3, 11]], [[3, 7], [7, 15]]]
    assertEquals("[[[1, 5], [3, 11]], [[3, 7], [7, 15]]]", Harness.runFirst(g, tf.einsum("...ij,...jk->ik...", a, b), feeds));
  }

  @Test
  void oneOperand_movesOrSumsTheEllipsis() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value x = g.placeholder("x", Types.dense(DType.INT32, -1, -1, -1));
    Map<String, Object> feeds = Map.of("x", Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, 5, 6}, 2, 3, 1));
    // tf.einsum('ij...->ji...', x) of [[[1], [2], [3]], [[4], [5], [6]]] -> [[[1], [4]], [[2], [5]], [[3], [6]]]
    assertEquals("[[[1], [4]], [[2], [5]], [[3], [6]]]", Harness.runFirst(g, tf.einsum("ij...->ji...", x), feeds));
    // TF never sums the axes an ellipsis covers: tf.einsum('...i->i', [[1, 2], [3, 4]]) -> InvalidArgumentError
    Value m = g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4}, 2, 2));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> tf.einsum("...i->i", m));
    assertTrue(e.getMessage().contains("without ellipsis (...) in the output subscripts where input(s) have non-empty"), e.getMessage());
    // its letters are summed as usual: tf.einsum('...i->...', [[1, 2], [3, 4]]) -> [3, 7]
    assertEquals("[3, 7]", Harness.runFirst(g, tf.einsum("...i->...", m)));
    // an ellipsis of no axes: tf.einsum('...i->i...', [1, 2]) -> [1, 2]
    assertEquals("[1, 2]", Harness.runFirst(g, tf.einsum("...i->i...", g.constant(Tensor.ofInts(1, 2)))));
  }

  @Test
  void refusals() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value m = g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4}, 2, 2));
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> tf.einsum("......->", m));
    assertTrue(e.getMessage().contains("takes letters and one '...' per operand only"), e.getMessage());
    e = assertThrows(GraphBuildException.class, () -> tf.einsum("...ijk->k", m));
    assertTrue(e.getMessage().contains("has rank 2 but its subscripts '...ijk' name 3 axes besides the ellipsis"), e.getMessage());
    // diagonals stay refused: tf.einsum('...ii->...i', m)
    e = assertThrows(GraphBuildException.class, () -> tf.einsum("...ii->...i", m));
    assertTrue(e.getMessage().contains("diagonals are not supported"), e.getMessage());
  }
}
