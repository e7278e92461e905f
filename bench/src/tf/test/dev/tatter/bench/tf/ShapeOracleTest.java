package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.Tensor;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.tensorflow.Operand;

/**
 * The shape ops against TF's kernels, bit for bit, on random shapes (empty dims included):
 * {@code Reshape} (with -1, and the shapes TF refuses), {@code Transpose}, {@code SplitV},
 * {@code Squeeze}, {@code BroadcastTo}, {@code Fill} and {@code Range} (float steps accumulate their
 * rounding as TF's do).
 */
class ShapeOracleTest {
  static final int CASES = 60;

  private static int[] randomShape(SplittableRandom r, int rank, int max) {
    int[] s = new int[rank];
    for (int d = 0; d < rank; d++) {
      s[d] = r.nextInt(max + 1);
    }
    return s;
  }

  @Test
  void reshapeTransposeSplitSqueeze_matchTf() {
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(seed);
      int rank = 1 + r.nextInt(4);
      int[] shape = randomShape(r, rank, 4);
      Tensor x = MatmulOracleTest.random(DType.FLOAT32, r, shape);
      String what = "x" + Arrays.toString(shape);
      // reshape to the reversed shape, one dim -1 (with a zero size beside it, TF infers it from the non-zero sizes)
      long[] target = new long[rank];
      for (int d = 0; d < rank; d++) {
        target[d] = shape[rank - 1 - d];
      }
      target[r.nextInt(rank)] = -1;
      TfEval.Outcome tf = TfEval.run(ops -> List.<Operand<?>>of(ops.reshape(TfEval.constant(ops, x), ops.constant(target))));
      if (tf.failed()) {
        String error = assertThrowsInvalid(() -> MatmulOracleTest.tatter(g -> g.ops().reshape(g.constant(x), target)));
        assertTrue(error.contains("Input to reshape is a tensor with"), what + ": " + error + " vs TF " + tf.error());
      } else {
        assertEquals(tf.value(0), MatmulOracleTest.tatter(g -> g.ops().reshape(g.constant(x), target)), "Reshape " + what);
      }
      // a random permutation
      int[] perm = new int[rank];
      for (int d = 0; d < rank; d++) {
        perm[d] = d;
      }
      for (int d = rank - 1; d > 0; d--) {
        int j = r.nextInt(d + 1);
        int t = perm[d];
        perm[d] = perm[j];
        perm[j] = t;
      }
      TfEval.Outcome transposed = TfEval.run(ops -> List.<Operand<?>>of(ops.linalg.transpose(TfEval.constant(ops, x),
          ops.constant(perm))));
      assertEquals(transposed.value(0), MatmulOracleTest.tatter(g -> g.ops().transpose(g.constant(x), perm)),
          "Transpose " + what + " perm " + Arrays.toString(perm));
      // SplitV along a random axis into random sizes, one of them -1
      int axis = r.nextInt(rank);
      int pieces = 1 + r.nextInt(3);
      long[] sizes = new long[pieces];
      int left = shape[axis];
      for (int i = 0; i < pieces - 1; i++) {
        sizes[i] = r.nextInt(left + 1);
        left -= (int) sizes[i];
      }
      sizes[pieces - 1] = -1;
      int index = r.nextInt(pieces);
      TfEval.Outcome split = TfEval.run(ops -> List.<Operand<?>>of(ops.scope().opBuilder("SplitV", "SplitV")
          .addInput(TfEval.constant(ops, x).asOutput()).addInput(ops.constant(sizes).asOutput())
          .addInput(ops.constant(axis).asOutput()).setAttr("num_split", pieces).build().output(index)));
      assertEquals(split.value(0), MatmulOracleTest.tatter(g -> g.ops().split(g.constant(x), sizes, axis).get(index)),
          "SplitV " + what + " " + Arrays.toString(sizes) + " axis " + axis + " piece " + index);
      // squeeze every size-1 dim
      TfEval.Outcome squeezed = TfEval.run(ops -> List.<Operand<?>>of(ops.squeeze(TfEval.constant(ops, x))));
      assertEquals(squeezed.value(0), MatmulOracleTest.tatter(g -> g.ops().squeeze(g.constant(x))), "Squeeze " + what);
    }
  }

  private static String assertThrowsInvalid(Runnable r) {
    try {
      r.run();
    } catch (InvalidArgumentException | dev.tatter.ir.GraphBuildException e) {
      return e.getMessage();
    }
    throw new AssertionError("Tatter accepted what TF refused");
  }

  @Test
  void broadcastFillRange_matchTf() {
    for (int seed = 0; seed < CASES; seed++) {
      SplittableRandom r = new SplittableRandom(100 + seed);
      int rank = 1 + r.nextInt(3);
      int[] target = randomShape(r, rank + r.nextInt(2), 3);
      int[] from = new int[rank];
      for (int d = 0; d < rank; d++) {
        from[d] = r.nextBoolean() ? 1 : target[target.length - rank + d];
      }
      Tensor x = MatmulOracleTest.random(DType.INT64, r, from);
      long[] shape = Arrays.stream(target).asLongStream().toArray();
      TfEval.Outcome tf = TfEval.run(ops -> List.<Operand<?>>of(ops.broadcastTo(TfEval.constant(ops, x), ops.constant(shape))));
      assertEquals(tf.value(0), MatmulOracleTest.tatter(g -> g.ops().broadcastTo(g.constant(x), shape)),
          "BroadcastTo " + Arrays.toString(from) + " -> " + Arrays.toString(target));
      TfEval.Outcome fill = TfEval.run(ops -> List.<Operand<?>>of(ops.fill(ops.constant(shape), ops.constant(-0.0f))));
      OracleAssert.sameValues(fill.value(0), MatmulOracleTest.tatter(g -> g.ops().fill(g.constant(Tensor.ofLongs(shape)),
          -0.0f)), "Fill " + Arrays.toString(target));
      // float32 ranges: start, limit and a delta of either sign, accumulated in float
      float start = (float) (r.nextInt(-20, 20) / 3.0);
      float delta = (float) ((r.nextBoolean() ? 1 : -1) * (0.1 + r.nextInt(7) / 7.0));
      float limit = start + delta * r.nextInt(40) + delta / 3;
      TfEval.Outcome range = TfEval.run(ops -> List.<Operand<?>>of(ops.range(ops.constant(start), ops.constant(limit),
          ops.constant(delta))));
      OracleAssert.sameValues(range.value(0), MatmulOracleTest.tatter(g -> g.ops().range(g.constant(Tensor.scalar(DType.FLOAT32,
          start)), g.constant(Tensor.scalar(DType.FLOAT32, limit)), g.constant(Tensor.scalar(DType.FLOAT32, delta)))),
          "Range(" + start + ", " + limit + ", " + delta + ")");
    }
  }
}
