package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** One Session shared by 8 threads, several fetch signatures, every result checked. */
class ConcurrentSessionTest {
  private static final int THREADS = 8;
  private static final int RUNS_PER_THREAD = 10_000;

  @Test
  void oneSessionRunFromEightThreads_givesTheSingleThreadedResults() throws Exception {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.ragged(DType.FLOAT32, 1));
    Value y = g.placeholder("y", Types.ragged(DType.FLOAT32, 1));
    Value scaled = x.mul(2).add(1);
    Value sum = x.add(y);
    List<List<Node>> signatures = List.of(
        List.of(scaled.node()),
        List.of(x.rowLengths().node(), scaled.toTensor(-1).node()),
        List.of(sum.node(), x.valueRowids().node()),
        List.of(sum.toTensor().node()));
    Graph graph = g.build();

    Random random = new Random(42);
    List<Map<String, Object>> inputs = new ArrayList<>();
    for (int i = 0; i < 16; i++) {
      RowPartition p = randomPartition(random);
      inputs.add(Map.of("x", RaggedTensor.of(randomFloats(random, p.nvals()), p),
          "y", RaggedTensor.of(randomFloats(random, p.nvals()), p)));
    }
    try (Session session = new Session(graph)) {
      List<List<Object>> expected = new ArrayList<>();
      for (List<Node> signature : signatures) {
        for (Map<String, Object> input : inputs) {
          expected.add(session.run(input, signature).values());
        }
      }
      ConcurrentRuns.checkAgainst(expected, signatures.size(), inputs.size(), THREADS, RUNS_PER_THREAD,
          (sig, in) -> session.run(inputs.get(in), signatures.get(sig)).values());
      assertEquals(signatures.size(), session.compiledSignatures());
    }
  }

  static RowPartition randomPartition(Random random) {
    int nrows = random.nextInt(6);
    long[] splits = new long[nrows + 1];
    for (int i = 1; i <= nrows; i++) {
      splits[i] = splits[i - 1] + random.nextInt(4);
    }
    return RowPartition.fromRowSplits(splits, DType.INT64, true);
  }

  static Tensor randomFloats(Random random, int n) {
    float[] v = new float[n];
    for (int i = 0; i < n; i++) {
      v[i] = random.nextInt(200) / 4f - 25f;
    }
    return Tensor.ofFloats(v);
  }
}
