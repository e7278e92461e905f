package dev.tatter.optimizer;

import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.LookupOps;
import dev.tatter.ir.ops.RaggedOps;
import dev.tatter.ir.ops.SplitLookupOps;
import dev.tatter.ir.ops.StringSplitOps;
import dev.tatter.ir.text.GraphPrinter;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A step of the fuse pass: words to ids without the words. {@code lookup(values(string_split(s)))}
 * becomes one {@code string_split_lookup(s)} (or {@code string_split_vocab_lookup}) whose kernel
 * looks each piece up where it lies in the input's bytes, so the pieces — one stored range per
 * word — are never made. The split's partition is the fused node's, and {@code ragged(ids,
 * partition(split))}, the ragged ids a user gets, is the fused node itself.
 *
 * <p>It fires only where nothing is lost: the split and its pieces are not fetched, and nothing
 * but the lookup reads the pieces (the partition may be read by anything). Each refusal of a
 * lookup of a split's pieces is a remark.
 */
final class SplitLookupFusion {
  private SplitLookupFusion() {}

  /** {@code graph} with its split-and-lookup pairs fused (the same instance when there are none). */
  static Graph fuse(Graph graph, List<String> notes) {
    List<List<Node>> users = new ArrayList<>();
    for (int i = 0; i < graph.size(); i++) {
      users.add(new ArrayList<>());
    }
    for (Node node : graph.nodes()) {
      for (Node input : node.inputs().stream().distinct().toList()) {
        users.get(input.id()).add(node);
      }
    }
    BitSet isOutput = new BitSet();
    graph.outputs().forEach(n -> isOutput.set(n.id()));
    Map<Node, String> names = null;
    Map<Integer, Node> lookupOfSplit = new LinkedHashMap<>(); // split id -> the lookup of its pieces
    for (Node lookup : graph.nodes()) {
      OpDef fused = fusedOp(lookup.op());
      if (fused == null || lookup.input(0).op() != RaggedOps.VALUES
          || lookup.input(0).input(0).op() != StringSplitOps.STRING_SPLIT) {
        continue;
      }
      Node pieces = lookup.input(0);
      Node split = pieces.input(0);
      if (names == null) {
        names = GraphPrinter.valueNames(graph);
      }
      String why = isOutput.get(split.id()) ? "the split " + names.get(split) + " is fetched"
          : isOutput.get(pieces.id()) ? "its pieces " + names.get(pieces) + " are fetched"
          : users.get(pieces.id()).size() > 1 ? "its pieces " + names.get(pieces) + " are also used by "
              + names.get(users.get(pieces.id()).get(users.get(pieces.id()).get(0) == lookup ? 1 : 0))
          : otherUser(split, pieces, users, names);
      if (why != null) {
        notes.add(names.get(lookup) + " (" + lookup.op().mnemonic() + ") not fused with " + names.get(split)
            + " (string_split): " + why);
        continue;
      }
      lookupOfSplit.put(split.id(), lookup);
    }
    if (lookupOfSplit.isEmpty()) {
      return graph;
    }
    Map<Integer, Node> splitOfLookup = new HashMap<>();
    lookupOfSplit.forEach((split, lookup) -> splitOfLookup.put(lookup.id(), graph.nodes().get(split)));
    Graph.Builder out = Graph.builder();
    Node[] mapping = new Node[graph.size()];
    Map<Integer, Node> fusedOfSplit = new HashMap<>();
    for (Node node : graph.nodes()) {
      Node lookup = lookupOfSplit.get(node.id());
      if (lookup != null) {
        Map<String, Object> attributes = new LinkedHashMap<>(node.attributes().asMap());
        attributes.putAll(lookup.attributes().asMap());
        fusedOfSplit.put(node.id(), out.add(fusedOp(lookup.op()), List.of(mapping[node.input(0).id()]), attributes,
            node.name().orElse(null), node.location(), null));
        continue; // the split itself has no user left: its pieces go with the lookup, its partition with the fused node
      }
      Node split = splitOfLookup.get(node.id());
      Node fusedIds = raggedIds(node, splitOfLookup, fusedOfSplit);
      if (split != null) {
        mapping[node.id()] = out.add(RaggedOps.VALUES, List.of(fusedOfSplit.get(split.id())), Map.of(),
            node.name().orElse(null), node.location(), null);
      } else if (node.op() == RaggedOps.PARTITION && fusedOfSplit.containsKey(node.input(0).id())) {
        mapping[node.id()] = out.add(RaggedOps.PARTITION, List.of(fusedOfSplit.get(node.input(0).id())), Map.of(),
            node.name().orElse(null), node.location(), null);
      } else if (node.op() == RaggedOps.VALUES && fusedOfSplit.containsKey(node.input(0).id())) {
        continue; // the pieces, read by the fused lookup alone
      } else if (fusedIds != null) {
        mapping[node.id()] = fusedIds;
      } else {
        mapping[node.id()] = out.copy(node, node.inputs().stream().map(n -> mapping[n.id()]).toList());
      }
    }
    for (Node output : graph.outputs()) {
      out.addOutput(mapping[output.id()]);
    }
    return new DcePass().run(out.build());
  }

  /** The fused op for a lookup op, or null when it is not a lookup the pass fuses. */
  private static OpDef fusedOp(OpDef lookup) {
    return lookup == LookupOps.HASH_TABLE_LOOKUP ? SplitLookupOps.STRING_SPLIT_LOOKUP
        : lookup == LookupOps.VOCAB_TABLE_LOOKUP ? SplitLookupOps.STRING_SPLIT_VOCAB_LOOKUP : null;
  }

  /** Why a user of the split other than its pieces and its partition keeps it, or null. */
  private static String otherUser(Node split, Node pieces, List<List<Node>> users, Map<Node, String> names) {
    for (Node user : users.get(split.id())) {
      if (user != pieces && user.op() != RaggedOps.PARTITION) {
        return "the split is also used by " + names.get(user) + " (" + user.op().mnemonic() + ")";
      }
    }
    return null;
  }

  /**
   * The fused node when {@code node} is {@code ragged(lookup, partition(split))} of a fused pair
   * and has its type (the ragged ids the fused node is), else null.
   */
  private static Node raggedIds(Node node, Map<Integer, Node> splitOfLookup, Map<Integer, Node> fusedOfSplit) {
    if (node.op() != RaggedOps.RAGGED || node.inputs().size() != 2) {
      return null;
    }
    Node split = splitOfLookup.get(node.input(0).id());
    Node partition = node.input(1);
    if (split == null || partition.op() != RaggedOps.PARTITION || partition.input(0) != split) {
      return null;
    }
    Node fused = fusedOfSplit.get(split.id());
    return node.type().equals(fused.type()) ? fused : null;
  }
}
