package dev.tatter.ir;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An immutable dataflow graph: nodes in topological order (each node's inputs come before it)
 * and the outputs a run returns. Passes never edit a graph; they build a new one.
 */
public final class Graph {
  private final ImmutableList<Node> nodes;
  private final ImmutableList<Node> outputs;
  private final Map<String, Node> byName;

  private Graph(ImmutableList<Node> nodes, ImmutableList<Node> outputs, Map<String, Node> byName) {
    this.nodes = nodes;
    this.outputs = outputs;
    this.byName = byName;
  }

  public static Builder builder() {
    return new Builder();
  }

  public List<Node> nodes() {
    return nodes;
  }

  public int size() {
    return nodes.size();
  }

  /** The values a run of this graph returns, in order (may be empty). */
  public List<Node> outputs() {
    return outputs;
  }

  public Optional<Node> node(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  /** Whether {@code node} belongs to this graph. */
  public boolean contains(Node node) {
    return node.id() < nodes.size() && nodes.get(node.id()) == node;
  }

  public List<Node> placeholders() {
    return nodes.stream().filter(n -> n.op().lowering() instanceof Lowering.Feed).collect(ImmutableList.toImmutableList());
  }

  /** The nodes that take {@code node} as an input (TF's {@code consumers()}), in graph order. */
  public List<Node> consumers(Node node) {
    checkArgument(contains(node), "%s is not a node of this graph", node);
    return nodes.stream().filter(n -> n.inputs().contains(node)).collect(ImmutableList.toImmutableList());
  }

  /** The same nodes with other outputs. */
  public Graph withOutputs(List<Node> newOutputs) {
    for (Node n : newOutputs) {
      checkArgument(contains(n), "output %s is not a node of this graph", n);
    }
    return new Graph(nodes, ImmutableList.copyOf(newOutputs), byName);
  }

  /** Appends nodes one at a time, inferring and checking each node's type as it is added. */
  public static final class Builder {
    private final List<Node> nodes = new ArrayList<>();
    private final Map<String, Node> byName = new HashMap<>();
    private final List<Node> outputs = new ArrayList<>();
    /** Nodes replaced by {@link #rename}, mapped to their renamed copies (so older handles stay usable). */
    private final Map<Node, Node> renamed = new IdentityHashMap<>();

    private Builder() {}

    /**
     * Adds {@code op(inputs){attributes}}. {@code declaredType} is required for placeholders and
     * otherwise, if given, must equal the inferred type. Throws {@link GraphBuildException}
     * naming the op, operand types, location and broken condition.
     */
    public Node add(OpDef op, List<Node> inputs, Map<String, ?> attributes, String name, SourceLocation location, Type declaredType) {
      return add(op, inputs, attributes, name, location, declaredType, List.of());
    }

    /** Like {@link #add(OpDef, List, Map, String, SourceLocation, Type)}, for a fused node with its steps' origins. */
    public Node add(OpDef op, List<Node> inputs, Map<String, ?> attributes, String name, SourceLocation location, Type declaredType,
        List<String> stepOrigins) {
      checkNotNull(op, "op");
      SourceLocation loc = location == null ? SourceLocation.UNKNOWN : location;
      inputs = currentInputs(op, inputs);
      Type[] types = new Type[inputs.size()];
      for (int i = 0; i < types.length; i++) {
        types[i] = inputs.get(i).type();
      }
      ImmutableList<Type> operandTypes = ImmutableList.copyOf(types);
      Type type;
      Attributes attrs;
      try {
        op.checkOperandCount(inputs.size());
        attrs = op.normalizeAttributes(attributes);
        List<Tensor> constants = new ArrayList<>();
        for (Node input : inputs) {
          constants.add(input.op().has(Trait.CONSTANT) ? input.attributes().getTensor("value") : null);
        }
        type = op.inferType(operandTypes, constants, attrs, declaredType);
      } catch (TypeException e) {
        throw new GraphBuildException(describe(op, operandTypes, loc) + ": " + e.getMessage());
      } catch (IllegalArgumentException | ArithmeticException e) {
        // a type record refusing a size the rule computed (a static size no value can have)
        throw new GraphBuildException(describe(op, operandTypes, loc) + ": " + e.getMessage());
      }
      if (declaredType != null && !declaredType.equals(type)) {
        throw new GraphBuildException(describe(op, operandTypes, loc)
            + ": declared type " + declaredType + " differs from the inferred type " + type);
      }
      if (name != null) {
        checkName(name, op, loc);
      }
      Node node = new Node(nodes.size(), op, ImmutableList.copyOf(inputs), attrs, type, name, loc, ImmutableList.copyOf(stepOrigins));
      nodes.add(node);
      if (name != null) {
        byName.put(name, node);
      }
      return node;
    }

    /**
     * Adds a node like {@code original} (same op, attributes, name, location) over new inputs. When
     * the new inputs have the original inputs' types and are the same constants (every pass's
     * common case), the node keeps the original's type and normalized attributes: type rules are
     * functions of exactly those, and the original passed them, so they are not run again.
     */
    public Node copy(Node original, List<Node> newInputs) {
      String name = original.name().filter(n -> !byName.containsKey(n)).orElse(null);
      List<Node> inputs = currentInputs(original.op(), newInputs);
      // the very node (same place, same input nodes: Node compares by identity, same name): the new
      // graph shares it, nodes being immutable, so a pass that changes nothing, or nothing yet, makes no node
      if (original.id() == nodes.size() && original.inputs().equals(inputs)
          && name == null == original.name().isEmpty()) {
        nodes.add(original);
        if (name != null) {
          byName.put(name, original);
        }
        return original;
      }
      if (sameOperands(original.inputs(), inputs)) {
        if (name != null) {
          checkName(name, original.op(), original.location());
        }
        Node node = new Node(nodes.size(), original.op(), ImmutableList.copyOf(inputs), original.attributes(),
            original.type(), name, original.location(), ImmutableList.copyOf(original.stepOrigins()));
        nodes.add(node);
        if (name != null) {
          byName.put(name, node);
        }
        return node;
      }
      Type declared = original.op().lowering() instanceof Lowering.Feed ? original.type() : null;
      return add(original.op(), inputs, original.attributes().asMap(), name, original.location(), declared,
          original.stepOrigins());
    }

    /** Whether {@code now} are operands a type rule cannot tell from {@code before}: equal types, the same constants. */
    private static boolean sameOperands(List<Node> before, List<Node> now) {
      if (before.size() != now.size()) {
        return false;
      }
      for (int i = 0; i < now.size(); i++) {
        Node a = before.get(i);
        Node b = now.get(i);
        if (a == b) {
          continue;
        }
        boolean constant = a.op().has(Trait.CONSTANT);
        if (constant != b.op().has(Trait.CONSTANT) || !a.type().equals(b.type())
            || constant && a.attributes().getTensor("value") != b.attributes().getTensor("value")) {
          return false;
        }
      }
      return true;
    }

    /** {@code inputs} as this builder's current nodes, each checked to belong to it. */
    private List<Node> currentInputs(OpDef op, List<Node> inputs) {
      Node[] current = new Node[inputs.size()];
      for (int i = 0; i < current.length; i++) {
        Node input = current(inputs.get(i));
        checkArgument(input.id() < nodes.size() && nodes.get(input.id()) == input,
            "%s: input %s belongs to another graph", op, input);
        current[i] = input;
      }
      return java.util.Arrays.asList(current);
    }

    /**
     * Gives {@code node} the user name {@code name}, which the printed IR, error messages and
     * fetches by name then use. The node keeps its id, op, inputs and location; {@code at} is where
     * the naming happened, for errors. A node can be named only before anything uses it (an input
     * of a later node or an output), since consumers already refer to it, and only once (naming it
     * again with its own name does nothing). Returns the renamed node; {@link #current} maps the
     * old one to it.
     */
    public Node rename(Node node, String name, SourceLocation at) {
      checkNotNull(name, "name");
      Node target = current(node);
      checkArgument(target.id() < nodes.size() && nodes.get(target.id()) == target, "%s is not in this graph", node);
      SourceLocation loc = at == null ? SourceLocation.UNKNOWN : at;
      if (target.name().isPresent()) {
        if (target.name().get().equals(name)) {
          return target;
        }
        throw new GraphBuildException("named(\"" + name + "\") at " + loc + ": " + target.describe()
            + " already has the name %" + target.name().get());
      }
      for (Node later : nodes.subList(target.id() + 1, nodes.size())) {
        if (later.inputs().contains(target)) {
          throw new GraphBuildException("named(\"" + name + "\") at " + loc + ": " + target.describe()
              + " is already an input of " + later.describe() + "; name a value before using it");
        }
      }
      if (outputs.contains(target)) {
        throw new GraphBuildException("named(\"" + name + "\") at " + loc + ": " + target.describe()
            + " is already an output; name a value before using it");
      }
      checkName(name, "named(\"" + name + "\")", loc);
      Node named = new Node(target.id(), target.op(), ImmutableList.copyOf(target.inputs()), target.attributes(), target.type(),
          name, target.location(), ImmutableList.copyOf(target.stepOrigins()));
      nodes.set(target.id(), named);
      byName.put(name, named);
      renamed.put(target, named);
      return named;
    }

    /** The node of this builder standing for {@code node}: its renamed copy if {@link #rename} replaced it, else itself. */
    public Node current(Node node) {
      Node n = node;
      for (Node next = renamed.get(n); next != null; next = renamed.get(n)) {
        n = next;
      }
      return n;
    }

    private void checkName(String name, OpDef op, SourceLocation loc) {
      checkName(name, op.toString(), loc);
    }

    private void checkName(String name, String what, SourceLocation loc) {
      if (!name.matches("[A-Za-z_][A-Za-z0-9_.]*")) {
        throw new GraphBuildException(what + " at " + loc + ": invalid value name '" + name
            + "' (a letter or _ first, then letters, digits, _ or .)");
      }
      Node existing = byName.get(name);
      if (existing != null) {
        throw new GraphBuildException(what + " at " + loc + ": the name %" + name
            + " is already used by " + existing.describe());
      }
    }

    public Optional<Node> node(String name) {
      return Optional.ofNullable(byName.get(name));
    }

    public int size() {
      return nodes.size();
    }

    public Builder addOutput(Node node) {
      node = current(node);
      checkArgument(node.id() < nodes.size() && nodes.get(node.id()) == node, "output %s is not in this graph", node);
      outputs.add(node);
      return this;
    }

    public Graph build() {
      return new Graph(ImmutableList.copyOf(nodes), ImmutableList.copyOf(outputs), Map.copyOf(byName));
    }

    static String describe(OpDef op, List<Type> operandTypes, SourceLocation loc) {
      return op.mnemonic() + "(" + String.join(", ", operandTypes.stream().map(Type::toString).toList()) + ") at " + loc;
    }
  }
}
