package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import com.google.common.primitives.Ints;
import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.Lowering;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.array.SourceKernels;

/** Graph inputs: placeholders, fed at each run, and constants. */
public final class CoreOps {
  private CoreOps() {}

  /** A graph input; its name is the feed's name and its declared type the feed's static type. */
  public static final OpDef PLACEHOLDER =
      OpDef.builder("placeholder")
          .summary("a value fed at each run; its declared type is checked against the feed")
          .type(ctx -> ctx.declaredType().orElseThrow(() -> ctx.fail("a placeholder needs a declared type")))
          .lowering(Lowering.feed())
          .tfRawOps("Placeholder").tfApi("tf.compat.v1.placeholder")
          .build();

  /** A dense constant held as the {@code value} attribute. */
  public static final OpDef CONSTANT =
      OpDef.builder("constant")
          .summary("a dense constant tensor")
          .attribute(AttrSpec.required("value", AttrKind.TENSOR))
          .traits(Trait.PURE, Trait.CONSTANT)
          .type(ctx -> typeOf(ctx.attributes().getTensor("value")))
          .kernel(SourceKernels.class, "constant")
          .example("""
          %0 = constant() {value = tensor<string>[2] ["a", "b\\"c"]} : tensor<string>[2]
          return %0
              """, "[b'a', b'b\"c']")
          .tfRawOps("Const").tfApi("tf.constant")
          .build();

  /** The exact static type of a tensor value. */
  public static DenseType typeOf(Tensor t) {
    return new DenseType(t.dtype(), ImmutableList.copyOf(Ints.asList(t.shape()).stream().map(Integer::longValue).toList()));
  }
}
