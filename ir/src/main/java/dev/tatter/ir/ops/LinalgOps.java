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
import dev.tatter.runtime.kernels.linalg.Activation;
import dev.tatter.runtime.kernels.linalg.MatmulKernels;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Dense matrix products: {@code matmul} (TF's {@code MatMul}/{@code BatchMatMulV3}: rank >= 2,
 * batch dimensions broadcast, either operand transposed in its last two dimensions) and {@code
 * fused_matmul}, a matmul with a bias along its last dimension and an activation computed in one
 * pass, which the fuse pass makes of {@code activation(add(matmul(a, b), bias))} (the way TF's
 * grappler makes its {@code _FusedMatMul}). The kernels are {@link MatmulKernels}, whose Javadoc
 * fixes the order of every sum; ragged operands, adjoints, {@code matvec} and {@code tensordot}
 * are the builder's.
 */
public final class LinalgOps {
  private LinalgOps() {}

  /** The dtypes the kernels take (TF's MatMul also takes half, bfloat16 and complex). */
  public static final Set<DType> DTYPES = EnumSet.of(DType.FLOAT32, DType.FLOAT64, DType.INT32, DType.INT64);

  public static final OpDef MATMUL =
      OpDef.builder("matmul")
          .summary("a [..., m, k] x b [..., k, n] -> [..., m, n], the batch dims broadcast; transpose_a/b transpose an "
              + "operand's last two dims first; float sums are fused multiply-adds in a fixed order (docs/SEMANTICS.md)")
          .operands("a", "b")
          .attribute(AttrSpec.optional("transpose_a", AttrKind.BOOL, false))
          .attribute(AttrSpec.optional("transpose_b", AttrKind.BOOL, false))
          .traits(Trait.PURE)
          .type(ctx -> productType(ctx, ctx.dense(0), ctx.dense(1)))
          .kernel(MatmulKernels.class, "matmul")
          // tf.linalg.matmul([[1, 2, 3], [4, 5, 6]], [[7, 8], [9, 10], [11, 12]]) -> [[58, 64], [139, 154]]
          .example("""
              %a = constant() {value = tensor<int32>[2, 3] [[1, 2, 3], [4, 5, 6]]} : tensor<int32>[2, 3]
              %b = constant() {value = tensor<int32>[3, 2] [[7, 8], [9, 10], [11, 12]]} : tensor<int32>[3, 2]
              %0 = matmul(%a, %b) : tensor<int32>[2, 2]
              return %0
              """, "[[58, 64], [139, 154]]")
          // tf.linalg.matmul([[[1., 2.], [3., 4.]], [[5., 6.], [7., 8.]]], [[1., 0.], [1., 1.]], transpose_b=True)
          //   -> [[[1., 3.], [3., 7.]], [[5., 11.], [7., 15.]]]
          .example("""
              %a = constant() {value = tensor<float32>[2, 2, 2] [[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0], [7.0, 8.0]]]} : tensor<float32>[2, 2, 2]
              %b = constant() {value = tensor<float32>[2, 2] [[1.0, 0.0], [1.0, 1.0]]} : tensor<float32>[2, 2]
              %0 = matmul(%a, %b) {transpose_b = true} : tensor<float32>[2, 2, 2]
              return %0
              """, "[[[1.0, 3.0], [3.0, 7.0]], [[5.0, 11.0], [7.0, 15.0]]]")
          .tfRawOps("MatMul", "BatchMatMulV3", "BatchMatMulV2").tfApi("tf.linalg.matmul", "tf.matmul")
          .build();

  public static final OpDef FUSED_MATMUL =
      OpDef.builder("fused_matmul")
          .summary("activation(matmul(a, b) + bias), bias [n], in one pass: each element's sum, then its bias, then the "
              + "activation (an op's mnemonic: relu, relu6, elu, selu, leaky_relu with alpha, sigmoid, tanh; \"\" for none), "
              + "the bits of the three unfused ops")
          .operands("a", "b", "bias")
          .attribute(AttrSpec.optional("transpose_a", AttrKind.BOOL, false))
          .attribute(AttrSpec.optional("transpose_b", AttrKind.BOOL, false))
          .attribute(AttrSpec.optional("activation", AttrKind.STRING, ""))
          .attribute(AttrSpec.optional("alpha", AttrKind.FLOAT, 0.2))
          .traits(Trait.PURE)
          .type(LinalgOps::fusedType)
          .kernel(MatmulKernels.class, "fusedMatmul")
          // tf.nn.relu(tf.linalg.matmul([[1., -2.], [3., 4.]], [[1., 0.], [0., 1.]]) + [0.5, -5.]) -> [[1.5, 0.], [3.5, 0.]]
          .example("""
              %a = constant() {value = tensor<float32>[2, 2] [[1.0, -2.0], [3.0, 4.0]]} : tensor<float32>[2, 2]
              %b = constant() {value = tensor<float32>[2, 2] [[1.0, 0.0], [0.0, 1.0]]} : tensor<float32>[2, 2]
              %c = constant() {value = tensor<float32>[2] [0.5, -5.0]} : tensor<float32>[2]
              %0 = fused_matmul(%a, %b, %c) {activation = "relu"} : tensor<float32>[2, 2]
              return %0
              """, "[[1.5, 0.0], [3.5, 0.0]]")
          .noTfCounterpart("the fusion of matmul, a bias add and an activation that the fuse pass makes; TF's grappler "
              + "makes the same fusion as its internal _FusedMatMul, which no Python API reaches")
          .build();

  public static final OpDef UNIFORM_ROWS =
      OpDef.builder("uniform_rows")
          .summary("the partition, after checking at run time that its rows have one length: a ragged matrix that matmul "
              + "takes as the dense one it is")
          .operands("partition")
          .traits(Trait.PURE)
          .type(ctx -> ctx.partition(0))
          .kernel(MatmulKernels.class, "uniformRows")
          .example("""
              %s = constant() {value = tensor<int64>[3] [0, 2, 4]} : tensor<int64>[3]
              %p = partition_from_row_splits(%s) : partition<int64>[2, (None)]
              %0 = uniform_rows(%p) : partition<int64>[2, (None)]
              %1 = row_lengths(%0) : tensor<int64>[2]
              return %1
              """, "[2, 2]")
          .noTfCounterpart("the check TF's ragged matmul makes with assert_equal(size(rt.flat_values), size(rt.to_tensor())) "
              + "before it multiplies a ragged matrix as a dense one: a step of tf.linalg.matmul, no op of its own")
          .build();

  /** BatchMatMulV3's shape function: ranks >= 2, inner sizes equal, batch dims broadcast. */
  static DenseType productType(OpContext ctx, DenseType a, DenseType b) {
    if (a.dtype() != b.dtype()) {
      throw ctx.fail("operands must have one dtype, got %s and %s", a.dtype(), b.dtype());
    }
    if (!DTYPES.contains(a.dtype())) {
      throw ctx.fail("matmul is not defined on %s (Tatter's kernel takes float32, float64, int32 and int64)", a.dtype());
    }
    for (int i = 0; i < 2; i++) {
      DenseType t = i == 0 ? a : b;
      if (t.rank() < 2) {
        throw ctx.fail("In[%d] ndims must be >= 2: %d", i, t.rank());
      }
    }
    boolean ta = ctx.attributes().getBool("transpose_a");
    boolean tb = ctx.attributes().getBool("transpose_b");
    int ra = a.rank();
    int rb = b.rank();
    long m = a.dim(ra - (ta ? 1 : 2));
    long k = a.dim(ra - (ta ? 2 : 1));
    long kb = b.dim(rb - (tb ? 1 : 2));
    long n = b.dim(rb - (tb ? 2 : 1));
    if (Dims.merge(k, kb) == null) {
      throw ctx.fail("Matrix size-incompatible: In[0]: %s, In[1]: %s", tfShape(a), tfShape(b));
    }
    List<Long> batch = ElementwiseOps.broadcastShapeOrNull(a.shape().subList(0, ra - 2), b.shape().subList(0, rb - 2));
    if (batch == null) {
      throw ctx.fail("In[0] and In[1] must have compatible batch dimensions: %s vs. %s", tfShape(a), tfShape(b));
    }
    return new DenseType(a.dtype(), ImmutableList.<Long>builder().addAll(batch).add(m).add(n).build());
  }

  private static DenseType fusedType(OpContext ctx) {
    DenseType out = productType(ctx, ctx.dense(0), ctx.dense(1));
    DenseType bias = ctx.dense(2);
    long n = out.dim(out.rank() - 1);
    if (bias.dtype() != out.dtype() || bias.rank() != 1 || Dims.merge(bias.dim(0), n) == null) {
      throw ctx.fail("bias must be %s[%s], the product's dtype and last dimension, got %s", out.dtype(), Dims.format(n), bias);
    }
    Activation act;
    try {
      act = Activation.named((String) ctx.attributes().get("activation"));
    } catch (RuntimeException e) {
      throw ctx.fail("%s", e.getMessage());
    }
    if (!out.dtype().isFloating() && !act.takesIntegers()) {
      throw ctx.fail("%s is not defined on %s", act.mnemonic(), out.dtype());
    }
    return out;
  }

  /** A static shape as TF's DebugString prints it: {@code [2,3]}, {@code ?} for an unknown size. */
  static String tfShape(DenseType t) {
    return "[" + String.join(",", t.shape().stream().map(d -> d < 0 ? "?" : Long.toString(d)).toList()) + "]";
  }

  /** Whether {@code dtype} is one matmul takes (for the builder's messages). */
  public static boolean takes(DType dtype) {
    return DTYPES.contains(dtype);
  }
}
