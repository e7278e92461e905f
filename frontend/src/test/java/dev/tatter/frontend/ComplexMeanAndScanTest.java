package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code reduce_mean} / {@code row_mean} and {@code cumsum} / {@code cumprod} of complex64 and
 * complex128, dense and ragged, through {@link Harness#runEverywhere}. TF's complex mean is the
 * sum over {@code complex(n, 0)} (Eigen's complex division, each part divided by n; NumPy's
 * {@code mean} multiplies by 1/n instead, which can differ in the last bit); its complex scans fold {@code acc + x} and {@code acc * x} in
 * order, as {@code np.cumsum} / {@code np.cumprod} do.
 */
class ComplexMeanAndScanTest {
  private final GraphBuilder g = new GraphBuilder();
  private final Ops tf = g.ops();
  // m = [[1+2j, 3-1j, 0.5j], [-1+0j, 2+2j, 0.25-0.75j]]
  private static final Tensor M = Tensor.ofComplex128(1, 2, 3, -1, 0, 0.5, -1, 0, 2, 2, 0.25, -0.75).reshape(2, 3);

  private List<Object> run(Value... outputs) {
    return Harness.runEverywhere(g.build(outputs), Map.of());
  }

  @Test
  void reduceMean_denseAxesAndAll() {
    Value m = g.constant(M);
    List<Object> out = run(m.reduceMean(1), m.reduceMean(0), m.reduceMean(), m.reduceMean(1, true));
    // tf.reduce_mean(m, axis=1): the sums (4+1.5j), (1.25+1.25j) over complex(3, 0) by Eigen's division, each part / 3:
    // [(1.3333333333333333+0.5j), (0.4166666666666667+0.4166666666666667j)] (np.mean multiplies by 1/3 and gives
    // 0.41666666666666663 for the second row; Python's 1.25 / 3 is 0.4166666666666667)
    assertEquals("[(1.3333333333333333+0.5j), (0.4166666666666667+0.4166666666666667j)]", out.get(0).toString());
    // tf.reduce_mean(m, axis=0) -> [1j, (2.5+0.5j), (0.125-0.125j)]
    assertEquals("[1j, (2.5+0.5j), (0.125-0.125j)]", out.get(1).toString());
    // tf.reduce_mean(m) -> (0.875+0.4583333333333333j)
    assertEquals("(0.875+0.4583333333333333j)", out.get(2).toString());
    assertEquals(DType.COMPLEX128, ((Tensor) out.get(3)).dtype());
    assertEquals("[[(1.3333333333333333+0.5j)], [(0.4166666666666667+0.4166666666666667j)]]", out.get(3).toString());
  }

  @Test
  void reduceMean_raggedRows_emptyRowIsNanNanj_andComplex64() {
    // tf.reduce_mean(tf.ragged.constant([[1+2j, 3-1j], [], [0.5j]]), axis=1) -> [(2+0.5j), (nan+nanj), 0.5j]
    // (the empty row: sum 0j over count 0j)
    Value r = g.raggedFromRowSplits(g.constant(Tensor.ofComplex128(1, 2, 3, -1, 0, 0.5)), g.constant(Tensor.ofLongs(0, 2, 2, 3)));
    // tf.reduce_mean(tf.constant([0.1+0.2j, 0.3-0.1j, 0.7+0.7j], tf.complex64)) ~ np.mean -> (0.36666667+0.26666668j)
    Value c = g.constant(Tensor.ofComplex64(0.1f, 0.2f, 0.3f, -0.1f, 0.7f, 0.7f));
    List<Object> out = run(r.reduceMean(1), c.reduceMean(), r.reduceMean());
    assertEquals("[(2+0.5j), (nan+nanj), 0.5j]", out.get(0).toString());
    assertEquals("(0.36666667+0.26666668j)", out.get(1).toString());
    // tf.reduce_mean(rt) over every value: (4+1.5j) / 3 -> (1.3333333333333333+0.5j)
    assertEquals("(1.3333333333333333+0.5j)", out.get(2).toString());
  }

  @Test
  void cumsumCumprod_dense_exclusiveReverse() {
    Value m = g.constant(M);
    List<Object> out = run(tf.math.cumsum(m, 1), tf.math.cumprod(m, 1), tf.math.cumsum(m, 1, true, false), tf.math.cumprod(m, 1, false, true), tf.math.cumsum(m, 0));
    // tf.math.cumsum(m, axis=1) -> np.cumsum(m, axis=1)
    assertEquals("[[(1+2j), (4+1j), (4+1.5j)], [(-1+0j), (1+2j), (1.25+1.25j)]]", out.get(0).toString());
    // tf.math.cumprod(m, axis=1) -> np.cumprod(m, axis=1)
    assertEquals("[[(1+2j), (5+5j), (-2.5+2.5j)], [(-1+0j), (-2-2j), (-2+1j)]]", out.get(1).toString());
    // tf.math.cumsum(m, axis=1, exclusive=True) -> [[0j, (1+2j), (4+1j)], [0j, (-1+0j), (1+2j)]]
    assertEquals("[[0j, (1+2j), (4+1j)], [0j, (-1+0j), (1+2j)]]", out.get(2).toString());
    // tf.math.cumprod(m, axis=1, reverse=True): row 0 from the right: 0.5j, (3-1j)*0.5j = (0.5+1.5j), (1+2j)*(0.5+1.5j) = (-2.5+2.5j)
    //   row 1: (0.25-0.75j), (2+2j)*(0.25-0.75j) = (2-1j), (-1+0j)*(2-1j) = (-2+1j)
    assertEquals("[[(-2.5+2.5j), (0.5+1.5j), 0.5j], [(-2+1j), (2-1j), (0.25-0.75j)]]", out.get(3).toString());
    // tf.math.cumsum(m, axis=0) -> [[(1+2j), (3-1j), 0.5j], [2j, (5+1j), (0.25-0.25j)]]
    assertEquals("[[(1+2j), (3-1j), 0.5j], [2j, (5+1j), (0.25-0.25j)]]", out.get(4).toString());
  }

  @Test
  void cumsumCumprod_raggedAxis_andComplex64() {
    // tf.math.cumsum(tf.ragged.constant([[1+2j, 3-1j], [], [0.5j]]), axis=1) -> [[(1+2j), (4+1j)], [], [0.5j]]
    Value r = g.raggedFromRowSplits(g.constant(Tensor.ofComplex128(1, 2, 3, -1, 0, 0.5)), g.constant(Tensor.ofLongs(0, 2, 2, 3)));
    // np.cumsum / np.cumprod of np.array([0.1+0.2j, 0.3-0.1j, 0.7+0.7j], np.complex64), each step in float
    Value c = g.constant(Tensor.ofComplex64(0.1f, 0.2f, 0.3f, -0.1f, 0.7f, 0.7f));
    List<Object> out = run(tf.math.cumsum(r, 1), tf.math.cumprod(r, 1), tf.math.cumsum(c, 0), tf.math.cumprod(c, 0));
    assertEquals("[[(1+2j), (4+1j)], [], [0.5j]]", out.get(0).toString());
    assertEquals("[[(1+2j), (5+5j)], [], [0.5j]]", out.get(1).toString());
    assertEquals(Tensor.ofComplex64(0.10000000149011612f, 0.20000000298023224f, 0.4000000059604645f, 0.10000000149011612f,
        1.100000023841858f, 0.800000011920929f), out.get(2));
    assertEquals(Tensor.ofComplex64(0.10000000149011612f, 0.20000000298023224f, 0.05000000447034836f, 0.05000000074505806f,
        3.725290298461914e-09f, 0.07000000774860382f), out.get(3));
  }

  @Test
  void minMaxStillRefused_stringScansToo() {
    GraphBuildException e = assertThrows(GraphBuildException.class,
        () -> new GraphBuilder().constant(M).reduceMin(1));
    assertTrue(e.getMessage().contains("reduce_min is not defined on complex128 (complex values take sum, prod and mean only)"),
        e.getMessage());
    GraphBuildException s = assertThrows(GraphBuildException.class,
        () -> tf.math.cumsum(g.constant(Tensor.ofStrings("a")), 0));
    assertTrue(s.getMessage().contains("cumsum is not defined on string (numeric dtypes only)"), s.getMessage());
  }
}
