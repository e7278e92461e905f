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
import dev.tatter.ir.types.Type;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.array.BooleanMaskKernels;
import dev.tatter.runtime.kernels.array.SequenceMaskKernels;
import dev.tatter.runtime.kernels.array.WhereKernels;
import java.util.ArrayList;
import java.util.List;

/**
 * Ops that select elements by a condition: {@code tf.ragged.boolean_mask}, {@code tf.where}
 * with one argument (coordinates) and with three ({@code select}, on dense operands; the builder
 * lowers ragged operands to their flat values), and {@code tf.sequence_mask}.
 */
public final class SelectionOps {
  private SelectionOps() {}

  public static final OpDef BOOLEAN_MASK =
      OpDef.builder("boolean_mask")
          .summary("tf.ragged.boolean_mask: the elements of data where mask (a prefix of data's shape, dense or ragged) "
              + "is true, keeping the mask's dims; ragged_rank max(data.ragged_rank, rank(mask) - 1)")
          .operands("data", "mask")
          .traits(Trait.PURE)
          .type(SelectionOps::maskType)
          .kernel(BooleanMaskKernels.class, "booleanMask")
          .canonicalize((node, inputs, out) -> RowSelectionOps.SHARED_PARTITION.simplify(node, inputs, out))
          // tf.ragged.boolean_mask([[1, 2, 3], [4, 5, 6], [7, 8, 9]], [[T, F, T], [F, F, F], [T, F, F]]) -> [[1, 3], [], [7]]
          .example("""
              %data = constant() {value = tensor<int32>[3, 3] [[1, 2, 3], [4, 5, 6], [7, 8, 9]]} : tensor<int32>[3, 3]
              %mask = constant() {value = tensor<bool>[3, 3] [[true, false, true], [false, false, false], [true, false, false]]} : tensor<bool>[3, 3]
              %0 = boolean_mask(%data, %mask) : ragged<int32>[3, (None)]
              return %0
              """, "[[1, 3], [], [7]]")
          // tf.ragged.boolean_mask(tf.ragged.constant([[1, 2, 3], [4], [5, 6]]), [True, False, True]) -> [[1, 2, 3], [5, 6]]
          .example("""
              %v = constant() {value = tensor<int32>[6] [1, 2, 3, 4, 5, 6]} : tensor<int32>[6]
              %s = constant() {value = tensor<int64>[4] [0, 3, 4, 6]} : tensor<int64>[4]
              %p = partition_from_row_splits(%s) : partition<int64>[3, (None)]
              %rt = ragged(%v, %p) : ragged<int32, nvals=[6]>[3, (None)]
              %mask = constant() {value = tensor<bool>[3] [true, false, true]} : tensor<bool>[3]
              %0 = boolean_mask(%rt, %mask) : ragged<int32>[None, (None)]
              return %0
              """, "[[1, 2, 3], [5, 6]]")
          .tfApi("tf.ragged.boolean_mask")
          .build();

  public static final OpDef WHERE =
      OpDef.builder("where")
          .summary("tf.where(condition): int64 coordinates [num_true, rank] of the true (non-zero) elements, "
              + "row-major, through ragged dims too")
          .operands("condition")
          .traits(Trait.PURE)
          .type(ctx -> {
            Type c = ctx.tensor(0);
            if (c.dtype() != DType.BOOL && !c.dtype().isNumeric()) {
              throw ctx.fail("condition must be bool or numeric, got %s", c.dtype());
            }
            int rank = c instanceof RaggedType r ? r.rank() : ((DenseType) c).rank();
            if (rank == 0) {
              throw ctx.fail("where(condition) needs a condition of rank >= 1 (TF's Where: Unhandled input dimensions: 0)");
            }
            return DenseType.of(DType.INT64, Dims.UNKNOWN, rank);
          })
          .kernel(WhereKernels.class, "whereCoordinates")
          // tf.where([[True, False], [False, True]]) -> [[0, 0], [1, 1]]
          .example("""
              %c = constant() {value = tensor<bool>[2, 2] [[true, false], [false, true]]} : tensor<bool>[2, 2]
              %0 = where(%c) : tensor<int64>[None, 2]
              return %0
              """, "[[0, 0], [1, 1]]")
          .tfRawOps("Where").tfApi("tf.where")
          .build();

  public static final OpDef SELECT =
      OpDef.builder("select")
          .summary("tf.where(condition, x, y): x where condition else y, the three shapes broadcast (TF 2's where_v2)")
          .operands("condition", "x", "y")
          .traits(Trait.PURE)
          .type(ctx -> {
            DenseType c = ctx.dense(0, DType.BOOL);
            DenseType x = ctx.dense(1);
            DenseType y = ctx.dense(2);
            if (x.dtype() != y.dtype()) {
              throw ctx.fail("x and y must have one dtype, got %s and %s", x.dtype(), y.dtype());
            }
            List<Long> cx = ElementwiseOps.broadcastShapeOrNull(c.shape(), x.shape());
            List<Long> shape = cx == null ? null : ElementwiseOps.broadcastShapeOrNull(cx, y.shape());
            if (shape == null) {
              throw ctx.fail("incompatible shapes: condition %s, x %s, y %s", c, x, y);
            }
            return new DenseType(x.dtype(), shape);
          })
          .kernel(WhereKernels.class, "select")
          // tf.where([True, False, False, True], [1, 2, 3, 4], [100]) -> [1, 100, 100, 4]
          .example("""
              %c = constant() {value = tensor<bool>[4] [true, false, false, true]} : tensor<bool>[4]
              %x = constant() {value = tensor<int32>[4] [1, 2, 3, 4]} : tensor<int32>[4]
              %y = constant() {value = tensor<int32>[1] [100]} : tensor<int32>[1]
              %0 = select(%c, %x, %y) : tensor<int32>[4]
              return %0
              """, "[1, 100, 100, 4]")
          .tfRawOps("SelectV2").tfApi("tf.where")
          .build();

  public static final OpDef SEQUENCE_MASK =
      OpDef.builder("sequence_mask")
          .summary("tf.sequence_mask(lengths, maxlen, dtype): mask[i..., j] = j < lengths[i...]; maxlen -1 is the "
              + "largest length")
          .operands("lengths")
          .attribute(AttrSpec.optional("maxlen", AttrKind.INT, -1L))
          .attribute(AttrSpec.optional("dtype", AttrKind.DTYPE, DType.BOOL))
          .traits(Trait.PURE)
          .type(ctx -> {
            DenseType lengths = ctx.dense(0, DType.INT32, DType.INT64);
            long maxlen = ctx.attributes().getInt("maxlen");
            DType dtype = (DType) ctx.attributes().get("dtype");
            if (dtype == DType.STRING) {
              throw ctx.fail("sequence_mask cannot produce strings");
            }
            if (maxlen < -1) {
              throw ctx.fail("maxlen must be non-negative (or -1 for the largest length), got %d", maxlen);
            }
            List<Long> shape = new ArrayList<>(lengths.shape());
            shape.add(maxlen);
            return new DenseType(dtype, ImmutableList.copyOf(shape));
          })
          .kernel(SequenceMaskKernels.class, "sequenceMask")
          // tf.sequence_mask([1, 3, 2], 5) -> [[True, False, False, False, False], [True, True, True, False, False],
          //   [True, True, False, False, False]]
          .example("""
              %l = constant() {value = tensor<int32>[3] [1, 3, 2]} : tensor<int32>[3]
              %0 = sequence_mask(%l) {maxlen = 5} : tensor<bool>[3, 5]
              return %0
              """, "[[True, False, False, False, False], [True, True, True, False, False], [True, True, False, False, False]]")
          .tfApi("tf.sequence_mask")
          .build();

  /** The static size of each axis of a dense or ragged type (UNKNOWN for a ragged axis). */
  private static List<Long> axisSizes(Type t) {
    List<Long> sizes = new ArrayList<>();
    if (t instanceof DenseType d) {
      sizes.addAll(d.shape());
      return sizes;
    }
    RaggedType r = (RaggedType) t;
    sizes.add(r.nrows());
    for (PartitionType p : r.partitions()) {
      sizes.add(p.uniform() ? p.uniformRowLength() : Dims.UNKNOWN);
    }
    sizes.addAll(r.flatValuesShape().subList(1, r.flatValuesShape().size()));
    return sizes;
  }

  private static Type maskType(OpContext ctx) {
    Type data = ctx.tensor(0);
    Type mask = ctx.tensor(1);
    if (mask.dtype() != DType.BOOL) {
      throw ctx.fail("mask must be bool, got %s", mask.dtype());
    }
    RaggedType raggedData = data instanceof RaggedType r ? r : null;
    RaggedType raggedMask = mask instanceof RaggedType r ? r : null;
    if (raggedData != null && raggedMask != null && raggedData.splitsDType() != raggedMask.splitsDType()) {
      throw ctx.fail("Input RaggedTensors have mismatched row_splits dtypes (%s and %s); use with_row_splits_dtype to "
          + "convert them to compatible dtypes", raggedData.splitsDType(), raggedMask.splitsDType());
    }
    DType splits = raggedData != null ? raggedData.splitsDType() : raggedMask != null ? raggedMask.splitsDType() : DType.INT64;
    List<Long> dataDims = axisSizes(data);
    List<Long> maskDims = axisSizes(mask);
    int m = maskDims.size();
    int rank = dataDims.size();
    if (m == 0) {
      throw ctx.fail("mask cannot be scalar");
    }
    if (m > rank) {
      throw ctx.fail("mask.shape must be a prefix of data.shape: mask %s has rank %d, data %s rank %d", mask, m, data, rank);
    }
    for (int a = 0; a < m; a++) {
      if (Dims.merge(maskDims.get(a), dataDims.get(a)) == null) {
        throw ctx.fail("mask.shape must be a prefix of data.shape: dimension %d is %d in mask %s and %d in data %s",
            a, maskDims.get(a), mask, dataDims.get(a), data);
      }
    }
    int dataRaggedRank = raggedData == null ? 0 : raggedData.raggedRank();
    if (raggedMask != null && raggedData != null && raggedMask.raggedRank() > dataRaggedRank) {
      throw ctx.fail("a mask of ragged_rank %d cannot mask data of ragged_rank %d", raggedMask.raggedRank(), dataRaggedRank);
    }
    int outRaggedRank = Math.max(dataRaggedRank, m - 1);
    long nrows = m == 1 ? Dims.UNKNOWN : dataDims.get(0);
    List<PartitionType> out = new ArrayList<>();
    for (int i = 0; i < outRaggedRank; i++) {
      PartitionType p = i < dataRaggedRank ? raggedData.partitions().get(i) : null;
      long outer = i == 0 ? nrows : Dims.UNKNOWN;
      if (i < m - 2) {
        // a level above the mask's last: rows and counts unchanged
        out.add(p != null ? p : PartitionType.uniform(splits, outer, Dims.UNKNOWN, dataDims.get(i + 1)));
      } else if (i == m - 2) {
        out.add(PartitionType.ragged(splits, outer, Dims.UNKNOWN));
      } else {
        out.add(p.uniform() ? PartitionType.uniform(splits, outer, Dims.UNKNOWN, p.uniformRowLength())
            : PartitionType.ragged(splits, outer, Dims.UNKNOWN));
      }
    }
    List<Long> flat = new ArrayList<>();
    flat.add(outRaggedRank == 0 ? nrows : Dims.UNKNOWN);
    flat.addAll(dataDims.subList(outRaggedRank + 1, rank));
    if (outRaggedRank == 0) {
      return new DenseType(data.dtype(), ImmutableList.copyOf(flat));
    }
    return RaggedType.of(data.dtype(), out, flat);
  }
}
