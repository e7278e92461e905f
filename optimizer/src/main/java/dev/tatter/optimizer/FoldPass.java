package dev.tatter.optimizer;

import dev.tatter.ir.Graph;
import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.KernelInvoker;
import dev.tatter.ir.Lowering;
import dev.tatter.ir.Node;
import dev.tatter.ir.Trait;
import dev.tatter.ir.ops.CoreOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Constant folding: a pure node whose operands are all constants becomes a constant, computed by
 * the op's own runtime kernel (so folding agrees with running the graph bit for bit). Folding
 * is bounded: only dense results of a static shape with at most {@link #MAX_ELEMENTS} elements
 * are folded, so a broadcast or a range can never blow a small graph up into a large constant.
 * A kernel that fails (say, an out-of-range index) is left in place, so the error surfaces
 * when the graph runs, naming the node and its source location.
 */
public final class FoldPass implements Pass {
  /** The largest result folded, in elements. */
  public static final long MAX_ELEMENTS = 1024;

  private final List<String> remarks = new ArrayList<>();

  @Override
  public String name() {
    return "fold";
  }

  @Override
  public List<String> remarks() {
    return List.copyOf(remarks);
  }

  @Override
  public Graph run(Graph graph) {
    // nodes left computed because a consumer's type rule refuses them as constants
    Set<Node> spared = Collections.newSetFromMap(new IdentityHashMap<>());
    while (true) {
      remarks.clear();
      try {
        return fold(graph, spared);
      } catch (RefusedConstant retry) {
        // each retry spares at least one more node, so this ends
      }
    }
  }

  /** Signals that folding made operands constant that a consumer's type rule refuses. */
  private static final class RefusedConstant extends RuntimeException {
    RefusedConstant() {
      super(null, null, false, false);
    }
  }

  private Graph fold(Graph graph, Set<Node> spared) {
    return GraphRewriter.rewrite(graph, (node, inputs, out) -> {
      if (foldable(node, inputs) && !spared.contains(node)) {
        Tensor value = evaluate(node, inputs);
        if (value != null) {
          return out.add(CoreOps.CONSTANT, List.of(), Map.of("value", value), node.name().orElse(null),
              node.location(), null);
        }
      }
      try {
        return out.copy(node, inputs);
      } catch (GraphBuildException e) {
        // a type rule may read constant operands (a partition factory checks a constant row length
        // against nvals): refusing one that folding made constant is the run's error, reported
        // naming the node, not the optimizer's, so those operands stay computed
        boolean any = false;
        for (int i = 0; i < inputs.size(); i++) {
          Node original = node.inputs().get(i);
          if (inputs.get(i).op() == CoreOps.CONSTANT && original.op() != CoreOps.CONSTANT) {
            any |= spared.add(original);
          }
        }
        if (!any) {
          throw e;
        }
        throw new RefusedConstant();
      }
    });
  }

  private static boolean foldable(Node node, List<Node> inputs) {
    if (!node.op().has(Trait.PURE) || !(node.op().lowering() instanceof Lowering.StaticCall)
        || inputs.isEmpty() || !inputs.stream().allMatch(n -> n.op() == CoreOps.CONSTANT)) {
      return false;
    }
    if (!(node.type() instanceof DenseType type)) {
      return false;
    }
    long count = 1;
    for (long d : type.shape()) {
      if (!Dims.isKnown(d)) {
        return false;
      }
      count *= d;
      if (count > MAX_ELEMENTS) {
        return false;
      }
    }
    return true;
  }

  private Tensor evaluate(Node node, List<Node> inputs) {
    List<Object> operands = new ArrayList<>();
    for (Node input : inputs) {
      operands.add(input.attributes().getTensor("value"));
    }
    try {
      Object result = KernelInvoker.invoke(node.op(), operands, node.attributes());
      return result instanceof Tensor t ? t : null;
    } catch (RuntimeException e) {
      remarks.add(node.describe() + " not folded: " + e.getMessage() + " (reported when the graph runs)");
      return null;
    }
  }
}
