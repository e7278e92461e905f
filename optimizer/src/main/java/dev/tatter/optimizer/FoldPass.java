package dev.tatter.optimizer;

import dev.tatter.ir.Graph;
import dev.tatter.ir.KernelInvoker;
import dev.tatter.ir.Lowering;
import dev.tatter.ir.Node;
import dev.tatter.ir.Trait;
import dev.tatter.ir.ops.CoreOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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
    remarks.clear();
    try {
      return fold(graph);
    } catch (dev.tatter.ir.GraphBuildException e) {
      // a node the run never reaches (dead, or past a failing check) may refuse the constants
      // folding revealed: folding is only an optimization, so the graph stays as it was
      remarks.add("nothing folded: " + e.getMessage());
      return graph;
    }
  }

  private Graph fold(Graph graph) {
    return GraphRewriter.rewrite(graph, (node, inputs, out) -> {
      if (!foldable(node, inputs)) {
        return null;
      }
      Tensor value = evaluate(node, inputs);
      if (value == null) {
        return null;
      }
      return out.add(CoreOps.CONSTANT, List.of(), Map.of("value", value), node.name().orElse(null),
          node.location(), null);
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
