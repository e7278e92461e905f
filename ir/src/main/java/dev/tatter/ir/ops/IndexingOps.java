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
import dev.tatter.runtime.Index;
import dev.tatter.runtime.kernels.array.GetItemKernel;
import java.util.ArrayList;
import java.util.List;

/**
 * TF's {@code __getitem__}: {@code getitem(x) {key = ":, 1:3"}} on a dense or ragged tensor.
 * The type rule follows the kernel dimension by dimension, so that a key that cannot work — an
 * integer into a ragged inner dimension, an index out of a known range, too many indices — fails
 * when the graph is built.
 */
public final class IndexingOps {
  private IndexingOps() {}

  public static final OpDef GETITEM =
      OpDef.builder("getitem")
          .summary("x[key]: integers (negative from the end) and start:stop:step slices, outermost dim first; "
              + "an integer into a ragged inner dim is an error")
          .operands("x")
          .attribute(AttrSpec.required("key", AttrKind.STRING))
          .traits(Trait.PURE)
          .type(ctx -> {
            List<Index> key;
            try {
              key = Index.parse((String) ctx.attributes().get("key"));
            } catch (IllegalArgumentException e) {
              throw ctx.fail("%s", e.getMessage());
            }
            return apply(ctx, ctx.tensor(0), key, 0);
          })
          .kernel(GetItemKernel.class, "getItem")
          // the seed: rt[:, 1:3] of [[[1, 2, 3], [4]], [[5], [], [6]], [[7]], [[8, 9], [10]]]
          .example("""
          %v = constant() {value = tensor<int32>[10] [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]} : tensor<int32>[10]
          %s1 = constant() {value = tensor<int64>[9] [0, 3, 4, 5, 5, 6, 7, 9, 10]} : tensor<int64>[9]
          %p1 = partition_from_row_splits(%s1) : partition<int64>[8, (None)]
          %s0 = constant() {value = tensor<int64>[5] [0, 2, 5, 6, 8]} : tensor<int64>[5]
          %p0 = partition_from_row_splits(%s0) : partition<int64>[4, (None)]
          %inner = ragged(%v, %p1) : ragged<int32, nvals=[10]>[8, (None)]
          %rt = ragged(%inner, %p0) : ragged<int32, nvals=[8, 10]>[4, (None), (None)]
          %0 = getitem(%rt) {key = ":, 1:3"} : ragged<int32>[4, (None), (None)]
          return %0
              """, "[[[4]], [[], [6]], [], [[10]]]")
          .tfRawOps("StridedSlice").tfApi("tf.Tensor.__getitem__", "tf.RaggedTensor.__getitem__")
          .build();

  private static Type apply(OpContext ctx, Type t, List<Index> key, int dim) {
    if (key.isEmpty()) {
      return t;
    }
    if (t instanceof DenseType d) {
      return dense(ctx, d, key, dim);
    }
    RaggedType rt = (RaggedType) t;
    Index first = key.get(0);
    List<Index> rest = key.subList(1, key.size());
    PartitionType p = rt.outerPartition();
    if (first instanceof Index.At at) {
      checkRange(ctx, at, rt.nrows(), dim);
      return apply(ctx, withOuterDim(rt.valuesType(), p.uniform() ? p.uniformRowLength() : Dims.UNKNOWN), rest, dim + 1);
    }
    Index.Slice slice = (Index.Slice) first;
    long n = rt.nrows();
    long count = Dims.isKnown(n) ? slice.count(n) : Dims.UNKNOWN;
    return inner(ctx, withOuterDim(rt, count), rest, dim + 1);
  }

  private static Type inner(OpContext ctx, Type t, List<Index> key, int dim) {
    if (key.isEmpty()) {
      return t;
    }
    if (t instanceof DenseType d) {
      List<Index> full = new ArrayList<>();
      full.add(Index.all());
      full.addAll(key);
      return dense(ctx, d, full, dim - 1);
    }
    RaggedType rt = (RaggedType) t;
    PartitionType p = rt.outerPartition();
    Index first = key.get(0);
    List<Index> rest = key.subList(1, key.size());
    if (first instanceof Index.At at) {
      if (!p.uniform()) {
        throw ctx.fail("cannot index into the ragged inner dimension %d with %d: its rows have different lengths, so the "
            + "index may exist in some rows and not in others (TF refuses it rather than guess); slice it instead, "
            + "e.g. %s:%s", dim, at.index(), at.index(), at.index() == -1 ? "" : Long.toString(at.index() + 1));
      }
      checkRange(ctx, at, p.uniformRowLength(), dim);
      return inner(ctx, withOuterDim(rt.valuesType(), rt.nrows()), rest, dim + 1);
    }
    Index.Slice slice = (Index.Slice) first;
    Type values = inner(ctx, withOuterDim(rt.valuesType(), Dims.UNKNOWN), rest, dim + 1);
    PartitionType sliced = p.uniform()
        ? PartitionType.uniform(p.splitsDType(), rt.nrows(), Dims.UNKNOWN,
            Dims.isKnown(p.uniformRowLength()) ? slice.count(p.uniformRowLength()) : Dims.UNKNOWN)
        : PartitionType.ragged(p.splitsDType(), rt.nrows(), Dims.UNKNOWN);
    List<PartitionType> partitions = new ArrayList<>();
    partitions.add(sliced);
    if (values instanceof RaggedType r) {
      partitions.addAll(r.partitions());
      return RaggedType.of(rt.dtype(), partitions, r.flatValuesShape());
    }
    return RaggedType.of(rt.dtype(), partitions, ((DenseType) values).shape());
  }

  private static Type dense(OpContext ctx, DenseType t, List<Index> key, int dim) {
    if (key.size() > t.rank()) {
      throw ctx.fail("too many indices: [%s] for %s (rank %d) at dimension %d", Index.format(key), t, t.rank(), dim);
    }
    List<Long> shape = new ArrayList<>();
    for (int d = 0; d < t.rank(); d++) {
      Index k = d < key.size() ? key.get(d) : Index.all();
      long size = t.dim(d);
      if (k instanceof Index.At at) {
        checkRange(ctx, at, size, dim + d);
      } else {
        shape.add(Dims.isKnown(size) ? ((Index.Slice) k).count(size) : Dims.UNKNOWN);
      }
    }
    return new DenseType(t.dtype(), ImmutableList.copyOf(shape));
  }

  private static void checkRange(OpContext ctx, Index.At at, long size, int dim) {
    if (Dims.isKnown(size) && at.resolve(size) < 0) {
      throw ctx.fail("index %d is out of range for dimension %d of size %d", at.index(), dim, size);
    }
  }

  /**
   * {@code t} with {@code outer} rows, and every size below it forgotten: rows picked from the
   * middle of a ragged tensor hold a number of values known only at run time.
   */
  private static Type withOuterDim(Type t, long outer) {
    if (t instanceof DenseType d) {
      List<Long> shape = new ArrayList<>(d.shape());
      shape.set(0, outer);
      return new DenseType(d.dtype(), ImmutableList.copyOf(shape));
    }
    RaggedType rt = (RaggedType) t;
    List<PartitionType> partitions = new ArrayList<>();
    for (PartitionType p : rt.partitions()) {
      long nrows = partitions.isEmpty() ? outer : Dims.UNKNOWN;
      partitions.add(p.uniform()
          ? PartitionType.uniform(p.splitsDType(), nrows, Dims.UNKNOWN, p.uniformRowLength())
          : PartitionType.ragged(p.splitsDType(), nrows, Dims.UNKNOWN));
    }
    List<Long> flat = new ArrayList<>(rt.flatValuesShape());
    flat.set(0, Dims.UNKNOWN);
    return RaggedType.of(rt.dtype(), partitions, flat);
  }
}
