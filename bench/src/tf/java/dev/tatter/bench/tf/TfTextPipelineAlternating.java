package dev.tatter.bench.tf;

import dev.tatter.bench.MarkdownTable;
import dev.tatter.bench.TextPipelineAlternating;
import dev.tatter.bench.tf.TfProgram.Threads;
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
import org.tensorflow.types.TBool;
import org.tensorflow.types.TInt32;
import org.tensorflow.types.TInt64;
import org.tensorflow.types.TString;
import org.tensorflow.types.family.TNumber;

/**
 * {@link TextPipelineAlternating}'s workload with TensorFlow beside Tatter and the hand loop,
 * round-robin in one JVM. TF's graph is what its Python layer emits for
 * {@code ids = table.lookup(tf.strings.split(s)); ids.to_tensor(0, shape=[None, 16]);
 * tf.sequence_mask(ids.row_lengths(), 16)}: {@code StringSplitV2}, the vocabulary lookup as
 * {@code SelectV2(NotEqual(LookupTableFindV2(...), -1), found, StringToHashBucketFast(values, 100) + 10000)}
 * on a {@code HashTableV2} filled once per session, {@code RaggedTensorToTensor(shape=[-1, 16],
 * FIRST_DIM_SIZE, VALUE_ROWIDS)}, and the mask as {@code Less(Range(16), ExpandDims(lengths, -1))}
 * with the lengths by {@code Bincount} of the row ids. Each TF run copies the sentences' bytes into
 * a TF string tensor and the two results out, as a JVM caller must. Run (after
 * {@code mvn -B -Ptf -pl bench -am package -DskipTests}): {@code java -Xms4g -Xmx4g -cp
 * bench/target/benchmarks.jar dev.tatter.bench.tf.TfTextPipelineAlternating [rounds] [sentences]}.
 */
public final class TfTextPipelineAlternating {
  private TfTextPipelineAlternating() {}

  static final class Pipeline extends TfProgram {
    private final Placeholder<TString> sentences;
    private final Operand<TInt64> padded;
    private final Operand<TBool> mask;

    Pipeline(Threads threads, String[] vocabulary) {
      sentences = tf.placeholder(TString.class);
      HashTable table = tf.hashTable(TString.class, TInt64.class);
      long[] ids = new long[vocabulary.length];
      Arrays.setAll(ids, i -> i);
      byte[][] keys = new byte[vocabulary.length][];
      Arrays.setAll(keys, i -> vocabulary[i].getBytes(java.nio.charset.StandardCharsets.UTF_8));
      var init = tf.initializeTable(table, tf.constantOf(TString.tensorOfBytes(Shape.of(keys.length), DataBuffers.ofObjects(keys))),
          tf.constant(ids));
      StringSplit split = tf.strings.stringSplit(sentences, tf.constant(""));
      Operand<TInt64> rowIds = tf.reshape(tf.slice(split.indices(), tf.constant(new long[] {0, 0}), tf.constant(new long[] {-1, 1})),
          tf.constant(new long[] {-1}));
      Operand<TInt64> nrows = tf.reshape(tf.slice(split.shape(), tf.constant(new long[] {0}), tf.constant(new long[] {1})),
          tf.constant(new long[0]));
      Operand<TInt64> found = tf.lookupTableFind(table, split.values(), tf.constant(-1L));
      Operand<TInt64> oov = tf.math.add(tf.strings.toHashBucketFast(split.values(), TextPipelineAlternating.OOV_BUCKETS),
          tf.constant((long) vocabulary.length));
      Operand<TInt64> tokenIds = tf.select(tf.math.notEqual(found, tf.constant(-1L)), found, oov);
      List<Operand<? extends TNumber>> partitions = List.of(nrows, rowIds);
      padded = tf.ragged.raggedTensorToTensor(tf.constant(new long[] {-1, TextPipelineAlternating.WIDTH}), tokenIds,
          tf.constant(0L), partitions, List.of("FIRST_DIM_SIZE", "VALUE_ROWIDS"));
      Operand<TInt32> lengths = tf.math.bincount(tf.dtypes.cast(rowIds, TInt32.class), tf.dtypes.cast(nrows, TInt32.class),
          tf.constant(new int[0]));
      mask = tf.math.less(tf.range(tf.constant(0), tf.constant(TextPipelineAlternating.WIDTH), tf.constant(1)),
          tf.expandDims(lengths, tf.constant(-1)));
      open(threads);
      runner().addTarget(init).run();
    }

    TextPipelineAlternating.Output run(byte[][] text) {
      try (TString in = TString.tensorOfBytes(Shape.of(text.length), DataBuffers.ofObjects(text));
           Result r = runner().feed(sentences, in).fetch(padded).fetch(mask).run()) {
        TBool m = (TBool) r.get(1);
        boolean[] maskOut = new boolean[Math.toIntExact(m.shape().size())];
        m.copyTo(DataBuffers.of(maskOut, false, false));
        return new TextPipelineAlternating.Output(toLongs(r.get(0)), maskOut);
      }
    }
  }

  public static void main(String[] args) {
    String[] a = MarkdownTable.positional(args);
    int rounds = a.length > 0 ? Integer.parseInt(a[0]) : 20;
    int count = a.length > 1 ? Integer.parseInt(a[1]) : 100_000;
    TextPipelineAlternating w = new TextPipelineAlternating(count);
    byte[][] text = w.sentenceBytes();
    try (Pipeline tf = new Pipeline(Threads.DEFAULT, w.vocabulary()); Pipeline tf1 = new Pipeline(Threads.ONE, w.vocabulary())) {
      TextPipelineAlternating.Output hand = w.handLoop();
      TextPipelineAlternating.Output fromTf = tf.run(text);
      if (!Arrays.equals(hand.ids(), fromTf.ids()) || !Arrays.equals(hand.mask(), fromTf.mask())) {
        throw new AssertionError("TF's text pipeline gives other ids or another mask than the hand loop");
      }
      String[] names = {"tatter", "tatter-unfused", "hand", "tf", "tf1"};
      Supplier<?>[] variants = {w::tatter, w::tatterUnfused, w::handLoop, () -> tf.run(text), () -> tf1.run(text)};
      System.out.print(TextPipelineAlternating.markdown(w, names, variants, rounds, TfTextPipelineAlternating.class, args));
    }
  }
}
