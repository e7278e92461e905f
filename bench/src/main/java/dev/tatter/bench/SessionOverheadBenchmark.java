package dev.tatter.bench;

import dev.tatter.codegen.CompiledGraph;
import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.ir.Graph;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
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

/** W6: the cost of one run of a tiny graph (two scalar placeholders and an add). */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SessionOverheadBenchmark {
  private Session session;
  private Value sum;
  private CompiledGraph compiled;
  private Map<String, Tensor> feeds;
  private Object[] feedArray;

  @Setup
  public void setup() {
    GraphBuilder g = new GraphBuilder();
    Value a = g.placeholder("a", Types.dense(DType.FLOAT32));
    Value b = g.placeholder("b", Types.dense(DType.FLOAT32));
    sum = a.add(b);
    Graph graph = g.build();
    session = new Session(graph);
    compiled = session.compiled(java.util.List.of(sum.node()));
    feeds = Map.of("a", Tensor.scalar(DType.FLOAT32, 1.5), "b", Tensor.scalar(DType.FLOAT32, 2.5));
    feedArray = new Object[] {feeds.get("a"), feeds.get("b")};
  }

  /** Session.run with name lookup and feed checks, as a user calls it. */
  @Benchmark
  public Object sessionRun() {
    return session.run(feeds, sum).get(0);
  }

  /** The generated class alone, feeds already checked. */
  @Benchmark
  public Object compiledRunUnchecked() {
    return compiled.runUnchecked(feedArray)[0];
  }
}
