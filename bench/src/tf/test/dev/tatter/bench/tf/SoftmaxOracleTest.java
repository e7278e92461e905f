package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code softmax}/{@code log_softmax} against TF's {@code Softmax}/{@code LogSoftmax} kernels
 * (along the last axis) on random rows: dense matrices, and ragged rows compared with the kernel
 * on the tensor padded with -inf (which adds nothing to a row's sum). TF's exponential is Eigen's
 * polynomial and its row sums are vectorised, so the results are not bit-identical: the largest
 * ulp distance is printed ({@code ULP ...}) and must stay within the bound docs/SEMANTICS.md states.
 */
class SoftmaxOracleTest {
  static final int CASES = 60;

  /** The bounds docs/SEMANTICS.md states ("Softmax and log-softmax"), in ulp (of max(|result|, 1) for LogSoftmax). */
  static long bound(String tfOp, DType dtype) {
    return tfOp.equals("Softmax") ? 4 : 2;
  }

  @ParameterizedTest(name = "{0} on {1}, ragged {2}")
  @CsvSource({
    "Softmax, FLOAT32, false", "Softmax, FLOAT64, false", "LogSoftmax, FLOAT32, false", "LogSoftmax, FLOAT64, false",
    "Softmax, FLOAT32, true", "Softmax, FLOAT64, true", "LogSoftmax, FLOAT32, true", "LogSoftmax, FLOAT64, true",
  })
  void softmax_withinTheStatedUlpOfTf(String tfOp, DType dtype, boolean ragged) {
    boolean log = tfOp.equals("LogSoftmax");
    long max = 0;
    String worst = "";
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      int rows = r.nextInt(OracleInputs.maxSize(seed) + 1) + 1;
      long[] splits = ragged ? OracleInputs.splits(rows, OracleInputs.maxSize(seed) + 2, r) : null;
      int width = 0;
      for (int row = 0; ragged && row < rows; row++) {
        width = (int) Math.max(width, splits[row + 1] - splits[row]);
      }
      if (!ragged) {
        width = r.nextInt(OracleInputs.maxSize(seed) + 1) + 1;
      }
      double[] padded = new double[rows * width];
      int nvals = ragged ? (int) splits[rows] : rows * width;
      double[] flat = new double[nvals];
      int next = 0;
      for (int row = 0; row < rows; row++) {
        int length = ragged ? (int) (splits[row + 1] - splits[row]) : width;
        for (int k = 0; k < width; k++) {
          // logits of a moderate range (results stay normal), with repeats, so ties and large spreads both occur
          double v = k >= length ? Double.NEGATIVE_INFINITY
              : r.nextInt(4) == 0 ? Math.floor(r.nextDouble(-3, 3)) : r.nextDouble(-30, 30);
          padded[row * width + k] = v;
          if (k < length) {
            flat[next++] = v;
          }
        }
      }
      Tensor tfIn = typed(dtype, new int[] {rows, width}, padded);
      Tensor expected = TfEval.run(tf -> List.of(tf.scope().opBuilder(tfOp, tfOp)
          .addInput(TfEval.constant(tf, tfIn).asOutput()).build().output(0))).value(0);
      GraphBuilder g = new GraphBuilder();
      dev.tatter.frontend.Ops tt = g.ops();
      Tensor actual;
      if (ragged) {
        RaggedTensor rt = RaggedTensor.of(typed(dtype, new int[] {nvals}, flat),
            RowPartition.fromRowSplits(splits, DType.INT64, true));
        Value in = g.placeholder("rt", Types.parse("ragged<" + dtype + ">[None, (None)]"));
        actual = ((RaggedTensor) run(g, log ? tt.nn.logSoftmax(in) : tt.nn.softmax(in), Map.of("rt", rt))).flatValues();
      } else {
        Value in = g.constant(tfIn);
        actual = (Tensor) run(g, log ? tt.nn.logSoftmax(in) : tt.nn.softmax(in), Map.of());
      }
      int k = 0;
      for (int row = 0; row < rows; row++) {
        int length = ragged ? (int) (splits[row + 1] - splits[row]) : width;
        for (int j = 0; j < length; j++, k++) {
          double e = expected.getDouble(row * width + j);
          double a = actual.getDouble(k);
          long d = log ? scaledUlps(e, a, dtype) : MathOracleTest.ulps(e, a, dtype);
          if (d > max) {
            max = d;
            worst = "row " + row + " of case " + seed + ": TF " + e + ", Tatter " + a;
          }
        }
      }
    }
    System.out.println("ULP " + tfOp + (ragged ? " ragged " : " ") + dtype + " max=" + max + (max == 0 ? "" : " (" + worst + ")"));
    assertTrue(max <= bound(tfOp, dtype), tfOp + " " + dtype + ": " + max + " ulp > the stated bound; " + worst);
  }

  /**
   * A log-softmax near 0 is {@code x - max - log(sum)} with {@code log(sum)} near {@code x - max}: the
   * cancellation leaves an absolute error of about one ulp of 1 in both TF and Tatter, whatever the
   * result's own size, so it is measured in ulp of {@code max(|result|, 1)}.
   */
  static long scaledUlps(double e, double a, DType dtype) {
    long plain = MathOracleTest.ulps(e, a, dtype);
    if (plain == 0 || Double.isNaN(e) || Double.isNaN(a) || Double.isInfinite(e) || Double.isInfinite(a)) {
      return plain;
    }
    double unit = dtype == DType.FLOAT32 ? Math.ulp((float) Math.max(Math.abs(e), 1)) : Math.ulp(Math.max(Math.abs(e), 1));
    return Math.min(plain, (long) Math.ceil(Math.abs(a - e) / unit));
  }

  private static Tensor typed(DType dtype, int[] shape, double[] values) {
    if (dtype == DType.FLOAT64) {
      return Tensor.wrap(dtype, shape, values.clone());
    }
    float[] f = new float[values.length];
    for (int i = 0; i < f.length; i++) {
      f[i] = (float) values[i];
    }
    return Tensor.wrap(dtype, shape, f);
  }

  /** Compiled and interpreted must agree bit for bit; the compiled result is compared with TF. */
  private static Object run(GraphBuilder g, Value out, Map<String, Object> feeds) {
    Object compiled = new Session(g.build()).run(feeds, out).get(0);
    Object interpreted = new Session(g.build(), "", Session.Backend.INTERPRETED).run(feeds, out).get(0);
    assertEquals(interpreted, compiled, "compiled vs interpreted");
    return compiled;
  }
}
