package dev.tatter.ir.ops;

import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.sparse.SparseMatmulKernels;
import java.util.EnumSet;
import java.util.Set;

/**
 * Sparse-dense matrix products: TF's {@code tf.sparse.sparse_dense_matmul(sp_a, b, adjoint_a,
 * adjoint_b)} (kernel {@code SparseTensorDenseMatMul}).
 */
public final class SparseMatmulOps {
  private SparseMatmulOps() {}

  /** The dtypes TF's kernel takes that Tatter has (TF also takes half and complex). */
  public static final Set<DType> DTYPES = EnumSet.of(DType.INT32, DType.INT64, DType.FLOAT32, DType.FLOAT64);

  public static final OpDef SPARSE_DENSE_MATMUL =
      OpDef.builder("sparse_dense_matmul")
          .summary("a 2-D sparse tensor times a dense matrix, [m, k] x [k, n] -> [m, n]; adjoint_a/adjoint_b "
              + "transpose an operand first; indices in any order, each checked against the shape")
          .operands("sp_a", "b")
          .attribute(AttrSpec.optional("adjoint_a", AttrKind.BOOL, false))
          .attribute(AttrSpec.optional("adjoint_b", AttrKind.BOOL, false))
          .traits(Trait.PURE)
          .type(ctx -> {
            SparseType a = ctx.sparse(0);
            DenseType b = ctx.dense(1);
            if (a.rank() != 2 || b.rank() != 2) {
              throw ctx.fail("both operands must be matrices, got %s and %s", a, b);
            }
            if (a.dtype() != b.dtype()) {
              throw ctx.fail("operands must have one dtype, got %s and %s", a.dtype(), b.dtype());
            }
            if (!DTYPES.contains(a.dtype())) {
              throw ctx.fail("sparse_dense_matmul is defined on %s, not on %s", DTYPES, a.dtype());
            }
            boolean adjointA = ctx.attributes().getBool("adjoint_a");
            boolean adjointB = ctx.attributes().getBool("adjoint_b");
            long innerA = a.dim(adjointA ? 0 : 1);
            long innerB = b.dim(adjointB ? 1 : 0);
            if (Dims.merge(innerA, innerB) == null) {
              throw ctx.fail("inner dimensions differ: %s%s x %s%s", a, adjointA ? " (adjoint)" : "", b,
                  adjointB ? " (adjoint)" : "");
            }
            return DenseType.of(a.dtype(), a.dim(adjointA ? 1 : 0), b.dim(adjointB ? 0 : 1));
          })
          .kernel(SparseMatmulKernels.class, "sparseDenseMatmul")
          // [[1, 0, 0, 0], [0, 0, 2, 0], [0, 0, 0, 0]] x [[1, 2], [3, 4], [5, 6], [7, 8]]
          .example("""
          %i = constant() {value = tensor<int64>[2, 2] [[0, 0], [1, 2]]} : tensor<int64>[2, 2]
          %v = constant() {value = tensor<float32>[2] [1.0, 2.0]} : tensor<float32>[2]
          %s = constant() {value = tensor<int64>[2] [3, 4]} : tensor<int64>[2]
          %st = sparse_tensor(%i, %v, %s) {shape = [3, 4]} : sparse<float32>[3, 4]
          %b = constant() {value = tensor<float32>[4, 2] [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]} : tensor<float32>[4, 2]
          %0 = sparse_dense_matmul(%st, %b) : tensor<float32>[3, 2]
          return %0
              """, "[[1.0, 2.0], [10.0, 12.0], [0.0, 0.0]]")
          // sp_a transposed: [4, 3] x [3, 2]
          .example(SparseOps.SEED_ST + """
          %b = constant() {value = tensor<int32>[3, 2] [[1, 2], [3, 4], [5, 6]]} : tensor<int32>[3, 2]
          %0 = sparse_dense_matmul(%st, %b) {adjoint_a = true} : tensor<int32>[4, 2]
          return %0
              """, "[[1, 2], [0, 0], [6, 8], [0, 0]]")
          .tfRawOps("SparseTensorDenseMatMul").tfApi("tf.sparse.sparse_dense_matmul")
          .build();

}
