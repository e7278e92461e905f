package dev.tatter.frontend;

import dev.tatter.ir.ops.SoftmaxOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import java.util.Map;

/**
 * How the builder lowers {@code tf.nn.softmax}/{@code log_softmax}: on a dense tensor the op
 * along the resolved axis; on a ragged tensor along its innermost ragged axis a row softmax of the
 * flat values (TF's ragged {@code softmax}: {@code exp(x - reduce_max) / reduce_sum} along that
 * axis), along a uniform axis below it the dense op on the flat values, partitions kept.
 */
@BuilderApi
final class Softmaxes {
  private Softmaxes() {}

  /**
   * TF's {@code tf.nn.softmax(logits)} along the last axis of a dense tensor, or of a ragged one
   * whose innermost axis is ragged.
   */
  @TfApi({"tf.nn.softmax", "tf.math.softmax"})
  static Value softmax(Value logits) {
    return softmax(logits, false, -1);
  }

  /**
   * TF's {@code tf.nn.softmax(logits, axis)}: any axis of a dense tensor, a ragged one's innermost
   * ragged axis or a uniform axis below it.
   */
  @TfApi({"tf.nn.softmax", "tf.math.softmax"})
  static Value softmax(Value logits, int axis) {
    return softmax(logits, false, axis);
  }

  /** TF's {@code tf.nn.log_softmax(logits)} along the last axis (the axes softmax takes). */
  @TfApi({"tf.nn.log_softmax", "tf.math.log_softmax"})
  static Value logSoftmax(Value logits) {
    return softmax(logits, true, -1);
  }

  /** TF's {@code tf.nn.log_softmax(logits, axis)} (the axes softmax takes). */
  @TfApi({"tf.nn.log_softmax", "tf.math.log_softmax"})
  static Value logSoftmax(Value logits, int axis) {
    return softmax(logits, true, axis);
  }

  static Value softmax(Value x, boolean log, int axis) {
    GraphBuilder g = x.builder();
    String name = log ? "log_softmax" : "softmax";
    if (x.type() instanceof DenseType d) {
      int resolved = resolve(x, name, axis, d.rank());
      return g.op(log ? SoftmaxOps.LOG_SOFTMAX : SoftmaxOps.SOFTMAX, Map.of("axis", (long) resolved), x);
    }
    if (!(x.type() instanceof RaggedType rt)) {
      throw GraphBuilder.misuse(name + " takes a dense or ragged tensor", x);
    }
    int resolved = resolve(x, name, axis, rt.rank());
    int raggedRank = rt.raggedRank();
    GraphBuilder.Decomposed parts = g.decompose(x);
    if (resolved == raggedRank) {
      Value out = g.op(log ? SoftmaxOps.ROW_LOG_SOFTMAX : SoftmaxOps.ROW_SOFTMAX, Map.of(),
          parts.flatValues(), parts.partitions().get(raggedRank - 1));
      return g.rebuild(out, parts.partitions());
    }
    if (resolved > raggedRank) {
      Value out = g.op(log ? SoftmaxOps.LOG_SOFTMAX : SoftmaxOps.SOFTMAX, Map.of("axis", (long) (resolved - raggedRank)),
          parts.flatValues());
      return g.rebuild(out, parts.partitions());
    }
    throw GraphBuilder.misuse(name + " along axis " + resolved + " of a ragged tensor of ragged_rank " + raggedRank
        + " is not supported: only the innermost ragged axis (" + raggedRank + ") and the uniform axes below it are", x);
  }

  private static int resolve(Value x, String name, int axis, int rank) {
    int resolved = axis < 0 ? axis + rank : axis;
    if (resolved < 0 || resolved >= rank) {
      throw GraphBuilder.misuse(name + ": axis " + axis + " is out of range for rank " + rank
          + " (expected " + -rank + " <= axis < " + rank + ")", x);
    }
    return resolved;
  }
}
