package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.Fusion;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.elementwise.ScalarFunction;
import dev.tatter.runtime.kernels.reduce.MinMaxFunctions;
import dev.tatter.runtime.kernels.reduce.Reducer;
import dev.tatter.runtime.kernels.reduce.RowReductionKernels;
import dev.tatter.runtime.kernels.scalar.OverloadSet;
import dev.tatter.runtime.kernels.scalar.ScalarFunctions;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code row_sum prod min max mean all any}: each row of a partition reduced to one value (a
 * vector, if the values have inner dimensions). This is {@code reduce_*} along the innermost
 * ragged axis with the ragged tensor taken apart; canonicalization rewrites the one into the
 * other (see {@link ReductionOps}), so the flat values are an operand of their own and the
 * elementwise ops that produce them can be fused into the row loop.
 */
public final class RowReductionOps {
  private RowReductionOps() {}

  private static final String ROWS = """
      %s = constant() {value = tensor<int64>[6] [0, 3, 5, 5, 6, 8]} : tensor<int64>[6]
      %p = partition_from_row_splits(%s) : partition<int64>[5, (None)]
      %v = constant() {value = tensor<float32>[8] [3.0, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0]} : tensor<float32>[8]
      """;

  public static final OpDef ROW_SUM = row("row_sum", "the sum of each row; 0 for an empty row", Reducer.SUM)
      .fusion(fold(ScalarFunctions.OVERLOADS, "add"))
      .example(ROWS + "%0 = row_sum(%v, %p) : tensor<float32>[5]\nreturn %0", "[8.0, 6.0, 0.0, 9.0, 8.0]")
      .tfRawOps("UnsortedSegmentSum").tfApi("tf.math.reduce_sum")
      .build();

  public static final OpDef ROW_PROD = row("row_prod", "the product of each row; 1 for an empty row", Reducer.PROD)
      .fusion(fold(ScalarFunctions.OVERLOADS, "mul"))
      .example(ROWS + "%0 = row_prod(%v, %p) : tensor<float32>[5]\nreturn %0", "[12.0, 5.0, 1.0, 9.0, 12.0]")
      .tfRawOps("UnsortedSegmentProd").tfApi("tf.math.reduce_prod")
      .build();

  public static final OpDef ROW_MIN = row("row_min", "the minimum of each row; the dtype's largest value for an empty row", Reducer.MIN)
      .fusion(fold(MinMaxFunctions.class, "segmentMin"))
      .example(ROWS + "%0 = row_min(%v, %p) : tensor<float32>[5]\nreturn %0", "[1.0, 1.0, 3.4028235e+38, 9.0, 2.0]")
      .tfRawOps("UnsortedSegmentMin").tfApi("tf.math.reduce_min")
      .build();

  public static final OpDef ROW_MAX = row("row_max", "the maximum of each row; the dtype's lowest value for an empty row", Reducer.MAX)
      .fusion(fold(MinMaxFunctions.class, "segmentMax"))
      .example(ROWS + "%0 = row_max(%v, %p) {keepdims = true} : tensor<float32>[5, 1]\nreturn %0",
          "[[4.0], [5.0], [-3.4028235e+38], [9.0], [6.0]]")
      .tfRawOps("UnsortedSegmentMax").tfApi("tf.math.reduce_max")
      .build();

  public static final OpDef ROW_MEAN = row("row_mean",
          "the mean of each row, a true division (float64 for int32/int64, float32 for int8/int16); NaN for an empty row", null)
      .example(ROWS + "%0 = row_mean(%v, %p) : tensor<float32>[5]\nreturn %0", "[2.6666667, 3.0, nan, 9.0, 4.0]")
      .tfApi("tf.math.reduce_mean")
      .tfPythonLevel("tf.math.reduce_mean of a ragged tensor: the row sums (UnsortedSegmentSum by value_rowids) divided by the row "
          + "lengths (the sums of ones_like), a true division")
      .build();

  private static final String BOOL_ROWS = """
      %s = constant() {value = tensor<int64>[4] [0, 2, 2, 4]} : tensor<int64>[4]
      %p = partition_from_row_splits(%s) : partition<int64>[3, (None)]
      %v = constant() {value = tensor<bool>[4] [true, true, false, true]} : tensor<bool>[4]
      """;

  public static final OpDef ROW_ALL = row("row_all", "logical and of each row (bool only); true for an empty row", Reducer.ALL)
      .example(BOOL_ROWS + "%0 = row_all(%v, %p) : tensor<bool>[3]\nreturn %0", "[True, True, False]")
      .tfApi("tf.math.reduce_all")
      .tfPythonLevel("tf.math.reduce_all of a ragged tensor: the row products of the values cast to int32 (UnsortedSegmentProd), "
          + "cast back to bool")
      .build();

  public static final OpDef ROW_ANY = row("row_any", "logical or of each row (bool only); false for an empty row", Reducer.ANY)
      .example(BOOL_ROWS + "%0 = row_any(%v, %p) : tensor<bool>[3]\nreturn %0", "[True, False, True]")
      .tfApi("tf.math.reduce_any")
      .tfPythonLevel("tf.math.reduce_any of a ragged tensor: the row sums of the values cast to int32 (UnsortedSegmentSum), "
          + "cast back to bool")
      .build();

  /** A row reduction by {@code reducer} ({@code row_mean}, a sum and a division, has none). */
  private static OpDef.Builder row(String mnemonic, String summary, Reducer reducer) {
    OpDef.Builder b = OpDef.builder(mnemonic)
        .summary(summary)
        .operands("values", "partition")
        .attribute(AttrSpec.optional("keepdims", AttrKind.BOOL, false))
        .traits(Trait.PURE)
        .type(RowReductionOps::infer);
    return reducer == null ? b.kernel(RowReductionKernels.class, "rowMean") : b.kernel(RowReductionKernels.class, "rows", reducer);
  }

  /**
   * Fused, the row loop folds each row in the kernel's own order with the same function as
   * {@code ReduceLoops} (so the two agree bit for bit), from the value the kernel gives an empty row.
   */
  private static Fusion fold(Class<?> owner, String function) {
    return new Fusion.RowFold(new ScalarFunction(owner, function));
  }

  private static Fusion fold(OverloadSet overloads, String function) {
    return new Fusion.RowFold(new ScalarFunction(overloads, function));
  }

  private static Type infer(OpContext ctx) {
    DenseType values = ctx.dense(0);
    PartitionType p = ctx.partition(1);
    String op = ctx.op().mnemonic();
    DType dtype = values.dtype();
    boolean logical = op.equals("row_all") || op.equals("row_any");
    // TF registers sum, prod and mean, not min or max, for complex values (they have no order)
    boolean complexFold = dtype.isComplex() && (op.equals("row_sum") || op.equals("row_prod") || op.equals("row_mean"));
    if (logical ? dtype != DType.BOOL : !dtype.isNumeric() && !complexFold) {
      throw ctx.fail("%s is not defined on %s%s", op, dtype, logical ? " (it takes bool only)"
          : dtype.isComplex() ? " (complex values take sum, prod and mean only)" : "");
    }
    if (values.rank() == 0) {
      throw ctx.fail("values must have rank >= 1, got %s", values);
    }
    if (Dims.merge(values.dim(0), p.nvals()) == null) {
      throw ctx.fail("the partition covers %s values but values has %s rows", p.nvals(), values.dim(0));
    }
    List<Long> shape = new ArrayList<>(values.shape());
    shape.set(0, p.nrows());
    if (ctx.attributes().getBool("keepdims")) {
      shape.add(1, 1L);
    }
    DType result = op.equals("row_mean") && dtype.isInteger() ? dtype.trueDivDType() : dtype;
    return new DenseType(result, ImmutableList.copyOf(shape));
  }
}
