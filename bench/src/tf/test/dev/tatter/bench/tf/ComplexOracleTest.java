package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.tensorflow.Operand;
import org.tensorflow.Output;
import org.tensorflow.op.Ops;
import org.tensorflow.proto.DataType;

/**
 * complex64 and complex128 against TF's kernels. TF Java has no complex tensor class, so the TF
 * graph builds its complex operands with {@code Complex(re, im)} from float constants and fetches
 * {@code Real} and {@code Imag} of a complex result; Tatter is fed the same parts. Each part is
 * compared by its distance in ulps (0 is bit for bit; any NaN equals any NaN); the largest
 * distance per op and dtype is printed, and must stay within the bound docs/SEMANTICS.md states
 * (0 for add, sub, mul, neg, conj, real, imag, the comparisons and the casts).
 */
class ComplexOracleTest {
  static final int CASES = 40;
  static final Map<String, Long> WORST = new LinkedHashMap<>();

  /** A part: mostly moderate values, sometimes an extreme (±0, ±inf, NaN, huge, tiny). */
  static double part(SplittableRandom r) {
    double[] extremes = {0.0, -0.0, 1.0, -1.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1e30, -3e-30, 0.5};
    return r.nextInt(6) == 0 ? extremes[r.nextInt(extremes.length)] : (r.nextDouble() - 0.5) * 8;
  }

  /** Parts {@code re0, im0, re1, ...}; {@code finite} leaves out the extremes. */
  static double[] parts(int n, SplittableRandom r, boolean finite) {
    double[] p = new double[2 * n];
    for (int i = 0; i < p.length; i++) {
      p[i] = finite ? (r.nextDouble() - 0.5) * 8 : part(r);
    }
    return p;
  }

  static Tensor complexTensor(DType dtype, double[] parts) {
    if (dtype == DType.COMPLEX128) {
      return Tensor.ofComplex128(parts);
    }
    float[] f = new float[parts.length];
    for (int i = 0; i < f.length; i++) {
      f[i] = (float) parts[i];
    }
    return Tensor.ofComplex64(f);
  }

  /** TF's {@code Complex(re, im)} of the parts, as a float constant of each. */
  static Output<?> tfComplex(Ops tf, DType dtype, double[] parts) {
    int n = parts.length / 2;
    double[] re = new double[n], im = new double[n];
    for (int i = 0; i < n; i++) {
      re[i] = parts[2 * i];
      im[i] = parts[2 * i + 1];
    }
    Operand<?> r, m;
    if (dtype == DType.COMPLEX128) {
      r = tf.constant(re);
      m = tf.constant(im);
    } else {
      float[] rf = new float[n], mf = new float[n];
      for (int i = 0; i < n; i++) {
        rf[i] = (float) re[i];
        mf[i] = (float) im[i];
      }
      r = tf.constant(rf);
      m = tf.constant(mf);
    }
    return tf.scope().opBuilder("Complex", "Complex").addInput(r.asOutput()).addInput(m.asOutput())
        .setAttr("Tout", dtype == DType.COMPLEX64 ? DataType.DT_COMPLEX64 : DataType.DT_COMPLEX128).build().output(0);
  }

  static Output<?> tfOp(Ops tf, String name, Output<?>... ins) {
    var b = tf.scope().opBuilder(name, name);
    for (Output<?> in : ins) {
      b.addInput(in);
    }
    return b.build().output(0);
  }

  /**
   * Runs {@code tatter} on the complex operands and {@code tf} on TF's, compares the result part by
   * part (a complex result) or value by value, and records the largest ulp distance under {@code what}.
   */
  static void compare(String what, DType dtype, List<double[]> operands, Function<List<Value>, Value> tatter,
      Function<Ops, Function<List<Output<?>>, Output<?>>> tf) {
    GraphBuilder g = new GraphBuilder();
    dev.tatter.frontend.Ops tt = g.ops();
    List<Value> ins = new ArrayList<>();
    Map<String, Tensor> feeds = new java.util.HashMap<>();
    for (int i = 0; i < operands.size(); i++) {
      ins.add(g.placeholder("x" + i, Types.dense(dtype, -1)));
      feeds.put("x" + i, complexTensor(dtype, operands.get(i)));
    }
    Value out = tatter.apply(ins);
    Tensor got;
    try (Session s = new Session(g.build(out))) {
      got = s.run(feeds, out).tensor(0);
    }
    boolean complexResult = got.dtype().isComplex();
    TfEval.Outcome expected = TfEval.run(ops -> {
      List<Output<?>> tfIns = new ArrayList<>();
      for (double[] p : operands) {
        tfIns.add(tfComplex(ops, dtype, p));
      }
      Output<?> result = tf.apply(ops).apply(tfIns);
      List<Operand<?>> fetches = new ArrayList<>();
      if (complexResult) {
        DataType part = dtype == DType.COMPLEX64 ? DataType.DT_FLOAT : DataType.DT_DOUBLE;
        fetches.add(ops.scope().opBuilder("Real", "Real").addInput(result).setAttr("Tout", part).build().output(0));
        fetches.add(ops.scope().opBuilder("Imag", "Imag").addInput(result).setAttr("Tout", part).build().output(0));
      } else {
        fetches.add(result);
      }
      return fetches;
    });
    long worst = 0;
    for (int i = 0; i < got.size(); i++) {
      if (complexResult) {
        worst = Math.max(worst, ulps(expected.value(0).getDouble(i), got.real(i), dtype == DType.COMPLEX64, what, i));
        worst = Math.max(worst, ulps(expected.value(1).getDouble(i), got.imag(i), dtype == DType.COMPLEX64, what, i));
      } else if (got.dtype() == DType.BOOL) {
        assertEquals(expected.value(0).get(i), got.get(i), what + " element " + i);
      } else {
        worst = Math.max(worst, ulps(expected.value(0).getDouble(i), got.getDouble(i), got.dtype() == DType.FLOAT32, what, i));
      }
    }
    WORST.merge(what, worst, Math::max);
  }

  /** The distance in ulps of the part type; NaN only matches NaN, an infinity only itself. */
  static long ulps(double expected, double actual, boolean single, String what, int i) {
    if (Double.isNaN(expected) || Double.isNaN(actual)) {
      assertEquals(Double.isNaN(expected), Double.isNaN(actual), what + " element " + i + ": TF " + expected + ", Tatter " + actual);
      return 0;
    }
    if (Double.isInfinite(expected) || Double.isInfinite(actual)) {
      assertEquals(expected, actual, what + " element " + i);
      return 0;
    }
    if (single) {
      return Math.abs((long) order(Float.floatToIntBits((float) expected)) - order(Float.floatToIntBits((float) actual)));
    }
    return Math.abs(order(Double.doubleToLongBits(expected)) - order(Double.doubleToLongBits(actual)));
  }

  private static long order(long bits) {
    return bits < 0 ? Long.MIN_VALUE - bits : bits;
  }

  private static long order(int bits) {
    return bits < 0 ? Integer.MIN_VALUE - (long) bits : bits;
  }

  static final DType[] COMPLEX = {DType.COMPLEX64, DType.COMPLEX128};

  static void binary(String tfName, java.util.function.BiFunction<Value, Value, Value> op, boolean finite) {
    for (DType dtype : COMPLEX) {
      for (int seed = 0; seed < CASES; seed++) {
        SplittableRandom r = new SplittableRandom(seed);
        int n = 1 + r.nextInt(OracleInputs.maxSize(seed) * 2);
        compare(tfName + " " + dtype, dtype, List.of(parts(n, r, finite), parts(n, r, finite)),
            ins -> op.apply(ins.get(0), ins.get(1)), tf -> ins -> tfOp(tf, tfName, ins.get(0), ins.get(1)));
      }
    }
  }

  static void unary(String tfName, Function<Value, Value> op, boolean finite) {
    for (DType dtype : COMPLEX) {
      for (int seed = 0; seed < CASES; seed++) {
        SplittableRandom r = new SplittableRandom(seed);
        int n = 1 + r.nextInt(OracleInputs.maxSize(seed) * 2);
        // ComplexAbs and Angle name their real result type (float by default)
        boolean realResult = tfName.equals("ComplexAbs") || tfName.equals("Angle");
        DataType part = dtype == DType.COMPLEX64 ? DataType.DT_FLOAT : DataType.DT_DOUBLE;
        compare(tfName + " " + dtype, dtype, List.of(parts(n, r, finite)), ins -> op.apply(ins.get(0)),
            tf -> ins -> realResult
                ? tf.scope().opBuilder(tfName, tfName).addInput(ins.get(0)).setAttr("Tout", part).build().output(0)
                : tfOp(tf, tfName, ins.get(0)));
      }
    }
  }

  @Test
  void exactOps_matchTfBitForBit_onExtremesToo() {
    binary("AddV2", Value::add, false);
    binary("Sub", Value::sub, false);
    binary("Equal", (x, y) -> x.graph().ops().math.equal(x, y), false);
    binary("NotEqual", (x, y) -> x.graph().ops().math.notEqual(x, y), false);
    unary("Neg", Value::neg, false);
    unary("Conj", x -> x.graph().ops().math.conj(x), false);
    for (String k : List.of("AddV2", "Sub", "Neg", "Conj")) {
      for (DType d : COMPLEX) {
        assertEquals(0L, WORST.get(k + " " + d), k + " " + d);
      }
    }
  }

  @Test
  void arithmetic_onFiniteValues() {
    binary("Mul", Value::mul, true);
    binary("RealDiv", Value::truediv, true);
    binary("Div", Value::truediv, true);
    binary("SquaredDifference", (x, y) -> x.graph().ops().math.squaredDifference(x, y), true);
    unary("Square", x -> x.graph().ops().math.square(x), true);
    unary("Reciprocal", x -> x.graph().ops().math.reciprocal(x), true);
    unary("Sign", x -> x.graph().ops().math.sign(x), true);
    unary("ComplexAbs", Value::abs, true);
    unary("Angle", x -> x.graph().ops().math.angle(x), true);
  }

  @Test
  void transcendentals_onFiniteValues() {
    unary("Exp", x -> x.graph().ops().math.exp(x), true);
    unary("Log", x -> x.graph().ops().math.log(x), true);
    unary("Sqrt", x -> x.graph().ops().math.sqrt(x), true);
    unary("Rsqrt", x -> x.graph().ops().math.rsqrt(x), true);
    unary("Sin", x -> x.graph().ops().math.sin(x), true);
    unary("Cos", x -> x.graph().ops().math.cos(x), true);
    unary("Tanh", x -> x.graph().ops().math.tanh(x), true);
    binary("Pow", Value::pow, true);
    unary("Sinh", x -> x.graph().ops().math.sinh(x), true);
    unary("Cosh", x -> x.graph().ops().math.cosh(x), true);
    unary("Tan", x -> x.graph().ops().math.tan(x), true);
    unary("Expm1", x -> x.graph().ops().math.expm1(x), true);
    unary("Sigmoid", x -> x.graph().ops().math.sigmoid(x), true);
  }

  @Test
  void log1pAndInverseFunctions_onFiniteValues() {
    unary("Log1p", x -> x.graph().ops().math.log1p(x), true);
    unary("Asin", x -> x.graph().ops().math.asin(x), true);
    unary("Acos", x -> x.graph().ops().math.acos(x), true);
    unary("Atan", x -> x.graph().ops().math.atan(x), true);
    unary("Asinh", x -> x.graph().ops().math.asinh(x), true);
    unary("Acosh", x -> x.graph().ops().math.acosh(x), true);
    unary("Atanh", x -> x.graph().ops().math.atanh(x), true);
  }

  /** TF's {@code name(x, axis=0)} with its attributes, against {@code tatter}, on vectors of finite parts. */
  static void alongAxis0(String name, Map<String, Boolean> attrs, Function<Value, Value> tatter, int maxLength) {
    alongAxis0(name, name, attrs, tatter, maxLength);
  }

  static void alongAxis0(String label, String name, Map<String, Boolean> attrs, Function<Value, Value> tatter, int maxLength) {
    for (DType dtype : COMPLEX) {
      for (int seed = 0; seed < CASES; seed++) {
        SplittableRandom r = new SplittableRandom(seed);
        int n = 1 + r.nextInt(maxLength);
        String what = label + attrs.keySet().stream().sorted().filter(attrs::get).map(k -> "_" + k).reduce("", String::concat);
        compare(what + " " + dtype, dtype, List.of(parts(n, r, true)), ins -> tatter.apply(ins.get(0)), tf -> ins -> {
          var b = tf.scope().opBuilder(name, name).addInput(ins.get(0)).addInput(tf.constant(0).asOutput());
          attrs.forEach((k, v) -> b.setAttr(k, (boolean) v));
          return b.build().output(0);
        });
      }
    }
  }

  @Test
  void meanAndScans_onFiniteValues() {
    // up to 64 values: TF's vectorized sum adds in another order than the element order (SEMANTICS)
    alongAxis0("Mean", Map.of(), x -> x.reduceMean(0), 64);
    // one or two values: the same sum, so this measures the division by complex(n, 0)
    alongAxis0("Mean_short", "Mean", Map.of(), x -> x.reduceMean(0), 2);
    alongAxis0("Cumsum", Map.of("exclusive", false, "reverse", false), x -> x.graph().ops().math.cumsum(x, 0), 64);
    alongAxis0("Cumsum", Map.of("exclusive", true, "reverse", true), x -> x.graph().ops().math.cumsum(x, 0, true, true), 64);
    // short vectors: a product of parts up to 4 in size overflows float after ~60 factors
    alongAxis0("Cumprod", Map.of("exclusive", false, "reverse", false), x -> x.graph().ops().math.cumprod(x, 0), 24);
    alongAxis0("Cumprod", Map.of("exclusive", true, "reverse", true), x -> x.graph().ops().math.cumprod(x, 0, true, true), 24);
  }

  /** The bounds docs/SEMANTICS.md states, in ulp of the part type, per TF op (both dtypes). */
  static final Map<String, Long> BOUND = Map.ofEntries(Map.entry("Mul", 0L), Map.entry("Square", 0L),
      Map.entry("SquaredDifference", 0L), Map.entry("Sqrt", 0L), Map.entry("Rsqrt", 0L), Map.entry("ComplexAbs", 1L),
      Map.entry("Angle", 1L), Map.entry("RealDiv", 2L), Map.entry("Div", 2L), Map.entry("Reciprocal", 1L),
      Map.entry("Sign", 2L), Map.entry("Exp", 2L), Map.entry("Log", 11L), Map.entry("Sin", 2L), Map.entry("Cos", 2L),
      Map.entry("Tanh", 3L), Map.entry("Pow", 146L),
      Map.entry("Sinh", 2L), Map.entry("Cosh", 2L), Map.entry("Tan", 3L), Map.entry("Expm1", 14L),
      Map.entry("Sigmoid", 26L), Map.entry("Log1p", 64L), Map.entry("Asin", 3L), Map.entry("Acos", 2L),
      Map.entry("Atan", 5L), Map.entry("Asinh", 3L), Map.entry("Acosh", 2L), Map.entry("Atanh", 6L),
      Map.entry("Mean", 273L), Map.entry("Mean_short", 0L));

  @AfterAll
  static void report() {
    WORST.forEach((op, ulps) -> {
      Long bound = BOUND.getOrDefault(op.substring(0, op.indexOf(' ')), 0L);
      if (ulps > bound) {
        throw new AssertionError(op + ": " + ulps + " ulp from TF, above the stated bound of " + bound);
      }
    });
    WORST.forEach((op, ulps) -> System.out.println("complex oracle: " + op + " max " + ulps + " ulp"));
  }
}
