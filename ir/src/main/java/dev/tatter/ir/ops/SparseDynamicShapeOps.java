package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.sparse.SparseShapeKernels;
import java.util.Optional;

/**
 * {@code tf.sparse.reshape} and {@code tf.sparse.slice} whose shape, start and size are values
 * computed by the graph (int64 vectors, as TF's SparseReshape and SparseSlice take them), where
 * {@link SparseShapeOps}' forms take attributes. The result's rank must be known when the graph
 * is built (the new shape's length); its dims are those of a constant shape, else unknown.
 */
public final class SparseDynamicShapeOps {
  private SparseDynamicShapeOps() {}

  public static final OpDef RESHAPE =
      OpDef.builder("sparse_reshape_dynamic")
          .summary("sparse_reshape to a shape computed at run time (an int64 vector of static length; one dim may be -1)")
          .operands("st", "shape")
          .traits(Trait.PURE)
          .type(ctx -> {
            SparseType st = ctx.sparse(0);
            DenseType shape = ctx.dense(1, DType.INT64);
            if (shape.rank() != 1) {
              throw ctx.fail("Target shape should be a vector, got %s", shape);
            }
            if (!Dims.isKnown(shape.dim(0)) || shape.dim(0) == 0) {
              throw ctx.fail("the new shape's length must be known and >= 1 when the graph is built (it is the result's "
                  + "rank), got %s", shape);
            }
            Optional<Tensor> constant = ctx.constant(1);
            ImmutableList.Builder<Long> dims = ImmutableList.builder();
            for (int d = 0; d < shape.dim(0); d++) {
              long v = constant.isPresent() ? constant.get().getLong(d) : Dims.UNKNOWN;
              dims.add(v >= 0 ? v : Dims.UNKNOWN);
            }
            return new SparseType(st.dtype(), dims.build());
          })
          .kernel(SparseShapeKernels.class, "reshapeDynamic")
          // the docstring's tf.sparse.reshape of shape [2, 3, 6] to [9, -1], the shape a value
          .example("""
          %i = constant() {value = tensor<int64>[5, 3] [[0, 0, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0], [1, 2, 3]]} : tensor<int64>[5, 3]
          %v = constant() {value = tensor<int32>[5] [1, 2, 3, 4, 5]} : tensor<int32>[5]
          %s = constant() {value = tensor<int64>[3] [2, 3, 6]} : tensor<int64>[3]
          %st = sparse_tensor(%i, %v, %s) {shape = [2, 3, 6]} : sparse<int32>[2, 3, 6]
          %to = constant() {value = tensor<int64>[2] [9, -1]} : tensor<int64>[2]
          %0 = sparse_reshape_dynamic(%st, %to) : sparse<int32>[9, None]
          return %0
              """, "SparseTensor(indices=[[0, 0], [0, 1], [1, 2], [4, 2], [8, 1]], values=[1, 2, 3, 4, 5], dense_shape=[9, 4])")
          .tfRawOps("SparseReshape").tfApi("tf.sparse.reshape")
          .build();

  public static final OpDef SLICE =
      OpDef.builder("sparse_slice_dynamic")
          .summary("sparse_slice with start and size computed at run time (int64 vectors, one entry per dim)")
          .operands("st", "start", "size")
          .traits(Trait.PURE)
          .type(ctx -> {
            SparseType st = ctx.sparse(0);
            for (int i = 1; i <= 2; i++) {
              DenseType v = ctx.dense(i, DType.INT64);
              String name = i == 1 ? "start" : "size";
              if (v.rank() != 1) {
                throw ctx.fail("Input %s should be a vector, got %s", name, v);
              }
              if (Dims.isKnown(v.dim(0)) && v.dim(0) != st.rank()) {
                throw ctx.fail("Expected %s to be a vector of length %d, got %d", name, st.rank(), v.dim(0));
              }
            }
            return new SparseType(st.dtype(), java.util.Collections.nCopies(st.rank(), Dims.UNKNOWN));
          })
          .kernel(SparseShapeKernels.class, "sliceDynamic")
          // tf.sparse.slice(a, start=[0, 1], size=[2, 2]) of a [2, 3] tensor, start and size values
          .example("""
          %i = constant() {value = tensor<int64>[3, 2] [[0, 0], [0, 2], [1, 1]]} : tensor<int64>[3, 2]
          %v = constant() {value = tensor<int32>[3] [1, 2, 3]} : tensor<int32>[3]
          %s = constant() {value = tensor<int64>[2] [2, 3]} : tensor<int64>[2]
          %a = sparse_tensor(%i, %v, %s) {shape = [2, 3]} : sparse<int32>[2, 3]
          %start = constant() {value = tensor<int64>[2] [0, 1]} : tensor<int64>[2]
          %size = constant() {value = tensor<int64>[2] [2, 2]} : tensor<int64>[2]
          %0 = sparse_slice_dynamic(%a, %start, %size) : sparse<int32>[None, None]
          return %0
              """, "SparseTensor(indices=[[0, 1], [1, 0]], values=[2, 3], dense_shape=[2, 2])")
          .tfRawOps("SparseSlice").tfApi("tf.sparse.slice")
          .build();
}
