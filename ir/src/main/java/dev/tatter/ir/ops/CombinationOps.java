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
import dev.tatter.runtime.kernels.array.ConcatKernels;
import dev.tatter.runtime.kernels.array.TileKernels;
import java.util.ArrayList;
import java.util.List;

/**
 * Ops that combine or repeat tensors: {@code concat} of two dense or ragged tensors along any axis
 * (the builder folds a list of them, and builds {@code tf.stack} from {@code expand_dims} and
 * {@code concat}), and {@code tile}.
 */
public final class CombinationOps {
  private CombinationOps() {}

  public static final OpDef CONCAT =
      OpDef.builder("concat")
          .summary("tf.concat([a, b], axis) (axis >= 0): dense with dense is ConcatV2; otherwise both are brought to one "
              + "ragged rank, axis 0 appends rows, axis 1 joins row i of each, deeper axes need identical outer rows")
          .operands("a", "b")
          .attribute(AttrSpec.required("axis", AttrKind.INT))
          .traits(Trait.PURE)
          .type(ctx -> {
            Type a = ctx.tensor(0);
            Type b = ctx.tensor(1);
            if (a.dtype() != b.dtype()) {
              throw ctx.fail("operands must have one dtype, got %s and %s", a.dtype(), b.dtype());
            }
            if (a instanceof RaggedType ra && b instanceof RaggedType rb && ra.splitsDType() != rb.splitsDType()) {
              throw ctx.fail("Input RaggedTensors have mismatched row_splits dtypes (%s and %s); use with_row_splits_dtype "
                  + "to convert them to compatible dtypes", ra.splitsDType(), rb.splitsDType());
            }
            int rank = rank(a);
            if (rank != rank(b)) {
              throw ctx.fail("operands must have one rank, got %s (rank %d) and %s (rank %d)", a, rank, b, rank(b));
            }
            long axis = ctx.attributes().getInt("axis");
            if (axis < 0 || axis >= rank) {
              throw ctx.fail("axis %d is out of range for rank %d (negative axes are resolved by the builder)", axis, rank);
            }
            return concatType(ctx, a, b, (int) axis, true);
          })
          .kernel(ConcatKernels.class, "concat")
          // tf.concat([tf.ragged.constant([[1, 2], [3, 4, 5]]), tf.ragged.constant([[6], [7, 8, 9]])], axis=1)
          //   -> [[1, 2, 6], [3, 4, 5, 7, 8, 9]]
          .example("""
              %v1 = constant() {value = tensor<int32>[5] [1, 2, 3, 4, 5]} : tensor<int32>[5]
              %s1 = constant() {value = tensor<int64>[3] [0, 2, 5]} : tensor<int64>[3]
              %p1 = partition_from_row_splits(%s1) : partition<int64>[2, (None)]
              %t1 = ragged(%v1, %p1) : ragged<int32, nvals=[5]>[2, (None)]
              %v2 = constant() {value = tensor<int32>[4] [6, 7, 8, 9]} : tensor<int32>[4]
              %s2 = constant() {value = tensor<int64>[3] [0, 1, 4]} : tensor<int64>[3]
              %p2 = partition_from_row_splits(%s2) : partition<int64>[2, (None)]
              %t2 = ragged(%v2, %p2) : ragged<int32, nvals=[4]>[2, (None)]
              %0 = concat(%t1, %t2) {axis = 1} : ragged<int32, nvals=[9]>[2, (None)]
              return %0
              """, "[[1, 2, 6], [3, 4, 5, 7, 8, 9]]")
          // tf.concat([[1, 2], [3, 4]], [[5, 6]]], axis=0) -> [[1, 2], [3, 4], [5, 6]]
          .example("""
              %a = constant() {value = tensor<int32>[2, 2] [[1, 2], [3, 4]]} : tensor<int32>[2, 2]
              %b = constant() {value = tensor<int32>[1, 2] [[5, 6]]} : tensor<int32>[1, 2]
              %0 = concat(%a, %b) {axis = 0} : tensor<int32>[3, 2]
              return %0
              """, "[[1, 2], [3, 4], [5, 6]]")
          .tfRawOps("ConcatV2").tfApi("tf.concat")
          .build();

  public static final OpDef TILE =
      OpDef.builder("tile")
          .summary("tf.tile(input, multiples): each dimension repeated multiples[i] times; on a ragged tensor the rows, "
              + "and the contents of each row along a ragged dim, are repeated")
          .operands("input")
          .attribute(AttrSpec.required("multiples", AttrKind.INTS))
          .traits(Trait.PURE)
          .type(ctx -> {
            Type t = ctx.tensor(0);
            List<?> multiples = (List<?>) ctx.attributes().get("multiples");
            int rank = rank(t);
            if (multiples.size() != rank) {
              throw ctx.fail("Expected multiples argument to be a vector of length %d but got length %d", rank, multiples.size());
            }
            long[] m = new long[rank];
            for (int i = 0; i < rank; i++) {
              m[i] = (Long) multiples.get(i);
              if (m[i] < 0) {
                throw ctx.fail("Expected multiples[%d] >= 0, but got %d", i, m[i]);
              }
            }
            if (t instanceof DenseType d) {
              List<Long> shape = new ArrayList<>();
              for (int a = 0; a < rank; a++) {
                shape.add(times(d.dim(a), m[a]));
              }
              return new DenseType(d.dtype(), ImmutableList.copyOf(shape));
            }
            RaggedType r = (RaggedType) t;
            List<PartitionType> out = new ArrayList<>();
            for (int i = 0; i < r.raggedRank(); i++) {
              out.add(PartitionType.ragged(r.splitsDType(), i == 0 ? times(r.nrows(), m[0]) : Dims.UNKNOWN, Dims.UNKNOWN));
            }
            List<Long> flat = new ArrayList<>();
            flat.add(Dims.UNKNOWN);
            for (int a = 1; a < r.flatValuesShape().size(); a++) {
              flat.add(times(r.flatValuesShape().get(a), m[r.raggedRank() + a]));
            }
            return RaggedType.of(r.dtype(), out, flat);
          })
          .kernel(TileKernels.class, "tile")
          // tf.tile(tf.ragged.constant([[1, 2], [3]]), [3, 2]) -> [[1, 2, 1, 2], [3, 3], [1, 2, 1, 2], [3, 3], [1, 2, 1, 2], [3, 3]]
          .example("""
              %v = constant() {value = tensor<int32>[3] [1, 2, 3]} : tensor<int32>[3]
              %s = constant() {value = tensor<int64>[3] [0, 2, 3]} : tensor<int64>[3]
              %p = partition_from_row_splits(%s) : partition<int64>[2, (None)]
              %rt = ragged(%v, %p) : ragged<int32, nvals=[3]>[2, (None)]
              %0 = tile(%rt) {multiples = [3, 2]} : ragged<int32>[6, (None)]
              return %0
              """, "[[1, 2, 1, 2], [3, 3], [1, 2, 1, 2], [3, 3], [1, 2, 1, 2], [3, 3]]")
          .tfRawOps("Tile").tfApi("tf.tile")
          .build();

  private static long times(long size, long multiple) {
    if (multiple == 0) {
      return 0;
    }
    return Dims.isKnown(size) && size <= Long.MAX_VALUE / multiple ? size * multiple : Dims.UNKNOWN;
  }

  static int rank(Type t) {
    return t instanceof RaggedType r ? r.rank() : ((DenseType) t).rank();
  }

  private static long sum(long x, long y) {
    return Dims.isKnown(x) && Dims.isKnown(y) ? x + y : Dims.UNKNOWN;
  }

  private static Type concatType(OpContext ctx, Type a, Type b, int axis, boolean top) {
    if (a instanceof DenseType da && b instanceof DenseType db && (top || axis == da.rank() - 1)) {
      List<Long> shape = new ArrayList<>();
      for (int d = 0; d < da.rank(); d++) {
        if (d == axis) {
          shape.add(sum(da.dim(d), db.dim(d)));
        } else {
          Long merged = Dims.merge(da.dim(d), db.dim(d));
          if (merged == null) {
            throw ctx.fail("Dimension %d in both shapes must be equal: %s vs %s", d, da, db);
          }
          shape.add(merged);
        }
      }
      return new DenseType(da.dtype(), ImmutableList.copyOf(shape));
    }
    DType splits = a instanceof RaggedType r ? r.splitsDType() : b instanceof RaggedType r ? r.splitsDType() : DType.INT64;
    int raggedRank = Math.max(1, Math.max(raggedRank(a), raggedRank(b)));
    RaggedType ra = withRaggedRank(a, raggedRank, splits);
    RaggedType rb = withRaggedRank(b, raggedRank, splits);
    if (axis <= 1) {
      long nrows;
      if (axis == 0) {
        nrows = sum(ra.nrows(), rb.nrows());
      } else {
        Long merged = Dims.merge(ra.nrows(), rb.nrows());
        if (merged == null) {
          throw ctx.fail("Input tensors have incompatible shapes: %s vs %s (concatenating along axis 1 joins row i of each)",
              ra, rb);
        }
        nrows = merged;
      }
      List<PartitionType> out = new ArrayList<>();
      for (int d = 0; d < raggedRank; d++) {
        long nvals = sum(ra.partitions().get(d).nvals(), rb.partitions().get(d).nvals());
        out.add(PartitionType.ragged(splits, d == 0 ? nrows : Dims.UNKNOWN, nvals));
      }
      return RaggedType.of(ra.dtype(), out, flatConcat(ctx, ra, rb));
    }
    Long nrows = Dims.merge(ra.nrows(), rb.nrows());
    Long nvals = Dims.merge(ra.outerPartition().nvals(), rb.outerPartition().nvals());
    if (nrows == null || nvals == null) {
      throw ctx.fail("Inputs must have identical ragged splits to concatenate along axis %d: %s vs %s", axis, ra, rb);
    }
    Type values = concatType(ctx, ra.valuesType(), rb.valuesType(), axis - 1, false);
    List<PartitionType> out = new ArrayList<>();
    out.add(PartitionType.ragged(splits, nrows, Dims.UNKNOWN));
    if (values instanceof RaggedType rv) {
      out.addAll(rv.partitions());
      return RaggedType.of(ra.dtype(), out, rv.flatValuesShape());
    }
    return RaggedType.of(ra.dtype(), out, ((DenseType) values).shape());
  }

  private static List<Long> flatConcat(OpContext ctx, RaggedType a, RaggedType b) {
    List<Long> out = new ArrayList<>();
    out.add(sum(a.flatValuesShape().get(0), b.flatValuesShape().get(0)));
    for (int d = 1; d < a.flatValuesShape().size(); d++) {
      Long merged = Dims.merge(a.flatValuesShape().get(d), b.flatValuesShape().get(d));
      if (merged == null) {
        throw ctx.fail("the inner dimensions of the operands differ: %s vs %s", a, b);
      }
      out.add(merged);
    }
    return out;
  }

  private static int raggedRank(Type t) {
    return t instanceof RaggedType r ? r.raggedRank() : 0;
  }

  /** {@code t} with at least {@code raggedRank} partitions, its dense dims as uniform ones (TF's from_tensor). */
  static RaggedType withRaggedRank(Type t, int raggedRank, DType splits) {
    List<PartitionType> partitions = new ArrayList<>();
    List<Long> flat;
    if (t instanceof RaggedType r) {
      partitions.addAll(r.partitions());
      flat = new ArrayList<>(r.flatValuesShape());
    } else {
      flat = new ArrayList<>(((DenseType) t).shape());
    }
    while (partitions.size() < raggedRank) {
      long rows = flat.get(0);
      long length = flat.get(1);
      partitions.add(PartitionType.uniform(splits, rows, Dims.UNKNOWN, length));
      flat.remove(0);
      flat.set(0, Dims.isKnown(rows) && Dims.isKnown(length) ? rows * length : Dims.UNKNOWN);
    }
    return RaggedType.of(t.dtype(), partitions, flat);
  }
}
