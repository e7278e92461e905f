package dev.tatter.ir.text;

import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Prints a graph in the textual IR, one node a line:
 * <pre>
 * %x = placeholder() : ragged&lt;float32&gt;[None, (None)]
 * %0 = partition(%x) : partition&lt;int64&gt;[None, (None)]
 * return %0
 * </pre>
 * Named nodes print as {@code %name}, unnamed ones as {@code %0, %1, ...} in order; attributes
 * equal to their default are left out. {@link GraphParser} is its exact inverse.
 */
public final class GraphPrinter {
  private GraphPrinter() {}

  public static String print(Graph graph) {
    Map<Node, String> names = valueNames(graph);
    StringBuilder out = new StringBuilder();
    for (Node node : graph.nodes()) {
      out.append(formatNode(node, names)).append('\n');
    }
    if (!graph.outputs().isEmpty()) {
      out.append("return ").append(String.join(", ", graph.outputs().stream().map(names::get).toList())).append('\n');
    }
    return out.toString();
  }

  /**
   * {@link #valueNames}, as a function that makes only the names asked for (a pass's remarks name a
   * few nodes of a large graph).
   */
  public static java.util.function.Function<Node, String> valueNamer(Graph graph) {
    int[] unnamedIndex = new int[graph.size()];
    int unnamed = 0;
    for (Node node : graph.nodes()) {
      unnamedIndex[node.id()] = node.name().isPresent() ? -1 : unnamed++;
    }
    return node -> node.name().map(n -> "%" + n).orElseGet(() -> "%" + unnamedIndex[node.id()]);
  }

  /** The printed name of every node: {@code %name}, or {@code %k} for the k-th unnamed node. */
  public static Map<Node, String> valueNames(Graph graph) {
    Map<Node, String> names = new IdentityHashMap<>();
    int unnamed = 0;
    for (Node node : graph.nodes()) {
      if (node.name().isPresent()) {
        names.put(node, "%" + node.name().get());
      } else {
        names.put(node, "%" + unnamed++);
      }
    }
    return names;
  }

  /** One line: {@code %3 = op(%1, %2) {attr = value} : type}. */
  public static String formatNode(Node node, Map<Node, String> names) {
    StringBuilder line = new StringBuilder();
    line.append(names.get(node)).append(" = ").append(node.op().mnemonic()).append('(');
    line.append(String.join(", ", node.inputs().stream().map(names::get).toList())).append(')');
    List<String> attrs = new ArrayList<>();
    for (AttrSpec spec : node.op().attributes()) {
      Object value = node.attributes().get(spec.name());
      if (!value.equals(spec.defaultValue())) {
        attrs.add(spec.name() + " = " + TextSyntax.formatAttribute(value));
      }
    }
    if (!attrs.isEmpty()) {
      line.append(" {").append(String.join(", ", attrs)).append('}');
    }
    line.append(" : ").append(node.type());
    return line.toString();
  }
}
