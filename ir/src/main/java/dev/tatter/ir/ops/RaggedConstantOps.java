package dev.tatter.ir.ops;

import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.runtime.RaggedTensor;
import dev.tatter.runtime.RowPartition;
import dev.tatter.runtime.kernels.conversion.ConversionKernels;
import java.util.ArrayList;
import java.util.List;

/**
 * Ragged constants (TF's {@code tf.ragged.constant}), written in the textual IR as a ragged type
 * and a nested literal: {@code {value = ragged<int32, nvals=[3]>[2, (None)] [[0], [1, 2]]}}.
 */
public final class RaggedConstantOps {
  private RaggedConstantOps() {}

  public static final OpDef RAGGED_CONSTANT =
      OpDef.builder("ragged_constant")
          .summary("a ragged constant from a nested literal; its type gives the ragged rank and inner dims")
          .attribute(AttrSpec.required("value", AttrKind.RAGGED))
          .traits(Trait.PURE)
          .type(ctx -> typeOf((RaggedTensor) ctx.attributes().get("value")))
          .kernel(ConversionKernels.class, "raggedConstant")
          // the seed: tf.ragged.constant([[[0, 1]], [[1, 2], [3, 4]]], ragged_rank=1).shape is [2, None, 2]
          .example("""
          %0 = ragged_constant() {value = ragged<int32, nvals=[3]>[2, (None), 2] [[[0, 1]], [[1, 2], [3, 4]]]} : ragged<int32, nvals=[3]>[2, (None), 2]
          return %0
              """, "[[[0, 1]], [[1, 2], [3, 4]]]")
          .example("""
          %0 = ragged_constant() {value = ragged<int32, nvals=[5, 8]>[3, (None), (None)] [[[3, 1, 4, 1], [], [5, 9, 2]], [], [[6], []]]} : ragged<int32, nvals=[5, 8]>[3, (None), (None)]
          return %0
              """, "[[[3, 1, 4, 1], [], [5, 9, 2]], [], [[6], []]]")
          .tfApi("tf.ragged.constant")
          .build();

  /** The exact static type of a ragged value: every size known, every partition ragged. */
  public static RaggedType typeOf(RaggedTensor rt) {
    List<PartitionType> partitions = new ArrayList<>();
    for (RowPartition p : rt.nestedPartitions()) {
      partitions.add(PartitionType.ragged(p.splitsDType(), p.nrows(), p.nvals()));
    }
    return RaggedType.of(rt.dtype(), partitions, CoreOps.typeOf(rt.flatValues()).shape());
  }
}
