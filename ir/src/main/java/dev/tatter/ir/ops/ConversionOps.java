package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.runtime.kernels.ConversionKernels;

/** Conversions between ragged and dense tensors. */
public final class ConversionOps {
  private ConversionOps() {}

  public static final OpDef TO_TENSOR =
      OpDef.builder("to_tensor")
          .summary("pads each ragged dimension to its longest row with default_value (a scalar)")
          .operands("rt", "default_value")
          .traits(Trait.PURE)
          .type(ctx -> {
            RaggedType rt = ctx.ragged(0);
            DenseType dv = ctx.dense(1);
            if (dv.rank() != 0 || dv.dtype() != rt.dtype()) {
              throw ctx.fail("default_value must be a %s scalar, got %s", rt.dtype(), dv);
            }
            ImmutableList.Builder<Long> shape = ImmutableList.builder();
            shape.add(rt.nrows());
            for (PartitionType p : rt.partitions()) {
              shape.add(p.uniform() ? p.uniformRowLength() : Dims.UNKNOWN);
            }
            shape.addAll(rt.flatValuesShape().subList(1, rt.flatValuesShape().size()));
            return new DenseType(rt.dtype(), shape.build());
          })
          .kernel(ConversionKernels.class, "toTensor")
          .example("""
          %s = constant() {value = tensor<int64>[6] [0, 4, 4, 7, 8, 8]} : tensor<int64>[6]
          %p = partition_from_row_splits(%s) : partition<int64>[5, (None)]
          %v = constant() {value = tensor<int32>[8] [3, 1, 4, 1, 5, 9, 2, 6]} : tensor<int32>[8]
          %rt = ragged(%v, %p) : ragged<int32, nvals=[8]>[5, (None)]
          %d = constant() {value = tensor<int32>[] 0} : tensor<int32>[]
          %0 = to_tensor(%rt, %d) : tensor<int32>[5, None]
          return %0
              """, "[[3, 1, 4, 1], [0, 0, 0, 0], [5, 9, 2, 0], [6, 0, 0, 0], [0, 0, 0, 0]]")
          .build();

  public static final ImmutableList<OpDef> ALL = ImmutableList.of(TO_TENSOR);
}
