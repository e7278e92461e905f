package dev.tatter.optimizer;

import dev.tatter.ir.Graph;
import java.util.List;

/** A graph-to-graph transformation. Returns the same instance when it changes nothing. */
public interface Pass {
  /** The kebab-case name used in pass lists ({@code cse,dce}) and dumps. */
  String name();

  Graph run(Graph graph);

  /**
   * What the last {@link #run} decided and why, one line each (e.g. why two nodes were not
   * fused), for {@code --dump-after}; {@link PassManager#dump} prints them as comments.
   */
  default List<String> remarks() {
    return List.of();
  }
}
