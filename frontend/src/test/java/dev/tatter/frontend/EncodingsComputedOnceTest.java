package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.common.collect.ImmutableMultiset;
import com.google.common.collect.Multiset;
import dev.tatter.ir.Graph;
import dev.tatter.ir.Trait;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.optimizer.PassManager;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * TF caches a partition's encodings on the RowPartition object ({@code with_precomputed_*});
 * Tatter computes each encoding of each partition at most once per graph instead, by CSE and the
 * partition rules. These tests ask for the same encodings through many tensors that share one
 * partition and count the computing nodes left in the optimized IR.
 */
class EncodingsComputedOnceTest {
  /** value_rowids, row_lengths and row_starts of rt and of four tensors sharing its partition. */
  private static List<Value> askEverywhere(GraphBuilder g, Value rt) {
    Value doubled = rt.mul(2.0f);
    Value sum = rt.add(doubled);
    Value other = rt.withValues(g.placeholder("other", Types.dense(DType.INT32, -1)));
    Value flat = rt.withFlatValues(g.placeholder("flat", Types.dense(DType.FLOAT32, -1)));
    List<Value> fetches = new ArrayList<>();
    for (Value t : List.of(rt, doubled, sum, other, flat, rt.partition())) {
      fetches.add(t.valueRowids());
      fetches.add(t.rowLengths());
      fetches.add(t.rowStarts());
    }
    return fetches;
  }

  private static Multiset<String> computingOps(Graph g) {
    return g.nodes().stream()
        .filter(n -> !n.op().has(Trait.CONSTANT) && !n.op().mnemonic().equals("placeholder"))
        .map(n -> n.op().mnemonic())
        .collect(ImmutableMultiset.toImmutableMultiset());
  }

  @Test
  void encodingsOfAFedRaggedTensor_areComputedOnce() {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.ragged(DType.FLOAT32, 1));
    List<Value> fetches = askEverywhere(g, x);
    Graph graph = g.build(fetches.toArray(Value[]::new));
    assertEquals(6, computingOps(graph).count("value_rowids"));
    Graph optimized = PassManager.parse(PassManager.DEFAULT_PIPELINE).run(graph);
    assertEquals(ImmutableMultiset.of("partition", "value_rowids", "row_lengths", "row_starts"), computingOps(optimized),
        GraphPrinter.print(optimized));
    RaggedTensor feed = RaggedTensor.of(Tensor.ofFloats(1, 2, 3), RowPartition.fromRowSplits(new long[] {0, 2, 2, 3}, DType.INT64, true));
    List<Object> out = Harness.runEverywhere(graph, Map.of("x", feed, "other", Tensor.ofInts(7, 8, 9), "flat", Tensor.ofFloats(4, 5, 6)));
    for (int i = 0; i < out.size(); i += 3) {
      assertEquals(List.of(Tensor.ofLongs(0, 0, 2), Tensor.ofLongs(2, 0, 1), Tensor.ofLongs(0, 2, 2)), out.subList(i, i + 3));
    }
  }

  @Test
  void encodingsOfAPartitionBuiltFromRowLengths_areComputedOnce_andTheLengthsForwarded() {
    for (boolean validate : new boolean[] {true, false}) {
      GraphBuilder g = new GraphBuilder();
      Value lengths = g.placeholder("lengths", Types.dense(DType.INT64, 3));
      Value rt = g.raggedFromRowLengths(g.placeholder("values", Types.dense(DType.FLOAT32, -1)), lengths, validate);
      Graph graph = g.build(askEverywhere(g, rt).toArray(Value[]::new));
      Graph optimized = PassManager.parse(PassManager.DEFAULT_PIPELINE).run(graph);
      // Validated, row_lengths stays (its partition carries the check), and so does the ragged node
      // that checks the values fit (with the partition read back from it); unvalidated, the lengths are the input.
      ImmutableMultiset<String> expected = validate
          ? ImmutableMultiset.of("partition_from_row_lengths", "ragged", "partition", "value_rowids", "row_lengths", "row_starts")
          : ImmutableMultiset.of("partition_from_row_lengths", "value_rowids", "row_starts");
      assertEquals(expected, computingOps(optimized), GraphPrinter.print(optimized));
      List<Object> out = Harness.runEverywhere(graph, Map.of("lengths", Tensor.ofLongs(2, 0, 1),
          "values", Tensor.ofFloats(1, 2, 3), "other", Tensor.ofInts(7, 8, 9), "flat", Tensor.ofFloats(4, 5, 6)));
      assertEquals(List.of(Tensor.ofLongs(0, 0, 2), Tensor.ofLongs(2, 0, 1), Tensor.ofLongs(0, 2, 2)), out.subList(0, 3));
      assertEquals(out.subList(0, 3), out.subList(15, 18));
    }
  }

  @Test
  void runtimeRowPartition_cachesNoEncoding() {
    // Its only fields: the splits, their dtype and the uniform length a uniform partition was built with.
    List<String> fields = java.util.Arrays.stream(RowPartition.class.getDeclaredFields())
        .filter(f -> !java.lang.reflect.Modifier.isStatic(f.getModifiers()))
        .map(java.lang.reflect.Field::getName).sorted().toList();
    assertEquals(List.of("rowSplits", "splitsDType", "uniformRowLength"), fields);
  }
}
