package dev.tatter.bench;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Ops;
import dev.tatter.frontend.Result;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.StaticTables;
import dev.tatter.frontend.TableInitializer;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * The text model input pipeline measured round-robin in one JVM: 100k deterministic sentences
 * (about 10 MB of UTF-8 text, a tenth of the words with a non-ASCII letter) split on whitespace,
 * looked up in a 10k-word {@code StaticVocabularyTable} with 100 OOV buckets, padded (and cut) to
 * 16 ids per sentence, with the sequence mask of the row lengths beside it: TF's
 * <pre>{@code
 * ids = table.lookup(tf.strings.split(sentences))
 * padded = ids.to_tensor(0, shape=[None, 16])
 * mask = tf.sequence_mask(ids.row_lengths(), 16)
 * }</pre>
 * by a Tatter session and by a hand-written loop doing the least work the result needs (one pass
 * over the bytes, each token looked up in a byte-keyed open-addressing table without being copied,
 * FarmHash of the out-of-vocabulary ones). Reports MB/s of input text and the bytes the calling
 * thread allocated per byte of input text. {@code TfTextPipelineAlternating} adds TF Java.
 * Run with {@code java -Xms4g -Xmx4g -cp bench/target/benchmarks.jar dev.tatter.bench.TextPipelineAlternating [rounds] [sentences]}.
 */
public final class TextPipelineAlternating {
  public static final int VOCABULARY = 10_000;
  public static final long OOV_BUCKETS = 100;
  public static final int WIDTH = 16;

  /** Word letters: ASCII, and a few with two- and three-byte UTF-8 encodings. */
  private static final String LETTERS = "abcdefghijklmnopqrstuvwxyz";
  private static final String ACCENTED = "éüßçøñ中文字";

  final String[] words = new String[VOCABULARY * 11 / 10]; // a tenth of the words are out of the vocabulary
  final String[] text;
  /** The sentences' UTF-8 bytes, end to end, and where each starts: the hand loop's input. */
  final byte[] utf8;
  final int[] offsets;
  final Tensor sentences;
  final Session session;
  /** The same graph without the fuse pass: the split's words are stored, then looked up. */
  final Session unfused;
  final Value padded;
  final Value mask;
  final ByteVocabulary handVocabulary;

  public TextPipelineAlternating(int count) {
    SplittableRandom r = new SplittableRandom(7);
    for (int i = 0; i < words.length; i++) {
      StringBuilder w = new StringBuilder();
      for (int n = 2 + r.nextInt(8); n > 0; n--) {
        w.append(LETTERS.charAt(r.nextInt(LETTERS.length())));
      }
      if (i % 10 == 3) {
        w.insert(r.nextInt(w.length()), ACCENTED.charAt(r.nextInt(ACCENTED.length())));
      }
      words[i] = w.toString() + i;
    }
    text = new String[count];
    offsets = new int[count + 1];
    byte[][] encoded = new byte[count][];
    for (int i = 0; i < count; i++) {
      StringBuilder s = new StringBuilder();
      for (int n = 4 + r.nextInt(20); n > 0; n--) {
        s.append(words[r.nextInt(words.length)]).append(r.nextInt(12) == 0 ? "  " : " ");
      }
      text[i] = s.toString();
      encoded[i] = text[i].getBytes(StandardCharsets.UTF_8);
      offsets[i + 1] = offsets[i] + encoded[i].length;
    }
    utf8 = new byte[offsets[count]];
    for (int i = 0; i < count; i++) {
      System.arraycopy(encoded[i], 0, utf8, offsets[i], encoded[i].length);
    }
    sentences = Tensor.ofStrings(text);
    long[] ids = new long[VOCABULARY];
    Arrays.setAll(ids, i -> i);
    handVocabulary = new ByteVocabulary(vocabulary());
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value in = g.placeholder("sentences", Types.dense(DType.STRING, -1));
    Value tokenIds = StaticTables.vocabularyTable(
        TableInitializer.keyValueTensors(Tensor.ofStrings(vocabulary()), Tensor.ofLongs(ids)), OOV_BUCKETS)
        .lookup(tf.strings.split(in));
    padded = tokenIds.toTensor(0L, -1, WIDTH);
    mask = tf.sequenceMask(tokenIds.rowLengths(), WIDTH, DType.BOOL);
    session = new Session(g.build(padded, mask));
    unfused = new Session(g.build(padded, mask), UNFUSED_PIPELINE, Session.Backend.COMPILED);
  }

  /** The default pipeline without its last pass, fuse. */
  static final String UNFUSED_PIPELINE = "dce,cse,canonicalize,fold,cse,canonicalize,cse,dce";

  /** The sentences as Java text. */
  public String[] sentenceTexts() {
    return text.clone();
  }

  /** The sentences' UTF-8 bytes, one array per sentence. */
  public byte[][] sentenceBytes() {
    byte[][] out = new byte[text.length][];
    for (int i = 0; i < out.length; i++) {
      out[i] = Arrays.copyOfRange(utf8, offsets[i], offsets[i + 1]);
    }
    return out;
  }

  /** The bytes of UTF-8 text the sentences hold, for MB/s. */
  public long textBytes() {
    return utf8.length;
  }

  /** The vocabulary's words, word {@code i} having id {@code i}. */
  public String[] vocabulary() {
    return Arrays.copyOf(words, VOCABULARY);
  }

  public Object tatter() {
    return session.run(Map.of("sentences", sentences), padded, mask);
  }

  public Object tatterUnfused() {
    return unfused.run(Map.of("sentences", sentences), padded, mask);
  }

  /** Tatter's ids and mask are the hand loop's bit for bit, so the two are timed doing the same work. */
  public void check() {
    Output hand = handLoop();
    for (Session s : List.of(session, unfused)) {
      Result t = s.run(Map.of("sentences", sentences), padded, mask);
      if (!Arrays.equals((long[]) ((Tensor) t.get(0)).unsafeData(), hand.ids())
          || !Arrays.equals((boolean[]) ((Tensor) t.get(1)).unsafeData(), hand.mask())) {
        throw new AssertionError("Tatter's text pipeline gives other ids or another mask than the hand loop");
      }
    }
  }

  /** The hand loop's result: the padded ids and the mask, row-major {@code [n, 16]}. */
  public record Output(long[] ids, boolean[] mask) {}

  /** The same work by hand: one pass over the bytes, each token looked up in place, at most 16 ids per row kept. */
  public Output handLoop() {
    int n = offsets.length - 1;
    long[] ids = new long[n * WIDTH];
    boolean[] mask = new boolean[n * WIDTH];
    byte[] b = utf8;
    for (int row = 0; row < n; row++) {
      int at = offsets[row];
      int end = offsets[row + 1];
      int count = 0;
      while (true) {
        while (at < end && isSpace(b[at])) {
          at++;
        }
        if (at == end) {
          break;
        }
        int from = at;
        while (at < end && !isSpace(b[at])) {
          at++;
        }
        if (count < WIDTH) {
          int base = row * WIDTH + count;
          ids[base] = handVocabulary.id(b, from, at);
          mask[base] = true;
        }
        count++;
      }
    }
    return new Output(ids, mask);
  }

  /** C's {@code isspace} in the C locale, what TF's whitespace split uses. */
  static boolean isSpace(byte c) {
    return c == ' ' || (c >= '\t' && c <= '\r');
  }

  /**
   * The vocabulary as a byte-keyed open-addressing table: the keys' UTF-8 bytes end to end, a slot
   * array of key numbers, probing linearly; a miss is {@code VOCABULARY + FarmHash64 % 100}, as
   * {@code StaticVocabularyTable} buckets it.
   */
  static final class ByteVocabulary {
    private final byte[] keys;
    private final int[] starts;
    private final int[] slots;
    private final int mask;

    ByteVocabulary(String[] words) {
      byte[][] encoded = new byte[words.length][];
      starts = new int[words.length + 1];
      for (int i = 0; i < words.length; i++) {
        encoded[i] = words[i].getBytes(StandardCharsets.UTF_8);
        starts[i + 1] = starts[i] + encoded[i].length;
      }
      keys = new byte[starts[words.length]];
      for (int i = 0; i < words.length; i++) {
        System.arraycopy(encoded[i], 0, keys, starts[i], encoded[i].length);
      }
      int capacity = Integer.highestOneBit(words.length * 4);
      slots = new int[capacity];
      Arrays.fill(slots, -1);
      mask = capacity - 1;
      for (int i = 0; i < words.length; i++) {
        int s = hash(keys, starts[i], starts[i + 1]) & mask;
        while (slots[s] >= 0) {
          s = (s + 1) & mask;
        }
        slots[s] = i;
      }
    }

    long id(byte[] b, int from, int to) {
      int s = hash(b, from, to) & mask;
      for (int k = slots[s]; k >= 0; s = (s + 1) & mask, k = slots[s]) {
        if (Arrays.equals(keys, starts[k], starts[k + 1], b, from, to)) {
          return k;
        }
      }
      return VOCABULARY + Long.remainderUnsigned(Fingerprints.of(b, from, to), OOV_BUCKETS);
    }

    private static int hash(byte[] b, int from, int to) {
      int h = 0x9E3779B9;
      for (int i = from; i < to; i++) {
        h = (h ^ b[i]) * 0x01000193;
      }
      return h ^ (h >>> 15);
    }
  }

  public static void main(String[] args) {
    String[] a = MarkdownTable.positional(args);
    int rounds = a.length > 0 ? Integer.parseInt(a[0]) : 20;
    int count = a.length > 1 ? Integer.parseInt(a[1]) : 100_000;
    TextPipelineAlternating w = new TextPipelineAlternating(count);
    String[] names = {"tatter", "tatter-unfused", "hand"};
    Supplier<?>[] variants = {w::tatter, w::tatterUnfused, w::handLoop};
    System.out.print(markdown(w, names, variants, rounds, TextPipelineAlternating.class, args));
  }

  /** The fragment (also {@code TfTextPipelineAlternating}'s): MB/s, thread CPU over the hand loop's, allocation per input byte, TF's best wall. */
  public static String markdown(TextPipelineAlternating w, String[] names, Supplier<?>[] variants, int rounds, Class<?> driver,
      String[] args) {
    w.check();
    RoundRobin.Plan plan = RoundRobin.Plan.of(3, rounds);
    RoundRobin.Timings t = RoundRobin.time(variants, plan);
    double mb = w.textBytes() / 1e6;
    StringBuilder figures = new StringBuilder();
    for (int v = 0; v < names.length; v++) {
      figures.append(MarkdownTable.figure("text-pipeline-" + names[v] + "-mbs", mb / (t.samples()[v].medians().wallMs() / 1e3)));
      figures.append(MarkdownTable.figure("text-pipeline-" + names[v] + "-alloc-per-byte",
          t.samples()[v].allocatedBytesMedian() / w.textBytes()));
    }
    return new MarkdownTable("Text pipeline: split, vocabulary lookup, pad to 16, sequence mask", names, t, plan)
        .column("MB/s (wall median)", v -> String.format("%.1f", mb / (t.samples()[v].medians().wallMs() / 1e3)))
        .column("allocated bytes / input byte", v -> MarkdownTable.isTf(names[v]) ? "—"
            : String.format("%.2f", t.samples()[v].allocatedBytesMedian() / w.textBytes()))
        .cpuOver("hand").wallVsTf()
        .note(String.format("%,d sentences, %.1f MB of UTF-8 text (a tenth of the words hold a two- or three-byte"
            + " letter), split on whitespace, looked up in a 10k-word StaticVocabularyTable with 100 OOV buckets,"
            + " padded and cut to 16 ids per sentence, with tf.sequence_mask(row_lengths, 16). Allocation is the calling"
            + " thread's (ThreadMXBean), median per call.", w.text.length, mb))
        .render(driver, args) + figures;
  }
}
