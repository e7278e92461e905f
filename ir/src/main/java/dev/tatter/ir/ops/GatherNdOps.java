package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.gather.GatherKernels;
import dev.tatter.runtime.kernels.gather.RaggedGatherNdKernels;

/**
 * Gathers by index tuples and by partition: TF's {@code GatherNd} ({@code tf.gather_nd}), the
 * positions {@code tf.gather_nd} of ragged params reads ({@code gather_nd_positions}, which the
 * builder follows with a ragged or dense gather) and {@code DynamicPartition}. TF's {@code dynamic_partition} returns a list of
 * {@code num_partitions} tensors; the IR has one result per node, so the op computes one
 * partition, chosen by its {@code index} attribute, and the builder returns one node per
 * partition over the same operands (as {@code sparse_split} does). They differ in an attribute,
 * so CSE keeps them apart, and each checks every partition value, so a bad one fails whichever
 * partition is fetched.
 */
public final class GatherNdOps {
  private GatherNdOps() {}

  public static final OpDef GATHER_ND =
      OpDef.builder("gather_nd")
          .summary("TF's GatherNd: the slice params[b..., t_0, ..., t_{m-1}] per index tuple (indices' last dim, "
              + "of static length m <= rank(params) - batch_dims): shape indices.shape[:-1] + params.shape[batch_dims + m:]; "
              + "a tuple outside params' shape is an error")
          .operands("params", "indices")
          .attribute(AttrSpec.optional("batch_dims", AttrKind.INT, 0L))
          .traits(Trait.PURE)
          .type(GatherNdOps::gatherNdType)
          .kernel(GatherKernels.class, "gatherNd")
          // tf.gather_nd([['a', 'b'], ['c', 'd']], [[1, 0], [0, 1]]) -> [b'c', b'b']
          .example("""
              %p = constant() {value = tensor<string>[2, 2] [["a", "b"], ["c", "d"]]} : tensor<string>[2, 2]
              %i = constant() {value = tensor<int32>[2, 2] [[1, 0], [0, 1]]} : tensor<int32>[2, 2]
              %0 = gather_nd(%p, %i) : tensor<string>[2]
              return %0
              """, "[b'c', b'b']")
          // tf.gather_nd([['a', 'b'], ['c', 'd']], [[1]]) -> [[b'c', b'd']] (a partial tuple picks a row)
          .example("""
              %p = constant() {value = tensor<string>[2, 2] [["a", "b"], ["c", "d"]]} : tensor<string>[2, 2]
              %i = constant() {value = tensor<int64>[1, 1] [[1]]} : tensor<int64>[1, 1]
              %0 = gather_nd(%p, %i) : tensor<string>[1, 2]
              return %0
              """, "[[b'c', b'd']]")
          // tf.gather_nd([[[0, 1], [2, 3]], [[4, 5], [6, 7]]], [[1], [0]], batch_dims=1) -> [[2, 3], [4, 5]]
          .example("""
              %p = constant() {value = tensor<int32>[2, 2, 2] [[[0, 1], [2, 3]], [[4, 5], [6, 7]]]} : tensor<int32>[2, 2, 2]
              %i = constant() {value = tensor<int32>[2, 1] [[1], [0]]} : tensor<int32>[2, 1]
              %0 = gather_nd(%p, %i) {batch_dims = 1} : tensor<int32>[2, 2]
              return %0
              """, "[[2, 3], [4, 5]]")
          .tfRawOps("GatherNd").tfApi("tf.gather_nd")
          .build();

  public static final OpDef GATHER_ND_POSITIONS =
      OpDef.builder("gather_nd_positions")
          .summary("where tf.gather_nd(params, indices) of ragged params reads: each index tuple (indices' last dim, "
              + "static length m <= rank(params)) walked down the partitions, every coordinate checked against the "
              + "row it indexes into; int64 of shape indices.shape[:-1] (m <= ragged_rank + 1: a row of the level m - 1 "
              + "or a flat value's row), or indices.shape[:-1] + [m - ragged_rank] (the tuple into the flat values)")
          .operands("params", "indices")
          .traits(Trait.PURE)
          .type(GatherNdOps::positionsType)
          .kernel(RaggedGatherNdKernels.class, "gatherNdPositions")
          // params = tf.ragged.constant([[[1, 2], [3]], [[4], [5, 6, 7], [8]]]);
          // tf.gather_nd(params, [[1, 1], [0, 0]]) -> [[5, 6, 7], [1, 2]], the rows at params.values[[3, 0]]
          .example("""
              %v = constant() {value = tensor<int32>[8] [1, 2, 3, 4, 5, 6, 7, 8]} : tensor<int32>[8]
              %s2 = constant() {value = tensor<int64>[6] [0, 2, 3, 4, 7, 8]} : tensor<int64>[6]
              %s1 = constant() {value = tensor<int64>[3] [0, 2, 5]} : tensor<int64>[3]
              %p2 = partition_from_row_splits(%s2) : partition<int64>[5, (None)]
              %p1 = partition_from_row_splits(%s1) : partition<int64>[2, (None)]
              %inner = ragged(%v, %p2) : ragged<int32, nvals=[8]>[5, (None)]
              %rt = ragged(%inner, %p1) : ragged<int32, nvals=[5, 8]>[2, (None), (None)]
              %i = constant() {value = tensor<int32>[2, 2] [[1, 1], [0, 0]]} : tensor<int32>[2, 2]
              %0 = gather_nd_positions(%rt, %i) : tensor<int64>[2]
              return %0
              """, "[3, 0]")
          .tfApi("tf.gather_nd")
          .build();

  public static final OpDef DYNAMIC_PARTITION =
      OpDef.builder("dynamic_partition")
          .summary("partition `index` of TF's DynamicPartition: the slices data[i...] with partitions[i...] == index, "
              + "in order: shape [None] + data.shape[rank(partitions):]; a partition value outside [0, num_partitions) "
              + "is an error")
          .operands("data", "partitions")
          .attribute(AttrSpec.required("num_partitions", AttrKind.INT))
          .attribute(AttrSpec.required("index", AttrKind.INT))
          .traits(Trait.PURE)
          .type(GatherNdOps::partitionType)
          .kernel(GatherKernels.class, "dynamicPartition")
          // tf.dynamic_partition([10, 20, 30, 40, 50], [0, 0, 1, 1, 0], 2) -> [[10, 20, 50], [30, 40]]; index 0:
          .example("""
              %d = constant() {value = tensor<int32>[5] [10, 20, 30, 40, 50]} : tensor<int32>[5]
              %p = constant() {value = tensor<int32>[5] [0, 0, 1, 1, 0]} : tensor<int32>[5]
              %0 = dynamic_partition(%d, %p) {num_partitions = 2, index = 0} : tensor<int32>[None]
              return %0
              """, "[10, 20, 50]")
          // tf.dynamic_partition([[1., 2.], [3., 4.], [5., 6.]], [1, 0, 1], 2)[1] -> [[1., 2.], [5., 6.]]
          .example("""
              %d = constant() {value = tensor<float32>[3, 2] [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]} : tensor<float32>[3, 2]
              %p = constant() {value = tensor<int32>[3] [1, 0, 1]} : tensor<int32>[3]
              %0 = dynamic_partition(%d, %p) {num_partitions = 2, index = 1} : tensor<float32>[None, 2]
              return %0
              """, "[[1.0, 2.0], [5.0, 6.0]]")
          .tfRawOps("DynamicPartition").tfApi("tf.dynamic_partition")
          .build();

  private static Type gatherNdType(OpContext ctx) {
    DenseType params = ctx.dense(0);
    DenseType indices = ctx.dense(1, DType.INT32, DType.INT64);
    long batchDims = ctx.attributes().getInt("batch_dims");
    if (params.rank() == 0) {
      throw ctx.fail("params must be at least a vector, got %s", params);
    }
    if (indices.rank() == 0) {
      throw ctx.fail("indices must be at least a vector, got %s", indices);
    }
    if (batchDims < 0 || batchDims >= indices.rank() || batchDims >= params.rank()) {
      throw ctx.fail("batch_dims must be in [0, min(rank(indices), rank(params))), got %s (%s, %s)",
          batchDims, params, indices);
    }
    long m = indices.dim(indices.rank() - 1);
    if (!Dims.isKnown(m)) {
      throw ctx.fail("the last dim of indices (the index tuple's length) must be known statically, got %s", indices);
    }
    int b = (int) batchDims;
    if (m > params.rank() - b) {
      throw ctx.fail("index innermost dimension length must be <= params rank; saw: %d vs. %d", m, params.rank() - b);
    }
    ImmutableList.Builder<Long> shape = ImmutableList.builder();
    for (int i = 0; i < indices.rank() - 1; i++) {
      long dim = indices.dim(i);
      if (i < b) {
        Long merged = Dims.merge(dim, params.dim(i));
        if (merged == null) {
          throw ctx.fail("params.shape[%d]: %d should be equal to indices.shape[%d]: %d", i, params.dim(i), i, dim);
        }
        dim = merged;
      }
      shape.add(dim);
    }
    shape.addAll(params.shape().subList(b + (int) m, params.rank()));
    return new DenseType(params.dtype(), shape.build());
  }

  private static Type positionsType(OpContext ctx) {
    RaggedType params = ctx.ragged(0);
    DenseType indices = ctx.dense(1, DType.INT32, DType.INT64);
    if (indices.rank() == 0) {
      throw ctx.fail("indices must be at least a vector, got %s", indices);
    }
    long m = indices.dim(indices.rank() - 1);
    if (!Dims.isKnown(m)) {
      throw ctx.fail("the last dim of indices (the index tuple's length) must be known statically, got %s", indices);
    }
    int r = params.raggedRank();
    int rank = r + params.flatValuesShape().size();
    if (m > rank) {
      throw ctx.fail("index innermost dimension length must be <= params rank; saw: %d vs. %d", m, rank);
    }
    ImmutableList.Builder<Long> shape = ImmutableList.builder();
    shape.addAll(indices.shape().subList(0, indices.rank() - 1));
    if (m > r + 1) {
      shape.add(m - r);
    }
    return new DenseType(DType.INT64, shape.build());
  }

  private static Type partitionType(OpContext ctx) {
    DenseType data = ctx.dense(0);
    DenseType partitions = ctx.dense(1, DType.INT32);
    long n = ctx.attributes().getInt("num_partitions");
    long index = ctx.attributes().getInt("index");
    if (n < 1) {
      throw ctx.fail("num_partitions must be at least 1, got %s", n);
    }
    if (index < 0 || index >= n) {
      throw ctx.fail("index %s is not in [0, num_partitions = %s)", index, n);
    }
    if (partitions.rank() > data.rank()) {
      throw ctx.fail("data.shape must start with partitions.shape, got %s and %s", data, partitions);
    }
    for (int i = 0; i < partitions.rank(); i++) {
      if (Dims.merge(data.dim(i), partitions.dim(i)) == null) {
        throw ctx.fail("data.shape must start with partitions.shape, got %s and %s", data, partitions);
      }
    }
    ImmutableList.Builder<Long> shape = ImmutableList.<Long>builder().add(Dims.UNKNOWN);
    shape.addAll(data.shape().subList(partitions.rank(), data.rank()));
    return new DenseType(data.dtype(), shape.build());
  }
}
