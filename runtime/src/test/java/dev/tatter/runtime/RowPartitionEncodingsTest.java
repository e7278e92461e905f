package dev.tatter.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The encodings a {@link RowPartition} gives as TF's {@code tf.experimental.RowPartition} does,
 * each a vector of the partition's splits dtype.
 */
class RowPartitionEncodingsTest {
  @Test
  void encodings_ofAPartitionWithAnEmptyRow() {
    RowPartition p = RowPartition.fromRowSplits(new long[] {0, 3, 3, 5}, DType.INT64, true);
    // p = tf.experimental.RowPartition.from_row_splits(tf.constant([0, 3, 3, 5], tf.int64))
    assertEquals(Tensor.ofLongs(0, 3, 3, 5), p.rowSplits());
    assertEquals(Tensor.ofLongs(3, 0, 2), p.rowLengths()); // p.row_lengths() -> [3, 0, 2]
    assertEquals(Tensor.ofLongs(0, 3, 3), p.rowStarts()); // p.row_starts() -> [0, 3, 3]
    assertEquals(Tensor.ofLongs(3, 3, 5), p.rowLimits()); // p.row_limits() -> [3, 3, 5]
    assertEquals(Tensor.ofLongs(0, 0, 0, 2, 2), p.valueRowids()); // p.value_rowids() -> [0, 0, 0, 2, 2]
    assertEquals(Tensor.ofLongs(0, 1, 2, 0, 1), p.offsetsInRows()); // p.offsets_in_rows() -> [0, 1, 2, 0, 1]
    assertEquals(3, p.nrows()); // p.nrows() -> 3
    assertEquals(5, p.nvals()); // p.nvals() -> 5
  }

  @Test
  void encodings_keepTheSplitsDtype() {
    RowPartition p = RowPartition.fromRowSplits(new long[] {0, 2, 2, 3}, DType.INT32, true);
    // tf.experimental.RowPartition.from_row_splits(tf.constant([0, 2, 2, 3], tf.int32)).row_lengths()
    //   -> tf.Tensor([2 0 1], shape=(3,), dtype=int32)
    assertEquals(Tensor.ofInts(2, 0, 1), p.rowLengths());
    assertEquals(Tensor.ofInts(0, 2, 2, 3), p.rowSplits());
    assertEquals(Tensor.ofInts(0, 2, 2), p.rowStarts());
    assertEquals(Tensor.ofInts(2, 2, 3), p.rowLimits());
    assertEquals(Tensor.ofInts(0, 0, 2), p.valueRowids());
    assertEquals(Tensor.ofInts(0, 1, 0), p.offsetsInRows());
  }

  @Test
  void encodings_ofUniformAndEmptyPartitions() {
    RowPartition uniform = RowPartition.uniform(2, 3, DType.INT64);
    // tf.experimental.RowPartition.from_uniform_row_length(2, nvals=6).row_lengths() -> [2, 2, 2]
    assertEquals(Tensor.ofLongs(2, 2, 2), uniform.rowLengths());
    assertEquals(Tensor.ofLongs(0, 0, 1, 1, 2, 2), uniform.valueRowids());
    RowPartition none = RowPartition.fromRowSplits(new long[] {0}, DType.INT64, true);
    // from_row_splits([0]): no rows, so every encoding but the splits is empty
    assertEquals(Tensor.ofLongs(0), none.rowSplits());
    assertEquals(Tensor.ofLongs(), none.rowLengths());
    assertEquals(Tensor.ofLongs(), none.rowStarts());
    assertEquals(Tensor.ofLongs(), none.rowLimits());
    assertEquals(Tensor.ofLongs(), none.valueRowids());
    assertEquals(0, none.nrows());
  }
}
