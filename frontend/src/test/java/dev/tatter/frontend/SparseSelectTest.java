package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static dev.tatter.frontend.Harness.sessionError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A sparse tensor's parts, tf.sparse.retain, fill_empty_rows, split, eye and map_values through every backend. */
class SparseSelectTest {
  private final GraphBuilder g = new GraphBuilder();
  private final Ops tf = g.ops();

  /** SparseTensor([[0, 0], [2, 1]], [7, 8], [4, 3]): rows 1 and 3 empty. */
  private Value gaps() {
    return g.sparseTensor(new long[][] {{0, 0}, {2, 1}}, Tensor.ofInts(7, 8), 4, 3);
  }

  @Test
  void parts_areTfsAttributes() {
    assertEquals("[[0, 0], [2, 1]]", runFirst(g, gaps().indices()));        // st.indices
    assertEquals("[7, 8]", runFirst(g, gaps().values()));                    // st.values
    assertEquals("[4, 3]", runFirst(g, gaps().denseShape()));                // st.dense_shape
  }

  @Test
  void retain_keepsMarkedEntriesInOrder() {
    // tf.sparse.retain(st, [True, False, True]) of unordered indices keeps their order
    Value st = g.sparseTensor(new long[][] {{2, 0}, {0, 1}, {1, 1}}, Tensor.ofFloats(1, 2, 3), 3, 2);
    assertEquals("SparseTensor(indices=[[2, 0], [1, 1]], values=[1.0, 3.0], dense_shape=[3, 2])",
        runFirst(g, tf.sparse.retain(st, g.constant(Tensor.ofBools(true, false, true)))));
    assertEquals("SparseTensor(indices=[], values=[], dense_shape=[3, 2])",
        runFirst(g, tf.sparse.retain(st, g.constant(Tensor.ofBools(false, false, false)))));
    Value keep = g.placeholder("k", Types.dense(DType.BOOL, -1));
    assertTrue(sessionError(g, tf.sparse.retain(st, keep), Map.of("k", Tensor.ofBools(true)))
        .endsWith("to_retain must be a bool vector of 3 elements (one per value), got bool of shape [1]"));
  }

  @Test
  void fillEmptyRows_addsADefaultPerEmptyRowAndItsIndicator() {
    // tf.sparse.fill_empty_rows(st, -1) -> ([[0, 0], [1, 0], [2, 1], [3, 0]], [7, -1, 8, -1]), [False, True, False, True]
    List<Value> out = tf.sparse.fillEmptyRows(gaps(), -1);
    assertEquals("SparseTensor(indices=[[0, 0], [1, 0], [2, 1], [3, 0]], values=[7, -1, 8, -1], dense_shape=[4, 3])", runFirst(g, out.get(0)));
    assertEquals("[False, True, False, True]", runFirst(g, out.get(1)));
    // unordered input comes out grouped by row, each row's entries in their given order
    Value p = g.placeholder("p", SparseType.of(DType.INT64, -1, -1, -1));
    SparseTensor un = SparseTensor.of(new long[][] {{2, 1, 1}, {0, 0, 2}, {2, 0, 0}}, Tensor.ofLongs(1, 2, 3), 3, 2, 3);
    List<Value> filled = tf.sparse.fillEmptyRows(p, 0L);
    assertEquals("SparseTensor(indices=[[0, 0, 2], [1, 0, 0], [2, 1, 1], [2, 0, 0]], values=[2, 0, 1, 3], dense_shape=[3, 2, 3])",
        runFirst(g, filled.get(0), Map.of("p", un)));
    assertEquals("[False, True, False]", runFirst(g, filled.get(1), Map.of("p", un)));
    // nothing stored: every row gets its default
    SparseTensor none = SparseTensor.of(new long[0][], Tensor.ofLongs(), 2, 1, 1);
    assertEquals("SparseTensor(indices=[[0, 0, 0], [1, 0, 0]], values=[0, 0], dense_shape=[2, 1, 1])", runFirst(g, filled.get(0), Map.of("p", none)));
    SparseTensor bad = SparseTensor.of(new long[][] {{3, 0, 0}}, Tensor.ofLongs(1), 3, 1, 1);
    assertTrue(sessionError(g, filled.get(1), Map.of("p", bad)).endsWith("indices(0, 0) is invalid: 3 is not in [0, 3)"));
    assertTrue(assertThrows(GraphBuildException.class, () -> tf.sparse.fillEmptyRows(gaps(), g.scalar(DType.FLOAT64, 1.5)))
        .getMessage().contains("default_value must be a int32 scalar, got tensor<float64>[]"));
  }

  @Test
  void split_cutsTheFirstPiecesLonger() {
    // the docstring: [2, 7] [[_, _, a, _, d, e, _], [b, c, _, ...]] split in 2 along axis 1: [2, 4] and [2, 3]
    Value in = g.sparseTensor(new long[][] {{0, 2}, {0, 4}, {0, 5}, {1, 0}, {1, 1}}, Tensor.ofInts(1, 4, 5, 2, 3), 2, 7);
    List<Value> pieces = tf.sparse.split(in, 2, 1);
    assertEquals(2, pieces.size());
    assertEquals("SparseTensor(indices=[[0, 2], [1, 0], [1, 1]], values=[1, 2, 3], dense_shape=[2, 4])", runFirst(g, pieces.get(0)));
    assertEquals("SparseTensor(indices=[[0, 0], [0, 1]], values=[4, 5], dense_shape=[2, 3])", runFirst(g, pieces.get(1)));
    // tf.sparse.split(in, 3, axis=1): sizes 3, 2, 2
    assertEquals("[sparse<int32>[2, 3], sparse<int32>[2, 2], sparse<int32>[2, 2]]",
        tf.sparse.split(in, 3, -1).stream().map(v -> v.type().toString()).toList().toString());
    assertTrue(assertThrows(GraphBuildException.class, () -> tf.sparse.split(in, 8, 1)).getMessage()
        .contains("Input num_split should be between 1 and 7, got 8"));
    Value p = g.placeholder("p", SparseType.of(DType.INT32, -1, -1));
    Value piece = tf.sparse.split(p, 3, 0).get(0);
    assertTrue(sessionError(g, piece, Map.of("p", SparseTensor.of(new long[0][], Tensor.ofInts(), 2, 2)))
        .endsWith("Input num_split should be between 1 and 2, got 3"));
  }

  @Test
  void split_refusesAnIndexOutsideTheDenseShape() {
    // tf.sparse.split(SparseTensor([[0, 0], [5, 0]], [1, 2], [4, 2]), 2, axis=0) raises
    // "Sparse index tuple indices[1, :] = [5, 0] is out of bounds" (SparseSplit checks every index)
    Value p = g.placeholder("p", SparseType.of(DType.INT32, -1, -1));
    List<Value> pieces = g.ops().sparse.split(p, 2, 0);
    for (long[] bad : new long[][] {{5, 0}, {0, 7}, {-1, 0}, {1, -1}}) {
      SparseTensor st = SparseTensor.of(new long[][] {{0, 0}, bad}, Tensor.ofInts(1, 2), 4, 2);
      for (Value piece : pieces) {
        String message = sessionError(g, piece, Map.of("p", st));
        assertTrue(message.endsWith("indices[1]=" + java.util.Arrays.toString(bad) + " is out of bounds for dense_shape [4, 2]"),
            message);
      }
    }
  }

  @Test
  void split_ofMorePiecesThanOneOpMayGive_isRefusedBeforeBuildingThem() {
    Value p = g.placeholder("p", SparseType.of(DType.INT32, -1, -1));
    Value known = g.placeholder("k", SparseType.of(DType.INT32, 7, 2));
    int before = g.build().nodes().size();
    GraphBuildException e = assertThrows(GraphBuildException.class, () -> g.ops().sparse.split(p, 1L << 40, 0));
    assertTrue(e.getMessage().contains("num_split 1099511627776 is more than the 65536 results one op may give"), e.getMessage());
    // with the dimension known, the type rule's TF message comes first
    e = assertThrows(GraphBuildException.class, () -> g.ops().sparse.split(known, 1L << 40, 0));
    assertTrue(e.getMessage().contains("Input num_split should be between 1 and 7, got 1099511627776"), e.getMessage());
    assertTrue(g.build().nodes().size() <= before + 1, "at most the first piece, whose type rule checks num_split, was built");
  }

  @Test
  void eye_onesOnTheDiagonal() {
    // tf.sparse.eye(3, 2, dtype=tf.int64)
    assertEquals("SparseTensor(indices=[[0, 0], [1, 1]], values=[1, 1], dense_shape=[3, 2])", runFirst(g, tf.sparse.eye(3, 2, DType.INT64)));
    assertEquals("SparseTensor(indices=[], values=[], dense_shape=[0, 4])", runFirst(g, tf.sparse.eye(0, 4, DType.FLOAT64)));
    assertTrue(assertThrows(GraphBuildException.class, () -> tf.sparse.eye(-1, 2, DType.FLOAT32)).getMessage()
        .contains("num_rows and num_columns must be >= 0, got -1 and 2"));
  }

  @Test
  void mapValues_appliesTheFunctionToStoredValuesOnly() {
    // tf.sparse.map_values(tf.math.abs, SparseTensor([[0, 0], [1, 2]], [-1, 2], [2, 3]))
    Value st = g.sparseTensor(new long[][] {{0, 0}, {1, 2}}, Tensor.ofInts(-1, 2), 2, 3);
    assertEquals("SparseTensor(indices=[[0, 0], [1, 2]], values=[1, 2], dense_shape=[2, 3])", runFirst(g, tf.sparse.mapValues(st, Value::abs)));
    // tf.sparse.map_values(tf.cast, st, tf.float32) changes the dtype
    assertEquals("sparse<float32>[2, 3]", tf.sparse.mapValues(st, v -> v.cast(DType.FLOAT32)).type().toString());
  }
}
