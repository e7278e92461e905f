package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * One Session shared by 8 threads over signatures that ConcurrentSessionTest does not cover —
 * partitions built from fed splits, reductions, indexing, sparse to_dense, from_tensor — with
 * good and bad feeds interleaved: every run gives exactly its single-threaded result or error
 * message, so a failing run on one thread never disturbs another.
 */
class ConcurrentMixedRunsTest {
  private static final int THREADS = 8;
  private static final int RUNS_PER_THREAD = 2_500;

  @Test
  void goodAndFailingRunsFromEightThreads_giveTheSingleThreadedOutcomes() throws Exception {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value splits = g.placeholder("splits", Types.dense(DType.INT64, -1));
    Value values = g.placeholder("values", Types.dense(DType.INT32, -1));
    Value st = g.placeholder("st", Types.parse("sparse<int32>[None, None]"));
    Value rt = g.raggedFromRowSplits(values, splits);
    List<List<Node>> signatures = List.of(
        List.of(rt.reduceSum(1).node(), rt.reduceMax(0).node()),
        List.of(rt.getItem(1).node(), rt.rowLengths().node()),
        List.of(rt.floordiv(2).toTensor(-1).node()),
        List.of(tf.sparse.toDense(st).node(), g.raggedFromTensor(rt.toTensor()).node()),
        List.of(rt.mergeDims(0, 1).node(), g.raggedFromSparse(st).node()));
    Graph graph = g.build();

    Random random = new Random(7);
    List<Map<String, Object>> inputs = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      RowPartition p = ConcurrentSessionTest.randomPartition(random);
      long[] s = p.rowSplitsArray().clone();
      if (i % 4 == 3 && s.length > 2) { // a broken partition: decreasing splits
        long t = s[1];
        s[1] = s[2] + 1;
        s[2] = t;
      }
      int[] v = new int[p.nvals()];
      for (int j = 0; j < v.length; j++) {
        v[j] = random.nextInt(41) - 20;
      }
      long[][] indices = i % 5 == 4 ? new long[][] {{0, 1}} : new long[][] {{0, 0}, {1, 0}, {1, 1}};
      inputs.add(Map.of("splits", Tensor.ofLongs(s), "values", Tensor.ofInts(v),
          "st", SparseTensor.of(indices, Tensor.ofInts(new int[indices.length]), 2, 3)));
    }
    try (Session session = new Session(graph)) {
      List<Object> expected = new ArrayList<>();
      int failures = 0;
      for (List<Node> signature : signatures) {
        for (Map<String, Object> input : inputs) {
          Object outcome = outcome(session, input, signature);
          failures += outcome instanceof String ? 1 : 0;
          expected.add(outcome);
        }
      }
      // both kinds are exercised
      assertEquals(true, failures > 0 && failures < expected.size(), "failures: " + failures);
      ConcurrentRuns.checkAgainst(expected, signatures.size(), inputs.size(), THREADS, RUNS_PER_THREAD,
          (sig, in) -> outcome(session, inputs.get(in), signatures.get(sig)));
    }
  }

  /** The run's values, or its error message. */
  private static Object outcome(Session session, Map<String, Object> input, List<Node> signature) {
    try {
      return session.run(input, signature).values();
    } catch (InvalidArgumentException e) {
      return "error: " + e.getMessage();
    }
  }
}
