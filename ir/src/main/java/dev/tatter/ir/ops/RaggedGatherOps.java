package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.gather.GatherKernels;
import dev.tatter.runtime.kernels.gather.RaggedGatherKernels;
import dev.tatter.runtime.kernels.ragged.RaggedRangeKernels;
import java.util.ArrayList;
import java.util.List;

/**
 * Ops that build ragged rows from indices: TF's {@code RaggedGather} ({@code tf.gather} with
 * ragged params; ragged indices are handled by the builder, which gathers their flat values and
 * keeps their partitions) and {@code RaggedRange} ({@code tf.ragged.range}).
 */
public final class RaggedGatherOps {
  private RaggedGatherOps() {}

  public static final OpDef RAGGED_GATHER =
      OpDef.builder("ragged_gather")
          .summary("params[indices] along axis 0 of ragged params (TF's RaggedGather): ragged_rank is "
              + "rank(indices) - 1 + params.ragged_rank, the outer dims of indices uniform; an index outside "
              + "[0, nrows) is an error")
          .operands("params", "indices")
          .traits(Trait.PURE)
          .type(RaggedGatherOps::gatherType)
          .kernel(RaggedGatherKernels.class, "raggedGather")
          // tf.gather(tf.ragged.constant([['a', 'b', 'c'], ['d'], [], ['e']]), [3, 1, 2, 1, 0])
          //   -> [[b'e'], [b'd'], [], [b'd'], [b'a', b'b', b'c']]
          .example("""
              %v = constant() {value = tensor<string>[5] ["a", "b", "c", "d", "e"]} : tensor<string>[5]
              %s = constant() {value = tensor<int64>[5] [0, 3, 4, 4, 5]} : tensor<int64>[5]
              %p = partition_from_row_splits(%s) : partition<int64>[4, (None)]
              %rt = ragged(%v, %p) : ragged<string, nvals=[5]>[4, (None)]
              %i = constant() {value = tensor<int32>[5] [3, 1, 2, 1, 0]} : tensor<int32>[5]
              %0 = ragged_gather(%rt, %i) : ragged<string>[5, (None)]
              return %0
              """, "[[b'e'], [b'd'], [], [b'd'], [b'a', b'b', b'c']]")
          .tfRawOps("RaggedGather").tfApi("tf.gather")
          .build();

  public static final OpDef ROW_OFFSET_INDICES =
      OpDef.builder("row_offset_indices")
          .summary("row_start(b) + indices[...] for each row b of partition (batched: row b's own indices[b, ...]), "
              + "int64: where tf.gather(rt, indices, axis=1[, batch_dims=1]) reads in rt.values; ragged indices keep "
              + "their partitions (batched) or are repeated per row under a uniform partition [nrows, indices...]; "
              + "an index outside its row is an error")
          .operands("partition", "indices")
          .attribute(AttrSpec.optional("batched", AttrKind.BOOL, false))
          .traits(Trait.PURE)
          .type(RaggedGatherOps::rowOffsetType)
          .kernel(GatherKernels.class, "rowOffsetIndices")
          // rt = tf.ragged.constant([[1, 2, 3], [4, 5]]); tf.gather(rt, [1, 0], axis=1) -> [[2, 1], [5, 4]],
          // read at rt.values[[1, 0, 4, 3]]
          .example("""
              %s = constant() {value = tensor<int64>[3] [0, 3, 5]} : tensor<int64>[3]
              %p = partition_from_row_splits(%s) : partition<int64>[2, (None)]
              %i = constant() {value = tensor<int32>[2] [1, 0]} : tensor<int32>[2]
              %0 = row_offset_indices(%p, %i) : tensor<int64>[2, 2]
              return %0
              """, "[[1, 0], [4, 3]]")
          // tf.gather(tf.ragged.constant([[1, 2, 3], [4, 5]]), tf.ragged.constant([[1, 0], [1]]), axis=1)
          //   -> [[[2, 1], [2]], [[5, 4], [5]]], read at rt.values[[[[1, 0], [1]], [[4, 3], [4]]]]
          .example("""
              %s = constant() {value = tensor<int64>[3] [0, 3, 5]} : tensor<int64>[3]
              %p = partition_from_row_splits(%s) : partition<int64>[2, (None)]
              %iv = constant() {value = tensor<int32>[3] [1, 0, 1]} : tensor<int32>[3]
              %is = constant() {value = tensor<int64>[3] [0, 2, 3]} : tensor<int64>[3]
              %iq = partition_from_row_splits(%is) : partition<int64>[2, (None)]
              %i = ragged(%iv, %iq) : ragged<int32, nvals=[3]>[2, (None)]
              %0 = row_offset_indices(%p, %i) : ragged<int64, nvals=[4, 6]>[2, 2, (None)]
              return %0
              """, "[[[1, 0], [1]], [[4, 3], [4]]]")
          .tfApi("tf.gather")
          .build();

  public static final OpDef RAGGED_RANGE =
      OpDef.builder("ragged_range")
          .summary("row i is range(starts[i], limits[i], deltas[i]) (TF's RaggedRange); scalars broadcast; "
              + "float rows accumulate delta by repeated addition; delta = 0 is an error")
          .operands("starts", "limits", "deltas")
          .attribute(AttrSpec.optional("row_splits_dtype", AttrKind.DTYPE, DType.INT64))
          .traits(Trait.PURE)
          .type(RaggedGatherOps::rangeType)
          .kernel(RaggedRangeKernels.class, "raggedRange")
          // tf.ragged.range([3, 5, 2]) -> [[0, 1, 2], [0, 1, 2, 3, 4], [0, 1]]
          .example("""
              %starts = constant() {value = tensor<int32>[] 0} : tensor<int32>[]
              %limits = constant() {value = tensor<int32>[3] [3, 5, 2]} : tensor<int32>[3]
              %deltas = constant() {value = tensor<int32>[] 1} : tensor<int32>[]
              %0 = ragged_range(%starts, %limits, %deltas) : ragged<int32>[3, (None)]
              return %0
              """, "[[0, 1, 2], [0, 1, 2, 3, 4], [0, 1]]")
          // tf.ragged.range([0, 5, 8], [3, 3, 12]) -> [[0, 1, 2], [], [8, 9, 10, 11]]
          .example("""
              %starts = constant() {value = tensor<int64>[3] [0, 5, 8]} : tensor<int64>[3]
              %limits = constant() {value = tensor<int64>[3] [3, 3, 12]} : tensor<int64>[3]
              %deltas = constant() {value = tensor<int64>[] 1} : tensor<int64>[]
              %0 = ragged_range(%starts, %limits, %deltas) {row_splits_dtype = int32} : ragged<int64, splits=int32>[3, (None)]
              return %0
              """, "[[0, 1, 2], [], [8, 9, 10, 11]]")
          .tfRawOps("RaggedRange").tfApi("tf.ragged.range")
          .build();

  private static Type gatherType(OpContext ctx) {
    RaggedType params = ctx.ragged(0);
    DenseType indices = ctx.dense(1, DType.INT32, DType.INT64);
    int k = indices.rank();
    DType splits = params.splitsDType();
    List<PartitionType> out = new ArrayList<>();
    for (int d = 0; d < k - 1; d++) {
      out.add(PartitionType.uniform(splits, Dims.product(indices.shape().subList(0, d + 1)), Dims.UNKNOWN, indices.dim(d + 1)));
    }
    // as TF's kernel returns row splits, every gathered level is ragged, even if params' was uniform
    for (int d = k == 0 ? 1 : 0; d < params.raggedRank(); d++) {
      long nrows = d == 0 ? Dims.product(indices.shape()) : Dims.UNKNOWN;
      out.add(PartitionType.ragged(splits, nrows, Dims.UNKNOWN));
    }
    List<Long> flat = new ArrayList<>(params.flatValuesShape());
    flat.set(0, Dims.UNKNOWN);
    if (out.isEmpty()) {
      return new DenseType(params.dtype(), ImmutableList.copyOf(flat));
    }
    return RaggedType.of(params.dtype(), out, flat);
  }

  private static Type rowOffsetType(OpContext ctx) {
    PartitionType p = ctx.partition(0);
    if (ctx.operand(1) instanceof RaggedType ragged) {
      return raggedRowOffsetType(ctx, p, ragged);
    }
    DenseType indices = ctx.dense(1, DType.INT32, DType.INT64);
    List<Long> shape = new ArrayList<>();
    if (ctx.attributes().getBool("batched")) {
      if (indices.rank() == 0) {
        throw ctx.fail("batched indices must have a dim per row, got %s", indices);
      }
      Long rows = Dims.merge(p.nrows(), indices.dim(0));
      if (rows == null) {
        throw ctx.fail("params.shape[0]: %d should be equal to indices.shape[0]: %d", p.nrows(), indices.dim(0));
      }
      shape.add(rows);
      shape.addAll(indices.shape().subList(1, indices.rank()));
    } else {
      shape.add(p.nrows());
      shape.addAll(indices.shape());
    }
    return new DenseType(DType.INT64, ImmutableList.copyOf(shape));
  }

  /**
   * Ragged indices: batched, the offsets keep the indices' partitions (row b of indices belongs
   * to row b of the partition); otherwise the indices are repeated for every row of the
   * partition, under a uniform outer partition (TF's static shape {@code [nrows, indices...]}).
   */
  private static Type raggedRowOffsetType(OpContext ctx, PartitionType p, RaggedType indices) {
    if (indices.dtype() != DType.INT32 && indices.dtype() != DType.INT64) {
      throw ctx.fail("indices must be int32 or int64, got %s", indices);
    }
    List<PartitionType> parts = new ArrayList<>(indices.partitions());
    List<Long> flat = new ArrayList<>(indices.flatValuesShape());
    if (ctx.attributes().getBool("batched")) {
      Long rows = Dims.merge(p.nrows(), indices.nrows());
      if (rows == null) {
        throw ctx.fail("params.shape[0]: %d should be equal to indices.shape[0]: %d", p.nrows(), indices.nrows());
      }
      parts.set(0, parts.get(0).withNrows(rows));
      return RaggedType.of(DType.INT64, parts, flat);
    }
    long copies = p.nrows();
    List<PartitionType> out = new ArrayList<>();
    out.add(PartitionType.uniform(indices.splitsDType(), copies, Dims.UNKNOWN, indices.nrows()));
    for (PartitionType q : parts) {
      long nrows = Dims.product(List.of(copies, q.nrows()));
      out.add(q.uniform() ? PartitionType.uniform(q.splitsDType(), nrows, Dims.UNKNOWN, q.uniformRowLength())
          : PartitionType.ragged(q.splitsDType(), nrows, Dims.product(List.of(copies, q.nvals()))));
    }
    flat.set(0, Dims.product(List.of(copies, flat.get(0))));
    return RaggedType.of(DType.INT64, out, flat);
  }

  private static Type rangeType(OpContext ctx) {
    DenseType starts = ctx.dense(0, DType.INT32, DType.INT64, DType.FLOAT32, DType.FLOAT64);
    DType dtype = starts.dtype();
    long nrows = Dims.UNKNOWN;
    boolean anyVector = false;
    String[] names = {"starts", "limits", "deltas"};
    for (int i = 0; i < 3; i++) {
      DenseType t = ctx.dense(i);
      if (t.dtype() != dtype) {
        throw ctx.fail("starts, limits and deltas must have one dtype, got %s, %s and %s",
            ctx.operand(0).dtype(), ctx.operand(1).dtype(), ctx.operand(2).dtype());
      }
      if (t.rank() > 1) {
        throw ctx.fail("%s must be a scalar or vector, got %s", names[i], t);
      }
      if (t.rank() == 1) {
        anyVector = true;
        Long merged = Dims.merge(nrows, t.dim(0));
        if (merged == null) {
          throw ctx.fail("starts, limits, and deltas must have the same shape, got %s, %s and %s",
              ctx.operand(0), ctx.operand(1), ctx.operand(2));
        }
        nrows = merged;
      }
    }
    DType splits = (DType) ctx.attributes().get("row_splits_dtype");
    if (!splits.isSplitsDType()) {
      throw ctx.fail("row_splits_dtype must be int32 or int64, got %s", splits);
    }
    return RaggedType.of(dtype, List.of(PartitionType.ragged(splits, anyVector ? nrows : 1, Dims.UNKNOWN)),
        List.of(Dims.UNKNOWN));
  }
}
