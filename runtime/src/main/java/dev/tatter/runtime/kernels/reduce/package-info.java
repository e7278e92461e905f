/**
 * Folds along an axis, within a partition's rows or into segments: reductions, means, segment
 * reductions, bincount, cumulative sums and products, softmax.
 */
package dev.tatter.runtime.kernels.reduce;
