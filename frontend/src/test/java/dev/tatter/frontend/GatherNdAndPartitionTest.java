package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runtimeError;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code tf.gather_nd} (TF's GatherNd) and {@code tf.dynamic_partition}, dense and ragged. */
class GatherNdAndPartitionTest {
  private static List<String> runAll(GraphBuilder g, List<Value> outs) {
    List<String> printed = new ArrayList<>();
    for (Object v : Harness.runEverywhere(g.build(outs.toArray(new Value[0])), Map.of())) {
      printed.add(v.toString());
    }
    return printed;
  }

  private static String run(GraphBuilder g, Value out) {
    return runAll(g, List.of(out)).get(0);
  }

  private static Tensor ints(int[] shape, int... values) {
    return Tensor.of(DType.INT32, values, shape);
  }

  @Test
  void gatherNd_fullAndPartialTuples() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value p = g.constant(ints(new int[] {2, 2}, 1, 2, 3, 4));
    // tf.gather_nd([[1, 2], [3, 4]], [[0, 0], [1, 1]]) -> [1, 4]
    assertEquals("[1, 4]", run(g, tf.gatherNd(p, g.constant(ints(new int[] {2, 2}, 0, 0, 1, 1)))));
    // tf.gather_nd([[1, 2], [3, 4]], [[1], [0]]) -> [[3, 4], [1, 2]]
    assertEquals("[[3, 4], [1, 2]]", run(g, tf.gatherNd(p, g.constant(ints(new int[] {2, 1}, 1, 0)))));
    // tf.gather_nd([[1, 2], [3, 4]], [[[0, 1]], [[1, 0]]]) -> [[2], [3]]
    assertEquals("[[2], [3]]", run(g, tf.gatherNd(p, g.constant(ints(new int[] {2, 1, 2}, 0, 1, 1, 0)))));
    // tf.gather_nd([[1, 2], [3, 4]], [1, 0]) -> 3 (indices of rank 1: one tuple, a scalar result)
    assertEquals("3", run(g, tf.gatherNd(p, g.constant(Tensor.ofLongs(1, 0)))));
    Value cube = g.constant(ints(new int[] {2, 2, 2}, 1, 2, 3, 4, 5, 6, 7, 8));
    // tf.gather_nd([[[1, 2], [3, 4]], [[5, 6], [7, 8]]], [[0, 1], [1, 0]]) -> [[3, 4], [5, 6]]
    assertEquals("[[3, 4], [5, 6]]", run(g, tf.gatherNd(cube, g.constant(ints(new int[] {2, 2}, 0, 1, 1, 0)))));
    // tf.gather_nd([1, 2], tf.zeros([2, 0], tf.int32)) -> [[1, 2], [1, 2]] (an empty tuple picks all of params)
    assertEquals("[[1, 2], [1, 2]]", run(g, tf.gatherNd(g.constant(Tensor.ofInts(1, 2)), g.constant(ints(new int[] {2, 0})))));
    // tf.gather_nd([[1, 2], [3, 4]], tf.zeros([0, 2], tf.int32)) -> [] (no tuples)
    assertEquals("[]", run(g, tf.gatherNd(p, g.constant(ints(new int[] {0, 2})))));
  }

  @Test
  void gatherNd_batchDims() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value p = g.constant(ints(new int[] {2, 2, 2}, 0, 1, 2, 3, 4, 5, 6, 7));
    // tf.gather_nd([[[0, 1], [2, 3]], [[4, 5], [6, 7]]], [[1], [0]], batch_dims=1) -> [[2, 3], [4, 5]]
    assertEquals("[[2, 3], [4, 5]]", run(g, tf.gatherNd(p, g.constant(ints(new int[] {2, 1}, 1, 0)), 1)));
    // tf.gather_nd(same, [[1, 0], [0, 1]], batch_dims=1) -> [2, 5]
    assertEquals("[2, 5]", run(g, tf.gatherNd(p, g.constant(ints(new int[] {2, 2}, 1, 0, 0, 1)), 1)));
    // tf.gather_nd(same, [[[1, 1], [0, 0]], [[0, 1], [1, 1]]], batch_dims=1) -> [[3, 0], [5, 7]]
    assertEquals("[[3, 0], [5, 7]]", run(g, tf.gatherNd(p, g.constant(ints(new int[] {2, 2, 2}, 1, 1, 0, 0, 0, 1, 1, 1)), 1)));
  }

  @Test
  void gatherNd_raggedIndices_keepTheirPartitions() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value p = g.constant(ints(new int[] {2, 2}, 1, 2, 3, 4));
    // indices = tf.RaggedTensor.from_row_splits([[0, 0], [1, 1], [0, 1]], [0, 2, 3])
    // tf.gather_nd([[1, 2], [3, 4]], indices) -> [[1, 4], [2]]
    Value ids = g.raggedFromRowSplits(g.constant(ints(new int[] {3, 2}, 0, 0, 1, 1, 0, 1)), g.constant(Tensor.ofLongs(0, 2, 3)));
    assertEquals("[[1, 4], [2]]", run(g, tf.gatherNd(p, ids)));
  }

  @Test
  void gatherNd_badTuples_nameThePositionTheTupleAndTheShape() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.gather_nd([0, 1, 2], [[[0], [7]]]) -> indices[0,1] = [7] does not index into param shape [3]
    String high = runtimeError(g, tf.gatherNd(g.constant(Tensor.ofInts(0, 1, 2)), g.constant(ints(new int[] {1, 2, 1}, 0, 7))));
    assertTrue(high.contains("indices[0,1] = [7] does not index into param shape [3]"), high);
    GraphBuilder g2 = new GraphBuilder();
    Ops g2Tf = g2.ops();
    // tf.gather_nd([[1, 2], [3, 4]], [[0, -1]]) -> indices[0] = [0, -1] does not index into param shape [2,2]
    String low = runtimeError(g2, g2Tf.gatherNd(g2.constant(ints(new int[] {2, 2}, 1, 2, 3, 4)),
        g2.constant(ints(new int[] {1, 2}, 0, -1))));
    assertTrue(low.contains("indices[0] = [0, -1] does not index into param shape [2,2]"), low);
    GraphBuilder g4 = new GraphBuilder();
    Ops g4Tf = g4.ops();
    // tf.gather_nd(tf.zeros([2, 0]), [[1]]) -> Requested more than 0 entries, but params is empty.  Params shape: [2,0]
    // (even though row 1 exists: TF refuses every tuple into empty params)
    String empty = runtimeError(g4, g4Tf.gatherNd(g4.constant(ints(new int[] {2, 0})), g4.constant(ints(new int[] {1, 1}, 1))));
    assertTrue(empty.contains("Requested more than 0 entries, but params is empty.  Params shape: [2,0]"), empty);
    // tf.gather_nd(tf.zeros([2, 0]), tf.zeros([0, 1], tf.int32)) -> shape [0, 0] (no tuples, nothing requested)
    GraphBuilder g5 = new GraphBuilder();
    Ops g5Tf = g5.ops();
    assertEquals("[]", run(g5, g5Tf.gatherNd(g5.constant(ints(new int[] {2, 0})), g5.constant(ints(new int[] {0, 1})))));
    GraphBuilder g3 = new GraphBuilder();
    Ops g3Tf = g3.ops();
    // tf.gather_nd([1, 2], [[0, 0]]) -> index innermost dimension length must be <= params rank; saw: 2 vs. 1
    GraphBuildException rank = assertThrows(GraphBuildException.class,
        () -> g3Tf.gatherNd(g3.constant(Tensor.ofInts(1, 2)), g3.constant(ints(new int[] {1, 2}, 0, 0))));
    assertTrue(rank.getMessage().contains("index innermost dimension length must be <= params rank; saw: 2 vs. 1"),
        rank.getMessage());
    // tf.gather_nd(5, [0]) -> params must be at least a vector
    GraphBuildException scalar = assertThrows(GraphBuildException.class,
        () -> g3Tf.gatherNd(g3.scalar(DType.INT32, 5), g3.constant(ints(new int[] {1}, 0))));
    assertTrue(scalar.getMessage().contains("params must be at least a vector"), scalar.getMessage());
  }

  @Test
  void dynamicPartition_densePartitionsOfAnyRank() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    // tf.dynamic_partition([10, 20, 30, 40, 50], [0, 0, 1, 1, 0], 3) -> [[10, 20, 50], [30, 40], []]
    List<Value> parts = tf.dynamicPartition(g.constant(Tensor.ofInts(10, 20, 30, 40, 50)),
        g.constant(Tensor.ofInts(0, 0, 1, 1, 0)), 3);
    assertEquals(List.of("[10, 20, 50]", "[30, 40]", "[]"), runAll(g, parts));
    // tf.dynamic_partition([[1, 2], [3, 4]], [[1, 0], [0, 2]], 3) -> [[2, 3], [1], [4]]
    List<Value> cells = tf.dynamicPartition(g.constant(ints(new int[] {2, 2}, 1, 2, 3, 4)),
        g.constant(ints(new int[] {2, 2}, 1, 0, 0, 2)), 3);
    assertEquals(List.of("[2, 3]", "[1]", "[4]"), runAll(g, cells));
    // tf.dynamic_partition([['a', 'b'], ['c', 'd'], ['e', 'f']], [1, 0, 1], 2) -> [[[b'c', b'd']], [[b'a', b'b'], [b'e', b'f']]]
    List<Value> rows = tf.dynamicPartition(g.constant(Tensor.of(DType.STRING, new String[] {"a", "b", "c", "d", "e", "f"}, 3, 2)),
        g.constant(Tensor.ofInts(1, 0, 1)), 2);
    assertEquals(List.of("[[b'c', b'd']]", "[[b'a', b'b'], [b'e', b'f']]"), runAll(g, rows));
    assertEquals("(None, 2)", rows.get(0).shape());
  }

  @Test
  void dynamicPartition_raggedData_partitionsRows() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(List.of(List.of(1), List.of(2, 3), List.of(), List.of(4)));
    // tf.ragged.stack_dynamic_partitions(tf.ragged.constant([[1], [2, 3], [], [4]]), [1, 0, 1, 1], 2)
    //   -> [[[2, 3]], [[1], [], [4]]]: partition i is its row i
    List<Value> parts = tf.dynamicPartition(rt, g.constant(Tensor.ofInts(1, 0, 1, 1)), 2);
    assertEquals(List.of("[[2, 3]]", "[[1], [], [4]]"), runAll(g, parts));
  }

  @Test
  void dynamicPartition_badPartitions() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    List<Value> parts = tf.dynamicPartition(g.constant(Tensor.ofInts(1, 2, 3)), g.constant(Tensor.ofInts(0, 2, 1)), 2);
    // tf.dynamic_partition([1, 2, 3], [0, 2, 1], 2) -> InvalidArgumentError: partitions[1] = 2 is not in [0, 2)
    // (every partition's node checks every value: fetching partition 0 fails too)
    String high = runtimeError(g, parts.get(0));
    assertTrue(high.contains("partitions[1] = 2 is not in [0, 2)"), high);
    GraphBuilder g2 = new GraphBuilder();
    Ops g2Tf = g2.ops();
    List<Value> neg = g2Tf.dynamicPartition(g2.constant(ints(new int[] {1, 2}, 1, 2)), g2.constant(ints(new int[] {1, 2}, 0, -1)), 2);
    // tf.dynamic_partition([[1, 2]], [[0, -1]], 2) -> partitions[0,1] = -1 is not in [0, 2)
    String low = runtimeError(g2, neg.get(1));
    assertTrue(low.contains("partitions[0,1] = -1 is not in [0, 2)"), low);
    GraphBuilder g3 = new GraphBuilder();
    Ops g3Tf = g3.ops();
    // data [3] with partitions [2]: data.shape must start with partitions.shape
    GraphBuildException shape = assertThrows(GraphBuildException.class,
        () -> g3Tf.dynamicPartition(g3.constant(Tensor.ofInts(1, 2, 3)), g3.constant(Tensor.ofInts(0, 1)), 2));
    assertTrue(shape.getMessage().contains("data.shape must start with partitions.shape"), shape.getMessage());
    // partitions must be int32, as TF's DynamicPartition declares them
    assertThrows(GraphBuildException.class,
        () -> g3Tf.dynamicPartition(g3.constant(Tensor.ofInts(1, 2)), g3.constant(Tensor.ofLongs(0, 1)), 2));
    GraphBuildException count = assertThrows(GraphBuildException.class,
        () -> g3Tf.dynamicPartition(g3.constant(Tensor.ofInts(1, 2)), g3.constant(Tensor.ofInts(0, 0)), 0));
    assertTrue(count.getMessage().contains("num_partitions must be at least 1"), count.getMessage());
  }

  @Test
  void dynamicPartition_ofMorePartitionsThanOneOpMayGive_isRefusedBeforeBuildingThem() {
    GraphBuilder g = new GraphBuilder();
    Value data = g.constant(Tensor.ofInts(1, 2));
    Value parts = g.constant(Tensor.ofInts(0, 1));
    int before = g.build().nodes().size();
    dev.tatter.ir.GraphBuildException e = org.junit.jupiter.api.Assertions.assertThrows(dev.tatter.ir.GraphBuildException.class,
        () -> g.ops().dynamicPartition(data, parts, Integer.MAX_VALUE));
    org.junit.jupiter.api.Assertions.assertTrue(e.getMessage().contains(
        "dynamic_partition: num_partitions 2147483647 is more than the 65536 results one op may give"), e.getMessage());
    assertEquals(before, g.build().nodes().size());
  }
}
