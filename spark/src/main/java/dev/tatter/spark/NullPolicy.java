package dev.tatter.spark;

import java.util.Locale;

/**
 * What {@link TatterTransformer} does with a null in an input column: a tensor has no null values
 * and a ragged tensor no null rows. A null element inside an array (a null {@code int} in an
 * {@code array<int>}) is refused under every policy.
 */
public enum NullPolicy {
  /** Refuse it, naming the column and the row (the default). */
  ERROR,
  /**
   * Read a null array as an empty one (a row of length 0; at a uniform dimension, a length the batch
   * must allow). The row's outputs are computed, and are not null: they are what the graph gives for
   * an empty row (a {@code reduce_sum} is 0, a {@code reduce_max} the dtype's lowest value). A null
   * in a column of scalars is refused.
   */
  EMPTY,
  /**
   * A null row (the column's value itself null) gives NULL in every new column whose fetch depends
   * on that column in the graph (reaches its placeholder through operands); the other new columns
   * of the row are computed. The graph runs on a stand-in for the null value (an empty row; zeros
   * where a dimension is uniform; a zero scalar), whose results are discarded. A null array nested
   * inside a row is read as an empty one, as under {@link #EMPTY}.
   */
  PROPAGATE;

  /** The name as the {@code nullPolicy} param holds it: {@code "error"}, {@code "empty"} or {@code "propagate"}. */
  public String paramValue() {
    return name().toLowerCase(Locale.ROOT);
  }

  static NullPolicy ofParam(String value) {
    return valueOf(value.toUpperCase(Locale.ROOT));
  }
}
