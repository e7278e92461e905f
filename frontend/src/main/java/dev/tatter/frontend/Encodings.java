package dev.tatter.frontend;

import dev.tatter.ir.ops.EncodingOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.Map;

/**
 * TF's encoding functions as its Python layer gives them: {@code tf.one_hot} (on 1 and off 0 of
 * float32 by default, or of the given values' dtype; axis -1 appends; a ragged tensor encodes its
 * flat values, the axis at or past its ragged rank, as TF's {@code ragged_one_hot}), {@code
 * tf.unique}/{@code unique_with_counts} (one node per result) and {@code tf.searchsorted} (any
 * matching leading dims, reshaped to the op's matrices and back).
 */
@BuilderApi
final class Encodings {
  private Encodings() {}

  /** TF's {@code tf.one_hot(indices, depth)}: float32 1.0 and 0.0, a new last axis. */
  @TfApi("tf.one_hot")
  static Value oneHot(Value indices, int depth) {
    return oneHot(indices, depth, 1.0f, 0.0f, -1);
  }

  /**
   * TF's {@code tf.one_hot(indices, depth, on_value, off_value, axis)}: on and off are Java numbers
   * or booleans (their boxed type gives the dtype as TF infers it from Python values: Integer int32,
   * Long int64, Float float32, Double float64, Boolean bool) or scalar Values of one dtype.
   */
  @TfApi("tf.one_hot")
  static Value oneHot(Value indices, int depth, Object onValue, Object offValue, int axis) {
    GraphBuilder g = indices.builder();
    Value on = scalar(g, onValue);
    Value off = scalar(g, offValue);
    if (on.dtype() != off.dtype()) {
      throw GraphBuilder.misuse("one_hot: on_value and off_value must have one dtype, got " + on.dtype() + " and "
          + off.dtype(), indices);
    }
    if (indices.type() instanceof RaggedType rt) {
      int rank = rt.rank();
      int raggedRank = rt.raggedRank();
      int a = axis;
      if (axis != -1) {
        a = axis < 0 ? axis + rank : axis;
        if (a < raggedRank) {
          throw GraphBuilder.misuse("axis may not be less than indices.ragged_rank.", indices);
        }
        a -= raggedRank;
      }
      GraphBuilder.Decomposed d = g.decompose(indices);
      return g.rebuild(oneHot(d.flatValues(), depth, on, off, a), d.partitions());
    }
    if (!(indices.type() instanceof DenseType dense)) {
      throw GraphBuilder.misuse("one_hot takes dense or ragged indices", indices);
    }
    int a = axis == -1 ? dense.rank() : axis;
    if (a < 0 || a > dense.rank()) {
      throw GraphBuilder.misuse("Expected axis to be -1 or between [0, " + (dense.rank() + 1) + ").  But received: " + axis,
          indices);
    }
    return g.op(EncodingOps.ONE_HOT, Map.of("depth", (long) depth, "axis", (long) a), indices, on, off);
  }

  private static Value scalar(GraphBuilder g, Object value) {
    if (value instanceof Value v) {
      return v;
    }
    return g.constant(Tensor.fromNested(value));
  }

  /** TF's {@code tf.unique(x)}: int32 idx. */
  @TfApi("tf.unique")
  static UniqueResult unique(Value x) {
    return unique(x, DType.INT32);
  }

  /** TF's {@code tf.unique(x, out_idx)}. */
  @TfApi("tf.unique")
  static UniqueResult unique(Value x, DType outIdx) {
    return new UniqueResult(part(x, outIdx, 0), part(x, outIdx, 1), null);
  }

  /** TF's {@code tf.unique_with_counts(x)}: int32 idx and count. */
  @TfApi("tf.unique_with_counts")
  static UniqueResult uniqueWithCounts(Value x) {
    return uniqueWithCounts(x, DType.INT32);
  }

  /** TF's {@code tf.unique_with_counts(x, out_idx)}. */
  @TfApi("tf.unique_with_counts")
  static UniqueResult uniqueWithCounts(Value x, DType outIdx) {
    return new UniqueResult(part(x, outIdx, 0), part(x, outIdx, 1), part(x, outIdx, 2));
  }

  private static Value part(Value x, DType outIdx, int output) {
    return x.builder().op(EncodingOps.UNIQUE, Map.of("out_idx", outIdx, "output", (long) output), x);
  }

  /** TF's {@code tf.searchsorted(sorted_sequence, values)}: side "left", int32. */
  @TfApi("tf.searchsorted")
  static Value searchsorted(Value sortedSequence, Value values) {
    return searchsorted(sortedSequence, values, "left", DType.INT32);
  }

  /**
   * TF's {@code tf.searchsorted(sorted_sequence, values, side, out_type)}: the innermost axes are
   * searched, the leading ones (equal in both) are rows; the result has values' shape.
   */
  @TfApi("tf.searchsorted")
  static Value searchsorted(Value sortedSequence, Value values, String side, DType outType) {
    if (!(sortedSequence.type() instanceof DenseType s) || !(values.type() instanceof DenseType v)) {
      throw GraphBuilder.misuse("searchsorted takes dense tensors", sortedSequence);
    }
    if (s.rank() != v.rank() || s.rank() < 1) {
      throw GraphBuilder.misuse("searchsorted: sorted_sequence and values must have one rank (at least 1), got "
          + s + " and " + v, sortedSequence);
    }
    GraphBuilder g = sortedSequence.builder();
    Value ss = s.rank() == 2 ? sortedSequence : Shapes.reshape(sortedSequence, -1, lastOrUnknown(s));
    Value vv = v.rank() == 2 ? values : Shapes.reshape(values, -1, lastOrUnknown(v));
    if (s.rank() == 1) {
      ss = Shapes.reshape(sortedSequence, 1, -1);
      vv = Shapes.reshape(values, 1, -1);
    }
    Value out = g.op(EncodingOps.SEARCH_SORTED, Map.of("side", side, "out_type", outType), ss, vv);
    return v.rank() == 2 ? out : Shapes.reshape(out, Shapes.shape(values, DType.INT64));
  }

  private static long lastOrUnknown(DenseType t) {
    long d = t.dim(t.rank() - 1);
    if (d < 0) {
      throw new dev.tatter.ir.GraphBuildException("searchsorted at " + CallSite.find()
          + ": the searched axis needs a static size here (give rank-2 inputs for a computed one)");
    }
    return d;
  }
}
