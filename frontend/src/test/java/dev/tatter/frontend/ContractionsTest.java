package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** TF's {@code tf.tensordot} and {@code tf.einsum} of one and two operands, run everywhere. */
class ContractionsTest {
  private static Value floats(GraphBuilder g, float[] v, int... shape) {
    return g.constant(Tensor.of(DType.FLOAT32, v, shape));
  }

  private static String run(GraphBuilder g, Value out) {
    return Harness.runFirst(g, out);
  }

  @Test
  void tensordot_countAndAxisPairs() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value a = floats(g, new float[] {1, 2, 3, 4, 5, 6}, 2, 3);
    Value b = floats(g, new float[] {1, 2, 3, 4, 5, 6}, 3, 2);
    // tf.tensordot([[1, 2, 3], [4, 5, 6]], [[1, 2], [3, 4], [5, 6]], 1) -> [[22, 28], [49, 64]]
    assertEquals("[[22.0, 28.0], [49.0, 64.0]]", run(g, tf.tensordot(a, b, 1)));
    // tf.tensordot([1, 2], [3, 4, 5], 0) -> [[3, 4, 5], [6, 8, 10]]
    Value outer = tf.tensordot(floats(g, new float[] {1, 2}, 2), floats(g, new float[] {3, 4, 5}, 3), 0);
    assertEquals("tensor<float32>[2, 3]", outer.type().toString());
    assertEquals("[[3.0, 4.0, 5.0], [6.0, 8.0, 10.0]]", run(g, outer));
    // tf.tensordot(a, tf.eye(2), [[1], [0]]) for a = [[[1, 2], [3, 4]], [[5, 6], [7, 8]]]: c[i, k, j] = a[i, j, k]
    //   -> [[[1, 3], [2, 4]], [[5, 7], [6, 8]]]
    Value cube = floats(g, new float[] {1, 2, 3, 4, 5, 6, 7, 8}, 2, 2, 2);
    Value eye = floats(g, new float[] {1, 0, 0, 1}, 2, 2);
    assertEquals("[[[1.0, 3.0], [2.0, 4.0]], [[5.0, 7.0], [6.0, 8.0]]]",
        run(g, tf.tensordot(cube, eye, new int[] {1}, new int[] {0})));
    // tf.tensordot(a, a, [[0, 1], [0, 1]]) -> 1 + 4 + 9 + 16 + 25 + 36 = 91 (negative axes count from the end)
    assertEquals("91.0", run(g, tf.tensordot(a, a, new int[] {-2, -1}, new int[] {0, 1})));
  }

  @Test
  void einsum_twoOperands() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value a = floats(g, new float[] {1, 2, 3, 4, 5, 6}, 2, 3);
    Value b = floats(g, new float[] {1, 2, 3, 4, 5, 6}, 3, 2);
    // tf.einsum('ij,jk->ik', a, b) -> [[22, 28], [49, 64]]; implicit 'ij,jk' alike; 'ij,jk->ki' its transpose
    assertEquals("[[22.0, 28.0], [49.0, 64.0]]", run(g, tf.einsum("ij,jk->ik", a, b)));
    assertEquals("[[22.0, 28.0], [49.0, 64.0]]", run(g, tf.einsum("ij,jk", a, b)));
    assertEquals("[[22.0, 49.0], [28.0, 64.0]]", run(g, tf.einsum("ij,jk->ki", a, b)));
    // a batch: tf.einsum('bij,bjk->bik', [[[1, 2]], [[3, 4]]], [[[1], [1]], [[2], [0]]]) -> [[[3]], [[6]]]
    Value x = floats(g, new float[] {1, 2, 3, 4}, 2, 1, 2);
    Value y = floats(g, new float[] {1, 1, 2, 0}, 2, 2, 1);
    assertEquals("[[[3.0]], [[6.0]]]", run(g, tf.einsum("bij,bjk->bik", x, y)));
    // rows dotted: tf.einsum('ij,ij->i', a, a) -> [14, 77]; outer: tf.einsum('i,j->ij', [1, 2], [3, 4, 5])
    assertEquals("[14.0, 77.0]", run(g, tf.einsum("ij,ij->i", a, a)));
    assertEquals("[[3.0, 4.0, 5.0], [6.0, 8.0, 10.0]]",
        run(g, tf.einsum("i,j->ij", floats(g, new float[] {1, 2}, 2), floats(g, new float[] {3, 4, 5}, 3))));
    // a letter of one operand alone, not in the output, is summed: tf.einsum('ij,k->i', a, [1, 2]) -> [6 * 3, 15 * 3]
    assertEquals("[18.0, 45.0]", run(g, tf.einsum("ij,k->i", a, floats(g, new float[] {1, 2}, 2))));
  }

  @Test
  void einsum_oneOperand() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value a = floats(g, new float[] {1, 2, 3, 4, 5, 6}, 2, 3);
    // tf.einsum('ij->ji', a) -> [[1, 4], [2, 5], [3, 6]]; 'ij->j' -> [5, 7, 9]; 'ij->' -> 21
    assertEquals("[[1.0, 4.0], [2.0, 5.0], [3.0, 6.0]]", run(g, tf.einsum("ij->ji", a)));
    assertEquals("[5.0, 7.0, 9.0]", run(g, tf.einsum("ij->j", a)));
    assertEquals("21.0", run(g, tf.einsum("ij->", a)));
  }

  @Test
  void unknownSizes_readFromTheShapeAtRunTime() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value a = g.placeholder("a", Types.dense(DType.FLOAT64, -1, 3));
    Value b = g.placeholder("b", Types.dense(DType.FLOAT64, -1, 3, -1));
    Map<String, Tensor> feeds = Map.of("a", Tensor.of(DType.FLOAT64, new double[] {1, 2, 3, 4, 5, 6}, 2, 3),
        "b", Tensor.of(DType.FLOAT64, new double[] {1, 0, 1, 0, 1, 0, 0, 1, 0, 1, 0, 1}, 2, 3, 2));
    // tf.einsum('bj,bjk->bk', a, b) with b[0] = [[1, 0], [1, 0], [1, 0]], b[1] = [[0, 1], [0, 1], [0, 1]] -> [[6, 0], [0, 15]]
    Value out = tf.einsum("bj,bjk->bk", a, b);
    assertEquals("tensor<float64>[None, None]", out.type().toString());
    assertEquals("[[6.0, 0.0], [0.0, 15.0]]", Harness.runFirst(g, out, feeds));
    // tf.tensordot(a, b, [[1], [1]]) -> c[i, m, k] = sum_j a[i, j] b[m, j, k] -> [[[6, 0], [0, 6]], [[15, 0], [0, 15]]]
    assertEquals("[[[6.0, 0.0], [0.0, 6.0]], [[15.0, 0.0], [0.0, 15.0]]]",
        Harness.runFirst(g, tf.tensordot(a, b, new int[] {1}, new int[] {1}), feeds));
  }

  @Test
  void refusals_nameTheEquationOrAxes() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value a = floats(g, new float[6], 2, 3);
    Value b = floats(g, new float[6], 3, 2);
    assertRefused("takes letters and one '...' per operand only", () -> tf.einsum("ij,j?->i", a, b));
    assertRefused("must name 2 operands", () -> tf.einsum("ij->ij", a, b));
    assertRefused("operand 1 has rank 2 but its subscripts 'j' name 1 axes", () -> tf.einsum("ij,j->i", a, b));
    assertRefused("the subscript 'i' repeats in operand 0 ('ii')", () -> tf.einsum("ii->i", floats(g, new float[4], 2, 2)));
    assertRefused("the output subscript 'z' of 'ij,jk->iz' appears in no input", () -> tf.einsum("ij,jk->iz", a, b));
    assertRefused("einsum takes dense tensors", () -> tf.einsum("ij->ji", tf.ragged.constant(new float[][] {{1f}})));
    assertRefused("tensordot: 'axes' must be in [0, 2]", () -> tf.tensordot(a, b, 3));
    assertRefused("different number of contraction axes 'a' and 'b', 1 != 2",
        () -> tf.tensordot(a, b, new int[] {1}, new int[] {0, 1}));
    assertRefused("axis 0 of a has size 2 but axis 0 of b has size 3", () -> tf.tensordot(a, b, new int[] {0}, new int[] {0}));
    assertRefused("tensordot: axis 2 is out of range for rank 2", () -> tf.tensordot(a, b, new int[] {2}, new int[] {0}));
  }

  private static void assertRefused(String message, Runnable r) {
    GraphBuildException e = assertThrows(GraphBuildException.class, r::run);
    assertTrue(e.getMessage().contains(message), e.getMessage());
  }
}
