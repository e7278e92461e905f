package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.ir.Fusion;
import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.TfBinding;
import dev.tatter.ir.ops.CoreOps;
import dev.tatter.ir.ops.OpRegistry;
import dev.tatter.ir.ops.TranscendentalOps;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.DTypeSet;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.elementwise.ScalarFunction;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.opentest4j.AssertionFailedError;
import org.tensorflow.Operand;
import org.tensorflow.Output;
import org.tensorflow.op.Ops;
import org.tensorflow.proto.DataType;

/**
 * Every pointwise op of the registry against the TF kernel its binding names, on random and
 * extreme inputs of every dtype the op accepts: the registry decides what is compared, so a new
 * pointwise op is covered as soon as it exists, and one that names no reference raw op and no
 * Python-level definition fails here until it does. For each dtype the kernel is the first of the
 * op's raw ops that TF registers a CPU kernel for ({@code Abs}, or {@code ComplexAbs} for complex
 * values). Results agree bit for bit (any NaN meets any NaN) except where docs/SEMANTICS.md states
 * an ulp bound for the op ({@link UlpBounds}), and at elements where TF flushed a subnormal to zero
 * ({@link OracleAssert}): an input, the result, or the quotient of the two operands (which
 * FloorDiv, FloorMod and TruncateDiv floor or truncate). An op TF's Python layer defines rather
 * than one kernel ({@code TfBinding.pythonLevel}) is reported and left to the tests of its own.
 *
 * <p>Each op and dtype runs {@value #SMALL_CASES} small cases (0 to 4 elements, every operand drawn
 * from the whole range of the dtype, so integer division by zero and negative integer exponents
 * come up: then both must fail) and {@value #LARGE_CASES} cases of 64 elements whose second integer
 * operand is kept in [1, 7] so that their values are compared. Every case is padded to a multiple
 * of {@value #LANES} elements, so that TF's vectorized loop computes every element (its scalar loop
 * over a remainder rounds or orders some results differently, see docs/SEMANTICS.md).
 *
 * <p>{@link #KNOWN_DIFFERENCES} lists the op and dtype pairs where Tatter is known to differ from
 * TF's kernel and has not been fixed yet; such a pair must still differ, so a fix is noticed and the
 * entry removed.
 */
class PointwiseOracleTest {
  static final int SMALL_CASES = 24;
  static final int LARGE_CASES = 4;
  static final int LANES = 16;

  private static final String SQUARED_DIFFERENCE_16 = "TF rounds x - y to the 16-bit format before squaring it (Eigen's half "
      + "arithmetic rounds every operation); Tatter squares the float difference and rounds once: (0.0002708 - 1)^2 is "
      + "0.99902 in TF's float16, 0.99951 in Tatter's";
  private static final String TRUNCATEDIV_16 = "TF truncates the quotient rounded to the 16-bit format (as floordiv floors it, "
      + "docs/SEMANTICS.md); Tatter truncates the float quotient and rounds the result: -0.5 / 0.0002242 is -2230 in TF's "
      + "float16, -2228 in Tatter's";

  private static final String ELU_32 = "TF's float32 exp (Eigen's polynomial) and Tatter's (correctly rounded) differ by 1 ulp of "
      + "exp(x) near 1, which exp(x) - 1 turns into many ulp of a result near 0 (1024 at x = -5.9e-4, 56 for selu at -0.011); "
      + "the absolute distance stays within 1 ulp of 1.0 (docs/SEMANTICS.md)";

  /** Op and dtype pairs where Tatter differs from TF's kernel (not fixed yet), with what differs. */
  static final Map<String, String> KNOWN_DIFFERENCES = Map.of(
      "squared_difference float16", SQUARED_DIFFERENCE_16, "squared_difference bfloat16", SQUARED_DIFFERENCE_16,
      "truncatediv float16", TRUNCATEDIV_16, "truncatediv bfloat16", TRUNCATEDIV_16,
      "maximum float16", "of -0.0 and 0.0, TF's float16 kernel returned the first operand in a vectorized lane (element 53 of "
          + "64); Tatter returns the second, as TF's float32 and float64 lanes do (docs/SEMANTICS.md)",
      "elu float32", ELU_32, "selu float32", ELU_32);
  static final UlpBounds BOUNDS = UlpBounds.read();

  static Stream<String> pointwiseOps() {
    return OpRegistry.ALL.stream().filter(op -> op.fusion() instanceof Fusion.Pointwise).map(OpDef::mnemonic);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("pointwiseOps")
  void pointwiseOp_matchesItsTfKernel_onEveryDtypeItAccepts(String mnemonic) {
    check(OpRegistry.lookup(mnemonic).orElseThrow());
  }

  /**
   * The check itself can fail: an op that names no reference raw op and no Python-level
   * definition, and an op bound to a kernel that computes something else, are refused.
   */
  @Test
  void anOpWithoutAReference_orWithTheWrongOne_fails() {
    ScalarFunction sqrt = TranscendentalOps.SQRT.scalarFunction();
    OpDef unbound = OpDef.builder("sqrt_unbound").operands("x").pointwise(sqrt.overloadSet(), sqrt.name())
        .type(ctx -> ctx.dense(0)).dtypes(DTypeSet.FLOATING).build();
    AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> check(unbound));
    assertTrue(e.getMessage().contains("names no reference raw op and no Python-level definition"), e.getMessage());
    OpDef misbound = OpDef.builder("sqrt_misbound").operands("x").pointwise(sqrt.overloadSet(), sqrt.name())
        .type(ctx -> ctx.dense(0)).dtypes(DTypeSet.FLOATING).tfRawOps("Rsqrt").build();
    e = assertThrows(AssertionFailedError.class, () -> check(misbound));
    assertTrue(e.getMessage().startsWith("sqrt_misbound differs from TF on 4 dtype(s)"), e.getMessage());
  }

  /** Compares {@code op} with its TF kernel on every dtype it accepts; fails naming each dtype that differs. */
  static void check(OpDef op) {
    String mnemonic = op.mnemonic();
    TfBinding tf = op.tf();
    if (tf.referenceRawOp().isEmpty() && tf.pythonLevel().isEmpty()) {
      fail(mnemonic + " names no reference raw op and no Python-level definition, so the oracle cannot reach it: "
          + "give it .tfRawOps(\"TfOpName\"), or say how TF's Python layer defines it with .tfPythonLevel(...)");
    }
    Assumptions.assumeTrue(tf.pythonLevel().isEmpty(),
        () -> mnemonic + " is defined by TF's Python layer, not one kernel (" + tf.pythonLevel() + "): its own tests compare it");
    Map<String, String> failures = new TreeMap<>();
    int compared = 0;
    for (DType dtype : DType.values()) {
      if (!op.accepts(dtype)) {
        continue;
      }
      String raw = kernelFor(tf, dtype);
      if (raw == null) {
        failures.put(dtype.tfName(), "accepted, but none of " + tf.rawOps() + " has a CPU kernel for it in TF");
        continue;
      }
      String known = KNOWN_DIFFERENCES.get(mnemonic + " " + dtype.tfName());
      String difference = null;
      Graph graph = graph(op, dtype);
      DType resultDType = graph.outputs().get(0).type().dtype();
      long bound = BOUNDS.of(mnemonic, dtype);
      Worst worst = new Worst();
      List<List<Tensor>> cases = cases(op, dtype);
      List<TfEval.Outcome> expected = tfOutcomes(raw, cases, resultDType);
      try (Session session = new Session(graph)) {
        for (int c = 0; c < cases.size(); c++) {
          compare(raw, session, cases.get(c), expected.get(c), resultDType, worst);
          compared++;
        }
        if (worst.ulps > bound) {
          difference = raw + ": " + worst.ulps + " ulp from TF, above the bound of " + bound + " docs/SEMANTICS.md states, at " + worst.where;
        }
      } catch (AssertionError e) {
        difference = e.getMessage();
      }
      if (worst.ulps > 0) {
        System.out.println("POINTWISE " + mnemonic + " " + dtype + " (TF's " + raw + "): max " + worst.ulps + " ulp (bound " + bound + ")");
      }
      if (known != null && difference == null) {
        failures.put(dtype.tfName(), "listed in KNOWN_DIFFERENCES (" + known + ") but now agrees with TF: remove the entry");
      } else if (known != null) {
        System.out.println("POINTWISE known difference, " + mnemonic + " " + dtype + ": " + known + "; found: " + shorten(difference));
      } else if (difference != null) {
        failures.put(dtype.tfName(), difference);
      }
    }
    if (!failures.isEmpty()) {
      StringBuilder message = new StringBuilder(mnemonic + " differs from TF on " + failures.size() + " dtype(s):");
      failures.forEach((d, why) -> message.append("\n  ").append(d).append(": ").append(shorten(why)));
      fail(message.toString());
    }
    if (compared == 0) {
      fail(mnemonic + " accepts no dtype the oracle could run");
    }
  }

  private static String shorten(String message) {
    return message.length() > 900 ? message.substring(0, 900) + "..." : message;
  }

  /** The inputs of every case of {@code op} on {@code dtype}, each operand padded to whole vector lanes. */
  static List<List<Tensor>> cases(OpDef op, DType dtype) {
    List<List<Tensor>> cases = new ArrayList<>();
    for (int seed = 0; seed < SMALL_CASES + LARGE_CASES; seed++) {
      SplittableRandom r = new SplittableRandom(op.mnemonic().hashCode() * 31L + dtype.ordinal() * 1000L + seed);
      boolean large = seed >= SMALL_CASES;
      int n = large ? 64 : seed % 5;
      List<Tensor> inputs = new ArrayList<>();
      for (int i = 0; i < op.operandNames().size(); i++) {
        inputs.add(OracleValues.padded(OracleValues.vector(dtype, n, r, large && i == 1), LANES));
      }
      cases.add(inputs);
    }
    return cases;
  }

  /**
   * TF's outcome of every case: one graph computing them all, or, when that run fails (a case TF
   * refuses, such as an integer division by zero), one run per case, so each case fails or not on
   * its own.
   */
  static List<TfEval.Outcome> tfOutcomes(String raw, List<List<Tensor>> cases, DType resultDType) {
    int fetches = resultDType.isComplex() ? 2 : 1;
    TfEval.Outcome all = TfEval.run(ops -> {
      List<Operand<?>> out = new ArrayList<>();
      cases.forEach(inputs -> out.addAll(tfResult(ops, raw, inputs, resultDType)));
      return out;
    });
    List<TfEval.Outcome> outcomes = new ArrayList<>();
    for (int c = 0; c < cases.size(); c++) {
      List<Tensor> inputs = cases.get(c);
      outcomes.add(all.failed() ? TfEval.run(ops -> tfResult(ops, raw, inputs, resultDType))
          : new TfEval.Outcome(all.values().subList(c * fetches, (c + 1) * fetches), null));
    }
    return outcomes;
  }

  /** The first raw op of the binding TF registers a CPU kernel of for {@code dtype}, or null. */
  static String kernelFor(TfBinding tf, DType dtype) {
    for (String raw : tf.rawOps()) {
      if (TfKernels.cpuDtypes(raw).contains(dtype)) {
        return raw;
      }
    }
    return null;
  }

  /** {@code op(x0[, x1])} over vectors of {@code dtype}. */
  static Graph graph(OpDef op, DType dtype) {
    Graph.Builder b = Graph.builder();
    List<Node> inputs = new ArrayList<>();
    for (int i = 0; i < op.operandNames().size(); i++) {
      inputs.add(b.add(CoreOps.PLACEHOLDER, List.of(), Map.of(), "x" + i, null, Types.dense(dtype, -1)));
    }
    return b.addOutput(b.add(op, inputs, Map.of(), "out", null, null)).build();
  }

  /** The largest distance from TF seen, in ulp, and where. */
  static final class Worst {
    long ulps;
    String where = "";

    void see(long d, String at) {
      if (d > ulps) {
        ulps = d;
        where = at;
      }
    }
  }

  /**
   * Runs one case through Tatter and compares with TF's outcome: both fail, or both give the same values, or floats at a
   * finite distance recorded in {@code worst}; a NaN, infinity, zero or sign that differs fails.
   */
  static void compare(String raw, Session session, List<Tensor> inputs, TfEval.Outcome expected, DType resultDType, Worst worst) {
    Map<String, Tensor> feeds = new HashMap<>();
    for (int i = 0; i < inputs.size(); i++) {
      feeds.put("x" + i, inputs.get(i));
    }
    Tensor actual;
    try {
      actual = session.run(feeds, "out").tensor(0);
    } catch (RuntimeException e) {
      if (expected.failed()) {
        return;
      }
      throw new AssertionError(raw + ": TF gives " + expected.values() + ", Tatter fails: " + e.getMessage() + " (inputs " + inputs + ")", e);
    }
    if (expected.failed()) {
      throw new AssertionError(raw + ": TF fails (" + expected.error() + "), Tatter gives " + actual + " (inputs " + inputs + ")");
    }
    if (resultDType.isComplex()) {
      for (int i = 0; i < actual.size(); i++) {
        partUlps(expected.value(0).getDouble(i), actual.real(i), resultDType, raw, inputs, i, worst);
        partUlps(expected.value(1).getDouble(i), actual.imag(i), resultDType, raw, inputs, i, worst);
      }
      return;
    }
    Tensor tfValues = TfDTypes.back(expected.value(0), resultDType);
    if (!resultDType.isFloating()) {
      OracleAssert.sameValues(tfValues, actual, raw + " of " + inputs, i -> false);
      return;
    }
    for (int i = 0; i < actual.size(); i++) {
      double e = tfValues.getDouble(i);
      double a = actual.getDouble(i);
      if (flushed(inputs, i) || OracleAssert.subnormal(a, resultDType) || OracleAssert.subnormal(e, resultDType)) {
        continue; // TF flushes subnormals (FTZ/DAZ); Tatter keeps IEEE
      }
      long d = OracleValues.ulps(tfValues, actual, i);
      String at = raw + at(inputs, i) + ": TF gives " + e + ", Tatter " + a;
      if (d == Long.MAX_VALUE) {
        throw new AssertionError(at + ", a NaN, infinity, zero or sign that differs (element " + i + " of " + inputs + ")");
      }
      worst.see(d, at);
    }
  }

  /** Element {@code i} of each input, as {@code (x, y)}. */
  private static String at(List<Tensor> inputs, int i) {
    StringBuilder out = new StringBuilder("(");
    for (Tensor t : inputs) {
      out.append(out.length() > 1 ? ", " : "").append(t.dtype().isComplex() ? "complex(" + t.real(i) + ", " + t.imag(i) + ")" : t.get(i));
    }
    return out.append(")").toString();
  }

  /**
   * Whether TF may have flushed a subnormal at element {@code i}: a float operand is subnormal, or
   * the quotient of two float operands is (FloorDiv, FloorMod and TruncateDiv floor or truncate it).
   */
  private static boolean flushed(List<Tensor> inputs, int i) {
    for (Tensor in : inputs) {
      if (in.dtype().isFloating() && OracleAssert.subnormal(in.getDouble(i), in.dtype())) {
        return true;
      }
    }
    return inputs.size() == 2 && inputs.get(0).dtype().isFloating()
        && OracleAssert.subnormal(inputs.get(0).getDouble(i) / inputs.get(1).getDouble(i), inputs.get(0).dtype());
  }

  private static void partUlps(double expected, double actual, DType dtype, String raw, List<Tensor> inputs, int i, Worst worst) {
    long d = OracleValues.partUlps(expected, actual, dtype == DType.COMPLEX64);
    String at = raw + at(inputs, i) + ": a part is " + expected + " in TF, " + actual + " in Tatter";
    if (d == Long.MAX_VALUE) {
      throw new AssertionError(at + ", a NaN, infinity, zero or sign that differs (element " + i + " of " + inputs + ")");
    }
    worst.see(d, at);
  }

  /** TF's {@code raw(inputs)} with its result type attributes set, fetched as Tatter can read it (a complex result as its parts). */
  static List<Operand<?>> tfResult(Ops ops, String raw, List<Tensor> inputs, DType resultDType) {
    var builder = ops.scope().opBuilder(raw, raw);
    for (Tensor t : inputs) {
      builder.addInput(t.dtype().isComplex() ? ComplexOracleTest.tfComplex(ops, t.dtype(), OracleValues.parts(t)) : TfDTypes.feed(ops, t));
    }
    Set<String> resultTypes = TfKernels.outputTypeAttrs(raw);
    for (String attr : resultTypes) {
      builder.setAttr(attr, TfDTypes.tfType(resultDType));
    }
    Output<?> out = builder.build().output(0);
    if (!resultDType.isComplex()) {
      return List.of(TfDTypes.fetchable(ops, out, resultDType));
    }
    DataType part = resultDType == DType.COMPLEX64 ? DataType.DT_FLOAT : DataType.DT_DOUBLE;
    return List.of(ops.scope().opBuilder("Real", "Real").addInput(out).setAttr("Tout", part).build().output(0),
        ops.scope().opBuilder("Imag", "Imag").addInput(out).setAttr("Tout", part).build().output(0));
  }
}
