package dev.tatter.bench;

import dev.tatter.codegen.CompilerOptions;
import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Runner;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.optimizer.PassManager;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.ParallelLoops;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.function.Supplier;

/**
 * How the split loops scale with threads: fused W1 ({@code ((x*2 + 1) / 3 - x) * x}) through a
 * {@link Runner} (outputs reused, so the loop alone is timed) at 8M and 64M values, and W3's row
 * sums ({@code reduce_sum(x * x, axis=1)}) over 1M and 8M rows, each on sessions given a pool of 1
 * and of 2 threads ({@code Session(..., ForkJoinPool)}), next to a serial hand loop. Round-robin in
 * one JVM ({@link RoundRobin}, a GC before each sample, the first variant rotating): wall time (a split
 * loop's work runs on the pool's threads, which the calling thread's CPU clock does not see) and
 * the process CPU time per run.
 *
 * <pre>
 * java -Xms6g -Xmx6g -XX:+UseParallelGC -cp bench/target/benchmarks.jar dev.tatter.bench.ThreadScaling [ROUNDS=15] [DIVISOR=1] [--markdown]
 * </pre>
 *
 * Run with the default {@code tatter.parallelThreshold} (2^20): every workload here is above it.
 */
public final class ThreadScaling {
  private ThreadScaling() {}

  private record Variant(String workload, String name, Supplier<Object> run) {}

  public static void main(String[] args) {
    String[] a = MarkdownTable.positional(args);
    int rounds = a.length > 0 ? Integer.parseInt(a[0]) : 15;
    // a divisor of every size, for a quick run that only checks the driver works (the sizes then fall below the threshold)
    int divisor = a.length > 1 ? Integer.parseInt(a[1]) : 1;
    if (ParallelLoops.THRESHOLD == Integer.MAX_VALUE) {
      throw new IllegalStateException("run with the default tatter.parallelThreshold: nothing would split");
    }
    ForkJoinPool one = new ForkJoinPool(1);
    ForkJoinPool two = new ForkJoinPool(2);
    List<Variant> variants = new ArrayList<>();
    for (int values : new int[] {8_000_000 / divisor, 64_000_000 / divisor}) {
      RaggedTensor x = W1ElementwiseBenchmark.raggedInput(values / 8, values, 42);
      float[] in = (float[]) x.flatValues().unsafeData();
      float[] reused = new float[values];
      String w = "W1 " + millions(values) + " values (Runner)";
      variants.add(new Variant(w, "pool 1", w1Runner(one, x)));
      variants.add(new Variant(w, "pool 2", w1Runner(two, x)));
      variants.add(new Variant(w, "hand (reused array)", () -> {
        for (int i = 0; i < in.length; i++) {
          float v = in[i];
          reused[i] = ((v * 2f + 1f) / 3f - v) * v;
        }
        return reused;
      }));
    }
    for (int rows : new int[] {1_000_000 / divisor, 8_000_000 / divisor}) {
      RaggedTensor x = W1ElementwiseBenchmark.raggedInput(rows, rows * 8, 43);
      float[] in = (float[]) x.flatValues().unsafeData();
      long[] splits = x.partition().unsafeRowSplits();
      String w = "W3 " + millions(rows) + " rows";
      variants.add(new Variant(w, "pool 1", w3Session(one, x)));
      variants.add(new Variant(w, "pool 2", w3Session(two, x)));
      variants.add(new Variant(w, "hand", () -> {
        float[] out = new float[rows];
        for (int r = 0; r < rows; r++) {
          float sum = 0f;
          for (int i = (int) splits[r]; i < splits[r + 1]; i++) {
            sum += in[i] * in[i];
          }
          out[r] = sum;
        }
        return out;
      }));
    }
    checkAgree(variants);
    Supplier<?>[] runs = variants.stream().map(Variant::run).toArray(Supplier<?>[]::new);
    RoundRobin.Plan plan = RoundRobin.Plan.of(5, rounds).withGcBeforeEachSample().rotating();
    RoundRobin.Timings t = RoundRobin.time(runs, plan);
    if (MarkdownTable.wanted(args)) {
      System.out.print(markdown(variants, t, plan, args));
      one.shutdown();
      two.shutdown();
      return;
    }
    System.out.printf("nproc %d, %d rounds, load average %s%n", Runtime.getRuntime().availableProcessors(), rounds,
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    System.out.println("| workload | variant | wall median ms | wall min ms | process CPU mean ms | pool 1 / this (wall median) |");
    System.out.println("|---|---|---:|---:|---:|---:|");
    double base = 0;
    for (int v = 0; v < variants.size(); v++) {
      Variant variant = variants.get(v);
      RoundRobin.Samples x = t.samples()[v];
      double median = x.medians().wallMs();
      if (variant.name().equals("pool 1")) {
        base = median;
      }
      System.out.printf("| %s | %s | %.2f | %.2f | %.1f | %.2f |%n", variant.workload(), variant.name(), median, x.wallMin(),
          x.processCpuMean(), base / median);
    }
    one.shutdown();
    two.shutdown();
  }

  private static String millions(int n) {
    return n % 1_000_000 == 0 ? n / 1_000_000 + "M" : String.format("%,d", n);
  }

  /** The table as a report section: each variant's wall time over its workload's pool-1 session's. */
  private static String markdown(List<Variant> variants, RoundRobin.Timings t, RoundRobin.Plan plan, String[] args) {
    String[] names = variants.stream().map(v -> v.workload() + ": " + v.name()).toArray(String[]::new);
    double[] pool1 = new double[variants.size()];
    for (int v = 0; v < variants.size(); v++) {
      for (int u = 0; u < variants.size(); u++) {
        if (variants.get(u).workload().equals(variants.get(v).workload()) && variants.get(u).name().equals("pool 1")) {
          pool1[v] = t.samples()[u].medians().wallMs();
        }
      }
    }
    return new MarkdownTable("Thread scaling: sessions on pools of 1 and 2 threads", names, t, plan)
        .column("pool 1 wall / this wall", v -> String.format("%.2f", pool1[v] / t.samples()[v].medians().wallMs()))
        .note("Wall time is the clock here: a split loop runs on the pool's threads, which the calling thread's CPU clock does"
            + " not see; tatter.parallelThreshold " + ParallelLoops.THRESHOLD + ", nproc "
            + Runtime.getRuntime().availableProcessors() + ".")
        .render(ThreadScaling.class, args);
  }

  private static Supplier<Object> w1Runner(ForkJoinPool pool, RaggedTensor x) {
    GraphBuilder g = new GraphBuilder();
    Value in = g.placeholder("x", Types.ragged(DType.FLOAT32, 1));
    Value y = in.mul(2).add(1).truediv(3).sub(in).mul(in);
    Runner runner = session(g, pool).runner(y);
    Map<String, Object> feeds = Map.of("x", x);
    return () -> ((RaggedTensor) runner.run(feeds).get(0)).flatValues().unsafeData();
  }

  private static Supplier<Object> w3Session(ForkJoinPool pool, RaggedTensor x) {
    GraphBuilder g = new GraphBuilder();
    Value in = g.placeholder("x", Types.ragged(DType.FLOAT32, 1));
    Value sums = in.mul(in).reduceSum(1);
    Session session = session(g, pool);
    Map<String, Object> feeds = Map.of("x", x);
    return () -> ((Tensor) session.run(feeds, sums).get(0)).unsafeData();
  }

  private static Session session(GraphBuilder g, ForkJoinPool pool) {
    return new Session(g.build(), PassManager.DEFAULT_PIPELINE, Session.Backend.COMPILED, CompilerOptions.defaults(), pool);
  }

  /** Every variant of a workload gives the hand loop's bits (a split computes each element as the serial loop does). */
  private static void checkAgree(List<Variant> variants) {
    for (Variant a : variants) {
      for (Variant b : variants) {
        if (a.workload().equals(b.workload()) && !Arrays.equals((float[]) a.run().get(), (float[]) b.run().get())) {
          throw new IllegalStateException(a.workload() + ": " + a.name() + " and " + b.name() + " differ");
        }
      }
    }
  }
}
