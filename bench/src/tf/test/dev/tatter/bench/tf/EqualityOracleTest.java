package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.tatter.frontend.GraphBuilder;
import dev.tatter.frontend.Session;
import dev.tatter.frontend.Types;
import dev.tatter.frontend.Value;
import dev.tatter.ir.types.UnrankedType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.tensorflow.Operand;
import org.tensorflow.op.math.Equal;
import org.tensorflow.op.math.NotEqual;
import org.tensorflow.types.family.TType;

/**
 * Python's {@code x == y} / {@code x != y} ({@code Equal}/{@code NotEqual} with
 * {@code incompatible_shape_error=False}, what {@code math_ops.tensor_equals} emits) against
 * Tatter's {@code eq}/{@code ne} of placeholders whose every size is None, on random shape pairs
 * of rank 0 to 3 that broadcast or not: the same shape (a scalar where they do not broadcast) and
 * the same values.
 */
class EqualityOracleTest {
  static final int CASES = 300;

  @ParameterizedTest(name = "{0}, ne {1}")
  @CsvSource({"INT32, false", "INT32, true", "FLOAT32, false", "FLOAT32, true", "INT64, false", "FLOAT64, true"})
  void lenientEquality_matchesTf(DType dtype, boolean ne) {
    int incompatible = 0;
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      int[] xs = shape(r);
      int[] ys = r.nextInt(3) == 0 ? xs.clone() : shape(r);
      Tensor x = OracleInputs.tensor(dtype, xs, r);
      // y is x itself at times, so that equal elements are common among floats too
      Tensor y = r.nextBoolean() && Arrays.equals(xs, ys) ? x : OracleInputs.tensor(dtype, ys, r);
      Tensor expected = tf(x, y, ne);
      Tensor actual = tatter(x, y, ne);
      String what = (ne ? "ne" : "eq") + "(" + x + ", " + y + ")";
      // the shape (scalar or broadcast) always; the values unless TF's threads flushed a subnormal
      // operand to zero (its CPU setting, see docs/SEMANTICS.md), which makes 1e-45 == -0.0 there
      assertEquals(Arrays.toString(expected.shape()), Arrays.toString(actual.shape()), what);
      if (!OracleAssert.anySubnormal(x) && !OracleAssert.anySubnormal(y)) {
        assertEquals(expected, actual, what);
      }
      incompatible += expected.rank() == 0 && (xs.length > 0 && ys.length > 0) ? 1 : 0;
    }
    // the inputs must reach both outcomes
    assertEquals(true, incompatible > 10, "too few pairs that do not broadcast: " + incompatible);
  }


  /** A shape of rank 0 to 3, sizes 1 to 3 (1 broadcasts). */
  private static int[] shape(SplittableRandom r) {
    int[] s = new int[r.nextInt(4)];
    for (int i = 0; i < s.length; i++) {
      s[i] = r.nextInt(1, 4);
    }
    return s;
  }

  private static Tensor tf(Tensor x, Tensor y, boolean ne) {
    return TfEval.run(tf -> {
      Operand<TType> a = TfEval.constant(tf, x);
      Operand<TType> b = TfEval.constant(tf, y);
      Operand<?> out = ne
          ? tf.math.notEqual(a, b, NotEqual.incompatibleShapeError(false))
          : tf.math.equal(a, b, Equal.incompatibleShapeError(false));
      return List.of(out);
    }).value(0);
  }

  private static Tensor tatter(Tensor x, Tensor y, boolean ne) {
    GraphBuilder g = new GraphBuilder();
    Value a = g.placeholder("x", Types.dense(x.dtype(), unknown(x.rank())));
    Value b = g.placeholder("y", Types.dense(y.dtype(), unknown(y.rank())));
    Value out = ne ? a.ne(b) : a.eq(b);
    Map<String, Object> feeds = Map.of("x", x, "y", y);
    Tensor compiled = new Session(g.build()).run(feeds, out).tensor(0);
    Tensor interpreted = new Session(g.build(), "", Session.Backend.INTERPRETED).run(feeds, out).tensor(0);
    assertEquals(compiled, interpreted, "compiled vs interpreted");
    if (x.rank() > 0 && y.rank() > 0) {
      assertEquals(new UnrankedType(DType.BOOL), out.type(), "sizes all None: the rank is the run's");
    }
    return compiled;
  }

  private static long[] unknown(int rank) {
    long[] s = new long[rank];
    Arrays.fill(s, -1);
    return s;
  }
}
