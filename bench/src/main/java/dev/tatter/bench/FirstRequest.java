package dev.tatter.bench;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Runner;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.frontend.WarmUp;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One server start, timed: a JVM that builds a graph, makes a {@link Runner}, optionally warms it
 * up ({@link Runner#warmUp()}), then serves requests, printing one line: the time from JVM start
 * to the runner being ready, the warm-up's time and runs, the first request's latency, and the
 * median latency of the steady requests after it (and their ratio). Run in a fresh JVM per sample
 * (by {@code bench/first-request.sh}, which also adds the AppCDS archive of the server recipe).
 *
 * <ul>
 *   <li>{@code nlp}: the tokenizer graph of {@link TokenizerAlternating} (split, 10k-word vocabulary
 *       with OOV buckets, pad), requests of 32 sentences; 400 steady requests, the median of the last 300.
 *   <li>{@code nlp-large}: the same graph, one batch of 100,000 sentences; 5 steady runs.
 *   <li>{@code pooling}: {@link ServingMemory}'s embedding pooling over 2.4M tokens; 3 steady runs.
 * </ul>
 *
 * <pre>java -Xms3g -Xmx3g -cp bench/target/benchmarks.jar dev.tatter.bench.FirstRequest nlp|nlp-large|pooling cold|warm|warm-sample [--tiny]</pre>
 */
public final class FirstRequest {
  private FirstRequest() {}

  /** A server's graph: its runner and the requests it answers, in turn. */
  private record Workload(Runner runner, List<Map<String, Object>> requests, int steady, int counted) {}

  public static void main(String[] args) {
    String workload = args[0];
    String mode = args[1];
    boolean tiny = Arrays.asList(args).contains("--tiny");
    long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
    Workload w = switch (workload) {
      case "nlp" -> nlp(32, 100, 400, 300);
      case "nlp-large" -> nlp(tiny ? 5_000 : 100_000, 1, 5, 5);
      case "pooling" -> pooling(tiny ? 100_000 : 2_400_000);
      default -> throw new IllegalArgumentException("workload nlp, nlp-large or pooling, not " + workload);
    };
    WarmUp warmUp = switch (mode) {
      case "cold" -> new WarmUp(0, java.time.Duration.ZERO, false);
      case "warm" -> w.runner.warmUp();
      case "warm-sample" -> w.runner.warmUp(w.requests.get(w.requests.size() - 1));
      default -> throw new IllegalArgumentException("mode cold, warm or warm-sample, not " + mode);
    };
    long ready = System.currentTimeMillis() - jvmStart;
    double first = time(w.runner, w.requests.get(0));
    double[] steady = new double[w.steady];
    for (int i = 0; i < w.steady; i++) {
      steady[i] = time(w.runner, w.requests.get((i + 1) % w.requests.size()));
    }
    double[] counted = Arrays.copyOfRange(steady, w.steady - w.counted, w.steady);
    Arrays.sort(counted);
    double median = counted[counted.length / 2];
    System.out.printf(Locale.ROOT, "%s %s ready_ms %d warmup_ms %d warmup_runs %d settled %b first_ms %.3f"
            + " steady_median_ms %.3f first_over_steady %.2f next %s%n", workload, mode, ready, warmUp.time().toMillis(),
        warmUp.runs(), warmUp.settled(), first, median, first / median,
        Arrays.toString(Arrays.stream(Arrays.copyOf(steady, Math.min(5, steady.length))).map(x -> Math.round(x * 1000) / 1000.0).toArray()));
  }

  private static double time(Runner runner, Map<String, Object> request) {
    long t0 = System.nanoTime();
    runner.run(request);
    return (System.nanoTime() - t0) / 1e6;
  }

  private static Workload nlp(int batch, int distinct, int steady, int counted) {
    TokenizerAlternating t = new TokenizerAlternating(batch * distinct);
    String[] text = t.sentenceTexts();
    List<Map<String, Object>> requests = new java.util.ArrayList<>();
    for (int i = 0; i < distinct; i++) {
      requests.add(Map.of("sentences", Tensor.of(DType.STRING, Arrays.copyOfRange(text, i * batch, (i + 1) * batch), batch)));
    }
    return new Workload(t.session.runner(t.padded, t.lengths), requests, steady, counted);
  }

  private static Workload pooling(int tokens) {
    GraphBuilder g = new GraphBuilder();
    Value ids = g.placeholder("ids", Types.ragged(DType.INT64, 1));
    Value table = g.placeholder("table", Types.dense(DType.FLOAT32, -1, ServingMemory.DIMENSION));
    Value pooled = g.ops().math.tanh(g.ops().gather(table, ids).mul(0.5f)).reduceMean(1);
    Session session = new Session(g.build(pooled));
    return new Workload(session.runner(pooled), List.of(ServingMemory.feeds(tokens)), 3, 3);
  }
}
