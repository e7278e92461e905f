package dev.tatter.ir.ops;

import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.runtime.kernels.ragged.PartitionKernels;

/**
 * The encodings of a partition beyond row splits, row lengths, value rowids and nrows (which are
 * in {@link PartitionOps}): row starts and limits, nvals, the uniform row length, each value's
 * offset in its row, and {@code cumsum0}, the one node that turns row lengths into row splits.
 * Each is computed by a kernel from the splits when asked; CSE and the rules declared here make
 * sure a graph computes each encoding of each partition at most once.
 */
public final class PartitionEncodingOps {
  private PartitionEncodingOps() {}

  private static final String PARTITION_5_ROWS = """
          %s = constant() {value = tensor<int64>[6] [0, 4, 4, 7, 8, 8]} : tensor<int64>[6]
          %p = partition_from_row_splits(%s) : partition<int64>[5, (None)]
      """;

  public static final OpDef ROW_STARTS =
      OpDef.builder("row_starts")
          .summary("the offset of each row's first value: row_splits[:-1], [nrows]")
          .operands("partition")
          .traits(Trait.PURE)
          .type(ctx -> DenseType.of(ctx.partition(0).splitsDType(), ctx.partition(0).nrows()))
          .kernel(PartitionKernels.class, "rowStarts")
          // row_starts(from_row_starts(starts, nvals)) is starts
          .canonicalize((node, in, out) -> PartitionRules.forward(in.get(0), PartitionOps.FROM_ROW_STARTS, 0))
          .example(PARTITION_5_ROWS + """
          %0 = row_starts(%p) : tensor<int64>[5]
          return %0
              """, "[0, 4, 4, 7, 8]")
          .tfApi("tf.experimental.RowPartition.row_starts", "tf.RaggedTensor.row_starts")
          .build();

  public static final OpDef ROW_LIMITS =
      OpDef.builder("row_limits")
          .summary("the offset one past each row's last value: row_splits[1:], [nrows]")
          .operands("partition")
          .traits(Trait.PURE)
          .type(ctx -> DenseType.of(ctx.partition(0).splitsDType(), ctx.partition(0).nrows()))
          .kernel(PartitionKernels.class, "rowLimits")
          // row_limits(from_row_limits(limits)) is limits
          .canonicalize((node, in, out) -> PartitionRules.forward(in.get(0), PartitionOps.FROM_ROW_LIMITS, 0))
          .example(PARTITION_5_ROWS + """
          %0 = row_limits(%p) : tensor<int64>[5]
          return %0
              """, "[4, 4, 7, 8, 8]")
          .tfApi("tf.experimental.RowPartition.row_limits", "tf.RaggedTensor.row_limits")
          .build();

  public static final OpDef NVALS =
      OpDef.builder("nvals")
          .summary("the number of values the partition splits, a scalar of the splits dtype")
          .operands("partition")
          .traits(Trait.PURE)
          .type(ctx -> DenseType.scalar(ctx.partition(0).splitsDType()))
          .kernel(PartitionKernels.class, "nvals")
          // nvals(from_row_starts(starts, nvals)) is nvals
          .canonicalize((node, in, out) -> PartitionRules.forward(in.get(0), PartitionOps.FROM_ROW_STARTS, 1))
          .example(PARTITION_5_ROWS + """
          %0 = nvals(%p) : tensor<int64>[]
          return %0
              """, "8")
          .tfApi("tf.experimental.RowPartition.nvals")
          .build();

  public static final OpDef UNIFORM_ROW_LENGTH =
      OpDef.builder("uniform_row_length")
          .summary("the length of every row of a statically uniform partition (TF returns None otherwise: "
              + "here a build-time error)")
          .operands("partition")
          .traits(Trait.PURE)
          .type(ctx -> {
            PartitionType p = ctx.partition(0);
            if (!p.uniform()) {
              throw ctx.fail("the partition is not uniform (its rows may differ in length), so it has no "
                  + "uniform_row_length (TF's None); got %s", p);
            }
            return DenseType.scalar(p.splitsDType());
          })
          .kernel(PartitionKernels.class, "uniformRowLength")
          // uniform_row_length(from_uniform_row_length(length, nvals, nrows)) is length
          .canonicalize((node, in, out) -> PartitionRules.forward(in.get(0), PartitionOps.FROM_UNIFORM_ROW_LENGTH, 0))
          .example("""
          %len = constant() {value = tensor<int64>[] 2} : tensor<int64>[]
          %nv = constant() {value = tensor<int64>[] 8} : tensor<int64>[]
          %n = uniform_nrows(%len, %nv) : tensor<int64>[]
          %p = partition_from_uniform_row_length(%len, %nv, %n) : partition<int64>[4, 2]
          %0 = uniform_row_length(%p) : tensor<int64>[]
          return %0
              """, "2")
          .tfApi("tf.experimental.RowPartition.uniform_row_length", "tf.RaggedTensor.uniform_row_length")
          .build();

  public static final OpDef OFFSETS_IN_ROWS =
      OpDef.builder("offsets_in_rows")
          .summary("the index of each value within its row, [nvals]")
          .operands("partition")
          .traits(Trait.PURE)
          .type(ctx -> DenseType.of(ctx.partition(0).splitsDType(), ctx.partition(0).nvals()))
          .kernel(PartitionKernels.class, "offsetsInRows")
          .example("""
          %l = constant() {value = tensor<int64>[4] [3, 2, 0, 2]} : tensor<int64>[4]
          %p = partition_from_row_lengths(%l) : partition<int64>[4, (None)]
          %0 = offsets_in_rows(%p) : tensor<int64>[None]
          return %0
              """, "[0, 1, 2, 0, 1, 0, 1]")
          .tfApi("tf.experimental.RowPartition.offsets_in_rows")
          .build();

  public static final OpDef CUMSUM0 =
      OpDef.builder("cumsum0")
          .summary("[0, x0, x0+x1, ...]: the row splits of row lengths x, [n + 1]")
          .operands("x")
          .traits(Trait.PURE)
          .type(ctx -> {
            DenseType x = PartitionOps.vector(ctx, 0);
            return DenseType.of(x.dtype(), Dims.isKnown(x.dim(0)) ? x.dim(0) + 1 : Dims.UNKNOWN);
          })
          .kernel(PartitionKernels.class, "cumsum0")
          .example("""
          %l = constant() {value = tensor<int32>[5] [4, 0, 3, 1, 0]} : tensor<int32>[5]
          %0 = cumsum0(%l) : tensor<int32>[6]
          return %0
              """, "[0, 4, 4, 7, 8, 8]")
          .tfApi("tf.experimental.RowPartition.from_row_lengths", "tf.RaggedTensor.from_row_lengths")
          .build();

}
