package dev.tatter.bench;

import dev.tatter.codegen.CompiledGraph;
import dev.tatter.frontend.Session;
import dev.tatter.ir.Graph;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
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
 * W1: {@code ((x*2 + 1) / 3 - x) * x} over a ragged float32 tensor of 8,000,000 flat values in
 * 1,000,000 rows, side by side: Tatter's compiled session (one fused loop; serially, and split
 * across the common pool), a hand-written single Java loop, and the same graph unfused through
 * the interpreter (one kernel and one array per op; its scalar operands are broadcast through
 * per-element index arrays, so it is no measure of what fusion saves against a good unfused
 * engine — compare with the hand loop and TF, {@code bench/side-by-side.sh}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
public class W1ElementwiseBenchmark {
  static final int ROWS = 1_000_000;
  static final int VALUES = 8_000_000;

  /** The graph as the textual IR (what the builder's ragged sugar expands to). */
  static final String W1 = """
      %x = placeholder() : ragged<float32>[None, (None)]
      %v = values(%x) : tensor<float32>[None]
      %p = partition(%x) : partition<int64>[None, (None)]
      %two = constant() {value = tensor<float32>[] 2.0} : tensor<float32>[]
      %one = constant() {value = tensor<float32>[] 1.0} : tensor<float32>[]
      %three = constant() {value = tensor<float32>[] 3.0} : tensor<float32>[]
      %0 = mul(%v, %two) : tensor<float32>[None]
      %1 = add(%0, %one) : tensor<float32>[None]
      %2 = truediv(%1, %three) : tensor<float32>[None]
      %3 = sub(%2, %v) : tensor<float32>[None]
      %4 = mul(%3, %v) : tensor<float32>[None]
      %y = ragged(%4, %p) : ragged<float32>[None, (None)]
      return %y
      """;

  RaggedTensor x;
  float[] flat;
  long[] splits;
  Session session;
  Map<String, Object> feeds;
  Object[] feedArray;
  CompiledGraph fused;
  Session unfused;
  Graph graph;

  /** A ragged tensor of {@code values} random floats in {@code rows} rows of random lengths. */
  static RaggedTensor raggedInput(int rows, int values, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    float[] flat = new float[values];
    for (int i = 0; i < values; i++) {
      flat[i] = (float) (random.nextDouble() * 200 - 100);
    }
    long[] splits = new long[rows + 1];
    // row lengths average values/rows; the last row takes what is left
    for (int r = 1; r < rows; r++) {
      splits[r] = Math.min(values, splits[r - 1] + random.nextInt(2 * values / rows + 1));
    }
    splits[rows] = values;
    return RaggedTensor.of(Tensor.ofFloats(flat), RowPartition.fromRowSplits(splits, DType.INT64, true));
  }

  @Setup
  public void setup() {
    graph = GraphParser.parse(W1, "w1.tat");
    x = raggedInput(ROWS, VALUES, 42);
    feeds = Map.of("x", x);
    feedArray = new Object[] {x};
    flat = (float[]) x.flatValues().unsafeData();
    splits = x.partition().unsafeRowSplits();
    session = new Session(graph);
    fused = session.compiled(List.of(graph.outputs().get(0)));
    if (!fused.graph().nodes().stream().anyMatch(n -> n.op().mnemonic().equals("fused"))) {
      throw new IllegalStateException("W1 did not fuse");
    }
    unfused = new Session(graph, "", Session.Backend.INTERPRETED);
    // the three must agree before anything is timed
    Object expected = handLoop();
    if (!expected.equals(fusedSession()) || !expected.equals(sessionFromArrays()) || !expected.equals(unfusedInterpreter())) {
      throw new IllegalStateException("W1 results differ");
    }
  }

  /**
   * {@code CompiledGraph.run} on a feed map and ragged tensor built once at setup: the feed checks
   * and the fused loop, but not what a user pays to turn arrays into a feed (the partition is
   * built and checked once, not per call). Kept under this name for {@code bench/before-after.sh};
   * {@link #sessionFromArrays} is the user's call.
   */
  @Benchmark
  public Object fusedSession() {
    return fused.run(feeds).get(0);
  }

  /**
   * {@code Session.run} as a user holding Java arrays calls it: the ragged feed wrapped from the
   * arrays every call ({@code RowPartition.adoptingRowSplits} checks the splits), name lookup,
   * feed checks, the fused loop.
   */
  @Benchmark
  public Object sessionFromArrays() {
    RaggedTensor feed = RaggedTensor.of(Tensor.wrap(DType.FLOAT32, new int[] {flat.length}, flat),
        RowPartition.adoptingRowSplits(splits, DType.INT64));
    return session.run(Map.of("x", feed), "y").get(0);
  }

  /** The generated class alone, the feed already checked. */
  @Benchmark
  public Object fusedUnchecked() {
    return fused.runUnchecked(feedArray)[0];
  }

  /** The same, with loops never split across threads. */
  @Benchmark
  @Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-Dtatter.parallelThreshold=2147483647"})
  public Object fusedUncheckedSerial() {
    return fused.runUnchecked(feedArray)[0];
  }

  /** What a careful programmer writes by hand: one loop, one output array. */
  @Benchmark
  public Object handLoop() {
    float[] in = (float[]) x.flatValues().unsafeData();
    float[] out = new float[in.length];
    for (int i = 0; i < in.length; i++) {
      float v = in[i];
      out[i] = ((v * 2f + 1f) / 3f - v) * v;
    }
    return RaggedTensor.of(Tensor.wrap(DType.FLOAT32, new int[] {out.length}, out), x.partition());
  }

  /** The graph unoptimized through the interpreter: one kernel call and one array per op. */
  @Benchmark
  public Object unfusedInterpreter() {
    return unfused.run(feeds, "y").get(0);
  }
}
