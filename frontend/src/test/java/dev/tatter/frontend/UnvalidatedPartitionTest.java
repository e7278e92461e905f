package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.Graph;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Index;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A partition built with {@code validate=false} (the attribute, the Java API or a feed) never
 * reaches a kernel broken: every op that reads a partition either gets a valid one or the run
 * fails with an {@code InvalidArgumentException}, never "kernel failed with ..." nor garbage.
 */
class UnvalidatedPartitionTest {
  /** Splits that break the invariant each way: decreasing, negative, not from 0, past int32 (D2). */
  private static final List<long[]> BAD_SPLITS = List.of(
      new long[] {0, 3, 1}, new long[] {0, -2, 3}, new long[] {1, 2, 3}, new long[] {0, 3_000_000_000L, 3},
      new long[] {0, 5, 3});

  /** Each op that indexes values through a partition, applied to the ragged value. */
  private static Map<String, Function<Value, Value>> consumers() {
    Map<String, Function<Value, Value>> ops = new LinkedHashMap<>();
    ops.put("value_rowids", rt -> rt.valueRowids());
    ops.put("row_lengths", rt -> rt.rowLengths());
    ops.put("offsets_in_rows", rt -> rt.offsetsInRows());
    ops.put("bounding_shape", rt -> rt.boundingShape());
    ops.put("to_tensor", rt -> rt.toTensor());
    ops.put("reduce_sum(1)", rt -> rt.reduceSum(1));
    ops.put("reduce_max(1) fused", rt -> rt.mul(2f).reduceMax(1));
    ops.put("reduce_sum(0)", rt -> rt.reduceSum(0));
    ops.put("to_sparse", rt -> rt.toSparse());
    ops.put("getitem", rt -> rt.getItem("1:, ::-1"));
    ops.put("row_gather", rt -> rt.add(rt.builder().constant(Tensor.of(DType.FLOAT32, new float[] {1, 2}, 2, 1))));
    ops.put("with int32 splits", rt -> rt.withRowSplitsDType(DType.INT32).rowLengths());
    return ops;
  }

  @Test
  void unvalidatedFactoryAttribute_failsWithAnInvalidArgument_forEveryConsumer() {
    for (long[] splits : BAD_SPLITS) {
      for (Map.Entry<String, Function<Value, Value>> op : consumers().entrySet()) {
        GraphBuilder g = new GraphBuilder();
        Value s = g.placeholder("s", Types.dense(DType.INT64, -1));
        Value v = g.placeholder("v", Types.dense(DType.FLOAT32, -1));
        Value rt = g.raggedFromRowSplits(v, s, false);
        Graph graph = g.build(op.getValue().apply(rt));
        Map<String, Object> feeds = Map.of("s", Tensor.ofLongs(splits), "v", Tensor.ofFloats(1, 2, 3));
        for (String pipeline : List.of("", dev.tatter.optimizer.PassManager.DEFAULT_PIPELINE)) {
          for (Session.Backend backend : Session.Backend.values()) {
            try (Session session = new Session(graph, pipeline, backend)) {
              InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                  () -> session.run(feeds, graph.outputs()),
                  () -> op.getKey() + " on " + java.util.Arrays.toString(splits) + " [" + pipeline + "] " + backend);
              assertFalse(e.getMessage().contains("kernel failed"), e.getMessage());
            }
          }
        }
      }
    }
  }

  @Test
  void javaFactoryWithoutValidate_stillRefusesBrokenSplits() {
    for (long[] splits : BAD_SPLITS) {
      if (splits[2] == 3 && splits[1] <= 3 && splits[1] >= 0) {
        continue; // [0, 3, ...] with 3 values is not broken as a partition, only as a ragged value
      }
      assertThrows(InvalidArgumentException.class, () -> RowPartition.fromRowSplits(splits, DType.INT64, false),
          java.util.Arrays.toString(splits));
    }
    // D2: only the last split was checked against int32, so these row lengths wrapped
    InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
        () -> RowPartition.fromRowSplits(new long[] {0, 3_000_000_000L, 5}, DType.INT32, false));
    assertEquals("row_splits must be non-decreasing: row_splits[2]=5 < row_splits[1]=3000000000", e.getMessage());
  }

  @Test
  void partitionsAreImmutableFromTheCallersSide() {
    long[] splits = {0, 1, 3};
    RowPartition p = RowPartition.fromRowSplits(splits, DType.INT64, true);
    splits[2] = 99; // the caller's array is not the partition's
    assertEquals(3, p.nvals());
    p.rowSplitsArray()[1] = -5; // nor is the array it hands out
    assertEquals(1, p.rowLength(0));
  }

  @Test
  void slicingAnUnvalidatedRaggedTensorFailsCleanly() {
    GraphBuilder g = new GraphBuilder();
    Value s = g.constant(Tensor.ofLongs(0, 4, 2));
    Value v = g.constant(Tensor.ofFloats(1, 2));
    Value y = g.raggedFromRowSplits(v, s, false).getItem(new Index[] {Index.slice(null, null, null)});
    try (Session session = new Session(g.build(y))) {
      assertThrows(InvalidArgumentException.class, () -> session.run(Map.of(), y));
    } catch (dev.tatter.ir.GraphBuildException foldedAtBuild) {
      assertTrue(foldedAtBuild.getMessage().contains("non-decreasing"), foldedAtBuild.getMessage());
    }
  }
}
