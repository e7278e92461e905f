package dev.tatter.ir;

import java.util.List;

/**
 * An op's local simplification rule (MLIR's canonicalization pattern), declared with the op.
 * Given a node and the nodes that now stand for its inputs, returns an existing or newly added
 * node of {@code out} that computes the same value more simply, or {@code null} to keep the
 * node. The canonicalize pass applies every op's rule until nothing changes.
 */
@FunctionalInterface
public interface Canonicalizer {
  Node simplify(Node node, List<Node> inputs, Graph.Builder out);
}
