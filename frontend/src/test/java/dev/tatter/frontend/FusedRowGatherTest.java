package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.codegen.BytecodeCompiler;
import dev.tatter.codegen.CompiledGraph;
import dev.tatter.codegen.Interpreter;
import dev.tatter.ir.Graph;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.optimizer.PassManager;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** {@code rt + dense[nrows, 1]}: the row_gather is a step of the fused loop, read through value_rowids. */
class FusedRowGatherTest {
  private static final String GRAPH = """
      %splits = placeholder() : tensor<int64>[None]
      %a = placeholder() : tensor<DT>[None]
      %d = placeholder() : tensor<DT>[None, 1]
      %e = placeholder() : tensor<DT>[None, 1]
      %0 = partition_from_row_splits(%splits) : partition<int64>[None, (None)]
      %g = row_gather(%d, %0) : tensor<DT>[None]
      %m = mul(%a, %g) : tensor<DT>[None]
      %r = add(%m, %g) : tensor<DT>[None]
      %ge = row_gather(%e, %0) : tensor<DT>[None]
      %me = mul(%a, %ge) : tensor<DT>[None]
      %s = row_sum(%me, %0) : tensor<DT>[None]
      return %r, %s
      """;

  private static Graph optimized(Graph graph) {
    return PassManager.parse(PassManager.DEFAULT_PIPELINE).run(graph);
  }

  @Test
  void raggedPlusDenseColumn_isOneLoopReadingParamsByRow_likeTf() {
    // tf.ragged.constant([[1, 2], [], [3]]) + tf.constant([[10], [20], [30]]) = [[11, 12], [], [33]]
    GraphBuilder g = new GraphBuilder();
    Value rt = g.placeholder("rt", Types.ragged(DType.INT32, 1));
    Value d = g.placeholder("d", Types.dense(DType.INT32, -1, 1));
    Graph graph = g.build(rt.add(d).mul(2));
    String ir = GraphPrinter.print(optimized(graph));
    assertTrue(ir.contains("row_gather($"), ir);
    assertFalse(ir.contains("= row_gather("), ir);
    CompiledGraph compiled = BytecodeCompiler.compile(optimized(graph));
    String listing = compiled.bytecodeListing();
    String loop = listing.substring(listing.indexOf("loop0(II"), listing.indexOf("MAXLOCALS", listing.indexOf("loop0(II")));
    // per element the value, its row id and the params at that row; the scalar 2 once before the loop
    assertEquals(4, loop.split("IALOAD", -1).length - 1, loop);
    assertFalse(loop.contains("INVOKEVIRTUAL") || loop.contains("NEW "), loop);
    RaggedTensor feed = RaggedTensor.of(Tensor.ofInts(1, 2, 3), RowPartition.fromRowSplits(new long[] {0, 2, 2, 3}, DType.INT64, true));
    List<Object> out = Harness.runEverywhere(graph, Map.of("rt", feed, "d", Tensor.ofInts(10, 20, 30).reshape(3, 1)));
    assertEquals("[[22, 24], [], [66]]", out.get(0).toString());
  }

  @Test
  void gatherInsideARowReduction_readsParamsByTheLoopsRow_withoutRowids() {
    // tf.reduce_sum(tf.ragged.constant([[1., 2.], [], [3.]]) * [[10.], [20.], [30.]], axis=1) = [30, 0, 90]
    GraphBuilder g = new GraphBuilder();
    Value rt = g.placeholder("rt", Types.ragged(DType.FLOAT32, 1));
    Value d = g.placeholder("d", Types.dense(DType.FLOAT32, -1, 1));
    Graph graph = g.build(rt.mul(d).reduceSum(1));
    String ir = GraphPrinter.print(optimized(graph));
    assertTrue(ir.contains("row_gather($") && ir.contains("row_sum(#") && !ir.contains("= row_gather("), ir);
    String listing = BytecodeCompiler.compile(optimized(graph)).bytecodeListing();
    String loop = listing.substring(listing.indexOf("loop0(II"), listing.indexOf("MAXLOCALS", listing.indexOf("loop0(II")));
    assertFalse(loop.contains("IALOAD"), loop); // no rowids: params[row], values[index]
    assertEquals(2, loop.split("FALOAD", -1).length - 1, loop);
    RaggedTensor feed = RaggedTensor.of(Tensor.of(DType.FLOAT32, new float[] {1, 2, 3}, 3),
        RowPartition.fromRowSplits(new long[] {0, 2, 2, 3}, DType.INT64, true));
    List<Object> out = Harness.runEverywhere(graph, Map.of("rt", feed,
        "d", Tensor.of(DType.FLOAT32, new float[] {10, 20, 30}, 3, 1)));
    assertEquals("[30.0, 0.0, 90.0]", out.get(0).toString());
  }

  @ParameterizedTest
  @EnumSource(value = DType.class, names = {"INT8", "INT16", "INT32", "INT64", "FLOAT32", "FLOAT64"})
  void gatheredStepsAndRowSums_equalTheUnfusedKernels_forEveryNumericDtype(DType dtype) {
    Graph graph = GraphParser.parse(GRAPH.replace("DT", dtype.toString()), "t.tat");
    String ir = GraphPrinter.print(optimized(graph));
    assertTrue(ir.contains("row_gather($0, $1); mul($2, #0); add(#1, #0)\""), ir);
    assertTrue(ir.contains("row_gather($0, $1); mul($2, #0); row_sum(#1, $1)\""), ir);
    int n = 40;
    long[] splits = {0, 0, 7, 7, 20, 21, 40};
    Object as = java.lang.reflect.Array.newInstance(dtype.arrayClass().getComponentType(), n);
    Object ds = java.lang.reflect.Array.newInstance(dtype.arrayClass().getComponentType(), 6);
    java.util.Random random = new java.util.Random(dtype.ordinal());
    for (int i = 0; i < n; i++) {
      long v = random.nextInt(400) - 200;
      dev.tatter.runtime.Scalars.store(dtype, as, i, dtype.isFloating() ? (Object) (v / 7.0) : (Object) v);
    }
    for (int i = 0; i < 6; i++) {
      long v = random.nextInt(400) - 200;
      dev.tatter.runtime.Scalars.store(dtype, ds, i, dtype.isFloating() ? (Object) (v / 3.0) : (Object) v);
    }
    Harness.runEverywhere(graph, Map.of("splits", Tensor.ofLongs(splits), "a", Tensor.of(dtype, as, n),
        "d", Tensor.of(dtype, ds, 6).reshape(6, 1), "e", Tensor.of(dtype, ds, 6).reshape(6, 1)));
  }

  @Test
  void oneRowParamsFedAtRunTime_takeTheGeneralPathAndBroadcast() {
    Graph graph = GraphParser.parse(GRAPH.replace("DT", "int32"), "t.tat");
    List<Object> out = Harness.runEverywhere(graph, Map.of("splits", Tensor.ofLongs(0, 2, 3),
        "a", Tensor.ofInts(1, 2, 3), "d", Tensor.ofInts(10).reshape(1, 1), "e", Tensor.ofInts(10).reshape(1, 1)));
    // a * 10 + 10 and the row sums of a * 10
    assertEquals("[20, 30, 40]", out.get(0).toString());
    assertEquals("[30, 30]", out.get(1).toString());
  }

  @Test
  void wrongRowCount_failsLikeTheUnfusedKernel() {
    Graph graph = GraphParser.parse(GRAPH.replace("DT", "int32"), "t.tat");
    Map<String, Tensor> feeds = Map.of("splits", Tensor.ofLongs(0, 2, 3), "a", Tensor.ofInts(1, 2, 3),
        "d", Tensor.ofInts(10, 20, 30).reshape(3, 1), "e", Tensor.ofInts(10, 20).reshape(2, 1));
    InvalidArgumentException unfused = assertThrows(InvalidArgumentException.class, () -> Interpreter.run(graph, feeds));
    InvalidArgumentException fused = assertThrows(InvalidArgumentException.class,
        () -> BytecodeCompiler.compile(optimized(graph)).run(feeds));
    String expected = "has 3 rows but the ragged operand has 2 (need 2 or 1)";
    assertTrue(unfused.getMessage().endsWith(expected), unfused.getMessage());
    assertTrue(fused.getMessage().endsWith(expected), fused.getMessage());
  }
}
