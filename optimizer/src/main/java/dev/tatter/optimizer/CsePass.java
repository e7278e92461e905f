package dev.tatter.optimizer;

import dev.tatter.ir.Attributes;
import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Common subexpression elimination by structural hashing: two pure nodes with the same op,
 * attributes and inputs are one value. Inputs of commutative ops are compared as a set. Since
 * inputs are merged before their users, one pass in topological order finds every duplicate.
 * This is what makes each partition encoding computed once per graph.
 */
public final class CsePass implements Pass {
  private record Key(OpDef op, Attributes attributes, List<Integer> inputIds) {}

  @Override
  public String name() {
    return "cse";
  }

  @Override
  public Graph run(Graph graph) {
    Map<Key, Node> seen = new HashMap<>();
    return GraphRewriter.rewrite(graph, (node, inputs, out) -> {
      if (!node.op().has(Trait.PURE)) {
        return null;
      }
      List<Integer> ids = new ArrayList<>(inputs.size());
      for (Node input : inputs) {
        ids.add(input.id());
      }
      if (node.op().has(Trait.COMMUTATIVE)) {
        ids.sort(Comparator.naturalOrder());
      }
      Key key = new Key(node.op(), node.attributes(), ids);
      Node existing = seen.get(key);
      if (existing != null) {
        return existing;
      }
      Node copy = out.copy(node, inputs);
      seen.put(key, copy);
      return copy;
    });
  }
}
