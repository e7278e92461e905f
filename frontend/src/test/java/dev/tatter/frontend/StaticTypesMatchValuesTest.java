package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tatter.codegen.FeedChecker;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The static type each conversion and indexing op infers must describe the value it computes:
 * every known size, every uniform dim, the ragged rank. Checked with the feed checker (which
 * compares a value with a type) over every axis pair and many keys, on values mixing uniform,
 * ragged and dense dims.
 */
class StaticTypesMatchValuesTest {
  /** [2, 2, (None), 3]: a uniform dim (from_tensor), a ragged one, a dense inner dim. */
  private static Value mixed(GraphBuilder g) {
    Value dense = g.constant(Tensor.of(DType.INT32, seq(2 * 2 * 3 * 3), 2, 2, 3, 3));
    return g.raggedFromTensor(dense, new long[] {1, 3, 0, 2}, null, 2);
  }

  /** [4, (None), (None)] from the getitem seed. */
  private static Value twoRagged(GraphBuilder g) {
    Ops tf = g.ops();
    return tf.ragged.constant(List.of(List.of(List.of(1, 2, 3), List.of(4)), List.of(List.of(5), List.of(), List.of(6)),
        List.of(List.of(7)), List.of(List.of(8, 9), List.of(10))));
  }

  private static int[] seq(int n) {
    int[] out = new int[n];
    for (int i = 0; i < n; i++) {
      out[i] = i + 1;
    }
    return out;
  }

  private static void checkAll(Function<GraphBuilder, Value> source, Function<Value, List<Value>> derive) {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    List<Value> outs = derive.apply(source.apply(g));
    List<Object> values = Harness.runEverywhere(g.build(outs.toArray(Value[]::new)), Map.of());
    for (int i = 0; i < outs.size(); i++) {
      assertNull(FeedChecker.mismatch(outs.get(i).type(), values.get(i)),
          outs.get(i).node().op() + " " + outs.get(i).node().attributes() + ": " + outs.get(i).type() + " vs " + values.get(i));
    }
  }

  @Test
  void mergeDims_everyAxisPair() {
    for (Function<GraphBuilder, Value> source : List.<Function<GraphBuilder, Value>>of(
        StaticTypesMatchValuesTest::mixed, StaticTypesMatchValuesTest::twoRagged)) {
      checkAll(source, rt -> {
        List<Value> outs = new ArrayList<>();
        int rank = rt.raggedRank() + 2;
        for (int a = -rank; a < rank; a++) {
          for (int b = -rank; b < rank; b++) {
            try {
              outs.add(rt.mergeDims(a, b));
            } catch (GraphBuildException e) {
              // outer after inner: refused, as it should be
            }
          }
        }
        return outs;
      });
    }
  }

  @Test
  void getItem_manyKeys() {
    String[] keys = {"0", "-1", "1:", "::-1", ":, 0", ":, 1:", ":, ::2", ":, :, 0:1", ":, :, -1:", "1, 1", "0, :, ::-1",
        ":, -1:, :, 1", "::2, ::-1, 1:"};
    for (Function<GraphBuilder, Value> source : List.<Function<GraphBuilder, Value>>of(
        StaticTypesMatchValuesTest::mixed, StaticTypesMatchValuesTest::twoRagged)) {
      checkAll(source, rt -> {
        List<Value> outs = new ArrayList<>();
        for (String key : keys) {
          try {
            outs.add(rt.getItem(key));
          } catch (GraphBuildException e) {
            // an integer into a ragged dim, or too many indices: refused at build time
          }
        }
        return outs;
      });
    }
  }

  @Test
  void conversions_ofTheMixedValue() {
    // the shape pads and truncates the ragged dims and keeps the inner dim 3 (TF refuses another size there)
    checkAll(StaticTypesMatchValuesTest::mixed, rt -> List.of(rt.toTensor(), rt.toTensor(0, 3, -1, 2, 3), rt.toSparse(),
        rt.graph().ops().sparse.toDense(rt.toSparse()), rt.values(), rt.flatValues()));
  }
}
