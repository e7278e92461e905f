package dev.tatter.bench;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Ops;
import dev.tatter.frontend.Result;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The character-trigram feature measured round-robin in one JVM: each of
 * {@link TextPipelineAlternating}'s sentences cut into characters, every three consecutive
 * characters joined and hashed into 2^20 buckets, TF's
 * <pre>{@code
 * tf.strings.to_hash_bucket_fast(tf.strings.ngrams(tf.strings.unicode_split(s, "UTF-8"), 3, separator=""), 2**20)
 * }</pre>
 * by a Tatter session and by a hand loop (one pass over the bytes: the character starts, then the
 * fingerprint of each three-character byte range in place). Reports MB/s of input text and the
 * bytes the calling thread allocated per byte of input text.
 * Run with {@code java -Xms4g -Xmx4g -cp bench/target/benchmarks.jar dev.tatter.bench.TrigramAlternating [rounds] [sentences]}.
 */
public final class TrigramAlternating {
  public static final long BUCKETS = 1 << 20;

  final TextPipelineAlternating text;
  final Tensor sentences;
  final Session session;
  final Value buckets;

  public TrigramAlternating(int count) {
    text = new TextPipelineAlternating(count);
    sentences = text.sentences;
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value in = g.placeholder("sentences", Types.dense(DType.STRING, -1));
    Value trigrams = tf.strings.ngrams(tf.strings.unicodeSplit(in), new int[] {3}, "", null, null, false);
    buckets = tf.strings.toHashBucketFast(trigrams, BUCKETS);
    session = new Session(g.build(buckets));
  }

  public Object tatter() {
    return session.run(Map.of("sentences", sentences), buckets);
  }

  /** The hand loop's result: the bucket of every trigram, and each sentence's first trigram's position. */
  public record Output(long[] buckets, long[] splits) {}

  public Output handLoop() {
    byte[] b = text.utf8;
    int[] offsets = text.offsets;
    int n = offsets.length - 1;
    long[] splits = new long[n + 1];
    long[] out = new long[b.length];
    int[] starts = new int[64];
    int k = 0;
    for (int row = 0; row < n; row++) {
      int chars = 0;
      for (int at = offsets[row]; at < offsets[row + 1]; at++) {
        if ((b[at] & 0xC0) != 0x80) { // the sentences are well-formed UTF-8: a character starts at each non-continuation byte
          if (chars == starts.length) {
            starts = Arrays.copyOf(starts, chars * 2);
          }
          starts[chars++] = at;
        }
      }
      for (int c = 0; c + 3 <= chars; c++) {
        int end = c + 3 < chars ? starts[c + 3] : offsets[row + 1];
        out[k++] = Long.remainderUnsigned(Fingerprints.of(b, starts[c], end), BUCKETS);
      }
      splits[row + 1] = k;
    }
    return new Output(Arrays.copyOf(out, k), splits);
  }

  /** Tatter's buckets are the hand loop's bit for bit. */
  public void check() {
    Result t = session.run(Map.of("sentences", sentences), buckets);
    RaggedTensor r = (RaggedTensor) t.get(0);
    Output hand = handLoop();
    if (!Arrays.equals((long[]) ((Tensor) r.values()).unsafeData(), hand.buckets())
        || !Arrays.equals(r.partition().rowSplitsArray(), hand.splits())) {
      throw new AssertionError("Tatter's trigram buckets differ from the hand loop's");
    }
  }

  public static void main(String[] args) {
    String[] a = MarkdownTable.positional(args);
    int rounds = a.length > 0 ? Integer.parseInt(a[0]) : 20;
    int count = a.length > 1 ? Integer.parseInt(a[1]) : 100_000;
    TrigramAlternating w = new TrigramAlternating(count);
    w.check();
    String[] names = {"tatter", "hand"};
    Supplier<?>[] variants = {w::tatter, w::handLoop};
    RoundRobin.Plan plan = RoundRobin.Plan.of(3, rounds);
    RoundRobin.Timings t = RoundRobin.time(variants, plan);
    long bytes = w.text.textBytes();
    double mb = bytes / 1e6;
    StringBuilder figures = new StringBuilder();
    for (int v = 0; v < names.length; v++) {
      figures.append(MarkdownTable.figure("trigram-" + names[v] + "-alloc-per-byte", t.samples()[v].allocatedBytesMedian() / bytes));
    }
    System.out.print(new MarkdownTable("Character trigrams: unicode_split, ngrams(3), to_hash_bucket_fast", names, t, plan)
        .column("MB/s (wall median)", v -> String.format("%.1f", mb / (t.samples()[v].medians().wallMs() / 1e3)))
        .column("allocated MB", v -> String.format("%.1f", t.samples()[v].allocatedBytesMedian() / 1e6))
        .column("allocated bytes / input byte", v -> String.format("%.2f", t.samples()[v].allocatedBytesMedian() / bytes))
        .cpuOver("hand")
        .note(String.format("%,d sentences, %.1f MB of UTF-8 text; the character trigrams of each sentence hashed into"
            + " 2^20 buckets (a ragged int64 result). Allocation is the calling thread's (ThreadMXBean), median per call.",
            w.text.text.length, mb))
        .render(TrigramAlternating.class, args) + figures);
  }
}
