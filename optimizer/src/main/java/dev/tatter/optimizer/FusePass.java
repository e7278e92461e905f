package dev.tatter.optimizer;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.Fusion;
import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import dev.tatter.ir.ops.FusedExpr;
import dev.tatter.ir.ops.FusedOps;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.ir.types.DenseType;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Elementwise fusion: groups of elementwise nodes over one index space become one {@code fused}
 * node (see {@link FusedExpr}) that the bytecode backend compiles to a single loop, so the
 * intermediates are never stored.
 *
 * <p>Groups are grown from their last node (the root) backwards: a fusible node joins a group
 * when every one of its users is in that group and it has the group's shape. Ragged tensors
 * need nothing special here: their elementwise ops are already ops on flat values (after
 * CSE/canonicalize, the flat values under one partition node), which have one index space.
 * Because a member's users all lie inside its group, groups are convex, and a value used twice
 * inside a group (a diamond) is computed once as a step — DAGs fuse, not only chains.
 *
 * <p>A value used outside its group (by another group, by a non-elementwise op, or fetched)
 * is <em>left outside</em>: it becomes the root of a group of its own, is stored once, and is
 * an operand of the groups that read it. That costs one stored array but never recomputes a
 * value, and keeps every fused node single-result like every other node.
 *
 * <p>Each decision not to fuse is recorded with its reason in {@link #remarks()} (shown by
 * {@code --dump-after}), e.g. {@code %3 (add) not fused into %5: also used by %4 (row_lengths)}.
 */
public final class FusePass implements Pass {
  /**
   * The most nodes one fused node holds. Keeps the generated loop and entry methods far under
   * HotSpot's 8000-byte limit for JIT compilation (a step is about 12 bytes of bytecode, an
   * operand about 25).
   */
  static final int MAX_GROUP = 64;

  private List<String> remarks = List.of();

  @Override
  public String name() {
    return "fuse";
  }

  @Override
  public List<String> remarks() {
    return remarks;
  }

  @Override
  public Graph run(Graph graph) {
    Map<Node, String> names = GraphPrinter.valueNames(graph);
    List<String> notes = new ArrayList<>();
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

    // group[i] = id of the root of node i's group, or -1 if node i is not fusible
    int[] group = new int[graph.size()];
    int[] groupSize = new int[graph.size()];
    java.util.Arrays.fill(group, -1);
    for (int i = graph.size() - 1; i >= 0; i--) {
      Node node = graph.nodes().get(i);
      if (FusedExpr.fusibleRowFold(node)) {
        // a row reduction is always the root of its group: its result has another index space
        group[i] = i;
        groupSize[i] = 1;
        continue;
      }
      if (!FusedExpr.fusibleStep(node)) {
        continue;
      }
      String why = joinDecision(node, users.get(i), isOutput, group, groupSize, graph, names);
      if (why == null) {
        int root = group[users.get(i).get(0).id()];
        group[i] = root;
        groupSize[root]++;
      } else {
        group[i] = i;
        groupSize[i] = 1;
        if (!why.isEmpty()) {
          notes.add(names.get(node) + " (" + node.op().mnemonic() + ") " + why);
        }
      }
    }

    // rebuild: each root with more than one member becomes a fused node at the root's place
    Map<Integer, List<Node>> members = new LinkedHashMap<>();
    for (Node node : graph.nodes()) {
      if (group[node.id()] >= 0 && groupSize[group[node.id()]] > 1) {
        members.computeIfAbsent(group[node.id()], r -> new ArrayList<>()).add(node);
      }
    }
    if (members.isEmpty()) {
      remarks = ImmutableList.copyOf(notes);
      return graph;
    }
    Graph.Builder out = Graph.builder();
    Node[] mapping = new Node[graph.size()];
    for (Node node : graph.nodes()) {
      int root = group[node.id()];
      if (root < 0 || groupSize[root] == 1) {
        mapping[node.id()] = out.copy(node, node.inputs().stream().map(n -> mapping[n.id()]).toList());
      } else if (root == node.id()) {
        List<Node> group0 = members.get(root);
        mapping[node.id()] = addFused(out, node, group0, mapping);
        notes.add("fused " + String.join(", ", group0.stream().map(names::get).toList())
            + " into one loop (" + group0.size() + " nodes)");
      }
    }
    for (Node output : graph.outputs()) {
      out.addOutput(mapping[output.id()]);
    }
    remarks = ImmutableList.copyOf(notes);
    return out.build();
  }

  /** Null if {@code node} joins its users' group; else why not ("" when there is nothing to say). */
  private static String joinDecision(Node node, List<Node> users, BitSet isOutput, int[] group,
      int[] groupSize, Graph graph, Map<Node, String> names) {
    if (users.isEmpty()) {
      return "";
    }
    if (isOutput.get(node.id())) {
      return "not fused into its users: it is fetched, so it is stored";
    }
    for (Node user : users) {
      if (group[user.id()] < 0) {
        return "not fused: used by " + names.get(user) + " (" + user.op().mnemonic() + "), which is not a fusible elementwise op";
      }
    }
    int root = group[users.get(0).id()];
    for (Node user : users) {
      if (group[user.id()] != root) {
        return "not fused: its users " + names.get(users.get(0)) + " and " + names.get(user)
            + " are in different groups, so it is stored once and read by both";
      }
    }
    Node rootNode = graph.nodes().get(root);
    DenseType mine = (DenseType) node.type();
    // a row reduction's group runs over its values' index space
    DenseType theirs = (DenseType) (FusedExpr.fusibleRowFold(rootNode) ? rootNode.input(0) : rootNode).type();
    if (!mine.shape().equals(theirs.shape())) {
      return "not fused into " + names.get(rootNode) + ": shape " + mine.shape()
          + " differs from the group's " + theirs.shape() + " (the index spaces differ)";
    }
    if (groupSize[root] >= MAX_GROUP) {
      return "not fused into " + names.get(rootNode) + ": the group already holds " + MAX_GROUP + " nodes";
    }
    return null;
  }

  private static Node addFused(Graph.Builder out, Node root, List<Node> members, Node[] mapping) {
    Map<Node, Integer> stepOf = new java.util.IdentityHashMap<>();
    Map<Object, Integer> inputOf = new java.util.HashMap<>();
    List<Node> inputs = new ArrayList<>();
    List<FusedExpr.Step> steps = new ArrayList<>();
    List<String> origins = new ArrayList<>();
    for (Node member : members) {
      origins.add(member.describe());
      ImmutableList.Builder<FusedExpr.Ref> args = ImmutableList.builder();
      for (int a = 0; a < member.inputs().size(); a++) {
        Node operand = member.input(a);
        Integer step = stepOf.get(operand);
        if (step != null) {
          args.add(FusedExpr.Ref.step(step));
        } else {
          // a gathered params operand is an operand of its own per partition, since the loop
          // reads it through that partition's value_rowids
          Object key = member.op().fusion() instanceof Fusion.Gather && a == 0 ? List.of(operand, member.input(1)) : operand;
          Integer index = inputOf.computeIfAbsent(key, o -> {
            inputs.add(mapping[operand.id()]);
            return inputs.size() - 1;
          });
          args.add(FusedExpr.Ref.input(index));
        }
      }
      stepOf.put(member, steps.size());
      steps.add(new FusedExpr.Step(member.op(), args.build(), member.attributes()));
    }
    FusedExpr expr = new FusedExpr(ImmutableList.copyOf(steps));
    return out.add(FusedOps.FUSED, inputs, Map.of("expr", expr.toString()), root.name().orElse(null),
        root.location(), null, origins);
  }
}
