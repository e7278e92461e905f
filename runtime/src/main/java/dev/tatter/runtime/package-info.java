/**
 * Runtime values, immutable: {@link dev.tatter.runtime.Tensor} (a dense tensor of one
 * {@link dev.tatter.runtime.DType}, row-major), {@link dev.tatter.runtime.RowPartition} (a ragged
 * dimension's row splits), {@link dev.tatter.runtime.RaggedTensor} (flat values under one or more
 * partitions), {@link dev.tatter.runtime.SparseTensor} (indices, values and a dense shape).
 * A program feeds them to a session and gets them back as results.
 *
 * <pre>{@code
 * RaggedTensor batch = RaggedTensor.of(
 *     Tensor.ofFloats(0.5f, 1.5f, 2.5f, -1f),
 *     RowPartition.fromRowSplits(new long[] {0, 3, 3, 4}, DType.INT64, true));
 * batch.toList(); // [[0.5, 1.5, 2.5], [], [-1.0]]
 * }</pre>
 *
 * <p>The subpackage {@code kernels} holds the kernels generated code calls, one package per
 * family of ops; {@code exec} the interface generated classes implement.
 */
package dev.tatter.runtime;
