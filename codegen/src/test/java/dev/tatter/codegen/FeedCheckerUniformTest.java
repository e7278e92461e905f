package dev.tatter.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RowPartition;
import org.junit.jupiter.api.Test;

/**
 * A uniform partition type accepts a partition built uniform without walking its rows (its
 * factory made every row that long), and still walks the rows of one built from splits.
 */
class FeedCheckerUniformTest {
  private static final PartitionType ANY_LENGTH = PartitionType.uniform(DType.INT64, Dims.UNKNOWN, Dims.UNKNOWN, Dims.UNKNOWN);
  private static final PartitionType LENGTH_2 = PartitionType.uniform(DType.INT64, Dims.UNKNOWN, Dims.UNKNOWN, 2);

  @Test
  void builtUniform_isAcceptedByItsLength_andRefusedByAnother() {
    assertNull(FeedChecker.mismatch(ANY_LENGTH, RowPartition.uniform(3, 4, DType.INT64)));
    assertNull(FeedChecker.mismatch(LENGTH_2, RowPartition.uniform(2, 4, DType.INT64)));
    // tf.RaggedTensor.from_uniform_row_length(values, 3) fed where uniform_row_length 2 is declared: refused
    assertEquals("row 0 has length 3 but the partition is uniform with length 2",
        FeedChecker.mismatch(LENGTH_2, RowPartition.uniform(3, 4, DType.INT64)));
    assertNull(FeedChecker.mismatch(LENGTH_2, RowPartition.uniform(3, 0, DType.INT64))); // no rows: nothing to differ
  }

  @Test
  void builtFromSplits_isStillCheckedRowByRow() {
    assertNull(FeedChecker.mismatch(LENGTH_2, RowPartition.fromRowSplits(new long[] {0, 2, 4}, DType.INT64, true)));
    assertEquals("row 1 has length 1 but the partition is uniform with length 2",
        FeedChecker.mismatch(LENGTH_2, RowPartition.fromRowSplits(new long[] {0, 2, 3}, DType.INT64, true)));
    assertEquals("row 1 has length 1 but the partition is uniform",
        FeedChecker.mismatch(ANY_LENGTH, RowPartition.fromRowSplits(new long[] {0, 2, 3}, DType.INT64, true)));
  }
}
