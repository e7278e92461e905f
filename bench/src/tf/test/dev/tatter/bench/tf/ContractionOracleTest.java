package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.tensorflow.Operand;
import org.tensorflow.Output;

/**
 * {@code tf.einsum} and {@code tf.tensordot} against TF's {@code Einsum} kernel, on random
 * equations (batch, free, contracted and summed-away letters in random orders, sizes 0 to 3) of
 * one and two operands. The values are small integers in float64, so every sum is exact whatever
 * order either side adds in, and the results must be equal bit for bit but for the sign of a zero.
 */
class ContractionOracleTest {
  static final int CASES = 60;

  @Test
  void einsum_matchesTfEinsum() {
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed * 7919L + 1);
      List<Character> batch = letters("bc", r);
      List<Character> freeA = letters("ij", r);
      List<Character> freeB = letters("kl", r);
      List<Character> contracted = letters("mn", r);
      List<Character> sumA = r.nextInt(4) == 0 ? List.of('s') : List.of();
      List<Character> sumB = r.nextInt(4) == 0 ? List.of('t') : List.of();
      String a = shuffled(r, batch, freeA, contracted, sumA);
      String b = shuffled(r, batch, freeB, contracted, sumB);
      String out = shuffled(r, batch, freeA, freeB);
      int[] sizes = new int[128];
      for (char c = 'a'; c <= 'z'; c++) {
        sizes[c] = r.nextInt(5) == 0 ? 0 : 1 + r.nextInt(3);
      }
      Tensor x = values(r, a, sizes);
      Tensor y = values(r, b, sizes);
      String equation = a + "," + b + "->" + out;
      compare(equation, MatmulOracleTest.tatter(g -> g.ops().einsum(equation, g.constant(x), g.constant(y))), x, y);
      String single = a + "->" + shuffled(r, batch, freeA);
      compare(single, MatmulOracleTest.tatter(g -> g.ops().einsum(single, g.constant(x))), x);
    }
  }

  @Test
  void tensordot_matchesTfEinsum() {
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed * 104729L + 11);
      int ra = r.nextInt(4);
      int rb = r.nextInt(4);
      int n = r.nextInt(Math.min(ra, rb) + 1);
      // a's axes are letters a.., b's free ones continue after them; the contracted ones are shared
      char[] la = new char[ra];
      char[] lb = new char[rb];
      int[] sizes = new int[128];
      for (int d = 0; d < ra; d++) {
        la[d] = (char) ('a' + d);
        sizes[la[d]] = r.nextInt(5) == 0 ? 0 : 1 + r.nextInt(3);
      }
      List<Integer> axesA = new ArrayList<>();
      for (int d = 0; d < ra; d++) {
        axesA.add(d);
      }
      Collections.shuffle(axesA, new java.util.Random(r.nextLong()));
      List<Integer> axesB = new ArrayList<>();
      for (int d = 0; d < rb; d++) {
        axesB.add(d);
      }
      Collections.shuffle(axesB, new java.util.Random(r.nextLong()));
      int[] ca = axesA.subList(0, n).stream().mapToInt(Integer::intValue).toArray();
      int[] cb = axesB.subList(0, n).stream().mapToInt(Integer::intValue).toArray();
      Arrays.fill(lb, '?');
      for (int i = 0; i < n; i++) {
        lb[cb[i]] = la[ca[i]];
      }
      char next = 'p';
      StringBuilder out = new StringBuilder();
      for (int d = 0; d < ra; d++) {
        final int axis = d;
        if (Arrays.stream(ca).noneMatch(c -> c == axis)) {
          out.append(la[d]);
        }
      }
      for (int d = 0; d < rb; d++) {
        if (lb[d] == '?') {
          lb[d] = next++;
          sizes[lb[d]] = r.nextInt(5) == 0 ? 0 : 1 + r.nextInt(3);
          out.append(lb[d]);
        }
      }
      Tensor x = values(r, new String(la), sizes);
      Tensor y = values(r, new String(lb), sizes);
      String equation = new String(la) + "," + new String(lb) + "->" + out;
      boolean byCount = Arrays.equals(ca, java.util.stream.IntStream.range(ra - n, ra).toArray())
          && Arrays.equals(cb, java.util.stream.IntStream.range(0, n).toArray());
      Tensor ours = byCount ? MatmulOracleTest.tatter(g -> g.ops().tensordot(g.constant(x), g.constant(y), n))
          : MatmulOracleTest.tatter(g -> g.ops().tensordot(g.constant(x), g.constant(y), ca, cb));
      compare("tensordot axes " + Arrays.toString(ca) + " " + Arrays.toString(cb) + " as " + equation, ours, equation, x, y);
    }
  }

  private static void compare(String equation, Tensor ours, Tensor... inputs) {
    compare(equation, ours, equation, inputs);
  }

  private static void compare(String what, Tensor ours, String equation, Tensor... inputs) {
    TfEval.Outcome tf = TfEval.run(ops -> {
      Output<?>[] in = Arrays.stream(inputs).map(t -> TfEval.constant(ops, t).asOutput()).toArray(Output<?>[]::new);
      return List.<Operand<?>>of(ops.scope().opBuilder("Einsum", "Einsum").addInputList(in).setAttr("equation", equation)
          .build().output(0));
    });
    assertTrue(!tf.failed(), what + ": TF fails: " + tf.error());
    // the one excused difference: a sum of zeros is +0.0 here (every sum starts at +0.0), where
    // Einsum's small products may give -0.0 (0 * -3 added to nothing)
    Tensor expected = tf.value(0);
    OracleAssert.sameValues(expected, ours, what + " of " + Arrays.toString(inputs),
        i -> expected.getDouble(i) == 0 && ours.getDouble(i) == 0);
  }

  /** 0 to 2 of {@code pool}'s letters. */
  private static List<Character> letters(String pool, SplittableRandom r) {
    List<Character> l = new ArrayList<>();
    int n = r.nextInt(3);
    for (int i = 0; i < n; i++) {
      l.add(pool.charAt(i));
    }
    return l;
  }

  @SafeVarargs
  private static String shuffled(SplittableRandom r, List<Character>... groups) {
    List<Character> all = new ArrayList<>();
    for (List<Character> g : groups) {
      all.addAll(g);
    }
    Collections.shuffle(all, new java.util.Random(r.nextLong()));
    StringBuilder s = new StringBuilder();
    all.forEach(s::append);
    return s.toString();
  }

  /** Small integers (-3..3) as float64, of the sizes of {@code letters}. */
  private static Tensor values(SplittableRandom r, String letters, int[] sizes) {
    int[] shape = letters.chars().map(c -> sizes[c]).toArray();
    int n = Arrays.stream(shape).reduce(1, (p, q) -> p * q);
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = r.nextInt(7) - 3;
    }
    return Tensor.of(DType.FLOAT64, v, shape);
  }
}
