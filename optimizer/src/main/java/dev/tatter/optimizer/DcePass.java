package dev.tatter.optimizer;

import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import java.util.BitSet;

/**
 * Dead code elimination: keeps only the nodes the outputs need. A graph with no outputs is
 * left as it is (every value may be fetched).
 */
public final class DcePass implements Pass {
  @Override
  public String name() {
    return "dce";
  }

  @Override
  public Graph run(Graph graph) {
    if (graph.outputs().isEmpty()) {
      return graph;
    }
    BitSet live = new BitSet(graph.size());
    for (Node output : graph.outputs()) {
      live.set(output.id());
    }
    for (int i = graph.size() - 1; i >= 0; i--) {
      if (live.get(i)) {
        for (Node input : graph.nodes().get(i).inputs()) {
          live.set(input.id());
        }
      }
    }
    if (live.cardinality() == graph.size()) {
      return graph;
    }
    Graph.Builder out = Graph.builder();
    Node[] mapping = new Node[graph.size()];
    for (Node node : graph.nodes()) {
      if (live.get(node.id())) {
        mapping[node.id()] = out.copy(node, FusePass.mapped(node, mapping));
      }
    }
    for (Node output : graph.outputs()) {
      out.addOutput(mapping[output.id()]);
    }
    return out.build();
  }
}
