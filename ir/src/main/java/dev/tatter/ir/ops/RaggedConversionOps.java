package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.SparseType;
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.conversion.FromTensorKernels;
import dev.tatter.runtime.kernels.conversion.SparseConversionKernels;
import dev.tatter.runtime.kernels.ragged.MergeDimsKernel;
import java.util.ArrayList;
import java.util.List;

/**
 * From dense to ragged ({@code from_tensor} with lengths or padding), between ragged and sparse,
 * and {@code merge_dims}. {@code to_tensor} is in {@link ConversionOps}.
 */
public final class RaggedConversionOps {
  private RaggedConversionOps() {}

  private static final String SEED_DT = """
          %dt = constant() {value = tensor<int32>[3, 3] [[5, 7, 0], [0, 3, 0], [6, 0, 0]]} : tensor<int32>[3, 3]
      """;

  public static final OpDef FROM_TENSOR =
      fromTensorOp("from_tensor", "a dense tensor as a ragged one whose ragged dims are all uniform")
          .operands("tensor")
          .type(ctx -> fromTensorType(ctx, true))
          .kernel(FromTensorKernels.class, "fromTensor")
          .example(SEED_DT + """
          %0 = from_tensor(%dt) : ragged<int32, ragged_rank=1>[3, 3]
          return %0
              """, "[[5, 7, 0], [0, 3, 0], [6, 0, 0]]")
          .tfApi("tf.RaggedTensor.from_tensor")
          .build();

  public static final OpDef FROM_TENSOR_LENGTHS =
      fromTensorOp("from_tensor_lengths", "row r of the innermost ragged dim keeps its first lengths[r] items (clamped to [0, ncols])")
          .operands("tensor", "lengths")
          .type(ctx -> {
            ctx.dense(1, DType.INT32, DType.INT64);
            return fromTensorType(ctx, false);
          })
          .kernel(FromTensorKernels.class, "fromTensorLengths")
          .example(SEED_DT + """
          %l = constant() {value = tensor<int64>[3] [1, 0, 3]} : tensor<int64>[3]
          %0 = from_tensor_lengths(%dt, %l) : ragged<int32>[3, (None)]
          return %0
              """, "[[5], [], [6, 0, 0]]")
          .tfApi("tf.RaggedTensor.from_tensor")
          .build();

  public static final OpDef FROM_TENSOR_PADDING =
      fromTensorOp("from_tensor_padding", "each row of the innermost ragged dim loses its suffix of items equal to padding")
          .operands("tensor", "padding")
          .type(ctx -> {
            DenseType t = ctx.dense(0);
            DenseType pad = ctx.dense(1);
            if (pad.dtype() != t.dtype()) {
              throw ctx.fail("padding must be %s, got %s", t.dtype(), pad);
            }
            int rr = (int) ctx.attributes().getInt("ragged_rank");
            if (rr >= 1 && rr < t.rank() && pad.rank() != t.rank() - rr - 1) {
              throw ctx.fail("padding must have the shape of one item, %s, got %s",
                  t.shape().subList(rr + 1, t.rank()), pad);
            }
            return fromTensorType(ctx, false);
          })
          .kernel(FromTensorKernels.class, "fromTensorPadding")
          .example(SEED_DT + """
          %pad = constant() {value = tensor<int32>[] 0} : tensor<int32>[]
          %0 = from_tensor_padding(%dt, %pad) : ragged<int32>[3, (None)]
          return %0
              """, "[[5, 7], [0, 3], [6]]")
          .tfApi("tf.RaggedTensor.from_tensor")
          .build();

  public static final OpDef MERGE_DIMS =
      OpDef.builder("merge_dims")
          .summary("dims outer_axis..inner_axis (negative from the end) merged into one, row-major; all of them give a dense tensor")
          .operands("rt")
          .attribute(AttrSpec.required("outer_axis", AttrKind.INT))
          .attribute(AttrSpec.required("inner_axis", AttrKind.INT))
          .traits(Trait.PURE)
          .type(RaggedConversionOps::mergeDimsType)
          .kernel(MergeDimsKernel.class, "mergeDims")
          .example("""
          %v = constant() {value = tensor<int32>[6] [1, 2, 3, 4, 5, 6]} : tensor<int32>[6]
          %s1 = constant() {value = tensor<int64>[4] [0, 2, 3, 6]} : tensor<int64>[4]
          %p1 = partition_from_row_splits(%s1) : partition<int64>[3, (None)]
          %s0 = constant() {value = tensor<int64>[3] [0, 2, 3]} : tensor<int64>[3]
          %p0 = partition_from_row_splits(%s0) : partition<int64>[2, (None)]
          %inner = ragged(%v, %p1) : ragged<int32, nvals=[6]>[3, (None)]
          %rt = ragged(%inner, %p0) : ragged<int32, nvals=[3, 6]>[2, (None), (None)]
          %0 = merge_dims(%rt) {inner_axis = 2, outer_axis = 1} : ragged<int32, nvals=[6]>[2, (None)]
          return %0
              """, "[[1, 2, 3], [4, 5, 6]]")
          .tfApi("tf.RaggedTensor.merge_dims")
          .build();

  public static final OpDef TO_SPARSE =
      OpDef.builder("to_sparse")
          .summary("the sparse tensor holding every value of a ragged tensor at its position; dense_shape is the bounding shape")
          .operands("rt")
          .traits(Trait.PURE)
          .type(ctx -> {
            RaggedType rt = ctx.ragged(0);
            return new SparseType(rt.dtype(), boundingShape(rt));
          })
          .kernel(SparseConversionKernels.class, "toSparse")
          .example("""
          %s = constant() {value = tensor<int64>[5] [0, 3, 4, 4, 6]} : tensor<int64>[5]
          %p = partition_from_row_splits(%s) : partition<int64>[4, (None)]
          %v = constant() {value = tensor<int32>[6] [1, 2, 3, 4, 5, 6]} : tensor<int32>[6]
          %rt = ragged(%v, %p) : ragged<int32, nvals=[6]>[4, (None)]
          %0 = to_sparse(%rt) : sparse<int32>[4, None]
          return %0
              """, "SparseTensor(indices=[[0, 0], [0, 1], [0, 2], [1, 0], [3, 0], [3, 1]], values=[1, 2, 3, 4, 5, 6], dense_shape=[4, 3])")
          .tfRawOps("RaggedTensorToSparse").tfApi("tf.RaggedTensor.to_sparse")
          .build();

  public static final OpDef FROM_SPARSE =
      OpDef.builder("from_sparse")
          .summary("a 2-D right-ragged sparse tensor as a ragged tensor of dense_shape[0] rows")
          .operands("st")
          .attribute(AttrSpec.optional("splits", AttrKind.DTYPE, DType.INT64))
          .traits(Trait.PURE)
          .type(ctx -> {
            SparseType st = ctx.sparse(0);
            if (st.rank() != 2) {
              throw ctx.fail("from_sparse needs a 2-D sparse tensor (only those are supported, as in TF), got %s", st);
            }
            DType splits = splitsAttr(ctx);
            return RaggedType.of(st.dtype(), List.of(PartitionType.ragged(splits, st.dim(0), Dims.UNKNOWN)), List.of(Dims.UNKNOWN));
          })
          .kernel(SparseConversionKernels.class, "fromSparse")
          // the seed's RaggedTensor.from_sparse example
          .example("""
          %i = constant() {value = tensor<int64>[5, 2] [[0, 0], [0, 1], [0, 2], [1, 0], [3, 0]]} : tensor<int64>[5, 2]
          %v = constant() {value = tensor<int32>[5] [1, 2, 3, 4, 5]} : tensor<int32>[5]
          %s = constant() {value = tensor<int64>[2] [4, 3]} : tensor<int64>[2]
          %st = sparse_tensor(%i, %v, %s) {shape = [4, 3]} : sparse<int32>[4, 3]
          %0 = from_sparse(%st) : ragged<int32>[4, (None)]
          return %0
              """, "[[1, 2, 3], [4], [], [5]]")
          .tfApi("tf.RaggedTensor.from_sparse")
          .build();

  private static OpDef.Builder fromTensorOp(String mnemonic, String summary) {
    return OpDef.builder(mnemonic)
        .summary(summary)
        .attribute(AttrSpec.optional("ragged_rank", AttrKind.INT, 1L))
        .attribute(AttrSpec.optional("splits", AttrKind.DTYPE, DType.INT64))
        .traits(Trait.PURE);
  }

  static DType splitsAttr(OpContext ctx) {
    DType splits = ctx.attributes().getDType("splits");
    if (!splits.isSplitsDType()) {
      throw ctx.fail("splits must be int32 or int64, got %s", splits);
    }
    return splits;
  }

  /** The static type of {@code from_tensor*}: uniform outer dims, and the innermost one uniform or ragged. */
  private static Type fromTensorType(OpContext ctx, boolean innerUniform) {
    DenseType t = ctx.dense(0);
    long rr = ctx.attributes().getInt("ragged_rank");
    if (rr < 1 || rr >= t.rank()) {
      throw ctx.fail("ragged_rank must be in [1, %d] for %s, got %d", t.rank() - 1, t, rr);
    }
    DType splits = splitsAttr(ctx);
    List<PartitionType> partitions = new ArrayList<>();
    for (int axis = 1; axis <= rr; axis++) {
      long nrows = Dims.product(t.shape().subList(0, axis));
      partitions.add(axis < rr || innerUniform
          ? PartitionType.uniform(splits, nrows, Dims.UNKNOWN, t.dim(axis))
          : PartitionType.ragged(splits, nrows, Dims.UNKNOWN));
    }
    List<Long> flat = new ArrayList<>();
    flat.add(Dims.UNKNOWN);
    flat.addAll(t.shape().subList((int) rr + 1, t.rank()));
    return RaggedType.of(t.dtype(), partitions, flat);
  }

  /** The dims {@code to_tensor} and {@code to_sparse} produce: rows, each ragged dim's bound, inner dims. */
  static ImmutableList<Long> boundingShape(RaggedType rt) {
    ImmutableList.Builder<Long> shape = ImmutableList.builder();
    shape.add(rt.nrows());
    for (PartitionType p : rt.partitions()) {
      shape.add(p.uniform() ? p.uniformRowLength() : Dims.UNKNOWN);
    }
    shape.addAll(rt.flatValuesShape().subList(1, rt.flatValuesShape().size()));
    return shape.build();
  }

  private static Type mergeDimsType(OpContext ctx) {
    RaggedType rt = ctx.ragged(0);
    List<PartitionType> parts = rt.partitions();
    List<Long> flat = rt.flatValuesShape();
    int k = parts.size();
    int rank = rt.rank();
    long outer = ctx.attributes().getInt("outer_axis");
    long inner = ctx.attributes().getInt("inner_axis");
    int a = MergeDimsKernel.normalizeAxis(outer, rank);
    int b = MergeDimsKernel.normalizeAxis(inner, rank);
    if (a < 0 || b < 0 || a > b) {
      throw ctx.fail("merge_dims(%d, %d) needs 0 <= outer_axis <= inner_axis < rank %d (negative axes count from the end)",
          outer, inner, rank);
    }
    if (a == b) {
      return rt;
    }
    int c = Math.min(b, k);
    long scale = 1;
    List<Long> newFlat = new ArrayList<>(flat);
    if (b > k) {
      int from = Math.max(a, k) - k;
      int to = b - k;
      newFlat = new ArrayList<>(flat.subList(0, from));
      newFlat.add(Dims.product(flat.subList(from, to + 1)));
      newFlat.addAll(flat.subList(to + 1, flat.size()));
      if (from == 0) {
        scale = Dims.product(flat.subList(1, to + 1));
      }
    }
    List<PartitionType> result = new ArrayList<>();
    if (a > k) {
      result.addAll(parts);
    } else {
      result.addAll(parts.subList(0, Math.max(0, a - 1)));
      if (a >= 1) {
        result.add(compose(parts.subList(a - 1, c), scale));
      }
      result.addAll(parts.subList(c, k));
    }
    if (result.isEmpty()) {
      return new DenseType(rt.dtype(), ImmutableList.copyOf(newFlat));
    }
    // the level below the merged partition has rows we only know from the partitions' own sizes
    return RaggedType.of(rt.dtype(), result, newFlat);
  }

  private static PartitionType compose(List<PartitionType> chain, long scale) {
    PartitionType first = chain.get(0);
    boolean uniform = chain.stream().allMatch(PartitionType::uniform);
    if (!uniform) {
      return PartitionType.ragged(first.splitsDType(), first.nrows(), Dims.UNKNOWN);
    }
    long length = Dims.product(chain.stream().map(PartitionType::uniformRowLength).toList());
    long scaled = Dims.isKnown(length) && Dims.isKnown(scale) ? length * scale : Dims.UNKNOWN;
    return PartitionType.uniform(first.splitsDType(), first.nrows(), Dims.UNKNOWN, scaled);
  }
}
