/**
 * Elementwise ops over tensors: an op's overload set
 * ({@link dev.tatter.runtime.kernels.elementwise.ScalarFunction}), the one generic loop that
 * applies it with NumPy broadcasting
 * ({@link dev.tatter.runtime.kernels.elementwise.PointwiseKernels}), and the broadcasting rule.
 */
package dev.tatter.runtime.kernels.elementwise;
