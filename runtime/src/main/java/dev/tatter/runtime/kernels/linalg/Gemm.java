package dev.tatter.runtime.kernels.linalg;

/**
 * The inner loops of {@code matmul} on float32 and float64: {@code C = A B} for row-major {@code
 * A [m, k]} and {@code C [m, n]}, rows {@code [rowFrom, rowTo)} of {@code C}, then each element's
 * epilogue ({@code + bias[j]}, then the activation; see {@link Activation#epilogue}).
 *
 * <p>The order of every sum is part of the contract, so that the two implementations (and the
 * interpreter and compiled code, which call the same kernel) give the same bits on any machine:
 *
 * <ul>
 *   <li><b>wide</b> ({@code n >= } {@link #NARROW}, {@code B} row-major {@code [k, n]}): each
 *       element is one chain of fused multiply-adds in {@code k} order, {@code acc = fma(a[i, p],
 *       b[p, j], acc)} from {@code acc = +0.0};
 *   <li><b>narrow</b> ({@code n < NARROW}, {@code B} given transposed, row-major {@code [n, k]}):
 *       each element is eight such chains, term {@code p} in chain {@code p mod 8}, combined as
 *       {@code ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7))} — a dot product whose lanes a
 *       vector unit computes at once.
 * </ul>
 *
 * <p>{@link ScalarGemm} is counted loops over {@link Math#fma}; {@code VectorGemm} (in
 * {@code src/vector}, loaded by name only when the JVM has {@code jdk.incubator.vector}, as {@code
 * Axpy} is) keeps a tile of {@code C} in vector registers, lanes along {@code j} (wide) or along
 * the eight chains (narrow). Lanewise fma is {@link Math#fma} per lane, so the two agree bit for
 * bit (up to which NaN a NaN result carries).
 */
public interface Gemm {
  /** Below this many columns of {@code C}, the narrow (dot-product) order is used. */
  int NARROW = 8;

  /** The implementation every kernel uses, chosen once. */
  Gemm SELECTED = Selection.choose();

  /** Wide float32: {@code b} is {@code [k, n]} row-major from {@code bo}. */
  void floatWide(float[] a, int ao, float[] b, int bo, float[] c, int co, int k, int n, int rowFrom, int rowTo,
      float[] bias, Activation act, float alpha);

  /** Narrow float32: {@code bt} is {@code B} transposed, {@code [n, k]} row-major from {@code bo}. */
  void floatNarrow(float[] a, int ao, float[] bt, int bo, float[] c, int co, int k, int n, int rowFrom, int rowTo,
      float[] bias, Activation act, float alpha);

  void doubleWide(double[] a, int ao, double[] b, int bo, double[] c, int co, int k, int n, int rowFrom, int rowTo,
      double[] bias, Activation act, double alpha);

  void doubleNarrow(double[] a, int ao, double[] bt, int bo, double[] c, int co, int k, int n, int rowFrom, int rowTo,
      double[] bias, Activation act, double alpha);

  /** Whether this implementation runs on the Vector API. */
  boolean vectorized();

  /** Which implementation the JVM's modules and {@code tatter.vector} allow. */
  final class Selection {
    private Selection() {}

    static Gemm choose() {
      boolean wanted = !"false".equals(System.getProperty("tatter.vector"));
      if (wanted && ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent()) {
        try {
          return (Gemm) Class.forName("dev.tatter.runtime.kernels.linalg.VectorGemm").getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | LinkageError e) {
          return new ScalarGemm();
        }
      }
      return new ScalarGemm();
    }
  }
}
