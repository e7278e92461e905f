package dev.tatter.frontend;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a hand-written lowering that serves a family of ops, as TF's {@code dispatch_for_api}
 * serves a Python API for ragged operands: a static method whose first parameter is the
 * {@code OpDef}. Each op whose mnemonic matches the pattern ({@code unsorted_segment_*}) gets, for
 * every API path its binding lists that no {@link TfApi} method claims, a namespace method taking
 * the remaining parameters and calling this one with the op.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface TfDispatch {
  /** The ops served: a mnemonic, or a prefix ending in {@code *}. */
  String value();
}
