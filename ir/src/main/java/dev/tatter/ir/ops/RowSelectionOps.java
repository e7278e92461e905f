package dev.tatter.ir.ops;

import dev.tatter.ir.Canonicalizer;
import dev.tatter.ir.Fusion;
import dev.tatter.ir.Node;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.array.BooleanMaskKernels;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code row_boolean_mask(values, mask, partition)}: {@code tf.ragged.boolean_mask} of a ragged
 * tensor of ragged_rank 1 by a ragged mask with the same row partition, taken apart into flat
 * values, flat mask and the one partition. Canonicalization rewrites {@code boolean_mask} into it
 * when the two operands provably share their partition node, so the elementwise ops that compute
 * the mask and the values are operands fusion can see, and a fused node does the compaction in
 * the same loop ({@link Fusion.Filter}).
 */
public final class RowSelectionOps {
  private RowSelectionOps() {}

  public static final OpDef ROW_BOOLEAN_MASK =
      OpDef.builder("row_boolean_mask")
          .summary("the values of each row of partition where mask is true: tf.ragged.boolean_mask(rt, m) with rt and m "
              + "sharing that partition, as a ragged tensor whose row lengths are the rows' counts of true values")
          .operands("values", "mask", "partition")
          .traits(Trait.PURE)
          .type(ctx -> {
            DenseType values = ctx.dense(0);
            DenseType mask = ctx.dense(1, DType.BOOL);
            PartitionType p = ctx.partition(2);
            if (values.rank() == 0 || mask.rank() != 1) {
              throw ctx.fail("values must have rank >= 1 and mask rank 1, got %s and %s", values, mask);
            }
            if (Dims.merge(values.dim(0), p.nvals()) == null || Dims.merge(mask.dim(0), p.nvals()) == null) {
              throw ctx.fail("values %s and mask %s must have one element per partitioned value (%d)", values, mask, p.nvals());
            }
            List<Long> flat = new ArrayList<>(values.shape());
            flat.set(0, Dims.UNKNOWN);
            return RaggedType.of(values.dtype(), List.of(PartitionType.ragged(p.splitsDType(), p.nrows(), Dims.UNKNOWN)), flat);
          })
          .kernel(BooleanMaskKernels.class, "rowBooleanMask")
          .fusion(new Fusion.Filter())
          // tf.ragged.boolean_mask(tf.ragged.constant([[1, 2, 3], [], [4, 5]]),
          //     tf.ragged.constant([[True, False, True], [], [False, False]])) -> [[1, 3], [], []]
          .example("""
              %v = constant() {value = tensor<int32>[5] [1, 2, 3, 4, 5]} : tensor<int32>[5]
              %m = constant() {value = tensor<bool>[5] [true, false, true, false, false]} : tensor<bool>[5]
              %s = constant() {value = tensor<int64>[4] [0, 3, 3, 5]} : tensor<int64>[4]
              %p = partition_from_row_splits(%s) : partition<int64>[3, (None)]
              %0 = row_boolean_mask(%v, %m, %p) : ragged<int32>[3, (None)]
              return %0
              """, "[[1, 3], [], []]")
          .tfApi("tf.ragged.boolean_mask")
          .build();

  /**
   * {@code boolean_mask(rt, ragged(m, P))} where {@code P} is {@code rt}'s own partition node
   * ({@code partition(rt)}, or the {@code P} of {@code rt = ragged(v, P)}) and both have ragged_rank
   * 1 becomes {@code row_boolean_mask(values(rt), m, P)}. The kernel's check that the mask's row
   * splits equal data's always passes for one partition node, and {@code row_boolean_mask} checks
   * what {@code ragged(m, P)} checked (m has P's nvals), with its message. A validating
   * {@code ragged} keeps its node.
   */
  static final Canonicalizer SHARED_PARTITION = (node, inputs, out) -> {
    Node data = inputs.get(0);
    Node mask = inputs.get(1);
    if (!(data.type() instanceof RaggedType d) || d.raggedRank() != 1 || mask.op() != RaggedOps.RAGGED
        || mask.attributes().getBool("validate") || !(mask.input(0).type() instanceof DenseType m) || m.rank() != 1) {
      return null;
    }
    Node partition = mask.input(1);
    boolean shared = partition.op() == RaggedOps.PARTITION && partition.input(0) == data
        || data.op() == RaggedOps.RAGGED && data.input(1) == partition;
    if (!shared) {
      return null;
    }
    Node values = out.add(RaggedOps.VALUES, List.of(data), Map.of(), null, node.location(), null);
    return out.add(ROW_BOOLEAN_MASK, List.of(values, mask.input(0), partition), Map.of(), node.name().orElse(null),
        node.location(), null);
  };
}
