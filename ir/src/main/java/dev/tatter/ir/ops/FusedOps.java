package dev.tatter.ir.ops;

import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.Lowering;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;

/**
 * The op the fuse pass produces: a group of elementwise nodes as one node whose {@code expr}
 * attribute is a {@link FusedExpr}. Its type is what the steps' own type rules infer over the
 * operands, so a fused node is checked exactly as the nodes it replaced. It is not itself
 * ELEMENTWISE: fusing is done once, and a fused node is never folded into another.
 */
public final class FusedOps {
  private FusedOps() {}

  public static final OpDef FUSED =
      OpDef.builder("fused")
          .summary("elementwise steps computed in one loop (made by the fuse pass); expr lists the steps, $i reads operand i, #k step k")
          .variadicOperands("inputs")
          .attribute(AttrSpec.required("expr", AttrKind.STRING))
          .traits(Trait.PURE)
          .type(FusedOps::infer)
          .lowering(new Lowering.Fused())
          .example("""
          %x = constant() {value = tensor<float32>[3] [1.0, 2.0, 3.0]} : tensor<float32>[3]
          %c = constant() {value = tensor<float32>[] 2.0} : tensor<float32>[]
          %0 = fused(%x, %c) {expr = "mul($0, $1); add(#0, $1); mul(#1, $0)"} : tensor<float32>[3]
          return %0
              """, "[4.0, 12.0, 24.0]")
          .example("""
          %x = constant() {value = tensor<int8>[2] [100, -100]} : tensor<int8>[2]
          %0 = fused(%x) {expr = "add($0, $0); add(#0, $0)"} : tensor<int8>[2]
          return %0
              """, "[44, -44]")
          // a row reduction absorbing its producers: the sum of squares of each row
          .example("""
          %s = constant() {value = tensor<int64>[4] [0, 2, 2, 5]} : tensor<int64>[4]
          %p = partition_from_row_splits(%s) : partition<int64>[3, (None)]
          %x = constant() {value = tensor<float64>[5] [1.0, 2.0, 3.0, 4.0, 5.0]} : tensor<float64>[5]
          %0 = fused(%x, %p) {expr = "mul($0, $0); row_sum(#0, $1)"} : tensor<float64>[3]
          return %0
              """, "[5.0, 0.0, 50.0]")
          // a scan within rows absorbing its producer and consumer: tf.math.cumsum(rt * rt, axis=1) + 1
          // on [[1, 2], [], [3]] -> [[2, 6], [], [10]] (flat values)
          .example("""
          %s = constant() {value = tensor<int64>[4] [0, 2, 2, 3]} : tensor<int64>[4]
          %p = partition_from_row_splits(%s) : partition<int64>[3, (None)]
          %x = constant() {value = tensor<float32>[3] [1.0, 2.0, 3.0]} : tensor<float32>[3]
          %one = constant() {value = tensor<float32>[] 1.0} : tensor<float32>[]
          %0 = fused(%x, %p, %one) {expr = "mul($0, $0); row_cumsum(#0, $1); add(#1, $2)"} : tensor<float32>[3]
          return %0
              """, "[2.0, 6.0, 10.0]")
          // stream compaction: tf.ragged.boolean_mask(rt, rt > 1.5) * 2 on [[1, 2], [], [3]] -> [[4], [], [6]]
          .example("""
          %s = constant() {value = tensor<int64>[4] [0, 2, 2, 3]} : tensor<int64>[4]
          %p = partition_from_row_splits(%s) : partition<int64>[3, (None)]
          %x = constant() {value = tensor<float32>[3] [1.0, 2.0, 3.0]} : tensor<float32>[3]
          %t = constant() {value = tensor<float32>[] 1.5} : tensor<float32>[]
          %two = constant() {value = tensor<float32>[] 2.0} : tensor<float32>[]
          %0 = fused(%x, %t, %p, %two) {expr = "gt($0, $1); row_boolean_mask($0, #0, $2); mul(#1, $3)"} : ragged<float32>[3, (None)]
          return %0
              """, "[[4.0], [], [6.0]]")
          .noTfCounterpart("elementwise steps the fuse pass computes in one loop, as XLA fuses them under jit_compile=True; TF's graph "
              + "keeps each step as its own op")
          .build();

  private static Type infer(OpContext ctx) {
    FusedExpr expr = FusedExpr.parse((String) ctx.attributes().get("expr"));
    for (int i = 0; i < ctx.operandTypes().size(); i++) {
      if (ctx.operand(i) instanceof RaggedType) {
        throw ctx.fail("operand $%d must be a dense tensor (or a row reduction's partition), got %s", i, ctx.operand(i));
      }
    }
    return expr.resultType(expr.stepTypes(ctx.operandTypes()));
  }
}
