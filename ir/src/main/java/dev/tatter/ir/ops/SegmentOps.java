package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.SegmentKernels;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * TF's segment reductions of dense data: {@code unsorted_segment_*(data, segment_ids,
 * num_segments)} and {@code segment_*(data, segment_ids)} (sorted ids). A constant
 * num_segments gives the result's static first dimension.
 */
public final class SegmentOps {
  private SegmentOps() {}

  private static final String DATA = """
      %data = constant() {value = tensor<int32>[3, 4] [[1, 2, 3, 4], [5, 6, 7, 8], [4, 3, 2, 1]]} : tensor<int32>[3, 4]
      %ids = constant() {value = tensor<int32>[3] [0, 1, 0]} : tensor<int32>[3]
      %n = constant() {value = tensor<int32>[] 2} : tensor<int32>[]
      """;

  private static final String FLOATS = """
      %data = constant() {value = tensor<float32>[3, 4] [[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [4.0, 3.0, 2.0, 1.0]]} : tensor<float32>[3, 4]
      %ids = constant() {value = tensor<int32>[3] [0, 1, 0]} : tensor<int32>[3]
      %n = constant() {value = tensor<int32>[] 2} : tensor<int32>[]
      """;

  // c = [[1, 2, 3, 4], [5, 6, 7, 8], [4, 3, 2, 1]]: tf.math.unsorted_segment_sum(c, [0, 1, 0], num_segments=2)
  //   -> [[5, 5, 5, 5], [5, 6, 7, 8]]
  public static final OpDef UNSORTED_SEGMENT_SUM = unsorted("sum", DATA, "[[5, 5, 5, 5], [5, 6, 7, 8]]");
  // tf.math.unsorted_segment_prod(c, [0, 1, 0], 2) -> [[4, 6, 6, 4], [5, 6, 7, 8]]
  public static final OpDef UNSORTED_SEGMENT_PROD = unsorted("prod", DATA, "[[4, 6, 6, 4], [5, 6, 7, 8]]");
  // tf.math.unsorted_segment_min(c, [0, 1, 0], 2) -> [[1, 2, 2, 1], [5, 6, 7, 8]]
  public static final OpDef UNSORTED_SEGMENT_MIN = unsorted("min", DATA, "[[1, 2, 2, 1], [5, 6, 7, 8]]");
  // tf.math.unsorted_segment_max(c, [0, 1, 0], 2) -> [[4, 3, 3, 4], [5, 6, 7, 8]]
  public static final OpDef UNSORTED_SEGMENT_MAX = unsorted("max", DATA, "[[4, 3, 3, 4], [5, 6, 7, 8]]");
  // tf.math.unsorted_segment_mean(tf.cast(c, tf.float32), [0, 1, 0], 2) -> [[2.5, 2.5, 2.5, 2.5], [5., 6., 7., 8.]]
  public static final OpDef UNSORTED_SEGMENT_MEAN = unsorted("mean", FLOATS, "[[2.5, 2.5, 2.5, 2.5], [5.0, 6.0, 7.0, 8.0]]");
  // tf.math.unsorted_segment_sqrt_n(tf.cast(c, tf.float32), [0, 1, 0], 2) -> [[3.535534, 3.535534, 3.535534, 3.535534], [5., 6., 7., 8.]]
  public static final OpDef UNSORTED_SEGMENT_SQRT_N = unsorted("sqrt_n", FLOATS,
      "[[3.535534, 3.535534, 3.535534, 3.535534], [5.0, 6.0, 7.0, 8.0]]");

  private static final String SORTED = """
      %data = constant() {value = tensor<int32>[3, 4] [[1, 2, 3, 4], [4, 3, 2, 1], [5, 6, 7, 8]]} : tensor<int32>[3, 4]
      %ids = constant() {value = tensor<int32>[3] [0, 0, 1]} : tensor<int32>[3]
      """;

  // c = [[1, 2, 3, 4], [4, 3, 2, 1], [5, 6, 7, 8]]: tf.math.segment_sum(c, [0, 0, 1]) -> [[5, 5, 5, 5], [5, 6, 7, 8]]
  public static final OpDef SEGMENT_SUM = sorted("sum", SORTED, "[[5, 5, 5, 5], [5, 6, 7, 8]]");
  // tf.math.segment_prod(c, [0, 0, 1]) -> [[4, 6, 6, 4], [5, 6, 7, 8]]
  public static final OpDef SEGMENT_PROD = sorted("prod", SORTED, "[[4, 6, 6, 4], [5, 6, 7, 8]]");
  // tf.math.segment_min(c, [0, 0, 1]) -> [[1, 2, 2, 1], [5, 6, 7, 8]]
  public static final OpDef SEGMENT_MIN = sorted("min", SORTED, "[[1, 2, 2, 1], [5, 6, 7, 8]]");
  // tf.math.segment_max(c, [0, 0, 1]) -> [[4, 3, 3, 4], [5, 6, 7, 8]]
  public static final OpDef SEGMENT_MAX = sorted("max", SORTED, "[[4, 3, 3, 4], [5, 6, 7, 8]]");
  // tf.math.segment_mean([[1., 2, 3, 4], [4, 3, 2, 1], [5, 6, 7, 8]], [0, 0, 1]) -> [[2.5, 2.5, 2.5, 2.5], [5., 6., 7., 8.]]
  public static final OpDef SEGMENT_MEAN = sorted("mean", """
      %data = constant() {value = tensor<float32>[3, 4] [[1.0, 2.0, 3.0, 4.0], [4.0, 3.0, 2.0, 1.0], [5.0, 6.0, 7.0, 8.0]]} : tensor<float32>[3, 4]
      %ids = constant() {value = tensor<int32>[3] [0, 0, 1]} : tensor<int32>[3]
      """, "[[2.5, 2.5, 2.5, 2.5], [5.0, 6.0, 7.0, 8.0]]");

  private static OpDef unsorted(String op, String setup, String expected) {
    String mnemonic = "unsorted_segment_" + op;
    String type = setup.contains("float32") ? "float32" : "int32";
    return OpDef.builder(mnemonic)
        .summary("tf.math." + mnemonic + "(data, segment_ids, num_segments): rows of data reduced by segment id "
            + "(ids a prefix of data's shape, any order; a negative id drops its row; an id >= num_segments is an error)")
        .operands("data", "segment_ids", "num_segments")
        .traits(Trait.PURE)
        .type(ctx -> {
          DenseType data = data(ctx, op);
          DenseType ids = ids(ctx, data);
          DenseType n = ctx.dense(2, DType.INT32, DType.INT64);
          if (n.rank() != 0) {
            throw ctx.fail("num_segments should be a scalar, got %s", n);
          }
          Optional<Tensor> constant = ctx.constant(2);
          long segments = constant.map(t -> t.getLong(0)).orElse(Dims.UNKNOWN);
          if (constant.isPresent() && segments < 0) {
            throw ctx.fail("num_segments must be >= 0, got %d", segments);
          }
          return result(data, ids, segments);
        })
        .kernel(SegmentKernels.class, "unsortedSegment", op)
        .example(setup + "%0 = " + mnemonic + "(%data, %ids, %n) : tensor<" + type + ">[2, 4]\nreturn %0\n", expected)
        .build();
  }

  private static OpDef sorted(String op, String setup, String expected) {
    String mnemonic = "segment_" + op;
    String type = setup.contains("float32") ? "float32" : "int32";
    return OpDef.builder(mnemonic)
        .summary("tf.math." + mnemonic + "(data, segment_ids): rows of data reduced by sorted segment id (a vector); "
            + "an empty segment is 0; unsorted or negative ids are errors")
        .operands("data", "segment_ids")
        .traits(Trait.PURE)
        .type(ctx -> {
          DenseType data = data(ctx, op);
          DenseType ids = ids(ctx, data);
          if (ids.rank() != 1) {
            throw ctx.fail("segment_ids should be a vector, got %s", ids);
          }
          return result(data, ids, Dims.UNKNOWN);
        })
        .kernel(SegmentKernels.class, "segment", op)
        .example(setup + "%0 = " + mnemonic + "(%data, %ids) : tensor<" + type + ">[None, 4]\nreturn %0\n", expected)
        .build();
  }

  private static DenseType data(OpContext ctx, String op) {
    DenseType data = ctx.dense(0);
    boolean division = op.equals("mean") || op.equals("sqrt_n");
    if (division ? !data.dtype().isFloating() : !data.dtype().isNumeric()) {
      throw ctx.fail("%s is not defined on %s (%s dtypes only)", ctx.op().mnemonic(), data.dtype(),
          division ? "floating" : "numeric");
    }
    return data;
  }

  private static DenseType ids(OpContext ctx, DenseType data) {
    DenseType ids = ctx.dense(1, DType.INT32, DType.INT64);
    if (ids.rank() == 0 || ids.rank() > data.rank()) {
      throw ctx.fail("segment_ids shape %s must be a non-empty prefix of data shape %s", ids, data);
    }
    for (int a = 0; a < ids.rank(); a++) {
      if (Dims.merge(ids.dim(a), data.dim(a)) == null) {
        throw ctx.fail("data.shape = %s does not start with segment_ids.shape = %s", data.tfShape(), ids.tfShape());
      }
    }
    return ids;
  }

  private static Type result(DenseType data, DenseType ids, long segments) {
    List<Long> shape = new ArrayList<>();
    shape.add(segments);
    shape.addAll(data.shape().subList(ids.rank(), data.rank()));
    return new DenseType(data.dtype(), ImmutableList.copyOf(shape));
  }
}
