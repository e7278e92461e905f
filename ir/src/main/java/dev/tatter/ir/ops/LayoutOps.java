package dev.tatter.ir.ops;

import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.runtime.InvalidArgumentException;
import dev.tatter.runtime.kernels.array.TransposeKernels;
import java.util.ArrayList;
import java.util.List;

/**
 * How a dense tensor's elements are laid out: {@code transpose} (TF's {@code Transpose}, its
 * permutation an attribute as TF's Python layer makes it from a list) and {@code split} (one piece
 * of TF's {@code SplitV}: TF returns a list, the IR one node per piece, {@code split {index}}, as
 * {@code sparse_split} and {@code dynamic_partition} do; {@code tf.split} by a count is equal
 * sizes, and {@code tf.unstack} is a {@code gather} of each index). The kernels are {@link
 * TransposeKernels}.
 */
public final class LayoutOps {
  private LayoutOps() {}

  public static final OpDef TRANSPOSE =
      OpDef.builder("transpose")
          .summary("dim d of the result is dim perm[d] of x; TF's Transpose")
          .operands("x")
          .attribute(AttrSpec.required("perm", AttrKind.INTS))
          .traits(Trait.PURE)
          .type(ctx -> {
            DenseType x = ctx.dense(0);
            List<Long> perm = ShapeOps.listOf(ctx.attributes().get("perm"));
            if (perm.size() != x.rank()) {
              throw ctx.fail("transpose expects a vector of size %d. But input(1) is a vector of size %d", x.rank(), perm.size());
            }
            boolean[] seen = new boolean[x.rank()];
            List<Long> out = new ArrayList<>();
            for (int d = 0; d < perm.size(); d++) {
              long p = perm.get(d);
              if (p < 0 || p >= x.rank() || seen[(int) p]) {
                throw ctx.fail("%d is %s in perm %s", p, p < 0 || p >= x.rank() ? "out of range" : "repeated", perm);
              }
              seen[(int) p] = true;
              out.add(x.dim((int) p));
            }
            return new DenseType(x.dtype(), out);
          })
          .kernel(TransposeKernels.class, "transpose")
          // tf.transpose([[1, 2, 3], [4, 5, 6]]) -> [[1, 4], [2, 5], [3, 6]]
          .example("""
              %x = constant() {value = tensor<int32>[2, 3] [[1, 2, 3], [4, 5, 6]]} : tensor<int32>[2, 3]
              %0 = transpose(%x) {perm = [1, 0]} : tensor<int32>[3, 2]
              return %0
              """, "[[1, 4], [2, 5], [3, 6]]")
          .tfRawOps("Transpose").tfApi("tf.transpose", "tf.linalg.matrix_transpose")
          .build();

  public static final OpDef SPLIT =
      OpDef.builder("split")
          .summary("piece index of value cut along axis (non-negative) into pieces of size_splits (one may be -1: the "
              + "rest), which must sum to the axis' size; TF's SplitV, one node per piece")
          .operands("value")
          .attribute(AttrSpec.required("size_splits", AttrKind.INTS))
          .attribute(AttrSpec.required("axis", AttrKind.INT))
          .attribute(AttrSpec.required("index", AttrKind.INT))
          .traits(Trait.PURE)
          .type(LayoutOps::splitType)
          .kernel(TransposeKernels.class, "split")
          // tf.split([[1, 2, 3, 4, 5]], [2, 3], axis=1)[1] -> [[3, 4, 5]]
          .example("""
              %x = constant() {value = tensor<int32>[1, 5] [[1, 2, 3, 4, 5]]} : tensor<int32>[1, 5]
              %0 = split(%x) {size_splits = [2, 3], axis = 1, index = 1} : tensor<int32>[1, 3]
              return %0
              """, "[[3, 4, 5]]")
          .tfRawOps("SplitV", "Split").tfApi("tf.split")
          .build();

  private static DenseType splitType(OpContext ctx) {
    DenseType x = ctx.dense(0);
    long axis = ctx.attributes().getInt("axis");
    long index = ctx.attributes().getInt("index");
    List<Long> sizes = ShapeOps.listOf(ctx.attributes().get("size_splits"));
    if (axis < 0 || axis >= x.rank()) {
      throw ctx.fail("axis %d is out of range for %s (negative axes are resolved by the builder)", axis, x);
    }
    if (index < 0 || index >= sizes.size()) {
      throw ctx.fail("index %d is not a piece of %d", index, sizes.size());
    }
    long dim = x.dim((int) axis);
    long size = sizes.get((int) index);
    if (Dims.isKnown(dim)) {
      try {
        size = TransposeKernels.resolveSizes(sizes.stream().mapToLong(Long::longValue).toArray(), (int) dim)[(int) index];
      } catch (InvalidArgumentException e) {
        throw ctx.fail("%s", e.getMessage());
      }
    } else {
      if (sizes.stream().filter(s -> s == -1).count() > 1) {
        throw ctx.fail("There can only be one -1 in the input.");
      }
      for (int i = 0; i < sizes.size(); i++) {
        if (sizes.get(i) < -1) {
          throw ctx.fail("Split size at index %d must be >= 0. Got: %d", i, sizes.get(i));
        }
      }
      size = size == -1 ? Dims.UNKNOWN : size;
    }
    List<Long> out = new ArrayList<>(x.shape());
    out.set((int) axis, size);
    return new DenseType(x.dtype(), out);
  }
}
