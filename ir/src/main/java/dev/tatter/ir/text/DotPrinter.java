package dev.tatter.ir.text;

import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.Graph;
import dev.tatter.ir.Lowering;
import dev.tatter.ir.Node;
import dev.tatter.ir.ops.FusedExpr;
import dev.tatter.ir.ops.FusedOps;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Draws a graph in Graphviz's DOT language: one box per node (its value name, op and
 * attributes), one edge per operand labelled with the operand's static type, placeholders as
 * inputs at the top and the returned values marked. Attribute values are shortened so that a
 * large constant does not swamp the picture.
 *
 * <p>A {@code fused} node is drawn as a {@code subgraph cluster_k}: one small node per step of its
 * expression, wired to the fused node's inputs and to each other, ending in the fused node
 * itself, so a picture shows what each loop computes.
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
    return print(graph, title, Map.of());
  }

  /**
   * The graph with each node of {@code shares} (its share of a run's time, 0 to 1) labelled with
   * its percentage and filled from white (none) to red (the costliest node's share), as {@code
   * tatter dot --profile} draws a profiled run.
   */
  public static String print(Graph graph, String title, Map<Node, Double> shares) {
    Map<Node, String> names = GraphPrinter.valueNames(graph);
    double maxShare = shares.values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
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
      boolean feed = node.op().lowering() instanceof Lowering.Feed;
      String shape = feed ? ", shape=invhouse, style=\"\"" : "";
      Double share = shares.get(node);
      if (share != null) {
        lines.add(String.format(java.util.Locale.ROOT, "%.1f %% of run", 100 * share));
        // HSV: red hue, saturation by share relative to the costliest node's, which is full red
        // while idle nodes stay white, however the run's time is spread
        double saturation = maxShare > 0 ? Math.max(0, Math.min(1, share / maxShare)) : 0;
        shape = String.format(java.util.Locale.ROOT, "%s, style=\"%s\", fillcolor=\"0.000 %.3f 1.000\"",
            feed ? ", shape=invhouse" : "", feed ? "filled" : "rounded,filled", saturation);
      }
      String outputs = graph.outputs().contains(node) ? ", peripheries=2" : "";
      out.append("  ").append(id(node)).append(" [label=").append(quote(String.join("\n", lines)))
          .append(shape).append(outputs).append("];\n");
    }
    for (Node node : graph.nodes()) {
      if (node.op() == FusedOps.FUSED) {
        appendCluster(out, node);
        continue;
      }
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

  /** The steps of a fused node, boxed together with it; operand edges go to the steps that read them. */
  private static void appendCluster(StringBuilder out, Node fused) {
    FusedExpr expr = FusedExpr.parse((String) fused.attributes().get("expr"));
    out.append("  subgraph cluster_").append(fused.id()).append(" {\n");
    out.append("    label=").append(quote("fused loop")).append("; style=dashed;\n");
    for (int k = 0; k < expr.steps().size(); k++) {
      FusedExpr.Step step = expr.steps().get(k);
      out.append("    ").append(stepId(fused, k)).append(" [label=").append(quote("#" + k + " = " + step))
          .append(", shape=ellipse, style=\"\", fontsize=9];\n");
    }
    out.append("    ").append(id(fused)).append(";\n  }\n");
    for (int k = 0; k < expr.steps().size(); k++) {
      for (FusedExpr.Ref ref : expr.steps().get(k).args()) {
        if (ref.isInput()) {
          Node input = fused.input(ref.index());
          out.append("  ").append(id(input)).append(" -> ").append(stepId(fused, k))
              .append(" [label=").append(quote("$" + ref.index() + ": " + input.type())).append("];\n");
        } else {
          out.append("  ").append(stepId(fused, ref.index())).append(" -> ").append(stepId(fused, k)).append(";\n");
        }
      }
    }
    out.append("  ").append(stepId(fused, expr.steps().size() - 1)).append(" -> ").append(id(fused)).append(";\n");
  }

  private static String stepId(Node fused, int step) {
    return "n" + fused.id() + "_s" + step;
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
