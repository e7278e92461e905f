package dev.tatter.ir;

import java.util.List;
import com.google.common.collect.ImmutableList;
import dev.tatter.ir.types.Type;
import java.util.Optional;

/**
 * One value of a {@link Graph}: an op applied to earlier nodes and attributes, with its inferred
 * static type. Immutable; created only by {@link Graph.Builder}, which numbers nodes by
 * position. Nodes compare by identity: two structurally equal nodes are merged by CSE, visibly,
 * never silently.
 */
public final class Node {
  private final int id;
  private final OpDef op;
  private final ImmutableList<Node> inputs;
  private final Attributes attributes;
  private final Type type;
  private final String name;
  private final SourceLocation location;
  private final ImmutableList<String> stepOrigins;

  Node(int id, OpDef op, ImmutableList<Node> inputs, Attributes attributes, Type type, String name, SourceLocation location,
      ImmutableList<String> stepOrigins) {
    this.id = id;
    this.op = op;
    this.inputs = inputs;
    this.attributes = attributes;
    this.type = type;
    this.name = name;
    this.location = location;
    this.stepOrigins = stepOrigins;
  }

  /** The node's position in its graph. */
  public int id() {
    return id;
  }

  public OpDef op() {
    return op;
  }

  public List<Node> inputs() {
    return inputs;
  }

  public Node input(int i) {
    return inputs.get(i);
  }

  public Attributes attributes() {
    return attributes;
  }

  public Type type() {
    return type;
  }

  /** The user's name for this value (a placeholder's feed name), if any. */
  public Optional<String> name() {
    return Optional.ofNullable(name);
  }

  /** Whether {@code other} has this node's name, or both have none (no {@code Optional} made). */
  public boolean hasSameName(Node other) {
    return java.util.Objects.equals(name, other.name);
  }

  public SourceLocation location() {
    return location;
  }

  /**
   * For a node the fuse pass made, how each step's original node is described in errors ({@link
   * #describe()} of the node before fusion), so a failing step is reported as the unfused graph
   * would report it; empty otherwise. Like the location, never part of the node's identity and
   * never printed.
   */
  public List<String> stepOrigins() {
    return stepOrigins;
  }

  /** How error messages refer to this node: {@code %x (placeholder) at Example.java:12}. */
  public String describe() {
    return (name != null ? "%" + name : "node #" + id) + " (" + op.mnemonic() + ") at " + location;
  }

  @Override
  public String toString() {
    return name != null ? "%" + name : "#" + id;
  }
}
