package dev.tatter.optimizer;

import dev.tatter.ir.Canonicalizer;
import dev.tatter.ir.Graph;

/**
 * Applies every op's {@link Canonicalizer} (declared with the op) in one walk, repeated until the
 * graph stops changing. Rules see inputs already simplified, so most graphs settle in one walk.
 */
public final class CanonicalizePass implements Pass {
  /** A bound on walks; rules only ever shrink or simplify, so this is a guard against a bad rule. */
  private static final int MAX_WALKS = 32;

  @Override
  public String name() {
    return "canonicalize";
  }

  @Override
  public Graph run(Graph graph) {
    Graph current = graph;
    for (int walk = 0; walk < MAX_WALKS; walk++) {
      Graph next = GraphRewriter.rewrite(current, (node, inputs, out) -> {
        Canonicalizer rule = node.op().canonicalizer();
        return rule == null ? null : rule.simplify(node, inputs, out);
      });
      if (next == current) {
        return current;
      }
      current = next;
    }
    throw new IllegalStateException("canonicalize did not settle after " + MAX_WALKS + " walks; a rule loops");
  }
}
