package dev.tatter.frontend;

import dev.tatter.ir.ops.ReductionOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DType;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

/**
 * TF's embedding functions ({@code embedding_ops.py}, {@code ragged_embedding_ops.py}) as the ops
 * TF's Python emits, so each result has TF's bits: {@code tf.nn.embedding_lookup} is a gather (of
 * a ragged id tensor's flat values), clipped by {@code tf.clip_by_norm} with {@code max_norm};
 * {@code embedding_lookup_sparse} combines each row's embeddings by {@code sparse_segment_*}
 * without weights, or by weighted {@code segment_sum} and {@code div_no_nan} with them, as
 * {@code embedding_lookup_sparse_impl} does (so, as in TF, the result has a row per segment up to
 * the last non-empty one); {@code safe_embedding_lookup_sparse} first prunes invalid ids and
 * weights and fills empty rows ({@link SafeEmbeddings}). One params tensor (TF also takes a list
 * of shards). TF's {@code unique} of the ids before a weighted or clipped lookup changes no value
 * (the clip is per row), so the gather reads the ids as given.
 */
@BuilderApi
final class Embeddings {
  private Embeddings() {}

  /** TF's {@code tf.nn.embedding_lookup(params, ids)}: {@code tf.gather(params, ids)}; ragged ids keep their partitions. */
  @TfApi("tf.nn.embedding_lookup")
  static Value embeddingLookup(Value params, Value ids) {
    return lookup(params, ids, null);
  }

  /**
   * TF's {@code tf.nn.embedding_lookup(params, ids, max_norm)}: each embedding clipped to an l2 norm
   * of {@code maxNorm} ({@code tf.clip_by_norm} over its own dims).
   */
  @TfApi("tf.nn.embedding_lookup")
  static Value embeddingLookup(Value params, Value ids, double maxNorm) {
    return lookup(params, ids, maxNorm);
  }

  static Value lookup(Value params, Value ids, Double maxNorm) {
    String op = "embedding_lookup";
    requireParams(op, params);
    if (ids.type() instanceof RaggedType rt) {
      if (rt.dtype() != DType.INT32 && rt.dtype() != DType.INT64) {
        throw GraphBuilder.misuse(op + ": The values contained by the inputs have type " + rt.dtype() + " and cannot be "
            + "processed. All values should be indices, either of type `int32` or `int64`.", ids);
      }
      return ids.withFlatValues(lookup(params, ids.flatValues(), maxNorm));
    }
    if (!(ids.type() instanceof DenseType idsType)) {
      throw GraphBuilder.misuse(op + ": ids must be a dense or ragged tensor of int32 or int64, got " + ids.type(), ids);
    }
    Value gathered = Selections.gather(ids.builder(), params, ids);
    if (maxNorm == null) {
      return gathered;
    }
    int rank = ((DenseType) gathered.type()).rank();
    return clipByNorm(gathered, maxNorm, LongStream.range(idsType.rank(), rank).toArray());
  }

  /** TF's {@code tf.clip_by_norm(t, clip_norm)}: over every axis. */
  @TfApi("tf.clip_by_norm")
  static Value clipByNorm(Value t, double clipNorm) {
    return clipByNorm(t, clipNorm, LongStream.range(0, requireFloatTensor("clip_by_norm", t).rank()).toArray());
  }

  /**
   * TF's {@code tf.clip_by_norm(t, clip_norm, axes)}: {@code t * clip_norm / max(l2norm, clip_norm)}
   * with {@code l2norm} the square root of {@code reduce_sum(t * t, axes, keepdims=True)} (0 where
   * that sum is not positive); a negative {@code clip_norm} is 0, as TF's Python makes it.
   */
  @TfApi("tf.clip_by_norm")
  static Value clipByNorm(Value t, double clipNorm, long[] axes) {
    DenseType type = requireFloatTensor("clip_by_norm", t);
    GraphBuilder g = t.builder();
    Ops tf = g.ops();
    long[] resolved = new long[axes.length];
    for (int i = 0; i < axes.length; i++) {
      long a = axes[i] < 0 ? axes[i] + type.rank() : axes[i];
      if (a < 0 || a >= type.rank()) {
        throw GraphBuilder.misuse("clip_by_norm: axis " + axes[i] + " is out of range for a tensor of rank " + type.rank(), t);
      }
      resolved[i] = a;
    }
    Value clip = g.scalar(type.dtype(), Math.max(clipNorm, 0));
    Value l2sum = g.op(ReductionOps.REDUCE_SUM, Map.of("axis", resolved, "keepdims", true), t.mul(t));
    Value pred = l2sum.gt(g.scalar(type.dtype(), 0));
    Value safe = tf.where(pred, l2sum, tf.onesLike(l2sum));
    Value l2norm = tf.where(pred, tf.math.sqrt(safe), l2sum);
    return t.mul(clip).truediv(tf.math.maximum(l2norm, clip));
  }

  /** TF's {@code tf.nn.embedding_lookup_sparse(params, sp_ids, sp_weights)} with the combiner "mean". */
  @TfApi("tf.nn.embedding_lookup_sparse")
  static Value embeddingLookupSparse(Value params, Value spIds, @Nullable Value spWeights) {
    return lookupSparse(params, spIds, spWeights, "mean", null);
  }

  /**
   * TF's {@code tf.nn.embedding_lookup_sparse(params, sp_ids, sp_weights, combiner)}: {@code sp_ids}
   * a rank-2 sparse or ragged tensor of ids, {@code sp_weights} one of the same kind holding their
   * weights, or null for weights of 1; {@code combiner} "sum", "mean" (the weighted sum over the
   * sum of the weights) or "sqrtn" (over the square root of the sum of their squares).
   */
  @TfApi("tf.nn.embedding_lookup_sparse")
  static Value embeddingLookupSparse(Value params, Value spIds, @Nullable Value spWeights, String combiner) {
    return lookupSparse(params, spIds, spWeights, combiner, null);
  }

  /** As {@link #embeddingLookupSparse(Value, Value, Value, String)}, each embedding clipped to {@code maxNorm} first. */
  @TfApi("tf.nn.embedding_lookup_sparse")
  static Value embeddingLookupSparse(Value params, Value spIds, @Nullable Value spWeights, String combiner, double maxNorm) {
    return lookupSparse(params, spIds, spWeights, combiner, maxNorm);
  }

  static Value lookupSparse(Value params, Value spIds, Value spWeights, String combiner, Double maxNorm) {
    String op = "embedding_lookup_sparse";
    if (combiner == null) {
      combiner = "mean";
    }
    if (!List.of("mean", "sqrtn", "sum").contains(combiner)) {
      throw GraphBuilder.misuse(op + ": combiner must be one of 'mean', 'sqrtn' or 'sum', got " + combiner, spIds);
    }
    requireParams(op, params);
    boolean ragged = spIds.type() instanceof RaggedType;
    if (!ragged && !(spIds.type() instanceof SparseType)) {
      throw GraphBuilder.misuse(op + ": sp_ids must be SparseTensor or RaggedTensor, got " + spIds.type(), spIds);
    }
    if (ragged && (((RaggedType) spIds.type()).raggedRank() != 1 || ((RaggedType) spIds.type()).rank() != 2)) {
      throw GraphBuilder.misuse(op + ": ragged sp_ids must have rank 2 (one ragged dimension), got " + spIds.type(), spIds);
    }
    if (spWeights != null && ragged != spWeights.type() instanceof RaggedType) {
      throw GraphBuilder.misuse(op + ": sp_ids must be of the same type as sp_weights, received " + spIds.type()
          + " for sp_ids and " + spWeights.type() + " for sp_weights", spWeights);
    }
    if (spWeights != null && !ragged && !(spWeights.type() instanceof SparseType)) {
      throw GraphBuilder.misuse(op + ": sp_weights must be either None or SparseTensor, got " + spWeights.type(), spWeights);
    }
    Value segmentIds = ragged ? spIds.valueRowids() : spIds.indices().getItem(":, 0");
    Value ids = ragged ? spIds.flatValues() : spIds.values();
    return combine(params, segmentIds, ids, spWeights == null ? null : ragged ? spWeights.flatValues() : spWeights.values(),
        combiner, maxNorm);
  }

  /** TF's {@code embedding_lookup_sparse_impl} for one params tensor. */
  private static Value combine(Value params, Value segmentIds, Value ids, Value weights, String combiner, Double maxNorm) {
    GraphBuilder g = params.builder();
    Ops tf = g.ops();
    if (weights == null) {
      Value embeddings = params;
      Value indices = ids;
      if (maxNorm != null) {
        // TF looks the unique ids up, clipped, and picks them by their positions; clipping the
        // looked-up rows in the ids' own order gives the same rows, read through 0..n-1
        embeddings = lookup(params, ids, maxNorm);
        indices = Scans.scan(tf.onesLike(ids), false, 0, false, false).sub(1);
      }
      return switch (combiner) {
        case "sum" -> tf.sparse.segmentSum(embeddings, indices, segmentIds);
        case "mean" -> tf.sparse.segmentMean(embeddings, indices, segmentIds);
        default -> tf.sparse.segmentSqrtN(embeddings, indices, segmentIds);
      };
    }
    Value segments = segmentIds.cast(DType.INT32);
    Value embeddings = lookup(params, ids, maxNorm);
    DType original = embeddings.dtype();
    if (original == DType.FLOAT16 || original == DType.BFLOAT16) {
      embeddings = embeddings.cast(DType.FLOAT32); // TF computes low-precision embeddings in float32
    }
    Value w = weights.cast(embeddings.dtype());
    int rank = ((DenseType) embeddings.type()).rank();
    for (int d = 1; d < rank; d++) {
      w = tf.expandDims(w, -1); // broadcast over each embedding's dims
    }
    Value weighted = embeddings.mul(w);
    Value sum = tf.math.segmentSum(weighted, segments);
    Value result = switch (combiner) {
      case "sum" -> sum;
      case "mean" -> tf.math.divideNoNan(sum, tf.math.segmentSum(w, segments));
      default -> tf.math.divideNoNan(sum, tf.math.sqrt(tf.math.segmentSum(tf.math.pow(w, g.scalar(w.dtype(), 2)), segments)));
    };
    return result.dtype() == original ? result : result.cast(original);
  }

  private static void requireParams(String op, Value params) {
    if (!(params.type() instanceof DenseType p) || p.rank() < 1) {
      throw GraphBuilder.misuse(op + ": params must be one dense tensor of rank >= 1 (the embedding table), got "
          + params.type(), params);
    }
  }

  private static DenseType requireFloatTensor(String op, Value t) {
    if (!(t.type() instanceof DenseType d) || !d.dtype().isFloating()) {
      throw GraphBuilder.misuse(op + ": t must be a dense floating-point tensor, got " + t.type(), t);
    }
    return d;
  }
}
