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
import dev.tatter.runtime.Sizes;
import dev.tatter.runtime.kernels.conversion.ConversionKernels;
import java.util.List;

/** Conversions between ragged and dense tensors. */
public final class ConversionOps {
  private ConversionOps() {}

  public static final OpDef TO_TENSOR =
      OpDef.builder("to_tensor")
          .summary("pads each ragged dimension to its longest row with default_value (a scalar); "
              + "a shape (None = computed) pads or truncates")
          .operands("rt", "default_value")
          .attribute(AttrSpec.optional("shape", AttrKind.INTS, ImmutableList.of()))
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
            checkInnerDims(ctx, rt, ctx.attributes().get("shape"));
            return new DenseType(rt.dtype(), withGivenShape(ctx, shape.build(), ctx.attributes().get("shape")));
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
          // the seed: rt.to_tensor(shape=[5, 2]) pads the rows and truncates the columns
          .example("""
          %s = constant() {value = tensor<int64>[5] [0, 3, 3, 5, 6]} : tensor<int64>[5]
          %p = partition_from_row_splits(%s) : partition<int64>[4, (None)]
          %v = constant() {value = tensor<int32>[6] [9, 8, 7, 6, 5, 4]} : tensor<int32>[6]
          %rt = ragged(%v, %p) : ragged<int32, nvals=[6]>[4, (None)]
          %d = constant() {value = tensor<int32>[] 0} : tensor<int32>[]
          %0 = to_tensor(%rt, %d) {shape = [5, 2]} : tensor<int32>[5, 2]
          return %0
              """, "[[9, 8], [0, 0], [6, 5], [4, 0], [0, 0]]")
          .tfRawOps("RaggedTensorToTensor").tfApi("tf.RaggedTensor.to_tensor")
          .build();

  /** A given shape may pad and truncate ragged dims only: a known inner dim of the flat values must be kept. */
  private static void checkInnerDims(OpContext ctx, RaggedType rt, Object given) {
    List<?> dims = (List<?>) given;
    int ragged = rt.partitions().size();
    List<Long> flat = rt.flatValuesShape();
    if (dims.size() != ragged + flat.size()) {
      return; // withGivenShape reports the rank
    }
    long[] shape = dims.stream().mapToLong(d -> (Long) d).toArray();
    for (int d = 1; d < flat.size(); d++) {
      if (Dims.isKnown(flat.get(d)) && shape[ragged + d] >= 0 && shape[ragged + d] != flat.get(d)) {
        throw ctx.fail("%s", ConversionKernels.innerDimMismatch(shape, ragged + d, flat.get(d)));
      }
    }
  }

  /** {@code computed} with each known dim of {@code given} (a list of Long, -1 for None) put in. */
  static ImmutableList<Long> withGivenShape(OpContext ctx, ImmutableList<Long> computed, Object given) {
    List<?> dims = (List<?>) given;
    if (dims.isEmpty()) {
      return computed;
    }
    if (dims.size() != computed.size()) {
      throw ctx.fail("shape %s has rank %d but the result has rank %d", dims, dims.size(), computed.size());
    }
    ImmutableList.Builder<Long> out = ImmutableList.builder();
    for (int i = 0; i < dims.size(); i++) {
      long d = (Long) dims.get(i);
      if (d < Dims.UNKNOWN) {
        throw ctx.fail("shape %s has a negative dimension %d", dims, d);
      }
      if (d > Sizes.MAX_ELEMENTS) {
        throw ctx.fail("shape %s: dimension %d is %d, more than a tensor dimension can hold (%d)",
            dims, i, d, Sizes.MAX_ELEMENTS);
      }
      out.add(d == Dims.UNKNOWN ? computed.get(i) : d);
    }
    return out.build();
  }
}
