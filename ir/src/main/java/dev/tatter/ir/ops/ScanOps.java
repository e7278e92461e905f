package dev.tatter.ir.ops;

import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.Fusion;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.runtime.DTypeSet;
import dev.tatter.runtime.kernels.elementwise.ScalarFunction;
import dev.tatter.runtime.kernels.reduce.ScanKernels;
import dev.tatter.runtime.kernels.scalar.ScalarFunctions;

/**
 * Cumulative sums and products: {@code cumsum}/{@code cumprod} along an axis of a dense tensor,
 * and {@code row_cumsum}/{@code row_cumprod} within the rows of a partition over flat values,
 * which is how the builder lowers {@code tf.math.cumsum} along a ragged tensor's ragged axis.
 */
public final class ScanOps {
  private ScanOps() {}

  public static final OpDef CUMSUM = dense("cumsum", "sum",
      "tf.math.cumsum(x, axis, exclusive, reverse) along an axis (>= 0) of a dense tensor, accumulated in order")
      .tfRawOps("Cumsum").tfApi("tf.math.cumsum")
      .build();

  public static final OpDef CUMPROD = dense("cumprod", "prod",
      "tf.math.cumprod(x, axis, exclusive, reverse) along an axis (>= 0) of a dense tensor, accumulated in order")
      .tfRawOps("Cumprod").tfApi("tf.math.cumprod")
      .build();

  public static final OpDef ROW_CUMSUM = rows("row_cumsum", "sum",
      "the cumulative sum within each row of partition over values' first dim (cumsum along the ragged axis)")
      .tfApi("tf.math.cumsum")
      .build();

  public static final OpDef ROW_CUMPROD = rows("row_cumprod", "prod",
      "the cumulative product within each row of partition over values' first dim (cumprod along the ragged axis)")
      .tfApi("tf.math.cumprod")
      .build();

  // TF registers Cumsum/Cumprod for every number type (TF_CALL_NUMBER_TYPES: signed and unsigned
  // integers, float16, bfloat16, float32, float64, complex64, complex128)
  private static final DTypeSet SCANNED = DTypeSet.REAL.or(DTypeSet.COMPLEX);

  private static DenseType numeric(OpContext ctx, int i) {
    DenseType x = ctx.dense(i);
    if (!SCANNED.contains(x.dtype())) {
      throw ctx.fail("%s is not defined on %s (numeric dtypes only)", ctx.op().mnemonic(), x.dtype());
    }
    return x;
  }

  private static OpDef.Builder dense(String mnemonic, String scan, String summary) {
    // tf.math.cumsum([[1, 2], [3, 4]], axis=1) -> [[1, 3], [3, 7]]; cumprod -> [[1, 2], [3, 12]]
    String expected = scan.equals("sum") ? "[[1, 3], [3, 7]]" : "[[1, 2], [3, 12]]";
    return OpDef.builder(mnemonic)
        .summary(summary)
        .operands("x")
        .attribute(AttrSpec.required("axis", AttrKind.INT))
        .attribute(AttrSpec.optional("exclusive", AttrKind.BOOL, false))
        .attribute(AttrSpec.optional("reverse", AttrKind.BOOL, false))
        .traits(Trait.PURE)
        .dtypes(SCANNED)
        .type(ctx -> {
          DenseType x = numeric(ctx, 0);
          ctx.axisOf(x);
          return x;
        })
        .kernel(ScanKernels.class, "scan", scan)
        .example("""
            %x = constant() {value = tensor<int32>[2, 2] [[1, 2], [3, 4]]} : tensor<int32>[2, 2]
            %0 = %s(%x) {axis = 1} : tensor<int32>[2, 2]
            return %0
            """.replace("%s", mnemonic), expected);
  }

  private static OpDef.Builder rows(String mnemonic, String scan, String summary) {
    // tf.math.cumsum(tf.ragged.constant([[1, 2, 3], [], [4, 5]]), axis=1).flat_values -> [1, 3, 6, 4, 9]
    // tf.math.cumprod(tf.ragged.constant([[1, 2, 3], [], [4, 5]]), axis=1).flat_values -> [1, 2, 6, 4, 20]
    String expected = scan.equals("sum") ? "[1, 3, 6, 4, 9]" : "[1, 2, 6, 4, 20]";
    return OpDef.builder(mnemonic)
        .summary(summary)
        .operands("values", "partition")
        .attribute(AttrSpec.optional("exclusive", AttrKind.BOOL, false))
        .attribute(AttrSpec.optional("reverse", AttrKind.BOOL, false))
        .traits(Trait.PURE)
        .dtypes(SCANNED)
        .type(ctx -> {
          DenseType values = numeric(ctx, 0);
          PartitionType p = ctx.partition(1);
          if (values.rank() == 0) {
            throw ctx.fail("values must have rank >= 1, got %s", values);
          }
          if (Dims.merge(values.dim(0), p.nvals()) == null) {
            throw ctx.fail("values has %d rows but the partition covers %d values", values.dim(0), p.nvals());
          }
          return values;
        })
        .kernel(ScanKernels.class, "rowScan", scan)
        // fused, the row loop accumulates with the same float/double/integer arithmetic as the kernel
        .fusion(new Fusion.Scan(new ScalarFunction(ScalarFunctions.OVERLOADS, scan.equals("sum") ? "add" : "mul")))
        .example("""
            %v = constant() {value = tensor<int32>[5] [1, 2, 3, 4, 5]} : tensor<int32>[5]
            %s = constant() {value = tensor<int64>[4] [0, 3, 3, 5]} : tensor<int64>[4]
            %p = partition_from_row_splits(%s) : partition<int64>[3, (None)]
            %0 = %s(%v, %p) : tensor<int32>[5]
            return %0
            """.replace("%s(", mnemonic + "("), expected);
  }
}
