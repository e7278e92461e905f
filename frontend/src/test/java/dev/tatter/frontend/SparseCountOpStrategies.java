package dev.tatter.frontend;

import dev.tatter.ir.Node;
import dev.tatter.ir.OpDef;
import dev.tatter.ir.ops.PartitionOps;
import dev.tatter.ir.ops.RaggedOps;
import dev.tatter.runtime.DType;
import dev.tatter.runtime.Tensor;
import java.util.List;
import java.util.Map;

/** Random-graph strategies for tf.sparse.bincount of dense and ragged tensors (counts of values in [0, 6)). */
final class SparseCountOpStrategies {
  private SparseCountOpStrategies() {}

  private static long[] smallValues(RandomGraphs.Generation gen, int n) {
    long[] v = new long[n];
    for (int i = 0; i < n; i++) {
      v[i] = gen.random.nextInt(6);
    }
    return v;
  }

  private static Map<String, Object> attributes(RandomGraphs.Generation gen) {
    return Map.of("axis", gen.random.nextBoolean() ? 0L : -1L, "binary_output", gen.random.nextBoolean(),
        "minlength", (long) gen.random.nextInt(8) - 1);
  }

  static Node denseCount(RandomGraphs.Generation gen, OpDef op) {
    int rows = 1 + gen.random.nextInt(3);
    int cols = gen.random.nextInt(4);
    Node values = gen.constant(Tensor.of(DType.INT64, smallValues(gen, rows * cols), rows, cols));
    Node none = gen.constant(Tensor.of(DType.INT64, new long[0], 0));
    return gen.add(op, List.of(values, none), attributes(gen), gen.maybeName(), null);
  }

  static Node raggedCount(RandomGraphs.Generation gen, OpDef op) {
    int rows = 1 + gen.random.nextInt(3);
    long[] splits = new long[rows + 1];
    for (int r = 0; r < rows; r++) {
      splits[r + 1] = splits[r] + gen.random.nextInt(4);
    }
    Node flat = gen.constant(Tensor.of(DType.INT32, java.util.Arrays.stream(smallValues(gen, (int) splits[rows]))
        .mapToInt(v -> (int) v).toArray(), (int) splits[rows]));
    Node partition = gen.add(PartitionOps.FROM_ROW_SPLITS, List.of(gen.constant(Tensor.ofLongs(splits))), Map.of(), null, null);
    Node ragged = gen.add(RaggedOps.RAGGED, List.of(flat, partition), Map.of(), null, null);
    Node none = gen.constant(Tensor.of(DType.INT32, new int[0], 0));
    return gen.add(op, List.of(ragged, none), attributes(gen), gen.maybeName(), null);
  }
}
