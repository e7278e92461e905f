package dev.tatter.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import dev.tatter.bench.compare.Report;
import dev.tatter.frontend.Runner;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;

/**
 * Serving under load: the NLP preprocessing graph of {@link TokenizerAlternating} (split on
 * whitespace, a 10k-word vocabulary with 100 OOV buckets, padded ids and lengths) answering
 * 32-sentence requests from 1, 2 and 8 client threads at once on one {@code Session}, each thread
 * with its own {@link Runner} (warmed up with a sample request when the server starts). Closed loop:
 * each client sends its next request when the last is answered, for a fixed time after a warm-up;
 * every request's latency is kept. Per level: throughput, the latency percentiles, and the
 * collections the JVM reported during the timed window (count, total and longest pause, from the
 * collectors' notifications). {@code TfServingLoad} (with {@code -Ptf}) adds TF Java serving the same
 * graph in-process.
 *
 * <pre>java -Xms2g -Xmx2g -XX:+UseParallelGC -cp bench/target/benchmarks.jar dev.tatter.bench.ServingLoad [SECONDS] [--markdown]</pre>
 */
public final class ServingLoad {
  /** Sentences per request. */
  public static final int BATCH = 32;
  /** The client thread counts. */
  public static final int[] THREADS = {1, 2, 8};

  private ServingLoad() {}

  /** One load level's results. */
  public record Level(String engine, int threads, double seconds, long[] latenciesNanos, int gcCount, double gcTotalMs,
      double gcMaxMs) {
    public double perSecond() {
      return latenciesNanos.length / seconds;
    }

    public double percentileMs(double p) {
      if (latenciesNanos.length == 0) {
        return Double.NaN;
      }
      int i = (int) Math.min(latenciesNanos.length - 1, Math.ceil(p * latenciesNanos.length) - 1);
      return latenciesNanos[Math.max(0, i)] / 1e6;
    }

    public String row() {
      return String.format(Locale.ROOT, "| %s | %d | %.0f | %.0f | %.3f | %.3f | %.3f | %.3f | %d | %.1f | %.1f |", engine,
          threads, perSecond(), perSecond() * BATCH, percentileMs(0.5), percentileMs(0.99), percentileMs(0.999),
          percentileMs(1.0), gcCount, gcTotalMs, gcMaxMs);
    }
  }

  /** The requests: {@code count} distinct batches of {@link #BATCH} sentences. */
  public static List<String[]> requests(TokenizerAlternating workload, int count) {
    String[] text = workload.sentenceTexts();
    List<String[]> out = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      out.add(Arrays.copyOfRange(text, i * BATCH, (i + 1) * BATCH));
    }
    return out;
  }

  /**
   * Runs {@code threads} clients for {@code warmSeconds} then {@code seconds}, client {@code t}
   * being {@code client.apply(t)} called with the request number.
   */
  public static Level load(String engine, int threads, double warmSeconds, double seconds, IntFunction<IntConsumer> client)
      throws InterruptedException {
    ConcurrentLinkedQueue<double[]> pauses = new ConcurrentLinkedQueue<>();
    boolean[] timing = {false};
    NotificationListener listener = (n, handback) -> {
      if (timing[0] && n.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
        GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) n.getUserData());
        pauses.add(new double[] {info.getGcInfo().getDuration()});
      }
    };
    List<NotificationEmitter> emitters = new ArrayList<>();
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      if (gc instanceof NotificationEmitter e) {
        e.addNotificationListener(listener, null, null);
        emitters.add(e);
      }
    }
    long[] window = new long[2]; // measureFrom, end: set once every client is made
    long[][] perThread = new long[threads][];
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      IntConsumer c = client.apply(t); // made (and warmed up) before any client starts
      int slot = t;
      Thread worker = new Thread(() -> {
        long[] kept = new long[1024];
        int count = 0;
        for (int i = slot * 7919; ; i++) {
          long t0 = System.nanoTime();
          if (t0 >= window[1]) {
            break;
          }
          c.accept(i);
          long t1 = System.nanoTime();
          if (t0 >= window[0]) {
            if (count == kept.length) {
              kept = Arrays.copyOf(kept, 2 * count);
            }
            kept[count++] = t1 - t0;
          }
        }
        perThread[slot] = Arrays.copyOf(kept, count);
      }, engine + "-client-" + t);
      workers.add(worker);
    }
    long start = System.nanoTime();
    window[0] = start + (long) (warmSeconds * 1e9);
    window[1] = window[0] + (long) (seconds * 1e9);
    workers.forEach(Thread::start); // Thread.start publishes window to the workers
    Thread.sleep(Math.max(0, (window[0] - System.nanoTime()) / 1_000_000));
    timing[0] = true;
    for (Thread w : workers) {
      w.join();
    }
    timing[0] = false;
    for (NotificationEmitter e : emitters) {
      try {
        e.removeNotificationListener(listener);
      } catch (javax.management.ListenerNotFoundException ignored) {
        // removed already
      }
    }
    long[] all = Arrays.stream(perThread).flatMapToLong(Arrays::stream).sorted().toArray();
    double total = pauses.stream().mapToDouble(p -> p[0]).sum();
    double max = pauses.stream().mapToDouble(p -> p[0]).max().orElse(0);
    return new Level(engine, threads, seconds, all, pauses.size(), total, max);
  }

  /** The markdown table's header. */
  public static String header() {
    return "| engine | client threads | requests/s | sentences/s | p50 ms | p99 ms | p99.9 ms | max ms | GCs | GC total ms |"
        + " longest GC ms |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
  }

  /** Tatter's client {@code t}: its own runner of the shared session, warmed up with a sample request. */
  public static IntFunction<IntConsumer> tatterClients(TokenizerAlternating w, List<String[]> requests) {
    List<Tensor> tensors = requests.stream().map(r -> Tensor.of(DType.STRING, r, r.length)).toList();
    return t -> {
      Runner runner = w.session.runner(w.padded, w.lengths);
      runner.warmUp(Map.of("sentences", tensors.get(0)), java.time.Duration.ofSeconds(5));
      return i -> runner.run(Map.of("sentences", tensors.get(i % tensors.size())));
    };
  }

  public static void main(String[] args) throws InterruptedException {
    String[] a = MarkdownTable.positional(args);
    double seconds = a.length > 0 ? Double.parseDouble(a[0]) : 10;
    String load0 = Report.loadAverage();
    TokenizerAlternating w = new TokenizerAlternating(BATCH * 200);
    List<String[]> requests = requests(w, 200);
    StringBuilder md = new StringBuilder(title(args, ServingLoad.class, seconds));
    md.append(header());
    List<Level> levels = new ArrayList<>();
    for (int threads : THREADS) {
      Level level = load("tatter", threads, seconds / 2, seconds, tatterClients(w, requests));
      levels.add(level);
      md.append(level.row()).append('\n');
    }
    md.append(footer(load0));
    levels.forEach(l -> md.append(figures(l)));
    System.out.print(md);
  }

  public static String title(String[] args, Class<?> driver, double seconds) {
    return "#### Serving the NLP graph: " + BATCH + "-sentence requests, 1, 2 and 8 client threads\n\n`"
        + MarkdownTable.command(driver, args) + "`\n\n" + String.format(Locale.ROOT,
        "Per level, %.0f s of closed-loop load after %.0f s of warm-up; one Session, a Runner per client thread;"
            + " latency per request (the run, feeds to fetched arrays), GCs the collectors reported in the timed window.%n%n",
        seconds, seconds / 2);
  }

  public static String footer(String load0) {
    return "\nLoad average " + load0 + " when the driver started, " + Report.loadAverage() + " at the end (2 cores:"
        + " at 8 client threads the requests queue for the cores, so latency grows and throughput does not).\n";
  }

  public static String figures(Level l) {
    return String.format(Locale.ROOT, "<!-- figure serving-%s-%d-per-second %.6g -->%n<!-- figure serving-%s-%d-p99-ms %.6g -->%n",
        l.engine(), l.threads(), l.perSecond(), l.engine(), l.threads(), l.percentileMs(0.99));
  }
}
