package dev.tatter.codegen;

import static com.google.common.base.Preconditions.checkArgument;

import dev.tatter.ir.Graph;
import dev.tatter.ir.KernelInvoker;
import dev.tatter.ir.Lowering;
import dev.tatter.ir.Node;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.exec.NodeFailure;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;

/**
 * The reference interpreter: runs a graph node by node, calling each op's runtime kernel. It is
 * the specification the bytecode backend is tested against, so it stays as plain as possible.
 */
public final class Interpreter {
  private Interpreter() {}

  /**
   * Runs the nodes {@code graph}'s outputs need and returns the outputs' values in order.
   * {@code feeds} maps placeholder names to values, checked against the placeholders' types.
   */
  public static List<Object> run(Graph graph, Map<String, ?> feeds) {
    checkArgument(!graph.outputs().isEmpty(), "the graph has no outputs to compute");
    BitSet needed = Liveness.needed(graph);
    Object[] values = new Object[graph.size()];
    for (Node node : graph.nodes()) {
      if (!needed.get(node.id())) {
        continue;
      }
      values[node.id()] = node.op().lowering().accept(new Lowering.Visitor<Object>() {
        @Override
        public Object visitFeed(Lowering.Feed feed) {
          String name = node.name().orElseThrow();
          if (!feeds.containsKey(name)) {
            throw new InvalidArgumentException("placeholder " + node.describe() + " must be fed");
          }
          return FeedChecker.admit(node, feeds.get(name));
        }

        @Override
        public Object visitStaticCall(Lowering.StaticCall call) {
          List<Object> args = new ArrayList<>();
          for (Node input : node.inputs()) {
            args.add(values[input.id()]);
          }
          try {
            return KernelInvoker.invoke(node.op(), args, node.attributes());
          } catch (RuntimeException | Error e) {
            throw NodeFailure.at(e, node.describe());
          }
        }

        @Override
        public Object visitFused(Lowering.Fused fused) {
          Object[] args = node.inputs().stream().map(input -> values[input.id()]).toArray();
          try {
            return FusedEvaluator.of(node).apply(args);
          } catch (RuntimeException e) {
            throw NodeFailure.at(e, node.describe());
          }
        }
      });
    }
    List<Object> out = new ArrayList<>();
    for (Node output : graph.outputs()) {
      out.add(values[output.id()]);
    }
    return out;
  }
}
