package dev.tatter.bench;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Runner;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * W1 with reused outputs: {@code ((x*2 + 1) / 3 - x) * x} over a ragged float32 tensor of 8M or
 * 64M flat values (rows of 0..16 values), run through a {@link Runner} that writes every run into
 * the output array it kept from the last, side by side with a hand loop writing into one reused
 * array (the same work: read x, write y, no allocation). The partition is built once, as a
 * program running over new values of the same row structure does, so no run walks the splits.
 * {@code sessionRun} and {@code handLoopFresh} are the allocating pair (a new zeroed output per
 * run). The {@code Serial} variants keep Tatter's loop on one thread, as the hand loop is.
 *
 * <p>Run: {@code java -jar bench/target/benchmarks.jar W1ReusedOutputBenchmark} (both sizes, one
 * fork each, 4 GB heap); bandwidth = 8 bytes per value (4 read, 4 written) / time.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g"})
public class W1ReusedOutputBenchmark {
  @Param({"8000000", "64000000"})
  public int values;

  private RaggedTensor x;
  private Map<String, Object> feeds;
  private Session session;
  private Value y;
  private Runner runner;
  private float[] reused;

  @Setup
  public void setup() {
    x = W1ElementwiseBenchmark.raggedInput(values / 8, values, 42);
    feeds = Map.of("x", x);
    GraphBuilder g = new GraphBuilder();
    Value in = g.placeholder("x", Types.ragged(DType.FLOAT32, 1));
    y = in.mul(2).add(1).truediv(3).sub(in).mul(in);
    session = new Session(g.build());
    runner = session.runner(y);
    reused = new float[values];
    // the runner, the session and the hand loop must agree bit for bit before anything is timed
    float[] expected = (float[]) ((Tensor) handLoopFresh()).unsafeData();
    float[] viaRunner = ((RaggedTensor) runnerReused()).flatValues().toFloatArray();
    float[] viaSession = ((RaggedTensor) sessionRun()).flatValues().toFloatArray();
    handLoopReused();
    for (int i = 0; i < values; i++) {
      int bits = Float.floatToRawIntBits(expected[i]);
      if (bits != Float.floatToRawIntBits(viaRunner[i]) || bits != Float.floatToRawIntBits(viaSession[i])
          || bits != Float.floatToRawIntBits(reused[i])) {
        throw new IllegalStateException("W1 results differ at " + i);
      }
    }
    if (runner.keptArrays() != 1) {
      throw new IllegalStateException("the runner keeps " + runner.keptArrays() + " arrays, not W1's one output");
    }
  }

  /** The runner: the fused loop writes into the array it wrote last run (split across the common pool). */
  @Benchmark
  public Object runnerReused() {
    return runner.run(feeds).get(0);
  }

  /** The same on one thread. */
  @Benchmark
  @Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-Dtatter.parallelThreshold=2147483647"})
  public Object runnerReusedSerial() {
    return runner.run(feeds).get(0);
  }

  /** A hand loop writing into one array kept across calls: the bound a reused output can reach. */
  @Benchmark
  public Object handLoopReused() {
    float[] in = (float[]) x.flatValues().unsafeData();
    float[] out = reused;
    for (int i = 0; i < in.length; i++) {
      float v = in[i];
      out[i] = ((v * 2f + 1f) / 3f - v) * v;
    }
    return out;
  }

  /** Session.run as a user calls it: feed checks, the fused loop, a new output array. */
  @Benchmark
  public Object sessionRun() {
    return session.run(feeds, y).get(0);
  }

  /** The hand loop allocating its output, as sessionRun does. */
  @Benchmark
  public Object handLoopFresh() {
    float[] in = (float[]) x.flatValues().unsafeData();
    float[] out = new float[in.length];
    for (int i = 0; i < in.length; i++) {
      float v = in[i];
      out[i] = ((v * 2f + 1f) / 3f - v) * v;
    }
    return Tensor.wrap(DType.FLOAT32, new int[] {out.length}, out);
  }
}
