package dev.tatter.ir.ops;

import dev.tatter.ir.Canonicalizer;
import dev.tatter.ir.Node;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;

/**
 * Algebraic identities for elementwise ops, applied by the canonicalize pass (each op names its
 * rule with {@code .canonicalize}). A rule only fires where it is exact for every element,
 * including the float cases: {@code x * 1} is {@code x} for every dtype (IEEE multiplication by
 * one returns its operand, NaN and -0.0 included), but {@code x + 0} only for integers, since
 * {@code -0.0 + 0.0} is {@code +0.0}. The identity operand must also not broadcast {@code x}
 * to a larger shape: the node's type must equal {@code x}'s.
 */
public final class AlgebraicRules {
  private AlgebraicRules() {}

  /** {@code x + 0} and {@code 0 + x} are {@code x} for integer dtypes. */
  public static final Canonicalizer ADD_ZERO = (node, in, out) ->
      node.type().dtype().isInteger() ? identityOperand(node, in.get(0), in.get(1), 0) : null;

  /** {@code x * 1} and {@code 1 * x} are {@code x}. */
  public static final Canonicalizer MUL_ONE = (node, in, out) ->
      node.type().dtype().isNumeric() ? identityOperand(node, in.get(0), in.get(1), 1) : null;

  /** The operand that is not a constant all equal to {@code identity}, if the other one is. */
  private static Node identityOperand(Node node, Node a, Node b, long identity) {
    if (isConstantAll(b, identity) && a.type().equals(node.type())) {
      return a;
    }
    if (isConstantAll(a, identity) && b.type().equals(node.type())) {
      return b;
    }
    return null;
  }

  private static boolean isConstantAll(Node node, long value) {
    if (node.op() != CoreOps.CONSTANT) {
      return false;
    }
    Tensor t = node.attributes().getTensor("value");
    if (!t.dtype().isNumeric() || t.dtype() == DType.BOOL) {
      return false;
    }
    // compared in the constant's own dtype (TF's Equal), so a uint64 past 2^63 is its bits, never a long
    Object identity = Tensor.scalar(t.dtype(), value).unsafeData();
    for (int i = 0; i < t.size(); i++) {
      if (!t.dtype().layout().equal(t.unsafeData(), i, identity, 0)) {
        return false;
      }
    }
    return true;
  }
}
