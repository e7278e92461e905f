package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.ArrayKernels;
import java.util.ArrayList;
import java.util.List;

/**
 * Dense slicing ops: {@code gather} (embedding lookups; on ragged indices the builder gathers the
 * flat values and keeps the partitions) and {@code expand_dims}.
 */
public final class ArrayOps {
  private ArrayOps() {}

  public static final OpDef GATHER =
      OpDef.builder("gather")
          .summary("params[indices] along axis 0: shape indices.shape + params.shape[1:]; out-of-range indices are errors")
          .operands("params", "indices")
          .traits(Trait.PURE)
          .type(ctx -> {
            DenseType params = ctx.dense(0);
            DenseType indices = ctx.dense(1, DType.INT32, DType.INT64);
            if (params.rank() == 0) {
              throw ctx.fail("params must have rank >= 1, got %s", params);
            }
            ImmutableList.Builder<Long> shape = ImmutableList.builder();
            shape.addAll(indices.shape()).addAll(params.shape().subList(1, params.rank()));
            return new DenseType(params.dtype(), shape.build());
          })
          .kernel(ArrayKernels.class, "gather")
          .example("""
              %table = constant() {value = tensor<float32>[3, 2] [[0.0, 0.5], [1.0, 1.5], [2.0, 2.5]]} : tensor<float32>[3, 2]
              %ids = constant() {value = tensor<int64>[4] [2, 0, 2, 1]} : tensor<int64>[4]
              %0 = gather(%table, %ids) : tensor<float32>[4, 2]
              return %0
              """, "[[2.0, 2.5], [0.0, 0.5], [2.0, 2.5], [1.0, 1.5]]")
          .build();

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
          .build();

}
