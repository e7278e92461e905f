package dev.tatter.codegen.profile;

import dev.tatter.ir.Graph;
import java.util.List;
import java.util.Optional;

/**
 * The profile of one run of a compiled program: every node it executed, once each, in the order
 * they ran, within the run's span ({@code startNanos}, {@code wallNanos}: from before the first
 * node to after the last, on the calling thread). {@code compile} is present on the run that
 * compiled the program (a later run of the same fetch list reuses it).
 *
 * @param graph the graph that ran: the optimized graph of the fetch list, whose nodes the profile names
 */
public record RunProfile(Graph graph, Optional<CompileProfile> compile, long threadId, String threadName,
    long startNanos, long wallNanos, List<NodeProfile> nodes) {
  public RunProfile {
    nodes = List.copyOf(nodes);
  }

  /** The sum of the nodes' wall times (at most {@link #wallNanos}: nodes run one after another inside the run). */
  public long nodeNanos() {
    return nodes.stream().mapToLong(NodeProfile::wallNanos).sum();
  }
}
