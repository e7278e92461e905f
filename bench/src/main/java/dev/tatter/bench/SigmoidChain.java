package dev.tatter.bench;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.TranscendentalFunctions;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
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
    Value in = g.placeholder("x", Types.ragged(DType.FLOAT32, 1));
    out = in.mul(W).add(B).sigmoid();
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

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final com.sun.management.OperatingSystemMXBean PROCESS =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

  /** Times {@code variants} round-robin: warm-up rounds, then {@code rounds} timed ones; prints medians. */
  public static void roundRobin(String[] names, Supplier<?>[] variants, int rounds) {
    double[][] wall = new double[variants.length][rounds];
    double[][] cpu = new double[variants.length][rounds];
    double[][] processCpu = new double[variants.length][rounds];
    long sink = 0;
    for (int warm = 0; warm < 5; warm++) {
      for (Supplier<?> v : variants) {
        sink += System.identityHashCode(v.get()) & 1;
      }
    }
    for (int r = 0; r < rounds; r++) {
      for (int v = 0; v < variants.length; v++) {
        long p0 = PROCESS.getProcessCpuTime();
        long c0 = THREADS.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        sink += System.identityHashCode(variants[v].get()) & 1;
        wall[v][r] = (System.nanoTime() - t0) / 1e6;
        cpu[v][r] = (THREADS.getCurrentThreadCpuTime() - c0) / 1e6;
        processCpu[v][r] = (PROCESS.getProcessCpuTime() - p0) / 1e6;
      }
    }
    System.out.printf("%d rounds; medians of wall time, of the calling thread's CPU time and of the whole process's CPU time"
        + " (which counts TF's own threads, and the JVM's GC and JIT threads too)%n", rounds);
    System.out.printf("%-24s %10s %14s %16s %10s%n", "variant", "wall ms", "thread cpu ms", "process cpu ms", "cpu/hand");
    double handCpu = median(cpu[indexOf(names, "hand")]);
    for (int v = 0; v < variants.length; v++) {
      System.out.printf("%-24s %10.2f %14.2f %16.2f %10.2f%n", names[v], median(wall[v]), median(cpu[v]), median(processCpu[v]),
          median(cpu[v]) / handCpu);
    }
    System.out.println("(sink " + sink + ")");
  }

  private static int indexOf(String[] names, String name) {
    return Arrays.asList(names).indexOf(name);
  }

  private static double median(double[] a) {
    double[] s = a.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }

  public static void main(String[] args) {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 30;
    int values = args.length > 1 ? Integer.parseInt(args[1]) : VALUES;
    SigmoidChain c = new SigmoidChain(Math.max(1, values / 8), values);
    roundRobin(new String[] {"tatter", "hand"}, new Supplier<?>[] {c::tatter, c::hand}, rounds);
  }
}
