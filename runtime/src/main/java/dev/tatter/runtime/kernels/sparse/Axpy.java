package dev.tatter.runtime.kernels.sparse;

/**
 * The inner loop of {@code sparse_dense_matmul}: the nonzeros of one output row each add their
 * multiple of a dense row into it. For terms {@code t} in {@code [from, to)}, with {@code k = order
 * == null ? t : order[t]} and {@code c = idx[2 k + cc]}, it computes {@code out[o + j] = out[o + j]
 * + values[k] * b[c n + j]} for {@code j < n}, term after term in {@code t} order. The int64
 * indices are read in place ({@code idx} is the sparse tensor's own {@code [nnz, 2]} array; the
 * caller has checked every index against the shapes).
 *
 * <p>Two implementations give the same bits (up to which NaN a NaN result is: x86 returns the first
 * NaN operand's sign and payload, and C2 may commute a vector add): {@link ScalarAxpy}, counted loops, and {@code
 * VectorAxpy}, which keeps a block of the output row in Vector API registers while it adds every
 * term of the row, and stores it once (each lane is one IEEE multiply and one IEEE add per term,
 * in the scalar loop's operand order and term order; no fused multiply-add and no reassociation,
 * so each element sums its terms in nonzero order as TF's kernel does). The vector one is used
 * when the JVM runs with the incubator module ({@code --add-modules jdk.incubator.vector}, Java 17)
 * and {@code tatter.vector} is not {@code false}; it is loaded by name only then, so the runtime
 * works without the module.
 */
public interface Axpy {
  /** The implementation every kernel uses, chosen once when this interface is initialised. */
  Axpy SELECTED = Selection.choose();

  /** Adds terms {@code [from, to)} of one output row into {@code out[o, o + n)} (float32). */
  void floatRow(float[] out, int o, float[] b, int n, float[] values, long[] idx, int[] order, int cc, int from, int to);

  /** Adds terms {@code [from, to)} of one output row into {@code out[o, o + n)} (float64). */
  void doubleRow(double[] out, int o, double[] b, int n, double[] values, long[] idx, int[] order, int cc, int from, int to);

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
          return (Axpy) Class.forName("dev.tatter.runtime.kernels.sparse.VectorAxpy").getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError e) {
          // the module is there but the class does not link (another JDK's incubator API): stay scalar
          return new ScalarAxpy();
        }
      }
      return new ScalarAxpy();
    }
  }
}
