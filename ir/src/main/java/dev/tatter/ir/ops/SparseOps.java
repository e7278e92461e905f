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
import dev.tatter.runtime.kernels.sparse.SparseKernels;
import java.util.List;

/**
 * Sparse tensors (TF's {@code tf.sparse.SparseTensor}): building one from its three parts, the
 * static shape ({@code set_shape}), reordering, new values, dense conversions, and {@code *} and
 * {@code /} by a dense tensor broadcast into the sparse one.
 */
public final class SparseOps {
  private SparseOps() {}

  /** The seed's {@code SparseTensor(indices=[[0, 0], [1, 2]], values=[1, 2], dense_shape=[3, 4])}. */
  static final String SEED_ST = """
          %i = constant() {value = tensor<int64>[2, 2] [[0, 0], [1, 2]]} : tensor<int64>[2, 2]
          %v = constant() {value = tensor<int32>[2] [1, 2]} : tensor<int32>[2]
          %s = constant() {value = tensor<int64>[2] [3, 4]} : tensor<int64>[2]
          %st = sparse_tensor(%i, %v, %s) {shape = [3, 4]} : sparse<int32>[3, 4]
      """;

  public static final OpDef SPARSE_TENSOR =
      OpDef.builder("sparse_tensor")
          .summary("SparseTensor(indices [N, ndims] int64, values [N], dense_shape [ndims] int64); "
              + "shape: the static dense shape (-1 = None), checked at run time; order not checked")
          .operands("indices", "values", "dense_shape")
          .attribute(AttrSpec.optional("shape", AttrKind.INTS, ImmutableList.of()))
          .traits(Trait.PURE)
          .type(ctx -> {
            DenseType indices = ctx.dense(0, DType.INT64);
            DenseType values = ctx.dense(1);
            DenseType shape = ctx.dense(2, DType.INT64);
            if (indices.rank() != 2) {
              throw ctx.fail("indices must be a matrix [N, ndims], got %s", indices);
            }
            if (values.rank() != 1) {
              throw ctx.fail("values must be a vector [N], got %s", values);
            }
            if (shape.rank() != 1) {
              throw ctx.fail("dense_shape must be a vector [ndims], got %s", shape);
            }
            if (Dims.merge(indices.dim(0), values.dim(0)) == null) {
              throw ctx.fail("indices has %d rows but values has %d elements", indices.dim(0), values.dim(0));
            }
            Long ndims = Dims.merge(indices.dim(1), shape.dim(0));
            if (ndims == null) {
              throw ctx.fail("indices has %d columns but dense_shape has %d dims", indices.dim(1), shape.dim(0));
            }
            List<?> given = (List<?>) ctx.attributes().get("shape");
            if (given.isEmpty()) {
              if (!Dims.isKnown(ndims) || ndims == 0) {
                throw ctx.fail("the rank of a sparse tensor must be known when the graph is built; give a shape");
              }
              return new SparseType(values.dtype(), ImmutableList.copyOf(java.util.Collections.nCopies(ndims.intValue(), Dims.UNKNOWN)));
            }
            if (Dims.isKnown(ndims) && ndims != given.size()) {
              throw ctx.fail("shape %s has rank %d but dense_shape has %d dims", given, given.size(), ndims);
            }
            return new SparseType(values.dtype(), shapeAttr(ctx, given));
          })
          .kernel(SparseKernels.class, "sparseTensor")
          .example(SEED_ST + """
          return %st
              """, "SparseTensor(indices=[[0, 0], [1, 2]], values=[1, 2], dense_shape=[3, 4])")
          .tfApi("tf.sparse.SparseTensor")
          .build();

  public static final OpDef SET_SHAPE =
      OpDef.builder("sparse_set_shape")
          .summary("st with its static shape merged with shape (-1 = None); incompatible shapes are an error")
          .operands("st")
          .attribute(AttrSpec.required("shape", AttrKind.INTS))
          .traits(Trait.PURE)
          .type(ctx -> {
            SparseType st = ctx.sparse(0);
            List<?> given = (List<?>) ctx.attributes().get("shape");
            ImmutableList<Long> shape = shapeAttr(ctx, given);
            ImmutableList.Builder<Long> merged = ImmutableList.builder();
            for (int d = 0; d < shape.size() && shape.size() == st.rank(); d++) {
              Long m = Dims.merge(st.dim(d), shape.get(d));
              if (m == null) {
                break;
              }
              merged.add(m);
            }
            ImmutableList<Long> out = merged.build();
            if (out.size() != st.rank() || shape.size() != st.rank()) {
              throw ctx.fail("Tensor's shape %s is not compatible with supplied shape %s", st.tfShape(),
                  shape.stream().map(Dims::format).toList());
            }
            return new SparseType(st.dtype(), out);
          })
          .kernel(SparseKernels.class, "setShape")
          .example(SEED_ST + """
          %0 = sparse_set_shape(%st) {shape = [3, -1]} : sparse<int32>[3, 4]
          return %0
              """, "SparseTensor(indices=[[0, 0], [1, 2]], values=[1, 2], dense_shape=[3, 4])")
          .tfApi("tf.sparse.SparseTensor.set_shape")
          .build();

  public static final OpDef REORDER =
      OpDef.builder("sparse_reorder")
          .summary("the same entries with indices sorted in row-major order (tf.sparse.reorder)")
          .operands("st")
          .traits(Trait.PURE)
          .type(ctx -> ctx.sparse(0))
          .kernel(SparseKernels.class, "reorder")
          .example("""
          %i = constant() {value = tensor<int64>[3, 2] [[1, 2], [0, 3], [0, 1]]} : tensor<int64>[3, 2]
          %v = constant() {value = tensor<float32>[3] [1.0, 2.0, 3.0]} : tensor<float32>[3]
          %s = constant() {value = tensor<int64>[2] [3, 4]} : tensor<int64>[2]
          %st = sparse_tensor(%i, %v, %s) {shape = [3, 4]} : sparse<float32>[3, 4]
          %0 = sparse_reorder(%st) : sparse<float32>[3, 4]
          return %0
              """, "SparseTensor(indices=[[0, 1], [0, 3], [1, 2]], values=[3.0, 2.0, 1.0], dense_shape=[3, 4])")
          .tfRawOps("SparseReorder").tfApi("tf.sparse.reorder")
          .build();

  public static final OpDef WITH_VALUES =
      OpDef.builder("sparse_with_values")
          .summary("the same indices and dense shape with new values (N of them)")
          .operands("st", "values")
          .traits(Trait.PURE)
          .type(ctx -> {
            SparseType st = ctx.sparse(0);
            DenseType values = ctx.dense(1);
            if (values.rank() != 1) {
              throw ctx.fail("new values must be a vector, got %s", values);
            }
            return new SparseType(values.dtype(), st.shape());
          })
          .kernel(SparseKernels.class, "withValues")
          // the seed: tf.sparse.to_dense(st.with_values([10, 20, 30, 40]))
          .example("""
          %t = constant() {value = tensor<int32>[2, 4] [[1, 0, 2, 0], [3, 0, 0, 4]]} : tensor<int32>[2, 4]
          %st = sparse_from_dense(%t) : sparse<int32>[2, 4]
          %v = constant() {value = tensor<int32>[4] [10, 20, 30, 40]} : tensor<int32>[4]
          %0 = sparse_with_values(%st, %v) : sparse<int32>[2, 4]
          %z = constant() {value = tensor<int32>[] 0} : tensor<int32>[]
          %1 = sparse_to_dense(%0, %z) : tensor<int32>[2, 4]
          return %1
              """, "[[10, 0, 20, 0], [30, 0, 0, 40]]")
          .tfApi("tf.sparse.SparseTensor.with_values")
          .build();

  public static final OpDef TO_DENSE =
      OpDef.builder("sparse_to_dense")
          .summary("the dense tensor: default_value except at the indices; validate_indices refuses unordered or repeated "
              + "indices (else the last of repeated ones is kept); out-of-range indices are errors")
          .operands("st", "default_value")
          .attribute(AttrSpec.optional("validate_indices", AttrKind.BOOL, true))
          .traits(Trait.PURE)
          .type(ctx -> {
            SparseType st = ctx.sparse(0);
            DenseType dv = ctx.dense(1);
            if (dv.rank() != 0 || dv.dtype() != st.dtype()) {
              throw ctx.fail("default_value must be a %s scalar, got %s", st.dtype(), dv);
            }
            for (int d = 0; d < st.shape().size(); d++) {
              if (st.shape().get(d) > dev.tatter.runtime.Sizes.MAX_ELEMENTS) {
                throw ctx.fail("dense shape %s: dimension %d is %d, more than a tensor dimension can hold (%d)",
                    st.shape(), d, st.shape().get(d), dev.tatter.runtime.Sizes.MAX_ELEMENTS);
              }
            }
            return new DenseType(st.dtype(), st.shape());
          })
          .kernel(SparseKernels.class, "toDense")
          .example(SEED_ST + """
          %z = constant() {value = tensor<int32>[] 0} : tensor<int32>[]
          %0 = sparse_to_dense(%st, %z) : tensor<int32>[3, 4]
          return %0
              """, "[[1, 0, 0, 0], [0, 0, 2, 0], [0, 0, 0, 0]]")
          // tf.sparse.to_dense(tf.sparse.SparseTensor([[1, 2], [0, 0]], [2, 1], [3, 4]), validate_indices=False)
          //   -> [[1, 0, 0, 0], [0, 0, 2, 0], [0, 0, 0, 0]] (with validate_indices=True: "indices[1] = [0,0] is out of order")
          .example("""
          %i = constant() {value = tensor<int64>[2, 2] [[1, 2], [0, 0]]} : tensor<int64>[2, 2]
          %v = constant() {value = tensor<int32>[2] [2, 1]} : tensor<int32>[2]
          %s = constant() {value = tensor<int64>[2] [3, 4]} : tensor<int64>[2]
          %st = sparse_tensor(%i, %v, %s) {shape = [3, 4]} : sparse<int32>[3, 4]
          %z = constant() {value = tensor<int32>[] 0} : tensor<int32>[]
          %0 = sparse_to_dense(%st, %z) {validate_indices = false} : tensor<int32>[3, 4]
          return %0
              """, "[[1, 0, 0, 0], [0, 0, 2, 0], [0, 0, 0, 0]]")
          .tfRawOps("SparseToDense").tfApi("tf.sparse.to_dense")
          .build();

  public static final OpDef FROM_DENSE =
      OpDef.builder("sparse_from_dense")
          .summary("the non-zero entries of a dense tensor (tf.sparse.from_dense)")
          .operands("tensor")
          .traits(Trait.PURE)
          .type(ctx -> {
            DenseType t = ctx.dense(0);
            if (t.rank() == 0) {
              throw ctx.fail("from_dense needs a tensor of rank >= 1, got %s", t);
            }
            return new SparseType(t.dtype(), t.shape());
          })
          .kernel(SparseKernels.class, "fromDense")
          .example("""
          %t = constant() {value = tensor<int32>[2, 4] [[1, 0, 2, 0], [3, 0, 0, 4]]} : tensor<int32>[2, 4]
          %0 = sparse_from_dense(%t) : sparse<int32>[2, 4]
          return %0
              """, "SparseTensor(indices=[[0, 0], [0, 2], [1, 0], [1, 3]], values=[1, 2, 3, 4], dense_shape=[2, 4])")
          .tfApi("tf.sparse.from_dense")
          .build();

  public static final OpDef MUL_DENSE =
      sparseDenseOp("sparse_dense_mul", "sparse * dense, the dense operand broadcast into the sparse one; implicit zeros stay zero", "mulDense")
          .example(SEED_ST + """
          %d = constant() {value = tensor<int32>[4] [10, 20, 30, 40]} : tensor<int32>[4]
          %0 = sparse_dense_mul(%st, %d) : sparse<int32>[3, 4]
          return %0
              """, "SparseTensor(indices=[[0, 0], [1, 2]], values=[10, 60], dense_shape=[3, 4])")
          .tfRawOps("SparseDenseCwiseMul").tfApi("tf.sparse.SparseTensor.__mul__")
          .build();

  public static final OpDef CWISE_ADD_DENSE =
      sparseDenseOp("sparse_dense_cwise_add", "sparse + dense with a sparse result: each stored value plus the dense value "
              + "at its index, the dense operand broadcast into the sparse one; implicit zeros stay implicit", "addDense")
          // tf.raw_ops.SparseDenseCwiseAdd(sp_indices=st.indices, sp_values=st.values, sp_shape=st.dense_shape,
          //   dense=[10, 20, 30, 40]) -> values [11, 32] at st's indices
          .example(SEED_ST + """
          %d = constant() {value = tensor<int32>[4] [10, 20, 30, 40]} : tensor<int32>[4]
          %0 = sparse_dense_cwise_add(%st, %d) : sparse<int32>[3, 4]
          return %0
              """, "SparseTensor(indices=[[0, 0], [1, 2]], values=[11, 32], dense_shape=[3, 4])")
          .tfRawOps("SparseDenseCwiseAdd").tfApi("tf.raw_ops.SparseDenseCwiseAdd")
          .build();

  public static final OpDef DIV_DENSE =
      sparseDenseOp("sparse_dense_div", "sparse / dense, the dense operand broadcast into the sparse one; integers truncate; "
              + "a zero divisor at a stored entry is an error (any dtype, as TF's SparseDenseCwiseDiv)", "divDense")
          // st / [[4.], [-8.], [0.]]: the 0 divides no stored entry, so it is fine (TF's SparseDenseCwiseDiv)
          .example("""
          %i = constant() {value = tensor<int64>[2, 2] [[0, 0], [1, 2]]} : tensor<int64>[2, 2]
          %v = constant() {value = tensor<float32>[2] [1.0, 2.0]} : tensor<float32>[2]
          %s = constant() {value = tensor<int64>[2] [3, 4]} : tensor<int64>[2]
          %st = sparse_tensor(%i, %v, %s) {shape = [3, 4]} : sparse<float32>[3, 4]
          %d = constant() {value = tensor<float32>[3, 1] [[4.0], [-8.0], [0.0]]} : tensor<float32>[3, 1]
          %0 = sparse_dense_div(%st, %d) : sparse<float32>[3, 4]
          return %0
              """, "SparseTensor(indices=[[0, 0], [1, 2]], values=[0.25, -0.25], dense_shape=[3, 4])")
          .tfRawOps("SparseDenseCwiseDiv").tfApi("tf.sparse.SparseTensor.__div__", "tf.sparse.SparseTensor.__truediv__")
          .build();

  private static OpDef.Builder sparseDenseOp(String mnemonic, String summary, String kernel) {
    return OpDef.builder(mnemonic)
        .summary(summary)
        .operands("st", "dense")
        .traits(Trait.PURE)
        .type(ctx -> {
          SparseType st = ctx.sparse(0);
          DenseType dense = ctx.dense(1);
          if (dense.dtype() != st.dtype()) {
            throw ctx.fail("operands must have one dtype, got %s and %s", st.dtype(), dense.dtype());
          }
          if (!st.dtype().isNumeric()) {
            throw ctx.fail("%s is not defined on %s", mnemonic, st.dtype());
          }
          int offset = st.rank() - dense.rank();
          for (int d = 0; d < dense.rank() && offset >= 0; d++) {
            long dd = dense.dim(d);
            // TF's check: equal dims, or a dense 1 against a sparse dim of at least 1
            if (dd == 1 ? st.dim(offset + d) == 0 : Dims.merge(dd, st.dim(offset + d)) == null) {
              offset = -1;
            }
          }
          if (offset < 0) {
            throw ctx.fail("cannot broadcast the dense shape %s into the sparse shape %s (only dense into sparse)",
                dense.shape(), st.shape());
          }
          return st;
        })
        .kernel(SparseKernels.class, kernel);
  }

  /** A {@code shape} attribute (Longs, -1 for None) as static dims; other negatives are an error. */
  static ImmutableList<Long> shapeAttr(OpContext ctx, List<?> given) {
    ImmutableList.Builder<Long> out = ImmutableList.builder();
    for (Object o : given) {
      long d = (Long) o;
      if (d < Dims.UNKNOWN) {
        throw ctx.fail("shape %s has a negative dimension %d", given, d);
      }
      out.add(d);
    }
    return out.build();
  }
}
