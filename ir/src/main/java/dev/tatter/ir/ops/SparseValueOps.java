package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.sparse.SparseValueKernels;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code tf.sparse.softmax}, {@code tf.sparse.to_indicator} and {@code tf.sparse.bincount}: new
 * values from a sparse tensor's stored entries (see {@link SparseValueKernels}); bincount also of
 * a dense or ragged tensor, with a sparse result ({@code dense_count_sparse_output},
 * {@code ragged_count_sparse_output}: {@link dev.tatter.runtime.kernels.sparse.SparseCountKernels}).
 */
public final class SparseValueOps {
  private SparseValueOps() {}

  public static final OpDef SPARSE_SOFTMAX =
      OpDef.builder("sparse_softmax")
          .summary("softmax over the stored values of each row (all but the last coordinate), implicit zeros taking "
              + "no part; float32/float64, rank >= 2, indices in row-major order as TF requires")
          .operands("st")
          .traits(Trait.PURE)
          .type(ctx -> {
            SparseType st = ctx.sparse(0);
            if (st.dtype() != DType.FLOAT32 && st.dtype() != DType.FLOAT64) {
              throw ctx.fail("sparse_softmax is defined on float32 and float64 (TF's kernels), not on %s", st.dtype());
            }
            if (st.rank() < 2) {
              throw ctx.fail("Input should have rank >= 2, but received shape: %s", st.shape());
            }
            return st;
          })
          .kernel(SparseValueKernels.class, "softmax")
          // the docstring's sp = [[e, 0], [e, e]] (e = exp(1) ~ 2.718): tf.sparse.softmax(sp) -> [[1, 0], [.5, .5]]
          .example("""
              %i = constant() {value = tensor<int64>[3, 2] [[0, 0], [1, 0], [1, 1]]} : tensor<int64>[3, 2]
              %v = constant() {value = tensor<float64>[3] [2.718281828459045, 2.718281828459045, 2.718281828459045]} : tensor<float64>[3]
              %s = constant() {value = tensor<int64>[2] [2, 2]} : tensor<int64>[2]
              %st = sparse_tensor(%i, %v, %s) {shape = [2, 2]} : sparse<float64>[2, 2]
              %0 = sparse_softmax(%st) : sparse<float64>[2, 2]
              return %0
              """, "SparseTensor(indices=[[0, 0], [1, 0], [1, 1]], values=[1.0, 0.5, 0.5], dense_shape=[2, 2])")
          .tfRawOps("SparseSoftmax").tfApi("tf.sparse.softmax")
          .build();

  public static final OpDef SPARSE_TO_INDICATOR =
      OpDef.builder("sparse_to_indicator")
          .summary("a dense bool tensor, the last dimension replaced by vocab_size: true at [index[:-1], id] for each "
              + "stored id (tf.sparse.to_indicator)")
          .operands("st")
          .attribute(AttrSpec.required("vocab_size", AttrKind.INT))
          .traits(Trait.PURE)
          .type(ctx -> {
            SparseType st = ctx.sparse(0);
            if (st.dtype() != DType.INT32 && st.dtype() != DType.INT64) {
              throw ctx.fail("sp_input must hold int32 or int64 ids, got %s", st.dtype());
            }
            long vocab = ctx.attributes().getInt("vocab_size");
            if (vocab < 0) {
              throw ctx.fail("vocab_size must be >= 0, got %d", vocab);
            }
            if (vocab > dev.tatter.runtime.Sizes.MAX_ELEMENTS) {
              throw ctx.fail("vocab_size %d is more than a tensor dimension can hold (%d)", vocab, dev.tatter.runtime.Sizes.MAX_ELEMENTS);
            }
            List<Long> shape = new ArrayList<>(st.shape());
            shape.set(shape.size() - 1, vocab);
            return new DenseType(DType.BOOL, ImmutableList.copyOf(shape));
          })
          .kernel(SparseValueKernels.class, "toIndicator")
          // the docstring: sp_input [2, 3, 4] with ids at [0,0,0]: 0, [0,1,0]: 10, [1,0,3]: 103 ... (here vocab_size 4, ids < 4):
          // tf.sparse.to_indicator(SparseTensor([[0, 0], [0, 1], [1, 0]], [3, 1, 3], [2, 2]), 4)
          //   -> [[False, True, False, True], [False, False, False, True]]
          .example("""
              %i = constant() {value = tensor<int64>[3, 2] [[0, 0], [0, 1], [1, 0]]} : tensor<int64>[3, 2]
              %v = constant() {value = tensor<int64>[3] [3, 1, 3]} : tensor<int64>[3]
              %s = constant() {value = tensor<int64>[2] [2, 2]} : tensor<int64>[2]
              %st = sparse_tensor(%i, %v, %s) {shape = [2, 2]} : sparse<int64>[2, 2]
              %0 = sparse_to_indicator(%st) {vocab_size = 4} : tensor<bool>[2, 4]
              return %0
              """, "[[False, True, False, True], [False, False, False, True]]")
          .tfApi("tf.sparse.to_indicator")
          .build();

  public static final OpDef SPARSE_BINCOUNT =
      OpDef.builder("sparse_bincount")
          .summary("tf.sparse.bincount: counts (or summed weights, or 1 with binary_output) of each value, a sparse result; "
              + "axis 0 over all values, axis -1 per batch (the first coordinate); weights empty or one per value")
          .operands("values", "weights")
          .attribute(AttrSpec.optional("minlength", AttrKind.INT, -1L))
          .attribute(AttrSpec.optional("maxlength", AttrKind.INT, -1L))
          .attribute(AttrSpec.optional("binary_output", AttrKind.BOOL, false))
          .attribute(AttrSpec.optional("axis", AttrKind.INT, 0L))
          .traits(Trait.PURE)
          .type(ctx -> {
            SparseType st = ctx.sparse(0);
            DenseType weights = ctx.dense(1, DType.INT32, DType.INT64, DType.FLOAT32, DType.FLOAT64);
            if (weights.rank() != 1) {
              throw ctx.fail("weights must be a vector (empty, or one weight per value), got %s", weights);
            }
            boolean perRow = countAttributes(ctx, st.dtype(), weights.dtype(), weights.shape().get(0) == 0);
            long bins = bins(ctx);
            ImmutableList<Long> shape = perRow && st.rank() > 1 ? ImmutableList.of(st.dim(0), bins) : ImmutableList.of(bins);
            return new SparseType(weights.dtype(), shape);
          })
          .kernel(SparseValueKernels.class, "bincount")
          // the docstring: data = [[10, 20, 30, 20], [11, 101, 11, 10001]] as sparse, tf.sparse.bincount(data, axis=-1) ->
          //   indices [[0, 10], [0, 20], [0, 30], [1, 11], [1, 101], [1, 10001]], values [1, 2, 1, 2, 1, 1], dense_shape [2, 10002]
          .example("""
              %i = constant() {value = tensor<int64>[8, 2] [[0, 0], [0, 1], [0, 2], [0, 3], [1, 0], [1, 1], [1, 2], [1, 3]]} : tensor<int64>[8, 2]
              %v = constant() {value = tensor<int64>[8] [10, 20, 30, 20, 11, 101, 11, 10001]} : tensor<int64>[8]
              %s = constant() {value = tensor<int64>[2] [2, 4]} : tensor<int64>[2]
              %st = sparse_tensor(%i, %v, %s) {shape = [2, 4]} : sparse<int64>[2, 4]
              %w = constant() {value = tensor<int64>[0] []} : tensor<int64>[0]
              %0 = sparse_bincount(%st, %w) {axis = -1} : sparse<int64>[2, None]
              return %0
              """, "SparseTensor(indices=[[0, 10], [0, 20], [0, 30], [1, 11], [1, 101], [1, 10001]], values=[1, 2, 1, 2, 1, 1], "
                  + "dense_shape=[2, 10002])")
          .tfRawOps("SparseCountSparseOutput").tfApi("tf.sparse.bincount")
          .build();

  public static final OpDef DENSE_COUNT_SPARSE_OUTPUT =
      OpDef.builder("dense_count_sparse_output")
          .summary("tf.sparse.bincount of a dense tensor (TF's DenseCountSparseOutput): a sparse result; axis 0 counts all "
              + "values, axis -1 each row of a matrix; weights empty or of the values' shape")
          .operands("values", "weights")
          .attribute(AttrSpec.optional("minlength", AttrKind.INT, -1L))
          .attribute(AttrSpec.optional("maxlength", AttrKind.INT, -1L))
          .attribute(AttrSpec.optional("binary_output", AttrKind.BOOL, false))
          .attribute(AttrSpec.optional("axis", AttrKind.INT, 0L))
          .traits(Trait.PURE)
          .type(ctx -> {
            DenseType values = ctx.dense(0);
            DenseType weights = ctx.dense(1, DType.INT32, DType.INT64, DType.FLOAT32, DType.FLOAT64);
            boolean perRow = countAttributes(ctx, values.dtype(), weights.dtype(), weights.rank() == 1 && weights.shape().get(0) == 0);
            if (perRow && values.rank() != 1 && values.rank() != 2) {
              throw ctx.fail("Input must be a 1 or 2-dimensional tensor. Got: [%s]",
                  String.join(",", values.shape().stream().map(String::valueOf).toList()));
            }
            long bins = bins(ctx);
            return new SparseType(weights.dtype(), perRow && values.rank() == 2 ? ImmutableList.of(values.dim(0), bins) : ImmutableList.of(bins));
          })
          .kernel(dev.tatter.runtime.kernels.sparse.SparseCountKernels.class, "denseCount")
          // tf.sparse.bincount([[1, 2, 3, 2], [1, 3, 1, 5]], axis=-1) ->
          //   indices [[0, 1], [0, 2], [0, 3], [1, 1], [1, 3], [1, 5]], values [1, 2, 1, 2, 1, 1], dense_shape [2, 6]
          .example("""
              %v = constant() {value = tensor<int32>[2, 4] [[1, 2, 3, 2], [1, 3, 1, 5]]} : tensor<int32>[2, 4]
              %w = constant() {value = tensor<int32>[0] []} : tensor<int32>[0]
              %0 = dense_count_sparse_output(%v, %w) {axis = -1} : sparse<int32>[2, None]
              return %0
              """, "SparseTensor(indices=[[0, 1], [0, 2], [0, 3], [1, 1], [1, 3], [1, 5]], values=[1, 2, 1, 2, 1, 1], "
                  + "dense_shape=[2, 6])")
          .tfRawOps("DenseCountSparseOutput").tfApi("tf.sparse.bincount")
          .build();

  public static final OpDef RAGGED_COUNT_SPARSE_OUTPUT =
      OpDef.builder("ragged_count_sparse_output")
          .summary("tf.sparse.bincount of a ragged tensor of ragged rank 1 (TF's RaggedCountSparseOutput): a sparse result; "
              + "axis -1 counts each row, axis 0 all values; weights empty or ragged with the same row splits")
          .operands("values", "weights")
          .attribute(AttrSpec.optional("minlength", AttrKind.INT, -1L))
          .attribute(AttrSpec.optional("maxlength", AttrKind.INT, -1L))
          .attribute(AttrSpec.optional("binary_output", AttrKind.BOOL, false))
          .attribute(AttrSpec.optional("axis", AttrKind.INT, 0L))
          .traits(Trait.PURE)
          .type(ctx -> {
            dev.tatter.ir.types.RaggedType values = ctx.ragged(0);
            if (values.raggedRank() != 1 || values.flatValuesShape().size() != 1) {
              throw ctx.fail("tf.sparse.bincount takes a ragged tensor of ragged rank 1 with 1-D flat values, got %s", values);
            }
            dev.tatter.ir.types.Type weights = ctx.tensor(1);
            boolean noWeights = weights instanceof DenseType d && d.rank() == 1 && d.shape().get(0) == 0;
            if (!noWeights && !(weights instanceof dev.tatter.ir.types.RaggedType)) {
              throw ctx.fail("`weights` must be a RaggedTensor if `values` is a RaggedTensor, got %s", weights);
            }
            DType w = weights.dtype();
            if (w != DType.INT32 && w != DType.INT64 && w != DType.FLOAT32 && w != DType.FLOAT64) {
              throw ctx.fail("weights must be int32, int64, float32 or float64, got %s", w);
            }
            boolean perRow = countAttributes(ctx, values.dtype(), w, noWeights);
            long bins = bins(ctx);
            return new SparseType(w, perRow ? ImmutableList.of(values.nrows(), bins) : ImmutableList.of(bins));
          })
          .kernel(dev.tatter.runtime.kernels.sparse.SparseCountKernels.class, "raggedCount")
          // tf.sparse.bincount(tf.ragged.constant([[1, 2], [3, 2, 1, 1]], tf.int64), axis=-1) ->
          //   indices [[0, 1], [0, 2], [1, 1], [1, 2], [1, 3]], values [1, 1, 2, 1, 1], dense_shape [2, 4]
          .example("""
              %v = constant() {value = tensor<int64>[6] [1, 2, 3, 2, 1, 1]} : tensor<int64>[6]
              %s = constant() {value = tensor<int64>[3] [0, 2, 6]} : tensor<int64>[3]
              %p = partition_from_row_splits(%s) : partition<int64>[2, (None)]
              %rt = ragged(%v, %p) : ragged<int64, nvals=[6]>[2, (None)]
              %w = constant() {value = tensor<int64>[0] []} : tensor<int64>[0]
              %0 = ragged_count_sparse_output(%rt, %w) {axis = -1} : sparse<int64>[2, None]
              return %0
              """, "SparseTensor(indices=[[0, 1], [0, 2], [1, 1], [1, 2], [1, 3]], values=[1, 1, 2, 1, 1], dense_shape=[2, 4])")
          .tfRawOps("RaggedCountSparseOutput").tfApi("tf.sparse.bincount")
          .build();

  /**
   * The checks tf.sparse.bincount's Python layer and TF's count kernels make of every input kind:
   * int32/int64 values, axis 0 or -1, weights and binary_output exclusive, empty weights in the
   * values' dtype. Returns whether the count is per row (axis -1).
   */
  private static boolean countAttributes(dev.tatter.ir.OpContext ctx, DType values, DType weights, boolean noWeights) {
    if (values != DType.INT32 && values != DType.INT64) {
      throw ctx.fail("values must be int32 or int64, got %s", values);
    }
    long axis = ctx.attributes().getInt("axis");
    if (axis != 0 && axis != -1) {
      throw ctx.fail("Unsupported value for argument axis=%d. Only 0 and -1 are currently supported.", axis);
    }
    if (!noWeights && ctx.attributes().getBool("binary_output")) {
      throw ctx.fail("Arguments `binary_output` and `weights` are mutually exclusive. Please specify only one.");
    }
    if (noWeights && weights != values) {
      throw ctx.fail("empty weights must have the values' dtype %s (the counts' dtype), got %s", values, weights);
    }
    return axis == -1;
  }

  private static long bins(dev.tatter.ir.OpContext ctx) {
    long maxlength = ctx.attributes().getInt("maxlength");
    return maxlength > 0 ? maxlength : Dims.UNKNOWN;
  }
}
