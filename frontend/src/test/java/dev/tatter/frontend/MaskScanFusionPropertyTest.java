package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Scalars;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.LongStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * Random chains around {@code tf.ragged.boolean_mask(x, f(x) > c)} and {@code tf.math.cumsum}/
 * {@code cumprod} along the ragged axis (exclusive, reverse), with elementwise producers and
 * consumers, on random ragged inputs (empty rows, trailing empty rows, no rows): the fused,
 * compiled default pipeline equals the unoptimized interpreter bit for bit, and so do the fused
 * graph interpreted and the fused graph printed and parsed back.
 */
class MaskScanFusionPropertyTest {
  private static final DType[] DTYPES = {DType.INT8, DType.INT32, DType.INT64, DType.FLOAT32, DType.FLOAT64};

  record Case(Graph graph, Map<String, Object> feeds) {}

  static Case randomCase(long seed) {
    Random random = new Random(seed);
    DType dtype = DTYPES[random.nextInt(DTYPES.length)];
    DType splitsDType = random.nextBoolean() ? DType.INT64 : DType.INT32;
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Map<String, Object> feeds = new HashMap<>();
    int rows = random.nextInt(6);
    long[] splits = new long[rows + 1];
    for (int r = 1; r <= rows; r++) {
      splits[r] = splits[r - 1] + (random.nextInt(3) == 0 ? 0 : random.nextInt(5));
    }
    int nvals = (int) splits[rows];
    RowPartition partition = RowPartition.fromRowSplits(splits, splitsDType, true);
    List<Value> values = new ArrayList<>();
    Value x = g.placeholder("x", Types.ragged(dtype, 1, splitsDType));
    feeds.put("x", RaggedTensor.of(randomTensor(random, dtype, nvals), partition));
    values.add(x);
    if (random.nextBoolean()) {
      // a second operand on x's own partition, as rt.with_flat_values(y) builds it
      Value y = g.placeholder("y", Types.dense(dtype, -1));
      feeds.put("y", randomTensor(random, dtype, nvals));
      values.add(x.withFlatValues(y));
    }
    Value chain = chain(random, values, 1 + random.nextInt(3));
    Value result;
    if (random.nextBoolean()) {
      Value mask = random.nextBoolean() ? chain.gt(random.nextInt(5) - 2) : chain.lt(values.get(random.nextInt(values.size())));
      Value data = random.nextBoolean() ? x : chain(random, values, 1 + random.nextInt(2));
      result = tf.booleanMask(data, mask);
    } else {
      boolean exclusive = random.nextBoolean();
      boolean reverse = random.nextBoolean();
      result = random.nextBoolean() ? tf.math.cumsum(chain, 1, exclusive, reverse) : tf.math.cumprod(chain, 1, exclusive, reverse);
    }
    List<Value> after = new ArrayList<>(List.of(result));
    Value tail = chain(random, after, random.nextInt(3));
    List<Value> outputs = new ArrayList<>(List.of(tail));
    if (random.nextInt(4) == 0) {
      outputs.add(result);
    }
    if (random.nextInt(4) == 0) {
      outputs.add(tail.reduceSum(1));
    }
    return new Case(g.build(outputs.toArray(Value[]::new)), feeds);
  }

  /** {@code steps} elementwise ops on the values (or small integer constants), appended; the last one. */
  private static Value chain(Random random, List<Value> values, int steps) {
    Value last = values.get(values.size() - 1);
    for (int k = 0; k < steps; k++) {
      Value a = values.get(random.nextInt(values.size()));
      Object b = random.nextBoolean() ? (Object) (random.nextInt(5) - 2) : values.get(random.nextInt(values.size()));
      last = switch (random.nextInt(5)) {
        case 0 -> a.add(b);
        case 1 -> a.sub(b);
        case 2 -> a.mul(b);
        case 3 -> a.neg();
        default -> a.abs();
      };
      values.add(last);
    }
    return last;
  }

  private static Tensor randomTensor(Random random, DType dtype, int count) {
    Object data = java.lang.reflect.Array.newInstance(dtype.arrayClass().getComponentType(), count);
    for (int i = 0; i < count; i++) {
      long v = random.nextInt(300) - 150;
      Scalars.store(dtype, data, i, dtype.isFloating() ? (Object) (v / 8.0) : (Object) v);
    }
    return Tensor.of(dtype, data, count);
  }

  private static String optimized(long seed) {
    return GraphPrinter.print(PassManager.parse(PassManager.DEFAULT_PIPELINE).run(randomCase(seed).graph()));
  }

  @Test
  void mostRandomCases_fuseTheirMaskOrScanIntoOneLoop() {
    long masks = LongStream.range(0, 100).filter(s -> optimized(s).matches("(?s).*fused\\([^\\n]*row_boolean_mask\\(.*")).count();
    long scans = LongStream.range(0, 100).filter(s -> optimized(s).matches("(?s).*fused\\([^\\n]*row_cum(sum|prod).*")).count();
    assertTrue(masks >= 25, masks + " of 100 random graphs fused a boolean_mask");
    assertTrue(scans >= 25, scans + " of 100 random graphs fused a cumsum/cumprod");
  }

  @Property(tries = 60, seed = "20261202")
  void fusedMasksAndScans_equalTheUnoptimizedInterpreter(@ForAll long seed) {
    Case c = randomCase(seed);
    List<Object> oracle = Interpreter.run(c.graph(), c.feeds());
    Graph optimized = PassManager.parse(PassManager.DEFAULT_PIPELINE).run(c.graph());
    String text = GraphPrinter.print(optimized);
    CompiledGraph compiled = BytecodeCompiler.compile(optimized);
    Harness.verify(compiled);
    BitExact.assertSameBits(oracle, compiled.run(c.feeds()), "fused bytecode, seed " + seed + "\n" + text);
    BitExact.assertSameBits(oracle, Interpreter.run(optimized, c.feeds()), "fused, interpreted, seed " + seed + "\n" + text);
    Graph parsed = GraphParser.parse(text, "optimized.tat");
    assertEquals(text, GraphPrinter.print(parsed));
    BitExact.assertSameBits(oracle, BytecodeCompiler.compile(parsed).run(c.feeds()), "reparsed, seed " + seed + "\n" + text);
  }
}
