package dev.tatter.bench;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
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
 * {@code to_tensor} of 1,000,000 float32 rows of uniform random length 0..16 (about 8M values,
 * a 1,000,000 x 16 result): a compiled Session against hand-written Java loops over the same
 * splits and values, in the same run. The goal is the Session within 1.5x of the loop.
 *
 * <p>Sample mode, so that the minimum and median of many runs can be compared: on a shared
 * machine the average is dominated by other processes. The heap is fixed and pre-touched so that
 * page faults on the 64 MB results do not land in the first iterations.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xms4g", "-Xmx4g", "-XX:+UseParallelGC", "-XX:+AlwaysPreTouch"})
public class ToTensorBenchmark {
  static final int ROWS = 1_000_000;
  static final int MAX_LENGTH = 16;

  private Session session;
  private Value padded;
  private Map<String, Object> feeds;
  private long[] splits;
  private float[] values;

  @Setup
  public void setup() {
    SplittableRandom random = new SplittableRandom(42);
    splits = new long[ROWS + 1];
    for (int r = 0; r < ROWS; r++) {
      splits[r + 1] = splits[r] + random.nextInt(MAX_LENGTH + 1);
    }
    values = new float[(int) splits[ROWS]];
    for (int i = 0; i < values.length; i++) {
      values[i] = (float) random.nextDouble();
    }
    GraphBuilder g = new GraphBuilder();
    Value x = g.placeholder("x", Types.ragged(DType.FLOAT32, 1));
    padded = x.toTensor(0f);
    session = new Session(g.build(padded));
    RaggedTensor rt = RaggedTensor.of(Tensor.ofFloats(values), RowPartition.fromRowSplits(splits.clone(), DType.INT64, true));
    feeds = Map.of("x", rt);
    Tensor viaSession = (Tensor) session.run(feeds, padded).get(0);
    float[] byLoop = handWrittenLoop();
    if (!java.util.Arrays.equals((float[]) viaSession.unsafeData(), byLoop)) {
      throw new AssertionError("the session and the loop disagree");
    }
  }

  /** Session.run as a user calls it: feed check, compiled program, the to_tensor kernel. */
  @Benchmark
  public Object session() {
    return session.run(feeds, padded).get(0);
  }

  /** The baseline: width from the splits, one allocation, an element loop per row. */
  @Benchmark
  public float[] handWrittenLoop() {
    long[] s = splits;
    float[] v = values;
    int rows = s.length - 1;
    int width = 0;
    for (int r = 0; r < rows; r++) {
      width = Math.max(width, (int) (s[r + 1] - s[r]));
    }
    float[] out = new float[rows * width];
    for (int r = 0; r < rows; r++) {
      int start = (int) s[r];
      int length = (int) (s[r + 1] - start);
      int base = r * width;
      for (int j = 0; j < length; j++) {
        out[base + j] = v[start + j];
      }
    }
    return out;
  }

  /** The same loop with System.arraycopy per row, the best a hand-written version is likely to do. */
  @Benchmark
  public float[] handWrittenArraycopy() {
    long[] s = splits;
    int rows = s.length - 1;
    int width = 0;
    for (int r = 0; r < rows; r++) {
      width = Math.max(width, (int) (s[r + 1] - s[r]));
    }
    float[] out = new float[rows * width];
    for (int r = 0; r < rows; r++) {
      int start = (int) s[r];
      System.arraycopy(values, start, out, r * width, (int) (s[r + 1] - start));
    }
    return out;
  }
}
