package dev.tatter.ir.ops;

import dev.tatter.ir.Node;
import dev.tatter.ir.OpDef;

/**
 * The tests behind the partition encodings' canonicalization rules ("an encoding asked of a
 * partition built from that encoding is the input"). A validating factory checks its input; a
 * rule that bypassed it could let DCE drop the check, so encodings are forwarded only from
 * factories built with {@code validate=false}.
 */
final class PartitionRules {
  private PartitionRules() {}

  /** Whether {@code p} is a {@code factory} node that does not validate its input. */
  static boolean unchecked(Node p, OpDef factory) {
    return p.op() == factory && !p.attributes().getBool("validate");
  }

  /** Operand {@code operand} of {@code p} if {@code p} is an unchecked {@code factory} node, else null. */
  static Node forward(Node p, OpDef factory, int operand) {
    return unchecked(p, factory) ? p.input(operand) : null;
  }

  /**
   * Whether {@code p}'s splits are valid whatever the rest of the graph does: it was taken from a
   * ragged tensor (whose runtime value is a checked RaggedTensor), or built by a validating
   * factory.
   */
  static boolean knownValid(Node p) {
    if (p.op() == RaggedOps.PARTITION) {
      return true;
    }
    return p.attributes().has("validate") && p.attributes().getBool("validate");
  }
}
