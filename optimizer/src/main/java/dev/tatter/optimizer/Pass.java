package dev.tatter.optimizer;

import dev.tatter.ir.Graph;

/** A graph-to-graph transformation. Returns the same instance when it changes nothing. */
public interface Pass {
  /** The kebab-case name used in pass lists ({@code cse,dce}) and dumps. */
  String name();

  Graph run(Graph graph);
}
