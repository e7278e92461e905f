package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.reduce.BincountKernels;
import dev.tatter.runtime.kernels.reduce.SegmentKernels;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * TF's segment reductions of dense data: {@code unsorted_segment_*(data, segment_ids,
 * num_segments)} and {@code segment_*(data, segment_ids)} (sorted ids). A constant
 * num_segments gives the result's static first dimension. Also {@code tf.math.bincount}.
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
  public static final OpDef UNSORTED_SEGMENT_SUM = unsorted("sum", DATA, "[[5, 5, 5, 5], [5, 6, 7, 8]]")
      .tfRawOps("UnsortedSegmentSum").tfApi("tf.math.unsorted_segment_sum")
      .build();
  // tf.math.unsorted_segment_prod(c, [0, 1, 0], 2) -> [[4, 6, 6, 4], [5, 6, 7, 8]]
  public static final OpDef UNSORTED_SEGMENT_PROD = unsorted("prod", DATA, "[[4, 6, 6, 4], [5, 6, 7, 8]]")
      .tfRawOps("UnsortedSegmentProd").tfApi("tf.math.unsorted_segment_prod")
      .build();
  // tf.math.unsorted_segment_min(c, [0, 1, 0], 2) -> [[1, 2, 2, 1], [5, 6, 7, 8]]
  public static final OpDef UNSORTED_SEGMENT_MIN = unsorted("min", DATA, "[[1, 2, 2, 1], [5, 6, 7, 8]]")
      .tfRawOps("UnsortedSegmentMin").tfApi("tf.math.unsorted_segment_min")
      .build();
  // tf.math.unsorted_segment_max(c, [0, 1, 0], 2) -> [[4, 3, 3, 4], [5, 6, 7, 8]]
  public static final OpDef UNSORTED_SEGMENT_MAX = unsorted("max", DATA, "[[4, 3, 3, 4], [5, 6, 7, 8]]")
      .tfRawOps("UnsortedSegmentMax").tfApi("tf.math.unsorted_segment_max")
      .build();
  // tf.math.unsorted_segment_mean(tf.cast(c, tf.float32), [0, 1, 0], 2) -> [[2.5, 2.5, 2.5, 2.5], [5., 6., 7., 8.]]
  public static final OpDef UNSORTED_SEGMENT_MEAN = unsorted("mean", FLOATS, "[[2.5, 2.5, 2.5, 2.5], [5.0, 6.0, 7.0, 8.0]]")
      .tfApi("tf.math.unsorted_segment_mean")
      .tfPythonLevel("tf.math.unsorted_segment_mean: UnsortedSegmentSum of the data divided by each segment's row count (at least 1)")
      .build();
  // tf.math.unsorted_segment_sqrt_n(tf.cast(c, tf.float32), [0, 1, 0], 2) -> [[3.535534, 3.535534, 3.535534, 3.535534], [5., 6., 7., 8.]]
  public static final OpDef UNSORTED_SEGMENT_SQRT_N = unsorted("sqrt_n", FLOATS,
      "[[3.535534, 3.535534, 3.535534, 3.535534], [5.0, 6.0, 7.0, 8.0]]")
      .tfApi("tf.math.unsorted_segment_sqrt_n")
      .tfPythonLevel("tf.math.unsorted_segment_sqrt_n: UnsortedSegmentSum of the data divided by the square root of each segment's row "
          + "count (at least 1)")
      .build();

  private static final String SORTED = """
      %data = constant() {value = tensor<int32>[3, 4] [[1, 2, 3, 4], [4, 3, 2, 1], [5, 6, 7, 8]]} : tensor<int32>[3, 4]
      %ids = constant() {value = tensor<int32>[3] [0, 0, 1]} : tensor<int32>[3]
      """;

  // c = [[1, 2, 3, 4], [4, 3, 2, 1], [5, 6, 7, 8]]: tf.math.segment_sum(c, [0, 0, 1]) -> [[5, 5, 5, 5], [5, 6, 7, 8]]
  public static final OpDef SEGMENT_SUM = sorted("sum", SORTED, "[[5, 5, 5, 5], [5, 6, 7, 8]]")
      .tfRawOps("SegmentSum").tfApi("tf.math.segment_sum")
      .build();
  // tf.math.segment_prod(c, [0, 0, 1]) -> [[4, 6, 6, 4], [5, 6, 7, 8]]
  public static final OpDef SEGMENT_PROD = sorted("prod", SORTED, "[[4, 6, 6, 4], [5, 6, 7, 8]]")
      .tfRawOps("SegmentProd").tfApi("tf.math.segment_prod")
      .build();
  // tf.math.segment_min(c, [0, 0, 1]) -> [[1, 2, 2, 1], [5, 6, 7, 8]]
  public static final OpDef SEGMENT_MIN = sorted("min", SORTED, "[[1, 2, 2, 1], [5, 6, 7, 8]]")
      .tfRawOps("SegmentMin").tfApi("tf.math.segment_min")
      .build();
  // tf.math.segment_max(c, [0, 0, 1]) -> [[4, 3, 3, 4], [5, 6, 7, 8]]
  public static final OpDef SEGMENT_MAX = sorted("max", SORTED, "[[4, 3, 3, 4], [5, 6, 7, 8]]")
      .tfRawOps("SegmentMax").tfApi("tf.math.segment_max")
      .build();
  // tf.math.segment_mean([[1., 2, 3, 4], [4, 3, 2, 1], [5, 6, 7, 8]], [0, 0, 1]) -> [[2.5, 2.5, 2.5, 2.5], [5., 6., 7., 8.]]
  public static final OpDef SEGMENT_MEAN = sorted("mean", """
      %data = constant() {value = tensor<float32>[3, 4] [[1.0, 2.0, 3.0, 4.0], [4.0, 3.0, 2.0, 1.0], [5.0, 6.0, 7.0, 8.0]]} : tensor<float32>[3, 4]
      %ids = constant() {value = tensor<int32>[3] [0, 0, 1]} : tensor<int32>[3]
      """, "[[2.5, 2.5, 2.5, 2.5], [5.0, 6.0, 7.0, 8.0]]")
      .tfRawOps("SegmentMean").tfApi("tf.math.segment_mean")
      .build();

  public static final OpDef BINCOUNT =
      OpDef.builder("bincount")
          .summary("tf.math.bincount(arr, minlength, maxlength, dtype, axis, binary_output): counts of each value in "
              + "[0, size), size = max(arr) + 1 raised to minlength and cut at maxlength (-1: not given); per_row is axis=-1 "
              + "(a matrix or 2-D ragged tensor, one row of counts per row); negative values are errors")
          .operands("arr")
          .attribute(AttrSpec.optional("minlength", AttrKind.INT, -1L))
          .attribute(AttrSpec.optional("maxlength", AttrKind.INT, -1L))
          .attribute(AttrSpec.optional("binary_output", AttrKind.BOOL, false))
          .attribute(AttrSpec.optional("per_row", AttrKind.BOOL, false))
          .attribute(AttrSpec.optional("dtype", AttrKind.DTYPE, DType.INT32))
          .traits(Trait.PURE)
          .type(ctx -> {
            DType dtype = (DType) ctx.attributes().get("dtype");
            if (!dtype.isNumeric()) {
              throw ctx.fail("bincount counts in a numeric dtype, got %s", dtype);
            }
            return bincountType(ctx, dtype);
          })
          .kernel(BincountKernels.class, "bincount")
          // tf.math.bincount([1, 1, 2, 3, 2, 4, 4, 5]) -> [0, 2, 2, 1, 2, 1]
          .example("""
              %arr = constant() {value = tensor<int32>[8] [1, 1, 2, 3, 2, 4, 4, 5]} : tensor<int32>[8]
              %0 = bincount(%arr) : tensor<int32>[None]
              return %0
              """, "[0, 2, 2, 1, 2, 1]")
          .tfRawOps("DenseBincount", "RaggedBincount").tfApi("tf.math.bincount")
          .build();

  public static final OpDef WEIGHTED_BINCOUNT =
      OpDef.builder("weighted_bincount")
          .summary("tf.math.bincount(arr, weights, ...): the sum of the weights of each value in [0, size), in the "
              + "weights' dtype (arguments as bincount's)")
          .operands("arr", "weights")
          .attribute(AttrSpec.optional("minlength", AttrKind.INT, -1L))
          .attribute(AttrSpec.optional("maxlength", AttrKind.INT, -1L))
          .attribute(AttrSpec.optional("per_row", AttrKind.BOOL, false))
          .traits(Trait.PURE)
          .type(ctx -> {
            Type weights = ctx.tensor(1);
            if (!weights.dtype().isNumeric()) {
              throw ctx.fail("weights must be numeric, got %s", weights.dtype());
            }
            if ((weights instanceof RaggedType) != (ctx.operand(0) instanceof RaggedType)) {
              throw ctx.fail("weights must be ragged exactly when arr is: %s vs %s", ctx.operand(0), weights);
            }
            return bincountType(ctx, weights.dtype());
          })
          .kernel(BincountKernels.class, "weightedBincount")
          // tf.math.bincount([1, 1, 2, 3, 2, 4, 4, 5], weights=[0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75])
          //   -> [0., 0.25, 1.5, 0.75, 2.75, 1.75]
          .example("""
              %arr = constant() {value = tensor<int32>[8] [1, 1, 2, 3, 2, 4, 4, 5]} : tensor<int32>[8]
              %w = constant() {value = tensor<float32>[8] [0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 1.75]} : tensor<float32>[8]
              %0 = weighted_bincount(%arr, %w) : tensor<float32>[None]
              return %0
              """, "[0.0, 0.25, 1.5, 0.75, 2.75, 1.75]")
          .tfRawOps("DenseBincount", "RaggedBincount").tfApi("tf.math.bincount")
          .build();

  private static Type bincountType(OpContext ctx, DType dtype) {
    Type arr = ctx.tensor(0);
    if (!arr.dtype().isInteger()) {
      throw ctx.fail("arr must be an integer tensor, got %s", arr.dtype());
    }
    long minlength = ctx.attributes().getInt("minlength");
    long maxlength = ctx.attributes().getInt("maxlength");
    if (minlength < -1 || maxlength < -1) {
      throw ctx.fail("minlength and maxlength must be non-negative (or -1 when not given), got %d and %d", minlength, maxlength);
    }
    long size = minlength >= 0 && minlength == maxlength ? minlength : maxlength == 0 ? 0 : Dims.UNKNOWN;
    if (!ctx.attributes().getBool("per_row")) {
      return DenseType.of(dtype, size);
    }
    if (arr instanceof RaggedType r) {
      if (r.raggedRank() != 1 || r.flatValuesShape().size() != 1) {
        throw ctx.fail("bincount with axis=-1 takes a 2-D ragged tensor, got %s", arr);
      }
      return DenseType.of(dtype, r.nrows(), size);
    }
    DenseType d = (DenseType) arr;
    if (d.rank() != 2) {
      throw ctx.fail("bincount with axis=-1 takes a 2-D tensor, got %s", arr);
    }
    return DenseType.of(dtype, d.dim(0), size);
  }

  private static OpDef.Builder unsorted(String op, String setup, String expected) {
    String mnemonic = "unsorted_segment_" + op;
    String type = setup.contains("float32") ? "float32" : "int32";
    return OpDef.builder(mnemonic)
        .summary("tf.math." + mnemonic + "(data, segment_ids, num_segments): rows of data reduced by segment id "
            + "(ids a prefix of data's shape, any order; a negative id drops its row; an id >= num_segments is an error)")
        .operands("data", "segment_ids", "num_segments")
        .traits(Trait.PURE)
        .type(ctx -> {
          DenseType data = data(ctx, op, false);
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
          // TF's unsorted mean of integers is Python's `summed / N`: true division, in float32 or float64
          DType dtype = op.equals("mean") && data.dtype().isInteger() ? data.dtype().trueDivDType() : data.dtype();
          return result(dtype, data, ids, segments);
        })
        .kernel(SegmentKernels.class, "unsortedSegment", op)
        .example(setup + "%0 = " + mnemonic + "(%data, %ids, %n) : tensor<" + type + ">[2, 4]\nreturn %0\n", expected);
  }

  private static OpDef.Builder sorted(String op, String setup, String expected) {
    String mnemonic = "segment_" + op;
    String type = setup.contains("float32") ? "float32" : "int32";
    return OpDef.builder(mnemonic)
        .summary("tf.math." + mnemonic + "(data, segment_ids): rows of data reduced by sorted segment id (a vector); "
            + "an empty segment is 0 (1 for prod, as TF fills it); unsorted or negative ids are errors")
        .operands("data", "segment_ids")
        .traits(Trait.PURE)
        .type(ctx -> {
          DenseType data = data(ctx, op, true);
          DenseType ids = ids(ctx, data);
          if (ids.rank() != 1) {
            throw ctx.fail("segment_ids should be a vector, got %s", ids);
          }
          return result(data.dtype(), data, ids, Dims.UNKNOWN);
        })
        .kernel(SegmentKernels.class, "segment", op)
        .example(setup + "%0 = " + mnemonic + "(%data, %ids) : tensor<" + type + ">[None, 4]\nreturn %0\n", expected);
  }

  private static DenseType data(OpContext ctx, String op, boolean sorted) {
    DenseType data = ctx.dense(0);
    // TF's complex segment kernels: sum and prod, and the sorted mean (a complex number has no
    // order; the unsorted mean and sqrt_n divide by maximum(n, 1), which has no complex kernel)
    boolean complexKernel = op.equals("sum") || op.equals("prod") || (sorted && op.equals("mean"));
    if (data.dtype().isComplex() && complexKernel) {
      return data;
    }
    // integers: the sorted mean is TF's SegmentMean kernel (registered for every real dtype), the
    // unsorted mean TF's Python sum over count; sqrt_n takes Sqrt of the count, which TF defines
    // on floats only
    boolean floatsOnly = op.equals("sqrt_n");
    if (floatsOnly ? !data.dtype().isFloating() : !data.dtype().isNumeric()) {
      throw ctx.fail("%s is not defined on %s (%s dtypes only)", ctx.op().mnemonic(), data.dtype(),
          floatsOnly ? "floating" : "numeric");
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

  private static Type result(DType dtype, DenseType data, DenseType ids, long segments) {
    List<Long> shape = new ArrayList<>();
    shape.add(segments);
    shape.addAll(data.shape().subList(ids.rank(), data.rank()));
    return new DenseType(dtype, ImmutableList.copyOf(shape));
  }
}
