package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.array.BitcastKernels;

/** {@code tf.bitcast}: reinterpreting a dense tensor's bytes as another numeric or complex dtype. */
public final class BitcastOps {
  private BitcastOps() {}

  public static final OpDef BITCAST =
      OpDef.builder("bitcast")
          .summary("the same bytes as another dtype (little-endian); a wider input gains a last dimension, "
              + "a narrower one loses its last, which must hold one output element")
          .operands("input")
          .attribute(AttrSpec.required("type", AttrKind.DTYPE))
          .traits(Trait.PURE)
          .type(ctx -> {
            DenseType x = ctx.dense(0);
            DType to = ctx.attributes().getDType("type");
            for (DType d : new DType[] {x.dtype(), to}) {
              if (!d.isNumeric() && !d.isComplex()) {
                throw ctx.fail("bitcast is not defined on %s (numeric and complex dtypes only, as TF's Bitcast)", d);
              }
            }
            int in = x.dtype().bits() / 8, out = to.bits() / 8;
            if (in == out) {
              return new DenseType(to, x.shape());
            }
            if (in > out) {
              return new DenseType(to, ImmutableList.<Long>builder().addAll(x.shape()).add((long) (in / out)).build());
            }
            long last = x.rank() == 0 ? -2 : x.dim(x.rank() - 1);
            if (x.rank() == 0 || Dims.isKnown(last) && last != out / in) {
              throw ctx.fail("Cannot bitcast from %s to %s: shape %s (the last dimension must be %d)",
                  x.dtype(), to, x.tfShape(), out / in);
            }
            return new DenseType(to, x.shape().subList(0, x.rank() - 1));
          })
          .kernel(BitcastKernels.class, "bitcast")
          // tf.bitcast(tf.constant([1.0, -0.0]), tf.int32) -> [1065353216, -2147483648]
          .example("""
              %x = constant() {value = tensor<float32>[2] [1.0, -0.0]} : tensor<float32>[2]
              %0 = bitcast(%x) {type = int32} : tensor<int32>[2]
              return %0
              """, "[1065353216, -2147483648]")
          // tf.bitcast(tf.constant([258], tf.int32), tf.uint8) -> [[2, 1, 0, 0]] (little-endian)
          .example("""
              %x = constant() {value = tensor<int32>[1] [258]} : tensor<int32>[1]
              %0 = bitcast(%x) {type = uint8} : tensor<uint8>[1, 4]
              return %0
              """, "[[2, 1, 0, 0]]")
          // tf.bitcast(tf.constant([[0, 0, 128, 63]], tf.uint8), tf.float32) -> [1.0]
          .example("""
              %x = constant() {value = tensor<uint8>[1, 4] [[0, 0, 128, 63]]} : tensor<uint8>[1, 4]
              %0 = bitcast(%x) {type = float32} : tensor<float32>[1]
              return %0
              """, "[1.0]")
          .tfRawOps("Bitcast").tfApi("tf.bitcast")
          .build();
}
