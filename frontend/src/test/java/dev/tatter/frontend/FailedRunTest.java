package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tatter.ir.Graph;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A run that fails throws one exception, returns nothing, changes no input, and leaves the session usable. */
class FailedRunTest {
  @Test
  void failedRun_leavesTheSessionUsableAndTheInputsUnchanged() {
    GraphBuilder g = new GraphBuilder();
    Value splits = g.placeholder("splits", Types.dense(DType.INT64, -1));
    Value values = g.placeholder("values", Types.dense(DType.FLOAT32, -1));
    Value rt = g.raggedFromRowSplits(values, splits);
    Value out = rt.mul(3).toTensor();
    Graph graph = g.build(out);
    long[] badSplits = {0, 2, 1, 3};
    Tensor bad = Tensor.ofLongs(badSplits);
    Tensor good = Tensor.ofLongs(0, 2, 2, 3);
    Tensor vals = Tensor.ofFloats(1, 2, 3);
    try (Session session = new Session(graph)) {
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
          () -> session.run(Map.of("splits", bad, "values", vals), out));
      assertEquals("row_splits must be non-decreasing: row_splits[2]=1 < row_splits[1]=2",
          e.getMessage().substring(e.getMessage().indexOf(": ") + 2));
      assertEquals(Tensor.ofLongs(0, 2, 1, 3), bad);
      assertEquals(Tensor.ofFloats(1, 2, 3), vals);
      Tensor result = session.run(Map.of("splits", good, "values", vals), out).tensor(0);
      assertEquals("[[3.0, 6.0], [0.0, 0.0], [9.0, 0.0]]", result.toString());
      assertEquals(Tensor.ofFloats(1, 2, 3), vals);
    }
  }

  @Test
  void feedWithTooFewValuesForItsPartition_isRefusedByTheRaggedOp() {
    GraphBuilder g = new GraphBuilder();
    Value p = g.partitionFromRowSplits(g.placeholder("splits", Types.dense(DType.INT64, -1)));
    Value rt = g.ragged(g.placeholder("values", Types.dense(DType.INT32, -1)), p);
    Graph graph = g.build(rt);
    try (Session session = new Session(graph)) {
      InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
          () -> session.run(Map.of("splits", Tensor.ofLongs(0, 2, 5), "values", Tensor.ofInts(1, 2, 3)), rt));
      assertEquals("the partition covers 5 values but values has 3 rows (row_splits[-1] must equal nrows(values))",
          e.getMessage().substring(e.getMessage().indexOf(": ") + 2));
    }
    RaggedTensor ok = (RaggedTensor) new Session(graph).run(
        Map.of("splits", Tensor.ofLongs(0, 2, 3), "values", Tensor.ofInts(1, 2, 3)), rt).get(0);
    assertEquals("[[1, 2], [3]]", ok.toString());
    assertEquals(RowPartition.fromRowSplits(new long[] {0, 2, 3}, DType.INT64, true), ok.partition());
  }
}
