package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.tensorflow.Operand;
import org.tensorflow.Output;
import org.junit.jupiter.api.Test;

/**
 * {@code tf.einsum} with an ellipsis against TF's {@code Einsum} kernel: batch axes of different
 * counts on each side, broadcast where one side has 1, explicit and implicit outputs, and one
 * operand whose ellipsis axes are summed away or moved. Values are small integers in float64, so
 * every sum is exact; the one excused difference is a zero's sign (see ContractionOracleTest).
 */
class EinsumEllipsisOracleTest {
  static final int CASES = 80;

  @Test
  void ellipsis_matchesTfEinsum() {
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed * 31L + 5);
      int ea = r.nextInt(3);
      int eb = r.nextInt(3);
      int widest = Math.max(ea, eb);
      int[] batch = new int[widest];
      for (int d = 0; d < widest; d++) {
        batch[d] = 1 + r.nextInt(3);
      }
      int i = r.nextInt(3);
      int j = 1 + r.nextInt(3);
      int k = r.nextInt(3);
      Tensor x = values(r, concat(broadcastable(batch, ea, r), i, j));
      Tensor y = values(r, concat(broadcastable(batch, eb, r), j, k));
      String[] equations = {"...ij,...jk->...ik", "...ij,...jk", "...ij,...jk->ik...", "i...j,...jk->...ik"};
      String equation = equations[r.nextInt(3)];
      compare(equation, MatmulOracleTest.tatter(g -> g.ops().einsum(equation, g.constant(x), g.constant(y))), x, y);
      // the raw Einsum kernel wants TF Python's explicit form of an implicit output ('...ij,...jk' is '...ik')
      String[] singles = {"...ij->...ji", "...ij->...", "...ij", "i...->i..."};
      String single = singles[r.nextInt(singles.length)];
      compare(single, MatmulOracleTest.tatter(g -> g.ops().einsum(single, g.constant(x))), x);
      // an output without the ellipsis: refused where TF's kernel refuses it (the ellipsis covers axes)
      if (ea > 0) {
        boolean tfRefused;
        try {
          tfRefused = TfEval.run(ops -> List.<Operand<?>>of(ops.scope().opBuilder("Einsum", "Einsum")
              .addInputList(new Output<?>[] {TfEval.constant(ops, x).asOutput()}).setAttr("equation", "...ij->ij").build()
              .output(0))).failed();
        } catch (RuntimeException e) {
          tfRefused = true; // TF's shape function refuses it while the graph is built
        }
        assertTrue(tfRefused, "TF summed an ellipsis away");
        org.junit.jupiter.api.Assertions.assertThrows(dev.tatter.ir.GraphBuildException.class,
            () -> MatmulOracleTest.tatter(g -> g.ops().einsum("...ij->ij", g.constant(x))));
      }
    }
  }

  /** The last {@code n} of {@code batch}, each now and then 1 (so the two sides broadcast). */
  private static int[] broadcastable(int[] batch, int n, SplittableRandom r) {
    int[] out = Arrays.copyOfRange(batch, batch.length - n, batch.length);
    for (int d = 0; d < n; d++) {
      if (r.nextInt(3) == 0) {
        out[d] = 1;
      }
    }
    return out;
  }

  private static int[] concat(int[] head, int... tail) {
    int[] out = Arrays.copyOf(head, head.length + tail.length);
    System.arraycopy(tail, 0, out, head.length, tail.length);
    return out;
  }

  private static Tensor values(SplittableRandom r, int[] shape) {
    int n = Arrays.stream(shape).reduce(1, (p, q) -> p * q);
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = r.nextInt(7) - 3;
    }
    return Tensor.of(DType.FLOAT64, v, shape);
  }

  private static void compare(String equation, Tensor ours, Tensor... inputs) {
    String explicit = switch (equation) {
      case "...ij,...jk" -> "...ij,...jk->...ik";
      case "...ij" -> "...ij->...ij";
      default -> equation;
    };
    TfEval.Outcome tf = TfEval.run(ops -> {
      Output<?>[] in = Arrays.stream(inputs).map(t -> TfEval.constant(ops, t).asOutput()).toArray(Output<?>[]::new);
      return List.<Operand<?>>of(ops.scope().opBuilder("Einsum", "Einsum").addInputList(in).setAttr("equation", explicit)
          .build().output(0));
    });
    assertTrue(!tf.failed(), equation + ": TF fails: " + tf.error());
    Tensor expected = tf.value(0);
    OracleAssert.sameValues(expected, ours, equation + " of " + Arrays.toString(inputs),
        n -> expected.getDouble(n) == 0 && ours.getDouble(n) == 0);
  }
}
