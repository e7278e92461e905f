package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.codegen.BytecodeCompiler;
import dev.tatter.ir.Graph;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.optimizer.PassManager;
import dev.tatter.optimizer.Pass;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The pooling a TF user writes first, {@code tf.reduce_mean(tf.gather(table, ids) * w[..., None],
 * axis=1)} on ragged ids and weights: one loop over the rows that reads each id's table row where
 * it folds it (a {@code Fusion.Lookup} step in a row fold over vectors), so the gathered rows are
 * never stored; it gives the unfused ops' bits.
 */
class EmbeddingPoolingFusionTest {
  private static final RowPartition ROWS = RowPartition.fromRowSplits(new long[] {0, 2, 2, 5}, DType.INT64, true);

  private static Graph optimized(Graph graph) {
    return PassManager.parse(PassManager.DEFAULT_PIPELINE).run(graph);
  }

  private static List<String> fuseRemarks(Graph graph) {
    PassManager pm = PassManager.parse(PassManager.DEFAULT_PIPELINE);
    pm.run(graph);
    List<String> out = new ArrayList<>();
    for (Pass pass : pm.passes()) {
      if (pass.name().equals("fuse")) {
        out.addAll(pass.remarks());
      }
    }
    return out;
  }

  private record Pooling(GraphBuilder g, Value pooled) {}

  private static Pooling weightedMean(DType dtype, int dim) {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value table = g.placeholder("table", Types.dense(dtype, -1, dim));
    Value ids = g.placeholder("ids", Types.ragged(DType.INT64, 1));
    Value w = g.placeholder("w", Types.ragged(dtype, 1));
    return new Pooling(g, tf.reduceMean(tf.gather(table, ids).mul(tf.expandDims(w, -1)), 1));
  }

  @Test
  void weightedMeanPooling_isOneLoopReadingTableRowsInPlace_likeTf() {
    Pooling p = weightedMean(DType.FLOAT32, 2);
    Graph graph = p.g().build(p.pooled());
    String ir = GraphPrinter.print(optimized(graph));
    assertTrue(ir.contains("expr = \"gather($0, $1); mul(#0, $2); row_mean(#1, $3)\""), ir);
    assertFalse(ir.contains("= gather("), ir);
    String listing = BytecodeCompiler.compile(optimized(graph)).bytecodeListing();
    String loop = listing.substring(listing.indexOf("loop0(II"), listing.indexOf("MAXLOCALS", listing.indexOf("loop0(II")));
    assertFalse(loop.contains("NEWARRAY") || loop.contains("INVOKEVIRTUAL") || loop.contains("NEW "), loop);
    // tf.reduce_mean(tf.gather([[1., 2.], [3., 4.], [5., 6.]], ids) * tf.expand_dims(w, -1), axis=1) with
    // ids = [[2, 0], [], [1, 1, 2]], w = [[.5, 2.], [], [1., -1., 3.]] -> [[2.25, 3.5], [nan, nan], [5., 6.]]
    List<Object> out = Harness.runEverywhere(graph, Map.of(
        "table", Tensor.of(DType.FLOAT32, new float[] {1, 2, 3, 4, 5, 6}, 3, 2),
        "ids", RaggedTensor.of(Tensor.ofLongs(2, 0, 1, 1, 2), ROWS),
        "w", RaggedTensor.of(Tensor.ofFloats(0.5f, 2, 1, -1, 3), ROWS)));
    assertEquals("[[2.25, 3.5], [nan, nan], [5.0, 6.0]]", out.get(0).toString());
  }

  @Test
  void fastLoopRuns_itsOutputArrayIsKeptByTheRunner() {
    Pooling p = weightedMean(DType.FLOAT32, 3);
    Map<String, Object> feeds = Map.of(
        "table", Tensor.of(DType.FLOAT32, new float[] {1, 2, 3, 4, 5, 6, 7, 8, 9}, 3, 3),
        "ids", RaggedTensor.of(Tensor.ofLongs(2, 0, 1, 1, 2), ROWS),
        "w", RaggedTensor.of(Tensor.ofFloats(1, 1, 1, 1, 1), ROWS));
    try (Session session = new Session(p.g().build(p.pooled()))) {
      Runner runner = session.runner(p.pooled());
      Tensor first = runner.run(feeds).tensor(0);
      Tensor second = runner.run(feeds).tensor(0);
      // only the generated loop writes into the runner's kept array; the general path allocates
      assertSame(first.unsafeData(), second.unsafeData());
      assertEquals("[[4.0, 5.0, 6.0], [nan, nan, nan], [5.0, 6.0, 7.0]]", second.toString());
      Tensor plain = session.run(feeds, p.pooled()).tensor(0);
      assertNotSame(second.unsafeData(), plain.unsafeData());
    }
  }

  @Test
  void idOutOfRange_failsWithTheGathersMessage_inEveryBackend() {
    Pooling p = weightedMean(DType.FLOAT32, 2);
    Tensor table = Tensor.of(DType.FLOAT32, new float[] {1, 2, 3, 4, 5, 6}, 3, 2);
    RaggedTensor w = RaggedTensor.of(Tensor.ofFloats(1, 1, 1, 1, 1), ROWS);
    // tf.gather(table, [2, 0, 1, 3, 2]) -> InvalidArgumentError: indices[3] = 3 is not in [0, 3)
    for (long bad : new long[] {3, -1, 1L << 40, Long.MIN_VALUE}) {
      String error = Harness.sessionError(p.g(), p.pooled(), Map.of("table", table,
          "ids", RaggedTensor.of(Tensor.ofLongs(2, 0, 1, bad, 2), ROWS), "w", w));
      assertTrue(error.contains("(gather)") && error.contains("indices[3] = " + bad + " is not in [0, 3)"), error);
    }
  }

  @Test
  void float16Table_roundsEveryStepAsTheUnfusedOps() {
    Pooling p = weightedMean(DType.FLOAT16, 1);
    RowPartition oneRow = RowPartition.fromRowSplits(new long[] {0, 3}, DType.INT64, true);
    // float16 sums round each step: 2048 + 1 is 2048 (ties to even), so the mean is 2048 / 3 = 682.5
    // (tf.reduce_mean of a ragged float16 tensor sums with UnsortedSegmentSum in float16)
    List<Object> out = Harness.runEverywhere(p.g().build(p.pooled()), Map.of(
        "table", Tensor.ofFloat16(2048, 1).reshape(2, 1),
        "ids", RaggedTensor.of(Tensor.ofLongs(0, 1, 1), oneRow),
        "w", RaggedTensor.of(Tensor.ofFloat16(1, 1, 1), oneRow)));
    assertEquals("[[682.5]]", out.get(0).toString());
  }

  @Test
  void innerDimsPerValueWeightsAndABias_foldVectorsOfFour() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value table = g.placeholder("table", Types.dense(DType.FLOAT64, -1, 2, 2));
    Value ids = g.placeholder("ids", Types.ragged(DType.INT32, 1));
    Value w = g.placeholder("w", Types.dense(DType.FLOAT64, -1, 1, 1));
    Value bias = g.constant(Tensor.of(DType.FLOAT64, new double[] {0.5, -0.5, 0, 1}, 2, 2));
    Value rows = tf.gather(table, ids);                        // [3, (None), 2, 2]
    Value flat = rows.flatValues().mul(w).add(bias);           // per-value weights and an inner bias
    Value pooled = tf.reduceSum(rows.withFlatValues(flat), 1);  // [3, 2, 2]
    Graph graph = g.build(pooled);
    String ir = GraphPrinter.print(optimized(graph));
    assertTrue(ir.contains("expr = \"gather($0, $1); mul(#0, $2); add(#1, $3); row_sum(#2, $4)\""), ir);
    // tf.reduce_sum(tf.ragged.map_flat_values(lambda v: v * w + bias, tf.gather(table, ids)), axis=1)
    // with table = [[[1, 2], [3, 4]], [[10, 20], [30, 40]]], ids = [[1, 0], [], [0, 0, 1]], w = [2, 1, 1, -1, 1]
    List<Object> out = Harness.runEverywhere(graph, Map.of(
        "table", Tensor.of(DType.FLOAT64, new double[] {1, 2, 3, 4, 10, 20, 30, 40}, 2, 2, 2),
        "ids", RaggedTensor.of(Tensor.ofInts(1, 0, 0, 0, 1), ROWS),
        "w", Tensor.of(DType.FLOAT64, new double[] {2, 1, 1, -1, 1}, 5, 1, 1)));
    assertEquals("[[[22.0, 41.0], [63.0, 86.0]], [[0.0, 0.0], [0.0, 0.0]], [[11.5, 18.5], [30.0, 43.0]]]",
        out.get(0).toString());
  }

  @Test
  void emptyInnerDim_readsNoId_soNoneIsChecked_asTfsGather() {
    Pooling p = weightedMean(DType.FLOAT32, 0);
    // TF's GatherV2 returns an empty result before reading any index
    List<Object> out = Harness.runEverywhere(p.g().build(p.pooled()), Map.of(
        "table", Tensor.of(DType.FLOAT32, new float[0], 3, 0),
        "ids", RaggedTensor.of(Tensor.ofLongs(7, 0, 1, -5, 2), ROWS),
        "w", RaggedTensor.of(Tensor.ofFloats(1, 1, 1, 1, 1), ROWS)));
    assertEquals("[[], [], []]", out.get(0).toString());
  }

  @Test
  void gatherThatCannotBeAStep_staysAKernel_withARemark() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value table = g.placeholder("table", Types.dense(DType.FLOAT32, -1, 4));
    Value cols = g.placeholder("cols", Types.dense(DType.INT64, -1));
    Value byColumn = tf.gather(table, cols, 1, 0).neg();
    Value rowsTimesTwo = tf.gather(table, cols).mul(2f).abs();
    List<String> remarks = fuseRemarks(g.build(byColumn, rowsTimesTwo));
    assertTrue(remarks.stream().anyMatch(r -> r.contains("(gather) stays unfused: a loop reads params rows along axis 0 "
        + "with no batch dims, not along axis 1")), remarks.toString());
    assertTrue(remarks.stream().anyMatch(r -> r.contains("(gather) not fused into")
        && r.contains("joins only a row reduction's loop")), remarks.toString());
  }
}
