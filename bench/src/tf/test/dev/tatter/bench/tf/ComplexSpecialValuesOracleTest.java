package dev.tatter.bench.tf;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.BiFunction;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.tensorflow.Operand;
import org.tensorflow.Output;
import org.tensorflow.proto.DataType;

/**
 * The complex functions against TF's kernels on non-finite and extreme operands: every pair of parts
 * from {0, -0, 1, -1, tiny, huge, inf, -inf, NaN} and a few random huge and tiny parts, per op and
 * dtype (binary ops: every pair of such values). Where TF's part is NaN, an infinity or a zero,
 * Tatter's must be the same (NaN-ness, the infinity, the zero's sign); a finite nonzero part must
 * be within the op's finite-input bound of {@link ComplexOracleTest}. Each element that breaks this
 * is printed with both results; an op's mismatches must be no more than docs/SEMANTICS.md
 * admits for it ({@link #ADMITTED}). Tensors are padded to a multiple of 16 elements so every
 * element goes through the path Eigen's vectorized loop takes.
 */
class ComplexSpecialValuesOracleTest {
  static final Map<String, Integer> MISMATCHES = new LinkedHashMap<>();

  /** The values a part takes: the named grid, then random huge and tiny values of both signs. */
  static double[] values(DType dtype) {
    boolean single = dtype == DType.COMPLEX64;
    double tiny = single ? 1e-38 : 1e-307, huge = single ? 3e38 : 1.7e308;
    List<Double> v = new ArrayList<>(List.of(0.0, -0.0, 1.0, -1.0, tiny, huge, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, Double.NaN));
    SplittableRandom r = new SplittableRandom(13);
    double maxExp = single ? 38 : 308;
    for (int i = 0; i < 3; i++) {
      v.add((r.nextBoolean() ? 1 : -1) * Math.pow(10, maxExp * (0.3 + 0.7 * r.nextDouble())));
      v.add((r.nextBoolean() ? 1 : -1) * Math.pow(10, -maxExp * (0.3 + 0.7 * r.nextDouble())));
    }
    double[] out = new double[v.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = single ? (float) (double) v.get(i) : v.get(i);
    }
    return out;
  }

  /** Parts {@code re0, im0, ...} of every pair of values, padded with 0j to a multiple of 16 elements. */
  static double[] grid(DType dtype) {
    double[] v = values(dtype);
    int n = v.length * v.length;
    int padded = (n + 15) / 16 * 16;
    double[] p = new double[2 * padded];
    for (int i = 0; i < v.length; i++) {
      for (int j = 0; j < v.length; j++) {
        p[2 * (i * v.length + j)] = v[i];
        p[2 * (i * v.length + j) + 1] = v[j];
      }
    }
    return p;
  }

  /** Each element of {@code a} against each of {@code b}: the two operands' parts, padded as {@link #grid}. */
  static double[][] pairs(double[] a, double[] b) {
    int na = a.length / 2, nb = b.length / 2;
    int padded = (na * nb + 15) / 16 * 16;
    double[] x = new double[2 * padded], y = new double[2 * padded];
    for (int i = 0; i < na; i++) {
      for (int j = 0; j < nb; j++) {
        int k = i * nb + j;
        x[2 * k] = a[2 * i];
        x[2 * k + 1] = a[2 * i + 1];
        y[2 * k] = b[2 * j];
        y[2 * k + 1] = b[2 * j + 1];
      }
    }
    return new double[][] {x, y};
  }

  static void check(String tfName, DType dtype, List<double[]> operands, Function<List<Value>, Value> tatter) {
    GraphBuilder g = new GraphBuilder();
    List<Value> ins = new ArrayList<>();
    Map<String, Tensor> feeds = new HashMap<>();
    for (int i = 0; i < operands.size(); i++) {
      ins.add(g.placeholder("x" + i, Types.dense(dtype, -1)));
      feeds.put("x" + i, ComplexOracleTest.complexTensor(dtype, operands.get(i)));
    }
    Value out = tatter.apply(ins);
    Tensor got;
    try (Session s = new Session(g.build(out))) {
      got = s.run(feeds, out).tensor(0);
    }
    boolean complexResult = got.dtype().isComplex();
    boolean single = dtype == DType.COMPLEX64;
    DataType part = single ? DataType.DT_FLOAT : DataType.DT_DOUBLE;
    TfEval.Outcome tf = TfEval.run(ops -> {
      var b = ops.scope().opBuilder(tfName, tfName);
      for (double[] p : operands) {
        b.addInput(ComplexOracleTest.tfComplex(ops, dtype, p));
      }
      if (tfName.equals("ComplexAbs")) {
        b.setAttr("Tout", part);
      }
      Output<?> result = b.build().output(0);
      List<Operand<?>> fetches = new ArrayList<>();
      if (complexResult) {
        fetches.add(ops.scope().opBuilder("Real", "Real").addInput(result).setAttr("Tout", part).build().output(0));
        fetches.add(ops.scope().opBuilder("Imag", "Imag").addInput(result).setAttr("Tout", part).build().output(0));
      } else {
        fetches.add(result);
      }
      return fetches;
    });
    long bound = ComplexOracleTest.BOUND.getOrDefault(tfName, 0L);
    String what = tfName + " " + dtype;
    int bad = 0;
    for (int i = 0; i < got.size(); i++) {
      double tre = tf.value(0).getDouble(i), gre = complexResult ? got.real(i) : got.getDouble(i);
      double tim = complexResult ? tf.value(1).getDouble(i) : 0, gim = complexResult ? got.imag(i) : 0;
      if (!agrees(tre, gre, single, bound) || !agrees(tim, gim, single, bound)) {
        bad++;
        StringBuilder in = new StringBuilder();
        for (double[] p : operands) {
          in.append(" (").append(p[2 * i]).append(", ").append(p[2 * i + 1]).append(")");
        }
        System.out.println("complex special: " + what + in + " TF (" + tre + ", " + tim + ") Tatter (" + gre + ", " + gim + ")");
      }
    }
    MISMATCHES.merge(what, bad, Integer::sum);
  }

  /** NaN only with NaN, an infinity or a zero only with itself (sign included), else within {@code bound} ulp. */
  static boolean agrees(double expected, double actual, boolean single, long bound) {
    if (Double.isNaN(expected) || Double.isNaN(actual)) {
      return Double.isNaN(expected) && Double.isNaN(actual);
    }
    if (Double.isInfinite(expected) || expected == 0 || Double.isInfinite(actual) || actual == 0) {
      return Double.doubleToLongBits(expected) == Double.doubleToLongBits(actual);
    }
    return ComplexOracleTest.ulps(expected, actual, single, "", 0) <= bound;
  }

  static void unary(String tfName, Function<Value, Value> op) {
    for (DType dtype : ComplexOracleTest.COMPLEX) {
      check(tfName, dtype, List.of(grid(dtype)), ins -> op.apply(ins.get(0)));
    }
  }

  static void binary(String tfName, BiFunction<Value, Value, Value> op) {
    for (DType dtype : ComplexOracleTest.COMPLEX) {
      double[] g = grid(dtype);
      check(tfName, dtype, List.of(pairs(g, g)), ins -> op.apply(ins.get(0), ins.get(1)));
    }
  }

  @Test
  void expLogAndRoots() {
    unary("Exp", x -> x.graph().ops().math.exp(x));
    unary("Expm1", x -> x.graph().ops().math.expm1(x));
    unary("Log", x -> x.graph().ops().math.log(x));
    unary("Log1p", x -> x.graph().ops().math.log1p(x));
    unary("Sign", x -> x.graph().ops().math.sign(x));
    unary("Sqrt", x -> x.graph().ops().math.sqrt(x));
    unary("Rsqrt", x -> x.graph().ops().math.rsqrt(x));
    unary("Sigmoid", x -> x.graph().ops().math.sigmoid(x));
  }

  @Test
  void trigonometricAndHyperbolic() {
    unary("Sin", x -> x.graph().ops().math.sin(x));
    unary("Cos", x -> x.graph().ops().math.cos(x));
    unary("Tan", x -> x.graph().ops().math.tan(x));
    unary("Sinh", x -> x.graph().ops().math.sinh(x));
    unary("Cosh", x -> x.graph().ops().math.cosh(x));
    unary("Tanh", x -> x.graph().ops().math.tanh(x));
  }

  @Test
  void inverseFunctions() {
    unary("Asin", x -> x.graph().ops().math.asin(x));
    unary("Acos", x -> x.graph().ops().math.acos(x));
    unary("Atan", x -> x.graph().ops().math.atan(x));
    unary("Asinh", x -> x.graph().ops().math.asinh(x));
    unary("Acosh", x -> x.graph().ops().math.acosh(x));
    unary("Atanh", x -> x.graph().ops().math.atanh(x));
  }

  @Test
  void absAndDivision() {
    unary("ComplexAbs", Value::abs);
    unary("Reciprocal", x -> x.graph().ops().math.reciprocal(x));
    binary("RealDiv", Value::truediv);
    binary("Div", Value::truediv);
    binary("Pow", Value::pow);
  }

  /**
   * The mismatches docs/SEMANTICS.md admits, per op and dtype (absent: none), as measured against
   * TF 2.18: a count may only go down. The kinds of difference are listed there.
   */
  static final Map<String, Integer> ADMITTED = Map.ofEntries(
      Map.entry("Exp complex64", 2),
      Map.entry("Expm1 complex64", 22),
      Map.entry("Expm1 complex128", 3),
      Map.entry("Log complex64", 117),
      Map.entry("Log complex128", 116),
      Map.entry("Sign complex64", 29),
      Map.entry("Sign complex128", 8),
      Map.entry("Log1p complex64", 34),
      Map.entry("Log1p complex128", 23),
      Map.entry("Sqrt complex64", 23),
      Map.entry("Sqrt complex128", 12),
      Map.entry("Rsqrt complex64", 19),
      Map.entry("Sigmoid complex64", 23),
      Map.entry("Sigmoid complex128", 31),
      Map.entry("ComplexAbs complex64", 5),
      Map.entry("Reciprocal complex64", 54),
      Map.entry("Reciprocal complex128", 27),
      Map.entry("RealDiv complex64", 7015),
      Map.entry("RealDiv complex128", 2437),
      Map.entry("Div complex64", 7015),
      Map.entry("Div complex128", 2437),
      Map.entry("Pow complex64", 7384),
      Map.entry("Pow complex128", 1393),
      Map.entry("Sin complex64", 55),
      Map.entry("Sin complex128", 26),
      Map.entry("Cos complex64", 48),
      Map.entry("Cos complex128", 28),
      Map.entry("Tan complex64", 47),
      Map.entry("Tan complex128", 24),
      Map.entry("Sinh complex64", 55),
      Map.entry("Sinh complex128", 26),
      Map.entry("Cosh complex64", 48),
      Map.entry("Cosh complex128", 28),
      Map.entry("Tanh complex64", 47),
      Map.entry("Tanh complex128", 24),
      Map.entry("Asin complex64", 42),
      Map.entry("Asin complex128", 44),
      Map.entry("Acos complex64", 22),
      Map.entry("Acos complex128", 24),
      Map.entry("Atan complex64", 34),
      Map.entry("Atan complex128", 30),
      Map.entry("Asinh complex64", 42),
      Map.entry("Asinh complex128", 44),
      Map.entry("Acosh complex64", 25),
      Map.entry("Acosh complex128", 24),
      Map.entry("Atanh complex64", 34),
      Map.entry("Atanh complex128", 30));

  @AfterAll
  static void report() {
    MISMATCHES.forEach((op, n) -> System.out.println("complex special: " + op + " " + n + " mismatches"));
    MISMATCHES.forEach((op, n) -> {
      if (n > ADMITTED.getOrDefault(op, 0)) {
        throw new AssertionError(op + ": " + n + " special-value mismatches with TF, " + ADMITTED.getOrDefault(op, 0) + " admitted");
      }
    });
  }
}
