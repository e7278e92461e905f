package dev.tatter.bench;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.StaticTables;
import dev.tatter.frontend.Ops;
import dev.tatter.frontend.TableInitializer;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.strings.FarmHash;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * The tokenizer workload measured round-robin in one JVM: 100k sentences (about 10 MB of text)
 * split on whitespace, looked up in a 10k-word StaticVocabularyTable with 100 OOV buckets and
 * padded to a dense id matrix with its lengths, by a Tatter session and by a hand-written Java
 * loop doing the same work (the same FarmHash buckets). Prints MB/s of input text per variant.
 * Run with {@code java -Xms4g -Xmx4g -cp bench/target/benchmarks.jar dev.tatter.bench.TokenizerAlternating [rounds] [sentences]}.
 */
public final class TokenizerAlternating {
  public static final int VOCABULARY = 10_000;
  public static final long OOV_BUCKETS = 100;

  final String[] words = new String[VOCABULARY * 11 / 10]; // a tenth of the words are out of the vocabulary
  final Tensor sentences;
  final long bytes;
  final Session session;
  final Value padded;
  final Value lengths;
  final Map<String, Integer> handVocabulary = new HashMap<>();

  public TokenizerAlternating(int count) {
    SplittableRandom r = new SplittableRandom(1);
    for (int i = 0; i < words.length; i++) {
      StringBuilder w = new StringBuilder();
      for (int n = 3 + r.nextInt(8); n > 0; n--) {
        w.append((char) ('a' + r.nextInt(26)));
      }
      words[i] = w.toString() + i;
    }
    String[] text = new String[count];
    long total = 0;
    for (int i = 0; i < count; i++) {
      StringBuilder s = new StringBuilder();
      for (int n = 5 + r.nextInt(20); n > 0; n--) {
        s.append(words[r.nextInt(words.length)]).append(' ');
      }
      text[i] = s.toString();
      total += text[i].length();
    }
    sentences = Tensor.of(DType.STRING, text, count);
    bytes = total;
    long[] ids = new long[VOCABULARY];
    for (int i = 0; i < VOCABULARY; i++) {
      ids[i] = i;
      handVocabulary.put(words[i], i);
    }
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value in = g.placeholder("sentences", Types.dense(DType.STRING, -1));
    Value tokenIds = StaticTables.vocabularyTable(TableInitializer.keyValueTensors(
        Tensor.of(DType.STRING, Arrays.copyOf(words, VOCABULARY), VOCABULARY), Tensor.ofLongs(ids)), OOV_BUCKETS)
        .lookup(tf.strings.split(in));
    padded = tokenIds.toTensor(0L);
    lengths = tokenIds.rowLengths();
    session = new Session(g.build(padded, lengths));
  }

  /** The input sentences (ASCII text: one byte per char). */
  public String[] sentenceTexts() {
    return sentences.toStringArray();
  }

  /** The bytes of text the sentences hold, for MB/s. */
  public long textBytes() {
    return bytes;
  }

  /** The vocabulary's words, word {@code i} having id {@code i}. */
  public String[] vocabulary() {
    return Arrays.copyOf(words, VOCABULARY);
  }

  public Object tatter() {
    return session.run(Map.of("sentences", sentences), padded, lengths);
  }

  /** Tatter's ids and lengths are the hand loop's bit for bit, so the two are timed doing the same work. */
  public void check() {
    dev.tatter.frontend.Result t = session.run(Map.of("sentences", sentences), padded, lengths);
    @SuppressWarnings("unchecked")
    List<long[]> hand = (List<long[]>) handLoop();
    if (!Arrays.equals((long[]) ((Tensor) t.get(0)).unsafeData(), hand.get(0))
        || !Arrays.equals((long[]) ((Tensor) t.get(1)).unsafeData(), hand.get(1))) {
      throw new AssertionError("Tatter's tokenizer gives other ids or lengths than the hand loop");
    }
  }

  /** The same work by hand: split on spaces, look up or hash, pad. */
  public Object handLoop() {
    String[] text = sentences.toStringArray();
    long[][] rows = new long[text.length][];
    int longest = 0;
    long[] tokens = new long[64];
    for (int i = 0; i < text.length; i++) {
      String s = text[i];
      int n = 0;
      int at = 0;
      while (at < s.length()) {
        while (at < s.length() && s.charAt(at) == ' ') {
          at++;
        }
        int end = at;
        while (end < s.length() && s.charAt(end) != ' ') {
          end++;
        }
        if (end > at) {
          String word = s.substring(at, end);
          Integer id = handVocabulary.get(word);
          if (n == tokens.length) {
            tokens = Arrays.copyOf(tokens, n * 2);
          }
          tokens[n++] = id != null ? id : VOCABULARY + Long.remainderUnsigned(FarmHash.fingerprint64(word.getBytes(java.nio.charset.StandardCharsets.US_ASCII)), OOV_BUCKETS);
        }
        at = end;
      }
      rows[i] = Arrays.copyOf(tokens, n);
      longest = Math.max(longest, n);
    }
    long[] out = new long[text.length * longest];
    long[] lens = new long[text.length];
    for (int i = 0; i < rows.length; i++) {
      System.arraycopy(rows[i], 0, out, i * longest, rows[i].length);
      lens[i] = rows[i].length;
    }
    return List.of(out, lens);
  }

  public static void main(String[] args) {
    String[] a = MarkdownTable.positional(args);
    int rounds = a.length > 0 ? Integer.parseInt(a[0]) : 20;
    int count = a.length > 1 ? Integer.parseInt(a[1]) : 100_000;
    TokenizerAlternating w = new TokenizerAlternating(count);
    if (MarkdownTable.wanted(args)) {
      System.out.print(markdown(w, new String[] {"tatter", "hand"}, new Supplier<?>[] {w::tatter, w::handLoop}, rounds,
          TokenizerAlternating.class, args));
      return;
    }
    String[] names = {"Tatter session", "hand loop"};
    @SuppressWarnings("unchecked")
    Supplier<Object>[] variants = new Supplier[] {w::tatter, w::handLoop};
    RoundRobin.Timings t = RoundRobin.time(variants, RoundRobin.Plan.of(3, rounds));
    double mb = w.bytes / 1e6;
    System.out.printf("%d sentences, %.1f MB of text, %d rounds%n", count, mb, rounds);
    System.out.printf("%-16s %10s %10s %10s %14s%n", "variant", "median ms", "min ms", "MB/s", "thread cpu ms");
    for (int v = 0; v < variants.length; v++) {
      RoundRobin.Samples x = t.samples()[v];
      double median = x.medians().wallMs();
      System.out.printf("%-16s %10.1f %10.1f %10.1f %14.1f%n", names[v], median, x.wallMin(), mb / (median / 1e3),
          x.medians().threadCpuMs());
    }
    System.out.println("(sink " + t.sink() + ")");
  }

  /** The tokenizer's fragment (also {@code TfTokenizerAlternating}'s): MB/s of text, thread CPU over the hand loop's, TF's best wall. */
  public static String markdown(TokenizerAlternating w, String[] names, Supplier<?>[] variants, int rounds, Class<?> driver,
      String[] args) {
    w.check();
    RoundRobin.Plan plan = RoundRobin.Plan.of(3, rounds);
    RoundRobin.Timings t = RoundRobin.time(variants, plan);
    double mb = w.bytes / 1e6;
    return new MarkdownTable("Tokenizer: split, vocabulary lookup, pad", names, t, plan)
        .column("MB/s (wall median)", v -> String.format("%.1f", mb / (t.samples()[v].medians().wallMs() / 1e3)))
        .cpuOver("hand").wallVsTf()
        .note(String.format("%,d sentences, %.1f MB of text, split on whitespace, looked up in a 10k-word"
            + " StaticVocabularyTable with 100 OOV buckets, padded to a dense id matrix with its lengths.",
            w.sentenceTexts().length, mb))
        .render(driver, args);
  }
}
