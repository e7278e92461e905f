package dev.tatter.examples;

import dev.tatter.frontend.Ops;
import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Result;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.ir.Graph;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Bag of words: documents as ragged token ids become a sparse [documents, vocabulary] matrix of
 * word counts, and the counts divided by each document's length (term frequencies), all in one
 * graph: {@code tf.math.bincount(ids, minlength=v, maxlength=v, axis=-1)} counts each
 * document's words in one pass over its tokens (no one-hot matrix of tokens times vocabulary),
 * the counts are made sparse and divided by the lengths only where a count is stored (so an
 * empty document stays empty instead of becoming 0/0).
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

    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value tokens = g.placeholder("tokens", Types.ragged(DType.INT64, 1));        // [documents, (tokens)]
    Value counts = tf.math.bincount(tokens, null, v, v, false, true);               // [documents, v], per row
    Value sparseCounts = tf.sparse.fromDense(counts.cast(DType.INT64));
    Value lengths = tf.expandDims(tokens.rowLengths().cast(DType.FLOAT32), 1);    // [documents, 1]
    Value frequencies = tf.sparse.fromDense(counts.cast(DType.FLOAT32)).div(lengths);
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
