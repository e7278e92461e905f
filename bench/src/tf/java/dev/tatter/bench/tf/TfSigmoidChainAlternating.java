package dev.tatter.bench.tf;

import dev.tatter.bench.MarkdownTable;
import dev.tatter.bench.RoundRobin;
import dev.tatter.bench.SigmoidChain;
import dev.tatter.bench.tf.TfProgram.Threads;
import java.util.function.Supplier;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.types.TFloat32;

/**
 * {@link SigmoidChain} with TensorFlow beside Tatter and the hand loop, round-robin in one JVM:
 * TF's graph is {@code Sigmoid(AddV2(Mul(values, w), b))} on the flat values (what TF's ragged
 * dispatch runs; the row partition passes through), fed from the Java array and fetched into one
 * (TF copies both ways), with its default threads ({@code tf}) and with one intra- and one
 * inter-op thread ({@code tf1}). TF's work runs on its own threads, so it is not in the calling
 * thread's CPU time: compare TF by wall time and process CPU time. Run (after {@code mvn -B -Ptf -pl bench -am
 * package -DskipTests}): {@code java -Xms4g -Xmx4g -XX:+UseParallelGC
 * -Dtatter.parallelThreshold=2147483647 -cp bench/target/benchmarks.jar
 * dev.tatter.bench.tf.TfSigmoidChainAlternating [rounds]} (or, without packaging, with {@code
 * bench/target/classes}, the default {@code benchmarks.jar} and TF Java's jars on the class path).
 */
public final class TfSigmoidChainAlternating {
  private TfSigmoidChainAlternating() {}

  /** The chain as a TF graph. */
  static final class Chain extends TfProgram {
    private final Placeholder<TFloat32> x;
    private final Operand<TFloat32> y;

    Chain(Threads threads, float w, float b) {
      x = tf.placeholder(TFloat32.class);
      y = tf.math.sigmoid(tf.math.add(tf.math.mul(x, tf.constant(w)), tf.constant(b)));
      open(threads);
    }

    float[] run(float[] values) {
      try (TFloat32 in = floats(values, values.length); Result r = runner().feed(x, in).fetch(y).run()) {
        return toFloats(r.get(0));
      }
    }
  }

  public static void main(String[] args) {
    String[] a = MarkdownTable.positional(args);
    int rounds = a.length > 0 ? Integer.parseInt(a[0]) : 30;
    int values = a.length > 1 ? Integer.parseInt(a[1]) : 8_000_000;
    SigmoidChain c = new SigmoidChain(Math.max(1, values / 8), values);
    float[] flat = c.handInput();
    try (Chain tf = new Chain(Threads.DEFAULT, c.w(), c.b()); Chain tf1 = new Chain(Threads.ONE, c.w(), c.b())) {
      // TF's Eigen sigmoid is a few ulp from Tatter's (docs/SEMANTICS.md); values in (0, 1), so 1e-6 absolute covers them
      float[] hand = c.hand();
      TfSideBySide.Checks.close(hand, tf.run(flat), 1e-6);
      TfSideBySide.Checks.close(hand, tf1.run(flat), 1e-6);
      String[] names = {"tatter", "hand", "tf", "tf1"};
      Supplier<?>[] variants = {c::tatter, c::hand, () -> tf.run(flat), () -> tf1.run(flat)};
      if (MarkdownTable.wanted(args)) {
        System.out.print(SigmoidChain.markdown(SigmoidChain.title(values) + ", with TF", names, variants, rounds,
            TfSigmoidChainAlternating.class, args));
      } else {
        RoundRobin.printTable(names, variants, rounds);
      }
    }
  }
}
