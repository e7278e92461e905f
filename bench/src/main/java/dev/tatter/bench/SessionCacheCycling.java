package dev.tatter.bench;

import dev.tatter.bench.compare.Report;
import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.ir.Graph;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.lang.management.ClassLoadingMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Supplier;

/**
 * A server asking one session for more fetch lists than its program cache holds ({@code
 * -Dtatter.sessionCacheSize}, 256 by default), measured round-robin in one JVM: one graph of 700
 * small outputs ({@code x * (i + 1) + i}), one session per variant, each run fetching one output.
 * The variants: 200 lists in turn (they fit); 300 in turn; 300 in a new seeded order each cycle; and
 * 100 hot lists asked three times a cycle between 300 asked once (a scan). Reports runs per second
 * (one sample is one whole cycle), the programs held, and the programs compiled per cycle (counted
 * as the hidden classes loaded over 5 more cycles): the fewest any cache of 256 can compile is 0, 44,
 * 44 and 144 (the 300 scanned lists minus the 156 places the hot lists leave).
 * Run with {@code nice -n 10 java -Xmx1g -cp bench/target/benchmarks.jar dev.tatter.bench.SessionCacheCycling [rounds]}.
 */
public final class SessionCacheCycling {
  private SessionCacheCycling() {}

  /** One variant: a session, and the order of one cycle's fetches (made again each cycle when shuffled). */
  private static final class Cycle implements Supplier<Object> {
    final String name;
    final Session session;
    final List<Value> order;
    final Random shuffle;
    final Map<String, Tensor> feeds;

    Cycle(String name, Graph graph, List<Value> order, Random shuffle, Map<String, Tensor> feeds) {
      this.name = name;
      this.session = new Session(graph);
      this.order = new ArrayList<>(order);
      this.shuffle = shuffle;
      this.feeds = feeds;
    }

    @Override
    public Object get() {
      if (shuffle != null) {
        Collections.shuffle(order, shuffle);
      }
      Object last = null;
      for (Value out : order) {
        last = session.run(feeds, out).get(0);
      }
      return last;
    }
  }

  public static void main(String[] args) {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.dense(DType.FLOAT32, 4));
    List<Value> outs = new ArrayList<>();
    for (int i = 0; i < 700; i++) {
      outs.add(x.mul((float) (i + 1)).add((float) i));
    }
    Graph graph = g.build(outs.toArray(new Value[0]));
    Map<String, Tensor> feeds = Map.of("x", Tensor.ofFloats(1, 2, 3, 4));
    List<Value> scan = new ArrayList<>();
    for (int r = 0; r < 3; r++) {
      for (int i = 0; i < 100; i++) {
        scan.add(outs.get(300 + 100 * r + i)); // 300 lists scanned once a cycle
        scan.add(outs.get(600 + i)); // 100 hot lists, each three times a cycle, never twice in a row
      }
    }
    Cycle[] cycles = {
        new Cycle("200 in turn (fit)", graph, outs.subList(0, 200), null, feeds),
        new Cycle("300 in turn", graph, outs.subList(0, 300), null, feeds),
        new Cycle("300 shuffled each cycle", graph, outs.subList(0, 300), new Random(20261208L), feeds),
        new Cycle("100 hot x3 among 300 once", graph, scan, null, feeds)};
    String load0 = Report.loadAverage();
    RoundRobin.Timings t = RoundRobin.time(cycles, 3, rounds);
    ClassLoadingMXBean classes = ManagementFactory.getClassLoadingMXBean();
    double[] compiledPerCycle = new double[cycles.length];
    for (int v = 0; v < cycles.length; v++) {
      long before = classes.getTotalLoadedClassCount();
      for (int k = 0; k < 5; k++) {
        cycles[v].get();
      }
      compiledPerCycle[v] = (classes.getTotalLoadedClassCount() - before) / 5.0;
    }
    System.out.printf("session cache of %d programs; %d rounds after 3 warm-up rounds, a sample is one cycle%n",
        Session.MAX_CACHED_PROGRAMS, rounds);
    System.out.printf("%-28s %8s %10s %14s %18s %14s %15s%n", "variant", "runs", "runs/s", "wall ms/cycle",
        "thread cpu ms/cycle", "programs held", "compiles/cycle");
    for (int v = 0; v < cycles.length; v++) {
      RoundRobin.Medians m = t.samples()[v].medians();
      System.out.printf("%-28s %8d %10.0f %14.1f %18.1f %14d %15.1f%n", cycles[v].name, cycles[v].order.size(),
          cycles[v].order.size() / (m.wallMs() / 1000), m.wallMs(), m.threadCpuMs(), cycles[v].session.compiledSignatures(),
          compiledPerCycle[v]);
      cycles[v].session.close();
    }
    System.out.println("load average " + load0 + " at the start, " + Report.loadAverage() + " at the end (a shared"
        + " machine: the figures are indicative); sink " + t.sink());
  }
}
