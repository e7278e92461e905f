package dev.tatter.runtime.kernels;

/**
 * {@code out[o + j] = out[o + j] + v * b[bb + j]} for {@code j < n}: the inner loop of {@code
 * sparse_dense_matmul} (one nonzero {@code v} adds its multiple of a dense row to an output row).
 *
 * <p>Two implementations give the same bits: {@link ScalarAxpy}, a counted loop, and {@code
 * VectorAxpy}, the same multiply then add on the JDK's Vector API lanes (each lane is one IEEE
 * multiply and one IEEE add, in the scalar loop's operand order; no fused multiply-add and no
 * reassociation, so each element sums its terms in nonzero order as TF's kernel does). The vector
 * one is used when the JVM runs with the incubator module ({@code --add-modules
 * jdk.incubator.vector}, Java 17) and {@code tatter.vector} is not {@code false}; it is loaded
 * by name only then, so the runtime works without the module.
 */
public interface Axpy {
  /** The implementation every kernel uses, chosen once when this interface is initialised. */
  Axpy SELECTED = Selection.choose();

  void floats(float[] out, int o, float[] b, int bb, float v, int n);

  void doubles(double[] out, int o, double[] b, int bb, double v, int n);

  /** Whether this implementation runs on the Vector API. */
  boolean vectorized();

  /** Which implementation the JVM's modules and {@code tatter.vector} allow. */
  final class Selection {
    static final String VECTOR_MODULE = "jdk.incubator.vector";

    private Selection() {}

    static Axpy choose() {
      boolean wanted = !"false".equals(System.getProperty("tatter.vector"));
      if (wanted && ModuleLayer.boot().findModule(VECTOR_MODULE).isPresent()) {
        try {
          return (Axpy) Class.forName("dev.tatter.runtime.kernels.VectorAxpy").getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError e) {
          // the module is there but the class does not link (another JDK's incubator API): stay scalar
          return new ScalarAxpy();
        }
      }
      return new ScalarAxpy();
    }
  }
}
