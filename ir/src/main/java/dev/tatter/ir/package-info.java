/**
 * The graph: immutable {@link dev.tatter.ir.Graph}s of {@link dev.tatter.ir.Node}s in SSA form, one
 * result per node, each node an op ({@link dev.tatter.ir.OpDef}) with a static type inferred when
 * it is added. {@code types} holds the types ({@code tensor<float32>[None]},
 * {@code ragged<int64>[None, (None)]}, ...), {@code ops} the op libraries and the registry,
 * {@code text} the textual IR's printer and parser.
 *
 * <pre>{@code
 * Graph graph = GraphParser.parse("""
 *     %x = placeholder() : tensor<int64>[None]
 *     %y = add(%x, %x) : tensor<int64>[None]
 *     return %y
 *     """);
 * String text = GraphPrinter.print(graph); // parses back to the same graph
 * }</pre>
 */
package dev.tatter.ir;
