package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.sparse.SparseAddKernels;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * {@code tf.sparse.add}: sparse + sparse ({@code sparse_add}, TF's {@code SparseAdd}, with its
 * magnitude threshold) and sparse + dense ({@code sparse_dense_add}, {@code SparseTensorDenseAdd});
 * {@code tf.sparse.maximum} and {@code minimum} ({@code SparseSparseMaximum/Minimum}).
 */
public final class SparseAddOps {
  private SparseAddOps() {}

  /** The dtypes TF's {@code SparseSparseMaximum/Minimum} kernels take (TF's sparse arithmetic's real dtypes). */
  public static final Set<DType> DTYPES =
      EnumSet.of(DType.INT8, DType.INT16, DType.INT32, DType.INT64, DType.FLOAT32, DType.FLOAT64);

  /** The dtypes TF's {@code SparseAdd} and {@code SparseTensorDenseAdd} kernels take: those and complex. */
  public static final Set<DType> ADD_DTYPES = EnumSet.of(DType.INT8, DType.INT16, DType.INT32, DType.INT64,
      DType.FLOAT32, DType.FLOAT64, DType.COMPLEX64, DType.COMPLEX128);

  public static final OpDef SPARSE_ADD =
      OpDef.builder("sparse_add")
          .summary("a + b of two sparse tensors of one shape, indices assumed in row-major order (as TF assumes); "
              + "where both store a value, the sum is kept only if threshold <= |sum|")
          .operands("a", "b")
          .attribute(AttrSpec.optional("threshold", AttrKind.FLOAT, 0.0))
          .traits(Trait.PURE)
          .type(ctx -> {
            SparseType a = ctx.sparse(0);
            SparseType b = ctx.sparse(1);
            checkDType(ctx, a.dtype(), b.dtype(), ADD_DTYPES);
            double t = (Double) ctx.attributes().get("threshold");
            if (a.dtype().isInteger() && t != Math.rint(t)) {
              throw ctx.fail("threshold %s is not a valid %s", t, a.dtype());
            }
            return new SparseType(a.dtype(), mergeShapes(ctx, a.shape(), b.shape()));
          })
          .kernel(SparseAddKernels.class, "add")
          // tf.sparse.add(tf.sparse.SparseTensor([[0, 1], [1, 0]], [1., 2.], [2, 2]),
          //               tf.sparse.SparseTensor([[0, 1], [1, 1]], [-1., 3.], [2, 2]))
          //   -> indices [[0, 1], [1, 0], [1, 1]], values [0., 2., 3.]
          .example("""
          %ai = constant() {value = tensor<int64>[2, 2] [[0, 1], [1, 0]]} : tensor<int64>[2, 2]
          %av = constant() {value = tensor<float32>[2] [1.0, 2.0]} : tensor<float32>[2]
          %bi = constant() {value = tensor<int64>[2, 2] [[0, 1], [1, 1]]} : tensor<int64>[2, 2]
          %bv = constant() {value = tensor<float32>[2] [-1.0, 3.0]} : tensor<float32>[2]
          %s = constant() {value = tensor<int64>[2] [2, 2]} : tensor<int64>[2]
          %a = sparse_tensor(%ai, %av, %s) {shape = [2, 2]} : sparse<float32>[2, 2]
          %b = sparse_tensor(%bi, %bv, %s) {shape = [2, 2]} : sparse<float32>[2, 2]
          %0 = sparse_add(%a, %b) : sparse<float32>[2, 2]
          return %0
              """, "SparseTensor(indices=[[0, 1], [1, 0], [1, 1]], values=[0.0, 2.0, 3.0], dense_shape=[2, 2])")
          .tfRawOps("SparseAdd").tfApi("tf.sparse.add")
          .build();

  public static final OpDef SPARSE_DENSE_ADD =
      OpDef.builder("sparse_dense_add")
          .summary("a + b of a sparse and a dense tensor of one shape (no broadcasting), dense; a repeated index adds each value")
          .operands("a", "b")
          .traits(Trait.PURE)
          .type(ctx -> {
            SparseType a = ctx.sparse(0);
            DenseType b = ctx.dense(1);
            checkDType(ctx, a.dtype(), b.dtype(), ADD_DTYPES);
            return new DenseType(a.dtype(), mergeShapes(ctx, a.shape(), b.shape()));
          })
          .kernel(SparseAddKernels.class, "denseAdd")
          // the seed's st plus ones: tf.sparse.add(st, tf.ones([3, 4], tf.int32))
          .example(SparseOps.SEED_ST + """
          %d = constant() {value = tensor<int32>[3, 4] [[1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1]]} : tensor<int32>[3, 4]
          %0 = sparse_dense_add(%st, %d) : tensor<int32>[3, 4]
          return %0
              """, "[[2, 1, 1, 1], [1, 1, 3, 1], [1, 1, 1, 1]]")
          .tfRawOps("SparseTensorDenseAdd").tfApi("tf.sparse.add")
          .build();

  /** tf.sparse.maximum's docstring operands: sp_zero = ([[0], [1]], [0, 0], [7]), sp_one = ([[1], [2]], [1, 1], [7]). */
  private static final String ZERO_ONE = """
          %zi = constant() {value = tensor<int64>[2, 1] [[0], [1]]} : tensor<int64>[2, 1]
          %zv = constant() {value = tensor<int32>[2] [0, 0]} : tensor<int32>[2]
          %oi = constant() {value = tensor<int64>[2, 1] [[1], [2]]} : tensor<int64>[2, 1]
          %ov = constant() {value = tensor<int32>[2] [1, 1]} : tensor<int32>[2]
          %s = constant() {value = tensor<int64>[1] [7]} : tensor<int64>[1]
          %zero = sparse_tensor(%zi, %zv, %s) {shape = [7]} : sparse<int32>[7]
          %one = sparse_tensor(%oi, %ov, %s) {shape = [7]} : sparse<int32>[7]
      """;

  public static final OpDef MAXIMUM = union("sparse_maximum", "maximum")
      // tf.sparse.maximum(sp_zero, sp_one) -> indices [[0], [1], [2]], values [0, 1, 1]
      .example(ZERO_ONE + """
          %0 = sparse_maximum(%zero, %one) : sparse<int32>[7]
          return %0
              """, "SparseTensor(indices=[[0], [1], [2]], values=[0, 1, 1], dense_shape=[7])")
      .tfRawOps("SparseSparseMaximum").tfApi("tf.sparse.maximum")
      .build();

  public static final OpDef MINIMUM = union("sparse_minimum", "minimum")
      // tf.sparse.minimum(sp_zero, sp_one) -> indices [[0], [1], [2]], values [0, 0, 0]
      .example(ZERO_ONE + """
          %0 = sparse_minimum(%zero, %one) : sparse<int32>[7]
          return %0
              """, "SparseTensor(indices=[[0], [1], [2]], values=[0, 0, 0], dense_shape=[7])")
      .tfRawOps("SparseSparseMinimum").tfApi("tf.sparse.minimum")
      .build();

  private static OpDef.Builder union(String mnemonic, String kernel) {
    return OpDef.builder(mnemonic)
        .summary("the elementwise " + kernel + " of two sparse tensors of one shape over the union of their entries "
            + "(a missing side is 0), indices assumed in row-major order as TF assumes")
        .operands("a", "b")
        .traits(Trait.PURE)
        .type(ctx -> {
          SparseType a = ctx.sparse(0);
          SparseType b = ctx.sparse(1);
          checkDType(ctx, a.dtype(), b.dtype());
          return new SparseType(a.dtype(), mergeShapes(ctx, a.shape(), b.shape()));
        })
        .kernel(SparseAddKernels.class, kernel);
  }

  static void checkDType(OpContext ctx, DType a, DType b) {
    checkDType(ctx, a, b, DTYPES);
  }

  static void checkDType(OpContext ctx, DType a, DType b, Set<DType> dtypes) {
    if (a != b) {
      throw ctx.fail("operands must have one dtype, got %s and %s", a, b);
    }
    if (!dtypes.contains(a)) {
      throw ctx.fail("%s is defined on %s, not on %s", ctx.op().mnemonic(), dtypes, a);
    }
  }

  /** Two static shapes that must be equal: their merge, or TF's error. */
  static ImmutableList<Long> mergeShapes(OpContext ctx, List<Long> a, List<Long> b) {
    if (a.size() != b.size()) {
      throw ctx.fail("Operands do not have the same ranks; got shapes: %s and %s", format(a), format(b));
    }
    ImmutableList.Builder<Long> out = ImmutableList.builder();
    for (int d = 0; d < a.size(); d++) {
      Long m = Dims.merge(a.get(d), b.get(d));
      if (m == null) {
        throw ctx.fail("Operands' shapes do not match: got %d and %d for dimension %d", a.get(d), b.get(d), d);
      }
      out.add(m);
    }
    return out.build();
  }

  static List<String> format(List<Long> shape) {
    return shape.stream().map(Dims::format).toList();
  }
}
