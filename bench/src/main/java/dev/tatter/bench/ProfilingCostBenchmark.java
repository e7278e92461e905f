package dev.tatter.bench;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import dev.tatter.ir.text.GraphParser;
import dev.tatter.runtime.DType;
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
 * What profiling costs when it is on: W1's fused graph and W6's tiny graph through
 * {@code Session.run} and {@code Session.runProfiled} (the instrumented program: per node two
 * probe calls, three counter reads each side, the value's description). Profiling off is W1 and
 * W6 themselves, compared before and after with {@code bench/before-after.sh}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
public class ProfilingCostBenchmark {
  private Session w1;
  private List<Node> w1Fetch;
  private Map<String, Object> w1Feeds;
  private Session w6;
  private Value w6Sum;
  private Map<String, Tensor> w6Feeds;

  @Setup
  public void setup() {
    Graph graph = GraphParser.parse(W1ElementwiseBenchmark.W1, "w1.tat");
    w1 = new Session(graph);
    w1Fetch = graph.outputs();
    w1Feeds = Map.of("x", W1ElementwiseBenchmark.raggedInput(W1ElementwiseBenchmark.ROWS,
        W1ElementwiseBenchmark.VALUES, 42));
    GraphBuilder g = new GraphBuilder();
    Value a = g.placeholder("a", Types.dense(DType.FLOAT32));
    Value b = g.placeholder("b", Types.dense(DType.FLOAT32));
    w6Sum = a.add(b);
    w6 = new Session(g.build());
    w6Feeds = Map.of("a", Tensor.scalar(DType.FLOAT32, 1.5), "b", Tensor.scalar(DType.FLOAT32, 2.5));
  }

  @Benchmark
  public Object w1Run() {
    return w1.run(w1Feeds, w1Fetch).get(0);
  }

  @Benchmark
  public Object w1RunProfiled() {
    return w1.runProfiled(w1Feeds, w1Fetch).result().get(0);
  }

  @Benchmark
  public Object w6Run() {
    return w6.run(w6Feeds, w6Sum).get(0);
  }

  @Benchmark
  public Object w6RunProfiled() {
    return w6.runProfiled(w6Feeds, w6Sum).result().get(0);
  }
}
