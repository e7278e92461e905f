package dev.tatter.examples;

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
import java.io.PrintStream;
import java.util.Map;

/**
 * Sentences of a batch as a ragged tensor of token scores: scale the scores, count the tokens of
 * each sentence, and pad the batch to a dense matrix. Shows the IR before and after CSE (the
 * partition asked for three times is computed once) and runs the graph compiled.
 */
public final class RaggedBasics {
  private RaggedBasics() {}

  public static void run(PrintStream out) {
    GraphBuilder g = new GraphBuilder();
    Value scores = g.placeholder("scores", Types.ragged(DType.FLOAT32, 1));
    Value scaled = scores.mul(2).add(1);
    Value tokensPerSentence = scores.rowLengths();
    Value rowOfEachToken = scaled.valueRowids();
    Value padded = scaled.toTensor(-1);
    Graph graph = g.build(scaled, tokensPerSentence, rowOfEachToken, padded);

    IrListing.printBeforeAndAfterOptimization(out, graph);

    RaggedTensor batch = RaggedTensor.of(
        Tensor.ofFloats(0.5f, 1.5f, 2.5f, -1f, 4f, 0f),
        RowPartition.fromRowSplits(new long[] {0, 3, 3, 5, 6}, DType.INT64, true));
    try (Session session = new Session(graph)) {
      Result r = session.run(Map.of("scores", batch), scaled, tokensPerSentence, rowOfEachToken, padded);
      out.println("== results (compiled) ==");
      out.println("scores             = " + batch);
      out.println("scores * 2 + 1     = " + r.get(0));
      out.println("tokens / sentence  = " + r.get(1));
      out.println("sentence of token  = " + r.get(2));
      out.println("padded with -1     = " + r.get(3));
    }
  }
}
