package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.Node;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.kernels.ragged.RaggedKernels;
import java.util.ArrayList;
import java.util.List;

/**
 * The ragged tensor itself: {@code ragged(values, partition)} and its two halves. TF's many
 * RaggedTensor methods are sugar over these (see the builder), so one set of canonicalization
 * rules covers them all.
 */
public final class RaggedOps {
  private RaggedOps() {}

  public static final OpDef RAGGED =
      OpDef.builder("ragged")
          .summary("values (dense rank >= 1, or ragged) split into rows by a partition; the kernel checks that they fit, "
              + "and with validate (a factory's validate=True) no pass removes that check")
          .operands("values", "partition")
          .attribute(AttrSpec.optional("validate", AttrKind.BOOL, false))
          .traits(Trait.PURE)
          .type(RaggedOps::inferRagged)
          .kernel(RaggedKernels.class, "ragged")
          // ragged(values(rt), partition(rt)) is rt: TF's from_row_splits(rt.values, rt.row_splits)
          // arrives here once from_row_splits(row_splits(p)) has become p
          .canonicalize((node, in, out) -> in.get(0).op() == RaggedOps.VALUES && in.get(1).op() == RaggedOps.PARTITION
              && in.get(0).input(0) == in.get(1).input(0) ? in.get(0).input(0) : null)
          .example("""
          %s = constant() {value = tensor<int64>[6] [0, 4, 4, 7, 8, 8]} : tensor<int64>[6]
          %p = partition_from_row_splits(%s) : partition<int64>[5, (None)]
          %v = constant() {value = tensor<int32>[8] [3, 1, 4, 1, 5, 9, 2, 6]} : tensor<int32>[8]
          %rt = ragged(%v, %p) : ragged<int32, nvals=[8]>[5, (None)]
          return %rt
              """, "[[3, 1, 4, 1], [], [5, 9, 2], [6], []]")
          .tfApi("tf.RaggedTensor.from_row_splits", "tf.RaggedTensor.from_row_lengths", "tf.RaggedTensor.from_row_starts",
              "tf.RaggedTensor.from_row_limits", "tf.RaggedTensor.from_value_rowids", "tf.RaggedTensor.from_uniform_row_length",
              "tf.RaggedTensor.from_nested_row_splits", "tf.RaggedTensor.from_nested_row_lengths",
              "tf.RaggedTensor.from_nested_value_rowids", "tf.RaggedTensor.with_values", "tf.RaggedTensor.with_flat_values")
          .build();

  public static final OpDef VALUES =
      OpDef.builder("values")
          .summary("the values one level down: dense at ragged rank 1, else ragged")
          .operands("rt")
          .traits(Trait.PURE)
          .type(ctx -> ctx.ragged(0).valuesType())
          .kernel(RaggedKernels.class, "values")
          .example("""
          %s = constant() {value = tensor<int64>[6] [0, 4, 4, 7, 8, 8]} : tensor<int64>[6]
          %p = partition_from_row_splits(%s) : partition<int64>[5, (None)]
          %v = constant() {value = tensor<int32>[8] [3, 1, 4, 1, 5, 9, 2, 6]} : tensor<int32>[8]
          %rt = ragged(%v, %p) : ragged<int32, nvals=[8]>[5, (None)]
          %0 = values(%rt) : tensor<int32>[8]
          return %0
              """, "[3, 1, 4, 1, 5, 9, 2, 6]")
          // values(ragged(v, p)) is v
          .canonicalize((node, in, out) -> in.get(0).op() == RaggedOps.RAGGED && !keepsCheck(in.get(0)) ? in.get(0).input(0) : null)
          .tfApi("tf.RaggedTensor.values", "tf.RaggedTensor.flat_values")
          .build();

  public static final OpDef PARTITION =
      OpDef.builder("partition")
          .summary("the outermost row partition")
          .operands("rt")
          .traits(Trait.PURE)
          .type(ctx -> ctx.ragged(0).outerPartition())
          .kernel(RaggedKernels.class, "partition")
          .example("""
          %s = constant() {value = tensor<int64>[6] [0, 4, 4, 7, 8, 8]} : tensor<int64>[6]
          %p = partition_from_row_splits(%s) : partition<int64>[5, (None)]
          %v = constant() {value = tensor<int32>[8] [3, 1, 4, 1, 5, 9, 2, 6]} : tensor<int32>[8]
          %rt = ragged(%v, %p) : ragged<int32, nvals=[8]>[5, (None)]
          %0 = partition(%rt) : partition<int64, nvals=8>[5, (None)]
          %1 = row_lengths(%0) : tensor<int64>[5]
          return %1
              """, "[4, 0, 3, 1, 0]")
          // partition(ragged(v, p)) is p
          .canonicalize((node, in, out) -> in.get(0).op() == RaggedOps.RAGGED && !keepsCheck(in.get(0)) ? in.get(0).input(1) : null)
          .tfApi("tf.RaggedTensor.row_splits", "tf.RaggedTensor.row_lengths", "tf.RaggedTensor.value_rowids",
              "tf.RaggedTensor.nrows", "tf.RaggedTensor.row_starts", "tf.RaggedTensor.row_limits",
              "tf.RaggedTensor.uniform_row_length")
          .build();

  public static final OpDef ASSERT_SAME_PARTITION =
      OpDef.builder("assert_same_partition")
          .summary("p, after checking at run time that q splits the same rows; gone once CSE makes p and q one node")
          .operands("p", "q")
          .traits(Trait.PURE)
          .type(RaggedOps::inferSamePartition)
          .kernel(RaggedKernels.class, "assertSamePartition")
          .example("""
          %s = constant() {value = tensor<int64>[6] [0, 4, 4, 7, 8, 8]} : tensor<int64>[6]
          %p = partition_from_row_splits(%s) : partition<int64>[5, (None)]
          %t = constant() {value = tensor<int64>[6] [0, 4, 4, 7, 8, 8]} : tensor<int64>[6]
          %q = partition_from_row_splits(%t) : partition<int64>[5, (None)]
          %0 = assert_same_partition(%p, %q) : partition<int64>[5, (None)]
          %1 = row_splits(%0) : tensor<int64>[6]
          return %1
              """, "[0, 4, 4, 7, 8, 8]")
          // a partition is the same as itself: no check left once CSE made p and q one node
          .canonicalize((node, in, out) -> in.get(0) == in.get(1) ? in.get(0) : null)
          .noTfCounterpart("the run-time check that two ragged operands share a row partition, which TF's ragged dispatch makes with "
              + "assert_equal on their row splits before an elementwise op, tf.strings.substr or join, or a batched gather: a "
              + "step of many functions, no op or function of its own")
          .build();

  /**
   * Whether a {@code ragged} node must stay for its run-time check: it was asked for ({@code
   * validate}) and the static types do not already prove that the values fit the partition.
   * Forwarding its values or partition past it would let DCE drop the check, and whether a run
   * fails would then depend on the pipeline.
   */
  static boolean keepsCheck(Node ragged) {
    if (!ragged.attributes().getBool("validate")) {
      return false;
    }
    long nvals = ((PartitionType) ragged.input(1).type()).nvals();
    Type values = ragged.input(0).type();
    long rows = values instanceof RaggedType rt ? rt.nrows() : ((DenseType) values).dim(0);
    return !(Dims.isKnown(nvals) && Dims.isKnown(rows));
  }

  private static Type inferRagged(OpContext ctx) {
    Type values = ctx.tensor(0);
    PartitionType p = ctx.partition(1);
    List<PartitionType> partitions = new ArrayList<>();
    partitions.add(p);
    List<Long> flat;
    long valueRows;
    if (values instanceof RaggedType rt) {
      if (rt.splitsDType() != p.splitsDType()) {
        throw ctx.fail("row splits dtypes differ: the partition has %s, the ragged values %s "
            + "(use with_row_splits_dtype to convert one)", p.splitsDType(), rt.splitsDType());
      }
      partitions.addAll(rt.partitions());
      flat = rt.flatValuesShape();
      valueRows = rt.nrows();
    } else {
      DenseType dense = (DenseType) values;
      if (dense.rank() == 0) {
        throw ctx.fail("values must have rank >= 1, got %s", dense);
      }
      flat = dense.shape();
      valueRows = dense.dim(0);
    }
    if (Dims.merge(p.nvals(), valueRows) == null) {
      throw ctx.fail("the partition covers %s values but values has %s rows", p.nvals(), valueRows);
    }
    // a uniform partition of unknown nrows must divide the values' rows (else RaggedType refuses it)
    if (p.uniform() && p.uniformRowLength() > 0 && Dims.isKnown(valueRows) && valueRows % p.uniformRowLength() != 0) {
      throw ctx.fail("%s values do not split into rows of length %s", valueRows, p.uniformRowLength());
    }
    return RaggedType.of(values.dtype(), partitions, flat);
  }

  private static Type inferSamePartition(OpContext ctx) {
    PartitionType p = ctx.partition(0);
    PartitionType q = ctx.partition(1);
    if (p.splitsDType() != q.splitsDType()) {
      throw ctx.fail("row splits dtypes differ: %s vs %s", p.splitsDType(), q.splitsDType());
    }
    Long nrows = Dims.merge(p.nrows(), q.nrows());
    Long nvals = Dims.merge(p.nvals(), q.nvals());
    if (nrows == null || nvals == null) {
      throw ctx.fail("partitions cannot be equal: %s vs %s", p, q);
    }
    return p.withNrows(nrows).withNvals(nvals);
  }
}
