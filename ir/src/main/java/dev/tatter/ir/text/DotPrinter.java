package dev.tatter.ir.text;

import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.Graph;
import dev.tatter.ir.Lowering;
import dev.tatter.ir.Node;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Draws a graph in Graphviz's DOT language: one box per node (its value name, op and
 * attributes), one edge per operand labelled with the operand's static type, placeholders as
 * inputs at the top and the returned values marked. Attribute values are shortened so that a
 * large constant does not swamp the picture.
 *
 * <p>Fused groups, once the optimizer makes them, are meant to become {@code subgraph cluster_k}
 * blocks here; today every node stands alone.
 */
public final class DotPrinter {
  /** Attribute values longer than this are cut, with an ellipsis. */
  static final int MAX_ATTRIBUTE_CHARS = 40;

  private DotPrinter() {}

  public static String print(Graph graph) {
    return print(graph, "tatter");
  }

  /** The graph as a DOT {@code digraph} called {@code title}. */
  public static String print(Graph graph, String title) {
    Map<Node, String> names = GraphPrinter.valueNames(graph);
    StringBuilder out = new StringBuilder();
    out.append("digraph ").append(quote(title)).append(" {\n");
    out.append("  rankdir=TB;\n");
    out.append("  node [shape=box, style=rounded, fontname=\"monospace\", fontsize=11];\n");
    out.append("  edge [fontname=\"monospace\", fontsize=9];\n");
    for (Node node : graph.nodes()) {
      List<String> lines = new ArrayList<>();
      lines.add(names.get(node) + " = " + node.op().mnemonic());
      for (AttrSpec spec : node.op().attributes()) {
        Object value = node.attributes().get(spec.name());
        if (!value.equals(spec.defaultValue())) {
          lines.add(spec.name() + " = " + shorten(TextSyntax.formatAttribute(value)));
        }
      }
      String shape = node.op().lowering() instanceof Lowering.Feed ? ", shape=invhouse, style=\"\"" : "";
      String outputs = graph.outputs().contains(node) ? ", peripheries=2" : "";
      out.append("  ").append(id(node)).append(" [label=").append(quote(String.join("\n", lines)))
          .append(shape).append(outputs).append("];\n");
    }
    for (Node node : graph.nodes()) {
      for (int i = 0; i < node.inputs().size(); i++) {
        Node input = node.input(i);
        out.append("  ").append(id(input)).append(" -> ").append(id(node))
            .append(" [label=").append(quote(node.op().operandName(i) + ": " + input.type())).append("];\n");
      }
    }
    if (!graph.outputs().isEmpty()) {
      out.append("  out [shape=plaintext, label=\"return\"];\n");
      for (int i = 0; i < graph.outputs().size(); i++) {
        Node output = graph.outputs().get(i);
        out.append("  ").append(id(output)).append(" -> out [label=")
            .append(quote(i + ": " + output.type())).append(", style=dashed];\n");
      }
    }
    out.append("}\n");
    return out.toString();
  }

  private static String id(Node node) {
    return "n" + node.id();
  }

  private static String shorten(String text) {
    return text.length() <= MAX_ATTRIBUTE_CHARS ? text : text.substring(0, MAX_ATTRIBUTE_CHARS - 3) + "...";
  }

  /** A DOT string: quotes and backslashes escaped, line breaks as DOT's {@code \n}. */
  static String quote(String text) {
    StringBuilder out = new StringBuilder("\"");
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> { }
        default -> out.append(c);
      }
    }
    return out.append('"').toString();
  }
}
