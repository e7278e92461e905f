package dev.tatter.frontend;

import dev.tatter.ir.ops.ArrayOps;
import dev.tatter.ir.ops.ElementwiseOps;
import dev.tatter.ir.ops.RankingOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.runtime.DType;
import java.util.Map;

/**
 * TF's ranking functions as its Python layer gives them: {@code tf.math.argmax}/{@code argmin}
 * (axis 0 by default; along a ragged tensor's innermost ragged axis, per row, which TF lacks),
 * {@code tf.math.top_k} (the indices op, then a gather of the values; on a ragged tensor, per
 * innermost row), and {@code tf.sort}/{@code tf.argsort}, which TF writes as top_k of the whole
 * axis: descending directly, ascending of the negated values ({@code -x - 1} for signed integers,
 * {@code max - x} for unsigned ones, so nothing overflows), negated back. Sorting an inner axis
 * transposes it last and back, as TF does.
 */
@BuilderApi
final class Rankings {
  private Rankings() {}

  /** TF's {@code tf.math.argmax(input)}: along axis 0, int64. */
  @TfApi({"tf.math.argmax", "tf.argmax"})
  static Value argmax(Value input) {
    return arg(input, 0, DType.INT64, true);
  }

  /** TF's {@code tf.math.argmax(input, axis)}: int64. */
  @TfApi({"tf.math.argmax", "tf.argmax"})
  static Value argmax(Value input, int axis) {
    return arg(input, axis, DType.INT64, true);
  }

  /** TF's {@code tf.math.argmax(input, axis, output_type)}. */
  @TfApi({"tf.math.argmax", "tf.argmax"})
  static Value argmax(Value input, int axis, DType outputType) {
    return arg(input, axis, outputType, true);
  }

  /** TF's {@code tf.math.argmin(input)}: along axis 0, int64. */
  @TfApi({"tf.math.argmin", "tf.argmin"})
  static Value argmin(Value input) {
    return arg(input, 0, DType.INT64, false);
  }

  /** TF's {@code tf.math.argmin(input, axis)}: int64. */
  @TfApi({"tf.math.argmin", "tf.argmin"})
  static Value argmin(Value input, int axis) {
    return arg(input, axis, DType.INT64, false);
  }

  /** TF's {@code tf.math.argmin(input, axis, output_type)}. */
  @TfApi({"tf.math.argmin", "tf.argmin"})
  static Value argmin(Value input, int axis, DType outputType) {
    return arg(input, axis, outputType, false);
  }

  private static Value arg(Value input, int axis, DType outputType, boolean max) {
    GraphBuilder g = input.builder();
    int a = Shapes.resolveAxis(input, axis, max ? "argmax" : "argmin");
    if (input.type() instanceof RaggedType rt) {
      int raggedRank = rt.raggedRank();
      GraphBuilder.Decomposed d = g.decompose(input);
      if (a == raggedRank && d.flatValues().type() instanceof DenseType flat && flat.rank() == 1) {
        Value rows = g.op(max ? RankingOps.ROW_ARGMAX : RankingOps.ROW_ARGMIN, Map.of("output_type", outputType),
            d.flatValues(), d.partitions().get(raggedRank - 1));
        return g.rebuild(rows, d.partitions().subList(0, raggedRank - 1));
      }
      if (a > raggedRank) {
        Value flat = g.op(max ? RankingOps.ARGMAX : RankingOps.ARGMIN,
            Map.of("axis", (long) (a - raggedRank), "output_type", outputType), d.flatValues());
        return g.rebuild(flat, d.partitions());
      }
      throw GraphBuilder.misuse((max ? "argmax" : "argmin") + " of a ragged tensor of ragged_rank " + raggedRank
          + " along axis " + axis + ": only its innermost ragged axis (of scalar values) and its uniform axes are supported",
          input);
    }
    return g.op(max ? RankingOps.ARGMAX : RankingOps.ARGMIN, Map.of("axis", (long) a, "output_type", outputType), input);
  }

  /** TF's {@code tf.math.top_k(input)}: k = 1. */
  @TfApi({"tf.math.top_k", "tf.nn.top_k"})
  static TopK topK(Value input) {
    return topK(input, 1, true);
  }

  /** TF's {@code tf.math.top_k(input, k)}: sorted. */
  @TfApi({"tf.math.top_k", "tf.nn.top_k"})
  static TopK topK(Value input, int k) {
    return topK(input, k, true);
  }

  /**
   * TF's {@code tf.math.top_k(input, k, sorted)} along the last axis: the k largest, largest first,
   * equal ones in position order (int32 indices). Of a ragged tensor whose innermost axis is ragged
   * (flat values of rank 1), each innermost row's min(k, length) largest, both results ragged.
   */
  @TfApi({"tf.math.top_k", "tf.nn.top_k"})
  static TopK topK(Value input, int k, boolean sorted) {
    if (k < 0) {
      throw GraphBuilder.misuse("top_k: Need k >= 0, got " + k, input);
    }
    GraphBuilder g = input.builder();
    if (input.type() instanceof RaggedType rt) {
      GraphBuilder.Decomposed d = g.decompose(input);
      if (!(d.flatValues().type() instanceof DenseType flat) || flat.rank() != 1) {
        throw GraphBuilder.misuse("top_k of a ragged tensor needs its innermost axis ragged (flat values of rank 1)", input);
      }
      Value inner = d.partitions().get(rt.raggedRank() - 1);
      Value positions = g.op(RankingOps.ROW_TOP_K, Map.of("k", (long) k), d.flatValues(), inner);
      Value kept = g.op(RankingOps.ROW_TOP_K_PARTITION, Map.of("k", (long) k), inner);
      Value values = g.op(ArrayOps.GATHER, Map.of("axis", 0L, "batch_dims", 0L), d.flatValues(), positions);
      Value starts = g.op(ArrayOps.GATHER, Map.of("axis", 0L, "batch_dims", 0L), inner.rowStarts(), kept.valueRowids());
      Value within = ElementwiseLowering.binary(ElementwiseOps.SUB, positions, starts.cast(DType.INT64)).cast(DType.INT32);
      var outer = d.partitions().subList(0, rt.raggedRank() - 1);
      return new TopK(g.rebuild(g.ragged(values, kept), outer), g.rebuild(g.ragged(within, kept), outer));
    }
    if (!(input.type() instanceof DenseType dense)) {
      throw GraphBuilder.misuse("top_k takes a dense or ragged tensor", input);
    }
    Value indices = g.op(RankingOps.TOP_K_INDICES, Map.of("k", (long) k, "sorted", sorted), input);
    return new TopK(lastAxisGather(input, indices, dense.rank()), indices);
  }

  /** {@code input}'s elements at {@code indices} along the last axis, row by row. */
  private static Value lastAxisGather(Value input, Value indices, int rank) {
    return input.builder().op(ArrayOps.GATHER, Map.of("axis", (long) (rank - 1), "batch_dims", (long) (rank - 1)), input,
        indices);
  }

  /** TF's {@code tf.sort(values)}: ascending along the last axis. */
  @TfApi("tf.sort")
  static Value sort(Value values) {
    return sorted(values, -1, "ASCENDING", false);
  }

  /** TF's {@code tf.sort(values, axis, direction)}: direction "ASCENDING" or "DESCENDING". */
  @TfApi("tf.sort")
  static Value sort(Value values, int axis, String direction) {
    return sorted(values, axis, direction, false);
  }

  /** TF's {@code tf.argsort(values)}: int32 positions sorting the last axis ascending (stable). */
  @TfApi("tf.argsort")
  static Value argsort(Value values) {
    return sorted(values, -1, "ASCENDING", true);
  }

  /** TF's {@code tf.argsort(values, axis, direction)}. */
  @TfApi("tf.argsort")
  static Value argsort(Value values, int axis, String direction) {
    return sorted(values, axis, direction, true);
  }

  /** TF's {@code sort_ops._sort_or_argsort}. */
  private static Value sorted(Value values, int axis, String direction, boolean indices) {
    if (!direction.equals("ASCENDING") && !direction.equals("DESCENDING")) {
      throw GraphBuilder.misuse("`direction` should be one of {'ASCENDING', 'DESCENDING'} (got " + direction + ")", values);
    }
    if (!(values.type() instanceof DenseType dense)) {
      throw GraphBuilder.misuse("sort takes a dense tensor", values);
    }
    int rank = dense.rank();
    int a = Shapes.resolveAxis(values, axis, "sort");
    if (!values.dtype().isInteger() && !values.dtype().isFloating()) {
      throw GraphBuilder.misuse("sort is not defined on " + values.dtype(), values);
    }
    Value x = values;
    int[] perm = null;
    if (a != rank - 1) {
      perm = new int[rank];
      for (int i = 0; i < rank; i++) {
        perm[i] = i;
      }
      perm[a] = rank - 1;
      perm[rank - 1] = a;
      x = Shapes.transpose(x, perm);
    }
    long n = ((DenseType) x.type()).dim(rank - 1);
    if (!Dims.isKnown(n)) {
      throw GraphBuilder.misuse("sort along an axis of unknown size: its size must be static", values);
    }
    boolean ascending = direction.equals("ASCENDING");
    DType dtype = values.dtype();
    Value keyed = x;
    if (ascending) {
      keyed = dtype.isUnsigned() ? x.operand(maxOf(dtype)).sub(x) : dtype.isInteger() ? x.neg().sub(1) : x.neg();
    }
    TopK top = topK(keyed, (int) n, true);
    Value out;
    if (indices) {
      out = top.indices();
    } else if (!ascending) {
      out = top.values();
    } else {
      Value v = top.values();
      out = dtype.isUnsigned() ? v.operand(maxOf(dtype)).sub(v) : dtype.isInteger() ? v.neg().sub(1) : v.neg();
    }
    return perm == null ? out : Shapes.transpose(out, perm);
  }

  /** The largest value of an unsigned dtype, as the Java number ElementwiseLowering converts. */
  private static long maxOf(DType dtype) {
    return dtype.bits() == 64 ? -1L : (1L << dtype.bits()) - 1;
  }
}
