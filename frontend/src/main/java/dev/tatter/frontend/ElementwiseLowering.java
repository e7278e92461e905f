package dev.tatter.frontend;

import dev.tatter.ir.GraphBuildException;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.ComparisonOps;
import dev.tatter.ir.ops.ElementwiseOps;
import dev.tatter.ir.ops.RaggedBroadcastOps;
import dev.tatter.ir.ops.RaggedOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.SparseType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.Type;
import dev.tatter.ir.types.UnrankedType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Scalars;
import dev.tatter.runtime.Tensor;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How the builder lowers TF's elementwise operators to core ops. Every elementwise op in the
 * graph is a dense op over operands of one dtype; a ragged operand contributes its flat values:
 *
 * <ul>
 *   <li>dense with dense: the op itself, NumPy broadcasting (checked now when sizes are static,
 *       else at run time);
 *   <li>ragged with ragged: the op on flat values under {@code assert_same_partition} of each
 *       pair of partitions (gone once CSE makes them one node);
 *   <li>ragged with dense: the dense operand, aligned with the ragged shape from the right, is
 *       carried down to the flat values by one {@code row_gather} per partition it reaches
 *       (a dim aligned with a ragged dim is 1, or the length of every row, checked at run
 *       time; the one aligned with the outer rows is nrows or 1), then the op on flat values.
 *       A dense operand no deeper than the flat values' inner dims (a scalar, {@code [3]}
 *       against {@code [nrows, (None), 3]}) broadcasts against the flat values directly.
 * </ul>
 *
 * The shape checks run on static types before any node is added, so {@code eq} can turn a
 * proven incompatibility into False.
 */
@BuilderApi
final class ElementwiseLowering {
  private ElementwiseLowering() {}

  /** {@code op(x)}: on the flat values of a ragged {@code x}, partitions kept. */
  static Value unary(OpDef op, Value x, Map<String, ?> attributes) {
    requireTensor(op, x);
    GraphBuilder g = x.builder();
    if (x.raggedRank() == 0) { // dense, or unranked: the op's own check decides whether it takes that
      return g.op(op, attributes, x);
    }
    GraphBuilder.Decomposed d = g.decompose(x);
    return g.rebuild(g.op(op, attributes, d.flatValues()), d.partitions());
  }

  /** {@code op(x, y)} for two values of one dtype, broadcasting as described above. */
  static Value binary(OpDef op, Value x, Value y) {
    return binary(op, x, y, Map.of());
  }

  /** {@code op(x, y){attributes}}, as {@link #binary(OpDef, Value, Value)}. */
  static Value binary(OpDef op, Value x, Value y, Map<String, ?> attributes) {
    if (x.type() instanceof SparseType || y.type() instanceof SparseType) {
      return Sparse.elementwise(x.type() instanceof SparseType ? x : y, op, x.type() instanceof SparseType ? y : x);
    }
    requireTensor(op, x);
    requireTensor(op, y);
    if (x.type() instanceof UnrankedType || y.type() instanceof UnrankedType) {
      return x.builder().op(op, attributes, x, y); // refused, naming the operand (OpDef's check)
    }
    if (x.dtype() != y.dtype()) {
      throw fail(op, x, y, "operands must have one dtype, got " + x.dtype() + " and " + y.dtype()
          + " (convert one with cast)");
    }
    checkBroadcast(op, x, y);
    GraphBuilder g = x.builder();
    int rank = x.raggedRank();
    int otherRank = y.raggedRank();
    if (rank == 0 && otherRank == 0) {
      return g.op(op, attributes, x, y);
    }
    if (rank > 0 && otherRank > 0) {
      GraphBuilder.Decomposed a = g.decompose(x);
      GraphBuilder.Decomposed b = g.decompose(y);
      List<Value> partitions = new ArrayList<>();
      for (int i = 0; i < rank; i++) {
        partitions.add(g.op(RaggedOps.ASSERT_SAME_PARTITION, Map.of(), a.partitions().get(i), b.partitions().get(i)));
      }
      return g.rebuild(g.op(op, attributes, a.flatValues(), b.flatValues()), partitions);
    }
    boolean raggedLeft = rank > 0;
    Value ragged = raggedLeft ? x : y;
    Value dense = raggedLeft ? y : x;
    GraphBuilder.Decomposed r = g.decompose(ragged);
    Value carried = dense;
    for (int i = firstGatheredPartition((RaggedType) ragged.type(), (DenseType) dense.type()); i < r.partitions().size(); i++) {
      carried = g.op(RaggedBroadcastOps.ROW_GATHER, Map.of(), carried, r.partitions().get(i));
    }
    Value flat = raggedLeft ? g.op(op, attributes, r.flatValues(), carried) : g.op(op, attributes, carried, r.flatValues());
    return g.rebuild(flat, r.partitions());
  }

  /** TF's truediv: integers are cast to float32 (int8, int16) or float64 (int32, int64) first. */
  static Value truediv(OpDef op, Value x, Value y) {
    if (x.dtype() == y.dtype() && x.dtype().isInteger()) {
      DType to = ElementwiseOps.truedivDType(x.dtype());
      return binary(op, cast(x, to), cast(y, to));
    }
    return binary(op, x, y);
  }

  static Value cast(Value x, DType dtype) {
    if (x.dtype() == dtype) {
      return x;
    }
    return unary(ElementwiseOps.CAST, x, Map.of("dtype", dtype));
  }

  /**
   * TF's {@code ==} (and {@code !=}), {@code Equal(x, y, incompatible_shape_error=False)}: the
   * comparison if the operands can broadcast, else a scalar False (True for {@code !=}). Dense
   * operands whose static shapes decide it get the plain comparison or the constant; where an
   * unknown size decides it, the op with {@code incompatible_shape_error = false}, of type
   * {@code tensor<bool>[*]}, decides at run time. Ragged operands keep the plain op (TF's ragged
   * {@code __eq__} calls {@code math_ops.equal}, which raises in a graph), as do sparse ones.
   */
  static Value equality(OpDef op, Value x, Value y, boolean ifIncompatible) {
    if (x.type() instanceof SparseType || y.type() instanceof SparseType) {
      return binary(op, x, y);
    }
    requireTensor(op, x);
    requireTensor(op, y);
    if (x.type() instanceof UnrankedType || y.type() instanceof UnrankedType) {
      return x.builder().op(op, Map.of(), x, y); // refused, naming the operand (OpDef's check)
    }
    try {
      if (x.dtype() == y.dtype()) {
        checkBroadcast(op, x, y);
      }
    } catch (IncompatibleShapesException e) {
      return x.builder().scalar(DType.BOOL, ifIncompatible);
    }
    if (x.type() instanceof DenseType a && y.type() instanceof DenseType b && x.dtype() == y.dtype()
        && x.node() != y.node() && ComparisonOps.broadcastDecided(a.shape(), b.shape()) == null) {
      return x.builder().op(op, Map.of(ComparisonOps.INCOMPATIBLE_SHAPE_ERROR, false), x, y);
    }
    return binary(op, x, y);
  }

  /**
   * The operand {@code other} stands for next to {@code like}: a Value as is; a Tensor as a
   * constant (its own dtype); a Java scalar or
   * (nested) array converted to {@code like}'s dtype as TF converts a Python scalar or list
   * (integers wrap: 129 is -127 in int8; a fraction for an integer dtype is an error).
   */
  static Value operand(Value like, Object other) {
    if (other instanceof Value v) {
      return v;
    }
    if (other instanceof Tensor t) {
      return like.builder().constant(t);
    }
    if (other == null) {
      throw GraphBuilder.misuse("an operand may not be null", like);
    }
    DType dtype = like.dtype();
    try {
      if (other.getClass().isArray()) {
        List<Integer> shape = new ArrayList<>();
        for (Object level = other; level != null && level.getClass().isArray(); ) {
          int n = Array.getLength(level);
          shape.add(n);
          level = n > 0 ? Array.get(level, 0) : null;
        }
        int[] dims = shape.stream().mapToInt(Integer::intValue).toArray();
        Object data = dtype.layout().newArray(dev.tatter.runtime.Sizes.elementCount(dims));
        fill(other, dims, 0, data, new int[] {0}, dtype);
        return like.builder().constant(Tensor.wrap(dtype, dims, data));
      }
      return like.builder().scalar(dtype, other);
    } catch (IllegalArgumentException e) {
      throw GraphBuilder.misuse(e.getMessage(), like);
    }
  }

  private static void fill(Object array, int[] dims, int axis, Object out, int[] next, DType dtype) {
    if (Array.getLength(array) != dims[axis]) {
      throw new IllegalArgumentException("a nested array operand must be rectangular");
    }
    for (int i = 0; i < dims[axis]; i++) {
      Object item = Array.get(array, i);
      if (axis + 1 < dims.length) {
        if (item == null || !item.getClass().isArray()) {
          throw new IllegalArgumentException("a nested array operand must be rectangular");
        }
        fill(item, dims, axis + 1, out, next, dtype);
      } else {
        Scalars.store(dtype, out, next[0]++, item);
      }
    }
  }

  // ---- static shape checks ----

  /**
   * Throws {@link IncompatibleShapesException} if the static types prove that {@code x} and
   * {@code y} cannot broadcast, and a plain {@link GraphBuildException} for a combination the
   * lowering does not support.
   */
  static void checkBroadcast(OpDef op, Value x, Value y) {
    Type a = x.type();
    Type b = y.type();
    if (a instanceof DenseType da && b instanceof DenseType db) {
      if (ElementwiseOps.broadcastShapeOrNull(da.shape(), db.shape()) == null) {
        throw incompatible(op, x, y, "");
      }
    } else if (a instanceof RaggedType ra && b instanceof RaggedType rb) {
      if (ra.raggedRank() != rb.raggedRank() || ra.flatValuesShape().size() != rb.flatValuesShape().size()) {
        throw fail(op, x, y, "ragged operands need the same ragged_rank and rank, got " + a + " and " + b);
      }
      for (int i = 0; i < ra.raggedRank(); i++) {
        PartitionType p = ra.partitions().get(i);
        PartitionType q = rb.partitions().get(i);
        if (Dims.merge(p.nrows(), q.nrows()) == null || Dims.merge(p.nvals(), q.nvals()) == null) {
          throw incompatible(op, x, y, ": their row partitions " + i + " differ (" + p + " vs " + q + ")");
        }
      }
      if (ElementwiseOps.broadcastShapeOrNull(inner(ra.flatValuesShape()), inner(rb.flatValuesShape())) == null) {
        throw incompatible(op, x, y, "");
      }
    } else if (a instanceof RaggedType ra) {
      checkRaggedDense(op, x, y, ra, (DenseType) b);
    } else {
      checkRaggedDense(op, x, y, (RaggedType) b, (DenseType) a);
    }
  }

  private static void checkRaggedDense(OpDef op, Value x, Value y, RaggedType r, DenseType d) {
    int k = r.raggedRank();
    int innerRank = r.flatValuesShape().size() - 1;
    int n = 1 + k + innerRank;
    int m = d.rank();
    if (m > n) {
      throw fail(op, x, y, "a dense operand of rank " + m + " cannot broadcast into a ragged operand of rank " + n);
    }
    int s = n - m;
    // A dense dim aligned with a ragged (row-length) dim is 1 (one value per row, repeated) or,
    // where a row_gather consumes it, the length of every row (checked at run time). The one a
    // row_gather does not reach (the first, when the dense operand starts inside the ragged
    // dims) must be 1.
    for (int j = 0; j < m && s + j <= k; j++) {
      int raggedDim = s + j;
      long size = d.dim(j);
      if (raggedDim == 0) {
        if (size != 1 && Dims.merge(size, r.nrows()) == null) {
          throw incompatible(op, x, y, ": the dense operand has " + size + " rows, the ragged one " + r.nrows());
        }
      } else if (j == 0 && size != 1) {
        // TF would accept a size equal to every row's length; Tatter supports that only where a
        // row_gather consumes the dim, so this is unsupported rather than proven incompatible
        // (unless the rows are uniform of another known length).
        PartitionType p = r.partitions().get(raggedDim - 1);
        String why = ": dimension 0 of the dense operand is aligned with ragged dimension " + raggedDim
            + " and must be 1, got " + Dims.format(size);
        if (p.uniform() && Dims.isKnown(size) && Dims.merge(size, p.uniformRowLength()) == null) {
          throw incompatible(op, x, y, why);
        }
        throw fail(op, x, y, "cannot broadcast " + x.shape() + " and " + y.shape() + why
            + " (give the dense operand a leading dim aligned with the rows, or a static size of 1 there)");
      } else {
        PartitionType p = r.partitions().get(raggedDim - 1);
        if (size != 1 && p.uniform() && Dims.merge(size, p.uniformRowLength()) == null) {
          throw incompatible(op, x, y, ": dimension " + j + " of the dense operand is " + size
              + ", the rows of dimension " + raggedDim + " of the ragged one have " + p.uniformRowLength() + " values");
        }
      }
    }
    List<Long> denseInner = d.shape().subList(Math.max(0, m - innerRank), m);
    if (ElementwiseOps.broadcastShapeOrNull(inner(r.flatValuesShape()), com.google.common.collect.ImmutableList.copyOf(denseInner)) == null) {
      throw incompatible(op, x, y, "");
    }
  }

  /**
   * The index of the first partition a dense operand must be gathered through: 0 if it reaches
   * the outer rows; else one past the ragged dimension its first (unit) dim is aligned with.
   */
  static int firstGatheredPartition(RaggedType r, DenseType d) {
    int n = r.rank();
    int s = n - d.rank();
    return Math.min(s, r.raggedRank());
  }

  private static com.google.common.collect.ImmutableList<Long> inner(List<Long> flatShape) {
    return com.google.common.collect.ImmutableList.copyOf(flatShape.subList(1, flatShape.size()));
  }

  private static void requireTensor(OpDef op, Value v) {
    NullArguments.check(v, "an operand of " + op.mnemonic());
    if (v.type() instanceof PartitionType) {
      throw GraphBuilder.misuse(op.mnemonic() + " needs a dense or ragged tensor, not a row partition", v);
    }
  }

  private static IncompatibleShapesException incompatible(OpDef op, Value x, Value y, String why) {
    return new IncompatibleShapesException(op.mnemonic() + " at " + CallSite.find() + ": shapes " + x.shape()
        + " and " + y.shape() + " cannot broadcast" + why + " (" + x.type() + ", " + y.type() + ")");
  }

  private static GraphBuildException fail(OpDef op, Value x, Value y, String message) {
    return new GraphBuildException(op.mnemonic() + " at " + CallSite.find() + ": " + message
        + " (" + x.type() + ", " + y.type() + ")");
  }
}
