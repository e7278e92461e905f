package dev.tatter.frontend;

/**
 * What {@code tf.math.top_k} returns (TF's named tuple): the k largest values of each row, largest
 * first, and their int32 positions in the row.
 *
 * @param values the values, of the input's dtype
 * @param indices their positions along the last axis (within each row of a ragged input)
 */
public record TopK(Value values, Value indices) {}
