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
import dev.tatter.runtime.DTypeSet;
import dev.tatter.runtime.kernels.sort.ArgMaxKernels;
import dev.tatter.runtime.kernels.sort.TopKKernels;
import java.util.ArrayList;
import java.util.List;

/**
 * Ranking: {@code argmax}/{@code argmin} (TF's {@code ArgMax}/{@code ArgMin}), {@code top_k_indices}
 * (TF's {@code TopKV2}, its indices output; the builder gathers the values, so the sort runs once),
 * {@code in_top_k} (TF's {@code InTopKV2}) and, where TF has nothing for ragged tensors, the same
 * within each row of a ragged tensor's innermost partition: {@code row_argmax}, {@code row_argmin},
 * {@code row_top_k} with {@code row_top_k_partition}. Orders are C++'s {@code <} (-0.0 equals 0.0),
 * ties to the lower position; see {@link TopKKernels} and {@link ArgMaxKernels} for NaN.
 * {@code tf.sort} and {@code tf.argsort} are TF's own composition of top_k.
 */
public final class RankingOps {
  private RankingOps() {}

  /** The dtypes the ordering kernels take (TF's real number types). */
  static final DTypeSet ORDERED = DTypeSet.REAL;

  public static final OpDef ARGMAX = arg("argmax", "ArgMax", "largest");
  public static final OpDef ARGMIN = arg("argmin", "ArgMin", "smallest");

  private static OpDef arg(String name, String raw, String what) {
    boolean max = name.equals("argmax");
    return OpDef.builder(name)
        .summary("the position of the " + what + " element along axis (>= 0), the first of equal ones; output_type int64 "
            + "or int32 (TF's " + raw + ")")
        .operands("input")
        .attribute(AttrSpec.required("axis", AttrKind.INT))
        .attribute(AttrSpec.optional("output_type", AttrKind.DTYPE, DType.INT64))
        .traits(Trait.PURE)
        .dtypes(ORDERED)
        .type(ctx -> {
          DenseType x = ctx.dense(0);
          ordered(ctx, x.dtype());
          int axis = ctx.axisOf(x);
          List<Long> out = new ArrayList<>(x.shape());
          out.remove(axis);
          return new DenseType(indexType(ctx, "output_type"), out);
        })
        .kernel(ArgMaxKernels.class, max ? "argMax" : "argMin")
        // tf.math.argmax([[1, 9, 9], [7, 2, 3]], axis=1) -> [1, 0]; tf.math.argmin(...) -> [0, 1]
        .example("""
            %x = constant() {value = tensor<int32>[2, 3] [[1, 9, 9], [7, 2, 3]]} : tensor<int32>[2, 3]
            %0 = %s(%x) {axis = 1} : tensor<int64>[2]
            return %0
            """.replace("%s", name), max ? "[1, 0]" : "[0, 1]")
        .tfRawOps(raw).tfApi("tf.math." + name, "tf." + name)
        .build();
  }

  public static final OpDef ROW_ARGMAX = rowArg("row_argmax", "largest");
  public static final OpDef ROW_ARGMIN = rowArg("row_argmin", "smallest");

  private static OpDef rowArg(String name, String what) {
    return OpDef.builder(name)
        .summary("the position within each row of partition of its " + what + " value (the first of equal ones), -1 "
            + "for an empty row: argmax along a ragged tensor's innermost ragged axis")
        .operands("values", "partition")
        .attribute(AttrSpec.optional("output_type", AttrKind.DTYPE, DType.INT64))
        .traits(Trait.PURE)
        .dtypes(ORDERED)
        .type(ctx -> {
          DenseType v = ctx.dense(0);
          PartitionType p = ctx.partition(1);
          ordered(ctx, v.dtype());
          if (v.rank() != 1) {
            throw ctx.fail("values must be a vector (a ragged tensor's flat values of rank 1), got %s", v);
          }
          return DenseType.of(indexType(ctx, "output_type"), p.nrows());
        })
        .kernel(ArgMaxKernels.class, name.equals("row_argmax") ? "rowArgMax" : "rowArgMin")
        .example("""
            %v = constant() {value = tensor<float32>[5] [3.0, 5.0, 5.0, -1.0, -2.0]} : tensor<float32>[5]
            %s = constant() {value = tensor<int64>[4] [0, 3, 3, 5]} : tensor<int64>[4]
            %p = partition_from_row_splits(%s) : partition<int64>[3, (None)]
            %0 = %s(%v, %p) : tensor<int64>[3]
            return %0
            """.replace("%s(", name + "("), name.equals("row_argmax") ? "[1, -1, 0]" : "[0, -1, 1]")
        .noTfCounterpart("argmax/argmin along a ragged tensor's ragged axis, which TF does not dispatch "
            + "(tensorflow/tensorflow#43460); tf.math.argmax of a ragged tensor reaches it here")
        .build();
  }

  public static final OpDef TOP_K_INDICES =
      OpDef.builder("top_k_indices")
          .summary("int32 positions of the k largest elements of each last-axis row, largest first, equal ones by "
              + "position (TF's TopKV2 indices; sorted=false gives the same order)")
          .operands("input")
          .attribute(AttrSpec.required("k", AttrKind.INT))
          .attribute(AttrSpec.optional("sorted", AttrKind.BOOL, true))
          .traits(Trait.PURE)
          .dtypes(ORDERED)
          .type(ctx -> {
            DenseType x = ctx.dense(0);
            ordered(ctx, x.dtype());
            long k = ctx.attributes().getInt("k");
            if (k < 0) {
              throw ctx.fail("Need k >= 0, got %d", k);
            }
            if (x.rank() < 1) {
              throw ctx.fail("input must be >= 1-D, got shape %s", x.tfShape());
            }
            long n = x.dim(x.rank() - 1);
            if (Dims.isKnown(n) && n < k) {
              throw ctx.fail("input must have at least k columns. Had %d, needed %d", n, k);
            }
            List<Long> out = new ArrayList<>(x.shape());
            out.set(x.rank() - 1, k);
            return new DenseType(DType.INT32, out);
          })
          .kernel(TopKKernels.class, "topK")
          // tf.math.top_k([1., 5., 3., 5.], k=3).indices -> [1, 3, 2]
          .example("""
              %x = constant() {value = tensor<float32>[4] [1.0, 5.0, 3.0, 5.0]} : tensor<float32>[4]
              %0 = top_k_indices(%x) {k = 3} : tensor<int32>[3]
              return %0
              """, "[1, 3, 2]")
          .tfRawOps("TopKV2").tfApi("tf.math.top_k", "tf.nn.top_k")
          .build();

  public static final OpDef ROW_TOP_K =
      OpDef.builder("row_top_k")
          .summary("the flat positions (int64) of the min(k, length) largest values of each row of partition, largest "
              + "first, equal ones by position: top_k along a ragged tensor's innermost ragged axis")
          .operands("values", "partition")
          .attribute(AttrSpec.required("k", AttrKind.INT))
          .traits(Trait.PURE)
          .dtypes(ORDERED)
          .type(ctx -> {
            DenseType v = ctx.dense(0);
            ctx.partition(1);
            ordered(ctx, v.dtype());
            if (v.rank() != 1) {
              throw ctx.fail("values must be a vector (a ragged tensor's flat values of rank 1), got %s", v);
            }
            if (ctx.attributes().getInt("k") < 0) {
              throw ctx.fail("Need k >= 0, got %d", ctx.attributes().getInt("k"));
            }
            return DenseType.of(DType.INT64, Dims.UNKNOWN);
          })
          .kernel(TopKKernels.class, "rowTopK")
          .example("""
              %v = constant() {value = tensor<int32>[5] [3, 5, 4, 1, 2]} : tensor<int32>[5]
              %s = constant() {value = tensor<int64>[4] [0, 3, 3, 5]} : tensor<int64>[4]
              %p = partition_from_row_splits(%s) : partition<int64>[3, (None)]
              %0 = row_top_k(%v, %p) {k = 2} : tensor<int64>[None]
              return %0
              """, "[1, 2, 4, 3]")
          .noTfCounterpart("top_k within the rows of a ragged tensor, which TF does not dispatch (its users pad with "
              + "to_tensor first); tf.math.top_k of a ragged tensor reaches it here")
          .build();

  public static final OpDef ROW_TOP_K_PARTITION =
      OpDef.builder("row_top_k_partition")
          .summary("the partition of row_top_k's result: row r keeps min(k, its length) values")
          .operands("partition")
          .attribute(AttrSpec.required("k", AttrKind.INT))
          .traits(Trait.PURE)
          .type(ctx -> {
            PartitionType p = ctx.partition(0);
            long k = ctx.attributes().getInt("k");
            if (k < 0) {
              throw ctx.fail("Need k >= 0, got %d", k);
            }
            if (p.uniform() && Dims.isKnown(p.uniformRowLength())) {
              long length = Math.min(k, p.uniformRowLength());
              long nvals = Dims.isKnown(p.nrows()) ? p.nrows() * length : Dims.UNKNOWN;
              return PartitionType.uniform(p.splitsDType(), p.nrows(), nvals, length);
            }
            return PartitionType.ragged(p.splitsDType(), p.nrows(), Dims.UNKNOWN);
          })
          .kernel(TopKKernels.class, "rowTopKSplits")
          .example("""
              %s = constant() {value = tensor<int64>[4] [0, 3, 3, 5]} : tensor<int64>[4]
              %p = partition_from_row_splits(%s) : partition<int64>[3, (None)]
              %0 = row_top_k_partition(%p) {k = 2} : partition<int64>[3, (None)]
              %1 = row_splits(%0) : tensor<int64>[4]
              return %1
              """, "[0, 2, 2, 4]")
          .noTfCounterpart("the row lengths of row_top_k's result, min(k, length) per row")
          .build();

  public static final OpDef IN_TOP_K =
      OpDef.builder("in_top_k")
          .summary("whether each target's prediction is among the k largest of its row: fewer than k larger ones, "
              + "false for an out-of-range target or a non-finite prediction (TF's InTopKV2)")
          .operands("targets", "predictions")
          .attribute(AttrSpec.required("k", AttrKind.INT))
          .traits(Trait.PURE)
          .type(ctx -> {
            DenseType targets = ctx.dense(0, DType.INT32, DType.INT64);
            DenseType predictions = ctx.dense(1, DType.FLOAT32);
            if (predictions.rank() != 2) {
              throw ctx.fail("predictions must be 2-dimensional, got %s", predictions);
            }
            if (targets.rank() != 1) {
              throw ctx.fail("targets must be 1-dimensional, got %s", targets);
            }
            Long batch = Dims.merge(predictions.dim(0), targets.dim(0));
            if (batch == null) {
              throw ctx.fail("First dimension of predictions %d must match length of targets %d", predictions.dim(0),
                  targets.dim(0));
            }
            return DenseType.of(DType.BOOL, batch);
          })
          .kernel(TopKKernels.class, "inTopK")
          // tf.math.in_top_k([2, 0], [[0.1, 0.8, 0.3], [0.5, 0.2, 0.9]], k=2) -> [True, True]
          .example("""
              %t = constant() {value = tensor<int32>[2] [2, 0]} : tensor<int32>[2]
              %p = constant() {value = tensor<float32>[2, 3] [[0.1, 0.8, 0.3], [0.5, 0.2, 0.9]]} : tensor<float32>[2, 3]
              %0 = in_top_k(%t, %p) {k = 2} : tensor<bool>[2]
              return %0
              """, "[True, True]")
          .tfRawOps("InTopKV2").tfApi("tf.math.in_top_k")
          .build();

  private static void ordered(OpContext ctx, DType dtype) {
    if (!ORDERED.contains(dtype)) {
      throw ctx.fail("%s is not defined on %s (it orders real numbers)", ctx.op().mnemonic(), dtype);
    }
  }

  private static DType indexType(OpContext ctx, String attribute) {
    DType t = ctx.attributes().getDType(attribute);
    if (t != DType.INT32 && t != DType.INT64) {
      throw ctx.fail("%s must be int32 or int64, got %s", attribute, t);
    }
    return t;
  }
}
