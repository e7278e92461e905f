/**
 * Row partitions and ragged structure: each encoding of a partition from another, taking ragged
 * tensors apart and putting them together, their shapes, {@code ragged.range} and {@code merge_dims}.
 */
package dev.tatter.runtime.kernels.ragged;
