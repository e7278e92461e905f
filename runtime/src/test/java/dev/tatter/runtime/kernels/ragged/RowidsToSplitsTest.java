package dev.tatter.runtime.kernels.ragged;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import org.junit.jupiter.api.Test;

/** {@code partition_from_value_rowids}'s one-pass conversion, its checks and its unchecked fallback. */
class RowidsToSplitsTest {
  private static long[] splits(Tensor ids, long nrows, boolean validate) {
    return PartitionKernels.fromValueRowids(ids, Tensor.scalar(DType.INT64, nrows), validate).rowSplitsArray();
  }

  private static String failure(Tensor ids, long nrows, boolean validate) {
    return assertThrows(InvalidArgumentException.class, () -> splits(ids, nrows, validate)).getMessage();
  }

  @Test
  void sortedIds_withEmptyRowsFirstBetweenAndLast() {
    for (boolean validate : new boolean[] {true, false}) {
      // tf.RaggedTensor.from_value_rowids(values, value_rowids=[1, 1, 3], nrows=5).row_splits -> [0, 0, 2, 2, 3, 3]
      assertArrayEquals(new long[] {0, 0, 2, 2, 3, 3}, splits(Tensor.ofLongs(1, 1, 3), 5, validate));
      // value_rowids=[0, 0, 0, 2], nrows=3 -> [0, 3, 3, 4]
      assertArrayEquals(new long[] {0, 3, 3, 4}, splits(Tensor.ofInts(0, 0, 0, 2), 3, validate));
      // value_rowids=[], nrows=3 -> [0, 0, 0, 0]; nrows=0 -> [0]
      assertArrayEquals(new long[] {0, 0, 0, 0}, splits(Tensor.ofLongs(), 3, validate));
      assertArrayEquals(new long[] {0}, splits(Tensor.ofLongs(), 0, validate));
      // value_rowids=[2], nrows=3 -> [0, 0, 0, 1]
      assertArrayEquals(new long[] {0, 0, 0, 1}, splits(Tensor.ofLongs(2), 3, validate));
    }
  }

  @Test
  void validate_reportsTheBrokenConditionTfChecksFirst() {
    assertEquals("value_rowids[0]=-1 must be >= 0", failure(Tensor.ofLongs(-1, 0), 3, true));
    assertEquals("value_rowids must be sorted: value_rowids[2]=0 < value_rowids[1]=1", failure(Tensor.ofLongs(0, 1, 0), 3, true));
    // TF checks the order before nrows (which it compares with the last id only)
    assertEquals("value_rowids must be sorted: value_rowids[2]=1 < value_rowids[1]=3", failure(Tensor.ofLongs(0, 3, 1), 3, true));
    assertEquals("value_rowids must be sorted: value_rowids[3]=0 < value_rowids[2]=5", failure(Tensor.ofLongs(4, 4, 5, 0), 3, true));
    assertEquals("value_rowids[2]=4 must be < nrows=3", failure(Tensor.ofLongs(0, 3, 4), 3, true));
    assertEquals("value_rowids[0]=0 must be < nrows=0", failure(Tensor.ofLongs(0), 0, true));
    assertEquals("value_rowids[2]=9223372036854775807 must be < nrows=4",
        failure(Tensor.ofLongs(1, 1, Long.MAX_VALUE), 4, true));
  }

  @Test
  void unchecked_countsUnsortedIdsAndStillRefusesRowsOutOfRange() {
    // unvalidated ids are counted per row, as segment_ids_to_row_splits' bincount does: [2, 0, 2] -> [0, 1, 1, 3]
    assertArrayEquals(new long[] {0, 1, 1, 3}, splits(Tensor.ofLongs(2, 0, 2), 3, false));
    assertArrayEquals(new long[] {0, 2, 3}, splits(Tensor.ofInts(1, 0, 0), 2, false));
    assertEquals("value_rowids[0]=-1 is not a row in [0, 3)", failure(Tensor.ofLongs(-1, 0), 3, false));
    assertEquals("value_rowids[1]=7 is not a row in [0, 3)", failure(Tensor.ofLongs(0, 7), 3, false));
    // out of range after the point where the ids turn out unsorted: found by the counting pass
    assertEquals("value_rowids[3]=-4 is not a row in [0, 3)", failure(Tensor.ofLongs(1, 2, 0, -4), 3, false));
  }

  /**
   * Ids the branch-free loop must not take for rows: one that narrows to a valid int ({@code 2^32
   * + 1}), one whose difference from its predecessor overflows ({@code Long.MIN_VALUE} after a
   * positive id), {@code -1} (whose {@code id + 1} is a valid index), a step down written before it
   * is seen: each is reported as the checking loop reports it.
   */
  @Test
  void idsThatWouldWrapOrOverflow_areReportedAsTheCheckingLoopReportsThem() {
    long wraps = (1L << 32) + 1;
    assertEquals("value_rowids[1]=" + wraps + " must be < nrows=3", failure(Tensor.ofLongs(0, wraps), 3, true));
    assertEquals("value_rowids[1]=" + wraps + " is not a row in [0, 3)", failure(Tensor.ofLongs(0, wraps), 3, false));
    assertEquals("value_rowids must be sorted: value_rowids[1]=-9223372036854775808 < value_rowids[0]=2",
        failure(Tensor.ofLongs(2, Long.MIN_VALUE), 3, true));
    assertEquals("value_rowids[1]=-9223372036854775808 is not a row in [0, 3)",
        failure(Tensor.ofLongs(0, Long.MIN_VALUE), 3, false));
    assertEquals("value_rowids[0]=-1 must be >= 0", failure(Tensor.ofLongs(-1), 3, true));
    assertEquals("value_rowids[0]=-9223372036854775808 must be >= 0", failure(Tensor.ofLongs(Long.MIN_VALUE, 0), 3, true));
    // rows written by the fast loop before the step down: the fallback starts from zeroed splits
    assertArrayEquals(new long[] {0, 2, 3, 5}, splits(Tensor.ofLongs(0, 1, 2, 2, 0), 3, false));
  }

  @Test
  void rowSplitsOp_sharesThePartitionsImmutableArray() {
    RowPartition p = RowPartition.fromRowSplits(new long[] {0, 2, 5}, DType.INT64, true);
    Tensor splits = PartitionKernels.rowSplits(p);
    assertSame(p.unsafeRowSplits(), splits.unsafeData());
    // int32 splits are narrowed into a new array
    Tensor narrow = PartitionKernels.rowSplits(RowPartition.fromRowSplits(new long[] {0, 2, 5}, DType.INT32, true));
    assertArrayEquals(new int[] {0, 2, 5}, (int[]) narrow.unsafeData());
  }
}
