package dev.tatter.bench.text;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import dev.tatter.bench.RoundRobin;
import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Result;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.text.BertBasicTokenizer;
import dev.tatter.runtime.kernels.text.BertTokenizer;
import dev.tatter.runtime.kernels.text.TextBatch;
import dev.tatter.runtime.kernels.text.WordpieceOptions;
import dev.tatter.runtime.kernels.text.WordpieceTokenizer;
import dev.tatter.runtime.kernels.text.WordpieceVocabulary;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * BERT tokenization (cased: BERT's split, then WordPiece to ids, real uncased BERT vocabulary) of
 * multilingual sentences, three ways round robin in one JVM, single thread: the {@code bert_tokenize}
 * op ({@code tf.text.bertTokenizer}) run by a {@link Session} over one fed batch; the engine the op's
 * kernel calls, by hand (exactly the kernel's work, no graph); and Hugging Face's tokenizers through
 * DJL, one {@code encode} per sentence (what a JVM user has), configured as TF Text's pipeline
 * ({@link HfTokenizers#tfBert}, which gives the same ids: {@code WordpieceOpsOracleTest}). Every
 * variant's ids are checked equal before timing. Reports MB/s and tokens/s of wall time, and thread
 * CPU (HF's Rust runs on the calling thread for a single encode).
 *
 * <p>Usage: {@code BertTokenizerAlternating [rounds] [megabytes]}.
 */
public final class BertTokenizerAlternating {
  private BertTokenizerAlternating() {}

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    double megabytes = args.length > 1 ? Double.parseDouble(args[1]) : 2;
    List<String> sentences = OracleCorpus.benchmarkText((long) (megabytes * 1e6));
    long bytes = sentences.stream().mapToLong(s -> s.getBytes(StandardCharsets.UTF_8).length).sum();
    String[] batch = sentences.toArray(String[]::new);
    Path dir = Files.createTempDirectory("bert-bench");
    List<String> vocab = HfTokenizers.bertVocabulary();
    Path vocabFile = HfTokenizers.bertVocabularyFile(dir);

    GraphBuilder g = new GraphBuilder();
    Value in = g.placeholder("in", Types.dense(DType.STRING, -1));
    Value ids = g.ops().text.bertTokenizer(vocabFile).tokenize(in);
    Session session = new Session(g.build(ids));
    Map<String, Tensor> feeds = Map.of("in", Tensor.ofStrings(batch));
    BertTokenizer engine = new BertTokenizer(new BertBasicTokenizer(false, false, null, false),
        new WordpieceTokenizer(WordpieceVocabulary.read(vocabFile), WordpieceOptions.defaults()));
    TextBatch engineBatch = TextBatch.ofUtf8(batch);
    try (HuggingFaceTokenizer hf = HfTokenizers.tfBert(dir, vocab, false)) {
      Supplier<long[]> op = () -> {
        Result r = session.run(feeds, ids);
        return ((RaggedTensor) r.ragged(0)).flatValues().toLongArray();
      };
      Supplier<long[]> hand = () -> {
        int[] v = engine.tokenize(engineBatch, false, true).pieces().ids();
        long[] out = new long[v.length];
        for (int k = 0; k < v.length; k++) {
          out[k] = v[k];
        }
        return out;
      };
      Supplier<long[]> djl = () -> {
        long[][] per = new long[batch.length][];
        int n = 0;
        for (int i = 0; i < batch.length; i++) {
          Encoding e = hf.encode(batch[i], false, false);
          per[i] = e.getIds();
          n += per[i].length;
        }
        long[] out = new long[n];
        int at = 0;
        for (long[] p : per) {
          System.arraycopy(p, 0, out, at, p.length);
          at += p.length;
        }
        return out;
      };
      long[] expected = djl.get();
      check("bert_tokenize op", expected, op.get());
      check("engine", expected, hand.get());
      String[] names = {"tatter op (Session)", "engine (hand loop)", "HF tokenizers (DJL)"};
      RoundRobin.Timings t = RoundRobin.time(new Supplier<?>[] {op, hand, djl}, RoundRobin.Plan.of(2, rounds).rotating());
      double[] load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage() >= 0
          ? new double[] {ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage()} : new double[] {-1};
      System.out.printf("%d sentences, %.2f MB of UTF-8, %d tokens; %d rounds; load average (1 min) at the end %.2f%n",
          batch.length, bytes / 1e6, expected.length, rounds, load[0]);
      System.out.println("| variant | wall median ms | wall min ms | MB/s (wall median) | tokens/s (wall median) | thread CPU median ms | MB/s (thread CPU) |");
      System.out.println("|---|---:|---:|---:|---:|---:|---:|");
      for (int v = 0; v < names.length; v++) {
        RoundRobin.Medians m = t.samples()[v].medians();
        System.out.printf("| %s | %.1f | %.1f | %.2f | %,.0f | %.1f | %.2f |%n", names[v], m.wallMs(), t.samples()[v].wallMin(),
            bytes / 1e3 / m.wallMs(), expected.length * 1e3 / m.wallMs(), m.threadCpuMs(), bytes / 1e3 / m.threadCpuMs());
      }
      System.out.println("(sink " + t.sink() + ")");
    } finally {
      session.close();
    }
  }

  private static void check(String what, long[] expected, long[] actual) {
    if (!java.util.Arrays.equals(expected, actual)) {
      throw new IllegalStateException(what + " gives other ids than HF's (" + actual.length + " vs " + expected.length + " tokens)");
    }
  }
}
