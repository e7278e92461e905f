package dev.tatter.frontend;

import static com.google.common.base.Preconditions.checkArgument;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.Graph;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.Node;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The fluent way to build a graph. Every call adds nodes at once, inferring their static types,
 * and fails at once — with the caller's file and line — when an op does not fit its operands.
 * The builder never merges equal nodes on its own; CSE does, visibly, in the optimizer.
 *
 * <pre>{@code
 * GraphBuilder g = new GraphBuilder();
 * Value x = g.placeholder("x", Types.ragged(FLOAT32, 1));
 * Value y = x.mul(2).add(1);
 * Graph graph = g.build();
 * }</pre>
 */
@BuilderApi
public final class GraphBuilder extends GraphBuilderRagged {
  /**
   * The most results one list-valued TF op may give here ({@code tf.sparse.split}'s pieces,
   * {@code tf.dynamic_partition}'s partitions): each result is its own node, so a count beyond
   * this would build nodes until the heap runs out rather than fail.
   */
  public static final int MAX_LIST_RESULTS = 1 << 16;

  private final Graph.Builder graph = Graph.builder();
  private Graph built;

  @Override
  GraphBuilder self() {
    return this;
  }

  /** The graph built so far; its outputs are the given values. The builder stays usable. */
  public Graph build(Value... outputs) {
    Graph g = graph.build();
    return g.withOutputs(Arrays.stream(outputs).map(v -> v.node()).toList());
  }

  /** Adds {@code op(inputs){attributes}} and wraps the result. */
  Value op(OpDef op, Map<String, ?> attributes, Value... inputs) {
    List<Node> nodes = new ArrayList<>();
    NullArguments.check(inputs, op.mnemonic() + "'s operands");
    for (int i = 0; i < inputs.length; i++) {
      Value v = NullArguments.check(inputs[i], "operand " + i + " of " + op.mnemonic());
      checkArgument(v.builder() == this, "%s comes from another GraphBuilder", v);
      nodes.add(v.node());
    }
    return new Value(this, add(op, nodes, attributes));
  }

  /** The current node of {@code node} (its renamed copy after {@link Value#named}). */
  Node current(Node node) {
    return graph.current(node);
  }

  void rename(Value v, String name) {
    NullArguments.check(name, "the name");
    checkArgument(v.builder() == this, "%s comes from another GraphBuilder", v);
    graph.rename(v.node(), name, CallSite.find());
  }

  Node add(OpDef op, List<Node> inputs, Map<String, ?> attributes) {
    return add(op, inputs, attributes, null, null);
  }

  Node add(OpDef op, List<Node> inputs, Map<String, ?> attributes, String name, Type declared) {
    return graph.add(op, inputs, attributes, name, CallSite.find(), declared);
  }

  /** Rebuilds a ragged value from inner to outer: {@code flat} split by {@code partitions} (outermost first). */
  Value rebuild(Value flat, List<Value> partitions) {
    Value result = flat;
    for (int i = partitions.size() - 1; i >= 0; i--) {
      result = ragged(result, partitions.get(i));
    }
    return result;
  }

  /** The nested partitions of a ragged value, outermost first, and its flat values. */
  record Decomposed(ImmutableList<Value> partitions, Value flatValues) {}

  Decomposed decompose(Value rt) {
    ImmutableList.Builder<Value> partitions = ImmutableList.builder();
    Value v = rt;
    while (v.type() instanceof RaggedType) {
      partitions.add(v.partition());
      v = v.values();
    }
    return new Decomposed(partitions.build(), v);
  }

  /** False if the static types prove the two shapes differ (rank, or a known size). */
  static boolean sameShapeMaybe(Type a, Type b) {
    if (a instanceof dev.tatter.ir.types.DenseType x && b instanceof dev.tatter.ir.types.DenseType y) {
      if (x.rank() != y.rank()) {
        return false;
      }
      for (int d = 0; d < x.rank(); d++) {
        if (dev.tatter.ir.types.Dims.merge(x.dim(d), y.dim(d)) == null) {
          return false;
        }
      }
      return true;
    }
    return a.getClass() == b.getClass();
  }

  static GraphBuildException misuse(String what, Value v) {
    // a sugar refusing the type of == whose rank the run decides says why, as OpDef's check does
    String unranked = v.type() instanceof dev.tatter.ir.types.UnrankedType
        ? "; " + v.type() + " is the type " + OpDef.unrankedReason("this call").replaceFirst("^whose", "of a value whose")
        : "";
    return new GraphBuildException(what + " at " + CallSite.find() + " (operand " + v + ": " + v.type() + ")" + unranked);
  }

}
