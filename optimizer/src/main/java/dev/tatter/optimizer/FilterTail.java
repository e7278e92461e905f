package dev.tatter.optimizer;

import dev.tatter.ir.Fusion;
import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import dev.tatter.ir.ops.FusedExpr;
import dev.tatter.ir.ops.RaggedOps;
import dev.tatter.ir.types.DenseType;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * The elementwise consumers of a filter's kept values that join the filter's loop (see {@link
 * FusePass}): the group rooted at {@code root} reads the kept values {@code values} (=
 * {@code values(filter)}) and one-element operands only, and {@code ragged} puts its result back
 * under {@code partition(filter)}. Fused, the loop computes the group on each kept value before
 * storing it, and the fused node stands for {@code ragged}.
 */
record FilterTail(Node filter, int root, Node values, Node ragged) {

  /** Whether {@code node} becomes a member of the filter's group (called once per node, in order). */
  boolean absorbs(Node node, int[] group) {
    return node == values || node == ragged || group[node.id()] == root;
  }

  /** The tail of each filter group that has one, by the filter's id; the reasons for the others go to notes. */
  static Map<Integer, FilterTail> find(Graph graph, List<List<Node>> users, BitSet isOutput, FusePass.Groups groups,
      java.util.function.Function<Node, String> names, List<String> notes) {
    Map<Integer, FilterTail> tails = new LinkedHashMap<>();
    for (Node filter : graph.nodes()) {
      if (!FusedExpr.fusibleFilter(filter) || groups.root[filter.id()] != filter.id()) {
        continue;
      }
      Object found = tailOf(filter, graph, users, isOutput, groups, names);
      if (found instanceof FilterTail tail) {
        tails.put(filter.id(), tail);
      } else if (found instanceof String why) {
        notes.add(names.apply(filter) + " (" + filter.op().mnemonic() + ") keeps its consumers out of its loop: " + why);
      }
    }
    return tails;
  }

  /** The tail, or why there is none (a String), or null when there is nothing to say. */
  private static Object tailOf(Node filter, Graph graph, List<List<Node>> users, BitSet isOutput,
      FusePass.Groups groups, java.util.function.Function<Node, String> names) {
    if (isOutput.get(filter.id())) {
      return null;
    }
    Node values = null;
    for (Node user : users.get(filter.id())) {
      if (user.op() == RaggedOps.VALUES && values == null) {
        values = user;
      } else if (user.op() != RaggedOps.PARTITION) {
        return "its result is also used by " + names.apply(user) + " (" + user.op().mnemonic() + ")";
      }
    }
    if (values == null || users.get(values.id()).isEmpty()) {
      return null;
    }
    if (isOutput.get(values.id())) {
      return "its values " + names.apply(values) + " are fetched, so they are stored";
    }
    int root = -1;
    for (Node user : users.get(values.id())) {
      int r = groups.root[user.id()];
      if (r < 0 || root >= 0 && r != root) {
        return "its values are used by " + names.apply(user) + " (" + user.op().mnemonic()
            + "), which is not in one elementwise group with its other users";
      }
      root = r;
    }
    Node rootNode = graph.nodes().get(root);
    List<Node> rootUsers = users.get(root);
    if (isOutput.get(root) || rootUsers.size() != 1 || rootUsers.get(0).op() != RaggedOps.RAGGED
        || rootUsers.get(0).input(0) != rootNode || rootUsers.get(0).attributes().getBool("validate")
        || rootUsers.get(0).input(1).op() != RaggedOps.PARTITION || rootUsers.get(0).input(1).input(0) != filter) {
      return "the result of " + names.apply(rootNode) + " is not only put back under the filter's partition";
    }
    BitSet dependsOnFilter = new BitSet();
    dependsOnFilter.set(filter.id());
    for (int i = filter.id() + 1; i < graph.size(); i++) {
      for (Node input : graph.nodes().get(i).inputs()) {
        if (dependsOnFilter.get(input.id())) {
          dependsOnFilter.set(i);
          break;
        }
      }
    }
    for (Node member : graph.nodes()) {
      if (groups.root[member.id()] != root) {
        continue;
      }
      Fusion kind = member.op().fusion();
      if (kind == null || !kind.isElementwise()) {
        return names.apply(member) + " (" + member.op().mnemonic() + ") is not elementwise on the kept values";
      }
      for (Node input : member.inputs()) {
        boolean inside = groups.root[input.id()] == root || input == values;
        boolean oneElement = input.type() instanceof DenseType d && d.shape().stream().allMatch(n -> n == 1);
        if (!inside && (!oneElement || dependsOnFilter.get(input.id()))) {
          return names.apply(member) + " (" + member.op().mnemonic() + ") also reads " + names.apply(input)
              + ", which is not a one-element operand computed before the filter";
        }
      }
    }
    if (groups.size[filter.id()] + groups.size[root] > FusePass.MAX_GROUP) {
      return "the two groups together would hold more than " + FusePass.MAX_GROUP + " nodes";
    }
    return new FilterTail(filter, root, values, rootUsers.get(0));
  }

  /**
   * The order to rebuild in: every node not in a fused group, and for each fused group its last
   * member (where its fused node goes), each after all it reads, and otherwise in the original
   * order. That is the original order except where a filter's tail moved its fused node past
   * nodes that read the filter's partition; those follow the fused node.
   */
  static List<Node> schedule(Graph graph, int[] group, int[] groupSize) {
    int n = graph.size();
    int[] item = new int[n];
    int[] last = new int[n];
    for (int i = 0; i < n; i++) {
      item[i] = i;
      if (group[i] >= 0 && groupSize[group[i]] > 1) {
        last[group[i]] = Math.max(last[group[i]], i);
      }
    }
    for (int i = 0; i < n; i++) {
      if (group[i] >= 0 && groupSize[group[i]] > 1) {
        item[i] = last[group[i]];
      }
    }
    int[] pending = new int[n];
    List<List<Integer>> readers = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      readers.add(new ArrayList<>());
    }
    java.util.Set<Long> edges = new java.util.HashSet<>(); // from * n + to, each edge once
    for (Node node : graph.nodes()) {
      if (!FusePass.isStep(node) && group[node.id()] >= 0 && groupSize[group[node.id()]] > 1) {
        continue; // a filter tail's values or ragged node: the fused loop reads the filter's own operands
      }
      List<Node> inputs = node.inputs();
      for (int k = 0; k < inputs.size(); k++) {
        Node input = inputs.get(k);
        if (inputs.indexOf(input) != k) {
          continue; // a repeated input: once is enough
        }
        int from = item[input.id()];
        int to = item[node.id()];
        if (from != to && edges.add((long) from * n + to)) {
          readers.get(from).add(to);
          pending[to]++;
        }
      }
    }
    PriorityQueue<Integer> ready = new PriorityQueue<>();
    for (int i = 0; i < n; i++) {
      if (item[i] == i && pending[i] == 0) {
        ready.add(i);
      }
    }
    List<Node> order = new ArrayList<>();
    while (!ready.isEmpty()) {
      int i = ready.poll();
      order.add(graph.nodes().get(i));
      for (int reader : readers.get(i)) {
        if (--pending[reader] == 0) {
          ready.add(reader);
        }
      }
    }
    if (order.size() != java.util.Arrays.stream(item).distinct().count()) {
      throw new IllegalStateException("fused groups depend on each other in a cycle (a fuse pass bug)");
    }
    return order;
  }
}
