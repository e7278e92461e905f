package dev.tatter.bench.text;

import dev.tatter.bench.MarkdownTable;
import dev.tatter.bench.RoundRobin;
import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Result;
import dev.tatter.frontend.SentencepieceTokenizer;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.text.SentencepieceModel;
import dev.tatter.runtime.kernels.text.SentencepieceProcessor;
import dev.tatter.runtime.kernels.text.TextBatch;
import dev.tatter.runtime.kernels.text.TokenSink;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * SentencePiece unigram encoding to int32 ids: the {@code sentencepiece_tokenize} op through a
 * Tatter session and the engine it calls, called directly ({@link SentencepieceProcessor#encode}, the
 * work the op does without the graph), round-robin in one JVM; and SentencePiece's own library (C++,
 * Debian's 0.1.97) through its Python binding, {@code sp.encode(text)} per sentence, timed by the
 * script around its loop (wall and process CPU; no process start), run before and after the JVM's
 * rounds. The model is trained here by {@code spm_train} (unigram, 8000 pieces, the default
 * {@code nmt_nfkc} map) on the benchmark text. Prints tokens/s and MB/s.
 * Run with {@code java -cp ... dev.tatter.bench.text.SentencepieceAlternating [rounds] [megabytes]}
 * (the bench module built with {@code -Ptext-oracle}).
 */
public final class SentencepieceAlternating {
  final List<String> sentences;
  final Tensor input;
  final long bytes;
  final Session session;
  final Value ids;
  final SentencepieceProcessor engine;
  final TextBatch batch;
  final long tokens;

  SentencepieceAlternating(Path model, List<String> sentences) throws Exception {
    this.sentences = sentences;
    input = Tensor.ofStrings(sentences.toArray(new String[0]));
    bytes = input.stringColumn().byteCount();
    byte[] modelBytes = Files.readAllBytes(model);
    GraphBuilder g = new GraphBuilder();
    SentencepieceTokenizer sp = g.ops().text.sentencepieceTokenizer(modelBytes);
    Value s = g.placeholder("s", Types.dense(DType.STRING, -1));
    ids = sp.tokenize(s);
    session = new Session(g.build(ids));
    engine = new SentencepieceProcessor(SentencepieceModel.parse(modelBytes, "benchmark model"));
    batch = TextBatch.ofUtf8(sentences.toArray(new String[0]));
    tokens = engine.encode(batch, SentencepieceProcessor.Options.NONE, false).count();
  }

  Result tatter() {
    return session.run(Map.of("s", input), ids);
  }

  TokenSink engine() {
    return engine.encode(batch, SentencepieceProcessor.Options.NONE, false);
  }

  /** The op's ids are the engine's, so the two are timed doing the same work. */
  void check() {
    RaggedTensor r = tatter().ragged(0);
    if (!Arrays.equals((int[]) r.flatValues().unsafeData(), engine().ids())) {
      throw new AssertionError("the op's ids differ from the engine's");
    }
  }

  public static void main(String[] args) throws Exception {
    String[] a = MarkdownTable.positional(args);
    int rounds = a.length > 0 ? Integer.parseInt(a[0]) : 10;
    long megabytes = a.length > 1 ? Long.parseLong(a[1]) : 2;
    Path dir = Files.createTempDirectory("spm-bench");
    List<String> text = OracleCorpus.benchmarkText(megabytes << 20);
    Path model = SentencepieceLibrary.train(dir, "bench_unigram", text, "--vocab_size=8000", "--model_type=unigram",
        "--hard_vocab_limit=false", "--input_sentence_size=200000", "--shuffle_input_sentence=true");
    SentencepieceAlternating w = new SentencepieceAlternating(model, text);
    w.check();
    String load0 = Files.readString(Path.of("/proc/loadavg")).trim();
    SentencepieceLibrary.Run before = library(dir, model, text, rounds);
    RoundRobin.Plan plan = RoundRobin.Plan.of(3, rounds);
    RoundRobin.Timings t = RoundRobin.time(new Supplier<?>[] {w::tatter, w::engine}, plan);
    SentencepieceLibrary.Run after = library(dir, model, text, rounds);
    String load1 = Files.readString(Path.of("/proc/loadavg")).trim();
    double mb = w.bytes / 1e6;
    System.out.printf("%,d sentences, %.2f MB of UTF-8, %,d tokens per pass (unigram, 8000 pieces); load %s -> %s%n",
        w.sentences.size(), mb, w.tokens, load0, load1);
    System.out.printf("%-34s %12s %12s %14s %10s%n", "variant", "wall ms", "cpu ms", "tokens/s", "MB/s");
    String[] names = {"Tatter session (sentencepiece op)", "engine called directly"};
    for (int v = 0; v < 2; v++) {
      RoundRobin.Samples x = t.samples()[v];
      double wall = x.medians().wallMs();
      System.out.printf("%-34s %12.1f %12.1f %14.0f %10.2f%n", names[v], wall, x.medians().threadCpuMs(),
          w.tokens / (wall / 1e3), mb / (wall / 1e3));
    }
    for (SentencepieceLibrary.Run run : List.of(before, after)) {
      double wall = run.seconds() * 1e3 / rounds;
      double cpu = run.cpuSeconds() * 1e3 / rounds;
      System.out.printf("%-34s %12.1f %12.1f %14.0f %10.2f%n", run == before ? "SentencePiece (Python), before"
          : "SentencePiece (Python), after", wall, cpu, w.tokens / (wall / 1e3), mb / (wall / 1e3));
    }
    System.out.println("wall and CPU are medians of " + rounds + " rounds for the JVM variants (thread CPU), "
        + "means over " + rounds + " passes for SentencePiece (process CPU of its single-threaded loop)");
  }

  /** The library's encode loop over the text, {@code rounds} passes, timed by the script. */
  static SentencepieceLibrary.Run library(Path dir, Path model, List<String> text, int rounds) throws Exception {
    return SentencepieceLibrary.encode(dir, model, text, "", rounds);
  }
}
