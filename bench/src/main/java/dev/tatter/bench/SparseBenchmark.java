package dev.tatter.bench;

import dev.tatter.codegen.CompiledGraph;
import dev.tatter.frontend.Session;
import dev.tatter.ir.Graph;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.SparseTensor;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The tf.sparse workloads: {@code tf.sparse.reduce_sum(sp, axis=1)} of 1,000,000 stored values in
 * a {@code [100000, 1000]} float32 tensor, {@code tf.sparse.add} of two such tensors, and
 * {@code sparse_dense_matmul} of one by a dense {@code [1000, 16]} matrix, each through Tatter's
 * compiled session and as a hand-written loop over the same arrays (indices and values read in
 * place, as the kernels read them).
 *
 * <p>Besides JMH, {@link #main} runs each workload's two variants round-robin in one JVM and
 * prints wall and thread CPU time: {@code java -Xms4g -Xmx4g -cp bench/target/benchmarks.jar
 * dev.tatter.bench.SparseBenchmark [rounds]} ({@code TfSparseAlternating} adds TF's side, with
 * {@code -Ptf}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
public class SparseBenchmark {
  static final int ROWS = 100_000;
  static final int COLS = 1_000;
  static final int NNZ = 1_000_000;
  static final int N = 16;

  static final String GRAPH = """
      %a = placeholder() : sparse<float32>[100000, 1000]
      %b = placeholder() : sparse<float32>[100000, 1000]
      %d = placeholder() : tensor<float32>[1000, 16]
      %sum = sparse_reduce_sum(%a) {axis = [1]} : tensor<float32>[100000]
      %add = sparse_add(%a, %b) : sparse<float32>[100000, 1000]
      %mm = sparse_dense_matmul(%a, %d) : tensor<float32>[100000, 16]
      return %sum, %add, %mm
      """;

  SparseTensor a;
  SparseTensor b;
  Tensor d;
  Map<String, Object> feeds;
  CompiledGraph reduceSum;
  CompiledGraph add;
  CompiledGraph matmul;

  /** {@code NNZ} distinct random positions of a {@code ROWS x COLS} tensor, row-major, random values. */
  static SparseTensor randomSparse(long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    long cells = (long) ROWS * COLS;
    long[] positions = r.longs(NNZ * 11L / 10, 0, cells).sorted().distinct().limit(NNZ).toArray();
    long[] idx = new long[2 * positions.length];
    float[] values = new float[positions.length];
    for (int i = 0; i < positions.length; i++) {
      idx[2 * i] = positions[i] / COLS;
      idx[2 * i + 1] = positions[i] % COLS;
      values[i] = (float) r.nextDouble(-1, 1);
    }
    return SparseTensor.of(Tensor.wrap(DType.INT64, new int[] {positions.length, 2}, idx),
        Tensor.wrap(DType.FLOAT32, new int[] {positions.length}, values), Tensor.ofLongs(ROWS, COLS));
  }

  @Setup
  public void setup() {
    Graph graph = GraphParser.parse(GRAPH, "sparse.tat");
    a = randomSparse(1);
    b = randomSparse(2);
    float[] dense = new float[COLS * N];
    SplittableRandom r = new SplittableRandom(3);
    for (int i = 0; i < dense.length; i++) {
      dense[i] = (float) r.nextDouble(-1, 1);
    }
    d = Tensor.wrap(DType.FLOAT32, new int[] {COLS, N}, dense);
    feeds = Map.of("a", a, "b", b, "d", d);
    Session session = new Session(graph);
    reduceSum = session.compiled(List.of(graph.outputs().get(0)));
    add = session.compiled(List.of(graph.outputs().get(1)));
    matmul = session.compiled(List.of(graph.outputs().get(2)));
    if (!handReduceSum().equals(tatterReduceSum()) || !handAdd().equals(tatterAdd()) || !handMatmul().equals(tatterMatmul())) {
      throw new IllegalStateException("sparse workloads: Tatter and the hand loops differ");
    }
  }

  @Benchmark
  public Object tatterReduceSum() {
    return reduceSum.run(feeds).get(0);
  }

  /** Row sums in index order (row-major input), from 0, as Tatter and TF's scalar loop add. */
  @Benchmark
  public Object handReduceSum() {
    long[] idx = (long[]) a.indices().unsafeData();
    float[] v = (float[]) a.values().unsafeData();
    float[] out = new float[ROWS];
    for (int i = 0; i < v.length; i++) {
      out[(int) idx[2 * i]] += v[i];
    }
    return Tensor.wrap(DType.FLOAT32, new int[] {ROWS}, out);
  }

  @Benchmark
  public Object tatterAdd() {
    return add.run(feeds).get(0);
  }

  /** One merge of the two row-major index lists. */
  @Benchmark
  public Object handAdd() {
    long[] ai = (long[]) a.indices().unsafeData();
    long[] bi = (long[]) b.indices().unsafeData();
    float[] av = (float[]) a.values().unsafeData();
    float[] bv = (float[]) b.values().unsafeData();
    long[] idx = new long[ai.length + bi.length];
    float[] out = new float[av.length + bv.length];
    int i = 0;
    int j = 0;
    int n = 0;
    while (i < av.length || j < bv.length) {
      int c = i == av.length ? 1 : j == bv.length ? -1
          : ai[2 * i] != bi[2 * j] ? Long.compare(ai[2 * i], bi[2 * j]) : Long.compare(ai[2 * i + 1], bi[2 * j + 1]);
      if (c <= 0) {
        idx[2 * n] = ai[2 * i];
        idx[2 * n + 1] = ai[2 * i + 1];
        out[n] = c == 0 ? av[i] + bv[j++] : av[i];
        i++;
      } else {
        idx[2 * n] = bi[2 * j];
        idx[2 * n + 1] = bi[2 * j + 1];
        out[n] = bv[j++];
      }
      n++;
    }
    return SparseTensor.of(Tensor.wrap(DType.INT64, new int[] {n, 2}, java.util.Arrays.copyOf(idx, 2 * n)),
        Tensor.wrap(DType.FLOAT32, new int[] {n}, java.util.Arrays.copyOf(out, n)), Tensor.ofLongs(ROWS, COLS));
  }

  @Benchmark
  public Object tatterMatmul() {
    return matmul.run(feeds).get(0);
  }

  /** Each stored value times its row of B added to its output row, indices read in place. */
  @Benchmark
  public Object handMatmul() {
    long[] idx = (long[]) a.indices().unsafeData();
    float[] v = (float[]) a.values().unsafeData();
    float[] bb = (float[]) d.unsafeData();
    float[] out = new float[ROWS * N];
    for (int t = 0; t < v.length; t++) {
      int o = (int) idx[2 * t] * N;
      int c = (int) idx[2 * t + 1] * N;
      for (int k = 0; k < N; k++) {
        out[o + k] += v[t] * bb[c + k];
      }
    }
    return Tensor.wrap(DType.FLOAT32, new int[] {ROWS, N}, out);
  }

  /** A ready benchmark state, checked as JMH's setup checks it. */
  public static SparseBenchmark prepared() {
    SparseBenchmark s = new SparseBenchmark();
    s.setup();
    return s;
  }

  public SparseTensor a() {
    return a;
  }

  public SparseTensor b() {
    return b;
  }

  public Tensor d() {
    return d;
  }

  /** Each workload's Tatter and hand variants round-robin, one table per workload. */
  public static void main(String[] args) {
    String[] a = MarkdownTable.positional(args);
    int rounds = a.length > 0 ? Integer.parseInt(a[0]) : 20;
    SparseBenchmark s = prepared();
    if (MarkdownTable.wanted(args)) {
      String[] names = {"tatter", "hand"};
      System.out.print(markdown(TITLES[0], names, new Supplier<?>[] {s::tatterReduceSum, s::handReduceSum}, rounds,
          SparseBenchmark.class, args));
      System.out.print(markdown(TITLES[1], names, new Supplier<?>[] {s::tatterAdd, s::handAdd}, rounds, SparseBenchmark.class, args));
      System.out.print(markdown(TITLES[2], names, new Supplier<?>[] {s::tatterMatmul, s::handMatmul}, rounds,
          SparseBenchmark.class, args));
      return;
    }
    System.out.println("tf.sparse.reduce_sum(sp, axis=1), 1M nnz");
    RoundRobin.printTable(new String[] {"tatter", "hand"}, new Supplier<?>[] {s::tatterReduceSum, s::handReduceSum}, rounds);
    System.out.println("tf.sparse.add(a, b), 1M + 1M nnz");
    RoundRobin.printTable(new String[] {"tatter", "hand"}, new Supplier<?>[] {s::tatterAdd, s::handAdd}, rounds);
    System.out.println("sparse_dense_matmul(sp, [1000, 16])");
    RoundRobin.printTable(new String[] {"tatter", "hand"}, new Supplier<?>[] {s::tatterMatmul, s::handMatmul}, rounds);
  }

  /** The three workloads' headings, as the markdown of this driver and of {@code TfSparseAlternating} print them. */
  public static final String[] TITLES = {
      "`tf.sparse.reduce_sum(sp, axis=1)`, [100000, 1000] float32 with 1,000,000 stored values",
      "`tf.sparse.add(a, b)` of two such tensors (1M + 1M stored values)",
      "`sparse_dense_matmul(sp, dense [1000, 16])`"};

  /** One workload's fragment: {@link RoundRobin#printTable}'s plan, thread CPU over the hand loop's, TF's best wall when TF ran. */
  public static String markdown(String title, String[] names, Supplier<?>[] variants, int rounds, Class<?> driver, String[] args) {
    RoundRobin.Plan plan = RoundRobin.Plan.of(5, rounds);
    RoundRobin.Timings t = RoundRobin.time(variants, plan);
    return new MarkdownTable(title, names, t, plan).cpuOver("hand").wallVsTf().render(driver, args);
  }
}
