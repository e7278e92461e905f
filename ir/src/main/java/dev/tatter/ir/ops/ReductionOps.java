package dev.tatter.ir.ops;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.AttrKind;
import dev.tatter.ir.AttrSpec;
import dev.tatter.ir.Canonicalizer;
import dev.tatter.ir.Graph;
import dev.tatter.ir.Node;
import dev.tatter.ir.OpContext;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.Trait;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import dev.tatter.ir.types.UnrankedType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.kernels.reduce.ReductionKernels;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * {@code reduce_sum prod min max mean all any} over one axis, or every axis, of a dense or
 * ragged tensor (TF's {@code tf.reduce_*}, ragged ones included). {@code axis} lists one axis
 * (negative counts from the end) or all of them (TF's {@code axis=None}: the flat values are
 * reduced to a scalar). The result types follow TF's {@code ragged_reduce_aggregate}: reducing a
 * ragged axis removes one partition; reducing axis 0 gives as many rows as the longest row, so
 * that size is unknown; {@code keepdims} keeps the axis as a uniform partition of length 1
 * where the result is ragged.
 */
public final class ReductionOps {
  private ReductionOps() {}

  private static final String RT = """
      %s = constant() {value = tensor<int64>[5] [0, 3, 5, 6, 8]} : tensor<int64>[5]
      %p = partition_from_row_splits(%s) : partition<int64>[4, (None)]
      %v = constant() {value = tensor<int32>[8] [3, 1, 4, 1, 5, 9, 2, 6]} : tensor<int32>[8]
      %rt = ragged(%v, %p) : ragged<int32, nvals=[8]>[4, (None)]
      """;

  // The examples are TF's own, from the docstrings of ragged_math_ops.py:
  // rt = tf.ragged.constant([[3, 1, 4], [1, 5], [9], [2, 6]]).

  public static final OpDef REDUCE_SUM = reduction("reduce_sum", "the sum; 0 where nothing is summed", "reduceSum", () -> RowReductionOps.ROW_SUM)
      .example(RT + "%0 = reduce_sum(%rt) {axis = [0]} : tensor<int32>[None]\nreturn %0", "[15, 12, 4]")
      .example(RT + "%0 = reduce_sum(%rt) {axis = [1]} : tensor<int32>[4]\nreturn %0", "[8, 6, 9, 8]")
      .tfRawOps("Sum").tfApi("tf.math.reduce_sum")
      .build();

  public static final OpDef REDUCE_PROD = reduction("reduce_prod", "the product; 1 where nothing is multiplied", "reduceProd", () -> RowReductionOps.ROW_PROD)
      .example(RT + "%0 = reduce_prod(%rt) {axis = [0]} : tensor<int32>[None]\nreturn %0", "[54, 30, 4]")
      .example(RT + "%0 = reduce_prod(%rt) {axis = [1]} : tensor<int32>[4]\nreturn %0", "[12, 5, 9, 12]")
      .tfRawOps("Prod").tfApi("tf.math.reduce_prod")
      .build();

  public static final OpDef REDUCE_MIN = reduction("reduce_min",
          "the minimum; the dtype's largest value for an empty ragged row (+inf for an empty uniform axis of floats)", "reduceMin", () -> RowReductionOps.ROW_MIN)
      .example(RT + "%0 = reduce_min(%rt) {axis = [0]} : tensor<int32>[None]\nreturn %0", "[1, 1, 4]")
      .example(RT + "%0 = reduce_min(%rt) {axis = [1]} : tensor<int32>[4]\nreturn %0", "[1, 1, 9, 2]")
      .tfRawOps("Min").tfApi("tf.math.reduce_min")
      .build();

  public static final OpDef REDUCE_MAX = reduction("reduce_max",
          "the maximum; the dtype's lowest value for an empty ragged row (-inf for an empty uniform axis of floats)", "reduceMax", () -> RowReductionOps.ROW_MAX)
      .example(RT + "%0 = reduce_max(%rt) {axis = [0]} : tensor<int32>[None]\nreturn %0", "[9, 6, 4]")
      .example(RT + "%0 = reduce_max(%rt) {axis = [1]} : tensor<int32>[4]\nreturn %0", "[4, 5, 9, 6]")
      .tfRawOps("Max").tfApi("tf.math.reduce_max")
      .build();

  public static final OpDef REDUCE_MEAN = reduction("reduce_mean",
          "the mean; NaN for an empty float mean; integers divide with truncation when dense, "
              + "truly (to float64, or float32 for int8/int16) when ragged", "reduceMean", () -> RowReductionOps.ROW_MEAN)
      .example(RT + "%0 = reduce_mean(%rt) {axis = [0]} : tensor<float64>[None]\nreturn %0", "[3.75, 4.0, 4.0]")
      .example(RT + "%0 = reduce_mean(%rt) {axis = [1]} : tensor<float64>[4]\nreturn %0",
          "[2.6666666666666665, 3.0, 9.0, 4.0]")
      .tfRawOps("Mean").tfApi("tf.math.reduce_mean")
      .build();

  private static final String BOOLS = """
      %s = constant() {value = tensor<int64>[4] [0, 2, 6, 8]} : tensor<int64>[4]
      %p = partition_from_row_splits(%s) : partition<int64>[3, (None)]
      %v = constant() {value = tensor<bool>[8] [true, true, true, true, false, true, false, true]} : tensor<bool>[8]
      %rt = ragged(%v, %p) : ragged<bool, nvals=[8]>[3, (None)]
      """;

  public static final OpDef REDUCE_ALL = reduction("reduce_all", "logical and (bool only); true where nothing is and-ed; of tensor<bool>[*] (== whose rank the run decides) with axis = [], every axis", "reduceAll", () -> RowReductionOps.ROW_ALL)
      .example(BOOLS + "%0 = reduce_all(%rt) {axis = [0]} : tensor<bool>[None]\nreturn %0", "[False, True, False, True]")
      .example(BOOLS + "%0 = reduce_all(%rt) {axis = [1]} : tensor<bool>[3]\nreturn %0", "[True, False, False]")
      // TF's tf.reduce_all(tf.constant([1, 2, 3]) == tf.constant([1, 2, 3])): True
      .example("""
          %x = constant() {value = tensor<int32>[3] [1, 2, 3]} : tensor<int32>[3]
          %0 = eq(%x, %x) {incompatible_shape_error = false} : tensor<bool>[*]
          %1 = reduce_all(%0) {axis = []} : tensor<bool>[]
          return %1
          """, "True")
      // reduce_all(x == y): "are these equal", whatever rank x == y turns out to have
      .traits(Trait.ACCEPTS_UNRANKED)
      .tfRawOps("All").tfApi("tf.math.reduce_all")
      .build();

  public static final OpDef REDUCE_ANY = reduction("reduce_any", "logical or (bool only); false where nothing is or-ed; of tensor<bool>[*] with axis = [], every axis", "reduceAny", () -> RowReductionOps.ROW_ANY)
      .example(BOOLS + "%0 = reduce_any(%rt) {axis = [0]} : tensor<bool>[None]\nreturn %0", "[True, True, False, True]")
      .example(BOOLS + "%0 = reduce_any(%rt) {axis = [1]} : tensor<bool>[3]\nreturn %0", "[True, True, True]")
      // reduce_all(x == y): "are these equal", whatever rank x == y turns out to have
      .traits(Trait.ACCEPTS_UNRANKED)
      .tfRawOps("Any").tfApi("tf.math.reduce_any")
      .build();

  private static OpDef.Builder reduction(String mnemonic, String summary, String kernel, Supplier<OpDef> rowOp) {
    Canonicalizer toRows = innermostRaggedAxisToRows(rowOp);
    return OpDef.builder(mnemonic)
        .summary(summary + "; axis lists one axis or every axis")
        .operands("input")
        .attribute(AttrSpec.required("axis", AttrKind.INTS))
        .attribute(AttrSpec.optional("keepdims", AttrKind.BOOL, false))
        .traits(Trait.PURE)
        .type(ReductionOps::infer)
        .kernel(ReductionKernels.class, kernel)
        .canonicalize((node, inputs, out) -> {
          Node listed = everyAxisListed(node, inputs, out);
          return listed != null ? listed : toRows.simplify(node, inputs, out);
        });
  }

  /**
   * {@code axis = []} is how reduce_all/reduce_any of an unranked value say "every axis" (there is
   * no rank to list them by); once canonicalization has made the operand ranked (an {@code ==}
   * whose shapes turned out decided), the axes are listed, which is the only spelling a ranked
   * operand takes. Runs before the node is copied over its new input, so the copy never sees
   * {@code []} on a ranked operand.
   */
  private static Node everyAxisListed(Node node, List<Node> inputs, Graph.Builder out) {
    @SuppressWarnings("unchecked")
    List<Long> axis = (List<Long>) node.attributes().get("axis");
    if (!axis.isEmpty() || !(node.input(0).type() instanceof UnrankedType) || inputs.get(0).type() instanceof UnrankedType
        || !(inputs.get(0).type() instanceof DenseType dense)) {
      return null;
    }
    List<Long> all = new ArrayList<>();
    for (long a = 0; a < dense.rank(); a++) {
      all.add(a);
    }
    return out.add(node.op(), inputs, Map.of("axis", ImmutableList.copyOf(all), "keepdims", node.attributes().getBool("keepdims")),
        node.name().orElse(null), node.location(), null);
  }

  /**
   * {@code reduce_*(rt) {axis = [k]}} for the innermost ragged axis {@code k} becomes the row
   * op over the flat values and the innermost partition, rebuilt under the outer partitions:
   * {@code ragged(... row_*(values(...rt), partition(...rt)) ..., partition(rt))}. Same values,
   * same empty-row results; the flat values become an operand that fusion can see through.
   */
  private static Canonicalizer innermostRaggedAxisToRows(Supplier<OpDef> rowOp) {
    return (node, inputs, out) -> {
      if (!(inputs.get(0).type() instanceof RaggedType rt)) {
        return null;
      }
      @SuppressWarnings("unchecked")
      List<Long> axis = (List<Long>) node.attributes().get("axis");
      int k = rt.raggedRank();
      if (axis.size() != 1 || (axis.get(0) < 0 ? axis.get(0) + rt.rank() : axis.get(0)) != k) {
        return null;
      }
      String name = node.name().orElse(null);
      Node current = inputs.get(0);
      List<Node> partitions = new ArrayList<>();
      for (int i = 0; i < k; i++) {
        partitions.add(out.add(RaggedOps.PARTITION, List.of(current), Map.of(), null, node.location(), null));
        current = out.add(RaggedOps.VALUES, List.of(current), Map.of(), null, node.location(), null);
      }
      Node result = out.add(rowOp.get(), List.of(current, partitions.get(k - 1)),
          Map.of("keepdims", node.attributes().getBool("keepdims")), k == 1 ? name : null, node.location(), null);
      for (int i = k - 2; i >= 0; i--) {
        result = out.add(RaggedOps.RAGGED, List.of(result, partitions.get(i)), Map.of(), i == 0 ? name : null, node.location(), null);
      }
      return result;
    };
  }

  private static Type infer(OpContext ctx) {
    Type input = ctx.tensor(0);
    String op = ctx.op().mnemonic();
    DType dtype = input.dtype();
    boolean logical = op.equals("reduce_all") || op.equals("reduce_any");
    if (input instanceof UnrankedType) {
      // only reduce_all/reduce_any declare ACCEPTS_UNRANKED; over every axis the result is a scalar at any rank
      @SuppressWarnings("unchecked")
      List<Long> axis = (List<Long>) ctx.attributes().get("axis");
      if (!axis.isEmpty() || ctx.attributes().getBool("keepdims")) {
        // axis = [] stands for every axis here (TF's axis=None): there is no rank to list them by
        throw ctx.fail("%s of %s, whose rank is known only at run time, reduces every axis: axis = [] and no keepdims, got axis = %s%s",
            op, input, axis, ctx.attributes().getBool("keepdims") ? " with keepdims" : "");
      }
      if (dtype != DType.BOOL) {
        throw ctx.fail("%s is not defined on %s (it takes bool only)", op, dtype);
      }
      return DenseType.scalar(dtype);
    }
    // TF registers sum, prod and mean, not min or max, for complex values (they have no order)
    boolean complexFold = dtype.isComplex()
        && (op.equals("reduce_sum") || op.equals("reduce_prod") || op.equals("reduce_mean"));
    if (logical ? dtype != DType.BOOL : !dtype.isNumeric() && !complexFold) {
      throw ctx.fail("%s is not defined on %s%s", op, dtype, logical ? " (it takes bool only)"
          : dtype.isComplex() ? " (complex values take sum, prod and mean only)" : "");
    }
    DType resultDType = op.equals("reduce_mean") && input instanceof RaggedType && dtype.isInteger()
        ? dtype.trueDivDType()
        : dtype;
    return reducedType(ctx, input, resultDType);
  }

  /**
   * The type of reducing {@code input} over the op's {@code axis} (one axis or all of them) with
   * its {@code keepdims}, in {@code dtype}: the rule every reduction of a ragged tensor shares.
   */
  static Type reducedType(OpContext ctx, Type input, DType dtype) {
    boolean keepdims = ctx.attributes().getBool("keepdims");
    int rank = rankOf(input);
    int[] axes = axes(ctx, rank);
    if (axes.length == rank) {
      return new DenseType(dtype, ImmutableList.copyOf(Collections.nCopies(keepdims ? rank : 0, 1L)));
    }
    return withDType(reduceAxis(input, axes[0], keepdims), dtype);
  }

  /** The normalized axes: one in {@code [-rank, rank)}, or every axis once. */
  private static int[] axes(OpContext ctx, int rank) {
    @SuppressWarnings("unchecked")
    List<Long> axis = (List<Long>) ctx.attributes().get("axis");
    int[] out = new int[axis.size()];
    boolean[] seen = new boolean[rank];
    for (int i = 0; i < out.length; i++) {
      long a = axis.get(i);
      if (a < -rank || a >= rank) {
        throw ctx.fail("axis %d is out of range for rank %d (expected -%d <= axis < %d)", a, rank, rank, rank);
      }
      out[i] = (int) (a < 0 ? a + rank : a);
      if (seen[out[i]]) {
        throw ctx.fail("axis %d is listed twice in %s", out[i], axis);
      }
      seen[out[i]] = true;
    }
    if (out.length != 1 && out.length != rank) {
      throw ctx.fail("axis must list one axis or all %d axes, got %s (reduce one axis at a time)", rank, axis);
    }
    return out;
  }

  static Type reduceAxis(Type input, int axis, boolean keepdims) {
    if (input instanceof DenseType dense) {
      List<Long> shape = new ArrayList<>(dense.shape());
      if (keepdims) {
        shape.set(axis, 1L);
      } else {
        shape.remove(axis);
      }
      return new DenseType(dense.dtype(), ImmutableList.copyOf(shape));
    }
    RaggedType rt = (RaggedType) input;
    if (axis == 0) {
      Type result = segments(rt.valuesType(), Dims.UNKNOWN);
      return keepdims ? expandDims(result, 0, rt.splitsDType()) : result;
    }
    if (axis == 1) {
      Type result = segments(rt.valuesType(), rt.nrows());
      return keepdims ? expandDims(result, 1, rt.splitsDType()) : result;
    }
    return withOuterPartition(rt.outerPartition(), reduceAxis(rt.valuesType(), axis - 1, keepdims));
  }

  /**
   * The type of folding the rows of {@code data} into {@code nseg} segments: dense data keeps
   * its inner shape; ragged data gets new partitions, built from row splits, of unknown sizes.
   */
  private static Type segments(Type data, long nseg) {
    if (data instanceof DenseType dense) {
      List<Long> shape = new ArrayList<>(dense.shape());
      shape.set(0, nseg);
      return new DenseType(dense.dtype(), ImmutableList.copyOf(shape));
    }
    RaggedType rt = (RaggedType) data;
    List<PartitionType> partitions = new ArrayList<>();
    for (int i = 0; i < rt.raggedRank(); i++) {
      partitions.add(PartitionType.ragged(rt.splitsDType(), i == 0 ? nseg : Dims.UNKNOWN, Dims.UNKNOWN));
    }
    List<Long> flat = new ArrayList<>(rt.flatValuesShape());
    flat.set(0, Dims.UNKNOWN);
    return RaggedType.of(rt.dtype(), partitions, flat);
  }

  /** TF's {@code expand_dims} at axis 0 or 1: a dense 1, or a uniform partition of length 1 (axis 1) or nrows (axis 0). */
  private static Type expandDims(Type value, int axis, DType splitsDType) {
    if (value instanceof DenseType dense) {
      List<Long> shape = new ArrayList<>(dense.shape());
      shape.add(axis, 1L);
      return new DenseType(dense.dtype(), ImmutableList.copyOf(shape));
    }
    RaggedType rt = (RaggedType) value;
    PartitionType outer = axis == 0
        ? PartitionType.uniform(splitsDType, 1, rt.nrows(), rt.nrows())
        : PartitionType.uniform(splitsDType, rt.nrows(), rt.nrows(), 1);
    return withOuterPartition(outer, rt);
  }

  /** {@code values} split by {@code partition}: TF's {@code rt.with_values}. */
  private static Type withOuterPartition(PartitionType partition, Type values) {
    List<PartitionType> partitions = new ArrayList<>();
    partitions.add(partition);
    List<Long> flat;
    if (values instanceof RaggedType rt) {
      partitions.addAll(rt.partitions());
      flat = rt.flatValuesShape();
    } else {
      flat = ((DenseType) values).shape();
    }
    return RaggedType.of(values.dtype(), partitions, flat);
  }

  private static Type withDType(Type t, DType dtype) {
    if (t instanceof RaggedType rt) {
      return rt.withFlatValues(dtype, rt.flatValuesShape());
    }
    return new DenseType(dtype, ((DenseType) t).shape());
  }

  private static int rankOf(Type t) {
    return t instanceof RaggedType rt ? rt.rank() : ((DenseType) t).rank();
  }
}
