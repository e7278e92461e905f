package dev.tatter.codegen;

import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import java.util.BitSet;

/** Which nodes a graph's outputs need, and where each value is used for the last time. */
final class Liveness {
  private Liveness() {}

  /** The nodes the outputs depend on. */
  static BitSet needed(Graph graph) {
    BitSet needed = new BitSet(graph.size());
    for (Node output : graph.outputs()) {
      needed.set(output.id());
    }
    for (int i = graph.size() - 1; i >= 0; i--) {
      if (needed.get(i)) {
        for (Node input : graph.nodes().get(i).inputs()) {
          needed.set(input.id());
        }
      }
    }
    return needed;
  }

  /** For each node, the id of the last needed node that reads it, or -1. */
  static int[] lastUse(Graph graph, BitSet needed) {
    int[] last = new int[graph.size()];
    java.util.Arrays.fill(last, -1);
    for (Node node : graph.nodes()) {
      if (needed.get(node.id())) {
        for (Node input : node.inputs()) {
          last[input.id()] = node.id();
        }
      }
    }
    return last;
  }
}
