package dev.tatter.bench;

import dev.tatter.codegen.CompilerOptions;
import dev.tatter.codegen.profile.Compilation;
import dev.tatter.codegen.profile.CompileProfile;
import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Ops;
import dev.tatter.frontend.Result;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.ir.Graph;
import dev.tatter.optimizer.PassManager;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The first run of a large graph on a warm JVM: a new {@link Session} per sample and one run on
 * small feeds, so every sample optimizes, generates and defines the program's class and runs it
 * once (its first run, in the interpreter). Two shapes of about 5,000 nodes: {@code chain}, a long
 * chain of int32 elementwise ops on a ragged input with row lengths taken every 500 steps
 * (fusion makes a few long loops of it), and {@code mixed}, 190 blocks of the ops a feature graph
 * holds (elementwise, row sums, boolean masks, cumsums, to_tensor, gathers with a ragged mean,
 * casts), each block's results summed into the outputs.
 *
 * <p>Each shape is timed round-robin with the other, and also split the way the profiler splits a
 * compile (optimize, generate the class, define it: {@link Compilation}) on the same graph. The
 * figure that matters is the first run's thread CPU per node of the graph as built (the compile is
 * single-threaded, and thread CPU is the clock a shared machine disturbs least); it is checked
 * against the goal (12 µs per node) and against the baseline recorded in
 * {@code bench/compile-cost-baseline.txt}: more than 25 % over the baseline is a regression, which
 * the driver reports and, with {@code --check}, fails on (exit status 1).
 *
 * <pre>java -Xms2g -Xmx2g -XX:+AlwaysPreTouch -cp bench/target/benchmarks.jar dev.tatter.bench.CompileCost [ROUNDS [NODES]] [--markdown] [--check]</pre>
 */
public final class CompileCost {
  /** The goal: a first run costs at most this many µs of thread CPU per node. */
  static final double GOAL_US_PER_NODE = 12;
  /** A slowdown past this factor over the recorded baseline fails {@code --check}. */
  static final double REGRESSION = 1.25;

  private CompileCost() {}

  /** A graph and what one run of it needs. */
  record Shape(String name, Graph graph, Map<String, Object> feeds) {
    int nodes() {
      return graph.size();
    }

    Object firstRun() {
      try (Session session = new Session(graph)) {
        Result r = session.run(feeds, graph.outputs());
        return r.get(0);
      }
    }

    CompileProfile compileOnly() {
      return Compilation.compile(graph, g -> PassManager.parse(PassManager.DEFAULT_PIPELINE).run(g),
          CompilerOptions.defaults(), false).profile();
    }
  }

  /** A chain of {@code n} nodes or a few more: int32 elementwise steps, row lengths every 500. */
  static Shape chain(int n) {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.ragged(DType.INT32, 1));
    Value acc = x;
    List<Value> outputs = new ArrayList<>();
    for (int i = 0; acc.node().id() + 1 < n; i++) {
      acc = switch (i % 4) {
        case 0 -> acc.add(x);
        case 1 -> acc.mul(3);
        case 2 -> acc.add(i);
        default -> acc.mul(acc);
      };
      if (i % 500 == 499) {
        outputs.add(acc.rowLengths());
      }
    }
    outputs.add(acc);
    Map<String, Object> feeds = Map.of("x", RaggedTensor.of(Tensor.ofInts(3, 1, 4, 1, 5, 9, 2, 6),
        RowPartition.fromRowSplits(new long[] {0, 4, 4, 7, 8}, DType.INT64, true)));
    return new Shape("chain", g.build(outputs.toArray(Value[]::new)), feeds);
  }

  /** About {@code n} nodes of blocks of a feature graph's ops. */
  static Shape mixed(int n) {
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.ragged(DType.FLOAT32, 1));
    Value ids = g.placeholder("ids", Types.ragged(DType.INT64, 1));
    float[] t = new float[16 * 4];
    for (int i = 0; i < t.length; i++) {
      t[i] = i / 8f - 3f;
    }
    Value table = g.constant(Tensor.of(DType.FLOAT32, t, 16, 4));
    Ops tf = g.ops();
    Value sums = null;
    Value pooled = null;
    for (int i = 0; g.build().size() < n; i++) {
      Value a = x.mul(1f + i).add(x).sub(0.5f * i);
      Value rowSum = a.reduceSum(1);
      Value kept = tf.booleanMask(a, a.gt(0f)).reduceSum(1);
      Value scanned = tf.math.cumsum(a, 1).toTensor(0f).reduceMax(1);
      Value counts = a.rowLengths().cast(DType.FLOAT32);
      Value block = rowSum.add(kept).add(scanned).mul(counts).abs();
      Value embedded = tf.gather(table, ids).mul(1f / (i + 1)).reduceMean(1);
      sums = sums == null ? block : sums.add(block);
      pooled = pooled == null ? embedded : tf.math.maximum(pooled, embedded);
    }
    Map<String, Object> feeds = Map.of(
        "x", RaggedTensor.of(Tensor.ofFloats(3f, -1f, 4f, 1f, -5f, 9f, 2f, 6f),
            RowPartition.fromRowSplits(new long[] {0, 4, 4, 7, 8}, DType.INT64, true)),
        "ids", RaggedTensor.of(Tensor.ofLongs(1, 5, 9, 2, 6, 15),
            RowPartition.fromRowSplits(new long[] {0, 2, 2, 5, 6}, DType.INT64, true)));
    return new Shape("mixed", g.build(sums, pooled), feeds);
  }

  public static void main(String[] args) throws java.io.IOException {
    String[] a = MarkdownTable.positional(args);
    boolean check = java.util.Arrays.asList(a).contains("--check");
    a = java.util.Arrays.stream(a).filter(s -> !s.equals("--check")).toArray(String[]::new);
    int rounds = a.length > 0 ? Integer.parseInt(a[0]) : 15;
    int nodes = a.length > 1 ? Integer.parseInt(a[1]) : 5000;
    Shape[] shapes = {chain(nodes), mixed(nodes)};
    List<List<CompileProfile>> profiles = new ArrayList<>();
    List<java.util.function.Supplier<?>> variants = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (Shape shape : shapes) {
      names.add(shape.name() + ": first run");
      variants.add(shape::firstRun);
    }
    for (Shape shape : shapes) {
      List<CompileProfile> list = new ArrayList<>();
      profiles.add(list);
      names.add(shape.name() + ": compile only");
      variants.add(() -> {
        CompileProfile p = shape.compileOnly();
        list.add(p);
        return p;
      });
    }
    RoundRobin.Plan plan = RoundRobin.Plan.of(10, rounds).rotating();
    RoundRobin.Timings timings = RoundRobin.time(variants.toArray(java.util.function.Supplier<?>[]::new), plan);
    // the baseline is per node of 5,000-node graphs: smaller ones (a --tiny report) pay more per node for fixed costs
    Map<String, Double> baseline = nodes == 5000 ? baseline() : Map.of();
    double[] perNode = new double[shapes.length];
    for (int s = 0; s < shapes.length; s++) {
      perNode[s] = timings.samples()[s].medians().threadCpuMs() * 1e3 / shapes[s].nodes();
    }
    MarkdownTable table = new MarkdownTable("Compile cost: the first run of a 5,000-node graph", names.toArray(String[]::new),
        timings, plan)
        .column("nodes", v -> String.valueOf(shapes[v % shapes.length].nodes()))
        .column("thread CPU µs per node", v -> String.format(java.util.Locale.ROOT, "%.1f",
            timings.samples()[v].medians().threadCpuMs() * 1e3 / shapes[v % shapes.length].nodes()))
        .column("optimize / codegen / define ms (medians)", v -> v < shapes.length ? "—" : split(profiles.get(v - shapes.length)))
        .column("baseline µs per node", v -> v < shapes.length && baseline.containsKey(shapes[v].name())
            ? String.format(java.util.Locale.ROOT, "%.1f (%.2f×)", baseline.get(shapes[v].name()),
                perNode[v] / baseline.get(shapes[v].name()))
            : "—")
        .note("A new Session per sample, run once on small feeds (compile and the class's first, interpreted run);"
            + " \"compile only\" is the profiler's split of the same compile (Compilation). Per node: thread CPU"
            + " median over the nodes of the graph as built. Goal: at most " + GOAL_US_PER_NODE + " µs per node; a"
            + " figure more than " + Math.round((REGRESSION - 1) * 100) + " % over the baseline"
            + " (bench/compile-cost-baseline.txt) is a regression.");
    StringBuilder out = new StringBuilder();
    List<String> regressions = new ArrayList<>();
    for (int s = 0; s < shapes.length; s++) {
      out.append(MarkdownTable.figure("compile-" + shapes[s].name() + "-us-per-node", perNode[s]));
      Double base = baseline.get(shapes[s].name());
      if (base != null) {
        out.append(MarkdownTable.figure("compile-" + shapes[s].name() + "-over-baseline", perNode[s] / base));
        if (perNode[s] > REGRESSION * base) {
          regressions.add(String.format(java.util.Locale.ROOT, "%s: %.1f µs per node, %.2f× the baseline's %.1f",
              shapes[s].name(), perNode[s], perNode[s] / base, base));
        }
      }
    }
    if (MarkdownTable.wanted(args)) {
      System.out.print(table.render(CompileCost.class, args));
      System.out.print(out);
    } else {
      System.out.print(table.render(CompileCost.class, args).replace("<!--", "").replace("-->", ""));
      System.out.print(out);
    }
    if (!regressions.isEmpty()) {
      System.err.println("compile cost REGRESSION (over " + REGRESSION + "× the baseline): " + regressions);
      if (check) {
        System.exit(1);
      }
    }
  }

  private static String split(List<CompileProfile> list) {
    double[] o = list.stream().mapToDouble(p -> p.optimizeNanos() / 1e6).sorted().toArray();
    double[] c = list.stream().mapToDouble(p -> p.codegenNanos() / 1e6).sorted().toArray();
    double[] d = list.stream().mapToDouble(p -> p.defineNanos() / 1e6).sorted().toArray();
    return String.format(java.util.Locale.ROOT, "%.1f / %.1f / %.1f", o[o.length / 2], c[c.length / 2], d[d.length / 2]);
  }

  /** Shape name to µs per node, from {@code bench/compile-cost-baseline.txt} (lines "NAME VALUE", # comments). */
  static Map<String, Double> baseline() throws java.io.IOException {
    java.nio.file.Path file = java.nio.file.Path.of("bench", "compile-cost-baseline.txt");
    Map<String, Double> values = new java.util.HashMap<>();
    if (java.nio.file.Files.exists(file)) {
      for (String line : java.nio.file.Files.readAllLines(file)) {
        String l = line.strip();
        if (!l.isEmpty() && !l.startsWith("#")) {
          String[] f = l.split("\\s+");
          values.put(f[0], Double.parseDouble(f[1]));
        }
      }
    }
    return values;
  }
}
