package dev.tatter.optimizer;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import dev.tatter.ir.ops.FusedExpr;
import dev.tatter.ir.ops.FusedOps;
import dev.tatter.ir.ops.RaggedOps;
import dev.tatter.ir.text.GraphPrinter;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.UnrankedType;
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
 * <p>Row loops: a row reduction ends its group, a row scan ({@code row_cumsum}) is a step of
 * one, and a filter ({@code row_boolean_mask}) is the root of one; a group holds at most one
 * partition these run over (and scans of one direction, forward where a fold or filter reads the
 * rows in order). A filter's group then grows forward: when its kept values feed a group of
 * elementwise nodes, reading nothing else but one-element operands, whose result is put back
 * under the filter's partition ({@code ragged(..., partition(filter))}), that group and the
 * {@code ragged} join the filter's loop, so the masked values are computed and stored once.
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

  /**
   * Why a node whose op has a fusion kind is not a fusible step, or null when no remark is due.
   * An unranked value is checked first: a lenient {@code eq}/{@code ne} of complex operands is
   * held back by its {@code tensor<bool>[*]} result, which no fused loop could index even if its
   * operands were real.
   */
  private static String unfusedReason(Node node, java.util.function.Function<Node, String> names) {
    if (node.type() instanceof UnrankedType) {
      return "its result is " + node.type() + ", whose rank is known only at run time, and a fused loop's index "
          + "space is fixed when it is compiled";
    }
    for (Node in : node.inputs()) {
      if (in.type() instanceof UnrankedType) {
        return "its operand " + names.apply(in) + " is " + in.type() + ", whose rank is known only at run time, and a "
            + "fused loop's index space is fixed when it is compiled";
      }
    }
    if (node.type().dtype().isComplex() || node.inputs().stream().anyMatch(in -> in.type().dtype().isComplex())) {
      return "complex values are objects, which fused loops do not hold";
    }
    return null;
  }

  @Override
  public List<String> remarks() {
    return remarks;
  }

  @Override
  public Graph run(Graph given) {
    List<String> notes = new ArrayList<>();
    // dense layers first: a matmul's bias and activation join its kernel, not an elementwise loop
    Graph graph = MatmulEpilogue.fuse(given, notes);
    // and a split's pieces their lookup's: words become ids where they lie in the input
    graph = SplitLookupFusion.fuse(graph, notes);
    java.util.function.Function<Node, String> names = GraphPrinter.valueNamer(graph);
    List<List<Node>> users = new ArrayList<>();
    for (int i = 0; i < graph.size(); i++) {
      users.add(new ArrayList<>());
    }
    for (Node node : graph.nodes()) {
      List<Node> inputs = node.inputs();
      for (int k = 0; k < inputs.size(); k++) {
        if (inputs.indexOf(inputs.get(k)) == k) { // each distinct input once
          users.get(inputs.get(k).id()).add(node);
        }
      }
    }
    BitSet isOutput = new BitSet();
    graph.outputs().forEach(n -> isOutput.set(n.id()));

    // group[i] = id of the root of node i's group, or -1 if node i is not fusible
    Groups groups = new Groups(graph.size());
    int[] group = groups.root;
    int[] groupSize = groups.size;
    for (int i = graph.size() - 1; i >= 0; i--) {
      Node node = graph.nodes().get(i);
      if (FusedExpr.fusibleRowFold(node) || FusedExpr.fusibleFilter(node)) {
        // a row reduction or a filter is always the root of its group: its result has another index space
        groups.startRowLoop(i, node.input(node.inputs().size() - 1).id(), 0);
        continue;
      }
      if (!FusedExpr.fusibleStep(node)) {
        String why = node.op().fusion() == null ? null : unfusedReason(node, names);
        if (why == null && FusedExpr.isLookup(node.op()) && FusedExpr.canHold(node.op())) {
          why = FusedExpr.lookupDecline(node);
        }
        if (why != null) {
          notes.add(names.apply(node) + " (" + node.op().mnemonic() + ") stays unfused: " + why + " (it runs as its kernel)");
        }
        continue;
      }
      String why = joinDecision(node, users.get(i), isOutput, groups, graph, names);
      int root = why == null ? group[users.get(i).get(0).id()] : i;
      if (why == null) {
        group[i] = root;
        groupSize[root]++;
      } else {
        group[i] = i;
        groupSize[i] = 1;
        if (!why.isEmpty()) {
          notes.add(names.apply(node) + " (" + node.op().mnemonic() + ") " + why);
        }
      }
      if (FusedExpr.isScan(node.op())) {
        groups.startRowLoop(root, node.input(1).id(), direction(node));
      }
    }
    Map<Integer, FilterTail> tails = FilterTail.find(graph, users, isOutput, groups, names, notes);

    // a filter's tail joins the filter's group: its members, the values node it reads and the
    // ragged node that ends it become members of the filter's group
    for (Map.Entry<Integer, FilterTail> tail : tails.entrySet()) {
      int filter = tail.getKey();
      for (Node node : graph.nodes()) {
        if (tail.getValue().absorbs(node, group)) {
          group[node.id()] = filter;
          groupSize[filter]++;
        }
      }
    }
    // rebuild: each root with more than one member becomes a fused node at its last member's place
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
    for (Node node : FilterTail.schedule(graph, group, groupSize)) {
      int root = group[node.id()];
      if (root < 0 || groupSize[root] == 1) {
        mapping[node.id()] = out.copy(node, mapped(node, mapping));
      } else {
        List<Node> group0 = members.get(root);
        Node fused = addFused(out, group0.get(group0.size() - 1), group0, mapping);
        for (Node member : group0) {
          mapping[member.id()] = fused; // the root, or a filter's node whose partition is read outside
        }
        List<Node> steps = group0.stream().filter(FusePass::isStep).toList();
        notes.add("fused " + String.join(", ", steps.stream().map(names).toList())
            + " into one loop (" + steps.size() + " nodes)");
      }
    }
    for (Node output : graph.outputs()) {
      out.addOutput(mapping[output.id()]);
    }
    remarks = ImmutableList.copyOf(notes);
    Graph result = out.build();
    return tails.isEmpty() ? result : new DcePass().run(result);
  }

  /** The new nodes standing for {@code node}'s inputs. */
  static List<Node> mapped(Node node, Node[] mapping) {
    Node[] inputs = new Node[node.inputs().size()];
    for (int i = 0; i < inputs.length; i++) {
      inputs[i] = mapping[node.input(i).id()];
    }
    return java.util.Arrays.asList(inputs);
  }

  /** Whether a member of a group is a step of its loop (not a filter tail's values or ragged node). */
  static boolean isStep(Node member) {
    return member.op() != RaggedOps.VALUES && member.op() != RaggedOps.RAGGED;
  }

  /** +1 for a forward scan, -1 for a reverse one. */
  private static int direction(Node scan) {
    return scan.attributes().getBool("reverse") ? -1 : 1;
  }

  /** Null if {@code node} joins its users' group; else why not ("" when there is nothing to say). */
  private static String joinDecision(Node node, List<Node> users, BitSet isOutput, Groups groups,
      Graph graph, java.util.function.Function<Node, String> names) {
    int[] group = groups.root;
    int[] groupSize = groups.size;
    if (users.isEmpty()) {
      return "";
    }
    if (isOutput.get(node.id())) {
      return "not fused into its users: it is fetched, so it is stored";
    }
    for (Node user : users) {
      if (group[user.id()] < 0) {
        return "not fused: used by " + names.apply(user) + " (" + user.op().mnemonic() + "), which is not a fusible elementwise op";
      }
    }
    int root = group[users.get(0).id()];
    for (Node user : users) {
      if (group[user.id()] != root) {
        return "not fused: its users " + names.apply(users.get(0)) + " and " + names.apply(user)
            + " are in different groups, so it is stored once and read by both";
      }
    }
    Node rootNode = graph.nodes().get(root);
    DenseType mine = (DenseType) node.type();
    // a row reduction's or a filter's group runs over its values' index space
    boolean rowRoot = FusedExpr.fusibleRowFold(rootNode) || FusedExpr.fusibleFilter(rootNode);
    DenseType theirs = (DenseType) (rowRoot ? rootNode.input(0) : rootNode).type();
    if (!mine.shape().equals(theirs.shape())) {
      return "not fused into " + names.apply(rootNode) + ": shape " + mine.shape()
          + " differs from the group's " + theirs.shape() + " (the index spaces differ)";
    }
    if (FusedExpr.isLookup(node.op()) && mine.rank() > 1 && !(rowRoot && FusedExpr.foldsVectors(theirs))) {
      return "not fused into " + names.apply(rootNode) + ": a gather of params rows of " + (mine.rank() - 1)
          + " inner dim(s) joins only a row reduction's loop, which folds each gathered row where it reads it";
    }
    if (groupSize[root] >= MAX_GROUP) {
      return "not fused into " + names.apply(rootNode) + ": the group already holds " + MAX_GROUP + " nodes";
    }
    if (FusedExpr.isScan(node.op())) {
      String why = groups.rowLoopConflict(root, node.input(1), direction(node), rowRoot, graph, names);
      if (why != null) {
        return "not fused into " + names.apply(rootNode) + ": " + why;
      }
    }
    return null;
  }

  /**
   * The groups being grown: each node's root, each root's size, and for a group whose loop runs
   * over rows, the partition it runs over and the direction of its scans (0 if none).
   */
  static final class Groups {
    final int[] root;
    final int[] size;
    final int[] partition;
    final int[] direction;

    Groups(int n) {
      root = new int[n];
      size = new int[n];
      partition = new int[n];
      direction = new int[n];
      java.util.Arrays.fill(root, -1);
      java.util.Arrays.fill(partition, -1);
    }

    /** Node {@code i}'s group (started here if it is the root) runs over {@code partition}'s rows. */
    void startRowLoop(int r, int partitionId, int scanDirection) {
      if (root[r] < 0) {
        root[r] = r;
        size[r] = 1;
      }
      partition[r] = partitionId;
      if (scanDirection != 0) {
        direction[r] = scanDirection;
      }
    }

    /** Why a scan over {@code p} in direction {@code dir} cannot join group {@code r}, or null. */
    String rowLoopConflict(int r, Node p, int dir, boolean rowRoot, Graph graph, java.util.function.Function<Node, String> names) {
      if (partition[r] >= 0 && partition[r] != p.id()) {
        return "its rows are those of " + names.apply(p) + ", the group's are those of "
            + names.apply(graph.nodes().get(partition[r])) + " (one loop runs over one partition's rows)";
      }
      if (direction[r] != 0 && direction[r] != dir) {
        return "it scans the rows the other way from the group's scan";
      }
      if (rowRoot && dir < 0) {
        return "it scans the rows backwards, but the group's " + (FusedExpr.isRowFold(graph.nodes().get(r).op())
            ? "row reduction folds" : "filter keeps") + " them in order";
      }
      return null;
    }
  }

  private static Node addFused(Graph.Builder out, Node root, List<Node> members, Node[] mapping) {
    Map<Node, Integer> stepOf = new java.util.IdentityHashMap<>();
    Map<Object, Integer> inputOf = new java.util.HashMap<>();
    List<Node> inputs = new ArrayList<>();
    List<FusedExpr.Step> steps = new ArrayList<>();
    List<String> origins = new ArrayList<>();
    for (Node member : members) {
      if (!isStep(member)) {
        if (member.op() == RaggedOps.VALUES) {
          stepOf.put(member, stepOf.get(member.input(0))); // a filter's kept values: read the filter step
        }
        continue;
      }
      origins.add(member.describe());
      ImmutableList.Builder<FusedExpr.Ref> args = ImmutableList.builder();
      for (int a = 0; a < member.inputs().size(); a++) {
        Node operand = member.input(a);
        Integer step = stepOf.get(operand);
        if (step != null) {
          args.add(FusedExpr.Ref.step(step));
        } else {
          // a gathered params operand is an operand of its own per partition, since the loop
          // reads it through that partition's value_rowids; a lookup's params and indices are
          // operands of their own, read by index value and once per value
          Object key = a == 0 && member.op().fusion().isGather() ? List.of(operand, member.input(1))
              : a < 2 && member.op().fusion().isLookup() ? List.of(operand, "lookup", a) : operand;
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
    // after a filter tail the node stands for the tail's ragged node (root), named after it
    return out.add(FusedOps.FUSED, inputs, Map.of("expr", expr.toString()), root.name().orElse(null),
        root.location(), null, origins);
  }
}
