package example;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Result;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.ir.Graph;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.Map;

/** The README's example, verbatim, as a user's program would hold it. */
public final class ReadmeExample {
  public static void main(String[] args) {
    GraphBuilder g = new GraphBuilder();
    Value scores = g.placeholder("scores", Types.ragged(DType.FLOAT32, 1)); // ragged<float32>[None, (None)]
    Value scaled = scores.mul(2).add(1);          // elementwise on the flat values, partition kept
    Value tokensPerSentence = scores.rowLengths();
    Value padded = scaled.toTensor(-1);           // tensor<float32>[None, None]
    Graph graph = g.build(scaled, tokensPerSentence, padded);

    RaggedTensor batch = RaggedTensor.of(
        Tensor.ofFloats(0.5f, 1.5f, 2.5f, -1f, 4f, 0f),
        RowPartition.fromRowSplits(new long[] {0, 3, 3, 5, 6}, DType.INT64, true));
    try (Session session = new Session(graph)) {
      Result r = session.run(Map.of("scores", batch), scaled, tokensPerSentence, padded);
      System.out.println(r.get(0)); // [[2.0, 4.0, 6.0], [], [-1.0, 9.0], [1.0]]
      System.out.println(r.get(1)); // [3, 0, 2, 1]
      System.out.println(r.get(2)); // [[2.0, 4.0, 6.0], [-1.0, -1.0, -1.0], [-1.0, 9.0, -1.0], [1.0, -1.0, -1.0]]
    }
  }
}
