package dev.tatter.bench.tf;

import dev.tatter.bench.MarkdownTable;
import dev.tatter.bench.ServingLoad;
import dev.tatter.bench.TokenizerAlternating;
import dev.tatter.bench.compare.Report;
import dev.tatter.bench.tf.TfProgram.Threads;
import java.util.List;

/**
 * {@link ServingLoad} with TF Java beside Tatter: the same NLP graph ({@link TfTokenizerAlternating}'s
 * raw ops: StringSplitV2, a hash table with hash-bucket OOV ids, RaggedTensorToTensor, Bincount), one
 * TF session serving every client thread (TF's sessions are thread-safe; each request copies its
 * sentences in and the ids and lengths out, as a JVM caller must), at each level right after Tatter's,
 * so that both meet the same load. TF's ids are checked against the hand loop's first.
 *
 * <pre>java -Xms2g -Xmx2g -XX:+UseParallelGC -cp bench/target/benchmarks.jar dev.tatter.bench.tf.TfServingLoad [SECONDS] [--markdown]</pre>
 */
public final class TfServingLoad {
  private TfServingLoad() {}

  public static void main(String[] args) throws InterruptedException {
    String[] a = MarkdownTable.positional(args);
    double seconds = a.length > 0 ? Double.parseDouble(a[0]) : 10;
    String load0 = Report.loadAverage();
    TokenizerAlternating w = new TokenizerAlternating(ServingLoad.BATCH * 200);
    List<String[]> requests = ServingLoad.requests(w, 200);
    StringBuilder md = new StringBuilder(ServingLoad.title(args, TfServingLoad.class, seconds));
    md.append(ServingLoad.header());
    StringBuilder figures = new StringBuilder();
    try (TfTokenizerAlternating.Tokenizer tf = new TfTokenizerAlternating.Tokenizer(Threads.DEFAULT, w.vocabulary())) {
      List<long[]> ids = tf.run(w.sentenceTexts());
      @SuppressWarnings("unchecked")
      List<long[]> hand = (List<long[]>) w.handLoop();
      if (!java.util.Arrays.equals(hand.get(0), ids.get(0)) || !java.util.Arrays.equals(hand.get(1), ids.get(1))) {
        throw new AssertionError("TF's tokenizer gives other ids than the hand loop");
      }
      for (int threads : ServingLoad.THREADS) {
        ServingLoad.Level tatter = ServingLoad.load("tatter", threads, seconds / 2, seconds, ServingLoad.tatterClients(w, requests));
        ServingLoad.Level tfLevel = ServingLoad.load("tf", threads, seconds / 2, seconds,
            t -> i -> tf.run(requests.get(i % requests.size())));
        md.append(tatter.row()).append('\n').append(tfLevel.row()).append('\n');
        figures.append(ServingLoad.figures(tatter)).append(ServingLoad.figures(tfLevel));
      }
    }
    md.append(ServingLoad.footer(load0)).append(figures);
    System.out.print(md);
  }
}
