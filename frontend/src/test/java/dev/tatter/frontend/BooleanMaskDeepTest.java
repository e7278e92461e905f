package dev.tatter.frontend;

import static dev.tatter.frontend.Harness.runFirst;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tatter.runtime.DType;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code tf.ragged.boolean_mask} past the docstring: dense masks of rank 3 (two uniform levels
 * kept), a dense mask of rank 2 on data of ragged rank 2 (the mask takes ragged rank 1), and the
 * ragged level a mismatch is reported at.
 */
class BooleanMaskDeepTest {
  private static final boolean T = true;
  private static final boolean F = false;

  @Test
  void denseDataAndMaskOfRank3_keepBothOuterDimensions() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value data = g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, 5, 6, 7, 8}, 2, 2, 2));
    Value mask = g.constant(Tensor.of(DType.BOOL, new boolean[] {T, F, F, F, T, T, F, T}, 2, 2, 2));
    // tf.ragged.boolean_mask([[[1, 2], [3, 4]], [[5, 6], [7, 8]]], [[[T, F], [F, F]], [[T, T], [F, T]]])
    //   -> <tf.RaggedTensor [[[1], []], [[5, 6], [8]]]>, shape (2, 2, None)
    Value out = tf.booleanMask(data, mask);
    assertEquals("[[[1], []], [[5, 6], [8]]]", runFirst(g, out));
    assertEquals("(2, 2, None)", out.shape());
  }

  @Test
  void aDenseMaskOfRank2_onDataOfRaggedRank2_masksTheRowsOfEachRow() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(List.of(List.of(List.of(1, 2), List.of(3)), List.of(List.of(4), List.of(5, 6))));
    // tf.ragged.boolean_mask(tf.ragged.constant([[[1, 2], [3]], [[4], [5, 6]]]), [[True, False], [False, True]])
    //   -> [[[1, 2]], [[5, 6]]]
    Value mask = g.constant(Tensor.of(DType.BOOL, new boolean[] {T, F, F, T}, 2, 2));
    assertEquals("[[[1, 2]], [[5, 6]]]", runFirst(g, tf.booleanMask(rt, mask)));
  }

  @Test
  void aMismatchBelowTheOuterLevel_namesItsRaggedLevel() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = tf.ragged.constant(List.of(List.of(List.of(1, 2), List.of(3)), List.of(List.of(4))));
    Value mask = tf.ragged.constant(List.of(List.of(List.of(T), List.of(F, T)), List.of(List.of(T))));
    Value out = tf.booleanMask(rt, mask);
    // tf.ragged.boolean_mask(tf.ragged.constant([[[1, 2], [3]], [[4]]]), tf.ragged.constant([[[T], [F, T]], [[T]]]))
    //   -> InvalidArgumentError: Inputs must have identical ragged splits (the inner rows differ)
    InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> Harness.runEverywhere(g.build(out), Map.of()));
    assertTrue(e.getMessage().contains("Inputs must have identical ragged splits: the mask's row splits at ragged level 1"
        + " are [0, 1, 3, 4], data's are [0, 2, 3, 4]"), e.getMessage());
  }

  @Test
  void aRaggedMaskOverMatrixRows_keepsDatasInt32SplitsOnTheNewLevel() {
    GraphBuilder g = new GraphBuilder();
    Ops tf = g.ops();
    Value rt = g.raggedFromRowSplits(g.constant(Tensor.of(DType.INT32, new int[] {1, 2, 3, 4, 5, 6}, 3, 2)),
        g.constant(Tensor.ofInts(0, 2, 3)));
    Value mask = g.raggedFromRowSplits(g.constant(Tensor.of(DType.BOOL, new boolean[] {T, F, F, F, T, T}, 3, 2)),
        g.constant(Tensor.ofInts(0, 2, 3)));
    // rt = tf.RaggedTensor.from_row_splits([[1, 2], [3, 4], [5, 6]], tf.constant([0, 2, 3], tf.int32)), mask alike of
    // [[T, F], [F, F], [T, T]]: tf.ragged.boolean_mask(rt, mask) -> [[[1], []], [[5, 6]]], every row_splits int32
    RaggedTensor out = (RaggedTensor) Harness.runEverywhere(g.build(tf.booleanMask(rt, mask)), Map.of()).get(0);
    assertEquals("[[[1], []], [[5, 6]]]", out.toString());
    assertEquals(List.of(DType.INT32, DType.INT32), out.nestedPartitions().stream().map(RowPartition::splitsDType).toList());
  }
}
