/**
 * The {@code tf.sparse} ops on {@link dev.tatter.runtime.SparseTensor}s: construction and
 * conversion to dense, arithmetic with sparse and dense operands, reductions, segments, selection,
 * reshaping, counts and {@code sparse_dense_matmul}.
 */
package dev.tatter.runtime.kernels.sparse;
