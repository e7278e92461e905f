package dev.tatter.ir.ops;

import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import dev.tatter.runtime.kernels.array.OneHotKernels;
import dev.tatter.runtime.kernels.sort.SearchKernels;
import dev.tatter.runtime.kernels.sort.UniqueKernels;
import java.util.ArrayList;
import java.util.List;

/**
 * Encodings of values as positions: {@code one_hot} (TF's {@code OneHot}), {@code bucketize}
 * (TF's {@code Bucketize}), {@code search_sorted} (TF's {@code LowerBound}/{@code UpperBound}, by
 * its {@code side}) and {@code unique} (TF's {@code Unique}/{@code UniqueWithCounts}: one node per
 * result, {@code output} 0 for the values, 1 for each element's index, 2 for the counts).
 */
public final class EncodingOps {
  private EncodingOps() {}

  public static final OpDef ONE_HOT =
      OpDef.builder("one_hot")
          .summary("indices' shape with a dim of size depth inserted at axis (0..rank, resolved by the builder): on_value "
              + "where the index is the position along it, off_value elsewhere (indices outside [0, depth) too); TF's OneHot")
          .operands("indices", "on_value", "off_value")
          .attribute(AttrSpec.required("depth", AttrKind.INT))
          .attribute(AttrSpec.required("axis", AttrKind.INT))
          .traits(Trait.PURE)
          .type(ctx -> {
            DenseType indices = ctx.dense(0, DType.UINT8, DType.INT8, DType.INT32, DType.INT64);
            DenseType on = ctx.dense(1);
            DenseType off = ctx.dense(2);
            if (on.rank() != 0 || off.rank() != 0 || on.dtype() != off.dtype()) {
              throw ctx.fail("on_value and off_value must be scalars of one dtype, got %s and %s", on, off);
            }
            long depth = ctx.attributes().getInt("depth");
            long axis = ctx.attributes().getInt("axis");
            if (depth < 0) {
              throw ctx.fail("depth must be non-negative, got: %d", depth);
            }
            if (axis < 0 || axis > indices.rank()) {
              throw ctx.fail("Expected axis to be -1 or between [0, %d).  But received: %d", indices.rank() + 1, axis);
            }
            List<Long> out = new ArrayList<>(indices.shape());
            out.add((int) axis, depth);
            return new DenseType(on.dtype(), out);
          })
          .kernel(OneHotKernels.class, "oneHot")
          // tf.one_hot([0, 2, -1, 1], depth=3) -> [[1., 0., 0.], [0., 0., 1.], [0., 0., 0.], [0., 1., 0.]]
          .example("""
              %i = constant() {value = tensor<int32>[4] [0, 2, -1, 1]} : tensor<int32>[4]
              %on = constant() {value = tensor<float32>[] 1.0} : tensor<float32>[]
              %off = constant() {value = tensor<float32>[] 0.0} : tensor<float32>[]
              %0 = one_hot(%i, %on, %off) {depth = 3, axis = 1} : tensor<float32>[4, 3]
              return %0
              """, "[[1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [0.0, 0.0, 0.0], [0.0, 1.0, 0.0]]")
          .tfRawOps("OneHot").tfApi("tf.one_hot")
          .build();

  public static final OpDef BUCKETIZE =
      OpDef.builder("bucketize")
          .summary("int32: how many of the sorted float32 boundaries are at or below each value (TF's Bucketize)")
          .operands("input")
          .attribute(AttrSpec.required("boundaries", AttrKind.TENSOR))
          .traits(Trait.PURE)
          .type(ctx -> {
            DenseType x = ctx.dense(0, DType.INT32, DType.INT64, DType.FLOAT32, DType.FLOAT64);
            Tensor b = ctx.attributes().getTensor("boundaries");
            if (b.dtype() != DType.FLOAT32 || b.rank() != 1) {
              throw ctx.fail("boundaries must be a float32 vector, got %s%s", b.dtype(), java.util.Arrays.toString(b.shape()));
            }
            for (int i = 1; i < b.size(); i++) {
              if (!(b.getDouble(i - 1) <= b.getDouble(i))) {
                throw ctx.fail("Expected sorted boundaries");
              }
            }
            return new DenseType(DType.INT32, x.shape());
          })
          .kernel(SearchKernels.class, "bucketize")
          // tf.raw_ops.Bucketize(input=[[-5, 10000], [150, 10], [5, 100]], boundaries=[0., 10., 100.])
          //   -> [[0, 3], [3, 2], [1, 3]]
          .example("""
              %x = constant() {value = tensor<int32>[3, 2] [[-5, 10000], [150, 10], [5, 100]]} : tensor<int32>[3, 2]
              %0 = bucketize(%x) {boundaries = tensor<float32>[3] [0.0, 10.0, 100.0]} : tensor<int32>[3, 2]
              return %0
              """, "[[0, 3], [3, 2], [1, 3]]")
          .tfRawOps("Bucketize").tfApi("tf.raw_ops.Bucketize")
          .build();

  public static final OpDef SEARCH_SORTED =
      OpDef.builder("search_sorted")
          .summary("per row of a sorted [B, N] sequence, the first position whose element is not less than (side "
              + "\"left\") or greater than (side \"right\") each value of the row [B, M] (TF's LowerBound/UpperBound)")
          .operands("sorted_sequence", "values")
          .attribute(AttrSpec.optional("side", AttrKind.STRING, "left"))
          .attribute(AttrSpec.optional("out_type", AttrKind.DTYPE, DType.INT32))
          .traits(Trait.PURE)
          .dtypes(RankingOps.ORDERED)
          .type(ctx -> {
            DenseType s = ctx.dense(0);
            DenseType v = ctx.dense(1);
            if (s.rank() != 2 || v.rank() != 2) {
              throw ctx.fail("sorted_sequence and values must be matrices (the builder makes them so), got %s and %s", s, v);
            }
            if (s.dtype() != v.dtype() || !RankingOps.ORDERED.contains(s.dtype())) {
              throw ctx.fail("sorted_sequence and values must have one real dtype, got %s and %s", s.dtype(), v.dtype());
            }
            Long rows = Dims.merge(s.dim(0), v.dim(0));
            if (rows == null) {
              throw ctx.fail("Leading dim_size of both tensors must match.");
            }
            side(ctx);
            DType out = ctx.attributes().getDType("out_type");
            if (out != DType.INT32 && out != DType.INT64) {
              throw ctx.fail("out_type must be int32 or int64, got %s", out);
            }
            return DenseType.of(out, rows, v.dim(1));
          })
          .kernel(SearchKernels.class, "search")
          // tf.searchsorted([[0., 3., 9., 9., 10.]], [[2., 9., 11.]], side="right") -> [[1, 4, 5]]
          .example("""
              %s = constant() {value = tensor<float32>[1, 5] [[0.0, 3.0, 9.0, 9.0, 10.0]]} : tensor<float32>[1, 5]
              %v = constant() {value = tensor<float32>[1, 3] [[2.0, 9.0, 11.0]]} : tensor<float32>[1, 3]
              %0 = search_sorted(%s, %v) {side = "right"} : tensor<int32>[1, 3]
              return %0
              """, "[[1, 4, 5]]")
          .tfRawOps("LowerBound", "UpperBound").tfApi("tf.searchsorted")
          .build();

  public static final OpDef UNIQUE =
      OpDef.builder("unique")
          .summary("of a vector: its distinct values in first-occurrence order (output 0), each element's position among "
              + "them (1) or each one's count (2), positions and counts of out_idx (TF's Unique/UniqueWithCounts)")
          .operands("x")
          .attribute(AttrSpec.optional("out_idx", AttrKind.DTYPE, DType.INT32))
          .attribute(AttrSpec.optional("output", AttrKind.INT, 0L))
          .traits(Trait.PURE)
          .type(ctx -> {
            DenseType x = ctx.dense(0);
            if (x.rank() != 1) {
              throw ctx.fail("unique expects a 1D vector, got %s", x);
            }
            if (x.dtype().isComplex()) {
              throw ctx.fail("unique is not defined on %s", x.dtype());
            }
            DType idx = ctx.attributes().getDType("out_idx");
            if (idx != DType.INT32 && idx != DType.INT64) {
              throw ctx.fail("out_idx must be int32 or int64, got %s", idx);
            }
            long output = ctx.attributes().getInt("output");
            return switch ((int) output) {
              case 0 -> DenseType.of(x.dtype(), Dims.UNKNOWN);
              case 1 -> DenseType.of(idx, x.dim(0));
              case 2 -> DenseType.of(idx, Dims.UNKNOWN);
              default -> throw ctx.fail("output must be 0 (y), 1 (idx) or 2 (count), got %d", output);
            };
          })
          .kernel(UniqueKernels.class, "unique")
          // tf.unique([1, 1, 2, 4, 4, 4, 7, 8, 8]).y -> [1, 2, 4, 7, 8]
          .example("""
              %x = constant() {value = tensor<int32>[9] [1, 1, 2, 4, 4, 4, 7, 8, 8]} : tensor<int32>[9]
              %0 = unique(%x) : tensor<int32>[None]
              return %0
              """, "[1, 2, 4, 7, 8]")
          // tf.unique_with_counts([1, 1, 2, 4, 4, 4, 7, 8, 8]).count -> [2, 1, 3, 1, 2]
          .example("""
              %x = constant() {value = tensor<int32>[9] [1, 1, 2, 4, 4, 4, 7, 8, 8]} : tensor<int32>[9]
              %0 = unique(%x) {output = 2} : tensor<int32>[None]
              return %0
              """, "[2, 1, 3, 1, 2]")
          .tfRawOps("Unique", "UniqueWithCounts").tfApi("tf.unique", "tf.unique_with_counts")
          .build();

  private static String side(OpContext ctx) {
    String side = (String) ctx.attributes().get("side");
    if (!side.equals("left") && !side.equals("right")) {
      throw ctx.fail("side must be \"left\" or \"right\", got \"%s\"", side);
    }
    return side;
  }
}
