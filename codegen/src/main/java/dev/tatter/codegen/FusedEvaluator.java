package dev.tatter.codegen;

import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.Lowering;
import dev.tatter.ir.Node;
import dev.tatter.ir.ops.FusedExpr;
import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Evaluates a fused node the plain way: each step runs its op's own unfused kernel on whole
 * tensors, exactly as the graph before fusion did. This is the interpreter's definition of
 * {@code fused} (so the oracle of the fused loops is the unfused ops themselves, broadcasting
 * and error messages included) and the compiled kernel's general path when its fast loop does
 * not apply.
 */
final class FusedEvaluator implements Function<Object[], Object> {
  private final FusedExpr expr;

  FusedEvaluator(FusedExpr expr) {
    this.expr = expr;
  }

  static FusedExpr exprOf(Node node) {
    // parsed again each time rather than cached: a cache keyed by expression would grow with
    // every graph a long-lived process compiles
    return FusedExpr.parse((String) node.attributes().get("expr"));
  }

  static FusedEvaluator of(Node node) {
    return new FusedEvaluator(exprOf(node));
  }

  /** The result for the fused node's operand values; kernel exceptions pass through unwrapped. */
  @Override
  public Object apply(Object[] inputs) {
    Object[] steps = new Object[expr.steps().size()];
    for (int k = 0; k < steps.length; k++) {
      FusedExpr.Step step = expr.steps().get(k);
      List<Object> args = new ArrayList<>();
      for (FusedExpr.Ref ref : step.args()) {
        args.add(ref.isInput() ? inputs[ref.index()] : steps[ref.index()]);
      }
      for (AttrSpec spec : step.op().attributes()) {
        args.add(spec.kind().toKernelArgument(step.attributes().get(spec.name())));
      }
      try {
        steps[k] = ((Lowering.StaticCall) step.op().lowering()).method().invoke(null, args.toArray());
      } catch (InvocationTargetException e) {
        if (e.getCause() instanceof RuntimeException r) {
          throw r;
        }
        throw new IllegalStateException(e.getCause());
      } catch (IllegalAccessException e) {
        throw new IllegalStateException("kernel of " + step.op() + " is not accessible", e);
      }
    }
    return steps[steps.length - 1];
  }
}
