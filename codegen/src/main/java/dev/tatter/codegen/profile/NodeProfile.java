package dev.tatter.codegen.profile;

import java.util.List;

/**
 * What one node of a profiled run cost. Times are {@link System#nanoTime} readings and spans on
 * the thread that ran the node; {@code cpuNanos} and {@code allocatedBytes} are that thread's own
 * (the JVM's per-thread counters), -1 where the JVM does not measure them. Pieces of a split loop
 * that ran on pool threads are in {@code loopPieces}, with their wall time only.
 *
 * @param nodeId the node's id in the profiled (optimized) graph
 * @param value the node's printed value name, {@code %3}
 * @param op the op's mnemonic
 * @param irLine the node's line in the printed optimized graph
 * @param source where the node came from ({@code graph.tat:3:7}, {@code Example.java:42})
 * @param outputBytes the payload of the node's value (elements times their width; a string's bytes)
 * @param outputShape the value's type and shape as it ran, {@code float32[8388608]}
 */
public record NodeProfile(int nodeId, String value, String op, String irLine, String source, long threadId,
    String threadName, long startNanos, long wallNanos, long cpuNanos, long allocatedBytes, long outputBytes,
    String outputShape, List<LoopPiece> loopPieces) {
  public NodeProfile {
    loopPieces = List.copyOf(loopPieces);
  }

  /**
   * One piece {@code [from, to)} of a fused loop split across the common ForkJoin pool, as it ran
   * on thread {@code threadId}.
   */
  public record LoopPiece(int kernel, int from, int to, long threadId, String threadName, long startNanos,
      long wallNanos) {}
}
