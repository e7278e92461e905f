package dev.tatter.ir.ops;

import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.runtime.kernels.array.ReverseKernels;

/**
 * {@code tf.reverse}: {@code reverse} along one axis of a dense tensor, and {@code row_reverse}
 * within the rows of a partition over flat values, which is how the builder lowers it along a
 * ragged tensor's innermost ragged axis (axis 0 of a ragged tensor is a gather of its rows).
 */
public final class ReverseOps {
  private ReverseOps() {}

  // tf.reverse([[1, 2, 3], [4, 5, 6]], axis=[1]) -> [[3, 2, 1], [6, 5, 4]]
  public static final OpDef REVERSE = OpDef.builder("reverse")
      .summary("tf.reverse(x, [axis]) along one axis (>= 0) of a dense tensor of any dtype")
      .operands("x")
      .attribute(AttrSpec.required("axis", AttrKind.INT))
      .traits(Trait.PURE)
      .type(ctx -> {
        DenseType x = ctx.dense(0);
        ctx.axisOf(x);
        return x;
      })
      .kernel(ReverseKernels.class, "reverse")
      .example("""
          %x = constant() {value = tensor<int32>[2, 3] [[1, 2, 3], [4, 5, 6]]} : tensor<int32>[2, 3]
          %0 = reverse(%x) {axis = 1} : tensor<int32>[2, 3]
          return %0
          """, "[[3, 2, 1], [6, 5, 4]]")
      .tfRawOps("ReverseV2").tfApi("tf.reverse")
      .build();

  // tf.reverse(tf.ragged.constant([[1, 2, 3], [], [4, 5]]), axis=[1]).flat_values -> [3, 2, 1, 5, 4]
  public static final OpDef ROW_REVERSE = OpDef.builder("row_reverse")
      .summary("each row of partition over values' first dim in reverse order (tf.reverse along the ragged axis)")
      .operands("values", "partition")
      .traits(Trait.PURE)
      .type(ctx -> {
        DenseType values = ctx.dense(0);
        PartitionType p = ctx.partition(1);
        if (values.rank() == 0) {
          throw ctx.fail("values must have rank >= 1, got %s", values);
        }
        if (Dims.merge(values.dim(0), p.nvals()) == null) {
          throw ctx.fail("values has %d rows but the partition covers %d values", values.dim(0), p.nvals());
        }
        return values;
      })
      .kernel(ReverseKernels.class, "rowReverse")
      .example("""
          %v = constant() {value = tensor<int32>[5] [1, 2, 3, 4, 5]} : tensor<int32>[5]
          %s = constant() {value = tensor<int64>[4] [0, 3, 3, 5]} : tensor<int64>[4]
          %p = partition_from_row_splits(%s) : partition<int64>[3, (None)]
          %0 = row_reverse(%v, %p) : tensor<int32>[5]
          return %0
          """, "[3, 2, 1, 5, 4]")
      .tfApi("tf.reverse")
      .build();
}
