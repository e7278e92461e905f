package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.array.ArrayKernels;
import dev.tatter.runtime.kernels.gather.GatherKernels;
import java.util.ArrayList;
import java.util.List;

/**
 * Dense slicing ops: {@code gather} (TF's GatherV2 with axis and batch_dims; embedding lookups; on ragged indices the builder gathers the
 * flat values and keeps the partitions) and {@code expand_dims}.
 */
public final class ArrayOps {
  private ArrayOps() {}

  public static final OpDef GATHER =
      OpDef.builder("gather")
          .summary("TF's GatherV2: params[b..., o..., indices[b..., i...], n...] along axis, the first batch_dims dims "
              + "shared: shape params.shape[:axis] + indices.shape[batch_dims:] + params.shape[axis + 1:]; "
              + "0 <= batch_dims <= axis (negative ones are resolved by the builder); out-of-range indices are errors")
          .operands("params", "indices")
          .attribute(AttrSpec.optional("axis", AttrKind.INT, 0L))
          .attribute(AttrSpec.optional("batch_dims", AttrKind.INT, 0L))
          .traits(Trait.PURE)
          .type(ArrayOps::gatherType)
          .kernel(GatherKernels.class, "gather")
          // tf.gather([[0., .5], [1., 1.5], [2., 2.5]], [2, 0, 2, 1]) -> [[2., 2.5], [0., .5], [2., 2.5], [1., 1.5]]
          .example("""
              %table = constant() {value = tensor<float32>[3, 2] [[0.0, 0.5], [1.0, 1.5], [2.0, 2.5]]} : tensor<float32>[3, 2]
              %ids = constant() {value = tensor<int64>[4] [2, 0, 2, 1]} : tensor<int64>[4]
              %0 = gather(%table, %ids) : tensor<float32>[4, 2]
              return %0
              """, "[[2.0, 2.5], [0.0, 0.5], [2.0, 2.5], [1.0, 1.5]]")
          // tf.gather([[1, 2, 3], [4, 5, 6]], [2, 0], axis=1) -> [[3, 1], [6, 4]]
          .example("""
              %p = constant() {value = tensor<int32>[2, 3] [[1, 2, 3], [4, 5, 6]]} : tensor<int32>[2, 3]
              %i = constant() {value = tensor<int32>[2] [2, 0]} : tensor<int32>[2]
              %0 = gather(%p, %i) {axis = 1} : tensor<int32>[2, 2]
              return %0
              """, "[[3, 1], [6, 4]]")
          // tf.gather([[1, 2, 3], [4, 5, 6]], [[2, 2], [0, 1]], axis=1, batch_dims=1) -> [[3, 3], [4, 5]]
          .example("""
              %p = constant() {value = tensor<int32>[2, 3] [[1, 2, 3], [4, 5, 6]]} : tensor<int32>[2, 3]
              %i = constant() {value = tensor<int64>[2, 2] [[2, 2], [0, 1]]} : tensor<int64>[2, 2]
              %0 = gather(%p, %i) {axis = 1, batch_dims = 1} : tensor<int32>[2, 2]
              return %0
              """, "[[3, 3], [4, 5]]")
          .tfRawOps("GatherV2").tfApi("tf.gather")
          .build();

  /** GatherV2's shape function, on axes the builder has made non-negative. */
  private static DenseType gatherType(OpContext ctx) {
    DenseType params = ctx.dense(0);
    DenseType indices = ctx.dense(1, DType.INT32, DType.INT64);
    long axis = ctx.attributes().getInt("axis");
    long batchDims = ctx.attributes().getInt("batch_dims");
    if (axis < 0 || axis >= params.rank()) {
      throw ctx.fail("Expected axis in the range [0, %s), but got %s (negative axes are resolved by the builder)",
          params.rank(), axis);
    }
    if (batchDims < 0 || batchDims > indices.rank()) {
      throw ctx.fail("Expected batch_dims in the range [0, %s], but got %s (negative batch_dims are resolved by the builder)",
          indices.rank(), batchDims);
    }
    if (batchDims > axis) {
      throw ctx.fail("batch_dims (%s) must be less than or equal to axis (%s)", batchDims, axis);
    }
    int a = (int) axis;
    int b = (int) batchDims;
    ImmutableList.Builder<Long> shape = ImmutableList.builder();
    for (int i = 0; i < a; i++) {
      long dim = params.dim(i);
      if (i < b) {
        Long merged = Dims.merge(dim, indices.dim(i));
        if (merged == null) {
          throw ctx.fail("params.shape[%d]: %d should be equal to indices.shape[%d]: %d", i, dim, i, indices.dim(i));
        }
        dim = merged;
      }
      shape.add(dim);
    }
    shape.addAll(indices.shape().subList(b, indices.rank())).addAll(params.shape().subList(a + 1, params.rank()));
    return new DenseType(params.dtype(), shape.build());
  }

  public static final OpDef EXPAND_DIMS =
      OpDef.builder("expand_dims")
          .summary("the same values with a dimension of size 1 inserted at axis (negative counts from the end)")
          .operands("x")
          .attribute(AttrSpec.required("axis", AttrKind.INT))
          .traits(Trait.PURE)
          .type(ctx -> {
            DenseType x = ctx.dense(0);
            long axis = ctx.attributes().getInt("axis");
            if (axis < 0 || axis > x.rank()) {
              throw ctx.fail("axis %s is out of range [0, %s] for %s (negative axes are resolved by the builder)", axis, x.rank(), x);
            }
            List<Long> shape = new ArrayList<>(x.shape());
            shape.add((int) axis, 1L);
            return new DenseType(x.dtype(), ImmutableList.copyOf(shape));
          })
          .kernel(ArrayKernels.class, "expandDims")
          .example("""
              %x = constant() {value = tensor<int32>[3] [1, 2, 3]} : tensor<int32>[3]
              %0 = expand_dims(%x) {axis = 1} : tensor<int32>[3, 1]
              return %0
              """, "[[1], [2], [3]]")
          .tfRawOps("ExpandDims").tfApi("tf.expand_dims")
          .build();

}
