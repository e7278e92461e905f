package dev.tatter.frontend;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.ir.Graph;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

/**
 * {@link Harness#assertFitTypes}, which {@link Harness#runEverywhere} applies to every backend's
 * results, fails on a value of the wrong dtype, rank, known dim or ragged_rank, so a kernel
 * returning such a value fails every test that runs it; a value that fits passes.
 */
class HarnessTypeFitTest {
  /** A graph returning an int32 [2, 3] constant and a float32 ragged [2, (None)] constant. */
  private static Graph graph() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value dense = g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, 5, 6}, 2, 3));
    Value ragged = tf.ragged.constant(List.of(List.of(1.0f, 2.0f), List.of(3.0f)));
    return g.build(dense, ragged);
  }

  private static final Tensor FITS = Tensor.of(DType.INT32, new int[] {0, 0, 0, 0, 0, 0}, 2, 3);
  private static final RaggedTensor RAGGED_FITS =
      RaggedTensor.of(Tensor.of(DType.FLOAT32, new float[] {0, 0, 0}, 3), splits(0, 2, 3));

  private static RowPartition splits(long... splits) {
    return RowPartition.fromRowSplits(splits, DType.INT64, true);
  }

  private static String failure(Object dense, Object ragged) {
    return assertThrows(AssertionFailedError.class, () -> Harness.assertFitTypes(graph(), List.of(dense, ragged), "test"))
        .getMessage();
  }

  @Test
  void valuesThatFit_pass() {
    Harness.assertFitTypes(graph(), List.of(FITS, RAGGED_FITS), "test");
  }

  @Test
  void wrongDType_fails() {
    String message = failure(Tensor.of(DType.INT64, new long[] {0, 0, 0, 0, 0, 0}, 2, 3), RAGGED_FITS);
    assertTrue(message.contains("output 0") && message.contains("dtype int64 instead of int32"), message);
  }

  @Test
  void wrongKnownDim_fails() {
    String message = failure(Tensor.of(DType.INT32, new int[] {0, 0, 0, 0, 0, 0}, 3, 2), RAGGED_FITS);
    assertTrue(message.contains("output 0") && message.contains("does not fit its type"), message);
  }

  @Test
  void wrongRank_fails() {
    String message = failure(Tensor.of(DType.INT32, new int[] {0, 0, 0, 0, 0, 0}, 6), RAGGED_FITS);
    assertTrue(message.contains("output 0"), message);
  }

  @Test
  void wrongRaggedRank_fails() {
    RaggedTensor rank2 = RaggedTensor.of(RAGGED_FITS, splits(0, 1, 2));
    String message = failure(FITS, rank2);
    assertTrue(message.contains("output 1") && message.contains("ragged_rank 2 instead of 1"), message);
    // a dense value where a ragged one is expected
    assertTrue(failure(FITS, FITS).contains("output 1"));
  }
}
