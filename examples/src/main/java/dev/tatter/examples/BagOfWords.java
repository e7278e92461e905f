package dev.tatter.examples;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Result;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.ir.Graph;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.optimizer.PassManager;
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
 * word counts, and the counts divided by each document's length (term frequencies).
 *
 * <p>The graph computes, for every token, its document (value_rowids), the document lengths
 * and the token's cell in the count matrix ({@code document * vocabulary + id}). Counting the
 * cells and dividing need ops that are not in Tatter yet — an equality or bincount, a cast,
 * reductions and the sparse ops — so {@link #countInJava} does that last step here; it is
 * marked for replacement by graph ops (see docs/notes/issue-7.md).
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
    long v = vocabulary.size();

    GraphBuilder g = new GraphBuilder();
    Value tokens = g.placeholder("tokens", Types.ragged(DType.INT64, 1));   // [documents, (tokens)]
    Value documentOfToken = tokens.valueRowids();
    Value documentLength = tokens.rowLengths();
    Value cell = documentOfToken.mul(v).add(tokens.values());               // row-major cell of [documents, v]
    // Once the elementwise, reduction and sparse ops are merged, the rest is graph ops too:
    //   Value onehot = g.ragged(tokens.values() (as [n, 1]) .eq(g.range(v)).cast(FLOAT32), tokens.partition());
    //   Value counts = onehot.reduceSum(1);              // dense [documents, v]
    //   Value sparseCounts = counts.toSparse();          // tf.sparse.from_dense
    //   Value frequencies = onehot.reduceMean(1);        // counts / document length
    Graph graph = g.build(documentOfToken, documentLength, cell);

    out.println("== IR as built ==");
    out.print(GraphPrinter.print(graph));
    out.println("== IR after optimization (" + PassManager.DEFAULT_PIPELINE + ") ==");
    out.print(GraphPrinter.print(PassManager.parse(PassManager.DEFAULT_PIPELINE).run(graph)));

    RaggedTensor batch = vocabulary.tokenIds(DOCUMENTS);
    try (Session session = new Session(graph)) {
      Result r = session.run(Map.of("tokens", batch), documentOfToken, documentLength, cell);
      out.println("== results (compiled graph, then counting in Java) ==");
      out.println("vocabulary         = " + vocabulary.wordsById());
      out.println("token ids          = " + batch);
      out.println("document of token  = " + r.get(0));
      out.println("document length    = " + r.get(1));
      out.println("cell of token      = " + r.get(2));
      countInJava(out, r.tensor(2), r.tensor(1), v);
    }
  }

  /** The sparse count matrix and the term frequencies, as TF prints a SparseTensor. To become graph ops. */
  static void countInJava(PrintStream out, Tensor cells, Tensor lengths, long v) {
    TreeMap<Long, Long> counts = new TreeMap<>(); // sorted cells = TF's canonical (row-major) index order
    for (int i = 0; i < cells.size(); i++) {
      counts.merge(cells.getLong(i), 1L, Long::sum);
    }
    List<String> indices = new ArrayList<>();
    List<Long> values = new ArrayList<>();
    List<Float> frequencies = new ArrayList<>();
    counts.forEach((c, n) -> {
      long document = c / v;
      indices.add("[" + document + ", " + c % v + "]");
      values.add(n);
      frequencies.add((float) n / lengths.getLong((int) document));
    });
    String shape = "[" + lengths.size() + ", " + v + "]";
    out.println("counts             = SparseTensor(indices=" + indices + ", values=" + values + ", dense_shape=" + shape + ")");
    out.println("term frequencies   = SparseTensor(indices=" + indices + ", values=" + frequencies + ", dense_shape=" + shape + ")");
  }
}
