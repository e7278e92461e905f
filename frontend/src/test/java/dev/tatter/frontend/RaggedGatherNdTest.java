package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code tf.gather_nd} of ragged params (TF's ragged_gather_ops.gather_nd), through every backend.
 * Each expected value is TF's, with the call it comes from; where TF would read another row
 * (a coordinate past its own row's length), Tatter refuses instead.
 */
class RaggedGatherNdTest {
  /** TF's docstring params: [[['000', '001'], ['010']], [['100'], ['110', '111', '112'], ['120']], [[], ['210']]]. */
  private static Value docParams(GraphBuilder g) {
    Ops tf = g.ops();
    return tf.ragged.constant(List.of(
        List.of(List.of("000", "001"), List.of("010")),
        List.of(List.of("100"), List.of("110", "111", "112"), List.of("120")),
        List.of(List.of(), List.of("210"))), DType.STRING, 2);
  }

  private static Value ints(GraphBuilder g, int[] shape, int... values) {
    return g.constant(Tensor.of(DType.INT32, values, shape));
  }

  /** The run-time refusal's own text, after the node prefix every backend gives it ("node #2 (gather_nd_positions) at ..."). */
  private static String runtimeError(GraphBuilder g, Value out) {
    String message = assertThrows(InvalidArgumentException.class, () -> Harness.runEverywhere(g.build(out), Map.of())).getMessage();
    assertTrue(message.contains("(gather_nd_positions)"), message);
    return message.substring(message.indexOf(": ") + 2);
  }

  @Test
  void docstringExamples() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value params = docParams(g);
    // tf.gather_nd(params, [[2], [0]]) -> [[[], [b'210']], [[b'000', b'001'], [b'010']]]
    assertEquals("[[[], [b'210']], [[b'000', b'001'], [b'010']]]", runFirst(g, tf.gatherNd(params, ints(g, new int[] {2, 1}, 2, 0))));
    // tf.gather_nd(params, [[2, 1], [0, 0]]) -> [[b'210'], [b'000', b'001']]
    assertEquals("[[b'210'], [b'000', b'001']]", runFirst(g, tf.gatherNd(params, ints(g, new int[] {2, 2}, 2, 1, 0, 0))));
    // tf.gather_nd(params, [[0, 0, 1], [1, 1, 2]]) -> [b'001', b'112']
    assertEquals("[b'001', b'112']", runFirst(g, tf.gatherNd(params, ints(g, new int[] {2, 3}, 0, 0, 1, 1, 1, 2))));
  }

  @Test
  void singleTuple_indicesOfRankOne() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value params = docParams(g);
    // tf.gather_nd(params, [2, 1]) -> [b'210'] (row_splits[2] + 1 = 6, params.values[6])
    assertEquals("[b'210']", runFirst(g, tf.gatherNd(params, g.constant(Tensor.ofInts(2, 1)))));
    // tf.gather_nd(params, [0, 0, 1]) -> b'001'
    assertEquals("b'001'", runFirst(g, tf.gatherNd(params, g.constant(Tensor.ofLongs(0, 0, 1)))));
    // tf.gather_nd(params, [1]) -> [[[b'100'], [b'110', b'111', b'112'], [b'120']]]: TF's reshape(indices, [-1])
    // makes the one tuple a list of one, so the result keeps a leading dim of 1
    assertEquals("[[[b'100'], [b'110', b'111', b'112'], [b'120']]]", runFirst(g, tf.gatherNd(params, g.constant(Tensor.ofInts(1)))));
  }

  @Test
  void emptyTuples_selectAllOfParams() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(List.of(List.of(1, 2), List.of(3)));
    // tf.gather_nd(rt, tf.zeros([2, 0], tf.int32)) -> [[[1, 2], [3]], [[1, 2], [3]]] (TF tiles params)
    assertEquals("[[[1, 2], [3]], [[1, 2], [3]]]", runFirst(g, tf.gatherNd(rt, ints(g, new int[] {2, 0}))));
    // tf.gather_nd(rt, tf.zeros([0], tf.int32)) -> [[1, 2], [3]]
    assertEquals("[[1, 2], [3]]", runFirst(g, tf.gatherNd(rt, ints(g, new int[] {0}))));
  }

  @Test
  void emptyRowsAndNoTuples() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(List.of(List.of(), List.of(1, 2), List.of()));
    // tf.gather_nd(rt, [[0], [2]]) -> [[], []]
    assertEquals("[[], []]", runFirst(g, tf.gatherNd(rt, ints(g, new int[] {2, 1}, 0, 2))));
    // tf.gather_nd(rt, [[1, 1], [1, 0]]) -> [2, 1]
    assertEquals("[2, 1]", runFirst(g, tf.gatherNd(rt, ints(g, new int[] {2, 2}, 1, 1, 1, 0))));
    // tf.gather_nd(rt, tf.zeros([0, 2], tf.int32)) -> []
    assertEquals("[]", runFirst(g, tf.gatherNd(rt, ints(g, new int[] {0, 2}))));
    // tf.gather_nd(rt, tf.zeros([0, 1], tf.int32)) -> []
    assertEquals("[]", runFirst(g, tf.gatherNd(rt, ints(g, new int[] {0, 1}))));
  }

  @Test
  void uniformInnerDims_ofTheFlatValues() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // rt = tf.RaggedTensor.from_row_splits([[1, 2], [3, 4], [5, 6]], [0, 2, 3]) = [[[1, 2], [3, 4]], [[5, 6]]]
    Value rt = g.raggedFromRowSplits(ints(g, new int[] {3, 2}, 1, 2, 3, 4, 5, 6), g.constant(Tensor.ofLongs(0, 2, 3)));
    // tf.gather_nd(rt, [[0, 1, 0], [1, 0, 1]]) -> [3, 6]
    assertEquals("[3, 6]", runFirst(g, tf.gatherNd(rt, ints(g, new int[] {2, 3}, 0, 1, 0, 1, 0, 1))));
    // tf.gather_nd(rt, [[0, 1], [1, 0]]) -> [[3, 4], [5, 6]]
    assertEquals("[[3, 4], [5, 6]]", runFirst(g, tf.gatherNd(rt, ints(g, new int[] {2, 2}, 0, 1, 1, 0))));
    // tf.gather_nd(rt, [[1]]) -> [[[5, 6]]]
    assertEquals("[[[5, 6]]]", runFirst(g, tf.gatherNd(rt, ints(g, new int[] {1, 1}, 1))));
  }

  @Test
  void indicesOfHigherRank_andRaggedIndices() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(List.of(List.of(1, 2), List.of(3)));
    // tf.gather_nd(rt, [[[0, 1]], [[1, 0]]]) -> [[2], [3]] (dense: TF's to_tensor of the uniform result)
    assertEquals("[[2], [3]]", runFirst(g, tf.gatherNd(rt, ints(g, new int[] {2, 1, 2}, 0, 1, 1, 0))));
    // tf.gather_nd(rt, [[[1], [0]]]) -> [[[3], [1, 2]]]
    assertEquals("[[[3], [1, 2]]]", runFirst(g, tf.gatherNd(rt, ints(g, new int[] {1, 2, 1}, 1, 0))));
    // tf.gather_nd(rt, tf.RaggedTensor.from_row_splits([[1, 0], [0, 1], [0, 0]], [0, 2, 2, 3])) -> [[3, 2], [], [1]]
    Value ids = g.raggedFromRowSplits(ints(g, new int[] {3, 2}, 1, 0, 0, 1, 0, 0), g.constant(Tensor.ofLongs(0, 2, 2, 3)));
    assertEquals("[[3, 2], [], [1]]", runFirst(g, tf.gatherNd(rt, ids)));
    // tf.gather_nd(rt, tf.RaggedTensor.from_row_splits([[1], [0]], [0, 1, 2])) -> [[[3]], [[1, 2]]]
    Value rows = g.raggedFromRowSplits(ints(g, new int[] {2, 1}, 1, 0), g.constant(Tensor.ofLongs(0, 1, 2)));
    assertEquals("[[[3]], [[1, 2]]]", runFirst(g, tf.gatherNd(rt, rows)));
  }

  @Test
  void fedParams_int64RowSplits() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = g.placeholder("rt", Types.ragged(DType.FLOAT32, 1));
    Value i = g.placeholder("i", Types.dense(DType.INT64, -1, 2));
    RaggedTensor fed = RaggedTensor.of(Tensor.ofFloats(1.5f, 2.5f, 3.5f), RowPartition.fromRowSplits(new long[] {0, 0, 3},
        DType.INT64, true));
    // tf.gather_nd(tf.ragged.constant([[], [1.5, 2.5, 3.5]]), [[1, 2], [1, 0]]) -> [3.5, 1.5]
    assertEquals("[3.5, 1.5]", runFirst(g, tf.gatherNd(rt, i), Map.of("rt", fed, "i", Tensor.of(DType.INT64, new long[] {1, 2, 1, 0}, 2, 2))));
  }

  @Test
  void outOfRangeTuples_areRefusedNamingTheTupleAndTheBound() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value params = docParams(g);
    // row 1 of params has 3 rows; TF's row_splits[1] + 5 = 7 would read params.values[7], another row
    assertEquals("indices[0] = [1, 5] does not index into params: coordinate 1 is not in [0, 3) (params[1] has 3 values)",
        runtimeError(g, tf.gatherNd(params, ints(g, new int[] {1, 2}, 1, 5))));
    assertEquals("indices[1] = [3, 0] does not index into params: coordinate 0 is not in [0, 3) (params has 3 rows)",
        runtimeError(g, tf.gatherNd(params, ints(g, new int[] {2, 2}, 0, 0, 3, 0))));
    assertEquals("indices[0] = [-1] does not index into params: coordinate 0 is not in [0, 3) (params has 3 rows)",
        runtimeError(g, tf.gatherNd(params, ints(g, new int[] {1, 1}, -1))));
    // params[2][0] is empty: TF's flat offset would be the first value of params[2][1]
    assertEquals("indices[0,1] = [2, 0, 0] does not index into params: coordinate 2 is not in [0, 0) (params[2, 0] has 0 values)",
        runtimeError(g, tf.gatherNd(params, ints(g, new int[] {1, 2, 3}, 0, 0, 0, 2, 0, 0))));
    GraphBuilder h = new GraphBuilder();
    Ops hTf = h.ops();
    Value rt = hTf.ragged.constant(List.of(List.of(1, 2), List.of(3)));
    // tf.gather_nd(rt, [0, 2]) would give 3 (row_splits[0] + 2, the first value of row 1)
    assertEquals("indices = [0, 2] does not index into params: coordinate 1 is not in [0, 2) (params[0] has 2 values)",
        runtimeError(h, hTf.gatherNd(rt, h.constant(Tensor.ofInts(0, 2)))));
    GraphBuilder k = new GraphBuilder();
    Ops kTf = k.ops();
    Value wide = k.raggedFromRowSplits(ints(k, new int[] {3, 2}, 1, 2, 3, 4, 5, 6), k.constant(Tensor.ofLongs(0, 2, 3)));
    assertEquals("indices[0] = [0, 1, 2] does not index into params: coordinate 2 is not in [0, 2) (dim 2 has size 2)",
        runtimeError(k, kTf.gatherNd(wide, ints(k, new int[] {1, 3}, 0, 1, 2))));
  }

  @Test
  void badBuilds() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(List.of(List.of(1, 2), List.of(3)));
    // TF: ValueError('batch_dims != 0 is not supported for ragged gather yet.')
    GraphBuildException batch = assertThrows(GraphBuildException.class,
        () -> tf.gatherNd(rt, ints(g, new int[] {2, 1}, 0, 1), 1));
    assertTrue(batch.getMessage().contains("batch_dims must be 0 for ragged params, got 1"), batch.getMessage());
    GraphBuildException tooLong = assertThrows(GraphBuildException.class,
        () -> tf.gatherNd(rt, ints(g, new int[] {1, 3}, 0, 0, 0)));
    assertTrue(tooLong.getMessage().contains("index innermost dimension length must be <= params rank; saw: 3 vs. 2"),
        tooLong.getMessage());
    Value unknown = g.placeholder("i", Types.dense(DType.INT32, 2, -1));
    GraphBuildException dynamic = assertThrows(GraphBuildException.class, () -> tf.gatherNd(rt, unknown));
    assertTrue(dynamic.getMessage().contains("indices.shape[-1] must be statically known"), dynamic.getMessage());
    GraphBuildException floats = assertThrows(GraphBuildException.class,
        () -> tf.gatherNd(rt, g.constant(Tensor.ofFloats(0f, 1f))));
    assertTrue(floats.getMessage().contains("indices"), floats.getMessage());
  }
}
