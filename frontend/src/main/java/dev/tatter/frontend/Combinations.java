package dev.tatter.frontend;

import dev.tatter.ir.ops.ArrayOps;
import dev.tatter.ir.ops.CombinationOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.Dims;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How the builder expands {@code tf.concat}, {@code tf.stack} and {@code tf.expand_dims} on
 * ragged tensors: a list is folded into binary {@code concat} nodes, a stack is the concat of
 * each value expanded at the axis (TF's results: axis 0 gives an outer partition of each
 * value's row count, axis 1 groups row {@code i} of each value), and {@code expand_dims} of a
 * ragged tensor adds a uniform partition as TF's {@code ragged.expand_dims} does.
 */
@BuilderApi
final class Combinations {
  private Combinations() {}

  /**
   * TF's {@code tf.concat(values, axis)} on dense and ragged tensors of one rank (a negative axis
   * counts from the end).
   */
  @TfApi("tf.concat")
  static Value concat(GraphBuilder g, List<Value> values, int axis) {
    if (values.isEmpty()) {
      throw new dev.tatter.ir.GraphBuildException("concat at " + CallSite.find() + ": values may not be empty");
    }
    for (Value v : values) {
      requireTensor("concat", v);
    }
    int rank = rank(values.get(0));
    int resolved = axis < 0 ? axis + rank : axis;
    Value result = values.get(0);
    for (int i = 1; i < values.size(); i++) {
      result = g.op(CombinationOps.CONCAT, Map.of("axis", (long) resolved), result, values.get(i));
    }
    return result;
  }

  /** TF's {@code tf.stack(values, axis)} ({@code tf.ragged.stack} when a value is ragged). */
  @TfApi({"tf.stack", "tf.ragged.stack"})
  static Value stack(GraphBuilder g, List<Value> values, int axis) {
    if (values.isEmpty()) {
      throw new dev.tatter.ir.GraphBuildException("stack at " + CallSite.find() + ": values may not be empty");
    }
    for (Value v : values) {
      requireTensor("stack", v);
    }
    int rank = rank(values.get(0)) + 1;
    int resolved = axis < 0 ? axis + rank : axis;
    List<Value> expanded = new ArrayList<>();
    for (Value v : values) {
      expanded.add(expandDims(g, v, resolved));
    }
    if (expanded.size() == 1) {
      return expanded.get(0);
    }
    return concat(g, expanded, resolved);
  }

  /** TF's {@code ragged.expand_dims}: axis 0 and 1 add a uniform partition, deeper axes recurse into the values. */
  static Value expandDims(GraphBuilder g, Value x, int axis) {
    if (!(x.type() instanceof RaggedType rt)) {
      return g.op(ArrayOps.EXPAND_DIMS, Map.of("axis", (long) axis), x);
    }
    if (axis < 0 || axis > rt.rank()) {
      throw GraphBuilder.misuse("expand_dims: axis " + axis + " is out of range [0, " + rt.rank() + "]", x);
    }
    if (axis >= 2) {
      return x.withValues(expandDims(g, x.values(), axis - 1));
    }
    DType splits = rt.splitsDType();
    Value nrows = Dims.isKnown(rt.nrows()) ? g.index(splits, rt.nrows()) : x.nrows(splits);
    Value one = g.index(splits, 1);
    PartitionOptions options = PartitionOptions.DEFAULT.withValidate(false);
    Value partition = axis == 0
        ? g.partitionFromUniformRowLength(nrows, nrows, one, options)
        : g.partitionFromUniformRowLength(one, nrows, nrows, options);
    return g.ragged(x, partition);
  }

  private static int rank(Value v) {
    if (v.type() instanceof dev.tatter.ir.types.UnrankedType) {
      throw GraphBuilder.misuse("concat/stack needs operands of a static rank", v);
    }
    return v.type() instanceof RaggedType r ? r.rank() : ((DenseType) v.type()).rank();
  }

  private static void requireTensor(String op, Value v) {
    NullArguments.check(v, op + "'s value");
    if (v.type() instanceof PartitionType || v.type() instanceof SparseType) {
      throw GraphBuilder.misuse(op + ": values must be dense or ragged tensors", v);
    }
  }
}
