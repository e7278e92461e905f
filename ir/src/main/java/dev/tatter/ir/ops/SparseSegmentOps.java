package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.sparse.SparseSegmentKernels.Kind;
import dev.tatter.runtime.kernels.sparse.SparseSegmentKernels;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * {@code tf.sparse.segment_sum}, {@code segment_mean}, {@code segment_sqrt_n}: segments of rows of
 * a dense tensor picked by {@code indices} (TF's {@code SparseSegment*} kernels). {@code
 * num_segments} is an attribute, -1 for TF's default (the last segment id + 1).
 */
public final class SparseSegmentOps {
  private SparseSegmentOps() {}

  /** The docstring's c = [[1, 2, 3, 4], [-1, -2, -3, -4], [5, 6, 7, 8]]. */
  private static final String C = """
          %c = constant() {value = tensor<float32>[3, 4] [[1.0, 2.0, 3.0, 4.0], [-1.0, -2.0, -3.0, -4.0], [5.0, 6.0, 7.0, 8.0]]} : tensor<float32>[3, 4]
          %i = constant() {value = tensor<int32>[2] [0, 1]} : tensor<int32>[2]
          %s = constant() {value = tensor<int32>[2] [0, 0]} : tensor<int32>[2]
      """;

  /** TF's {@code SparseSegmentSum}: {@code realnumbertype}, every real dtype. */
  public static final OpDef SUM = segment("sparse_segment_sum", Kind.SUM,
      EnumSet.of(DType.INT8, DType.INT16, DType.INT32, DType.INT64, DType.UINT8, DType.UINT16, DType.UINT32, DType.UINT64,
          DType.FLOAT16, DType.BFLOAT16, DType.FLOAT32, DType.FLOAT64))
      // tf.sparse.segment_sum(c, tf.constant([0, 1]), tf.constant([0, 0])) -> [[0, 0, 0, 0]]
      .example(C + """
          %0 = sparse_segment_sum(%c, %i, %s) : tensor<float32>[None, 4]
          return %0
              """, "[[0.0, 0.0, 0.0, 0.0]]")
      // tf.sparse.segment_sum(c, tf.constant([0, 1]), tf.constant([0, 2]), num_segments=4)
      .example("""
          %c = constant() {value = tensor<int32>[3, 2] [[1, 2], [3, 4], [5, 6]]} : tensor<int32>[3, 2]
          %i = constant() {value = tensor<int64>[2] [0, 1]} : tensor<int64>[2]
          %s = constant() {value = tensor<int64>[2] [0, 2]} : tensor<int64>[2]
          %0 = sparse_segment_sum(%c, %i, %s) {num_segments = 4} : tensor<int32>[4, 2]
          return %0
              """, "[[1, 2], [0, 0], [3, 4], [0, 0]]")
      .tfRawOps("SparseSegmentSum", "SparseSegmentSumWithNumSegments").tfApi("tf.sparse.segment_sum")
      .build();

  /** TF's {@code SparseSegmentMean} and {@code SqrtN}: {@code {bfloat16, half, float, double}}. */
  private static final java.util.Set<DType> FLOATS = EnumSet.of(DType.FLOAT16, DType.BFLOAT16, DType.FLOAT32, DType.FLOAT64);

  public static final OpDef MEAN = segment("sparse_segment_mean", Kind.MEAN, FLOATS)
      // tf.sparse.segment_mean(c, tf.constant([0, 2]), tf.constant([0, 0])) -> [[3, 4, 5, 6]]
      .example("""
          %c = constant() {value = tensor<float32>[3, 4] [[1.0, 2.0, 3.0, 4.0], [-1.0, -2.0, -3.0, -4.0], [5.0, 6.0, 7.0, 8.0]]} : tensor<float32>[3, 4]
          %i = constant() {value = tensor<int32>[2] [0, 2]} : tensor<int32>[2]
          %s = constant() {value = tensor<int32>[2] [0, 0]} : tensor<int32>[2]
          %0 = sparse_segment_mean(%c, %i, %s) : tensor<float32>[None, 4]
          return %0
              """, "[[3.0, 4.0, 5.0, 6.0]]")
      .tfRawOps("SparseSegmentMean", "SparseSegmentMeanWithNumSegments").tfApi("tf.sparse.segment_mean")
      .build();

  public static final OpDef SQRT_N = segment("sparse_segment_sqrt_n", Kind.SQRT_N, FLOATS)
      // tf.sparse.segment_sqrt_n([[3.], [4.]], [0, 1], [0, 0]) -> [[7 * (1 / sqrt(2))]]
      // (TF scales a segment of fewer than 10 rows by the reciprocal)
      .example("""
          %c = constant() {value = tensor<float64>[2, 1] [[3.0], [4.0]]} : tensor<float64>[2, 1]
          %i = constant() {value = tensor<int32>[2] [0, 1]} : tensor<int32>[2]
          %s = constant() {value = tensor<int32>[2] [0, 0]} : tensor<int32>[2]
          %0 = sparse_segment_sqrt_n(%c, %i, %s) : tensor<float64>[None, 1]
          return %0
              """, "[[4.949747468305832]]")
      .tfRawOps("SparseSegmentSqrtN", "SparseSegmentSqrtNWithNumSegments").tfApi("tf.sparse.segment_sqrt_n")
      .build();

  private static OpDef.Builder segment(String mnemonic, Kind kind, Set<DType> dtypes) {
    return OpDef.builder(mnemonic)
        .summary("row s: the " + kind.name().toLowerCase() + " of data[indices[i]] over i with segment_ids[i] == s "
            + "(ids not decreasing); num_segments -1 = last id + 1; an empty segment is 0")
        .operands("data", "indices", "segment_ids")
        .attribute(AttrSpec.optional("num_segments", AttrKind.INT, -1L))
        .traits(Trait.PURE)
        .type(ctx -> {
          DenseType data = ctx.dense(0);
          DenseType indices = ctx.dense(1, DType.INT32, DType.INT64);
          DenseType ids = ctx.dense(2, DType.INT32, DType.INT64);
          if (!dtypes.contains(data.dtype())) {
            throw ctx.fail("%s is defined on %s, not on %s", mnemonic, dtypes, data.dtype());
          }
          if (data.rank() < 1 || indices.rank() != 1 || ids.rank() != 1) {
            throw ctx.fail("data must be at least 1-D and indices and segment_ids vectors, got %s, %s and %s", data, indices, ids);
          }
          if (Dims.merge(indices.dim(0), ids.dim(0)) == null) {
            throw ctx.fail("segment_ids and indices should have same size, got %d and %d", ids.dim(0), indices.dim(0));
          }
          long numSegments = ctx.attributes().getInt("num_segments");
          if (numSegments < -1) {
            throw ctx.fail("num_segments must be >= 0 (or -1 for the last segment id + 1), got %d", numSegments);
          }
          List<Long> shape = new ArrayList<>(data.shape());
          shape.set(0, numSegments);
          return new DenseType(data.dtype(), ImmutableList.copyOf(shape));
        })
        .kernel(SparseSegmentKernels.class, "segment", kind);
  }
}
