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
          .build();

  public static final ImmutableList<OpDef> ALL = ImmutableList.of(TO_TENSOR);
}
