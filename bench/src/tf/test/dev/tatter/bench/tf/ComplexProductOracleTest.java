package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tensorflow.Operand;
import org.tensorflow.Output;
import org.tensorflow.proto.DataType;

/**
 * Complex product folds with infinite and NaN parts against TF's {@code Prod}, {@code SegmentProd},
 * {@code UnsortedSegmentProd} and {@code Cumprod} kernels, complex64 and complex128, bit for bit per
 * part (any NaN equals any NaN). Each case folds {@code n} values, n in {1, 2, 3, 7, 8, 9, 33} (below,
 * at and past the lengths of Eigen's complex packets, whose product is the plain formula, while a
 * scalar step is the compiler's, C99 Annex G's, product); the values are drawn from finite ones and
 * ones with an infinite or NaN part, and {@code [1+infj, 1+0j, ...]} is always among them.
 */
class ComplexProductOracleTest {
  static final int[] LENGTHS = {1, 2, 3, 7, 8, 9, 33, 100};
  static final int SEEDS = 12;
  private static final double INF = Double.POSITIVE_INFINITY;
  private static final double NAN = Double.NaN;
  /** Parts of the values a case draws from: finite ones, and ones whose plain products give NaN. */
  private static final double[][] POOL = {
    {1, 0}, {0.5, 0.5}, {-2, 1}, {0, 1}, {1, INF}, {INF, 0}, {0, INF}, {INF, INF}, {-INF, 1}, {NAN, 0},
    {1, NAN}, {0, 0}, {INF, NAN}, {3e38, 3e38}, {0, 0.5}, {-1, 0}, {-0.0, -0.0},
  };

  @ParameterizedTest(name = "{0} on {1}")
  @CsvSource({
    "Prod, COMPLEX64", "Prod, COMPLEX128", "ProdRows, COMPLEX64", "ProdRows, COMPLEX128", "ProdCols, COMPLEX64", "ProdCols, COMPLEX128", "ProdMiddle, COMPLEX64", "ProdMiddle, COMPLEX128",
    "SegmentProd, COMPLEX64", "SegmentProd, COMPLEX128", "UnsortedSegmentProd, COMPLEX64", "UnsortedSegmentProd, COMPLEX128",
    "Cumprod, COMPLEX64", "Cumprod, COMPLEX128",
  })
  void products_matchTfBitForBit(String op, DType dtype) {
    List<String> mismatches = new ArrayList<>();
    int cases = 0;
    for (int n : LENGTHS) {
      for (int seed = 0; seed < SEEDS; seed++) {
        double[] parts = values(n, seed);
        cases++;
        String m = compare(op, dtype, n, parts);
        if (m != null) {
          mismatches.add(m);
        }
      }
    }
    mismatches.forEach(System.out::println);
    assertTrue(mismatches.isEmpty(), op + " on " + dtype + ": " + mismatches.size() + " of " + cases + " cases differ from TF, first "
        + (mismatches.isEmpty() ? "" : mismatches.get(0)));
  }

  /**
   * Signed zeros of finite products: {@code tf.reduce_prod([[0.5j, -1+0j]] * 3, axis=1)} ends with Eigen's
   * {@code finalizeBoth}, the tail {@code 1+0j} times the lanes' {@code (-0-0.5j)}, which is {@code (0-0.5j)}.
   */
  @ParameterizedTest(name = "{0} on {1}")
  @CsvSource({"ProdRows, COMPLEX64", "ProdRows, COMPLEX128", "Prod, COMPLEX64", "Prod, COMPLEX128", "SegmentProd, COMPLEX128",
    "Cumprod, COMPLEX128"})
  void signedZeros_matchTfBitForBit(String op, DType dtype) {
    double[][] cases = {{0, 0.5, -1, 0}, {-1, 0, 0, 0.5}, {0, 0.5, -1, 0, 0, 0.5, -1, 0, 1, -0.0}, {-0.0, -0.0, -1, 0}};
    List<String> mismatches = new ArrayList<>();
    for (double[] parts : cases) {
      String m = compare(op, dtype, parts.length / 2, parts);
      if (m != null) {
        mismatches.add(m);
      }
    }
    assertTrue(mismatches.isEmpty(), String.join("\n", mismatches));
  }

  /** Long folds, where TF's thread pool and Eigen's tree reduction could come in: seeds 0 (1+infj first) and 1 (last). */
  @ParameterizedTest(name = "{0} on {1}")
  @CsvSource({"Prod, COMPLEX64", "Prod, COMPLEX128", "ProdRows, COMPLEX64", "ProdRows, COMPLEX128", "SegmentProd, COMPLEX128",
    "UnsortedSegmentProd, COMPLEX64", "Cumprod, COMPLEX128", "ProdCols, COMPLEX128", "ProdMiddle, COMPLEX64", "ProdMiddle, COMPLEX128"})
  void longProducts_matchTfBitForBit(String op, DType dtype) {
    List<String> mismatches = new ArrayList<>();
    for (int n : new int[] {128, 257, 1000, 5001, 20000, 100000}) {
      for (int at : new int[] {0, n - 1, n - 2, n / 2}) {
        double[] parts = new double[2 * n];
        for (int i = 0; i < n; i++) {
          parts[2 * i] = 1;
        }
        parts[2 * at + 1] = INF;
        String m = compare(op, dtype, n, parts);
        if (m != null) {
          mismatches.add(n + " at " + at + ": " + m.substring(m.lastIndexOf(':')));
        }
      }
    }
    mismatches.forEach(System.out::println);
    assertTrue(mismatches.isEmpty(), String.join("\n", mismatches));
  }

  /** Seed 0: {@code [1+infj, 1+0j, 1+0j, ...]}; other seeds draw every value from {@link #POOL}. */
  static double[] values(int n, int seed) {
    double[] p = new double[2 * n];
    SplittableRandom r = new SplittableRandom(seed * 131L + n);
    for (int i = 0; i < n; i++) {
      double[] v = seed == 0 ? (i == 0 ? POOL[4] : POOL[0]) : POOL[r.nextInt(POOL.length)];
      p[2 * i] = v[0];
      p[2 * i + 1] = v[1];
    }
    return p;
  }

  /** The case's TF and Tatter results, or null when every part agrees. */
  private static String compare(String op, DType dtype, int n, double[] parts) {
    boolean rows = op.equals("ProdRows");
    boolean cols = op.equals("ProdCols");
    boolean middle = op.equals("ProdMiddle");
    // ProdRows: the same n values in each of 3 rows of a [3, n] matrix, reduced over axis 1;
    // ProdCols: each value thrice in a row of an [n, 3] matrix, reduced over axis 0; ProdMiddle:
    // [2, n, 5] reduced over axis 1, so some of Eigen's packets of outputs cross a row of 5
    double[] data = rows ? repeat(parts, 3) : cols ? spread(parts, 3) : middle ? repeat(spread(parts, 5), 2) : parts;
    long[] shape = rows ? new long[] {3, n} : cols ? new long[] {n, 3} : middle ? new long[] {2, n, 5} : new long[] {n, 1};
    if (op.equals("Prod") || op.equals("Cumprod")) {
      shape = new long[] {n};
    }
    long[] ids = new long[n]; // one segment of all n rows
    Tensor idTensor = Tensor.wrap(DType.INT64, new int[] {n}, ids);
    final long[] tfShape = shape;
    TfEval.Outcome expected = TfEval.run(tf -> {
      Output<?> flat = ComplexOracleTest.tfComplex(tf, dtype, data);
      Output<?> x = tf.reshape((Operand) flat, tf.constant(tfShape)).asOutput();
      Output<?> result = switch (op) {
        case "Prod" -> tf.scope().opBuilder("Prod", "Prod").addInput(x).addInput(tf.constant(new int[] {0}).asOutput()).build().output(0);
        case "ProdMiddle" -> tf.scope().opBuilder("Prod", "Prod").addInput(x).addInput(tf.constant(new int[] {1}).asOutput()).build().output(0);
        case "ProdCols" -> tf.scope().opBuilder("Prod", "Prod").addInput(x).addInput(tf.constant(new int[] {0}).asOutput()).build().output(0);
        case "ProdRows" -> tf.scope().opBuilder("Prod", "Prod").addInput(x).addInput(tf.constant(new int[] {1}).asOutput()).build().output(0);
        case "Cumprod" -> tf.scope().opBuilder("Cumprod", "Cumprod").addInput(x).addInput(tf.constant(0).asOutput()).build().output(0);
        case "SegmentProd" -> tf.scope().opBuilder(op, op).addInput(x).addInput(TfEval.constant(tf, idTensor).asOutput()).build().output(0);
        default -> tf.scope().opBuilder(op, op).addInput(x).addInput(TfEval.constant(tf, idTensor).asOutput())
            .addInput(tf.constant(1L).asOutput()).build().output(0);
      };
      return parts(tf, result, dtype);
    });
    int[] intShape = new int[shape.length];
    for (int i = 0; i < shape.length; i++) {
      intShape[i] = (int) shape[i];
    }
    GraphBuilder g = new GraphBuilder();
    dev.tatter.frontend.Ops tt = g.ops();
    Value d = g.constant(ComplexOracleTest.complexTensor(dtype, data).reshape(intShape));
    Value out = switch (op) {
      case "Prod" -> d.reduceProd(0);
      case "ProdRows" -> d.reduceProd(1);
      case "ProdCols" -> d.reduceProd(0);
      case "ProdMiddle" -> d.reduceProd(1);
      case "Cumprod" -> tt.math.cumprod(d, 0);
      case "SegmentProd" -> tt.math.segmentProd(d, g.constant(idTensor));
      default -> tt.math.unsortedSegmentProd(d, g.constant(idTensor), g.scalar(DType.INT64, 1));
    };
    Tensor actual;
    try (Session s = new Session(g.build(out))) {
      actual = s.run(Map.of(), out).tensor(0);
    }
    StringBuilder diff = new StringBuilder();
    for (int k = 0; k < actual.size(); k++) {
      double tre = expected.value(0).getDouble(k), tim = expected.value(1).getDouble(k);
      if (!same(tre, actual.real(k), dtype) || !same(tim, actual.imag(k), dtype)) {
        diff.append(String.format(" [%d] TF (%s, %s) Tatter (%s, %s)", k, tre, tim, actual.real(k), actual.imag(k)));
      }
    }
    return diff.isEmpty() ? null : op + " " + dtype + " n=" + n + " of " + show(parts) + ":" + diff;
  }

  private static double[] repeat(double[] parts, int times) {
    double[] out = new double[parts.length * times];
    for (int t = 0; t < times; t++) {
      System.arraycopy(parts, 0, out, t * parts.length, parts.length);
    }
    return out;
  }

  private static double[] spread(double[] parts, int times) {
    double[] out = new double[parts.length * times];
    for (int i = 0; i < parts.length / 2; i++) {
      for (int t = 0; t < times; t++) {
        out[2 * (i * times + t)] = parts[2 * i];
        out[2 * (i * times + t) + 1] = parts[2 * i + 1];
      }
    }
    return out;
  }

  private static String show(double[] parts) {
    StringBuilder s = new StringBuilder("[");
    for (int i = 0; i < parts.length; i += 2) {
      s.append(i == 0 ? "" : ", ").append(parts[i]).append(parts[i + 1] < 0 ? "" : "+").append(parts[i + 1]).append('j');
    }
    return s.append(']').toString();
  }

  private static boolean same(double tf, double tatter, DType dtype) {
    if (Double.isNaN(tf) || Double.isNaN(tatter)) {
      return Double.isNaN(tf) == Double.isNaN(tatter);
    }
    return dtype == DType.COMPLEX64
        ? Float.floatToRawIntBits((float) tf) == Float.floatToRawIntBits((float) tatter)
        : Double.doubleToRawLongBits(tf) == Double.doubleToRawLongBits(tatter);
  }

  /** TF's {@code Real} and {@code Imag} of a complex result: TF Java has no complex tensor to fetch. */
  private static List<Operand<?>> parts(org.tensorflow.op.Ops tf, Output<?> result, DType dtype) {
    DataType part = dtype == DType.COMPLEX64 ? DataType.DT_FLOAT : DataType.DT_DOUBLE;
    return List.of(tf.scope().opBuilder("Real", "Real").addInput(result).setAttr("Tout", part).build().output(0),
        tf.scope().opBuilder("Imag", "Imag").addInput(result).setAttr("Tout", part).build().output(0));
  }
}
