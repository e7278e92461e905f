package dev.tatter.codegen;

import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import java.util.BitSet;

/**
 * Which nodes a graph's outputs need, where each value is used for the last time, and when the
 * arrays a generated loop writes can no longer be read.
 */
final class Liveness {
  private Liveness() {}

  /** The nodes the outputs depend on. */
  static BitSet needed(Graph graph) {
    BitSet needed = new BitSet(graph.size());
    for (Node output : graph.outputs()) {
      needed.set(output.id());
    }
    for (int i = graph.size() - 1; i >= 0; i--) {
      if (needed.get(i)) {
        for (Node input : graph.nodes().get(i).inputs()) {
          needed.set(input.id());
        }
      }
    }
    return needed;
  }

  /** For each node, the id of the last needed node that reads it, or -1. */
  static int[] lastUse(Graph graph, BitSet needed) {
    int[] last = new int[graph.size()];
    java.util.Arrays.fill(last, -1);
    for (Node node : graph.nodes()) {
      if (needed.get(node.id())) {
        for (Node input : node.inputs()) {
          last[input.id()] = node.id();
        }
      }
    }
    return last;
  }

  /**
   * For each generated loop (kernel {@code k} runs node {@code kernelNodes[k]}, in increasing node
   * order), the first kernel before which its output arrays are dead, or -1 if they may live until
   * the run ends ({@link dev.tatter.runtime.exec.BufferLifetimes#of}).
   *
   * <p>A value may hold the arrays of any operand unless its node is a generated loop, whose output
   * is a fresh array (its general path may return an operand as it is, which the run detects and
   * then releases nothing more). So a loop's arrays are readable until the last use of its own value
   * or of any value derived from it through nodes that are not loops, and for ever if one of those
   * is a graph output. One backwards pass computes that end for every node: a node that is not a
   * loop passes its own end on to its operands.
   */
  static int[] releaseAt(Graph graph, BitSet needed, int[] lastUse, int[] kernelNodes) {
    int n = graph.size();
    boolean[] loop = new boolean[n];
    for (int node : kernelNodes) {
      loop[node] = true;
    }
    int[] end = new int[n];
    for (int i = 0; i < n; i++) {
      end[i] = Math.max(i, lastUse[i]);
    }
    for (Node output : graph.outputs()) {
      end[output.id()] = Integer.MAX_VALUE;
    }
    for (int i = n - 1; i >= 0; i--) {
      if (needed.get(i) && !loop[i]) {
        for (Node input : graph.nodes().get(i).inputs()) {
          end[input.id()] = Math.max(end[input.id()], end[i]);
        }
      }
    }
    int[] releaseAt = new int[kernelNodes.length];
    for (int j = 0; j < kernelNodes.length; j++) {
      int last = end[kernelNodes[j]];
      if (last == Integer.MAX_VALUE) {
        releaseAt[j] = -1;
        continue;
      }
      // the first kernel whose node comes after the last read
      int at = java.util.Arrays.binarySearch(kernelNodes, j + 1, kernelNodes.length, last + 1);
      at = at >= 0 ? at : -at - 1;
      releaseAt[j] = at < kernelNodes.length ? at : -1;
    }
    return releaseAt;
  }
}
