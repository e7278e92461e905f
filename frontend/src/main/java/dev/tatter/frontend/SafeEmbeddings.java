package dev.tatter.frontend;

import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DType;
import java.util.List;

/**
 * TF's {@code tf.nn.safe_embedding_lookup_sparse} ({@code embedding_ops.py}; its ragged dispatch in
 * {@code ragged_embedding_ops.py}) as the ops TF's Python emits: ids below 0 are pruned with their
 * weights ({@code sparse_retain}), and unless the combiner is "sum" so are weights not above 0;
 * empty rows are filled with {@code default_id} (weight 1) by {@code sparse_fill_empty_rows}, the
 * lookup is {@code embedding_lookup_sparse}, and without a {@code default_id} an empty row's result
 * is zeros ({@code where}). A ragged id tensor takes the sparse path through {@code to_sparse}: its
 * prune (boolean masks of the values and value_rowids) and fill ({@code RaggedFillEmptyRows}) keep
 * the same ids, weights and rows in the same order as the sparse prune and fill of its sparse
 * form, so every op after them sees the same values. Sparse ids have rank 2 (TF also reshapes a higher rank to 2 and the
 * result back).
 */
@BuilderApi
final class SafeEmbeddings {
  private SafeEmbeddings() {}

  /** TF's {@code tf.nn.safe_embedding_lookup_sparse(embedding_weights, sparse_ids)}: weights of 1, combiner "mean". */
  @TfApi("tf.nn.safe_embedding_lookup_sparse")
  static Value safeEmbeddingLookupSparse(Value embeddingWeights, Value sparseIds) {
    return lookup(embeddingWeights, sparseIds, null, "mean", null, null);
  }

  /** TF's {@code tf.nn.safe_embedding_lookup_sparse(embedding_weights, sparse_ids, sparse_weights, combiner)}. */
  @TfApi("tf.nn.safe_embedding_lookup_sparse")
  static Value safeEmbeddingLookupSparse(Value embeddingWeights, Value sparseIds, @Nullable Value sparseWeights, String combiner) {
    return lookup(embeddingWeights, sparseIds, sparseWeights, combiner, null, null);
  }

  /**
   * TF's {@code tf.nn.safe_embedding_lookup_sparse(embedding_weights, sparse_ids, sparse_weights,
   * combiner, default_id, max_norm)}: {@code sparseWeights}, {@code defaultId} and {@code maxNorm}
   * may be null (TF's None).
   */
  @TfApi("tf.nn.safe_embedding_lookup_sparse")
  static Value safeEmbeddingLookupSparse(Value embeddingWeights, Value sparseIds, @Nullable Value sparseWeights, String combiner,
      @Nullable Long defaultId, @Nullable Double maxNorm) {
    return lookup(embeddingWeights, sparseIds, sparseWeights, combiner, defaultId, maxNorm);
  }

  static Value lookup(Value params, Value ids, Value weights, String combiner, Long defaultId, Double maxNorm) {
    String op = "safe_embedding_lookup_sparse";
    if (weights != null && params.type() instanceof DenseType p && p.dtype() != weights.type().dtype()) {
      // TF converts the table to the weights' dtype, which a tensor of another dtype refuses
      throw GraphBuilder.misuse(op + ": Tensor conversion requested dtype " + weights.type().dtype()
          + " for Tensor with dtype " + p.dtype() + " (the embedding weights must have the sparse weights' dtype)", params);
    }
    if (ids.type() instanceof RaggedType rt) {
      if (rt.raggedRank() != 1 || rt.rank() != 2) {
        throw GraphBuilder.misuse(op + ": ragged sparse_ids must have rank 2 (one ragged dimension), got " + rt, ids);
      }
      if (weights != null && !(weights.type() instanceof RaggedType)) {
        throw GraphBuilder.misuse(op + ": sp_ids must be of the same type as sp_weights, received " + ids.type()
            + " for sp_ids and " + weights.type() + " for sp_weights", weights);
      }
      return lookupSparse(params, ids.toSparse(), weights == null ? null : weights.toSparse(), combiner, defaultId, maxNorm);
    }
    if (!(ids.type() instanceof SparseType)) {
      throw GraphBuilder.misuse(op + ": sparse_ids must be SparseTensor or RaggedTensor, got " + ids.type(), ids);
    }
    if (weights != null && !(weights.type() instanceof SparseType)) {
      throw GraphBuilder.misuse(op + ": sp_weights must be either None or SparseTensor, got " + weights.type(), weights);
    }
    return lookupSparse(params, ids, weights, combiner, defaultId, maxNorm);
  }

  private static Value lookupSparse(Value params, Value ids, Value weights, String combiner, Long defaultId,
      Double maxNorm) {
    String op = "safe_embedding_lookup_sparse";
    GraphBuilder g = params.builder();
    Ops tf = g.ops();
    SparseType type = (SparseType) ids.type();
    if (type.rank() != 2) {
      // TF reshapes ids of rank above 2 to rank 2 and the result back: not here yet
      throw GraphBuilder.misuse(op + ": sparse_ids must have rank 2 here (TF also takes a higher rank, reshaped to 2 "
          + "and back), got " + type, ids);
    }
    if (weights != null) {
      weights = Sparse.withValues(ids, weights.values());
    }
    // prune ids below 0, and (unless summing) weights not above 0, with their partners
    Value valid = ids.values().ge(g.scalar(ids.type().dtype(), 0));
    ids = SparseManipulation.retain(ids, valid);
    if (weights != null) {
      weights = SparseManipulation.retain(weights, valid);
      if (!combiner.equals("sum")) {
        Value positive = weights.values().gt(g.scalar(weights.type().dtype(), 0));
        ids = SparseManipulation.retain(ids, positive);
        weights = SparseManipulation.retain(weights, positive);
      }
    }
    List<Value> filled = SparseManipulation.fillEmptyRows(ids, defaultId == null ? 0L : defaultId);
    ids = filled.get(0);
    Value isRowEmpty = filled.get(1);
    if (weights != null) {
      weights = SparseManipulation.fillEmptyRows(weights, 1.0).get(0);
    }
    Value result = Embeddings.lookupSparse(params, ids, weights, combiner, maxNorm);
    if (defaultId == null) {
      Value condition = isRowEmpty;
      for (int d = 1; d < ((DenseType) result.type()).rank(); d++) {
        condition = tf.expandDims(condition, -1); // TF tiles it to the result's shape; where broadcasts it alike
      }
      result = tf.where(condition, tf.zerosLike(result), result);
    }
    return result;
  }
}
