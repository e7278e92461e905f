package dev.tatter.examples;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Result;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.ir.Graph;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Bag of words: documents as ragged token ids become a sparse [documents, vocabulary] matrix of
 * word counts, and the counts divided by each document's length (term frequencies), all in one
 * graph: each token's one-hot row ({@code ids[:, None] == range(v)}) under the documents'
 * partition, summed per document, made sparse, and divided by the lengths only where a count
 * is stored (so an empty document stays empty instead of becoming 0/0).
 */
public final class BagOfWords {
  static final List<String> DOCUMENTS = List.of(
      "the cat sat on the mat",
      "the dog ate the cat's dinner",
      "",
      "mat mat mat");

  private BagOfWords() {}

  public static void run(PrintStream out) {
    Vocabulary vocabulary = Vocabulary.of(DOCUMENTS);
    int v = vocabulary.size();
    long[] wordIds = new long[v];
    for (int i = 0; i < v; i++) {
      wordIds[i] = i;
    }

    GraphBuilder g = new GraphBuilder();
    Value tokens = g.placeholder("tokens", Types.ragged(DType.INT64, 1));        // [documents, (tokens)]
    Value oneHot = tokens.values().expandDims(1).equal(g.constant(Tensor.ofLongs(wordIds)))
        .cast(DType.FLOAT32);                                                  // [tokens, v]
    Value counts = tokens.withValues(oneHot).reduceSum(1);                    // [documents, v]
    Value sparseCounts = g.sparseFromDense(counts.cast(DType.INT64));
    Value lengths = tokens.rowLengths().cast(DType.FLOAT32).expandDims(1);    // [documents, 1]
    Value frequencies = g.sparseFromDense(counts).sparseDiv(lengths);
    Graph graph = g.build(sparseCounts, frequencies);

    IrListing.printBeforeAndAfterOptimization(out, graph);

    RaggedTensor batch = vocabulary.tokenIds(DOCUMENTS);
    try (Session session = new Session(graph)) {
      Result r = session.run(Map.of("tokens", batch), sparseCounts, frequencies);
      out.println("== results (compiled) ==");
      out.println("vocabulary         = " + vocabulary.wordsById());
      out.println("token ids          = " + batch);
      out.println("counts             = " + r.get(0));
      out.println("term frequencies   = " + r.get(1));
    }
  }
}
