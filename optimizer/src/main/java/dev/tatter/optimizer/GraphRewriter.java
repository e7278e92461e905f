package dev.tatter.optimizer;

import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import java.util.ArrayList;
import java.util.List;

/**
 * Rebuilds a graph node by node in order. For each old node, {@link Rule#rewrite} either returns
 * a node of the new graph to stand for it (an earlier one, or one it adds) or {@code null} to
 * copy it over its rewritten inputs. Outputs follow their nodes.
 */
public final class GraphRewriter {
  /** Decides what stands for {@code node} in the new graph. */
  public interface Rule {
    /**
     * @param node the old node
     * @param inputs the new nodes standing for its inputs
     * @param out the new graph being built (to look at or to add nodes to)
     * @return the new node for {@code node}, or null to copy it
     */
    Node rewrite(Node node, List<Node> inputs, Graph.Builder out);
  }

  private GraphRewriter() {}

  public static Graph rewrite(Graph graph, Rule rule) {
    Graph.Builder out = Graph.builder();
    Node[] mapping = new Node[graph.size()]; // by old node id
    boolean changed = false;
    for (Node node : graph.nodes()) {
      List<Node> inputs = new ArrayList<>(node.inputs().size());
      for (Node input : node.inputs()) {
        inputs.add(mapping[input.id()]);
      }
      Node replacement = rule.rewrite(node, inputs, out);
      if (replacement == null) {
        replacement = out.copy(node, inputs);
      }
      changed |= replacement.id() != node.id()
          || replacement.op() != node.op()
          || !replacement.attributes().equals(node.attributes())
          || !replacement.hasSameName(node);
      mapping[node.id()] = replacement;
    }
    for (Node output : graph.outputs()) {
      out.addOutput(mapping[output.id()]);
    }
    changed |= out.size() != graph.size();
    return changed ? out.build() : graph;
  }
}
