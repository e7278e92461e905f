package dev.tatter.ir;

import static com.google.common.base.Preconditions.checkArgument;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.List;

/**
 * How an op executes, shared by the interpreter and the bytecode backend: either it reads a
 * feed (placeholders), or it calls one public static kernel method of the runtime with its
 * operands followed by its attributes in declaration order. Backends handle each kind through
 * {@link Visitor}, so a new kind of lowering fails to compile wherever it is not handled.
 */
public sealed interface Lowering {
  <R> R accept(Visitor<R> visitor);

  /** The cases a backend must handle. */
  interface Visitor<R> {
    R visitFeed(Feed feed);

    R visitStaticCall(StaticCall call);

    R visitFused(Fused fused);
  }

  /** The value is the feed of the placeholder's name. */
  record Feed() implements Lowering {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.visitFeed(this);
    }
  }

  /**
   * The value is {@code method(bound..., operands..., attributes...)}: {@code bound} are
   * constants fixed by the op's definition (a reduction's {@code Reducer}, an elementwise op's
   * scalar function), so one kernel serves a family of ops without a wrapper per op.
   */
  record StaticCall(Method method, List<Object> bound) implements Lowering {
    public StaticCall {
      bound = List.copyOf(bound);
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.visitStaticCall(this);
    }
  }

  /**
   * The value is the node's fused expression (its {@code expr} attribute, see
   * {@code dev.tatter.ir.ops.FusedExpr}) evaluated over its operands: the interpreter runs each
   * step's kernel, the bytecode backend emits one loop.
   */
  record Fused() implements Lowering {
    @Override
    public <R> R accept(Visitor<R> visitor) {
      return visitor.visitFused(this);
    }
  }

  static Feed feed() {
    return new Feed();
  }

  /**
   * The unique public static method {@code name} of {@code owner}, called with {@code bound}
   * first; fails fast if it is missing or overloaded.
   */
  static StaticCall staticCall(Class<?> owner, String name, Object... bound) {
    List<Method> candidates =
        Arrays.stream(owner.getMethods())
            .filter(m -> m.getName().equals(name) && Modifier.isStatic(m.getModifiers()))
            .toList();
    checkArgument(
        candidates.size() == 1,
        "kernel %s.%s must be exactly one public static method, found %s",
        owner.getSimpleName(),
        name,
        candidates.size());
    return new StaticCall(candidates.get(0), List.of(bound));
  }
}
