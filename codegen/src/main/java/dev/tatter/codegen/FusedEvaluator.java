package dev.tatter.codegen;

import dev.tatter.ir.KernelInvoker;
import dev.tatter.ir.Node;
import dev.tatter.ir.ops.FusedExpr;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.exec.NodeFailure;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Evaluates a fused node the plain way: each step runs its op's own unfused kernel on whole
 * tensors, exactly as the graph before fusion did. This is the interpreter's definition of
 * {@code fused} (so the oracle of the fused loops is the unfused ops themselves, broadcasting
 * and error messages included) and the compiled kernel's general path when its fast loop does
 * not apply or fails. A step that fails is reported as its original node (the fuse pass records
 * each step's origin), as the unfused graph would report it. Steps after a filter read its flat
 * values, and the result is then the last step's values under the filter's partition, which is
 * what the unfused {@code values}, elementwise ops and {@code ragged} computed.
 */
final class FusedEvaluator implements Function<Object[], Object> {
  private final FusedExpr expr;
  private final List<String> origins;

  FusedEvaluator(FusedExpr expr, List<String> origins) {
    this.expr = expr;
    this.origins = origins;
  }

  /** The steps this evaluates. */
  FusedExpr expr() {
    return expr;
  }

  static FusedExpr exprOf(Node node) {
    // parsed again each time rather than cached: a cache keyed by expression would grow with
    // every graph a long-lived process compiles
    return FusedExpr.parse((String) node.attributes().get("expr"));
  }

  static FusedEvaluator of(Node node) {
    FusedExpr expr = exprOf(node);
    return new FusedEvaluator(expr, node.stepOrigins().size() == expr.steps().size() ? node.stepOrigins() : List.of());
  }

  /**
   * The result for the fused node's operand values. A failing step's exception passes through
   * unwrapped, or attributed to the step's original node when the fuse pass recorded it.
   */
  @Override
  public Object apply(Object[] inputs) {
    Object[] steps = new Object[expr.steps().size()];
    int filter = expr.filterStep();
    for (int k = 0; k < steps.length; k++) {
      FusedExpr.Step step = expr.steps().get(k);
      List<Object> args = new ArrayList<>();
      for (FusedExpr.Ref ref : step.args()) {
        Object arg = ref.isInput() ? inputs[ref.index()] : steps[ref.index()];
        args.add(filter >= 0 && !ref.isInput() && ref.index() == filter ? ((RaggedTensor) arg).values() : arg);
      }
      try {
        steps[k] = KernelInvoker.invoke(step.op(), args, step.attributes());
      } catch (RuntimeException e) {
        throw origins.isEmpty() ? e : NodeFailure.at(e, origins.get(k));
      }
    }
    if (filter >= 0 && filter < steps.length - 1) {
      return RaggedTensor.of(steps[steps.length - 1], ((RaggedTensor) steps[filter]).partition());
    }
    return steps[steps.length - 1];
  }
}
