package dev.tatter.ir;

import java.lang.reflect.InvocationTargetException;
import java.util.ArrayList;
import java.util.List;

/**
 * Calls an op's kernel: the one place that builds a kernel's argument list (bound constants,
 * operand values, attributes in declaration order) and calls it. Used by the interpreter,
 * constant folding, a fused node's step-by-step evaluation and the fused loops' initial values,
 * with one error policy: an unchecked exception the kernel throws (bad input, TF's run-time errors)
 * passes through unwrapped, for the caller to attribute to its node; anything else means the
 * kernel or its declaration is broken, and is an {@link IllegalStateException} naming the op.
 */
public final class KernelInvoker {
  private KernelInvoker() {}

  /** {@code op}'s kernel applied to {@code operands} with {@code attributes} (defaults filled in). */
  public static Object invoke(OpDef op, List<?> operands, Attributes attributes) {
    if (!(op.lowering() instanceof Lowering.StaticCall call)) {
      throw new IllegalStateException(op + " has no kernel to call");
    }
    try {
      return call.method().invoke(null, arguments(op, call, operands, attributes));
    } catch (InvocationTargetException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IllegalStateException("kernel of " + op + " threw " + cause, cause);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("kernel of " + op + " is not accessible", e);
    }
  }

  /** The kernel's arguments: {@code call}'s bound constants, the operands, then the attributes. */
  private static Object[] arguments(OpDef op, Lowering.StaticCall call, List<?> operands, Attributes attributes) {
    List<Object> args = new ArrayList<>(call.bound());
    args.addAll(operands);
    for (AttrSpec spec : op.attributes()) {
      args.add(spec.kind().toKernelArgument(attributes.get(spec.name())));
    }
    return args.toArray();
  }
}
