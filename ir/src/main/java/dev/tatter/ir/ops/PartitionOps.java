package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.PartitionKernels;

/** Row partitions (TF's {@code RowPartition}): factories from one encoding, and each encoding. */
public final class PartitionOps {
  private PartitionOps() {}

  public static final OpDef FROM_ROW_SPLITS =
      OpDef.builder("partition_from_row_splits")
          .summary("a partition from row splits; validate checks splits[0]=0 and that they never decrease")
          .operands("row_splits")
          .attribute(AttrSpec.optional("validate", AttrKind.BOOL, true))
          .traits(Trait.PURE)
          .type(ctx -> {
            DenseType splits = ctx.dense(0, DType.INT32, DType.INT64);
            if (splits.rank() != 1) {
              throw ctx.fail("row_splits must be a vector, got %s", splits);
            }
            long n = splits.dim(0);
            if (n == 0) {
              throw ctx.fail("row_splits must have at least one element, got %s", splits);
            }
            return PartitionType.ragged(splits.dtype(), n < 0 ? Dims.UNKNOWN : n - 1, Dims.UNKNOWN);
          })
          .kernel(PartitionKernels.class, "fromRowSplits")
          .example("""
          %s = constant() {value = tensor<int64>[6] [0, 4, 4, 7, 8, 8]} : tensor<int64>[6]
          %p = partition_from_row_splits(%s) : partition<int64>[5, (None)]
          %0 = row_splits(%p) : tensor<int64>[6]
          return %0
              """, "[0, 4, 4, 7, 8, 8]")
          .build();

  public static final OpDef ROW_SPLITS =
      OpDef.builder("row_splits")
          .summary("the row splits of a partition: [nrows + 1] offsets")
          .operands("partition")
          .traits(Trait.PURE)
          .type(ctx -> {
            PartitionType p = ctx.partition(0);
            return DenseType.of(p.splitsDType(), p.nrows() < 0 ? Dims.UNKNOWN : p.nrows() + 1);
          })
          .kernel(PartitionKernels.class, "rowSplits")
          .example("""
          %s = constant() {value = tensor<int64>[6] [0, 4, 4, 7, 8, 8]} : tensor<int64>[6]
          %p = partition_from_row_splits(%s) : partition<int64>[5, (None)]
          %0 = row_splits(%p) : tensor<int64>[6]
          return %0
              """, "[0, 4, 4, 7, 8, 8]")
          .build();

  public static final OpDef ROW_LENGTHS =
      OpDef.builder("row_lengths")
          .summary("the length of each row: [nrows]")
          .operands("partition")
          .traits(Trait.PURE)
          .type(ctx -> DenseType.of(ctx.partition(0).splitsDType(), ctx.partition(0).nrows()))
          .kernel(PartitionKernels.class, "rowLengths")
          .example("""
          %s = constant() {value = tensor<int64>[6] [0, 4, 4, 7, 8, 8]} : tensor<int64>[6]
          %p = partition_from_row_splits(%s) : partition<int64>[5, (None)]
          %0 = row_lengths(%p) : tensor<int64>[5]
          return %0
              """, "[4, 0, 3, 1, 0]")
          .build();

  public static final OpDef VALUE_ROWIDS =
      OpDef.builder("value_rowids")
          .summary("the row index of each value: [nvals]")
          .operands("partition")
          .traits(Trait.PURE)
          .type(ctx -> DenseType.of(ctx.partition(0).splitsDType(), ctx.partition(0).nvals()))
          .kernel(PartitionKernels.class, "valueRowids")
          .example("""
          %s = constant() {value = tensor<int64>[6] [0, 4, 4, 7, 8, 8]} : tensor<int64>[6]
          %p = partition_from_row_splits(%s) : partition<int64>[5, (None)]
          %0 = value_rowids(%p) : tensor<int64>[None]
          return %0
              """, "[0, 0, 0, 0, 2, 2, 2, 3]")
          .build();

  public static final OpDef NROWS =
      OpDef.builder("nrows")
          .summary("the number of rows, a scalar of the splits dtype")
          .operands("partition")
          .traits(Trait.PURE)
          .type(ctx -> DenseType.scalar(ctx.partition(0).splitsDType()))
          .kernel(PartitionKernels.class, "nrows")
          .example("""
          %s = constant() {value = tensor<int64>[6] [0, 4, 4, 7, 8, 8]} : tensor<int64>[6]
          %p = partition_from_row_splits(%s) : partition<int64>[5, (None)]
          %0 = nrows(%p) : tensor<int64>[]
          return %0
              """, "5")
          .build();

  public static final ImmutableList<OpDef> ALL =
      ImmutableList.of(FROM_ROW_SPLITS, ROW_SPLITS, ROW_LENGTHS, VALUE_ROWIDS, NROWS);
}
