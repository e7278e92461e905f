package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.kernels.sparse.SparseShapeKernels;
import java.util.ArrayList;
import java.util.List;

/**
 * The structural {@code tf.sparse} ops: {@code concat} (of two; the builder chains more),
 * {@code slice}, {@code reshape}, {@code transpose}, {@code expand_dims}, {@code reset_shape}.
 * Each static shape is what the attributes and the operand's static shape determine.
 */
public final class SparseShapeOps {
  private SparseShapeOps() {}

  /** tf.sparse.SparseTensor([[0, 2], [1, 0], [1, 1]], [1, 2, 3], [2, 3]), the concat docstring's first input. */
  private static final String A_2X3 = """
          %ai = constant() {value = tensor<int64>[3, 2] [[0, 2], [1, 0], [1, 1]]} : tensor<int64>[3, 2]
          %av = constant() {value = tensor<int32>[3] [1, 2, 3]} : tensor<int32>[3]
          %as = constant() {value = tensor<int64>[2] [2, 3]} : tensor<int64>[2]
          %a = sparse_tensor(%ai, %av, %as) {shape = [2, 3]} : sparse<int32>[2, 3]
      """;

  public static final OpDef CONCAT =
      OpDef.builder("sparse_concat")
          .summary("a and b concatenated along axis, entries re-sorted to row-major order; other dims must match, "
              + "or with expand_nonconcat_dims each is the larger")
          .operands("a", "b")
          .attribute(AttrSpec.required("axis", AttrKind.INT))
          .attribute(AttrSpec.optional("expand_nonconcat_dims", AttrKind.BOOL, false))
          .traits(Trait.PURE)
          .type(ctx -> {
            SparseType a = ctx.sparse(0);
            SparseType b = ctx.sparse(1);
            if (a.dtype() != b.dtype()) {
              throw ctx.fail("operands must have one dtype, got %s and %s", a.dtype(), b.dtype());
            }
            int rank = a.rank();
            long axis = ctx.attributes().getInt("axis");
            if (axis < -rank || axis >= rank) {
              throw ctx.fail("Concat dimension must be in range [%d, %d), got %d", -rank, rank, axis);
            }
            if (b.rank() != rank) {
              throw ctx.fail("Ranks of all input tensors must match: expected %d but got %d at position 1", rank, b.rank());
            }
            int concatDim = (int) (axis < 0 ? axis + rank : axis);
            boolean expand = ctx.attributes().getBool("expand_nonconcat_dims");
            ImmutableList.Builder<Long> shape = ImmutableList.builder();
            for (int d = 0; d < rank; d++) {
              long x = a.dim(d);
              long y = b.dim(d);
              boolean known = Dims.isKnown(x) && Dims.isKnown(y);
              if (d == concatDim) {
                if (known && x > Long.MAX_VALUE - y) {
                  throw ctx.fail("sparse concat: dimension %d of the result, %d + %d, overflows int64", d, x, y);
                }
                shape.add(known ? x + y : Dims.UNKNOWN);
              } else if (expand) {
                shape.add(known ? Math.max(x, y) : Dims.UNKNOWN);
              } else {
                Long m = Dims.merge(x, y);
                if (m == null) {
                  throw ctx.fail("Input shapes must match: expected %d for dimension %d but got %d at position 1", x, d, y);
                }
                shape.add(m);
              }
            }
            return new SparseType(a.dtype(), shape.build());
          })
          .kernel(SparseShapeKernels.class, "concat")
          // tf.sparse.concat(1, [a, b]) of the docstring: [2, 3] and [2, 4] -> [2, 7]
          .example(A_2X3 + """
          %bi = constant() {value = tensor<int64>[2, 2] [[0, 1], [0, 2]]} : tensor<int64>[2, 2]
          %bv = constant() {value = tensor<int32>[2] [4, 5]} : tensor<int32>[2]
          %bs = constant() {value = tensor<int64>[2] [2, 4]} : tensor<int64>[2]
          %b = sparse_tensor(%bi, %bv, %bs) {shape = [2, 4]} : sparse<int32>[2, 4]
          %0 = sparse_concat(%a, %b) {axis = 1} : sparse<int32>[2, 7]
          return %0
              """, "SparseTensor(indices=[[0, 2], [0, 4], [0, 5], [1, 0], [1, 1]], values=[1, 4, 5, 2, 3], dense_shape=[2, 7])")
          .tfRawOps("SparseConcat").tfApi("tf.sparse.concat")
          .build();

  public static final OpDef SLICE =
      OpDef.builder("sparse_slice")
          .summary("the entries in [start, start + size) in every dim, shifted by start; sizes clipped to the input")
          .operands("st")
          .attribute(AttrSpec.required("start", AttrKind.INTS))
          .attribute(AttrSpec.required("size", AttrKind.INTS))
          .traits(Trait.PURE)
          .type(ctx -> {
            SparseType st = ctx.sparse(0);
            long[] start = ints(ctx, "start");
            long[] size = ints(ctx, "size");
            if (start.length != st.rank() || size.length != st.rank()) {
              throw ctx.fail("Expected start and size to be vectors of length %d, got %d and %d", st.rank(), start.length,
                  size.length);
            }
            ImmutableList.Builder<Long> shape = ImmutableList.builder();
            for (int d = 0; d < st.rank(); d++) {
              if (start[d] < 0 || size[d] < 0) {
                throw ctx.fail("start %s and size %s must be non-negative", java.util.Arrays.toString(start), java.util.Arrays.toString(size));
              }
              long dim = st.dim(d);
              shape.add(Dims.isKnown(dim) ? Math.max(0, Math.min(size[d], dim - start[d])) : Dims.UNKNOWN);
            }
            return new SparseType(st.dtype(), shape.build());
          })
          .kernel(SparseShapeKernels.class, "slice")
          // tf.sparse.slice(a, start=[0, 1], size=[2, 2])
          .example(A_2X3 + """
          %0 = sparse_slice(%a) {start = [0, 1], size = [2, 2]} : sparse<int32>[2, 2]
          return %0
              """, "SparseTensor(indices=[[0, 1], [1, 0]], values=[1, 3], dense_shape=[2, 2])")
          .tfRawOps("SparseSlice").tfApi("tf.sparse.slice")
          .build();

  public static final OpDef RESHAPE =
      OpDef.builder("sparse_reshape")
          .summary("the same values in a new dense shape (one dim may be -1), indices from row-major positions")
          .operands("st")
          .attribute(AttrSpec.required("shape", AttrKind.INTS))
          .traits(Trait.PURE)
          .type(ctx -> {
            SparseType st = ctx.sparse(0);
            long[] target = ints(ctx, "shape");
            if (target.length == 0) {
              throw ctx.fail("a sparse tensor has rank >= 1; shape [] is a scalar");
            }
            int unknown = -1;
            long product = 1;
            for (int d = 0; d < target.length; d++) {
              if (target[d] == -1) {
                if (unknown != -1) {
                  throw ctx.fail("only one output dimension may be -1, not both %d and %d", unknown, d);
                }
                unknown = d;
              } else if (target[d] < 0) {
                throw ctx.fail("size %d must be non-negative, not %d", d, target[d]);
              } else {
                if (target[d] != 0 && product > Long.MAX_VALUE / target[d]) {
                  throw ctx.fail("the shape %s holds more elements than int64 counts (its product overflows int64)",
                      java.util.Arrays.toString(target));
                }
                product *= target[d];
              }
            }
            boolean inputKnown = st.shape().stream().allMatch(Dims::isKnown);
            List<Long> shape = new ArrayList<>();
            for (long t : target) {
              shape.add(t);
            }
            if (inputKnown) {
              long size = Dims.product(st.shape());
              if (unknown != -1) {
                if (product == 0 || size % product != 0) {
                  throw ctx.fail("cannot reshape %s (%d values) into %s", st.tfShape(), size, java.util.Arrays.toString(target));
                }
                shape.set(unknown, size / product);
              } else if (product != size) {
                throw ctx.fail("Input to reshape is a tensor with %d dense values, but the requested shape has %d",
                    size, product);
              }
            }
            return new SparseType(st.dtype(), ImmutableList.copyOf(shape));
          })
          .kernel(SparseShapeKernels.class, "reshape")
          // the docstring: tf.sparse.reshape of shape [2, 3, 6] to [9, -1]
          .example("""
          %i = constant() {value = tensor<int64>[5, 3] [[0, 0, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0], [1, 2, 3]]} : tensor<int64>[5, 3]
          %v = constant() {value = tensor<int32>[5] [1, 2, 3, 4, 5]} : tensor<int32>[5]
          %s = constant() {value = tensor<int64>[3] [2, 3, 6]} : tensor<int64>[3]
          %st = sparse_tensor(%i, %v, %s) {shape = [2, 3, 6]} : sparse<int32>[2, 3, 6]
          %0 = sparse_reshape(%st) {shape = [9, -1]} : sparse<int32>[9, 4]
          return %0
              """, "SparseTensor(indices=[[0, 0], [0, 1], [1, 2], [4, 2], [8, 1]], values=[1, 2, 3, 4, 5], dense_shape=[9, 4])")
          .tfRawOps("SparseReshape").tfApi("tf.sparse.reshape")
          .build();

  public static final OpDef TRANSPOSE =
      OpDef.builder("sparse_transpose")
          .summary("dims permuted by perm (dim d of the result is dim perm[d]), entries re-sorted to row-major order")
          .operands("st")
          .attribute(AttrSpec.required("perm", AttrKind.INTS))
          .traits(Trait.PURE)
          .type(ctx -> {
            SparseType st = ctx.sparse(0);
            long[] perm = ints(ctx, "perm");
            try {
              SparseShapeKernels.checkPermutation(perm, st.rank());
            } catch (RuntimeException e) {
              throw ctx.fail("%s", e.getMessage());
            }
            ImmutableList.Builder<Long> shape = ImmutableList.builder();
            for (long p : perm) {
              shape.add(st.dim((int) p));
            }
            return new SparseType(st.dtype(), shape.build());
          })
          .kernel(SparseShapeKernels.class, "transpose")
          // tf.sparse.transpose(a) of the [2, 3] input: perm [1, 0]
          .example(A_2X3 + """
          %0 = sparse_transpose(%a) {perm = [1, 0]} : sparse<int32>[3, 2]
          return %0
              """, "SparseTensor(indices=[[0, 1], [1, 1], [2, 0]], values=[2, 3, 1], dense_shape=[3, 2])")
          .tfApi("tf.sparse.transpose")
          .build();

  public static final OpDef EXPAND_DIMS =
      OpDef.builder("sparse_expand_dims")
          .summary("a dim of size 1 inserted at axis, in [-rank - 1, rank]")
          .operands("st")
          .attribute(AttrSpec.required("axis", AttrKind.INT))
          .traits(Trait.PURE)
          .type(ctx -> {
            SparseType st = ctx.sparse(0);
            int rank = st.rank();
            long axis = ctx.attributes().getInt("axis");
            if (axis < -rank - 1 || axis > rank) {
              throw ctx.fail("axis %d is out of range [%d, %d]", axis, -rank - 1, rank);
            }
            List<Long> shape = new ArrayList<>(st.shape());
            shape.add((int) (axis < 0 ? axis + rank + 1 : axis), 1L);
            return new SparseType(st.dtype(), ImmutableList.copyOf(shape));
          })
          .kernel(SparseShapeKernels.class, "expandDims")
          // tf.sparse.expand_dims(a, axis=0)
          .example(A_2X3 + """
          %0 = sparse_expand_dims(%a) {axis = 0} : sparse<int32>[1, 2, 3]
          return %0
              """, "SparseTensor(indices=[[0, 0, 2], [0, 1, 0], [0, 1, 1]], values=[1, 2, 3], dense_shape=[1, 2, 3])")
          .tfApi("tf.sparse.expand_dims")
          .build();

  public static final OpDef RESET_SHAPE =
      OpDef.builder("sparse_reset_shape")
          .summary("the same entries in their tight bounding shape (one past the largest index per dim)")
          .operands("st")
          .traits(Trait.PURE)
          .type(ctx -> {
            SparseType st = ctx.sparse(0);
            return new SparseType(st.dtype(), ImmutableList.copyOf(java.util.Collections.nCopies(st.rank(), Dims.UNKNOWN)));
          })
          .kernel(SparseShapeKernels.class, "resetShape")
          // tf.sparse.reset_shape of the docstring's [4, 5] input -> dense_shape [3, 4]
          .example("""
          %i = constant() {value = tensor<int64>[5, 2] [[0, 0], [0, 1], [0, 3], [1, 1], [2, 0]]} : tensor<int64>[5, 2]
          %v = constant() {value = tensor<int32>[5] [1, 2, 3, 4, 5]} : tensor<int32>[5]
          %s = constant() {value = tensor<int64>[2] [4, 5]} : tensor<int64>[2]
          %st = sparse_tensor(%i, %v, %s) {shape = [4, 5]} : sparse<int32>[4, 5]
          %0 = sparse_reset_shape(%st) : sparse<int32>[None, None]
          return %0
              """, "SparseTensor(indices=[[0, 0], [0, 1], [0, 3], [1, 1], [2, 0]], values=[1, 2, 3, 4, 5], dense_shape=[3, 4])")
          .tfApi("tf.sparse.reset_shape")
          .build();

  public static final OpDef RESET_SHAPE_TO =
      OpDef.builder("sparse_reset_shape_to")
          .summary("the same entries in the dense shape given, of the same rank and no smaller in any dim")
          .operands("st")
          .attribute(AttrSpec.required("shape", AttrKind.INTS))
          .traits(Trait.PURE)
          .type(ctx -> {
            SparseType st = ctx.sparse(0);
            long[] shape = ints(ctx, "shape");
            if (shape.length != st.rank()) {
              throw ctx.fail("new_shape %s has rank %d but the sparse tensor has rank %d", java.util.Arrays.toString(shape), shape.length,
                  st.rank());
            }
            ImmutableList.Builder<Long> out = ImmutableList.builder();
            for (int d = 0; d < shape.length; d++) {
              if (shape[d] < 0 || (Dims.isKnown(st.dim(d)) && shape[d] < st.dim(d))) {
                throw ctx.fail("new_shape %s is smaller than the sparse tensor's shape %s in dimension %d",
                    java.util.Arrays.toString(shape), st.tfShape(), d);
              }
              out.add(shape[d]);
            }
            return new SparseType(st.dtype(), out.build());
          })
          .kernel(SparseShapeKernels.class, "resetShapeTo")
          // tf.sparse.reset_shape(a, new_shape=[5, 6])
          .example(A_2X3 + """
          %0 = sparse_reset_shape_to(%a) {shape = [5, 6]} : sparse<int32>[5, 6]
          return %0
              """, "SparseTensor(indices=[[0, 2], [1, 0], [1, 1]], values=[1, 2, 3], dense_shape=[5, 6])")
          .tfApi("tf.sparse.reset_shape")
          .build();

  static long[] ints(OpContext ctx, String name) {
    return ((List<?>) ctx.attributes().get(name)).stream().mapToLong(o -> (Long) o).toArray();
  }
}
