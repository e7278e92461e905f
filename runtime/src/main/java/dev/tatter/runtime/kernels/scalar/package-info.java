/**
 * The element functions: each elementwise op's arithmetic on single elements, as public static
 * overloads per compute type, with TensorFlow's CPU semantics. The interpreter, constant folding
 * and the fused loops codegen emits all call these, so they agree bit for bit.
 */
package dev.tatter.runtime.kernels.scalar;
