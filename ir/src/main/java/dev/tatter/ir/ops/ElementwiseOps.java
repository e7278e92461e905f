package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.kernels.ElementwiseKernels;
import dev.tatter.runtime.kernels.ScalarFunctions;

/**
 * Elementwise ops on dense tensors, with NumPy broadcasting. Ragged elementwise ops are built
 * from these over flat values (see the builder), so fusion sees one kind of elementwise op.
 */
public final class ElementwiseOps {
  private ElementwiseOps() {}

  public static final OpDef ADD = binaryArithmetic("add", "x + y, broadcasting", "add")
      // the seed's int8 example: 2**7 + 1 and 2**7 + 2 wrap to -127 and -126 when converted
      .example("""
          %x = constant() {value = tensor<int8>[2] [1, 2]} : tensor<int8>[2]
          %y = constant() {value = tensor<int8>[2] [-127, -126]} : tensor<int8>[2]
          %0 = add(%x, %y) : tensor<int8>[2]
          return %0
          """, "[-126, -124]")
      .example("""
          %x = constant() {value = tensor<float64>[1, 2, 1, 3] [[[[1.0, 1.0, 1.0]], [[1.0, 1.0, 1.0]]]]} : tensor<float64>[1, 2, 1, 3]
          %y = constant() {value = tensor<float64>[2, 1] [[10.0], [20.0]]} : tensor<float64>[2, 1]
          %0 = add(%x, %y) : tensor<float64>[1, 2, 2, 3]
          return %0
          """, "[[[[11.0, 11.0, 11.0], [21.0, 21.0, 21.0]], [[11.0, 11.0, 11.0], [21.0, 21.0, 21.0]]]]")
      .canonicalize(AlgebraicRules.ADD_ZERO)
      .build();
  public static final OpDef MUL = binaryArithmetic("mul", "x * y, broadcasting", "mul")
      .example("""
          %x = constant() {value = tensor<int32>[5] [1, 2, 3, 4, 5]} : tensor<int32>[5]
          %y = constant() {value = tensor<int32>[] 2} : tensor<int32>[]
          %0 = mul(%x, %y) : tensor<int32>[5]
          return %0
          """, "[2, 4, 6, 8, 10]")
      .canonicalize(AlgebraicRules.MUL_ONE)
      .build();

  public static final ImmutableList<OpDef> ALL = ImmutableList.of(ADD, MUL);

  private static OpDef.Builder binaryArithmetic(String mnemonic, String summary, String kernel) {
    return OpDef.builder(mnemonic)
        .summary(summary)
        .operands("x", "y")
        .traits(Trait.PURE, Trait.ELEMENTWISE, Trait.COMMUTATIVE)
        .type(ElementwiseOps::inferNumericBinary)
        .scalarFunction(ScalarFunctions.class, kernel)
        .kernel(ElementwiseKernels.class, kernel);
  }

  private static Type inferNumericBinary(OpContext ctx) {
    DenseType x = ctx.dense(0);
    DenseType y = ctx.dense(1);
    if (x.dtype() != y.dtype()) {
      throw ctx.fail("operands must have one dtype, got %s and %s", x.dtype(), y.dtype());
    }
    if (!x.dtype().isNumeric()) {
      throw ctx.fail("%s is not defined on %s", ctx.op().mnemonic(), x.dtype());
    }
    return new DenseType(x.dtype(), broadcastShape(ctx, x, y));
  }

  /**
   * The NumPy broadcast of two static shapes. Known sizes that cannot broadcast are an error
   * now; an unknown size against a known one is checked at run time.
   */
  public static ImmutableList<Long> broadcastShape(OpContext ctx, DenseType x, DenseType y) {
    int rank = Math.max(x.rank(), y.rank());
    ImmutableList.Builder<Long> out = ImmutableList.builder();
    for (int i = 0; i < rank; i++) {
      long a = i < rank - x.rank() ? 1 : x.dim(i - (rank - x.rank()));
      long b = i < rank - y.rank() ? 1 : y.dim(i - (rank - y.rank()));
      if (a == 1) {
        out.add(b);
      } else if (b == 1) {
        out.add(a);
      } else {
        Long merged = Dims.merge(a, b);
        if (merged == null) {
          throw ctx.fail("shapes %s and %s cannot broadcast (dimension %d: %d vs %d)",
              x.shape(), y.shape(), i, a, b);
        }
        out.add(merged);
      }
    }
    return out.build();
  }
}
