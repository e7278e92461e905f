package dev.tatter.bench;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Ops;
import dev.tatter.frontend.Runner;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * Dense scoring workloads, round-robin in one JVM: {@code tf.matmul} of {@code [1024, 64] x [64,
 * 256]}, of {@code [4096, 128] x [128, 1]} (one score per row), and the dense layer {@code
 * relu(x @ w + b)} at the first shape (fused by the fuse pass into one {@code fused_matmul}). The
 * input is fed, the weights are constants (a model's), the output is fetched into Java, through a
 * compiled {@link Runner}; the hand loop does the same arithmetic in the same order (an fma chain
 * per element along k, the eight chains of a dot product for one column; the bias and relu on each
 * row as it is finished) in plain counted loops, which C2 vectorizes as it can. Run single-threaded
 * ({@code -Dtatter.parallelThreshold=2147483647}) to compare with TF's one-thread session: {@code java
 * -Xms4g -Xmx4g -Dtatter.parallelThreshold=2147483647 --add-modules jdk.incubator.vector -cp
 * bench/target/benchmarks.jar dev.tatter.bench.MatmulAlternating [rounds]} ({@code
 * TfMatmulAlternating} adds TF's side, with {@code -Ptf}).
 */
public final class MatmulAlternating {
  /** One workload: its input, weights, bias (or null) and whether relu follows. */
  public record Workload(String title, Tensor x, Tensor w, Tensor bias, boolean relu) {
    public int m() {
      return x.dim(0);
    }

    public int k() {
      return x.dim(1);
    }

    public int n() {
      return w.dim(1);
    }
  }

  private final Workload workload;
  private final Runner runner;
  private final Map<String, Object> feeds;
  private final Session session;

  public MatmulAlternating(Workload workload) {
    this.workload = workload;
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value x = g.placeholder("x", Types.dense(DType.FLOAT32, -1, workload.k()));
    Value out = tf.matmul(x, g.constant(workload.w()));
    if (workload.bias() != null) {
      out = tf.nn.biasAdd(out, g.constant(workload.bias()));
    }
    if (workload.relu()) {
      out = tf.nn.relu(out);
    }
    session = new Session(g.build(out));
    runner = session.runner(out);
    feeds = Map.of("x", workload.x());
  }

  public static Tensor random(long seed, int... shape) {
    SplittableRandom r = new SplittableRandom(seed);
    float[] v = new float[Arrays.stream(shape).reduce(1, (a, b) -> a * b)];
    for (int i = 0; i < v.length; i++) {
      v[i] = (float) r.nextDouble(-1, 1);
    }
    return Tensor.wrap(DType.FLOAT32, shape, v);
  }

  /** The three workloads, {@code scale} 1 for the full sizes (a tiny run divides the rows). */
  public static Workload[] workloads(int scale) {
    int rows = 1024 / scale;
    return new Workload[] {
        new Workload("`tf.matmul(x [1024, 64], w [64, 256])`, float32", random(1, rows, 64), random(2, 64, 256), null, false),
        new Workload("`tf.matmul(x [4096, 128], w [128, 1])`, float32 (one score per row)", random(3, 4 * rows, 128),
            random(4, 128, 1), null, false),
        new Workload("`tf.nn.relu(tf.nn.bias_add(tf.matmul(x [1024, 64], w [64, 256]), b [256]))`, float32, fused",
            random(1, rows, 64), random(2, 64, 256), random(5, 256), true)};
  }

  public Workload workload() {
    return workload;
  }

  public Object tatter() {
    return runner.run(feeds).get(0);
  }

  /** Tatter's arithmetic in plain loops: see the class comment. */
  public Object hand() {
    int m = workload.m();
    int k = workload.k();
    int n = workload.n();
    float[] a = (float[]) workload.x().unsafeData();
    float[] b = (float[]) workload.w().unsafeData();
    float[] bias = workload.bias() == null ? null : (float[]) workload.bias().unsafeData();
    float[] c = new float[m * n];
    if (n == 1) {
      for (int i = 0; i < m; i++) {
        float[] s = new float[8];
        for (int p = 0; p < k; p++) {
          s[p & 7] = Math.fma(a[i * k + p], b[p], s[p & 7]);
        }
        c[i] = ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7]));
      }
    } else {
      for (int i = 0; i < m; i++) {
        int row = i * n;
        for (int p = 0; p < k; p++) {
          float v = a[i * k + p];
          int br = p * n;
          for (int j = 0; j < n; j++) {
            c[row + j] = Math.fma(v, b[br + j], c[row + j]);
          }
        }
        if (bias != null) {
          for (int j = 0; j < n; j++) {
            c[row + j] += bias[j];
          }
        }
        if (workload.relu()) {
          for (int j = 0; j < n; j++) {
            c[row + j] = c[row + j] < 0 ? 0f : c[row + j];
          }
        }
      }
    }
    return Tensor.wrap(DType.FLOAT32, new int[] {m, n}, c);
  }

  /** Checks that Tatter and the hand loop give the same bits, as setup. */
  public MatmulAlternating checked() {
    if (!Arrays.equals((float[]) ((Tensor) tatter()).unsafeData(), (float[]) ((Tensor) hand()).unsafeData())) {
      throw new IllegalStateException(workload.title() + ": Tatter and the hand loop differ");
    }
    return this;
  }

  /** One workload's fragment: thread CPU over the hand loop's, and each variant's throughput over TF's one-thread session. */
  public static String markdown(String title, String[] names, Supplier<?>[] variants, int rounds, Class<?> driver, String[] args) {
    RoundRobin.Plan plan = RoundRobin.Plan.of(10, rounds).rotating();
    RoundRobin.Timings t = RoundRobin.time(variants, plan);
    MarkdownTable table = new MarkdownTable(title, names, t, plan).cpuOver("hand");
    if (Arrays.asList(names).contains("tf1")) {
      double tf1 = table.samples("tf1").medians().wallMs();
      table.column("tf1 wall / this wall", v -> String.format("%.2f×", tf1 / t.samples()[v].medians().wallMs()));
    }
    return table.render(driver, args);
  }

  public static void main(String[] args) {
    String[] positional = MarkdownTable.positional(args);
    int rounds = positional.length > 0 ? Integer.parseInt(positional[0]) : 20;
    int scale = positional.length > 1 ? Integer.parseInt(positional[1]) : 1;
    String[] names = {"tatter", "hand"};
    for (Workload w : workloads(scale)) {
      MatmulAlternating d = new MatmulAlternating(w).checked();
      Supplier<?>[] variants = {d::tatter, d::hand};
      if (MarkdownTable.wanted(args)) {
        System.out.print(markdown(w.title(), names, variants, rounds, MatmulAlternating.class, args));
      } else {
        System.out.println(w.title());
        RoundRobin.printTable(names, variants, rounds);
      }
    }
  }
}
