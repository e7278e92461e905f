/**
 * Shape and selection of dense and ragged tensors: {@code expand_dims}, {@code concat},
 * {@code tile}, {@code reverse}, {@code boolean_mask}, {@code where}, {@code __getitem__},
 * {@code sequence_mask}, {@code bitcast}, and the ops with no tensor input.
 */
package dev.tatter.runtime.kernels.array;
