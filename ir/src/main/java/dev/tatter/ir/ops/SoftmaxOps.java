package dev.tatter.ir.ops;

import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.reduce.SoftmaxKernels;

/**
 * {@code tf.nn.softmax} and {@code tf.nn.log_softmax}: along an axis of a dense tensor, and
 * {@code row_softmax}/{@code row_log_softmax} within the rows of a partition over flat values,
 * which is how the builder lowers them along a ragged tensor's ragged axis.
 */
public final class SoftmaxOps {
  private SoftmaxOps() {}

  public static final OpDef SOFTMAX = dense("softmax",
      "tf.nn.softmax(x, axis) along an axis (>= 0) of a dense float32/float64 tensor, shifted by each lane's max")
      .tfRawOps("Softmax").tfApi("tf.nn.softmax")
      .build();

  public static final OpDef LOG_SOFTMAX = dense("log_softmax",
      "tf.nn.log_softmax(x, axis) along an axis (>= 0) of a dense float32/float64 tensor, shifted by each lane's max")
      .tfRawOps("LogSoftmax").tfApi("tf.nn.log_softmax")
      .build();

  public static final OpDef ROW_SOFTMAX = rows("row_softmax", "softmax",
      "the softmax within each row of partition over values' first dim (tf.nn.softmax along the ragged axis)")
      .tfApi("tf.nn.softmax")
      .build();

  public static final OpDef ROW_LOG_SOFTMAX = rows("row_log_softmax", "log_softmax",
      "the log-softmax within each row of partition over values' first dim (log_softmax along the ragged axis)")
      .tfApi("tf.nn.log_softmax")
      .build();

  private static DenseType floating(OpContext ctx, int i) {
    DenseType x = ctx.dense(i);
    if (x.dtype() != DType.FLOAT32 && x.dtype() != DType.FLOAT64) {
      throw ctx.fail("%s is not defined on %s (float32 and float64 only)", ctx.op().mnemonic(), x.dtype());
    }
    return x;
  }

  private static OpDef.Builder dense(String mnemonic, String summary) {
    // tf.nn.softmax([[0., 0.], [0., 0.]], axis=1) -> [[0.5, 0.5], [0.5, 0.5]]
    // tf.nn.log_softmax([[0., 0.], [0., 0.]], axis=1) -> [[-0.6931472, -0.6931472], [-0.6931472, -0.6931472]]
    String expected = mnemonic.equals("softmax") ? "[[0.5, 0.5], [0.5, 0.5]]"
        : "[[-0.6931472, -0.6931472], [-0.6931472, -0.6931472]]";
    return OpDef.builder(mnemonic)
        .summary(summary)
        .operands("x")
        .attribute(AttrSpec.required("axis", AttrKind.INT))
        .traits(Trait.PURE)
        .type(ctx -> {
          DenseType x = floating(ctx, 0);
          ctx.axisOf(x);
          return x;
        })
        .kernel(SoftmaxKernels.class, "softmax", mnemonic)
        .example("""
            %x = constant() {value = tensor<float32>[2, 2] [[0.0, 0.0], [0.0, 0.0]]} : tensor<float32>[2, 2]
            %0 = %s(%x) {axis = 1} : tensor<float32>[2, 2]
            return %0
            """.replace("%s(", mnemonic + "("), expected);
  }

  private static OpDef.Builder rows(String mnemonic, String kind, String summary) {
    // tf.nn.softmax(tf.ragged.constant([[0., 0.], [], [0., 0., 0., 0.]])).flat_values -> [0.5, 0.5, 0.25, 0.25, 0.25, 0.25]
    // log_softmax per row, as TF's LogSoftmax of each row: [-0.6931472, -0.6931472, -1.3862944, ...]
    String expected = kind.equals("softmax") ? "[0.5, 0.5, 0.25, 0.25, 0.25, 0.25]"
        : "[-0.6931472, -0.6931472, -1.3862944, -1.3862944, -1.3862944, -1.3862944]";
    return OpDef.builder(mnemonic)
        .summary(summary)
        .operands("values", "partition")
        .traits(Trait.PURE)
        .type(ctx -> {
          DenseType values = floating(ctx, 0);
          PartitionType p = ctx.partition(1);
          if (values.rank() == 0) {
            throw ctx.fail("values must have rank >= 1, got %s", values);
          }
          if (Dims.merge(values.dim(0), p.nvals()) == null) {
            throw ctx.fail("values has %d rows but the partition covers %d values", values.dim(0), p.nvals());
          }
          return values;
        })
        .kernel(SoftmaxKernels.class, "rowSoftmax", kind)
        .example("""
            %v = constant() {value = tensor<float32>[6] [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]} : tensor<float32>[6]
            %s = constant() {value = tensor<int64>[4] [0, 2, 2, 6]} : tensor<int64>[4]
            %p = partition_from_row_splits(%s) : partition<int64>[3, (None)]
            %0 = %s(%v, %p) : tensor<float32>[6]
            return %0
            """.replace("%s(%v", mnemonic + "(%v"), expected);
  }
}
