package dev.tatter.bench;

import dev.tatter.codegen.CompiledGraph;
import dev.tatter.frontend.Session;
import dev.tatter.ir.Graph;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
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
 * W3: {@code reduce_sum(x * x, axis=1)} over W1's ragged float32 tensor (8,000,000 values in
 * 1,000,000 rows): Tatter's compiled session, where the row loop absorbs the square, against a
 * hand-written loop over the row splits, and the graph unfused through the interpreter.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
public class W3RowReductionBenchmark {
  static final String W3 = """
      %x = placeholder() : ragged<float32>[None, (None)]
      %v = values(%x) : tensor<float32>[None]
      %p = partition(%x) : partition<int64>[None, (None)]
      %0 = mul(%v, %v) : tensor<float32>[None]
      %sq = ragged(%0, %p) : ragged<float32>[None, (None)]
      %y = reduce_sum(%sq) {axis = [1]} : tensor<float32>[None]
      return %y
      """;

  RaggedTensor x;
  Map<String, Object> feeds;
  Object[] feedArray;
  CompiledGraph fused;
  Session unfused;

  @Setup
  public void setup() {
    Graph graph = GraphParser.parse(W3, "w3.tat");
    x = W1ElementwiseBenchmark.raggedInput(W1ElementwiseBenchmark.ROWS, W1ElementwiseBenchmark.VALUES, 42);
    feeds = Map.of("x", x);
    feedArray = new Object[] {x};
    fused = new Session(graph).compiled(List.of(graph.outputs().get(0)));
    if (fused.graph().nodes().stream().noneMatch(n -> n.op().mnemonic().equals("fused"))) {
      throw new IllegalStateException("W3 did not fuse:\n" + dev.tatter.ir.text.GraphPrinter.print(fused.graph()));
    }
    unfused = new Session(graph, "", Session.Backend.INTERPRETED);
    Object expected = handLoop();
    if (!expected.equals(fusedUnchecked()) || !expected.equals(unfusedInterpreter())) {
      throw new IllegalStateException("W3 results differ");
    }
  }

  /** Session.run as a user calls it (feed checks, then the fused row loop). */
  @Benchmark
  public Object fusedSession() {
    return fused.run(feeds).get(0);
  }

  /** The generated class alone, the feed already checked. */
  @Benchmark
  public Object fusedUnchecked() {
    return fused.runUnchecked(feedArray)[0];
  }

  /** One loop over the rows, summing squares in order (the order TF's segment sum uses). */
  @Benchmark
  public Object handLoop() {
    float[] v = (float[]) x.flatValues().unsafeData();
    long[] splits = x.partition().unsafeRowSplits();
    int nrows = splits.length - 1;
    float[] out = new float[nrows];
    for (int r = 0; r < nrows; r++) {
      float acc = 0;
      int limit = (int) splits[r + 1];
      for (int i = (int) splits[r]; i < limit; i++) {
        acc += v[i] * v[i];
      }
      out[r] = acc;
    }
    return Tensor.wrap(DType.FLOAT32, new int[] {nrows}, out);
  }

  /** The graph unoptimized through the interpreter: a squared copy of the values, then the reduction. */
  @Benchmark
  public Object unfusedInterpreter() {
    return unfused.run(feeds, "y").get(0);
  }
}
