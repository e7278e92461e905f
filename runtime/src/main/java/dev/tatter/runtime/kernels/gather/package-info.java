/**
 * Reads by index: {@code gather}, {@code gather_nd} and {@code dynamic_partition} of dense
 * tensors, their ragged forms, and a dense operand broadcast into a ragged one's rows.
 */
package dev.tatter.runtime.kernels.gather;
