package dev.tatter.frontend;

import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.ScanOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import java.util.Map;

/**
 * How the builder lowers {@code tf.math.cumsum}/{@code cumprod} (TF's {@code ragged_cumsum}):
 * on a dense tensor the op itself; on a ragged tensor along its innermost ragged axis a row scan
 * of the flat values ({@code row_cumsum}), along a deeper (uniform) axis the op on the flat
 * values, partitions kept; {@code cumsum} along an outer axis is, as in TF, the scan of
 * {@code to_tensor()} cut back to the input's nested row lengths ({@code from_tensor(lengths=...)}).
 */
@BuilderApi
final class Scans {
  private Scans() {}

  static Value scan(Value x, boolean product, int axis, boolean exclusive, boolean reverse) {
    GraphBuilder g = x.builder();
    String name = product ? "cumprod" : "cumsum";
    Map<String, Object> flags = Map.of("exclusive", exclusive, "reverse", reverse);
    if (x.type() instanceof DenseType d) {
      int resolved = resolve(x, name, axis, d.rank());
      return g.op(product ? ScanOps.CUMPROD : ScanOps.CUMSUM, with(flags, resolved), x);
    }
    if (!(x.type() instanceof RaggedType rt)) {
      throw GraphBuilder.misuse(name + " takes a dense or ragged tensor", x);
    }
    int resolved = resolve(x, name, axis, rt.rank());
    int raggedRank = rt.raggedRank();
    GraphBuilder.Decomposed parts = g.decompose(x);
    if (resolved == raggedRank) {
      OpDef op = product ? ScanOps.ROW_CUMPROD : ScanOps.ROW_CUMSUM;
      Value scanned = g.op(op, flags, parts.flatValues(), parts.partitions().get(raggedRank - 1));
      return g.rebuild(scanned, parts.partitions());
    }
    if (resolved > raggedRank) {
      Value scanned = g.op(product ? ScanOps.CUMPROD : ScanOps.CUMSUM, with(flags, resolved - raggedRank), parts.flatValues());
      return g.rebuild(scanned, parts.partitions());
    }
    if (!product) {
      // TF's ragged_cumsum: the padded tensor's scan (padding zeros take part, as in TF), cut back
      Value scanned = g.op(ScanOps.CUMSUM, with(flags, resolved), x.toTensor());
      java.util.List<Value> lengths = x.nestedRowLengths();
      return Conversions.fromTensor(scanned, lengths, null, lengths.size());
    }
    throw GraphBuilder.misuse(name + " along axis " + resolved + " of a ragged tensor of ragged_rank " + raggedRank
        + " is not supported: only the innermost ragged axis (" + raggedRank + ") and the uniform axes below it are"
        + " (TF dispatches only cumsum to the padded tensor)", x);
  }

  private static Map<String, Object> with(Map<String, Object> flags, int axis) {
    return Map.of("exclusive", flags.get("exclusive"), "reverse", flags.get("reverse"), "axis", (long) axis);
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
