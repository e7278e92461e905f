package dev.tatter.frontend;

import dev.tatter.ir.ops.DebuggingOps;
import dev.tatter.ir.ops.RaggedOps;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.SparseType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * TF's {@code tf.ragged.map_flat_values(op, *args)} and {@code tf.sparse.map_values(op, *args)}
 * over several operands: each ragged (sparse) operand is replaced by its flat values (its values),
 * the others are passed as they are, and the result takes the shared structure. Like TF, the
 * ragged operands must share their nested row partitions and the sparse ones their indices and
 * dense shape: checked at run time ({@code assert_same_partition}; an {@code assert_compare} of
 * the indices and the shapes, TF's {@code assert_equal}).
 */
@BuilderApi
final class MapValues {
  private MapValues() {}

  /** TF's {@code tf.ragged.map_flat_values(op, *args)}: {@code fn} gets the operands, ragged ones as their flat values. */
  @TfApi("tf.ragged.map_flat_values")
  static Value mapFlatValues(Function<List<Value>, Value> fn, Value... args) {
    if (args.length == 0) {
      throw new dev.tatter.ir.GraphBuildException("map_flat_values needs at least one operand at " + CallSite.find());
    }
    GraphBuilder g = args[0].builder();
    List<Value> partitions = null;
    Value first = null;
    List<Value> operands = new ArrayList<>();
    for (Value arg : args) {
      Value a = g.own(arg);
      if (!(a.type() instanceof RaggedType)) {
        operands.add(a);
        continue;
      }
      GraphBuilder.Decomposed d = g.decompose(a);
      if (partitions == null) {
        partitions = new ArrayList<>(d.partitions());
        first = a;
      } else if (d.partitions().size() != partitions.size()) {
        throw GraphBuilder.misuse("map_flat_values: the ragged operands must have one ragged_rank, got "
            + partitions.size() + " (" + first.type() + ") and " + d.partitions().size(), a);
      } else {
        for (int i = 0; i < partitions.size(); i++) {
          partitions.set(i, g.op(RaggedOps.ASSERT_SAME_PARTITION, Map.of(), partitions.get(i), d.partitions().get(i)));
        }
      }
      operands.add(d.flatValues());
    }
    Value mapped = fn.apply(List.copyOf(operands));
    return partitions == null ? mapped : g.rebuild(mapped, partitions);
  }

  /** TF's {@code tf.sparse.map_values(op, *args)}: {@code fn} gets the operands, sparse ones as their values. */
  @TfApi("tf.sparse.map_values")
  static Value mapValues(Function<List<Value>, Value> fn, Value... args) {
    Value structure = null;
    GraphBuilder g = null;
    List<Value> operands = new ArrayList<>();
    for (Value arg : args) {
      g = g == null ? arg.builder() : g;
      Value a = g.own(arg);
      if (!(a.type() instanceof SparseType)) {
        operands.add(a);
        continue;
      }
      if (structure == null) {
        structure = a;
        operands.add(a.values());
        continue;
      }
      // TF: assert_equal(indices) and assert_equal(dense_shape) before the op; the checked values feed the op
      Map<String, Object> same = Map.of("comparison", "==", "message",
          Strings.bytesOf("SparseTensors to map must have the same indices and dense_shape"), "summarize", 3L, "against_zero", false);
      Value indices = g.op(DebuggingOps.ASSERT_COMPARE, same, a.indices(), structure.indices());
      Value shape = g.op(DebuggingOps.ASSERT_COMPARE, same, a.denseShape(), structure.denseShape());
      structure = g.sparseTensor(indices, structure.values(), shape);
      operands.add(a.values());
    }
    if (structure == null) {
      throw new dev.tatter.ir.GraphBuildException("No SparseTensor in argument list of map_values at " + CallSite.find());
    }
    return Sparse.withValues(structure, fn.apply(List.copyOf(operands)));
  }
}
