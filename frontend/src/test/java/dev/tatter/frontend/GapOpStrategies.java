package dev.tatter.frontend;

import dev.tatter.ir.Node;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;

/**
 * {@link RandomGraphs} strategies for the ops the generic strategy rarely types well: the
 * run-time assertion, the computed sparse slice and the string segment join.
 */
final class GapOpStrategies {
  private GapOpStrategies() {}

  /** {@code assert_compare} of a value with itself, == on exact dtypes, so a runnable graph's check holds. */
  static Node assertCompare(RandomGraphs.Generation gen, OpDef op) {
    Node x = gen.pick(n -> n.type() instanceof DenseType t
        && (t.dtype().isInteger() || t.dtype() == DType.BOOL || t.dtype() == DType.STRING));
    if (x == null) {
      return null;
    }
    return gen.add(op, List.of(x, x), Map.of("comparison", "==", "summarize", (long) gen.random.nextInt(4)),
        gen.maybeName(), null);
  }

  /** {@code sparse_slice_dynamic} of a sparse value at a constant start and size of its rank. */
  static Node sliceDynamic(RandomGraphs.Generation gen, OpDef op) {
    Node st = gen.pick(n -> n.type() instanceof SparseType);
    if (st == null) {
      return null;
    }
    int rank = ((SparseType) st.type()).rank();
    long[] start = new long[rank];
    long[] size = new long[rank];
    for (int d = 0; d < rank; d++) {
      start[d] = gen.random.nextInt(2);
      size[d] = gen.random.nextInt(3);
    }
    return gen.add(op, List.of(st, gen.constant(Tensor.ofLongs(start)), gen.constant(Tensor.ofLongs(size))), Map.of(),
        gen.maybeName(), null);
  }

  /** {@code unsorted_segment_join} of a string vector (or matrix) of known rows by ids within num_segments. */
  static Node segmentJoin(RandomGraphs.Generation gen, OpDef op) {
    Node s = gen.pick(n -> n.type() instanceof DenseType t && t.dtype() == DType.STRING && t.rank() >= 1 && t.dim(0) >= 0);
    if (s == null) {
      return null;
    }
    int rows = (int) ((DenseType) s.type()).dim(0);
    int segments = 1 + gen.random.nextInt(3);
    Node ids = gen.constant(Tensor.ofInts(gen.random.ints(rows, 0, segments).toArray()));
    Node n = gen.constant(Tensor.scalar(DType.INT32, segments));
    return gen.add(op, List.of(s, ids, n), Map.of("separator", gen.random.nextBoolean() ? "" : ","), gen.maybeName(), null);
  }
}
