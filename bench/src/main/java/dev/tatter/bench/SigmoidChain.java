package dev.tatter.bench;

import dev.tatter.frontend.Ops;
import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.scalar.TranscendentalFunctions;
import java.util.Arrays;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The fused chain with a transcendental step, {@code sigmoid(x * w + b)} on a ragged float32
 * tensor of 8,000,000 flat values in 1,000,000 rows ({@code w}, {@code b} scalars): Tatter's
 * compiled session (one fused loop) against a hand-written loop doing the same work — it reads
 * the flat values, allocates one new float array for the result (as Tatter does; the partition is
 * shared, not copied) and computes each element with the same sigmoid as Tatter, so both give the
 * same bits. {@link #main} times them round-robin in one JVM (each round runs every variant once,
 * so load from other processes hits all alike), reporting each variant's median wall time and
 * median CPU time of the calling thread (and of the process); {@code TfSigmoidChainAlternating} (under {@code -Ptf})
 * adds TensorFlow. Run:
 * {@code java -Xms4g -Xmx4g -XX:+UseParallelGC -Dtatter.parallelThreshold=2147483647 -cp
 * bench/target/benchmarks.jar dev.tatter.bench.SigmoidChain [rounds]} (the threshold keeps
 * Tatter's loop on the calling thread, whose CPU time is what is measured; drop it to see the
 * parallel wall time).
 */
public final class SigmoidChain {
  static final int ROWS = 1_000_000;
  static final int VALUES = 8_000_000;
  static final float W = 0.37f;
  static final float B = -1.25f;

  final RaggedTensor x;
  final float[] flat;
  private final Session session;
  private final Value out;
  private final Map<String, Object> feeds;

  public SigmoidChain(int rows, int values) {
    x = W1ElementwiseBenchmark.raggedInput(rows, values, 13);
    flat = (float[]) ((Tensor) x.values()).data();
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value in = g.placeholder("x", Types.ragged(DType.FLOAT32, 1));
    out = tf.math.sigmoid(in.mul(W).add(B));
    session = new Session(g.build(out));
    feeds = Map.of("x", x);
    float[] a = (float[]) ((Tensor) tatter().values()).data();
    float[] h = hand();
    if (!Arrays.equals(a, h)) {
      throw new AssertionError("Tatter and the hand loop disagree");
    }
  }

  /** One run of the compiled Tatter session. */
  public RaggedTensor tatter() {
    return (RaggedTensor) session.run(feeds, out).get(0);
  }

  /** The same work by hand: one output array, one pass. */
  public float[] hand() {
    float[] v = flat;
    float[] y = new float[v.length];
    for (int i = 0; i < v.length; i++) {
      y[i] = TranscendentalFunctions.sigmoid(v[i] * W + B);
    }
    return y;
  }

  /** The flat values (read-only: shared with the ragged input). */
  public float[] handInput() {
    return flat;
  }

  public float w() {
    return W;
  }

  public float b() {
    return B;
  }

  public static void main(String[] args) {
    String[] a = MarkdownTable.positional(args);
    int rounds = a.length > 0 ? Integer.parseInt(a[0]) : 30;
    int values = a.length > 1 ? Integer.parseInt(a[1]) : VALUES;
    SigmoidChain c = new SigmoidChain(Math.max(1, values / 8), values);
    String[] names = {"tatter", "hand"};
    Supplier<?>[] variants = {c::tatter, c::hand};
    if (MarkdownTable.wanted(args)) {
      System.out.print(markdown(title(values), names, variants, rounds, SigmoidChain.class, args));
    } else {
      RoundRobin.printTable(names, variants, rounds);
    }
  }

  public static String title(int values) {
    return String.format("`sigmoid(x * w + b)`, %,d float32 values in %,d rows", values, Math.max(1, values / 8));
  }

  /**
   * The chain's markdown fragment (also {@code TfSigmoidChainAlternating}'s): the same plan as
   * {@link RoundRobin#printTable}, thread CPU over the hand loop's and, when TF ran, TF's best wall
   * over each variant's.
   */
  public static String markdown(String title, String[] names, Supplier<?>[] variants, int rounds, Class<?> driver,
      String[] args) {
    RoundRobin.Plan plan = RoundRobin.Plan.of(5, rounds);
    RoundRobin.Timings t = RoundRobin.time(variants, plan);
    return new MarkdownTable(title, names, t, plan).cpuOver("hand").wallVsTf().render(driver, args);
  }
}
