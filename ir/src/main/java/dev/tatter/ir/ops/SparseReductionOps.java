package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DTypeSet;
import dev.tatter.runtime.kernels.reduce.Reducer;
import dev.tatter.runtime.kernels.sparse.SparseReduceKernels;

/**
 * {@code tf.sparse.reduce_sum} and {@code tf.sparse.reduce_max} over the axes given (the builder
 * passes every axis for TF's {@code axis=None}; an empty list reduces none, as TF's kernel does),
 * with a dense result or, for the {@code _sparse} variants, a sparse one. Only stored values take
 * part; see {@link SparseReduceKernels}.
 */
public final class SparseReductionOps {
  private SparseReductionOps() {}

  /** The docstring's x = [[1, ?, 2], [?, 3, ?]]. */
  private static final String X = """
          %i = constant() {value = tensor<int64>[3, 2] [[0, 0], [0, 2], [1, 1]]} : tensor<int64>[3, 2]
          %v = constant() {value = tensor<int32>[3] [1, 2, 3]} : tensor<int32>[3]
          %s = constant() {value = tensor<int64>[2] [2, 3]} : tensor<int64>[2]
          %x = sparse_tensor(%i, %v, %s) {shape = [2, 3]} : sparse<int32>[2, 3]
      """;

  public static final OpDef REDUCE_SUM =
      dense("sparse_reduce_sum", Reducer.SUM)
          // tf.sparse.reduce_sum(x, 1) -> [3, 3]
          .example(X + """
          %0 = sparse_reduce_sum(%x) {axis = [1]} : tensor<int32>[2]
          return %0
              """, "[3, 3]")
          // tf.sparse.reduce_sum(x, 1, keepdims=True) -> [[3], [3]]
          .example(X + """
          %0 = sparse_reduce_sum(%x) {axis = [-1], keepdims = true} : tensor<int32>[2, 1]
          return %0
              """, "[[3], [3]]")
          // tf.sparse.reduce_sum(x) -> 6
          .example(X + """
          %0 = sparse_reduce_sum(%x) {axis = [0, 1]} : tensor<int32>[]
          return %0
              """, "6")
          .tfRawOps("SparseReduceSum").tfApi("tf.sparse.reduce_sum")
          .build();

  public static final OpDef REDUCE_MAX =
      dense("sparse_reduce_max", Reducer.MAX)
          // tf.sparse.reduce_max(x, 0) -> [1, 3, 2]
          .example(X + """
          %0 = sparse_reduce_max(%x) {axis = [0]} : tensor<int32>[3]
          return %0
              """, "[1, 3, 2]")
          .tfRawOps("SparseReduceMax").tfApi("tf.sparse.reduce_max")
          .build();

  public static final OpDef REDUCE_SUM_SPARSE =
      sparse("sparse_reduce_sum_sparse", Reducer.SUM)
          // tf.sparse.reduce_sum(x, 0, output_is_sparse=True): one entry per column holding a value
          .example(X + """
          %0 = sparse_reduce_sum_sparse(%x) {axis = [0]} : sparse<int32>[3]
          return %0
              """, "SparseTensor(indices=[[0], [1], [2]], values=[1, 3, 2], dense_shape=[3])")
          .tfRawOps("SparseReduceSumSparse").tfApi("tf.sparse.reduce_sum")
          .build();

  public static final OpDef REDUCE_MAX_SPARSE =
      sparse("sparse_reduce_max_sparse", Reducer.MAX)
          // tf.sparse.reduce_max(x, 1, keepdims=True, output_is_sparse=True)
          .example(X + """
          %0 = sparse_reduce_max_sparse(%x) {axis = [1], keepdims = true} : sparse<int32>[2, 1]
          return %0
              """, "SparseTensor(indices=[[0, 0], [1, 0]], values=[2, 3], dense_shape=[2, 1])")
          .tfRawOps("SparseReduceMaxSparse").tfApi("tf.sparse.reduce_max")
          .build();

  private static OpDef.Builder dense(String mnemonic, Reducer reducer) {
    return OpDef.builder(mnemonic)
        .summary("tf.sparse." + reducer.name().toLowerCase() + " over axis (keepdims keeps them as 1), dense; "
            + "only stored values take part, a position without any is 0")
        .operands("st")
        .attribute(AttrSpec.required("axis", AttrKind.INTS))
        .attribute(AttrSpec.optional("keepdims", AttrKind.BOOL, false))
        .traits(Trait.PURE)
        .type(ctx -> new DenseType(checked(ctx, reducer).dtype(), reducedShape(ctx)))
        .kernel(SparseReduceKernels.class, "reduce", reducer);
  }

  private static OpDef.Builder sparse(String mnemonic, Reducer reducer) {
    return OpDef.builder(mnemonic)
        .summary("tf.sparse." + reducer.name().toLowerCase() + " over axis (keepdims keeps them as 1), sparse: "
            + "one entry per group of stored values")
        .operands("st")
        .attribute(AttrSpec.required("axis", AttrKind.INTS))
        .attribute(AttrSpec.optional("keepdims", AttrKind.BOOL, false))
        .traits(Trait.PURE)
        .type(ctx -> {
          SparseType st = checked(ctx, reducer);
          ImmutableList<Long> shape = reducedShape(ctx);
          if (shape.isEmpty()) {
            throw ctx.fail("reducing every axis to a sparse result needs keepdims = true (a sparse tensor has rank >= 1)");
          }
          return new SparseType(st.dtype(), shape);
        })
        .kernel(SparseReduceKernels.class, "reduceSparse", reducer);
  }

  private static SparseType checked(OpContext ctx, Reducer reducer) {
    SparseType st = ctx.sparse(0);
    // TF registers SparseReduceSum/Max for every real number type (Sum for complex too)
    if (reducer == Reducer.SUM && st.dtype().isComplex()) {
      return st;
    }
    if (!DTypeSet.REAL.contains(st.dtype())) {
      throw ctx.fail("%s is defined on %s, not on %s", ctx.op().mnemonic(), DTypeSet.REAL, st.dtype());
    }
    return st;
  }

  private static ImmutableList<Long> reducedShape(OpContext ctx) {
    SparseType st = ctx.sparse(0);
    int rank = st.rank();
    boolean[] reduced = new boolean[rank];
    for (long a : SparseShapeOps.ints(ctx, "axis")) {
      if (a < -rank || a >= rank) {
        throw ctx.fail("Invalid reduction dimension %d, for input with %d dimensions.", a, rank);
      }
      reduced[(int) (a < 0 ? a + rank : a)] = true;
    }
    boolean keepdims = ctx.attributes().getBool("keepdims");
    ImmutableList.Builder<Long> shape = ImmutableList.builder();
    for (int d = 0; d < rank; d++) {
      if (!reduced[d]) {
        shape.add(st.dim(d));
      } else if (keepdims) {
        shape.add(1L);
      }
    }
    return shape.build();
  }
}
