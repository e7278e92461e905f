/**
 * The Java API a program uses: build a graph with {@link dev.tatter.frontend.GraphBuilder} and
 * {@link dev.tatter.frontend.Value} (TensorFlow's ops as camelCase methods, each value's static
 * type inferred as it is built), then run it with a {@link dev.tatter.frontend.Session}, which
 * optimizes, compiles to JVM bytecode and caches one program per fetch list.
 *
 * <pre>{@code
 * GraphBuilder g = new GraphBuilder();
 * Value scores = g.placeholder("scores", Types.ragged(DType.FLOAT32, 1));
 * Value scaled = scores.mul(2).add(1);
 * Graph graph = g.build(scaled);
 * try (Session session = new Session(graph)) {
 *   Result r = session.run(Map.of("scores", batch), scaled);
 *   RaggedTensor out = r.ragged(0);
 * }
 * }</pre>
 *
 * <p>The runtime values fed and fetched ({@code Tensor}, {@code RaggedTensor}, {@code RowPartition},
 * {@code SparseTensor}) are in {@link dev.tatter.runtime}; the graph and its types in
 * {@link dev.tatter.ir}.
 */
package dev.tatter.frontend;
