package dev.tatter.bench.tf;

import dev.tatter.bench.MarkdownTable;
import dev.tatter.bench.MatmulAlternating;
import dev.tatter.bench.RoundRobin;
import dev.tatter.bench.tf.TfProgram.Threads;
import dev.tatter.runtime.Tensor;
import java.util.function.Supplier;
import org.tensorflow.Operand;
import org.tensorflow.Result;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.ndarray.buffer.DataBuffers;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.types.TFloat32;

/**
 * {@link MatmulAlternating}'s workloads with TensorFlow beside Tatter and the hand loop, round-robin
 * in one JVM: TF graphs of {@code MatMul} (weights constant, the input fed and the product fetched
 * into Java every run, as Tatter's are), and of {@code MatMul}, {@code BiasAdd} and {@code Relu},
 * which TF's grappler (on by default in a session) fuses into its {@code _FusedMatMul}, with TF's
 * default threads ({@code tf}) and one intra- and one inter-op thread ({@code tf1}: the goal
 * is against TF's single-threaded throughput). TF's work runs on its own threads, outside the
 * calling thread's CPU time: compare by wall. Setup checks TF's results against the hand loop's
 * within the bound of k multiply-adds in any order. Run (after {@code mvn -B -Ptf -pl bench -am
 * package -DskipTests}): {@code java -Xms4g -Xmx4g -Dtatter.parallelThreshold=2147483647
 * --add-modules jdk.incubator.vector -cp bench/target/benchmarks.jar
 * dev.tatter.bench.tf.TfMatmulAlternating [rounds]}.
 */
public final class TfMatmulAlternating {
  private TfMatmulAlternating() {}

  /** One workload's TF graph. */
  static final class Layer extends TfProgram {
    private final Placeholder<TFloat32> x = tf.placeholder(TFloat32.class);
    private final Operand<TFloat32> out;
    private final MatmulAlternating.Workload w;

    Layer(MatmulAlternating.Workload w, Threads threads) {
      this.w = w;
      Operand<TFloat32> weights = tf.constant(Shape.of(w.k(), w.n()), DataBuffers.of((float[]) w.w().unsafeData(), true, false));
      Operand<TFloat32> product = tf.linalg.matMul(x, weights);
      if (w.bias() != null) {
        product = tf.nn.biasAdd(product, tf.constant(Shape.of(w.n()), DataBuffers.of((float[]) w.bias().unsafeData(), true, false)));
      }
      out = w.relu() ? tf.nn.relu(product) : product;
      open(threads);
    }

    float[] run() {
      try (TFloat32 in = floats((float[]) w.x().unsafeData(), w.m(), w.k());
          Result r = runner().feed(x, in).fetch(out).run()) {
        return toFloats(r.get(0));
      }
    }
  }

  /** TF's and the hand loop's products agree within (k + 2) eps of the sum of |terms| (any summation order). */
  static void check(MatmulAlternating.Workload w, float[] tf, float[] hand) {
    float[] a = (float[]) w.x().unsafeData();
    float[] b = (float[]) w.w().unsafeData();
    for (int i = 0; i < w.m(); i++) {
      for (int j = 0; j < w.n(); j++) {
        double magnitude = w.bias() == null ? 0 : Math.abs(((float[]) w.bias().unsafeData())[j]);
        for (int p = 0; p < w.k(); p++) {
          magnitude += Math.abs((double) a[i * w.k() + p] * b[p * w.n() + j]);
        }
        double bound = 2 * (w.k() + 2) * 0x1p-24 * magnitude + Float.MIN_NORMAL;
        if (Math.abs(tf[i * w.n() + j] - hand[i * w.n() + j]) > bound) {
          throw new IllegalStateException(w.title() + ": TF and the hand loop differ at [" + i + ", " + j + "]: "
              + tf[i * w.n() + j] + " vs " + hand[i * w.n() + j]);
        }
      }
    }
  }

  public static void main(String[] args) {
    String[] positional = MarkdownTable.positional(args);
    int rounds = positional.length > 0 ? Integer.parseInt(positional[0]) : 20;
    int scale = positional.length > 1 ? Integer.parseInt(positional[1]) : 1;
    String[] names = {"tatter", "hand", "tf", "tf1"};
    for (MatmulAlternating.Workload w : MatmulAlternating.workloads(scale)) {
      MatmulAlternating d = new MatmulAlternating(w).checked();
      try (Layer tf = new Layer(w, Threads.DEFAULT); Layer tf1 = new Layer(w, Threads.ONE)) {
        float[] hand = (float[]) ((Tensor) d.hand()).unsafeData();
        check(w, tf.run(), hand);
        check(w, tf1.run(), hand);
        Supplier<?>[] variants = {d::tatter, d::hand, tf::run, tf1::run};
        if (MarkdownTable.wanted(args)) {
          System.out.print(MatmulAlternating.markdown(w.title() + ", with TF", names, variants, rounds,
              TfMatmulAlternating.class, args));
        } else {
          System.out.println(w.title());
          RoundRobin.printTable(names, variants, rounds);
        }
      }
    }
  }
}
