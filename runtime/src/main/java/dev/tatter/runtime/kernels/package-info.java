/**
 * The kernels generated code and the interpreter call (public static methods, one package per
 * family of ops: {@code scalar}, {@code elementwise}, {@code reduce}, {@code gather}, {@code array},
 * {@code ragged}, {@code conversion}, {@code sparse}, {@code strings}, {@code lookup}), and
 * {@link dev.tatter.runtime.kernels.ParallelLoops}, the one policy for splitting a loop across
 * threads that every family follows.
 */
package dev.tatter.runtime.kernels;
