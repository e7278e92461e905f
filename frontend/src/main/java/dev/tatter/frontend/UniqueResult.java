package dev.tatter.frontend;

/**
 * What {@code tf.unique} and {@code tf.unique_with_counts} return (TF's named tuples): the distinct
 * values in first-occurrence order, each element's position among them and, for
 * {@code unique_with_counts}, how often each occurs (null for {@code unique}).
 *
 * @param y the distinct values
 * @param idx for each element of the input, the position of its value in {@code y}
 * @param count for each value of {@code y}, its number of occurrences (or null)
 */
public record UniqueResult(Value y, Value idx, Value count) {}
