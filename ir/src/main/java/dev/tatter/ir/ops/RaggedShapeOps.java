package dev.tatter.ir.ops;

import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.ragged.RaggedShapeKernels;

/**
 * Sizes read off a (possibly ragged) tensor as values of the graph: the outer dimension (TF's
 * {@code nrows(out_type)}, and the nvals that {@code from_row_starts} and
 * {@code from_uniform_row_length} take from their values), the bounding shape, and the row
 * lengths along a dense axis (TF's {@code row_lengths(axis)} past the ragged dimensions).
 */
public final class RaggedShapeOps {
  private RaggedShapeOps() {}

  public static final OpDef OUTER_DIM =
      OpDef.builder("outer_dim")
          .summary("the size of the outermost dimension of a dense or ragged tensor (a partition's nrows), "
              + "an out_type scalar")
          .operands("x")
          .attribute(AttrSpec.optional("out_type", AttrKind.DTYPE, DType.INT64))
          .traits(Trait.PURE)
          .type(ctx -> {
            Type x = ctx.operand(0);
            if (x instanceof DenseType d && d.rank() == 0) {
              throw ctx.fail("a scalar has no outer dimension");
            }
            return DenseType.scalar(splitsDType(ctx, "out_type"));
          })
          .kernel(RaggedShapeKernels.class, "outerDim")
          .example("""
          %v = constant() {value = tensor<float32>[3, 2] [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]} : tensor<float32>[3, 2]
          %0 = outer_dim(%v) {out_type = int32} : tensor<int32>[]
          return %0
              """, "3")
          .tfApi("tf.RaggedTensor.nrows")
          .build();

  public static final OpDef BOUNDING_SHAPE =
      OpDef.builder("bounding_shape")
          .summary("the shape of the smallest dense tensor holding rt: [rank], or one axis of it (axis = -1: all)")
          .operands("rt")
          .attribute(AttrSpec.optional("axis", AttrKind.INT, -1L))
          .attribute(AttrSpec.optional("out_type", AttrKind.DTYPE, DType.INT64))
          .traits(Trait.PURE)
          .type(ctx -> {
            RaggedType rt = ctx.ragged(0);
            DType out = splitsDType(ctx, "out_type");
            long axis = ctx.attributes().getInt("axis");
            if (axis == -1) {
              return DenseType.of(out, rt.rank());
            }
            if (axis < 0 || axis >= rt.rank()) {
              throw ctx.fail("axis=%s is out of range for a tensor of rank %s (0 to %s, or -1 for all)",
                  axis, rt.rank(), rt.rank() - 1);
            }
            return DenseType.scalar(out);
          })
          .kernel(RaggedShapeKernels.class, "boundingShape")
          .example("""
          %l = constant() {value = tensor<int64>[5] [4, 1, 0, 4, 1]} : tensor<int64>[5]
          %p = partition_from_row_lengths(%l) : partition<int64>[5, (None)]
          %v = constant() {value = tensor<int32>[10] [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]} : tensor<int32>[10]
          %rt = ragged(%v, %p) : ragged<int32, nvals=[10]>[5, (None)]
          %0 = bounding_shape(%rt) : tensor<int64>[2]
          return %0
              """, "[5, 4]")
          .tfApi("tf.RaggedTensor.bounding_shape")
          .build();

  public static final OpDef DENSE_ROW_LENGTHS =
      OpDef.builder("dense_row_lengths")
          .summary("row lengths along dense axis `axis` >= 1: values.shape[:axis] filled with values.shape[axis]")
          .operands("values")
          .attribute(AttrSpec.required("axis", AttrKind.INT))
          .attribute(AttrSpec.optional("out_type", AttrKind.DTYPE, DType.INT64))
          .traits(Trait.PURE)
          .type(ctx -> {
            DenseType v = ctx.dense(0);
            long axis = ctx.attributes().getInt("axis");
            if (axis < 1 || axis >= v.rank()) {
              throw ctx.fail("axis=%s must be in [1, %s) for values of rank %s", axis, v.rank(), v.rank());
            }
            return new DenseType(splitsDType(ctx, "out_type"), v.shape().subList(0, (int) axis));
          })
          .kernel(RaggedShapeKernels.class, "denseRowLengths")
          .example("""
          %v = constant() {value = tensor<int32>[2, 3] [[1, 1, 1], [1, 1, 1]]} : tensor<int32>[2, 3]
          %0 = dense_row_lengths(%v) {axis = 1} : tensor<int64>[2]
          return %0
              """, "[3, 3]")
          .tfApi("tf.RaggedTensor.row_lengths")
          .build();

  private static DType splitsDType(OpContext ctx, String attribute) {
    DType d = ctx.attributes().getDType(attribute);
    if (!d.isSplitsDType()) {
      throw ctx.fail("%s must be int32 or int64, got %s", attribute, d);
    }
    return d;
  }
}
