package dev.tatter.frontend;

import dev.tatter.ir.ops.ReverseOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.runtime.DType;
import java.util.Map;

/**
 * How the builder lowers {@code tf.reverse(x, axes)} (TF's ragged {@code reverse}), one axis at a
 * time: on a dense tensor the op; on a ragged tensor axis 0 is a gather of its rows in reverse
 * order, the innermost ragged axis reverses each row in place ({@code row_reverse} of the flat
 * values), a uniform axis below it is the dense op on the flat values, partitions kept.
 */
@BuilderApi
final class Reverses {
  private Reverses() {}

  /**
   * TF's {@code tf.reverse(tensor, axis)}: any axes of a dense tensor; of a ragged one axis 0 (the
   * rows' order), the innermost ragged axis (each row in place) and the uniform axes below it.
   */
  @TfApi("tf.reverse")
  static Value reverse(Value x, int... axes) {
    Value out = x;
    java.util.Set<Integer> seen = new java.util.HashSet<>();
    for (int axis : axes) {
      int rank = rank(x);
      int resolved = axis < 0 ? axis + rank : axis;
      if (resolved < 0 || resolved >= rank) {
        throw GraphBuilder.misuse("reverse: axis " + axis + " is out of range for rank " + rank
            + " (expected " + -rank + " <= axis < " + rank + ")", x);
      }
      if (!seen.add(resolved)) {
        // TF: "axis 1 specified more than once"
        throw GraphBuilder.misuse("reverse: axis " + resolved + " specified more than once", x);
      }
      out = reverseOne(out, resolved);
    }
    return out;
  }

  private static int rank(Value x) {
    if (x.type() instanceof DenseType d) {
      return d.rank();
    }
    if (x.type() instanceof RaggedType rt) {
      return rt.rank();
    }
    throw GraphBuilder.misuse("reverse takes a dense or ragged tensor", x);
  }

  private static Value reverseOne(Value x, int axis) {
    GraphBuilder g = x.builder();
    if (x.type() instanceof DenseType) {
      return g.op(ReverseOps.REVERSE, Map.of("axis", (long) axis), x);
    }
    RaggedType rt = (RaggedType) x.type();
    int raggedRank = rt.raggedRank();
    if (axis == 0) {
      // rows n-1, ..., 0: the flat values of ragged.range(n - 1, -1, -1)
      Value last = x.nrows(DType.INT64).sub(g.scalar(DType.INT64, 1L));
      Value minusOne = g.scalar(DType.INT64, -1L);
      return Selections.gather(g, x, Selections.raggedRange(g, last, minusOne, minusOne).flatValues());
    }
    GraphBuilder.Decomposed parts = g.decompose(x);
    if (axis == raggedRank) {
      Value out = g.op(ReverseOps.ROW_REVERSE, Map.of(), parts.flatValues(), parts.partitions().get(raggedRank - 1));
      return g.rebuild(out, parts.partitions());
    }
    if (axis > raggedRank) {
      Value out = g.op(ReverseOps.REVERSE, Map.of("axis", (long) (axis - raggedRank)), parts.flatValues());
      return g.rebuild(out, parts.partitions());
    }
    throw GraphBuilder.misuse("reverse along axis " + axis + " of a ragged tensor of ragged_rank " + raggedRank
        + " is not supported: only axis 0, the innermost ragged axis (" + raggedRank + ") and the uniform axes below it are", x);
  }
}
