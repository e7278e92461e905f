package dev.tatter.frontend;

import com.google.common.collect.ImmutableList;
import dev.tatter.ir.Node;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.SparseAddOps;
import dev.tatter.ir.ops.SparseMatmulOps;
import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Random-graph strategies for the tf.sparse ops whose operands the generic strategy rarely draws right. */
final class SparseOpStrategies {
  private SparseOpStrategies() {}

  /** A 3 x 4 sparse tensor with row-major, in-range indices. */
  static Node sparseTensor(RandomGraphs.Generation gen, OpDef op) {
    List<Long> flat = new ArrayList<>();
    for (long cell = 0; cell < 12; cell++) {
      if (gen.random.nextInt(3) == 0) {
        flat.add(cell);
      }
    }
    long[] indices = new long[flat.size() * 2];
    for (int i = 0; i < flat.size(); i++) {
      indices[2 * i] = flat.get(i) / 4;
      indices[2 * i + 1] = flat.get(i) % 4;
    }
    Node idx = gen.constant(Tensor.of(DType.INT64, indices, flat.size(), 2));
    Node values = gen.constant(gen.randomTensor(gen.randomDType(), new int[] {flat.size()}));
    Node shape = gen.constant(Tensor.ofLongs(3, 4));
    return gen.add(op, List.of(idx, values, shape), Map.of(), gen.maybeName(), null);
  }

  /** A new sparse tensor and a bool per entry (the generic strategy rarely draws that length). */
  static Node retain(RandomGraphs.Generation gen, OpDef op) {
    Node st = RandomGraphs.STRATEGIES.get("sparse_tensor").tryAdd(gen, RandomGraphs.lookup("sparse_tensor"));
    if (st == null) {
      return null;
    }
    int nnz = st.input(0).attributes().getTensor("value").dim(0);
    Node keep = gen.constant(gen.randomTensor(DType.BOOL, new int[] {nnz}));
    return gen.add(op, List.of(st, keep), Map.of(), gen.maybeName(), null);
  }

  /** A sparse tensor and a default value of its dtype (sparse_to_dense, sparse_fill_empty_rows). */
  static Node withDefault(RandomGraphs.Generation gen, OpDef op) {
    Node st = gen.pick(n -> n.type() instanceof SparseType);
    if (st == null) {
      return null;
    }
    Node dflt = gen.constant(gen.randomTensor(st.type().dtype(), new int[0]));
    return gen.add(op, List.of(st, dflt), Map.of(), gen.maybeName(), null);
  }

  /** A 2-D sparse tensor of a dtype the op takes, times a dense matrix that fits it. */
  static Node denseMatmul(RandomGraphs.Generation gen, OpDef op) {
    Node st = gen.pick(n -> n.type() instanceof SparseType t && t.rank() == 2
        && t.dim(0) >= 0 && t.dim(1) >= 0 && SparseMatmulOps.DTYPES.contains(t.dtype()));
    if (st == null) {
      return null;
    }
    SparseType t = (SparseType) st.type();
    boolean adjointA = gen.random.nextBoolean();
    boolean adjointB = gen.random.nextBoolean();
    int k = (int) t.dim(adjointA ? 0 : 1);
    int n = 1 + gen.random.nextInt(3);
    Node b = gen.constant(gen.randomTensor(t.dtype(), adjointB ? new int[] {n, k} : new int[] {k, n}));
    return gen.add(op, List.of(st, b), Map.of("adjoint_a", adjointA, "adjoint_b", adjointB), gen.maybeName(), null);
  }

  /** A sparse tensor of a static shape plus a dense one of that shape. */
  static Node denseAdd(RandomGraphs.Generation gen, OpDef op) {
    Node st = gen.pick(n -> n.type() instanceof SparseType t
        && t.shape().stream().allMatch(d -> d >= 0) && SparseAddOps.DTYPES.contains(t.dtype()));
    if (st == null) {
      return null;
    }
    SparseType t = (SparseType) st.type();
    Node dense = gen.constant(gen.randomTensor(t.dtype(), t.shape().stream().mapToInt(Long::intValue).toArray()));
    return gen.add(op, List.of(st, dense), Map.of(), gen.maybeName(), null);
  }

  /** A piece of a sparse tensor whose split dim is known. */
  static Node split(RandomGraphs.Generation gen, OpDef op) {
    Node st = gen.pick(n -> n.type() instanceof SparseType t && t.dim(0) > 0);
    if (st == null) {
      return null;
    }
    long size = ((SparseType) st.type()).dim(0);
    long numSplit = 1 + gen.random.nextInt((int) Math.min(size, 3));
    return gen.add(op, List.of(st), Map.of("axis", 0L, "num_split", numSplit, "index", (long) gen.random.nextInt((int) numSplit)),
        gen.maybeName(), null);
  }

  /** A window of a sparse tensor, partly past its end. */
  static Node slice(RandomGraphs.Generation gen, OpDef op) {
    Node st = gen.pick(n -> n.type() instanceof SparseType);
    if (st == null) {
      return null;
    }
    int rank = ((SparseType) st.type()).rank();
    List<Long> start = new ArrayList<>();
    List<Long> size = new ArrayList<>();
    for (int d = 0; d < rank; d++) {
      start.add((long) gen.random.nextInt(3));
      size.add((long) gen.random.nextInt(4));
    }
    return gen.add(op, List.of(st), Map.of("start", ImmutableList.copyOf(start), "size", ImmutableList.copyOf(size)),
        gen.maybeName(), null);
  }

  /** A sparse tensor's own shape set again. */
  static Node setShape(RandomGraphs.Generation gen, OpDef op) {
    Node st = gen.pick(n -> n.type() instanceof SparseType);
    if (st == null) {
      return null;
    }
    return gen.add(op, List.of(st), Map.of("shape", ((SparseType) st.type()).shape()), gen.maybeName(), null);
  }

  /** A sparse tensor of known shape given a shape as large or larger in each dim. */
  static Node resetShapeTo(RandomGraphs.Generation gen, OpDef op) {
    Node st = gen.pick(n -> n.type() instanceof SparseType t && t.shape().stream().allMatch(d -> d >= 0));
    if (st == null) {
      return null;
    }
    List<Long> shape = new ArrayList<>();
    for (long d : ((SparseType) st.type()).shape()) {
      shape.add(d + gen.random.nextInt(3));
    }
    return gen.add(op, List.of(st), Map.of("shape", ImmutableList.copyOf(shape)), gen.maybeName(), null);
  }

  /** A numeric 2-D sparse tensor times (or by) a dense row of its width, broadcast into it. */
  static Node timesOrByDense(RandomGraphs.Generation gen, OpDef op) {
    Node st = gen.pick(n -> n.type() instanceof SparseType t && t.rank() == 2
        && t.dim(1) >= 0 && t.dtype().isNumeric());
    if (st == null) {
      return null;
    }
    SparseType t = (SparseType) st.type();
    Node dense = gen.constant(gen.randomTensor(t.dtype(), new int[] {(int) t.dim(1)}));
    return gen.add(op, List.of(st, dense), Map.of(), gen.maybeName(), null);
  }
}
