package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.tensorflow.Operand;
import org.tensorflow.types.TBool;
import org.tensorflow.types.family.TNumber;
import org.junit.jupiter.api.Test;

/**
 * check_numerics against TF's CheckNumerics kernel (pass or fail, and its message), and the
 * tf.debugging assertions against TF's condition, {@code All(Equal/NotEqual/Less/LessEqual/
 * Greater/GreaterEqual(x, y))}, on random values with NaN, infinities, signed zeros and broadcasting.
 */
class DebuggingOracleTest {
  static final int CASES = 300;

  private static Tensor randomFloats(DType dtype, int[] shape, SplittableRandom r) {
    int n = 1;
    for (int d : shape) {
      n *= d;
    }
    double[] pool = {0.0, -0.0, 1.0, -1.0, 2.5, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = r.nextInt(3) == 0 ? pool[r.nextInt(pool.length)] : r.nextInt(-3, 4);
    }
    if (dtype == DType.FLOAT64) {
      return Tensor.of(DType.FLOAT64, v, shape);
    }
    float[] f = new float[n];
    for (int i = 0; i < n; i++) {
      f[i] = (float) v[i];
    }
    return Tensor.of(DType.FLOAT32, f, shape);
  }

  private static Object tatter(GraphBuilder g, Value out, Map<String, ?> feeds) {
    try (Session s = new Session(g.build(out)); Session i = new Session(g.build(out), "", Session.Backend.INTERPRETED)) {
      Object compiled = s.run(feeds, out).get(0);
      assertEquals(compiled, i.run(feeds, out).get(0), "compiled vs interpreted");
      return compiled;
    }
  }

  @Test
  void checkNumerics_failsWhereCheckNumericsFails_withItsMessage() {
    int failed = 0;
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      DType dtype = r.nextBoolean() ? DType.FLOAT32 : DType.FLOAT64;
      Tensor t = randomFloats(dtype, new int[] {r.nextInt(5)}, r);
      TfEval.Outcome tf = TfEval.run(ops -> List.of(ops.debugging.checkNumerics(TfEval.<TNumber>constant(ops, t), "m")));
      GraphBuilder g = new GraphBuilder();
      Value x = g.placeholder("x", Types.dense(dtype, -1));
      Value out = g.ops().debugging.checkNumerics(x, "m");
      try {
        Object actual = tatter(g, out, Map.of("x", t));
        assertTrue(!tf.failed(), t + ": TF failed: " + tf.error());
        assertEquals(tf.value(0), actual, t.toString());
      } catch (InvalidArgumentException e) {
        failed++;
        assertTrue(tf.failed(), t + ": Tatter failed, TF did not: " + e.getMessage());
        String tfFirst = tf.error().lines().findFirst().orElse("").trim();
        String tail = tfFirst.substring(tfFirst.indexOf("m : Tensor had"));
        assertTrue(e.getMessage().endsWith(tail), t + ": TF " + tfFirst + ", Tatter " + e.getMessage());
      }
    }
    assertTrue(failed > 10 && failed < CASES - 10, failed + " failed");
  }

  @Test
  void assertions_holdExactlyWhereTfsConditionHolds() {
    String[] comparisons = {"==", "!=", "<", "<=", ">", ">="};
    int held = 0;
    for (int seed = 0; seed < CASES * 2; seed++) {
      SplittableRandom r = new SplittableRandom(seed + 5000);
      DType dtype = r.nextBoolean() ? DType.FLOAT32 : DType.FLOAT64;
      int n = r.nextInt(4);
      // mostly values that hold, so both outcomes are frequent: y is x shifted by -1, 0 or 1, or random
      Tensor x = randomFloats(dtype, new int[] {n}, r);
      boolean scalarY = r.nextInt(4) == 0;
      Tensor y = scalarY ? randomFloats(dtype, new int[0], r) : shifted(x, r.nextInt(-1, 2), r);
      String comparison = comparisons[r.nextInt(comparisons.length)];
      TfEval.Outcome tf = TfEval.run(ops -> {
        Operand<TNumber> a = TfEval.constant(ops, x);
        Operand<TNumber> b = TfEval.constant(ops, y);
        Operand<TBool> test = switch (comparison) {
          case "==" -> ops.math.equal(a, b);
          case "!=" -> ops.math.notEqual(a, b);
          case "<" -> ops.math.less(a, b);
          case "<=" -> ops.math.lessEqual(a, b);
          case ">" -> ops.math.greater(a, b);
          default -> ops.math.greaterEqual(a, b);
        };
        return List.of(ops.reduceAll(test, ops.range(ops.constant(0), ops.rank(test), ops.constant(1))));
      });
      boolean holds = (Boolean) tf.value(0).get(0);
      GraphBuilder g = new GraphBuilder();
      dev.tatter.frontend.Ops tt = g.ops();
      Value xv = g.placeholder("x", Types.dense(dtype, -1));
      Value yv = scalarY ? g.placeholder("y", Types.dense(dtype)) : g.placeholder("y", Types.dense(dtype, -1));
      Value out = switch (comparison) {
        case "==" -> tt.debugging.assertEqual(xv, yv);
        case "!=" -> tt.debugging.assertNoneEqual(xv, yv);
        case "<" -> tt.debugging.assertLess(xv, yv);
        case "<=" -> tt.debugging.assertLessEqual(xv, yv);
        case ">" -> tt.debugging.assertGreater(xv, yv);
        default -> tt.debugging.assertGreaterEqual(xv, yv);
      };
      String what = x + " " + comparison + " " + y;
      try {
        assertEquals(x, tatter(g, out, Map.of("x", x, "y", y)), what);
        assertTrue(holds, what + ": TF's condition is false, Tatter's check passed");
        held++;
      } catch (InvalidArgumentException e) {
        assertTrue(!holds, what + ": TF's condition holds, Tatter refused: " + e.getMessage());
        assertTrue(e.getMessage().contains("[Condition x " + comparison + " y did not hold element-wise:]"), e.getMessage());
      }
    }
    assertTrue(held > CASES / 4 && held < CASES * 2 - CASES / 4, held + " held");
  }

  private static Tensor shifted(Tensor x, int by, SplittableRandom r) {
    Tensor out = x.dtype() == DType.FLOAT32 ? Tensor.of(DType.FLOAT32, new float[x.size()], x.shape())
        : Tensor.of(DType.FLOAT64, new double[x.size()], x.shape());
    for (int i = 0; i < x.size(); i++) {
      double v = r.nextInt(5) == 0 ? x.getDouble(i) + r.nextInt(-1, 2) : x.getDouble(i) + by;
      if (x.dtype() == DType.FLOAT32) {
        ((float[]) out.unsafeData())[i] = (float) v;
      } else {
        ((double[]) out.unsafeData())[i] = v;
      }
    }
    return out;
  }
}
