package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.codegen.testing.BitExact;
import dev.tatter.codegen.BytecodeCompiler;
import dev.tatter.codegen.CompiledGraph;
import dev.tatter.codegen.Interpreter;
import dev.tatter.ir.Fusion;
import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.SourceLocation;
import dev.tatter.ir.ops.OpRegistry;
import dev.tatter.optimizer.PassManager;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every elementwise op in the registry, on every dtype it is defined on — found from the ops'
 * own declarations, so a new op or dtype is covered without editing this test: the interpreter's
 * generic loop (the oracle), the compiled one-step loop and the compiled graph after the default
 * optimizations agree bit for bit ({@link Tensor#equals} compares float bits: -0.0 is not 0.0),
 * on random values salted with each dtype's extremes (MIN, -1, 0, -0.0, NaN, ±inf). Where the op
 * fails on some element (integer division by zero), every backend fails with the same message.
 */
class PointwiseOpsPropertyTest {
  private static final int SIZE = 97;

  @TestFactory
  Stream<DynamicTest> everyPointwiseOp_onEveryDtypeItAccepts_agreesBitForBitEverywhere() {
    List<DynamicTest> tests = new ArrayList<>();
    for (OpDef op : OpRegistry.ALL) {
      int arity = op.operandNames().size();
      for (DType dtype : DType.values()) {
        // complex dtypes are never fused: there the compiled loops are the kernel called as a node
        boolean generated = dtype.isPrimitive() || dtype.isComplex();
        if (op.fusion() instanceof Fusion.Pointwise && generated && op.accepts(dtype)) {
          tests.add(DynamicTest.dynamicTest(op + " on " + dtype, () -> check(op, dtype, arity, Map.of())));
        }
        if (op.fusion() instanceof Fusion.Cast && generated) {
          for (DType to : DType.values()) {
            if (to.isPrimitive() || to.isComplex()) {
              tests.add(DynamicTest.dynamicTest("cast " + dtype + " to " + to, () -> check(op, dtype, 1, Map.of("dtype", to))));
            }
          }
        }
      }
    }
    return tests.stream();
  }

  private static void check(OpDef op, DType dtype, int arity, Map<String, ?> attributes) {
    Random random = new Random(op.mnemonic().hashCode() * 31L + dtype.ordinal());
    Graph.Builder b = Graph.builder();
    List<Node> operands = new ArrayList<>();
    Map<String, Tensor> feeds = new HashMap<>();
    for (int i = 0; i < arity; i++) {
      String name = "x" + i;
      operands.add(b.add(dev.tatter.ir.ops.CoreOps.PLACEHOLDER, List.of(), Map.of(), name, SourceLocation.UNKNOWN,
          Types.dense(dtype, SIZE)));
      feeds.put(name, randomTensor(dtype, random));
    }
    Node result = b.add(op, operands, attributes, null, new SourceLocation("p.tat", 3, 1), null);
    b.addOutput(result);
    Graph graph = b.build();
    Outcome oracle = outcome(() -> Interpreter.run(graph, feeds));
    CompiledGraph loop = BytecodeCompiler.compile(graph);
    Harness.verify(loop);
    assertSameOutcome(oracle, outcome(() -> loop.run(feeds)), "one-step compiled loop");
    CompiledGraph optimized = BytecodeCompiler.compile(PassManager.parse(PassManager.DEFAULT_PIPELINE).run(graph));
    assertSameOutcome(oracle, outcome(() -> optimized.run(feeds)), "optimized compiled graph");
  }

  private static void assertSameOutcome(Outcome expected, Outcome actual, String what) {
    assertEquals(expected.error(), actual.error(), what);
    BitExact.assertSameBits(expected.value(), actual.value(), what);
  }

  /** A run's value, or its failure's message: what must agree across backends. */
  private record Outcome(Object value, String error) {}

  private static Outcome outcome(java.util.function.Supplier<List<Object>> run) {
    try {
      return new Outcome(run.get().get(0), null);
    } catch (dev.tatter.runtime.InvalidArgumentException e) {
      return new Outcome(null, e.getMessage());
    }
  }

  /** One part of a complex value: the float specials one time in four, else a value in (-20, 20). */
  private static double randomPart(Random random) {
    double[] special = {-0.0, 0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1e-310, 3.4e38};
    return random.nextInt(4) == 0 ? special[random.nextInt(special.length)] : (random.nextDouble() - 0.5) * 40;
  }

  private static Tensor randomTensor(DType dtype, Random random) {
    Object data = dtype.layout().newArray(SIZE);
    for (int i = 0; i < SIZE; i++) {
      Object value = switch (dtype.kind()) {
        case BOOL -> random.nextBoolean();
        case INTEGER, UNSIGNED -> { // an unsigned -1 is its maximum, MIN of int64 is 2^63 in uint64
          long[] special = {dtype.minInteger(), dtype.maxInteger(), -1, 0, 1, 2, Long.MIN_VALUE};
          yield random.nextInt(4) == 0 ? special[random.nextInt(special.length)] : (long) (random.nextInt(41) - 20);
        }
        case FLOATING -> {
          double[] special = {-0.0, 0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1e-310, 3.4e38};
          yield random.nextInt(4) == 0 ? special[random.nextInt(special.length)] : (random.nextDouble() - 0.5) * 40;
        }
        case COMPLEX -> new dev.tatter.runtime.Complex128(randomPart(random), randomPart(random));
        case STRING -> throw new AssertionError("strings are not generated");
      };
      dev.tatter.runtime.Scalars.store(dtype, data, i, value);
    }
    return Tensor.wrap(dtype, new int[] {SIZE}, data);
  }
}
