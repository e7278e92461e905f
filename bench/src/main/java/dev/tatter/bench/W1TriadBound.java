package dev.tatter.bench;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Runner;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.kernels.ParallelLoops;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * W1 with reused outputs against the machine's streaming bound, round-robin in one JVM: the fused
 * {@code ((x*2 + 1) / 3 - x) * x} through a {@link Runner} (it writes each run into the output
 * array it kept from the last, so only the loop is timed), the hand loop writing into one reused
 * array, and a STREAM-style triad {@code a[i] = b[i] * s + c[i]} over float arrays as long as W1's
 * values. The triad is the bound: the fastest a loop that streams arrays through memory runs here.
 * Bytes are counted as STREAM counts them, what the program reads and writes (W1: 4 read + 4
 * written per value; the triad: 8 read + 4 written per element), so both sides leave out the same
 * write-allocate traffic and their GB/s compare.
 *
 * <pre>
 * java -Xms4g -Xmx4g -XX:+UseParallelGC -Dtatter.parallelThreshold=2147483647 \
 *   -cp bench/target/benchmarks.jar dev.tatter.bench.W1TriadBound [ROUNDS=20] [VALUES=8000000,64000000] [--markdown]
 * </pre>
 *
 * With the threshold at its maximum Tatter's loop runs on the calling thread, as the hand loop and
 * the triad do, so all three are one thread against one memory system. Each size is set up,
 * checked, timed and dropped before the next, so 64M values fit in a 4 GB heap.
 */
public final class W1TriadBound {
  private static final float S = 3f;

  private W1TriadBound() {}

  /** One size's three variants and the bytes each moves per call. */
  private record Size(int values, String[] names, Supplier<?>[] runs, long[] bytes) {}

  public static void main(String[] args) {
    boolean markdown = MarkdownTable.wanted(args);
    String[] a = MarkdownTable.positional(args);
    int rounds = a.length > 0 ? Integer.parseInt(a[0]) : 20;
    int[] sizes = a.length > 1 ? Arrays.stream(a[1].split(",")).mapToInt(Integer::parseInt).toArray()
        : new int[] {8_000_000, 64_000_000};
    if (ParallelLoops.THRESHOLD != Integer.MAX_VALUE) {
      System.err.println("note: tatter.parallelThreshold is " + ParallelLoops.THRESHOLD
          + ": Tatter's loop may split across the pool while the triad runs on one thread");
    }
    for (int values : sizes) {
      Size size = size(values);
      RoundRobin.Plan plan = RoundRobin.Plan.of(5, rounds).rotating();
      RoundRobin.Timings t = RoundRobin.time(size.runs(), plan);
      double[] gbs = new double[size.runs().length];
      for (int v = 0; v < gbs.length; v++) {
        gbs[v] = size.bytes()[v] / 1e9 / (t.samples()[v].medians().wallMs() / 1e3);
      }
      double triad = gbs[2];
      String label = label(values);
      if (markdown) {
        MarkdownTable md = new MarkdownTable("W1 with reused outputs vs the triad bound, " + label + " values", size.names(), t, plan)
            .column("GB/s (wall median)", v -> String.format(Locale.ROOT, "%.2f", gbs[v]))
            .column("of triad GB/s", v -> String.format(Locale.ROOT, "%.0f %%", 100 * gbs[v] / triad))
            .note(String.format(Locale.ROOT, "%,d float32 values (W1: %d bytes moved per value, the triad %d per element);"
                + " tatter.parallelThreshold %d.", values, 8, 12, ParallelLoops.THRESHOLD));
        System.out.print(md.render(W1TriadBound.class, args));
        System.out.print(MarkdownTable.figure("w1-reused-" + label + "-of-triad", gbs[0] / triad));
        System.out.print(MarkdownTable.figure("triad-" + label + "-gbs", triad));
        System.out.println();
      } else {
        System.out.printf("%s values, %d rounds: GB/s by wall median%n", label, rounds);
        for (int v = 0; v < gbs.length; v++) {
          System.out.printf("%-22s %8.2f GB/s %6.0f %% of triad%n", size.names()[v], gbs[v], 100 * gbs[v] / triad);
        }
      }
      System.out.flush();
    }
  }

  private static String label(int values) {
    return values % 1_000_000 == 0 ? values / 1_000_000 + "M" : Integer.toString(values);
  }

  private static Size size(int values) {
    RaggedTensor x = W1ElementwiseBenchmark.raggedInput(Math.max(1, values / 8), values, 42);
    float[] in = (float[]) x.flatValues().unsafeData();
    GraphBuilder g = new GraphBuilder();
    Value p = g.placeholder("x", Types.ragged(DType.FLOAT32, 1));
    Value y = p.mul(2).add(1).truediv(3).sub(p).mul(p);
    Runner runner = new Session(g.build()).runner(y);
    Map<String, Object> feeds = Map.of("x", x);
    Supplier<Object> tatter = () -> ((RaggedTensor) runner.run(feeds).get(0)).flatValues().unsafeData();
    float[] reused = new float[in.length];
    Supplier<Object> hand = () -> {
      for (int i = 0; i < in.length; i++) {
        float v = in[i];
        reused[i] = ((v * 2f + 1f) / 3f - v) * v;
      }
      return reused;
    };
    float[] ta = new float[in.length];
    float[] tb = new float[in.length];
    float[] tc = new float[in.length];
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < in.length; i++) {
      tb[i] = (float) random.nextDouble(-1, 1);
      tc[i] = (float) random.nextDouble(-1, 1);
    }
    Supplier<Object> triad = () -> {
      for (int i = 0; i < ta.length; i++) {
        ta[i] = tb[i] * S + tc[i];
      }
      return ta;
    };
    check(values, (float[]) tatter.get(), (float[]) hand.get(), runner);
    triad.get();
    for (int i = 0; i < ta.length; i += Math.max(1, ta.length / 1000)) {
      if (Float.floatToRawIntBits(ta[i]) != Float.floatToRawIntBits(tb[i] * S + tc[i])) {
        throw new IllegalStateException("the triad is wrong at " + i);
      }
    }
    long n = in.length;
    return new Size(values, new String[] {"tatter (Runner, reused output)", "hand (reused array)", "triad a = b*s + c"},
        new Supplier<?>[] {tatter, hand, triad}, new long[] {8 * n, 8 * n, 12 * n});
  }

  /** Tatter's values are the hand loop's bit for bit, and the runner really reuses its one output array. */
  private static void check(int values, float[] tatter, float[] hand, Runner runner) {
    if (!Arrays.equals(tatter, hand)) {
      throw new IllegalStateException("W1 " + values + ": Tatter and the hand loop differ at " + Arrays.mismatch(tatter, hand));
    }
    if (runner.keptArrays() != 1) {
      throw new IllegalStateException("the runner keeps " + runner.keptArrays() + " arrays, not W1's one output");
    }
  }
}
