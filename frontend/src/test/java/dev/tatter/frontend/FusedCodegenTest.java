package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.codegen.BytecodeCompiler;
import dev.tatter.codegen.CompiledGraph;
import dev.tatter.codegen.Interpreter;
import dev.tatter.codegen.testing.BitExact;
import dev.tatter.ir.Graph;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.optimizer.PassManager;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.exec.FusedSupport;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The fused loops the bytecode backend emits agree with the unfused kernels, per dtype and path. */
class FusedCodegenTest {
  private static Graph optimized(Graph graph) {
    return PassManager.parse(PassManager.DEFAULT_PIPELINE).run(graph);
  }

  @ParameterizedTest
  @EnumSource(value = DType.class, names = {"INT8", "INT16", "INT32", "INT64", "FLOAT32", "FLOAT64"})
  void fusedChain_equalsUnfusedKernels_forEveryNumericDtype(DType dtype) {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.dense(dtype, -1));
    Value y = g.placeholder("y", Types.dense(dtype, -1));
    Value out = x.mul(y).add(x).mul(x.add(3)).add(y.mul(y));
    Graph graph = g.build(out);
    assertTrue(GraphPrinter.print(optimized(graph)).contains("fused("), GraphPrinter.print(optimized(graph)));
    Random random = new Random(dtype.ordinal());
    int n = 1000;
    Object xs = java.lang.reflect.Array.newInstance(dtype.arrayClass().getComponentType(), n);
    Object ys = java.lang.reflect.Array.newInstance(dtype.arrayClass().getComponentType(), n);
    for (int i = 0; i < n; i++) {
      // values that overflow int8/int16 so narrowing after each step is exercised
      long a = random.nextInt(400) - 200;
      long b = random.nextInt(400) - 200;
      dev.tatter.runtime.Scalars.store(dtype, xs, i, dtype.isFloating() ? (Object) (a / 7.0) : (Object) a);
      dev.tatter.runtime.Scalars.store(dtype, ys, i, dtype.isFloating() ? (Object) (b / 3.0) : (Object) b);
    }
    Map<String, Tensor> feeds = Map.of("x", Tensor.of(dtype, xs, n), "y", Tensor.of(dtype, ys, n));
    Harness.runEverywhere(graph, feeds);
  }

  @ParameterizedTest
  @EnumSource(value = DType.class, names = {"INT8", "INT16", "INT32", "INT64", "FLOAT32", "FLOAT64"})
  void fusedRowReductions_equalTheKernels_forEveryNumericDtype(DType dtype) {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.ragged(dtype, 1));
    Graph graph = g.build(x.mul(x).add(x).reduceSum(1), x.add(1).reduceProd(1, true),
        x.mul(3).sub(x).reduceMin(1), x.neg().reduceMax(1));
    String optimized = GraphPrinter.print(optimized(graph));
    for (String reduction : List.of("row_sum(#1, $1)", "row_prod{keepdims = true}(#0, $2)", "row_min(#1, $2)", "row_max(#0, $1)")) {
      assertTrue(optimized.contains(reduction + "\"}"), optimized);
    }
    Random random = new Random(dtype.ordinal());
    int n = 300;
    Object xs = java.lang.reflect.Array.newInstance(dtype.arrayClass().getComponentType(), n);
    for (int i = 0; i < n; i++) {
      long a = random.nextInt(400) - 200;
      dev.tatter.runtime.Scalars.store(dtype, xs, i, dtype.isFloating() ? (Object) (a / 7.0) : (Object) a);
    }
    long[] splits = {0, 0, 7, 7, 100, 101, 250, 300, 300};
    RaggedTensor feed = RaggedTensor.of(Tensor.of(dtype, xs, n), RowPartition.fromRowSplits(splits, DType.INT64, true));
    Harness.runEverywhere(graph, Map.of("x", feed));
  }

  @Test
  void fusedRowSum_ofSquares_printsLikeTf() {
    // tf.reduce_sum(tf.ragged.constant([[1., 2.], [], [3., 4., 5.]]) ** 2, axis=1) is [5., 0., 50.]
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.ragged(DType.FLOAT32, 1));
    Graph graph = g.build(x.mul(x).reduceSum(1));
    RaggedTensor feed = RaggedTensor.of(Tensor.ofFloats(1, 2, 3, 4, 5), RowPartition.fromRowSplits(new long[] {0, 2, 2, 5}, DType.INT64, true));
    assertEquals("[5.0, 0.0, 50.0]", Harness.runEverywhere(graph, Map.of("x", feed)).get(0).toString());
    CompiledGraph compiled = BytecodeCompiler.compile(optimized(graph));
    assertEquals(1, compiled.graph().nodes().stream().filter(n -> n.op().mnemonic().equals("fused")).count());
  }

  @Test
  void fusedLoop_callsScalarFunctionsWithoutBoxing() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.dense(DType.FLOAT32, -1));
    CompiledGraph compiled = BytecodeCompiler.compile(optimized(g.build(x.mul(2).add(1).mul(x))));
    String listing = compiled.bytecodeListing();
    String loop = listing.substring(listing.indexOf("loop0(II"), listing.indexOf("MAXLOCALS", listing.indexOf("loop0(II")));
    assertTrue(loop.contains("INVOKESTATIC dev/tatter/runtime/kernels/scalar/ScalarFunctions.mul (FF)F"), loop);
    assertTrue(loop.contains("INVOKESTATIC dev/tatter/runtime/kernels/scalar/ScalarFunctions.add (FF)F"), loop);
    assertTrue(loop.contains("FALOAD") && loop.contains("FASTORE"), loop);
    assertFalse(loop.contains("valueOf") || loop.contains("NEW ") || loop.contains("INVOKEVIRTUAL")
        || loop.contains("INVOKEINTERFACE"), loop);
    Harness.verify(compiled);
  }

  @Test
  void shapesBroadcastOnlyAtRunTime_takeTheGeneralPathAndMatchTheKernels() {
    // static shapes [None] and [None]: fed [1] and [4], they broadcast, which only the
    // general path (the unfused kernels) handles
    Graph graph = GraphParser.parse("""
        %x = placeholder() : tensor<int32>[None]
        %y = placeholder() : tensor<int32>[None]
        %0 = mul(%x, %y) : tensor<int32>[None]
        %1 = add(%0, %y) : tensor<int32>[None]
        return %1
        """, "t.tat");
    List<Object> out = Harness.runEverywhere(graph, Map.of("x", Tensor.ofInts(10), "y", Tensor.ofInts(1, 2, 3, 4)));
    assertEquals("[11, 22, 33, 44]", out.get(0).toString());
  }

  @Test
  void staticBroadcasts_readThroughIndexMapsInTheLoop() {
    Graph graph = GraphParser.parse("""
        %m = placeholder() : tensor<int32>[2, 3]
        %row = placeholder() : tensor<int32>[3]
        %col = placeholder() : tensor<int32>[2, 1]
        %0 = mul(%m, %row) : tensor<int32>[2, 3]
        %1 = add(%0, %col) : tensor<int32>[2, 3]
        %2 = mul(%1, %m) : tensor<int32>[2, 3]
        return %2
        """, "t.tat");
    CompiledGraph compiled = BytecodeCompiler.compile(optimized(graph));
    String listing = compiled.bytecodeListing();
    String loop = listing.substring(listing.indexOf("loop0(II"), listing.indexOf("MAXLOCALS", listing.indexOf("loop0(II")));
    // int32 elements: m twice, row and col once each, plus one index load each for row and col
    assertEquals(6, loop.split("IALOAD", -1).length - 1, loop);
    Map<String, Tensor> feeds = Map.of("m", Tensor.ofInts(1, 2, 3, 4, 5, 6).reshape(2, 3),
        "row", Tensor.ofInts(10, 20, 30), "col", Tensor.ofInts(100, 200).reshape(2, 1));
    List<Object> out = Harness.runEverywhere(graph, feeds);
    // ((m * row) + col) * m
    assertEquals("[[110, 280, 570], [960, 1500, 2280]]", out.get(0).toString());
  }

  @Test
  void mismatchedSizes_failNamingTheFailingStepsOwnNode_exactlyLikeTheUnfusedGraph() {
    Graph graph = GraphParser.parse("""
        %x = placeholder() : tensor<int32>[None]
        %y = placeholder() : tensor<int32>[None]
        %0 = mul(%x, %y) : tensor<int32>[None]
        %1 = add(%0, %y) : tensor<int32>[None]
        return %1
        """, "t.tat");
    Map<String, Tensor> feeds = Map.of("x", Tensor.ofInts(1, 2), "y", Tensor.ofInts(1, 2, 3));
    InvalidArgumentException unfused = assertThrows(InvalidArgumentException.class, () -> Interpreter.run(graph, feeds));
    InvalidArgumentException fused = assertThrows(InvalidArgumentException.class,
        () -> BytecodeCompiler.compile(optimized(graph)).run(feeds));
    assertTrue(unfused.getMessage().endsWith("incompatible shapes: [2] vs [3]"), unfused.getMessage());
    assertTrue(fused.getMessage().endsWith("incompatible shapes: [2] vs [3]"), fused.getMessage());
    // the step that fails is the mul at line 3, not the fused node (which takes the add's line 4)
    assertEquals("node #2 (mul) at t.tat:3:1: incompatible shapes: [2] vs [3]", unfused.getMessage());
    assertEquals(unfused.getMessage(), fused.getMessage());
  }

  @Test
  void largeLoop_splitAcrossThePool_equalsTheSerialResult() {
    int n = FusedSupport.PARALLEL_THRESHOLD * 2 + 12345;
    float[] values = new float[n];
    Random random = new Random(7);
    for (int i = 0; i < n; i++) {
      values[i] = random.nextFloat() * 100 - 50;
    }
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.ragged(DType.FLOAT32, 1));
    Value y = x.mul(2).add(1).mul(x);
    Graph graph = g.build(y);
    long[] splits = {0, n / 3, n / 3, n};
    RaggedTensor feed = RaggedTensor.of(Tensor.ofFloats(values), RowPartition.fromRowSplits(splits, DType.INT64, true));
    CompiledGraph compiled = BytecodeCompiler.compile(optimized(graph));
    Harness.verify(compiled);
    RaggedTensor out = (RaggedTensor) compiled.run(Map.of("x", feed)).get(0);
    float[] result = (float[]) out.flatValues().data();
    for (int i = 0; i < n; i++) {
      float expected = (values[i] * 2 + 1) * values[i];
      if (Float.floatToIntBits(expected) != Float.floatToIntBits(result[i])) {
        throw new AssertionError("element " + i + ": " + result[i] + " instead of " + expected);
      }
    }
    BitExact.assertSameBits(Interpreter.run(graph, Map.of("x", feed)), List.of(out), "interpreter vs fused bytecode");
  }
}
