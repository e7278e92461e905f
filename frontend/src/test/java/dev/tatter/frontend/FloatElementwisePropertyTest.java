package dev.tatter.frontend;

import static dev.tatter.frontend.ElementwisePropertyTest.apply;
import static dev.tatter.frontend.ElementwisePropertyTest.binaryOpsOn;
import static dev.tatter.frontend.ElementwisePropertyTest.compiled;
import static dev.tatter.frontend.ElementwisePropertyTest.matchesReference;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The float operators against exact BigDecimal arithmetic rounded once (IEEE's rules for the
 * non-finite values), through the interpreter and the bytecode (see {@link ElementwisePropertyTest},
 * whose graphs and comparisons these share).
 */
class FloatElementwisePropertyTest {
  /**
   * Every binary op on floats in the registry except those without an exact reference here: div
   * and floordiv (floor of an exact quotient; ElementwiseSemanticsTest and the -Ptf oracle cover
   * them), pow and atan2 (C's pow and atan2 are not exactly rounded; TranscendentalOpsTest and the
   * -Ptf oracle cover them). A new float op fails here until floatReference knows it.
   */
  @Provide
  Arbitrary<String> floatOps() {
    // complex(re, im) builds a complex value from its float parts (ComplexDTypeTest covers it)
    return Arbitraries.of(binaryOpsOn(DType.FLOAT64, Set.of("div", "floordiv", "pow", "atan2", "complex")));
  }

  @Property(tries = 300, seed = "20261130")
  void floatOps_matchExactArithmeticRoundedOnce(@ForAll("floatOps") String op, @ForAll boolean float32, @ForAll long seed) {
    Random random = new Random(seed);
    DType dtype = float32 ? DType.FLOAT32 : DType.FLOAT64;
    int n = random.nextInt(12);
    double[] a = new double[n];
    double[] b = new double[n];
    for (int i = 0; i < n; i++) {
      a[i] = floatValue(random, float32);
      b[i] = floatValue(random, float32);
    }
    ElementwisePropertyTest.Compiled c = compiled(op + dtype, g -> apply(op, g.placeholder("x", Types.dense(dtype, -1)), g.placeholder("y", Types.dense(dtype, -1))));
    Tensor out = (Tensor) c.run(Map.of("x", floatTensor(float32, a), "y", floatTensor(float32, b)));
    for (int i = 0; i < n; i++) {
      Object expected = floatReference(op, a[i], b[i], float32);
      String what = op + "(" + a[i] + ", " + b[i] + ") in " + dtype;
      if (expected instanceof Boolean) {
        assertEquals(expected, out.get(i), what);
      } else {
        matchesReference((Double) expected, out.getDouble(i), what);
      }
    }
  }

  /** Exact BigDecimal arithmetic rounded once for finite values; IEEE's rules for the rest. */
  private static Object floatReference(String op, double a, double b, boolean float32) {
    boolean finite = Double.isFinite(a) && Double.isFinite(b);
    switch (op) {
      case "lt", "le", "gt", "ge", "eq", "ne" -> {
        if (Double.isNaN(a) || Double.isNaN(b)) {
          return op.equals("ne");
        }
        int cmp = Double.compare(a == 0 ? 0.0 : a, b == 0 ? 0.0 : b); // -0.0 equals 0.0
        return switch (op) {
          case "lt" -> cmp < 0;
          case "le" -> cmp <= 0;
          case "gt" -> cmp > 0;
          case "ge" -> cmp >= 0;
          case "eq" -> cmp == 0;
          default -> cmp != 0;
        };
      }
      case "maximum", "minimum" -> {
        // TF's kernel: a NaN operand is the result; of two equal values (-0.0, 0.0) the second
        if (Double.isNaN(a) || Double.isNaN(b)) {
          return Double.NaN;
        }
        double x = float32 ? (float) a : a;
        double y = float32 ? (float) b : b;
        return op.equals("maximum") ? (x > y ? x : y) : (x < y ? x : y);
      }
      case "mod" -> {
        if (Double.isNaN(a) || Double.isNaN(b) || Double.isInfinite(a) || b == 0) {
          return Double.NaN;
        }
        if (Double.isInfinite(b)) {
          return a == 0 || (a < 0) == (b < 0) ? a : b;
        }
        BigDecimal x = new BigDecimal(a);
        BigDecimal y = new BigDecimal(b);
        BigDecimal r = x.subtract(x.divideToIntegralValue(y).multiply(y));
        if (r.signum() != 0 && r.signum() != y.signum()) {
          r = r.add(y);
        }
        return round(r, float32, a);
      }
      case "divide_no_nan", "multiply_no_nan" -> {
        // TF's DivNoNan/MulNoNan: +0.0 wherever the divisor or factor is zero, else the plain op
        if (b == 0) {
          return 0.0;
        }
        return floatReference(op.equals("divide_no_nan") ? "truediv" : "mul", a, b, float32);
      }
      case "raw_div" -> {
        return floatReference("truediv", a, b, float32);
      }
      case "leaky_relu" -> {
        // TF's LeakyRelu: x itself above 0, else x * alpha (the product rounded once)
        return a > 0 ? (float32 ? (double) (float) a : a) : floatReference("mul", a, b, float32);
      }
      case "squared_difference" -> {
        // the difference rounded once, then its square rounded once
        double d = (Double) floatReference("sub", a, b, float32);
        return floatReference("mul", d, d, float32);
      }
      case "truncatediv" -> {
        // the quotient rounded once, then truncated toward zero (exact: an integer of that float)
        double q = (Double) floatReference("truediv", a, b, float32);
        if (!Double.isFinite(q)) {
          return q;
        }
        BigDecimal t = new BigDecimal(q).setScale(0, java.math.RoundingMode.DOWN);
        return round(t, float32, q);
      }
      case "truncatemod" -> {
        // C's fmod, exact: NaN for a NaN, x infinite or y zero; x for y infinite; else x - trunc(x/y)*y
        if (Double.isNaN(a) || Double.isNaN(b) || Double.isInfinite(a) || b == 0) {
          return Double.NaN;
        }
        if (Double.isInfinite(b)) {
          return float32 ? (double) (float) a : a;
        }
        BigDecimal r = new BigDecimal(a).remainder(new BigDecimal(b));
        return round(r, float32, a);
      }
      case "nextafter" -> {
        return nextAfterReference(a, b, float32);
      }
      case "add", "sub", "mul", "truediv" -> {
        if (!finite || (op.equals("truediv") && b == 0)) {
          return ieee(op, a, b, float32);
        }
        BigDecimal x = new BigDecimal(a);
        BigDecimal y = new BigDecimal(b);
        BigDecimal exact = switch (op) {
          case "add" -> x.add(y);
          case "sub" -> x.subtract(y);
          case "mul" -> x.multiply(y);
          // enough digits that a quotient of two doubles never rounds onto (or across) a halfway point
          default -> x.divide(y, new MathContext(2000));
        };
        double r = round(exact, float32, 0);
        // an exact zero keeps IEEE's sign rules (e.g. -0.0 * 5 is -0.0): compare against those
        return r == 0 ? ieee(op, a, b, float32) : r;
      }
      default -> throw new AssertionError("no float reference for " + op
          + ": add one to floatReference, or leave it out in floatOps and say why");
    }
  }

  /** C's nextafter from the bit patterns: one step of the magnitude away from or towards zero. */
  private static double nextAfterReference(double a, double b, boolean float32) {
    if (float32) {
      float x = (float) a;
      float y = (float) b;
      if (x != x || y != y) {
        return Double.NaN;
      }
      if (x == y) {
        return y;
      }
      if (x == 0) {
        return y > 0 ? Float.MIN_VALUE : -Float.MIN_VALUE;
      }
      int bits = Float.floatToRawIntBits(x);
      boolean awayFromZero = (y > x) == (x > 0);
      return Float.intBitsToFloat(awayFromZero ? bits + 1 : bits - 1);
    }
    if (a != a || b != b) {
      return Double.NaN;
    }
    if (a == b) {
      return b;
    }
    if (a == 0) {
      return b > 0 ? Double.MIN_VALUE : -Double.MIN_VALUE;
    }
    long bits = Double.doubleToRawLongBits(a);
    boolean awayFromZero = (b > a) == (a > 0);
    return Double.longBitsToDouble(awayFromZero ? bits + 1 : bits - 1);
  }

  private static double ieee(String op, double a, double b, boolean float32) {
    if (float32) {
      float x = (float) a;
      float y = (float) b;
      return switch (op) {
        case "add" -> x + y;
        case "sub" -> x - y;
        case "mul" -> x * y;
        default -> x / y;
      };
    }
    return switch (op) {
      case "add" -> a + b;
      case "sub" -> a - b;
      case "mul" -> a * b;
      default -> a / b;
    };
  }

  private static double round(BigDecimal exact, boolean float32, double zeroSignFrom) {
    if (exact.signum() == 0) {
      return zeroSignFrom == 0 ? zeroSignFrom : Math.copySign(0.0, zeroSignFrom);
    }
    return float32 ? Float.parseFloat(exact.toString()) : Double.parseDouble(exact.toString());
  }

  private static double floatValue(Random random, boolean float32) {
    double max = float32 ? Float.MAX_VALUE : Double.MAX_VALUE;
    double tiny = float32 ? Float.MIN_VALUE : Double.MIN_VALUE;
    return switch (random.nextInt(14)) {
      case 0 -> Double.NaN;
      case 1 -> Double.POSITIVE_INFINITY;
      case 2 -> Double.NEGATIVE_INFINITY;
      case 3 -> 0.0;
      case 4 -> -0.0;
      case 5 -> max;
      case 6 -> -tiny;
      case 7 -> random.nextInt(7) - 3;
      default -> {
        double v = (random.nextDouble() - 0.5) * Math.pow(10, random.nextInt(12) - 4);
        yield float32 ? (float) v : v;
      }
    };
  }

  private static Tensor floatTensor(boolean float32, double[] values) {
    if (float32) {
      float[] f = new float[values.length];
      for (int i = 0; i < f.length; i++) {
        f[i] = (float) values[i];
      }
      return Tensor.ofFloats(f);
    }
    return Tensor.ofDoubles(values);
  }

  // ---- ragged operands ----
}
