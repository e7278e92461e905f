package dev.tatter.ir.types;

import dev.tatter.runtime.DType;

/**
 * The static type of a value in a graph: a dense tensor, a ragged tensor, a row partition, a sparse tensor
 * or a dense tensor of a rank known only at run time ({@link UnrankedType}, what {@code ==} may give).
 * Rank is otherwise static; sizes may be unknown ({@link Dims#UNKNOWN}). Types are immutable
 * records, compared structurally, and print in the textual IR's syntax via {@code toString()}.
 */
public sealed interface Type permits DenseType, RaggedType, PartitionType, SparseType, UnrankedType {
  /** The element dtype (for a partition: its row splits dtype). */
  DType dtype();
}
