package dev.tatter.bench.tf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tatter.ir.text.GraphParser;
import dev.tatter.ir.text.IrParseException;
import dev.tatter.ir.types.DenseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Float literals at the edges of float16, bfloat16 and float32 against TF's own narrowing of a
 * double. {@code tf.constant(x, tf.float16)} stores {@code static_cast<Eigen::half>(double)}
 * (py_seq_tensor.cc's {@code ConvertOneFloat}) and {@code tf.constant(x, tf.bfloat16)} casts a
 * float64 tensor, both the conversion TF's {@code Cast} kernel from float64 applies; so TF's Cast
 * of each edge double gives the value a Tatter literal must have, and an inf there (from a finite
 * double) is the case tf.constant refuses for float16 and float32, which Tatter's parser must
 * refuse too. TF Java has no Python layer, so the refusal itself is read from the source.
 */
class FloatLiteralEdgesOracleTest {
  /** max finite, the largest double that rounds to it, the first double that rounds to inf, and a few beyond. */
  static final double[] F16 = {65504.0, 65519.99804687499, 65519.998046875, 65520.0, -65519.998046875, 1e5};
  static final double[] BF16 = {3.3895313892515355e38, 3.3961774278184117e38, 3.396177427818412e38, 1e39, -3.4e38};
  static final double[] F32 = {3.4028234663852886e38, 3.4028235677973362e38, 3.4028235677973366e38, 1e39};

  private static Tensor tfCast(double[] xs, DType to) {
    Tensor fetched = TfEval.run(tf -> List.of(TfDTypes.fetchable(tf,
        TfDTypes.cast(tf, TfEval.constant(tf, Tensor.ofDoubles(xs)).asOutput(), TfDTypes.tfType(to)), to))).value(0);
    return TfDTypes.back(fetched, to);
  }

  private static void sameAsTf(double[] xs, DType dtype, boolean refusesOverflow) {
    Tensor tf = tfCast(xs, dtype);
    for (int i = 0; i < xs.length; i++) {
      String literal = "[" + xs[i] + "]";
      double expected = tf.getDouble(i);
      if (refusesOverflow && Double.isInfinite(expected)) {
        assertThrows(IrParseException.class, () -> GraphParser.parseValue(literal, DenseType.of(dtype, 1), "o.tat"),
            literal + " is inf in TF's " + dtype + ", which tf.constant refuses");
      } else {
        Tensor t = (Tensor) GraphParser.parseValue(literal, DenseType.of(dtype, 1), "o.tat");
        assertEquals(expected, t.getDouble(0), literal + " as " + dtype);
      }
    }
  }

  @Test
  void float16Edges_asTfsNarrowing() {
    sameAsTf(F16, DType.FLOAT16, true);
  }

  @Test
  void bfloat16Edges_asTfsCast() {
    sameAsTf(BF16, DType.BFLOAT16, false);
  }

  @Test
  void float32Edges_asTfsNarrowing() {
    sameAsTf(F32, DType.FLOAT32, true);
  }
}
