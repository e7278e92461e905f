package dev.tatter.bench;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Ops;
import dev.tatter.frontend.Result;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * BERT's model inputs from two segments of token ids, measured round-robin in one JVM: {@code
 * tf.text.roundRobinTrimmer(125)}, {@code combineSegments} with [CLS] 101 and [SEP] 102, and
 * {@code padModelInputs} to 128 of the ids and of the segment ids (input_word_ids, input_mask,
 * input_type_ids, int32), by a Tatter session and by a hand-written Java loop doing the same work
 * (the round-robin allocation per row, then one pass writing the three matrices). Prints rows/s.
 * Run with {@code java -cp bench/target/benchmarks.jar dev.tatter.bench.ModelInputsAlternating [rounds] [rows]}.
 */
public final class ModelInputsAlternating {
  static final int WIDTH = 128;
  static final int BUDGET = WIDTH - 3;

  final RaggedTensor first;
  final RaggedTensor second;
  final int[][] firstRows;
  final int[][] secondRows;
  final Session session;
  final List<Value> fetches;

  public ModelInputsAlternating(int count) {
    SplittableRandom r = new SplittableRandom(32);
    firstRows = new int[count][];
    secondRows = new int[count][];
    for (int i = 0; i < count; i++) {
      firstRows[i] = r.ints(r.nextInt(100), 999, 30_522).toArray();
      secondRows[i] = r.ints(r.nextInt(60), 999, 30_522).toArray();
    }
    first = ragged(firstRows);
    second = ragged(secondRows);
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value a = g.placeholder("a", Types.ragged(DType.INT32, 1));
    Value b = g.placeholder("b", Types.ragged(DType.INT32, 1));
    List<Value> combined = tf.text.combineSegments(tf.text.roundRobinTrimmer(BUDGET).trim(List.of(a, b)), 101, 102);
    List<Value> words = tf.text.padModelInputs(combined.get(0), WIDTH);
    List<Value> types = tf.text.padModelInputs(combined.get(1), WIDTH);
    fetches = List.of(words.get(0), words.get(1), types.get(0));
    session = new Session(g.build(fetches.toArray(Value[]::new)));
  }

  static RaggedTensor ragged(int[][] rows) {
    long[] splits = new long[rows.length + 1];
    for (int i = 0; i < rows.length; i++) {
      splits[i + 1] = splits[i] + rows[i].length;
    }
    int[] values = new int[(int) splits[rows.length]];
    for (int i = 0; i < rows.length; i++) {
      System.arraycopy(rows[i], 0, values, (int) splits[i], rows[i].length);
    }
    return RaggedTensor.of(Tensor.ofInts(values), RowPartition.fromRowSplits(splits, DType.INT64, true));
  }

  public Result tatter() {
    return session.run(Map.of("a", first, "b", second), fetches.toArray(Value[]::new));
  }

  /** The same work by hand: allocate the budget round robin, write [CLS] a [SEP] b [SEP], the mask and the type ids. */
  public int[][] handLoop() {
    int n = firstRows.length;
    int[] ids = new int[n * WIDTH];
    int[] mask = new int[n * WIDTH];
    int[] types = new int[n * WIDTH];
    for (int i = 0; i < n; i++) {
      int la = firstRows[i].length;
      int lb = secondRows[i].length;
      int ka = 0;
      int kb = 0;
      for (int used = 0; used < BUDGET && (ka < la || kb < lb); ) {
        if (ka < la) {
          ka++;
          used++;
        }
        if (kb < lb && used < BUDGET) {
          kb++;
          used++;
        }
      }
      int at = i * WIDTH;
      ids[at++] = 101;
      System.arraycopy(firstRows[i], 0, ids, at, ka);
      at += ka;
      ids[at++] = 102;
      int secondStart = at;
      System.arraycopy(secondRows[i], 0, ids, at, kb);
      at += kb;
      ids[at++] = 102;
      Arrays.fill(mask, i * WIDTH, at, 1);
      Arrays.fill(types, secondStart, at, 1);
    }
    return new int[][] {ids, mask, types};
  }

  /** Tatter's three matrices are the hand loop's bit for bit, so the two are timed doing the same work. */
  public void check() {
    Result t = tatter();
    int[][] hand = handLoop();
    for (int k = 0; k < 3; k++) {
      if (!Arrays.equals((int[]) ((Tensor) t.get(k)).unsafeData(), hand[k])) {
        throw new AssertionError("Tatter's model input " + k + " differs from the hand loop's");
      }
    }
  }

  public static void main(String[] args) {
    String[] a = MarkdownTable.positional(args);
    int rounds = a.length > 0 ? Integer.parseInt(a[0]) : 20;
    int count = a.length > 1 ? Integer.parseInt(a[1]) : 100_000;
    ModelInputsAlternating w = new ModelInputsAlternating(count);
    w.check();
    if (MarkdownTable.wanted(args)) {
      RoundRobin.Plan plan = RoundRobin.Plan.of(3, rounds);
      RoundRobin.Timings t = RoundRobin.time(new Supplier<?>[] {w::tatter, w::handLoop}, plan);
      System.out.print(new MarkdownTable("Model inputs: trim, combine, pad", new String[] {"tatter", "hand"}, t, plan)
          .column("rows/s (wall median)", v -> String.format("%,.0f", count / (t.samples()[v].medians().wallMs() / 1e3)))
          .cpuOver("hand")
          .note(String.format("%,d rows of two segments (0-99 and 0-59 int32 ids), RoundRobinTrimmer(125),"
              + " combine_segments with 101/102, pad_model_inputs to 128 of the ids and the segment ids.", count))
          .render(ModelInputsAlternating.class, args));
      return;
    }
    String[] names = {"Tatter session", "hand loop"};
    @SuppressWarnings("unchecked")
    Supplier<Object>[] variants = new Supplier[] {w::tatter, w::handLoop};
    RoundRobin.Timings t = RoundRobin.time(variants, RoundRobin.Plan.of(3, rounds));
    System.out.printf("%d rows of two segments (0-99 and 0-59 ids), trimmed to 125, combined, padded to 128; %d rounds%n",
        count, rounds);
    System.out.printf("%-16s %10s %10s %12s %14s%n", "variant", "median ms", "min ms", "rows/s", "thread cpu ms");
    for (int v = 0; v < variants.length; v++) {
      RoundRobin.Samples x = t.samples()[v];
      double median = x.medians().wallMs();
      System.out.printf("%-16s %10.1f %10.1f %12.0f %14.1f%n", names[v], median, x.wallMin(), count / (median / 1e3),
          x.medians().threadCpuMs());
    }
    System.out.println("(sink " + t.sink() + ")");
  }
}
