package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.Fusion;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.runtime.kernels.gather.RowGatherKernels;

/**
 * How a dense operand is broadcast into a ragged one: {@code row_gather} repeats each row of the
 * dense operand for every value of the matching ragged row. The builder lowers {@code rt + dense}
 * to {@code row_gather}s (one per partition the dense operand reaches) and an elementwise op on
 * flat values, so fusion can turn the gather into an index expression through
 * {@code value_rowids}.
 */
public final class RaggedBroadcastOps {
  private RaggedBroadcastOps() {}

  public static final OpDef ROW_GATHER =
      OpDef.builder("row_gather")
          .summary("params [nrows or 1, 1 or L, rest...] to [nvals, rest...]: value j of row i gets params[i, 0] "
              + "(or params[i, j - row_splits[i]] if every row has L values; i is 0 if params has one row)")
          .operands("params", "partition")
          .traits(Trait.PURE)
          .type(ctx -> {
            DenseType params = ctx.dense(0);
            PartitionType p = ctx.partition(1);
            if (params.rank() < 2) {
              throw ctx.fail("params must have rank >= 2 ([nrows or 1, 1, ...]), got %s", params);
            }
            long rows = params.dim(0);
            if (rows != 1 && Dims.merge(rows, p.nrows()) == null) {
              throw ctx.fail("params has %s rows but the partition has %s (need %s or 1)", rows, p.nrows(), p.nrows());
            }
            if (p.uniform() && params.dim(1) != 1 && Dims.merge(params.dim(1), p.uniformRowLength()) == null) {
              throw ctx.fail("dimension 1 of params must be 1 or the row length %s, got %s", p.uniformRowLength(), params);
            }
            ImmutableList.Builder<Long> shape = ImmutableList.builder();
            shape.add(p.nvals());
            shape.addAll(params.shape().subList(2, params.rank()));
            return new DenseType(params.dtype(), shape.build());
          })
          .kernel(RowGatherKernels.class, "rowGather")
          .example("""
              %s = constant() {value = tensor<int64>[4] [0, 2, 2, 3]} : tensor<int64>[4]
              %p = partition_from_row_splits(%s) : partition<int64>[3, (None)]
              %d = constant() {value = tensor<int32>[3, 1] [[10], [20], [30]]} : tensor<int32>[3, 1]
              %0 = row_gather(%d, %p) : tensor<int32>[None]
              return %0
              """, "[10, 10, 30]")
          .example("""
              %s = constant() {value = tensor<int64>[3] [0, 2, 4]} : tensor<int64>[3]
              %p = partition_from_row_splits(%s) : partition<int64>[2, (None)]
              %d = constant() {value = tensor<int32>[2, 2] [[1, 2], [3, 4]]} : tensor<int32>[2, 2]
              %0 = row_gather(%d, %p) : tensor<int32>[None]
              return %0
              """, "[1, 2, 3, 4]")
          .fusion(new Fusion.Gather())
          .noTfCounterpart("the dense operand of a ragged-dense elementwise op repeated for every value of its ragged row: a lowering step "
              + "of the tf.math ops' ragged broadcasting (TF broadcasts with a gather by value_rowids inside "
              + "RaggedTensorDynamicShape.broadcast_to), no op or function of its own")
          .build();

}
