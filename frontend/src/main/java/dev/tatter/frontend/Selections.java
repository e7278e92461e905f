package dev.tatter.frontend;

import dev.tatter.ir.ops.ArrayOps;
import dev.tatter.ir.ops.RaggedGatherOps;
import dev.tatter.ir.ops.RaggedOps;
import dev.tatter.ir.ops.SelectionOps;
import dev.tatter.ir.types.DenseType;
import dev.tatter.ir.types.PartitionType;
import dev.tatter.ir.types.RaggedType;
import dev.tatter.ir.types.SparseType;
import dev.tatter.runtime.DType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * How the builder expands TF's gather, {@code tf.ragged.range}, {@code tf.ragged.boolean_mask}
 * and {@code tf.where} into core ops, following TF's Python dispatch: ragged indices gather
 * their flat values and keep their partitions; ragged params call {@code ragged_gather}; a
 * three-argument where on ragged operands selects among flat values under shared partitions.
 */
@BuilderApi
final class Selections {
  private Selections() {}

  static Value gather(GraphBuilder g, Value params, Value indices) {
    requireTensor("gather", "params", params);
    requireTensor("gather", "indices", indices);
    if (params.raggedRank() > 0 && indices.raggedRank() > 0
        && ((RaggedType) params.type()).splitsDType() != ((RaggedType) indices.type()).splitsDType()) {
      throw GraphBuilder.misuse("gather: Input RaggedTensors have mismatched row_splits dtypes ("
          + ((RaggedType) params.type()).splitsDType() + " and " + ((RaggedType) indices.type()).splitsDType()
          + "); use withRowSplitsDType to convert them to compatible dtypes", indices);
    }
    GraphBuilder.Decomposed d = g.decompose(indices);
    Value flat = g.op(params.raggedRank() > 0 ? RaggedGatherOps.RAGGED_GATHER : ArrayOps.GATHER, Map.of(), params,
        d.flatValues());
    return g.rebuild(flat, d.partitions());
  }

  static Value raggedRange(GraphBuilder g, Value starts, Value limits, Value deltas, DType rowSplitsDType) {
    return g.op(RaggedGatherOps.RAGGED_RANGE, Map.of("row_splits_dtype", rowSplitsDType), starts, limits, deltas);
  }

  static Value booleanMask(GraphBuilder g, Value data, Value mask) {
    requireTensor("boolean_mask", "data", data);
    requireTensor("boolean_mask", "mask", mask);
    return g.op(SelectionOps.BOOLEAN_MASK, Map.of(), data, mask);
  }

  static Value where(GraphBuilder g, Value condition) {
    requireTensor("where", "condition", condition);
    return g.op(SelectionOps.WHERE, Map.of(), condition);
  }

  /**
   * {@code tf.where(condition, x, y)}. Dense operands broadcast (NumPy rules). Ragged operands
   * must share one ragged rank and their row partitions (checked at run time, as a ragged
   * {@code +} checks them); a dense operand beside them must broadcast against the flat values
   * alone (a scalar, or the flat values' inner dims).
   */
  static Value where(GraphBuilder g, Value condition, Value x, Value y) {
    Value[] operands = {condition, x, y};
    String[] names = {"condition", "x", "y"};
    int raggedRank = 0;
    for (int i = 0; i < 3; i++) {
      requireTensor("where", names[i], operands[i]);
      int r = operands[i].raggedRank();
      if (r > 0 && raggedRank > 0 && r != raggedRank) {
        throw GraphBuilder.misuse("where: ragged operands must have one ragged_rank, got " + raggedRank + " and " + r, operands[i]);
      }
      raggedRank = Math.max(raggedRank, r);
    }
    if (raggedRank == 0) {
      return g.op(SelectionOps.SELECT, Map.of(), condition, x, y);
    }
    List<Value> partitions = null;
    Value[] flat = new Value[3];
    int innerRank = -1;
    for (int i = 0; i < 3; i++) {
      if (operands[i].raggedRank() == 0) {
        continue;
      }
      GraphBuilder.Decomposed d = g.decompose(operands[i]);
      flat[i] = d.flatValues();
      innerRank = ((RaggedType) operands[i].type()).flatValuesShape().size() - 1;
      if (partitions == null) {
        partitions = new ArrayList<>(d.partitions());
      } else {
        for (int level = 0; level < raggedRank; level++) {
          partitions.set(level, g.op(RaggedOps.ASSERT_SAME_PARTITION, Map.of(), partitions.get(level), d.partitions().get(level)));
        }
      }
    }
    for (int i = 0; i < 3; i++) {
      if (flat[i] == null) {
        DenseType dense = (DenseType) operands[i].type();
        if (dense.rank() > innerRank) {
          throw GraphBuilder.misuse("where: a dense " + names[i] + " of rank " + dense.rank() + " beside ragged operands "
              + "must broadcast against their flat values alone (rank at most " + innerRank + ")", operands[i]);
        }
        flat[i] = operands[i];
      }
    }
    return g.rebuild(g.op(SelectionOps.SELECT, Map.of(), flat[0], flat[1], flat[2]), partitions);
  }

  private static void requireTensor(String op, String name, Value v) {
    if (v.type() instanceof PartitionType || v.type() instanceof SparseType) {
      throw GraphBuilder.misuse(op + ": " + name + " must be a dense or ragged tensor", v);
    }
  }
}
