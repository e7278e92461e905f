package dev.tatter.ir;

import dev.tatter.ir.types.Type;

/** An op's type inference and verifier in one: the result type, or a {@link TypeException}. */
@FunctionalInterface
public interface TypeRule {
  Type infer(OpContext context);
}
