package dev.tatter.spark;

import java.util.Locale;

/** What {@link TatterTransformer} does with a null array: a ragged tensor has no null rows. */
public enum NullPolicy {
  /** Refuse it, naming the column and the row (the default). */
  ERROR,
  /** Read it as an empty array (a row of length 0; at a uniform dimension, a length the batch must allow). */
  EMPTY;

  /** The name as the {@code nullPolicy} param holds it: {@code "error"} or {@code "empty"}. */
  public String paramValue() {
    return name().toLowerCase(Locale.ROOT);
  }

  static NullPolicy ofParam(String value) {
    return valueOf(value.toUpperCase(Locale.ROOT));
  }
}
