package dev.tatter.bench.tf;

import dev.tatter.bench.MarkdownTable;
import dev.tatter.bench.RoundRobin;
import dev.tatter.bench.TokenizerAlternating;
import dev.tatter.bench.tf.TfProgram.Threads;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.op.core.HashTable;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.op.strings.StringSplit;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;
import org.tensorflow.types.family.TNumber;

/**
 * {@link TokenizerAlternating}'s workload with TensorFlow beside Tatter and the hand loop,
 * round-robin in one JVM: 100k sentences split on whitespace, looked up in a 10k-word vocabulary
 * with 100 OOV buckets, padded with their lengths. TF's graph is what its Python layer emits for
 * {@code table.lookup(tf.strings.split(s)).to_tensor(0)} and {@code .row_lengths()}:
 * {@code StringSplitV2(s, "")} (sparse indices, values, shape; the ragged tensor is
 * {@code from_value_rowids(values, indices[:, 0], shape[0])}), {@code StaticVocabularyTable.lookup}
 * as {@code SelectV2(NotEqual(LookupTableFindV2(table, values, -1), -1), found,
 * StringToHashBucketFast(values, 100) + 10000)} on a {@code HashTableV2} initialised once per session,
 * {@code RaggedTensorToTensor(FIRST_DIM_SIZE, VALUE_ROWIDS)} and the row lengths by
 * {@code Bincount} of the row ids (TF computes the row splits by that bincount and a cumsum, and
 * the lengths as their differences). Each TF run copies the sentences into a TF string tensor and
 * the two results out into Java arrays, as a JVM caller must. TF's kernels run on TF's threads,
 * so compare TF by wall time and process CPU time; the calling thread's CPU time is Tatter's and
 * the hand loop's cost. Run (after {@code mvn -B -Ptf -pl bench -am package -DskipTests}):
 * {@code java -Xms4g -Xmx4g -cp bench/target/benchmarks.jar dev.tatter.bench.tf.TfTokenizerAlternating [rounds] [sentences]}.
 */
public final class TfTokenizerAlternating {
  private TfTokenizerAlternating() {}

  /** The tokenizer as a TF graph, its table filled once when the session opens. */
  static final class Tokenizer extends TfProgram {
    private final Placeholder<TString> sentences;
    private final Operand<TInt64> padded;
    private final Operand<TInt64> lengths;

    Tokenizer(Threads threads, String[] vocabulary) {
      sentences = tf.placeholder(TString.class);
      HashTable table = tf.hashTable(TString.class, TInt64.class);
      long[] ids = new long[vocabulary.length];
      Arrays.setAll(ids, i -> i);
      var init = tf.initializeTable(table, tf.constantOf(strings(vocabulary)), tf.constant(ids));
      StringSplit split = tf.strings.stringSplit(sentences, tf.constant(""));
      Operand<TInt64> rowIds = tf.reshape(tf.slice(split.indices(), tf.constant(new long[] {0, 0}), tf.constant(new long[] {-1, 1})),
          tf.constant(new long[] {-1}));
      Operand<TInt64> nrows = tf.reshape(tf.slice(split.shape(), tf.constant(new long[] {0}), tf.constant(new long[] {1})),
          tf.constant(new long[0]));
      Operand<TInt64> found = tf.lookupTableFind(table, split.values(), tf.constant(-1L));
      Operand<TInt64> oov = tf.math.add(tf.strings.toHashBucketFast(split.values(), TokenizerAlternating.OOV_BUCKETS),
          tf.constant((long) vocabulary.length));
      Operand<TInt64> tokenIds = tf.select(tf.math.notEqual(found, tf.constant(-1L)), found, oov);
      List<Operand<? extends TNumber>> partitions = List.of(nrows, rowIds);
      padded = tf.ragged.raggedTensorToTensor(tf.constant(-1L), tokenIds, tf.constant(0L), partitions,
          List.of("FIRST_DIM_SIZE", "VALUE_ROWIDS"));
      Operand<TInt32> rowIds32 = tf.dtypes.cast(rowIds, TInt32.class);
      lengths = tf.math.bincount(rowIds32, tf.dtypes.cast(nrows, TInt32.class), tf.constant(new long[0]));
      open(threads);
      runner().addTarget(init).run();
    }

    List<long[]> run(String[] text) {
      try (TString in = strings(text); Result r = runner().feed(sentences, in).fetch(padded).fetch(lengths).run()) {
        return List.of(toLongs(r.get(0)), toLongs(r.get(1)));
      }
    }
  }

  /** A TF string vector of byte strings (one char per byte): their bytes copied in. */
  static TString strings(String[] byteStrings) {
    byte[][] bytes = new byte[byteStrings.length][];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = byteStrings[i].getBytes(StandardCharsets.ISO_8859_1);
    }
    return TString.tensorOfBytes(Shape.of(bytes.length), DataBuffers.ofObjects(bytes));
  }

  public static void main(String[] args) {
    String[] a = MarkdownTable.positional(args);
    int rounds = a.length > 0 ? Integer.parseInt(a[0]) : 20;
    int count = a.length > 1 ? Integer.parseInt(a[1]) : 100_000;
    TokenizerAlternating w = new TokenizerAlternating(count);
    String[] text = w.sentenceTexts();
    try (Tokenizer tf = new Tokenizer(Threads.DEFAULT, w.vocabulary()); Tokenizer tf1 = new Tokenizer(Threads.ONE, w.vocabulary())) {
      checkSameIds(w, tf.run(text));
      String[] names = {"tatter", "hand", "tf", "tf1"};
      Supplier<?>[] variants = {w::tatter, w::handLoop, () -> tf.run(text), () -> tf1.run(text)};
      if (MarkdownTable.wanted(args)) {
        System.out.print(TokenizerAlternating.markdown(w, names, variants, rounds, TfTokenizerAlternating.class, args));
      } else {
        roundRobin(names, variants, rounds, w.textBytes() / 1e6);
      }
    }
  }

  /** TF's ids and lengths are the hand loop's (and so Tatter's, which its tests compare): the same work. */
  private static void checkSameIds(TokenizerAlternating w, List<long[]> tf) {
    @SuppressWarnings("unchecked")
    List<long[]> hand = (List<long[]>) w.handLoop();
    if (!Arrays.equals(hand.get(0), tf.get(0)) || !Arrays.equals(hand.get(1), tf.get(1))) {
      throw new AssertionError("TF's tokenizer gives other ids than the hand loop");
    }
  }

  private static void roundRobin(String[] names, Supplier<?>[] variants, int rounds, double mb) {
    RoundRobin.Timings t = RoundRobin.time(variants, 3, rounds);
    System.out.printf("%.1f MB of text, %d rounds; medians of wall time, of the calling thread's CPU time and of the whole"
        + " process's CPU time (which counts TF's threads, and the JVM's GC and JIT threads too)%n", mb, rounds);
    System.out.printf("%-8s %10s %10s %14s %16s%n", "variant", "wall ms", "MB/s", "thread cpu ms", "process cpu ms");
    for (int v = 0; v < variants.length; v++) {
      RoundRobin.Medians m = t.medians()[v];
      System.out.printf("%-8s %10.1f %10.1f %14.1f %16.1f%n", names[v], m.wallMs(), mb / (m.wallMs() / 1e3),
          m.threadCpuMs(), m.processCpuMs());
    }
    System.out.println("(sink " + t.sink() + ")");
  }
}
