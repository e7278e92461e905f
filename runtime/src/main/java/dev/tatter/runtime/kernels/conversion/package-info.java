/**
 * Conversions between dense, ragged and sparse forms: {@code to_tensor}, {@code from_tensor},
 * {@code to_sparse} and {@code from_sparse}.
 */
package dev.tatter.runtime.kernels.conversion;
